package ops

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/smokestack/smokestack/bot/internal/httpserve"
)

// Check is one readiness condition: nil when ready, else why not.
type Check struct {
	Name  string
	Ready func(ctx context.Context) error
}

// Server serves /healthz, /readyz and /metrics.
type Server struct {
	m        *Metrics
	checks   []Check
	log      *slog.Logger
	stopping atomic.Bool
}

// NewServer serves m's metrics and the checks. log may be nil.
func NewServer(m *Metrics, log *slog.Logger, checks ...Check) *Server {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Server{m: m, checks: checks, log: log}
}

// Stopping makes /readyz answer 503 from now on: a shutdown has begun, and
// a load balancer should send no new work here while the process finishes
// what it has.
func (s *Server) Stopping() { s.stopping.Store(true) }

// checkTimeout bounds one readiness check (a probe waits a few seconds).
const checkTimeout = 2 * time.Second

// Handler is the endpoint's mux.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		if s.stopping.Load() {
			w.WriteHeader(http.StatusServiceUnavailable)
			fmt.Fprintln(w, "not ready: shutting down")
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), checkTimeout)
		defer cancel()
		for _, c := range s.checks {
			if err := c.Ready(ctx); err != nil {
				w.WriteHeader(http.StatusServiceUnavailable)
				fmt.Fprintf(w, "not ready: %s: %v\n", c.Name, err)
				return
			}
		}
		fmt.Fprintln(w, "ready")
	})
	mux.Handle("GET /metrics", promhttp.HandlerFor(s.m.reg, promhttp.HandlerOpts{ErrorLog: slog.NewLogLogger(s.log.Handler(), slog.LevelWarn)}))
	return mux
}

// Listen opens the endpoint's address (so a taken port fails at start).
func Listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("ops: listen on %s (SMOKESTACK_OPS_ADDR): %w", addr, err)
	}
	return ln, nil
}

// Serve serves on ln until ctx ends, with the host's HTTP limits.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := httpserve.New(s.Handler(), httpserve.Limits{ReadHeader: 5 * time.Second, Read: 10 * time.Second, Write: 30 * time.Second, MaxBody: 1 << 10, MaxConns: 32}, s.log)
	return srv.Serve(ctx, ln)
}
