// Package httpserve runs the host's HTTP servers (the web playground and
// the Discord interactions endpoint) with limits that hostile clients
// cannot outlast.
//
// The limits are read, write and idle timeouts, a cap on request bodies
// enforced before they are read, and a bound on open connections that
// evicts the oldest connection not being served rather than refusing new
// ones, so a flood of slow or idle connections cannot starve real requests.
package httpserve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"
)

// Limits bound one server. Zero fields take the defaults of Defaults.
type Limits struct {
	ReadHeader time.Duration // to read a request's headers
	Read       time.Duration // to read a whole request, body included
	Write      time.Duration // from the end of the headers to the end of the response
	Idle       time.Duration // a keep-alive connection waiting for its next request
	MaxBody    int64         // bytes of a request body
	MaxConns   int           // open connections
}

// Defaults suit a small JSON API answered within seconds.
var Defaults = Limits{
	ReadHeader: 5 * time.Second,
	Read:       10 * time.Second,
	Write:      30 * time.Second,
	Idle:       60 * time.Second,
	MaxBody:    1 << 20,
	MaxConns:   256,
}

func (l Limits) withDefaults() Limits {
	d := Defaults
	if l.ReadHeader > 0 {
		d.ReadHeader = l.ReadHeader
	}
	if l.Read > 0 {
		d.Read = l.Read
	}
	if l.Write > 0 {
		d.Write = l.Write
	}
	if l.Idle > 0 {
		d.Idle = l.Idle
	}
	if l.MaxBody > 0 {
		d.MaxBody = l.MaxBody
	}
	if l.MaxConns > 0 {
		d.MaxConns = l.MaxConns
	}
	return d
}

// Server is an http.Server with the limits applied.
type Server struct {
	srv    *http.Server
	limits Limits
	conns  *tracker
	log    *slog.Logger
}

// New wraps h in the limits. log may be nil.
func New(h http.Handler, l Limits, log *slog.Logger) *Server {
	l = l.withDefaults()
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Server{limits: l, log: log}
	s.conns = &tracker{max: l.MaxConns, open: map[net.Conn]*connInfo{}}
	s.srv = &http.Server{
		Handler:           s.limitBody(h),
		ReadHeaderTimeout: l.ReadHeader,
		ReadTimeout:       l.Read,
		WriteTimeout:      l.Write,
		IdleTimeout:       l.Idle,
		MaxHeaderBytes:    32 << 10,
		ConnState:         s.conns.state,
		ConnContext:       func(ctx context.Context, c net.Conn) context.Context { return context.WithValue(ctx, connKey{}, c) },
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelDebug),
	}
	return s
}

type connKey struct{}

// limitBody refuses a declared oversize body before reading it, caps an
// undeclared one while it is read, and marks the connection as being
// served so that it is not evicted.
func (s *Server) limitBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > s.limits.MaxBody {
			w.Header().Set("Connection", "close")
			http.Error(w, "request body larger than "+strconv.FormatInt(s.limits.MaxBody, 10)+" bytes", http.StatusRequestEntityTooLarge)
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, s.limits.MaxBody)
		if c, ok := r.Context().Value(connKey{}).(net.Conn); ok {
			s.conns.serving(c, true)
			defer s.conns.serving(c, false)
		}
		h.ServeHTTP(w, r)
	})
}

// Serve serves on ln until ctx ends, then shuts down gracefully, giving
// requests in flight up to five seconds.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Serve(&evictingListener{Listener: ln, t: s.conns, log: s.log}) }()
	select {
	case err := <-errc:
		return fmt.Errorf("httpserve: %w", err)
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := s.srv.Shutdown(sctx)
		if errors.Is(err, context.DeadlineExceeded) {
			s.srv.Close()
		}
		return err
	}
}

// OpenConns is the number of connections open now.
func (s *Server) OpenConns() int {
	s.conns.mu.Lock()
	defer s.conns.mu.Unlock()
	return len(s.conns.open)
}

type connInfo struct {
	since   time.Time
	serving bool // a handler runs for it
}

// tracker knows every open connection and whether a handler serves it.
type tracker struct {
	mu   sync.Mutex
	max  int
	open map[net.Conn]*connInfo
}

func (t *tracker) state(c net.Conn, st http.ConnState) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch st {
	case http.StateClosed, http.StateHijacked:
		delete(t.open, c)
	case http.StateIdle:
		if ci, ok := t.open[c]; ok {
			ci.since = time.Now() // idle from now on
		}
	}
}

func (t *tracker) serving(c net.Conn, on bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if ci, ok := t.open[c]; ok {
		ci.serving = on
		ci.since = time.Now()
	}
}

// admit records a new connection. At the limit it first closes the oldest
// connection that no handler serves (idle, or still sending its headers);
// when every connection is being served, the new one is refused.
func (t *tracker) admit(c net.Conn) (evicted net.Conn, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.open) >= t.max {
		var oldest net.Conn
		var at time.Time
		for oc, ci := range t.open {
			if !ci.serving && (oldest == nil || ci.since.Before(at)) {
				oldest, at = oc, ci.since
			}
		}
		if oldest == nil {
			return nil, false
		}
		delete(t.open, oldest)
		evicted = oldest
	}
	t.open[c] = &connInfo{since: time.Now()}
	return evicted, true
}

type evictingListener struct {
	net.Listener
	t   *tracker
	log *slog.Logger
}

func (l *evictingListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		evicted, ok := l.t.admit(c)
		if evicted != nil {
			evicted.Close()
		}
		if !ok {
			l.log.Warn("httpserve: connection limit reached, every connection busy; refusing one", "remote", c.RemoteAddr().String())
			c.Close()
			continue
		}
		return c, nil
	}
}
