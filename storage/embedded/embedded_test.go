package embedded_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// testStore is the store under test plus the means to damage its data.
type testStore struct {
	*embedded.Store
	dir  string
	opts storage.Options
}

func (s *testStore) Corrupt(t *testing.T, id string) { s.CorruptForTest(t, id) }

// LoseLog damages the header of the record of the match's second move (its
// later moves follow) and reopens the store, which must notice the gap.
func (s *testStore) LoseLog(t *testing.T, id string) {
	t.Helper()
	s.Close()
	path := filepath.Join(s.dir, "matches.log")
	r := nth(id, 2)(embedded.RecordsForTest(t, path))
	flip(t, path, r.Off+1)
	s.Store = open(t, s.dir, s.opts)
}

func open(t *testing.T, dir string, opts storage.Options) *embedded.Store {
	t.Helper()
	s, err := embedded.Open(dir, opts)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return s
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T, opts storage.Options) storage.Store {
		dir := t.TempDir()
		s := &testStore{Store: open(t, dir, opts), dir: dir, opts: opts}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

var ctx = context.Background()

func newMatch(id, channel string, users ...string) storage.Match {
	m := storage.Match{
		ID: id, Game: "pebbles", RulesVersion: 1, Seed: 7, Channel: channel, Creator: users[0],
		Status: storage.StatusActive, State: []byte(`{"moves":[]}`),
	}
	for _, u := range users {
		m.Seats = append(m.Seats, storage.Seat{UserID: u, Name: u})
	}
	return m
}

// play commits n moves to a match and returns its last version.
func play(t *testing.T, s storage.Store, id string, n int) storage.Match {
	t.Helper()
	m, err := s.Get(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		next := m
		next.Version++
		next.Moves++
		next.State = fmt.Appendf(nil, `{"moves":%d,"pad":"%0200d"}`, next.Moves, i)
		e := &storage.LogEntry{Seq: next.Moves, Move: fmt.Sprintf("take %d", next.Moves), RequestID: fmt.Sprintf("%s-r%d", id, next.Moves)}
		if err := s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next, Entry: e, RequestID: e.RequestID}); err != nil {
			t.Fatalf("commit %d: %v", i, err)
		}
		m = next
	}
	return m
}

// snapshot is everything a store answers about some matches.
type snapshot struct {
	Matches  map[string]storage.Match
	Logs     map[string][]storage.LogEntry
	Channels map[string]string
	Users    map[string][]string
}

func take(t *testing.T, s storage.Store, ids, channels, users []string) snapshot {
	t.Helper()
	snap := snapshot{map[string]storage.Match{}, map[string][]storage.LogEntry{}, map[string]string{}, map[string][]string{}}
	for _, id := range ids {
		m, err := s.Get(ctx, id)
		if err != nil {
			t.Fatalf("Get(%s): %v", id, err)
		}
		snap.Matches[id] = m
		if snap.Logs[id], err = s.Log(ctx, id, 1); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range channels {
		id, err := s.ChannelMatch(ctx, c)
		if err != nil && !errors.Is(err, storage.ErrNotFound) {
			t.Fatal(err)
		}
		snap.Channels[c] = id
	}
	for _, u := range users {
		l, err := s.UserMatches(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		snap.Users[u] = l
	}
	return snap
}

func fill(t *testing.T, s storage.Store) {
	t.Helper()
	for i, id := range []string{"a", "b", "c"} {
		if err := s.Create(ctx, newMatch(id, "web:"+id, "u1", fmt.Sprintf("u%d", i+2))); err != nil {
			t.Fatal(err)
		}
		play(t, s, id, 5+i)
	}
	m, _ := s.Get(ctx, "b")
	next := m
	next.Version++
	next.Status = storage.StatusFinished
	if err := s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next}); err != nil {
		t.Fatal(err)
	}
}

var (
	ids      = []string{"a", "b", "c"}
	channels = []string{"web:a", "web:b", "web:c"}
	users    = []string{"u1", "u2", "u3", "u4"}
)

func TestReopen(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, storage.Options{})
	fill(t, s)
	want := take(t, s, ids, channels, users)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = open(t, dir, storage.Options{})
	defer s.Close()
	if diff := cmp.Diff(want, take(t, s, ids, channels, users)); diff != "" {
		t.Fatalf("after reopen (-want +got):\n%s", diff)
	}
	// Request IDs survive too.
	m, _ := s.Get(ctx, "a")
	next := m
	next.Version++
	next.Moves++
	err := s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next,
		Entry: &storage.LogEntry{Seq: next.Moves}, RequestID: "a-r3"})
	if !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("replayed request after reopen: %v, want ErrDuplicate", err)
	}
}

func TestLocked(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, storage.Options{})
	if _, err := embedded.Open(dir, storage.Options{}); !errors.Is(err, embedded.ErrLocked) {
		t.Fatalf("second Open: %v, want ErrLocked", err)
	}
	s.Close()
	s = open(t, dir, storage.Options{})
	s.Close()
}

func TestCompaction(t *testing.T) {
	clock := storagetest.NewClock()
	opts := storage.Options{AbandonAfter: storagetest.AbandonAfter, Now: clock.Now}
	dir := t.TempDir()
	s := open(t, dir, opts)
	fill(t, s)
	// A match that expires before compaction: dropped from the file.
	if err := s.Create(ctx, newMatch("gone", "web:gone", "u9")); err != nil {
		t.Fatal(err)
	}
	clock.Advance(storagetest.AbandonAfter / 2)
	play(t, s, "a", 1)
	play(t, s, "c", 1)
	clock.Advance(storagetest.AbandonAfter/2 + 1)
	want := take(t, s, ids, channels, users)
	s.SetCompactMin(1)
	play(t, s, "a", 30) // triggers compaction once the file is twice the live data
	if err := s.CompactErr(); err != nil {
		t.Fatal(err)
	}
	a := want.Matches["a"]
	want = take(t, s, ids, channels, users)
	if want.Matches["a"].Moves != a.Moves+30 {
		t.Fatalf("a has %d moves, want %d", want.Matches["a"].Moves, a.Moves+30)
	}
	n, size := s.Stats()
	s.Close()
	st, err := os.Stat(filepath.Join(dir, "matches.log"))
	if err != nil || st.Size() != size {
		t.Fatalf("file size %v (%v), store says %d", st.Size(), err, size)
	}
	if n != 3 {
		t.Fatalf("%d matches held, want 3 (the expired one dropped)", n)
	}
	if _, err := os.Stat(filepath.Join(dir, "matches.log.tmp")); !os.IsNotExist(err) {
		t.Fatalf("temporary file left behind: %v", err)
	}
	s = open(t, dir, opts)
	defer s.Close()
	if diff := cmp.Diff(want, take(t, s, ids, channels, users)); diff != "" {
		t.Fatalf("after compaction and reopen (-want +got):\n%s", diff)
	}
	if _, err := s.Get(ctx, "gone"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("expired match: %v", err)
	}
}

// TestSyncFailure: after a failed fdatasync the store refuses writes (the
// kernel may have dropped the data), keeps serving what was durable, and
// a reopen recovers.
func TestSyncFailure(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, storage.Options{})
	fill(t, s)
	want := take(t, s, ids, channels, users)
	errDisk := errors.New("disk on fire")
	s.SetSyncForTest(func(*os.File) error { return errDisk })
	m := want.Matches["a"]
	next := m
	next.Version++
	next.Moves++
	c := storage.Commit{ExpectVersion: m.Version, Match: next, Entry: &storage.LogEntry{Seq: next.Moves, Move: "lost"}}
	if err := s.Commit(ctx, c); !errors.Is(err, errDisk) {
		t.Fatalf("commit with a failing sync: %v, want the sync error", err)
	}
	s.SetSyncForTest(embedded.Datasync)
	if err := s.Commit(ctx, c); !errors.Is(err, errDisk) {
		t.Fatalf("commit after a failed sync: %v, want the store to stay failed", err)
	}
	if diff := cmp.Diff(want, take(t, s, ids, channels, users)); diff != "" {
		t.Fatalf("reads after a failed sync (-want +got):\n%s", diff)
	}
	s.Close()
	s = open(t, dir, storage.Options{})
	defer s.Close()
	// The unacknowledged record may or may not have reached the file; the
	// store is consistent either way and takes writes again.
	got, err := s.Get(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	play(t, s, "a", 1)
	if m, _ := s.Get(ctx, "a"); m.Version != got.Version+1 {
		t.Fatalf("after reopen: version %d, want %d", m.Version, got.Version+1)
	}
}

// TestReopenDeleteEnded: an ended match's deadline (DeleteEndedAfter) is
// kept in its record: a store reopened before it still has the match, one
// reopened after it has not.
func TestReopenDeleteEnded(t *testing.T) {
	dir := t.TempDir()
	clock := storagetest.NewClock()
	opts := storage.Options{DeleteEndedAfter: 24 * time.Hour, Now: clock.Now}
	s := open(t, dir, opts)
	m := newMatch("fin", "web:fin", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m = play(t, s, "fin", 2)
	m.Version++
	m.Status = storage.StatusFinished
	if err := s.Commit(ctx, storage.Commit{ExpectVersion: m.Version - 1, Match: m}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	clock.Advance(23 * time.Hour)
	s = open(t, dir, opts)
	if l, err := s.Log(ctx, "fin", 1); err != nil || len(l) != 2 {
		t.Fatalf("before the limit, after a reopen: %v, %v", l, err)
	}
	s.Close()
	clock.Advance(time.Hour)
	s = open(t, dir, opts)
	defer s.Close()
	if _, err := s.Get(ctx, "fin"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("past the limit, after a reopen: %v, want ErrNotFound", err)
	}
	if ids, err := s.UserMatches(ctx, "u1"); err != nil || len(ids) != 0 {
		t.Fatalf("the user's matches past the limit: %v, %v", ids, err)
	}
}
