package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
)

// TestCrashAOF: with appendonly yes and appendfsync always, a commit that
// returned survives SIGKILL of redis-server, in either form (20 moves: the
// compact form has packed 16 of them).
func TestCrashAOF(t *testing.T) {
	for _, compact := range []bool{false, true} {
		t.Run(formName(compact), func(t *testing.T) { testCrashAOF(t, compact) })
	}
}

func testCrashAOF(t *testing.T, compact bool) {
	ctx := context.Background()
	srv := redistest.New(t, redistest.Options{AOF: true})
	s := redisstore.New(srv.Client(), "crash", storage.Options{}, redisstore.Compact(compact))
	m := storage.Match{ID: "m1", Game: "pebbles", Channel: "web:1", Creator: "u1", Status: storage.StatusActive,
		Seats: []storage.Seat{{UserID: "u1"}}, State: []byte(`{"moves":0}`)}
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		next := m
		next.Version++
		next.Moves++
		next.State = fmt.Appendf(nil, `{"moves":%d}`, next.Moves)
		e := &storage.LogEntry{Seq: next.Moves, Move: fmt.Sprintf("take %d", i), RequestID: fmt.Sprint("r", i)}
		if err := s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next, Entry: e, RequestID: e.RequestID}); err != nil {
			t.Fatal(err)
		}
		m = next
	}
	s.Close()
	if err := srv.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	s = redisstore.New(srv.Client(), "crash", storage.Options{}, redisstore.Compact(compact))
	defer s.Close()
	got, err := s.Get(ctx, "m1")
	if err != nil {
		t.Fatalf("after SIGKILL and restart: %v", err)
	}
	if got.Version != m.Version || string(got.State) != string(m.State) {
		t.Fatalf("after restart: version %d state %s, want %d %s", got.Version, got.State, m.Version, m.State)
	}
	log, err := s.Log(ctx, "m1", 1)
	if err != nil || len(log) != 20 {
		t.Fatalf("log after restart: %d entries, %v", len(log), err)
	}
	if id, err := s.ChannelMatch(ctx, "web:1"); err != nil || id != "m1" {
		t.Fatalf("channel after restart: %q, %v", id, err)
	}
	// The request markers survived too.
	next := m
	next.Version++
	if err := s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next, RequestID: "r19"}); !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("a request applied before the crash, sent again: %v, want ErrDuplicate", err)
	}
}
