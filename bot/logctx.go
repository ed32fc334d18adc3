package bot

import (
	"context"
	"log/slog"
	"time"
)

type logAttrsKey struct{}

// WithLogAttrs returns ctx carrying log attributes (key, value pairs, as
// slog takes them) that every log line written with ctx gets through a
// handler wrapped by LogHandler: the interaction's ID where a front end
// serves one, the match's ID where the core writes one.
func WithLogAttrs(ctx context.Context, args ...any) context.Context {
	prev, _ := ctx.Value(logAttrsKey{}).([]slog.Attr)
	r := slog.NewRecord(time.Time{}, 0, "", 0)
	r.Add(args...)
	attrs := append([]slog.Attr(nil), prev...)
	r.Attrs(func(a slog.Attr) bool {
		attrs = append(attrs, a)
		return true
	})
	return context.WithValue(ctx, logAttrsKey{}, attrs)
}

// LogHandler wraps h so that a record gets the attributes of its context
// (WithLogAttrs) that it does not already have.
func LogHandler(h slog.Handler) slog.Handler { return ctxHandler{h} }

type ctxHandler struct{ slog.Handler }

func (c ctxHandler) Handle(ctx context.Context, r slog.Record) error {
	if attrs, ok := ctx.Value(logAttrsKey{}).([]slog.Attr); ok && len(attrs) > 0 {
		have := map[string]bool{}
		r.Attrs(func(a slog.Attr) bool {
			have[a.Key] = true
			return true
		})
		for _, a := range attrs {
			if !have[a.Key] {
				r.AddAttrs(a)
				have[a.Key] = true
			}
		}
	}
	return c.Handler.Handle(ctx, r)
}

func (c ctxHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return ctxHandler{c.Handler.WithAttrs(attrs)}
}

func (c ctxHandler) WithGroup(name string) slog.Handler {
	return ctxHandler{c.Handler.WithGroup(name)}
}
