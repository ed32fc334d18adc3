package redisstore_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
)

// TestCompactEntry: a compact log entry reads back as the entry written,
// at its position, whatever its fields hold.
func TestCompactEntry(t *testing.T) {
	at := time.Date(2026, 11, 25, 12, 3, 4, 5_000_000, time.UTC)
	for _, e := range []storage.LogEntry{
		{Seat: 0, Move: "pass", At: at},
		{Seat: 3, Move: "build cotton Manchester", RequestID: "1311111111111111111", At: at},
		{Seat: 1, Move: "x", Note: "default move: \"time\" ran out\n", At: at.Add(time.Nanosecond)},
		{Seat: 2, Move: "undo", Undo: 7, At: at},
		{Seat: 2, Move: "undo", RequestID: "r", Undo: 7},
		{Seat: 1, Move: "é <&> ü", RequestID: "a\tb", At: at.In(time.FixedZone("x", 3600))},
	} {
		raw, err := redisstore.CompactEntry(e)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.ContainsAny(raw, "\n") {
			t.Fatalf("%s holds a newline: the packed log separates entries by newlines", raw)
		}
		e.Seq = 9
		got, err := redisstore.DecodeEntry(raw, 9)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		if diff := cmp.Diff(e, got); diff != "" {
			t.Fatalf("%s reads back differently (-want +got):\n%s", raw, diff)
		}
	}
	for _, bad := range []string{`[]`, `[1,2]`, `[1,"x","m"]`, `[1,0,"m","r","n",1,2]`, `["yesterday",0,"m"]`, `[1,0,"m"`} {
		if _, err := redisstore.DecodeEntry([]byte(bad), 1); err == nil {
			t.Errorf("%s decodes as a log entry", bad)
		}
	}
}

// formStore opens a store on prefix writing the compact form or not, so
// a test can switch forms on one match as a rolling upgrade does.
func formStore(t *testing.T, prefix string, compact bool) *redisstore.Store {
	s := redisstore.New(srv.Client(), prefix, storage.Options{}, redisstore.Compact(compact))
	t.Cleanup(func() { s.Close() })
	return s
}

// play commits n moves to m with s, each with a request ID, and appends
// their entries to log.
func play(t *testing.T, s storage.Store, m storage.Match, n int, log *[]storage.LogEntry, state string) storage.Match {
	t.Helper()
	at := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	for range n {
		next := m
		next.Version++
		next.Moves++
		next.State = []byte(fmt.Sprintf("%s after move %d: %s", state, next.Moves, bytes.Repeat([]byte("board "), 50)))
		e := storage.LogEntry{Seq: next.Moves, Seat: int(next.Moves % 3), Move: fmt.Sprintf("move %d", next.Moves),
			RequestID: fmt.Sprintf("req-%d", next.Moves), At: at.Add(time.Duration(next.Moves) * time.Minute)}
		err := s.Commit(context.Background(), storage.Commit{ExpectVersion: m.Version, Match: next, Entry: &e, RequestID: e.RequestID})
		if err != nil {
			t.Fatalf("move %d: %v", next.Moves, err)
		}
		*log = append(*log, e)
		m = next
	}
	return m
}

// wantLog checks that the store serves log (and its snapshot) from every
// starting point, and that Salvage finds it intact.
func wantLog(t *testing.T, s storage.Store, m storage.Match, log []storage.LogEntry) {
	t.Helper()
	ctx := context.Background()
	for from := int64(1); from <= int64(len(log))+1; from++ {
		got, err := s.Log(ctx, m.ID, from)
		if err != nil {
			t.Fatalf("Log from %d: %v", from, err)
		}
		if diff := cmp.Diff(log[from-1:], got, cmp.Comparer(func(a, b []storage.LogEntry) bool {
			return len(a) == 0 && len(b) == 0 || cmp.Equal(a, b)
		})); diff != "" {
			t.Fatalf("Log from %d (-want +got):\n%s", from, diff)
		}
	}
	got, err := s.Get(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.State, m.State) || got.Moves != m.Moves {
		t.Fatalf("Get: %d moves, snapshot %.40q; want %d, %.40q", got.Moves, got.State, m.Moves, m.State)
	}
	sv, err := s.Salvage(ctx, m.ID)
	if err != nil || sv.Damage != "" || !cmp.Equal(sv.Log, log) {
		t.Fatalf("Salvage: damage %q, %d entries, %v; want an intact log of %d", sv.Damage, len(sv.Log), err, len(log))
	}
}

// TestForms: a match is written in the old form, then continued by a
// store writing the compact form (the old entries are packed with the
// new ones), then by one writing the old form again (entries of both
// forms after the packed log); every store reads the whole log, in any
// form, exactly as committed.
func TestForms(t *testing.T) {
	ctx := context.Background()
	prefix := redistest.Prefix(t)
	old, compact := formStore(t, prefix, false), formStore(t, prefix, true)
	raw := srv.Client()
	defer raw.Close()
	mk, lk := prefix+":{m:m1}:match", prefix+":{m:m1}:log"
	m := match("m1", "u1", "u2", "u3")
	if err := old.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	var log []storage.LogEntry
	m = play(t, old, m, 5, &log, "old")
	// The old form is what releases before the compact form read: JSON
	// objects with their seq, the snapshot in state, no packed log.
	for i, r := range raw.LRange(ctx, lk, 0, -1).Val() {
		var e storage.LogEntry
		if err := json.Unmarshal([]byte(r), &e); err != nil || e.Seq != int64(i+1) {
			t.Fatalf("old form entry %d = %s (%v)", i+1, r, err)
		}
	}
	if n := raw.HExists(ctx, mk, "sz").Val() || raw.HExists(ctx, mk, "ln").Val() || raw.HExists(ctx, mk, "lz").Val(); n {
		t.Fatal("the old form has a field of the compact form")
	}
	wantLog(t, compact, m, log)

	// The compact store continues: at packEvery list entries it packs
	// them all, old ones included.
	m = play(t, compact, m, redisstore.PackEvery-5, &log, "compact")
	if n := raw.LLen(ctx, lk).Val(); n != 0 {
		t.Fatalf("after %d moves the list holds %d entries; want them packed", m.Moves, n)
	}
	if ln := raw.HGet(ctx, mk, "ln").Val(); ln != fmt.Sprint(m.Moves) {
		t.Fatalf("ln = %s, want %d", ln, m.Moves)
	}
	if raw.HExists(ctx, mk, "state").Val() || !raw.HExists(ctx, mk, "sz").Val() {
		t.Fatal("the compact form keeps its snapshot in sz only")
	}
	m = play(t, compact, m, 3, &log, "compact")
	for _, r := range raw.LRange(ctx, lk, 0, -1).Val() {
		if r[0] != '[' {
			t.Fatalf("compact entry %s", r)
		}
	}
	wantLog(t, compact, m, log)
	wantLog(t, old, m, log)

	// The old form again (the setting turned off): JSON entries after
	// compact ones and the packed log.
	m = play(t, old, m, 2, &log, "old again")
	if raw.HExists(ctx, mk, "sz").Val() || !raw.HExists(ctx, mk, "state").Val() {
		t.Fatal("the old form keeps its snapshot in state")
	}
	wantLog(t, old, m, log)
	wantLog(t, compact, m, log)

	// Ending the match packs its whole log.
	end := m
	end.Version++
	end.Status = storage.StatusFinished
	if err := compact.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: end}); err != nil {
		t.Fatal(err)
	}
	if n := raw.Exists(ctx, lk).Val(); n != 0 {
		t.Fatal("a finished match keeps a log list")
	}
	wantLog(t, old, end, log)

	// A request already applied is still refused, packed or not.
	next := end
	next.Version++
	err := compact.Commit(ctx, storage.Commit{ExpectVersion: end.Version, Match: next, RequestID: log[len(log)-1].RequestID})
	if !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("a repeated request: %v, want ErrDuplicate", err)
	}
}

// TestPackRace: packing leaves the log alone when it changed after the
// pack read it, and never loses or doubles an entry when commits race
// with it.
func TestPackRace(t *testing.T) {
	ctx := context.Background()
	prefix := redistest.Prefix(t)
	s := formStore(t, prefix, true)
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	var log []storage.LogEntry
	m = play(t, formStore(t, prefix, false), m, 3, &log, "s")
	done := make(chan error)
	go func() {
		for range 200 {
			if err := s.Pack(ctx, "m1"); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	m = play(t, s, m, 40, &log, "s")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	wantLog(t, s, m, log)
}

// TestPackedDamage: a packed log that is lost, cut short or garbled, or
// a count that does not match, makes the match damaged; Salvage keeps
// what decodes and Retire accepts it.
func TestPackedDamage(t *testing.T) {
	ctx := context.Background()
	raw := srv.Client()
	defer raw.Close()
	for _, tc := range []struct {
		name string
		do   func(key string) error
		salv int // entries Salvage still finds
		get  bool
	}{
		{"lz lost", func(k string) error { return raw.HDel(ctx, k, "lz").Err() }, 0, false},
		{"lz garbled", func(k string) error { return raw.HSet(ctx, k, "lz", "not deflate").Err() }, 0, false},
		{"ln too large", func(k string) error { return raw.HSet(ctx, k, "ln", "9").Err() }, 8, true},
		{"ln not a number", func(k string) error { return raw.HSet(ctx, k, "ln", "eight").Err() }, -1, true},
		{"sz garbled", func(k string) error { return raw.HSet(ctx, k, "sz", "x").Err() }, 10, true},
		{"lz of another length", func(k string) error {
			return raw.HSet(ctx, k, "lz", raw.HGet(ctx, k, "lz").Val()[:20]).Err()
		}, -1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			prefix := redistest.Prefix(t)
			s := formStore(t, prefix, true)
			m := match("m1", "u1")
			if err := s.Create(ctx, m); err != nil {
				t.Fatal(err)
			}
			var log []storage.LogEntry
			m = play(t, s, m, 10, &log, "s")
			if err := tc.do(prefix + ":{m:m1}:match"); err != nil {
				t.Fatal(err)
			}
			_, err := s.Log(ctx, "m1", 1)
			if tc.name != "sz garbled" { // Log does not read the snapshot
				wantDamaged(t, "Log", err, "m1")
			}
			_, err = s.Get(ctx, "m1")
			if tc.get {
				wantDamaged(t, "Get", err, "m1")
			}
			if tc.name[:2] == "ln" { // the commit script checks the count, and overwrites the snapshot
				next := m
				next.Version++
				wantDamaged(t, "Commit", s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next}), "m1")
			}
			sv, err := s.Salvage(ctx, "m1")
			if err != nil || sv.Damage == "" {
				t.Fatalf("Salvage: damage %q, %v", sv.Damage, err)
			}
			if tc.salv >= 0 && !cmp.Equal(sv.Log, log[:tc.salv]) {
				t.Fatalf("Salvage kept %d entries, want the first %d", len(sv.Log), tc.salv)
			}
			if err := s.Retire(ctx, "m1"); err != nil {
				t.Fatalf("Retire: %v", err)
			}
			if _, err := s.Get(ctx, "m1"); !errors.Is(err, storage.ErrNotFound) {
				t.Fatalf("Get after Retire: %v", err)
			}
		})
	}
}

// TestCompactReadsOldForm: a Redis holding matches in the old form (as
// releases before the compact form, or REDIS_COMPACT=0, left it) keeps
// working under a store writing the compact form (REDIS_COMPACT=1): an open match and a finished one are read whole, a request
// applied in the old form is still refused once, the open match is
// continued (its old entries packed with the new ones on the way) and
// the finished one is left as it was until written.
func TestCompactReadsOldForm(t *testing.T) {
	ctx := context.Background()
	prefix := redistest.Prefix(t)
	old := formStore(t, prefix, false)
	raw := srv.Client()
	defer raw.Close()
	open, done := match("open", "u1", "u2"), match("done", "u1", "u3")
	open.Channel, done.Channel = "web:open", "web:done"
	for _, m := range []storage.Match{open, done} {
		if err := old.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
	}
	var openLog, doneLog []storage.LogEntry
	open = play(t, old, open, 5, &openLog, "open")
	done = play(t, old, done, 11, &doneLog, "done")
	end := done
	end.Version++
	end.Status = storage.StatusFinished
	if err := old.Commit(ctx, storage.Commit{ExpectVersion: done.Version, Match: end}); err != nil {
		t.Fatal(err)
	}
	doneHash := raw.HGetAll(ctx, prefix+":{m:done}:match").Val()

	s := formStore(t, prefix, true)
	wantLog(t, s, open, openLog)
	wantLog(t, s, end, doneLog)
	if id, err := s.ChannelMatch(ctx, "web:open"); err != nil || id != "open" {
		t.Errorf("ChannelMatch of the open match = %q, %v", id, err)
	}
	if ids, err := s.UserMatches(ctx, "u1"); err != nil || len(ids) != 2 {
		t.Errorf("UserMatches(u1) = %v, %v; want both", ids, err)
	}
	next := open
	next.Version++
	err := s.Commit(ctx, storage.Commit{ExpectVersion: open.Version, Match: next, RequestID: openLog[len(openLog)-1].RequestID})
	if !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("a request applied in the old form, again: %v, want ErrDuplicate", err)
	}
	open = play(t, s, open, redisstore.PackEvery-5, &openLog, "compact")
	if ln := raw.HGet(ctx, prefix+":{m:open}:match", "ln").Val(); ln != fmt.Sprint(open.Moves) {
		t.Errorf("after %d moves the packed log holds %s entries; want the old ones packed too", open.Moves, ln)
	}
	wantLog(t, s, open, openLog)
	wantLog(t, old, open, openLog) // and REDIS_COMPACT=0 reads it back
	if got := raw.HGetAll(ctx, prefix+":{m:done}:match").Val(); !cmp.Equal(got, doneHash) {
		t.Error("reading a finished match in the old form rewrote it")
	}
}
