package web_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHostHeader: a page of another site that rebinds its own name to
// 127.0.0.1 reaches the playground with its name in the Host header; such
// requests are refused, loopback names and listed hosts are served.
func TestHostHeader(t *testing.T) {
	p := newPlayground(t)
	for _, c := range []struct {
		host string
		ok   bool
	}{
		{"127.0.0.1:8080", true},
		{"localhost:8080", true},
		{"LOCALHOST", true},
		{"play.localhost:8080", true},
		{"[::1]:8080", true},
		{"127.1.2.3", true},
		{"evil.example:8080", false},
		{"127.0.0.1.evil.example", false},
		{"localhost.evil.example", false},
		{"192.168.1.5:8080", false},
		{"games.example.org", false},
	} {
		for _, target := range []string{"/", "/api/games"} {
			req := httptest.NewRequest(http.MethodGet, target, nil)
			req.Host = c.host
			rec := httptest.NewRecorder()
			p.ServeHTTP(rec, req)
			if got := rec.Code != http.StatusMisdirectedRequest; got != c.ok {
				t.Errorf("Host %q %s: status %d, want served %v", c.host, target, rec.Code, c.ok)
			}
			if !c.ok && !strings.Contains(rec.Body.String(), "PLAYGROUND_HOSTS") {
				t.Errorf("Host %q: the refusal does not say how to expose the playground: %s", c.host, rec.Body)
			}
		}
	}
	// An operator exposes it deliberately under a name.
	p.AllowHosts("Games.Example.org")
	req := httptest.NewRequest(http.MethodGet, "/api/games", nil)
	req.Host = "games.example.org:443"
	rec := httptest.NewRecorder()
	p.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Errorf("listed host: status %d", rec.Code)
	}
}
