package discord

import (
	"fmt"
	"regexp"
	"strings"
)

// tokenInURL finds the interaction token in the URLs Discord's REST API
// takes it in: /webhooks/{application}/{token}... (follow-ups, edits of
// the original response) and /interactions/{id}/{token}/callback (the
// initial response in gateway mode).
var tokenInURL = regexp.MustCompile(`(/(?:webhooks|interactions)/[^/\s"'?#]+/)[^/\s"'?#&]+`)

const redacted = "[redacted]"

// redact removes secrets from a text about to be logged: interaction
// tokens in URLs, and the bot token wherever it appears. A REST call that
// never got a status (connection refused, a timeout) fails with an error
// that quotes its whole URL, which for an interaction holds its token.
func (b *Bot) redact(s string) string {
	s = tokenInURL.ReplaceAllString(s, "${1}"+redacted)
	if t := b.cfg.Token; len(t) >= 4 {
		s = strings.ReplaceAll(s, t, redacted)
	}
	return s
}

// redactErr is an error's text for the log, redacted.
func (b *Bot) redactErr(err error) string {
	if err == nil {
		return ""
	}
	return b.redact(err.Error())
}

// redactAny is a value's text for the log (a panic value), redacted.
func (b *Bot) redactAny(v any) string { return b.redact(fmt.Sprint(v)) }

// secretless is a configuration value as an error may quote it: the
// user info of a URL (user:password@) and the bot token taken out.
func secretless(v, token string) string {
	if _, rest, ok := strings.Cut(v, "://"); ok {
		host := rest
		if i := strings.IndexAny(host, "/?#"); i >= 0 {
			host = host[:i]
		}
		if i := strings.LastIndexByte(host, '@'); i >= 0 {
			v = strings.Replace(v, host[:i+1], redacted+"@", 1)
		}
	}
	if len(token) >= 4 {
		v = strings.ReplaceAll(v, token, redacted)
	}
	return v
}
