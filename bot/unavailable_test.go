package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestStoreUnavailable: a real redis-server frozen with SIGSTOP makes
// every service call that reaches the store give up after the store's
// timeout, and each such error explains as the busy kind ("the store is
// busy"), never as an internal error, in every operation a front end
// calls.
func TestStoreUnavailable(t *testing.T) {
	ctx := context.Background()
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	st := redisstore.New(srv.Client(), storagetest.RedisPrefix(t), storage.Options{Timeout: 200 * time.Millisecond})
	t.Cleanup(func() { st.Close() })
	svc := newService(t, st)
	m := started(t, ctx, svc, "c1", "")
	if err := srv.Freeze(); err != nil {
		t.Fatal(err)
	}
	defer srv.Thaw()
	calls := []struct {
		name string
		fn   func() error
	}{
		{"Get", func() error { _, err := svc.Get(ctx, bot.ByID(m.ID)); return err }},
		{"Get in channel", func() error { _, err := svc.Get(ctx, bot.InChannel("c1")); return err }},
		{"Submit", func() error {
			_, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: alice.ID, Move: "take 1"})
			return err
		}},
		{"CreateMatch", func() error {
			_, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: carol})
			return err
		}},
		{"Join", func() error { _, err := svc.Join(ctx, bot.InChannel("c2"), bob); return err }},
		{"Log", func() error { _, err := svc.Log(ctx, bot.ByID(m.ID), 0); return err }},
		{"Export", func() error { _, err := svc.Export(ctx, bot.ByID(m.ID)); return err }},
		{"UserMatches", func() error { _, err := svc.UserMatches(ctx, alice.ID); return err }},
		{"Abort", func() error { _, err := svc.Abort(ctx, bot.ByID(m.ID), alice.ID, false); return err }},
		{"Board", func() error { _, err := svc.Board(ctx, bot.ByID(m.ID), -1); return err }},
	}
	for _, c := range calls {
		start := time.Now()
		err := c.fn()
		if took := time.Since(start); took > 3*time.Second {
			t.Errorf("%s took %v on a frozen store", c.name, took)
		}
		if !errors.Is(err, storage.ErrUnavailable) {
			t.Errorf("%s on a frozen store: %v, want storage.ErrUnavailable", c.name, err)
			continue
		}
		p := svc.Explain(ctx, err)
		if p.Kind != bot.KindBusy || !strings.Contains(p.Text, "store is busy") || p.ErrorID != "" {
			t.Errorf("%s: explained as %+v, want the busy kind saying the store is busy", c.name, p)
		}
	}
}

// TestSubmitUnconfirmed: a move the store applied but no replica
// confirmed (storage.ErrUnconfirmed: here a store that waits for one
// replica of a redis-server that has none) stands: Submit returns the
// played outcome, turn and notifications included, marked Unconfirmed so
// the mover is told, and the match holds the move.
func TestSubmitUnconfirmed(t *testing.T) {
	ctx := context.Background()
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	prefix := storagetest.RedisPrefix(t)
	plain := redisstore.New(srv.Client(), prefix, storage.Options{})
	t.Cleanup(func() { plain.Close() })
	m := started(t, ctx, newService(t, plain), "c1", "")
	waiting := redisstore.New(srv.Client(), prefix, storage.Options{}, redisstore.WaitReplicas(1, 20*time.Millisecond))
	t.Cleanup(func() { waiting.Close() })
	svc := newService(t, waiting)
	o, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: alice.ID, Move: "take 1", RequestID: "r1"})
	if err != nil {
		t.Fatalf("Submit: %v, want the move played", err)
	}
	if !o.Unconfirmed || o.Move == "" || o.Match.Version != m.Version+1 || !o.NewTurn || len(o.Notify) != 1 {
		t.Fatalf("outcome %+v: want an unconfirmed played move that begins the next turn", o)
	}
	got, err := svc.Get(ctx, bot.ByID(m.ID))
	if err != nil || got.Version != m.Version+1 || got.Moves != m.Moves+1 {
		t.Fatalf("after the move: version %d moves %d (%v), want %d and %d", got.Version, got.Moves, err, m.Version+1, m.Moves+1)
	}
	if !strings.Contains(bot.UnconfirmedNote(), "play it again") {
		t.Errorf("note %q does not say what to do", bot.UnconfirmedNote())
	}
	// A lobby change on the same store still reports the unconfirmed
	// commit as the busy kind with its own text, never as internal.
	_, err = svc.Abort(ctx, bot.ByID(m.ID), alice.ID, false)
	if !errors.Is(err, storage.ErrUnconfirmed) {
		t.Fatalf("Abort: %v, want storage.ErrUnconfirmed", err)
	}
	if e := svc.Explain(ctx, err); e.Kind != bot.KindBusy || !strings.Contains(e.Text, "second copy") {
		t.Errorf("Abort explained as %v %q, want the busy kind naming the missing second copy", e.Kind, e.Text)
	}
}
