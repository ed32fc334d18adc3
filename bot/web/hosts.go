package web

import (
	"net"
	"net/http"
	"strings"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
)

// The playground has no accounts, so any page a user visits could drive it
// through DNS rebinding (a name of the attacker's that resolves to
// 127.0.0.1) unless it checks the Host header. It accepts loopback hosts
// (localhost, *.localhost, 127.0.0.0/8, [::1]) and the names an operator
// lists with AllowHosts; everything else is refused before any handler.

// AllowHosts adds host names (without port) the playground answers to
// besides loopback ones, for deliberately exposing it (PLAYGROUND_HOSTS).
// "*" accepts every host, which gives up the protection.
func (s *Server) AllowHosts(hosts ...string) *Server {
	if s.hosts == nil {
		s.hosts = map[string]bool{}
	}
	for _, h := range hosts {
		if h = strings.ToLower(strings.TrimSpace(h)); h != "" {
			s.hosts[h] = true
		}
	}
	return s
}

// hostAllowed reports whether a request's Host header names this server.
func (s *Server) hostAllowed(hostport string) bool {
	host := hostport
	if h, _, err := net.SplitHostPort(hostport); err == nil {
		host = h
	}
	host = strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if s.hosts["*"] || s.hosts[host] {
		return true
	}
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *Server) refuseHost(w http.ResponseWriter, r *http.Request) {
	s.log.Warn("playground: refused a request for another host", "host", engine.Clip(r.Host, 100))
	writeJSON(w, http.StatusMisdirectedRequest, s.svc.ExplainIn(r.Context(),
		bot.Refusal(bot.KindInvalid, "detail.playground-host"), engine.Words{Lang: langOf(r)}))
}
