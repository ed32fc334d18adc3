package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestConfigErrorsHideSecrets drives the configuration errors that quote
// REDIS_URL and checks that no password or token reaches the output.
func TestConfigErrorsHideSecrets(t *testing.T) {
	const pass, token = "s3cr3t-Passw0rd", "MTAxLmZha2UuYm90LnRva2Vu.x"
	for _, u := range []string{
		"redis://:" + pass + "@localhost:notaport/0",
		"redis://admin:" + pass + "@local host/0",
		"redis://:" + pass + "@localhost:6379/notadb",
		"rediss://user:" + pass + "%zz@localhost/0",
		"redis://:" + pass + "@127.0.0.1:1/0", // valid, but nothing listens
	} {
		code, out, errOut := runCLI(t, []string{"REDIS_URL=" + u, "DISCORD_TOKEN=" + token}, "serve")
		if code == exitOK {
			t.Errorf("%s: serve started", u)
		}
		for _, secret := range []string{pass, token} {
			if strings.Contains(out+errOut, secret) {
				t.Errorf("%s: a secret is printed:\n%s%s", u, out, errOut)
			}
		}
		if !strings.Contains(errOut, "REDIS_URL") && !strings.Contains(errOut, "redis") {
			t.Errorf("%s: the error does not name REDIS_URL: %s", u, errOut)
		}
	}
}

func TestRedactor(t *testing.T) {
	secrets := secretsIn([]string{"REDIS_URL=redis://bob:p%40ss@h:1/0", "DISCORD_TOKEN=tok-12345", "OTHER=x"}, "/nonexistent/.env")
	var b bytes.Buffer
	w := newRedactor(&b, secrets)
	w.Write([]byte("url redis://bob:p%40ss@h:1/0 pass p@ss token tok-12345 ok\n"))
	if got := b.String(); strings.Contains(got, "p%40ss") || strings.Contains(got, "p@ss") || strings.Contains(got, "tok-12345") || !strings.Contains(got, "ok") {
		t.Errorf("redacted output %q", got)
	}
	if urlUserInfo("redis://h:1/0") != "" || urlUserInfo("unix:///tmp/r.sock") != "" || urlUserInfo("redis://a:b@h/x@y") != "a:b" {
		t.Error("urlUserInfo reads the wrong part")
	}
}
