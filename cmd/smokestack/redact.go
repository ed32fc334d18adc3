package main

import (
	"io"
	"net/url"
	"strings"

	"github.com/joho/godotenv"
)

// secretsIn lists the secret values that the environment and the .env file
// at envFile hold: the bot token and the password (and whole user info) of
// REDIS_URL. Values are listed even when the configuration is invalid, so
// that an error about a malformed REDIS_URL cannot print its password.
func secretsIn(environ []string, envFile string) []string {
	vals := map[string][]string{}
	if file, err := godotenv.Read(envFile); err == nil {
		for k, v := range file {
			vals[k] = append(vals[k], v)
		}
	}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		vals[k] = append(vals[k], v)
	}
	var out []string
	add := func(s string) {
		if len(s) >= 4 { // shorter values would redact ordinary words
			out = append(out, s)
		}
	}
	for _, v := range vals["DISCORD_TOKEN"] {
		add(v)
	}
	for _, v := range vals["REDIS_URL"] {
		info := urlUserInfo(v)
		add(info)
		if _, pass, ok := strings.Cut(info, ":"); ok {
			add(pass)
			if p, err := url.PathUnescape(pass); err == nil && p != pass {
				add(p)
			}
		}
	}
	return out
}

// urlUserInfo is the user info of a URL ("user:pass" in
// redis://user:pass@host), read by hand because the URL may be malformed.
func urlUserInfo(u string) string {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	i := strings.LastIndexByte(rest, '@')
	if i < 0 {
		return ""
	}
	return rest[:i]
}

// redactor copies writes to w with every secret replaced by "[redacted]".
// The process's log and error output go through it.
type redactor struct {
	w io.Writer
	r *strings.Replacer
}

func newRedactor(w io.Writer, secrets []string) io.Writer {
	if len(secrets) == 0 {
		return w
	}
	pairs := make([]string, 0, 2*len(secrets))
	for _, s := range secrets {
		pairs = append(pairs, s, "[redacted]")
	}
	return redactor{w: w, r: strings.NewReplacer(pairs...)}
}

func (r redactor) Write(p []byte) (int, error) {
	if _, err := r.r.WriteString(r.w, string(p)); err != nil {
		return 0, err
	}
	return len(p), nil
}
