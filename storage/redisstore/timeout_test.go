package redisstore_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
)

// TestFrozen: a redis-server stopped with SIGSTOP keeps its socket but
// answers nothing. Every store call gives up after Options.Timeout with
// storage.ErrUnavailable (the client alone would wait its 5 s read timeout
// and retry, about 20 s per call); once the server resumes, the store
// works again and a commit that timed out has landed at most once.
func TestFrozen(t *testing.T) {
	ctx := context.Background()
	srv := redistest.New(t, redistest.Options{})
	const timeout = 300 * time.Millisecond
	// The match is created with the default timeout, so a loaded machine
	// cannot fail the set-up; only the calls under test have the short one.
	setup := redisstore.New(srv.Client(), "f", storage.Options{})
	if err := setup.Create(ctx, match("m1", "u1")); err != nil {
		t.Fatal(err)
	}
	setup.Close()
	s := redisstore.New(srv.Client(), "f", storage.Options{Timeout: timeout})
	defer s.Close()
	m := match("m1", "u1")
	next := m
	next.Version++
	next.Moves++
	c := storage.Commit{ExpectVersion: 0, Match: next, Entry: &storage.LogEntry{Seq: 1, Move: "take 1", RequestID: "r1"}, RequestID: "r1"}

	if err := srv.Freeze(); err != nil {
		t.Fatal(err)
	}
	frozen := true
	defer func() {
		if frozen {
			srv.Thaw()
		}
	}()
	for _, call := range []struct {
		name string
		fn   func() error
	}{
		{"Commit", func() error { return s.Commit(ctx, c) }},
		{"Get", func() error { _, err := s.Get(ctx, "m1"); return err }},
		{"Log", func() error { _, err := s.Log(ctx, "m1", 1); return err }},
		{"Create", func() error { return s.Create(ctx, match("m2", "u2")) }},
		{"ChannelMatch", func() error { _, err := s.ChannelMatch(ctx, "web:m1"); return err }},
		{"UserMatches", func() error { _, err := s.UserMatches(ctx, "u1"); return err }},
	} {
		start := time.Now()
		err := call.fn()
		took := time.Since(start)
		if !errors.Is(err, storage.ErrUnavailable) {
			t.Errorf("%s on a frozen server: %v, want storage.ErrUnavailable", call.name, err)
		}
		if took > 4*time.Second {
			t.Errorf("%s on a frozen server took %v; the store's timeout is %v", call.name, took, timeout)
		}
		t.Logf("%s: %v after %v", call.name, err, took.Round(time.Millisecond))
	}
	// A caller that gives up first gets its own error.
	short, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
	_, err := s.Get(short, "m1")
	cancel()
	if errors.Is(err, storage.ErrUnavailable) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Get with the caller's own deadline: %v, want context.DeadlineExceeded and not ErrUnavailable", err)
	}

	if err := srv.Thaw(); err != nil {
		t.Fatal(err)
	}
	frozen = false
	// The commit sent to the frozen server may have landed when it woke
	// up: resending it either applies it or finds it applied, never twice.
	if err := s.Commit(ctx, c); err != nil && !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("resent commit after the thaw: %v", err)
	}
	got, err := s.Get(ctx, "m1")
	if err != nil || got.Version != 1 || got.Moves != 1 {
		t.Fatalf("after the thaw: %+v, %v; want version 1 with 1 move", got, err)
	}
	if l, err := s.Log(ctx, "m1", 1); err != nil || len(l) != 1 {
		t.Fatalf("log after the thaw: %v, %v", l, err)
	}
}

// TestDebugSleep: a server busy in one long command (DEBUG SLEEP here, a
// slow script or KEYS in real life) is unavailable for the store too.
func TestDebugSleep(t *testing.T) {
	ctx := context.Background()
	srv := redistest.New(t, redistest.Options{Args: []string{"--enable-debug-command", "yes"}})
	setup := redisstore.New(srv.Client(), "d", storage.Options{})
	if err := setup.Create(ctx, match("m1", "u1")); err != nil {
		t.Fatal(err)
	}
	setup.Close()
	s := redisstore.New(srv.Client(), "d", storage.Options{Timeout: 200 * time.Millisecond})
	defer s.Close()
	busy := srv.Client()
	defer busy.Close()
	slept := make(chan error)
	go func() { slept <- busy.Do(ctx, "DEBUG", "SLEEP", "1.5").Err() }()
	time.Sleep(100 * time.Millisecond)
	if _, err := s.Get(ctx, "m1"); !errors.Is(err, storage.ErrUnavailable) {
		t.Errorf("Get while the server sleeps: %v, want storage.ErrUnavailable", err)
	}
	if err := <-slept; err != nil {
		t.Fatal(err)
	}
	if _, err := s.Get(ctx, "m1"); err != nil {
		t.Fatalf("Get after the sleep: %v", err)
	}
}
