package storagetest

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
)

// Logs records what a store logs, so a test can check that a recovery or a
// warning was reported, and with what.
type Logs struct {
	mu   sync.Mutex
	recs []LogRecord
}

// LogRecord is one logged message with its attributes.
type LogRecord struct {
	Level slog.Level
	Msg   string
	Attrs map[string]any
}

func (r LogRecord) String() string {
	return fmt.Sprintf("%s %s %v", r.Level, r.Msg, r.Attrs)
}

// NewLogs returns a recorder and a logger that writes into it (every level).
func NewLogs() (*Logs, *slog.Logger) {
	l := &Logs{}
	return l, slog.New(logHandler{l})
}

// Records returns everything logged so far.
func (l *Logs) Records() []LogRecord {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]LogRecord(nil), l.recs...)
}

// Find returns the records at level whose message contains substr.
func (l *Logs) Find(level slog.Level, substr string) []LogRecord {
	var out []LogRecord
	for _, r := range l.Records() {
		if r.Level == level && strings.Contains(r.Msg, substr) {
			out = append(out, r)
		}
	}
	return out
}

type logHandler struct{ l *Logs }

func (h logHandler) Enabled(context.Context, slog.Level) bool { return true }

func (h logHandler) Handle(_ context.Context, r slog.Record) error {
	rec := LogRecord{Level: r.Level, Msg: r.Message, Attrs: map[string]any{}}
	r.Attrs(func(a slog.Attr) bool {
		rec.Attrs[a.Key] = a.Value.Resolve().Any()
		return true
	})
	h.l.mu.Lock()
	h.l.recs = append(h.l.recs, rec)
	h.l.mu.Unlock()
	return nil
}

func (h logHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h logHandler) WithGroup(string) slog.Handler      { return h }
