package embedded_test

import (
	"errors"
	"testing"

	"github.com/smokestack/smokestack/storage"
)

// TestRetireDurable: a retired damaged match stays deleted after a reopen
// and after a compaction, and the match next to it keeps every move.
func TestRetireDurable(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, storage.Options{})
	for _, id := range []string{"bad", "good"} {
		if err := s.Create(ctx, newMatch(id, "c:"+id, "alice")); err != nil {
			t.Fatal(err)
		}
		play(t, s, id, 3)
	}
	s.CorruptForTest(t, "bad")
	if _, err := s.Get(ctx, "bad"); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("Get of the corrupted match: %v", err)
	}
	if err := s.Retire(ctx, "bad"); err != nil {
		t.Fatal(err)
	}
	check := func(when string, s storage.Store) {
		t.Helper()
		if _, err := s.Get(ctx, "bad"); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("%s: Get of the retired match: %v, want ErrNotFound", when, err)
		}
		if _, err := s.ChannelMatch(ctx, "c:bad"); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("%s: its channel: %v, want ErrNotFound", when, err)
		}
		if l, err := s.Log(ctx, "good", 1); err != nil || len(l) != 3 {
			t.Errorf("%s: the other match's log: %d entries, %v", when, len(l), err)
		}
	}
	check("after Retire", s)
	s.Close()
	s = open(t, dir, storage.Options{})
	check("after reopen", s)
	if err := s.Compact(); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, dir, storage.Options{})
	defer s.Close()
	check("after compaction and reopen", s)
}
