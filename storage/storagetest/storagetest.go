// Package storagetest is the conformance suite every storage backend
// passes: one set of behaviours, checked the same way against Redis and the
// embedded store.
//
// A backend's test calls Run with a function that opens a fresh, empty
// store with the given options. The suite drives time through
// Options.Now, so expiry is tested without waiting. The opened store must
// also implement Corrupter, so the suite can damage one match's stored data
// the way a bug, bit rot or a memory policy would.
package storagetest

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/smokestack/smokestack/storage"
)

// Corrupter damages the stored data of one match. Afterwards every access
// to that match must fail with a storage.CorruptError naming it, and every
// other match must work as before.
type Corrupter interface {
	// Corrupt damages the match's current record (metadata or snapshot).
	Corrupt(t *testing.T, id string)
	// LoseLog loses part of the match's move log, as a damaged record in
	// the embedded file or an evicted log key in Redis would. The match
	// has at least three moves and other matches were written after it.
	LoseLog(t *testing.T, id string)
}

// Open opens a fresh, empty store with the given options; it registers its
// own cleanup with t.
type Open = func(t *testing.T, opts storage.Options) storage.Store

// Clock is a settable clock for Options.Now.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock starts a clock at a fixed instant.
func NewClock() *Clock {
	return &Clock{now: time.Date(2026, 3, 14, 15, 9, 26, 0, time.UTC)}
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// AbandonAfter is the expiry the suite configures.
const AbandonAfter = 48 * time.Hour

// DeleteEndedAfter is the operator's limit for ended matches the suite
// configures where it tests it (testDeleteEnded); elsewhere ended matches
// are kept for ever.
const DeleteEndedAfter = 5 * 24 * time.Hour

type env struct {
	t     *testing.T
	ctx   context.Context
	clock *Clock
	s     storage.Store
}

// Run runs the suite; every subtest opens its own store.
func Run(t *testing.T, open Open) {
	tests := []struct {
		name string
		fn   func(e *env)
	}{
		{"RoundTrip", testRoundTrip},
		{"NotFound", testNotFound},
		{"Exists", testExists},
		{"ChannelTaken", testChannelTaken},
		{"Conflict", testConflict},
		{"Atomic", testAtomic},
		{"Idempotent", testIdempotent},
		{"LogRange", testLogRange},
		{"UserMatches", testUserMatches},
		{"Expiry", testExpiry},
		{"Corrupt", testCorrupt},
		{"Damage", testDamage},
		{"Salvage", testSalvage},
		{"Concurrent", testConcurrent},
		{"Due", testDue},
		{"DueOnce", testDueOnce},
		{"Prefs", testPrefs},
		{"Idle", testIdle},
		{"DeleteEnded", testDeleteEnded},
		{"List", testList},
		{"VoteAndUndo", testVoteAndUndo},
		{"Results", testResults},
	}
	// The tests that change the suite's options.
	options := map[string]func(o *storage.Options){
		"DeleteEnded": func(o *storage.Options) { o.DeleteEndedAfter = DeleteEndedAfter },
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			clock := NewClock()
			opts := storage.Options{AbandonAfter: AbandonAfter, Now: clock.Now}
			if change := options[tc.name]; change != nil {
				change(&opts)
			}
			s := open(t, opts)
			tc.fn(&env{t: t, ctx: context.Background(), clock: clock, s: s})
		})
	}
}

// newMatch is an active match with two seats and a small snapshot.
func (e *env) newMatch(id, channel string, users ...string) storage.Match {
	if len(users) == 0 {
		users = []string{"u1", "u2"}
	}
	m := storage.Match{
		ID:           id,
		Game:         "pebbles",
		RulesVersion: 3,
		Seed:         1<<63 + 12345,
		Options:      map[string]string{"variant": "short"},
		Pins:         map[string]string{"deck": "a,b,c"},
		Channel:      channel,
		Server:       "discord:900",
		Lang:         "de",
		Thread:       true,
		Creator:      users[0],
		Status:       storage.StatusActive,
		State:        []byte(`{"moves":[]}`),
		Created:      e.clock.Now(),
		Updated:      e.clock.Now(),
	}
	for i, u := range users {
		m.Seats = append(m.Seats, storage.Seat{UserID: u, Name: fmt.Sprintf("Player %d", i+1)})
	}
	return m
}

func (e *env) create(m storage.Match) {
	e.t.Helper()
	if err := e.s.Create(e.ctx, m); err != nil {
		e.t.Fatalf("Create(%s): %v", m.ID, err)
	}
}

func (e *env) get(id string) storage.Match {
	e.t.Helper()
	m, err := e.s.Get(e.ctx, id)
	if err != nil {
		e.t.Fatalf("Get(%s): %v", id, err)
	}
	return m
}

func (e *env) log(id string, from int64) []storage.LogEntry {
	e.t.Helper()
	l, err := e.s.Log(e.ctx, id, from)
	if err != nil {
		e.t.Fatalf("Log(%s, %d): %v", id, from, err)
	}
	return l
}

// stateOf is the snapshot the suite's pretend game has after moves.
func stateOf(moves []string) []byte {
	return []byte(`{"moves":["` + strings.Join(moves, `","`) + `"]}`)
}

// move builds the commit that plays one move on m.
func (e *env) move(m storage.Match, seat int, mv, requestID string) storage.Commit {
	entries, err := e.s.Log(e.ctx, m.ID, 1)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		e.t.Errorf("Log(%s): %v", m.ID, err)
	}
	c := e.play(m, moveNames(entries), seat, mv, requestID)
	c.Match.Updated = e.clock.Now()
	return c
}

// play builds the commit that plays mv on m, whose log holds moves.
func (e *env) play(m storage.Match, moves []string, seat int, mv, requestID string) storage.Commit {
	next := m
	next.Version++
	next.Moves++
	next.State = stateOf(append(moves, mv))
	return storage.Commit{
		ExpectVersion: m.Version,
		Match:         next,
		Entry:         &storage.LogEntry{Seq: next.Moves, Seat: seat, Move: mv, RequestID: requestID, At: e.clock.Now()},
		RequestID:     requestID,
	}
}

// moveNames lists the moves of a log.
func moveNames(entries []storage.LogEntry) []string {
	var moves []string
	for _, le := range entries {
		moves = append(moves, le.Move)
	}
	return moves
}

func (e *env) commit(c storage.Commit) {
	e.t.Helper()
	if err := e.s.Commit(e.ctx, c); err != nil {
		e.t.Fatalf("Commit(%s v%d): %v", c.Match.ID, c.Match.Version, err)
	}
}

// withStatus is a commit without a log entry that changes the status.
func withStatus(m storage.Match, st storage.Status) storage.Commit {
	next := m
	next.Version++
	next.Status = st
	return storage.Commit{ExpectVersion: m.Version, Match: next}
}

func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Fatalf("%s: got error %v, want %v", what, err, want)
	}
}

func testRoundTrip(e *env) {
	m := e.newMatch("m1", "discord:100")
	e.create(m)
	got := e.get("m1")
	if diff := cmp.Diff(m, got); diff != "" {
		e.t.Fatalf("Get after Create (-want +got):\n%s", diff)
	}
	// The store keeps its own copy: changing what the caller holds does
	// not change the stored match.
	got.Options["variant"] = "long"
	got.Seats[0].Name = "changed"
	got.State[0] = 'X'
	if diff := cmp.Diff(m, e.get("m1")); diff != "" {
		e.t.Fatalf("stored match changed through a returned copy (-want +got):\n%s", diff)
	}

	c := e.move(m, 0, "take 3", "req-1")
	e.commit(c)
	if diff := cmp.Diff(c.Match, e.get("m1")); diff != "" {
		e.t.Fatalf("Get after Commit (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]storage.LogEntry{*c.Entry}, e.log("m1", 1)); diff != "" {
		e.t.Fatalf("Log after Commit (-want +got):\n%s", diff)
	}

	// A lobby has no snapshot yet.
	l := e.newMatch("lobby", "discord:101", "u1")
	l.Status, l.State, l.Lang = storage.StatusLobby, nil, ""
	e.create(l)
	if got := e.get("lobby"); len(got.State) != 0 || got.Status != storage.StatusLobby || got.Lang != "" {
		e.t.Fatalf("lobby: got state %q status %q language %q, want empty, lobby and none", got.State, got.Status, got.Lang)
	}
	// The match's language is kept through a commit that changes it.
	lc := storage.Commit{ExpectVersion: l.Version, Match: l}
	lc.Match.Version++
	lc.Match.Lang = "fr"
	e.commit(lc)
	if got := e.get("lobby"); got.Lang != "fr" {
		e.t.Fatalf("lobby after a commit: language %q, want fr", got.Lang)
	}
	// Create fills in the creation time when the caller leaves it zero.
	z := e.newMatch("zero", "discord:102")
	z.Created, z.Updated = time.Time{}, time.Time{}
	e.create(z)
	if got := e.get("zero"); !got.Created.Equal(e.clock.Now()) {
		e.t.Fatalf("Created = %v, want the store clock %v", got.Created, e.clock.Now())
	}
}

func testNotFound(e *env) {
	_, err := e.s.Get(e.ctx, "nope")
	wantErr(e.t, "Get", err, storage.ErrNotFound)
	_, err = e.s.Log(e.ctx, "nope", 1)
	wantErr(e.t, "Log", err, storage.ErrNotFound)
	m := e.newMatch("nope", "discord:1")
	m.Version = 1
	err = e.s.Commit(e.ctx, storage.Commit{ExpectVersion: 0, Match: m})
	wantErr(e.t, "Commit", err, storage.ErrNotFound)
	_, err = e.s.ChannelMatch(e.ctx, "discord:1")
	wantErr(e.t, "ChannelMatch", err, storage.ErrNotFound)
	ids, err := e.s.UserMatches(e.ctx, "nobody")
	if err != nil || len(ids) != 0 {
		e.t.Fatalf("UserMatches(nobody) = %v, %v; want none", ids, err)
	}
	// The failed commit created nothing.
	_, err = e.s.Get(e.ctx, "nope")
	wantErr(e.t, "Get after failed Commit", err, storage.ErrNotFound)
}

func testExists(e *env) {
	e.create(e.newMatch("m1", "discord:1"))
	err := e.s.Create(e.ctx, e.newMatch("m1", "discord:2"))
	wantErr(e.t, "second Create", err, storage.ErrExists)
	// The failed create did not take the other channel.
	_, err = e.s.ChannelMatch(e.ctx, "discord:2")
	wantErr(e.t, "ChannelMatch of the refused channel", err, storage.ErrNotFound)
	e.create(e.newMatch("m2", "discord:2"))
}

func testChannelTaken(e *env) {
	for _, end := range []storage.Status{storage.StatusFinished, storage.StatusAborted} {
		ch := "web:" + string(end)
		a := e.newMatch("a-"+string(end), ch)
		a.Status = storage.StatusLobby
		e.create(a)
		err := e.s.Create(e.ctx, e.newMatch("b-"+string(end), ch))
		wantErr(e.t, "Create on a taken channel", err, storage.ErrChannelTaken)
		if _, err := e.s.Get(e.ctx, "b-"+string(end)); !errors.Is(err, storage.ErrNotFound) {
			e.t.Fatalf("refused match was stored: Get = %v", err)
		}
		id, err := e.s.ChannelMatch(e.ctx, ch)
		if err != nil || id != a.ID {
			e.t.Fatalf("ChannelMatch = %q, %v; want %q", id, err, a.ID)
		}
		// Still open after becoming active: the channel stays taken.
		c := withStatus(a, storage.StatusActive)
		e.commit(c)
		err = e.s.Create(e.ctx, e.newMatch("b-"+string(end), ch))
		wantErr(e.t, "Create on a channel with an active match", err, storage.ErrChannelTaken)
		// Ending the match releases the channel.
		e.commit(withStatus(c.Match, end))
		_, err = e.s.ChannelMatch(e.ctx, ch)
		wantErr(e.t, "ChannelMatch after "+string(end), err, storage.ErrNotFound)
		e.create(e.newMatch("b-"+string(end), ch))
		if id, err := e.s.ChannelMatch(e.ctx, ch); err != nil || id != "b-"+string(end) {
			e.t.Fatalf("ChannelMatch after reuse = %q, %v", id, err)
		}
		// The ended match is still there for export.
		if got := e.get(a.ID); got.Status != end {
			e.t.Fatalf("ended match status %q, want %q", got.Status, end)
		}
	}
}

func testConflict(e *env) {
	m := e.newMatch("m1", "discord:1")
	e.create(m)
	first := e.move(m, 0, "take 1", "")
	e.commit(first)
	stale := e.move(m, 1, "take 2", "")
	stale.Entry.Seq, stale.Match.Moves = 1, 1
	err := e.s.Commit(e.ctx, stale)
	wantErr(e.t, "stale Commit", err, storage.ErrConflict)
	if diff := cmp.Diff(first.Match, e.get("m1")); diff != "" {
		e.t.Fatalf("conflict changed the match (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]storage.LogEntry{*first.Entry}, e.log("m1", 1)); diff != "" {
		e.t.Fatalf("conflict changed the log (-want +got):\n%s", diff)
	}
	// A version from the future conflicts too.
	future := e.move(first.Match, 1, "take 2", "")
	future.ExpectVersion, future.Match.Version = 7, 8
	wantErr(e.t, "future Commit", e.s.Commit(e.ctx, future), storage.ErrConflict)
}

// testAtomic checks that snapshot, version, move count and log always go
// together: after every commit (and every refused one) the snapshot is the
// replay of the log.
func testAtomic(e *env) {
	m := e.newMatch("m1", "discord:1")
	e.create(m)
	for i := range 6 {
		c := e.move(m, i%2, fmt.Sprintf("take %d", i), "")
		e.commit(c)
		// A commit without an entry (a seat rename) moves the version only.
		if i == 3 {
			r := c.Match
			r.Version++
			r.Seats = append([]storage.Seat(nil), r.Seats...)
			r.Seats[1].Name = "renamed"
			e.commit(storage.Commit{ExpectVersion: c.Match.Version, Match: r})
			c.Match = r
		}
		// A refused commit in between leaves no trace.
		bad := e.move(m, 0, "stale", "")
		if err := e.s.Commit(e.ctx, bad); !errors.Is(err, storage.ErrConflict) {
			e.t.Fatalf("stale commit: %v, want ErrConflict", err)
		}
		m = e.get("m1")
		entries := e.log("m1", 1)
		var moves []string
		for _, le := range entries {
			moves = append(moves, le.Move)
		}
		if m.Moves != int64(len(entries)) || string(m.State) != string(stateOf(moves)) || m.Version != c.Match.Version {
			e.t.Fatalf("after commit %d: version %d moves %d log %d state %s; want version %d and the state of %q",
				i, m.Version, m.Moves, len(entries), m.State, c.Match.Version, moves)
		}
	}
}

func testIdempotent(e *env) {
	m := e.newMatch("m1", "discord:1")
	e.create(m)
	c := e.move(m, 0, "take 1", "interaction-1")
	e.commit(c)
	// The same request again, as sent: duplicate, not conflict.
	wantErr(e.t, "retried Commit", e.s.Commit(e.ctx, c), storage.ErrDuplicate)
	// The same request rebuilt on the fresh version: still a duplicate.
	again := e.move(c.Match, 0, "take 1", "interaction-1")
	wantErr(e.t, "rebuilt Commit", e.s.Commit(e.ctx, again), storage.ErrDuplicate)
	if got := e.get("m1"); got.Version != 1 || got.Moves != 1 {
		e.t.Fatalf("after duplicates: version %d moves %d, want 1 and 1", got.Version, got.Moves)
	}
	if n := len(e.log("m1", 1)); n != 1 {
		e.t.Fatalf("log has %d entries, want 1", n)
	}
	// Another request applies.
	e.commit(e.move(c.Match, 1, "take 2", "interaction-2"))
	// A request ID is per match: another match may see the same ID.
	o := e.newMatch("m2", "discord:2")
	e.create(o)
	e.commit(e.move(o, 0, "take 1", "interaction-1"))
	// A refused commit does not burn its request ID.
	m2 := e.get("m1")
	stale := e.move(m2, 0, "take 3", "interaction-3")
	stale.ExpectVersion, stale.Match.Version = 0, 1
	wantErr(e.t, "stale Commit", e.s.Commit(e.ctx, stale), storage.ErrConflict)
	e.commit(e.move(m2, 0, "take 3", "interaction-3"))
}

func testLogRange(e *env) {
	m := e.newMatch("m1", "discord:1")
	e.create(m)
	if l := e.log("m1", 1); len(l) != 0 {
		e.t.Fatalf("fresh match log = %v, want empty", l)
	}
	var want []storage.LogEntry
	for i := range 5 {
		e.clock.Advance(time.Minute)
		c := e.move(m, i%2, fmt.Sprintf("take %d", i+1), fmt.Sprintf("r%d", i))
		e.commit(c)
		want = append(want, *c.Entry)
		m = c.Match
	}
	for _, tc := range []struct {
		from int64
		want []storage.LogEntry
	}{
		{0, want}, {1, want}, {3, want[2:]}, {5, want[4:]}, {6, nil}, {100, nil},
	} {
		if diff := cmp.Diff(tc.want, e.log("m1", tc.from), cmp.Comparer(func(a, b []storage.LogEntry) bool {
			return len(a) == 0 && len(b) == 0 || cmp.Equal(a, b)
		})); diff != "" {
			e.t.Fatalf("Log(from %d) (-want +got):\n%s", tc.from, diff)
		}
	}
}

func testUserMatches(e *env) {
	for i, id := range []string{"old", "mid", "new"} {
		users := []string{"alice", "bob"}
		if i == 1 {
			users = []string{"carol", "alice"}
		}
		e.create(e.newMatch(id, "discord:"+id, users...))
		e.clock.Advance(time.Second)
	}
	e.create(e.newMatch("other", "discord:other", "bob", "carol"))
	check := func(user string, want ...string) {
		e.t.Helper()
		got, err := e.s.UserMatches(e.ctx, user)
		if err != nil {
			e.t.Fatalf("UserMatches(%s): %v", user, err)
		}
		if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b []string) bool {
			return len(a) == 0 && len(b) == 0 || cmp.Equal(a, b)
		})); diff != "" {
			e.t.Fatalf("UserMatches(%s) (-want +got):\n%s", user, diff)
		}
	}
	check("alice", "new", "mid", "old")
	check("bob", "other", "new", "old")
	check("dave")
	// A commit that seats a new user indexes the match for them.
	m := e.get("mid")
	next := m
	next.Version++
	next.Seats = append(append([]storage.Seat(nil), m.Seats...), storage.Seat{UserID: "dave", Name: "Dave"})
	e.commit(storage.Commit{ExpectVersion: m.Version, Match: next})
	check("dave", "mid")
	// A user who left a lobby before it started is no longer listed.
	m = next
	next.Version++
	next.Seats = next.Seats[:1]
	e.commit(storage.Commit{ExpectVersion: m.Version, Match: next})
	check("dave")
	check("alice", "new", "old")
	// Finished matches stay listed.
	e.commit(withStatus(e.get("old"), storage.StatusFinished))
	check("alice", "new", "old")
}

func testExpiry(e *env) {
	m := e.newMatch("open", "discord:open")
	e.create(m)
	fin := e.newMatch("fin", "discord:fin")
	e.create(fin)
	e.commit(withStatus(fin, storage.StatusFinished))
	ab := e.newMatch("ab", "discord:ab")
	ab.Status = storage.StatusLobby
	e.create(ab)
	e.commit(withStatus(ab, storage.StatusAborted))

	// A commit refreshes the deadline.
	e.clock.Advance(AbandonAfter - time.Hour)
	c := e.move(m, 0, "take 1", "")
	e.commit(c)
	e.clock.Advance(2 * time.Hour)
	if got := e.get("open"); got.Version != 1 {
		e.t.Fatalf("refreshed match: version %d, want 1", got.Version)
	}
	// Left alone for AbandonAfter, it is gone with its log and channel.
	e.clock.Advance(AbandonAfter - 2*time.Hour)
	_, err := e.s.Get(e.ctx, "open")
	wantErr(e.t, "Get of an abandoned match", err, storage.ErrNotFound)
	_, err = e.s.Log(e.ctx, "open", 1)
	wantErr(e.t, "Log of an abandoned match", err, storage.ErrNotFound)
	_, err = e.s.ChannelMatch(e.ctx, "discord:open")
	wantErr(e.t, "ChannelMatch of an abandoned match", err, storage.ErrNotFound)
	wantErr(e.t, "Commit to an abandoned match", e.s.Commit(e.ctx, e.move(c.Match, 1, "take 2", "")), storage.ErrNotFound)
	ids, err := e.s.UserMatches(e.ctx, "u1")
	if err != nil {
		e.t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"fin", "ab"}, ids, cmp.Comparer(func(a, b []string) bool {
		// fin and ab share a creation time; their order is not part of the contract.
		return cmp.Equal(sorted(a), sorted(b))
	})); diff != "" {
		e.t.Fatalf("UserMatches after expiry (-want +got):\n%s", diff)
	}
	// The channel and the ID are free again.
	n := e.newMatch("open", "discord:open")
	e.create(n)
	if l := e.log("open", 1); len(l) != 0 {
		e.t.Fatalf("re-created match inherited the old log: %v", l)
	}
	// Finished and aborted matches never expire.
	e.clock.Advance(1000 * AbandonAfter)
	if got := e.get("fin"); got.Status != storage.StatusFinished {
		e.t.Fatalf("finished match: %+v", got)
	}
	if got := e.get("ab"); got.Status != storage.StatusAborted {
		e.t.Fatalf("aborted match: %+v", got)
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

func testCorrupt(e *env) {
	c, ok := e.s.(Corrupter)
	if !ok {
		e.t.Fatalf("the store under test (%T) does not implement storagetest.Corrupter", e.s)
	}
	bad := e.newMatch("bad", "discord:bad", "alice")
	e.create(bad)
	e.commit(e.move(bad, 0, "take 1", ""))
	good := e.newMatch("good", "discord:good", "alice")
	e.create(good)
	c.Corrupt(e.t, "bad")

	_, err := e.s.Get(e.ctx, "bad")
	wantErr(e.t, "Get of the corrupt match", err, storage.ErrCorrupt)
	if !strings.Contains(err.Error(), "bad") {
		e.t.Fatalf("error %q does not name the match", err)
	}
	// Everything else keeps working.
	e.commit(e.move(good, 0, "take 1", "r1"))
	if got := e.get("good"); got.Version != 1 {
		e.t.Fatalf("good match version %d, want 1", got.Version)
	}
	if l := e.log("good", 1); len(l) != 1 {
		e.t.Fatalf("good match log %v", l)
	}
	if id, err := e.s.ChannelMatch(e.ctx, "discord:good"); err != nil || id != "good" {
		e.t.Fatalf("ChannelMatch(good) = %q, %v", id, err)
	}
	ids, err := e.s.UserMatches(e.ctx, "alice")
	if err != nil || !contains(ids, "good") {
		e.t.Fatalf("UserMatches(alice) = %v, %v; want it to list good", ids, err)
	}
	e.create(e.newMatch("new", "discord:new"))
}

// testDamage damages one match in each way a Corrupter offers and checks
// that the damage is reported for that match alone, with its ID, and that
// it stays visible where the match was (its channel, its players' lists)
// instead of the match silently vanishing or being served stale.
func testDamage(e *env) {
	c, ok := e.s.(Corrupter)
	if !ok {
		e.t.Fatalf("the store under test (%T) does not implement storagetest.Corrupter", e.s)
	}
	for _, kind := range []struct {
		name   string
		damage func(t *testing.T, id string)
	}{{"record", c.Corrupt}, {"log", c.LoseLog}} {
		bad, good := "bad-"+kind.name, "good-"+kind.name
		m := e.newMatch(bad, "discord:"+bad, "alice", "bob")
		e.create(m)
		for i := range 3 {
			c := e.move(m, i%2, fmt.Sprintf("take %d", i+1), "")
			e.commit(c)
			m = c.Match
		}
		g := e.newMatch(good, "discord:"+good, "alice")
		e.create(g)
		gc := e.move(g, 0, "take 1", "")
		e.commit(gc)
		kind.damage(e.t, bad)

		damaged := func(what string, err error) {
			e.t.Helper()
			if id, ok := storage.DamagedMatch(err); !ok || id != bad || !errors.Is(err, storage.ErrCorrupt) {
				e.t.Fatalf("%s damage: %s: %v; want a storage.CorruptError naming %s", kind.name, what, err, bad)
			}
		}
		_, err := e.s.Get(e.ctx, bad)
		damaged("Get", err)
		_, err = e.s.Log(e.ctx, bad, 1)
		damaged("Log", err)
		// A commit built on the last version seen refuses to write over
		// the damage, and leaves it in place.
		damaged("Commit", e.s.Commit(e.ctx, e.play(m, []string{"take 1", "take 2", "take 3"}, 1, "take 4", "late")))
		_, err = e.s.Get(e.ctx, bad)
		damaged("Get after a refused commit", err)
		// The damaged match keeps its channel and its place in its
		// players' lists, so a front end can show the damage there.
		if id, err := e.s.ChannelMatch(e.ctx, "discord:"+bad); err != nil || id != bad {
			e.t.Fatalf("%s damage: ChannelMatch = %q, %v; want %s", kind.name, id, err, bad)
		}
		err = e.s.Create(e.ctx, e.newMatch("new-"+bad, "discord:"+bad))
		wantErr(e.t, kind.name+" damage: Create on the damaged match's channel", err, storage.ErrChannelTaken)
		for _, u := range []string{"alice", "bob"} {
			if ids, err := e.s.UserMatches(e.ctx, u); err != nil || !contains(ids, bad) {
				e.t.Fatalf("%s damage: UserMatches(%s) = %v, %v; want it to list %s", kind.name, u, ids, err, bad)
			}
		}
		// Everything else works.
		if diff := cmp.Diff(gc.Match, e.get(good)); diff != "" {
			e.t.Fatalf("%s damage: the other match changed (-want +got):\n%s", kind.name, diff)
		}
		e.commit(e.move(gc.Match, 0, "take 2", "r2"))
		if l := e.log(good, 1); len(l) != 2 {
			e.t.Fatalf("%s damage: the other match's log has %d entries, want 2", kind.name, len(l))
		}
		if id, err := e.s.ChannelMatch(e.ctx, "discord:"+good); err != nil || id != good {
			e.t.Fatalf("%s damage: ChannelMatch(%s) = %q, %v", kind.name, good, id, err)
		}
		if ids, err := e.s.UserMatches(e.ctx, "alice"); err != nil || !contains(ids, good) {
			e.t.Fatalf("%s damage: UserMatches(alice) = %v, %v; want it to list %s", kind.name, ids, err, good)
		}
		e.create(e.newMatch("new-"+good, "discord:new-"+good))
	}
	// A damaged open match still expires when abandoned, like any other,
	// and frees its channel.
	e.clock.Advance(AbandonAfter + time.Hour)
	for _, kind := range []string{"record", "log"} {
		bad := "bad-" + kind
		_, err := e.s.Get(e.ctx, bad)
		wantErr(e.t, "Get of an abandoned damaged match", err, storage.ErrNotFound)
		_, err = e.s.ChannelMatch(e.ctx, "discord:"+bad)
		wantErr(e.t, "ChannelMatch of an abandoned damaged match", err, storage.ErrNotFound)
		e.create(e.newMatch("after-"+bad, "discord:"+bad))
	}
}

// testSalvage: Salvage reads an intact match whole and what is left of a
// damaged one (its metadata when readable, an intact start of its log,
// what is damaged); Retire refuses an intact match and deletes a damaged
// one, freeing its channel, its ID and its place in its players' lists,
// and touches nothing else.
func testSalvage(e *env) {
	c, ok := e.s.(Corrupter)
	if !ok {
		e.t.Fatalf("the store under test (%T) does not implement storagetest.Corrupter", e.s)
	}
	_, err := e.s.Salvage(e.ctx, "nosuch")
	wantErr(e.t, "Salvage of a missing match", err, storage.ErrNotFound)
	wantErr(e.t, "Retire of a missing match", e.s.Retire(e.ctx, "nosuch"), storage.ErrNotFound)

	play := func(id string) (storage.Match, []storage.LogEntry) {
		m := e.newMatch(id, "discord:"+id, "alice", "bob")
		e.create(m)
		for i := range 3 {
			c := e.move(m, i%2, fmt.Sprintf("take %d", i+1), "")
			e.commit(c)
			m = c.Match
		}
		return m, e.log(id, 1)
	}
	good, goodLog := play("good")
	sv, err := e.s.Salvage(e.ctx, "good")
	want := good
	want.State = nil
	if err != nil || sv.Damage != "" || sv.Match == nil {
		e.t.Fatalf("Salvage of an intact match: %+v, %v", sv, err)
	}
	if diff := cmp.Diff(want, *sv.Match); diff != "" {
		e.t.Fatalf("Salvage of an intact match: metadata (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(goodLog, sv.Log); diff != "" {
		e.t.Fatalf("Salvage of an intact match: log (-want +got):\n%s", diff)
	}
	wantErr(e.t, "Retire of an intact match", e.s.Retire(e.ctx, "good"), storage.ErrIntact)
	if diff := cmp.Diff(good, e.get("good")); diff != "" {
		e.t.Fatalf("a refused Retire changed the match (-want +got):\n%s", diff)
	}

	for _, kind := range []struct {
		name   string
		damage func(t *testing.T, id string)
	}{{"record", c.Corrupt}, {"log", c.LoseLog}} {
		bad := "bad-" + kind.name
		m, full := play(bad)
		// Another match written after it, as LoseLog needs.
		e.create(e.newMatch("after-"+bad, "discord:after-"+bad, "carol"))
		kind.damage(e.t, bad)
		_, err := e.s.Get(e.ctx, bad)
		wantErr(e.t, kind.name+" damage: Get", err, storage.ErrCorrupt)

		sv, err := e.s.Salvage(e.ctx, bad)
		if err != nil {
			e.t.Fatalf("%s damage: Salvage: %v", kind.name, err)
		}
		if sv.Damage == "" {
			e.t.Errorf("%s damage: Salvage does not say what is damaged: %+v", kind.name, sv)
		}
		if sv.Match != nil {
			got := *sv.Match
			if got.ID != bad || got.Game != m.Game || got.Channel != m.Channel || got.Creator != m.Creator || got.Seed != m.Seed ||
				!cmp.Equal(got.Seats, m.Seats) || got.State != nil {
				e.t.Errorf("%s damage: salvaged metadata %+v, want that of %+v without its snapshot", kind.name, got, m)
			}
		}
		if len(sv.Log) > len(full) || !cmp.Equal(sv.Log, full[:len(sv.Log)]) {
			e.t.Errorf("%s damage: salvaged log %v is not an intact start of %v", kind.name, sv.Log, full)
		}
		if kind.name == "log" && len(sv.Log) == len(full) {
			e.t.Errorf("%s damage: salvaged log %v holds every entry of the lost log", kind.name, sv.Log)
		}

		if err := e.s.Retire(e.ctx, bad); err != nil {
			e.t.Fatalf("%s damage: Retire: %v", kind.name, err)
		}
		_, err = e.s.Get(e.ctx, bad)
		wantErr(e.t, kind.name+" damage: Get after Retire", err, storage.ErrNotFound)
		_, err = e.s.Salvage(e.ctx, bad)
		wantErr(e.t, kind.name+" damage: Salvage after Retire", err, storage.ErrNotFound)
		_, err = e.s.ChannelMatch(e.ctx, "discord:"+bad)
		wantErr(e.t, kind.name+" damage: ChannelMatch after Retire", err, storage.ErrNotFound)
		wantErr(e.t, kind.name+" damage: a second Retire", e.s.Retire(e.ctx, bad), storage.ErrNotFound)
		for _, u := range []string{"alice", "bob"} {
			ids, err := e.s.UserMatches(e.ctx, u)
			if err != nil || contains(ids, bad) || !contains(ids, "good") {
				e.t.Fatalf("%s damage: UserMatches(%s) after Retire = %v, %v; want good and not %s", kind.name, u, ids, err, bad)
			}
		}
		// The channel and the ID are free again.
		e.create(e.newMatch("next-"+bad, "discord:"+bad))
		e.create(e.newMatch(bad, "discord:again-"+bad))
		if got := e.get(bad); got.Version != 0 || got.Moves != 0 || len(e.log(bad, 1)) != 0 {
			e.t.Fatalf("%s damage: a new match under the retired ID: %+v", kind.name, got)
		}
	}
	if diff := cmp.Diff(good, e.get("good")); diff != "" {
		e.t.Fatalf("retiring damaged matches changed another (-want +got):\n%s", diff)
	}
	e.commit(e.move(good, 0, "take 4", ""))
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// testConcurrent has 50 goroutines play one move each on one match, each
// retrying on conflict and then re-sending its request. Exactly one commit
// wins per version; every move lands once.
func testConcurrent(e *env) {
	const n = 50
	m := e.newMatch("m1", "discord:1")
	e.create(m)
	var (
		mu      sync.Mutex
		winners = map[int64]int{} // expected version -> successful commits
		wg      sync.WaitGroup
		errs    = make(chan error, n)
	)
	for g := range n {
		wg.Go(func() {
			req := fmt.Sprintf("req-%02d", g)
			mv := fmt.Sprintf("g%02d", g)
			deadline := time.Now().Add(30 * time.Second)
			for attempt := 0; ; attempt++ {
				if time.Now().After(deadline) {
					errs <- fmt.Errorf("goroutine %d: no success after %d attempts in 30s", g, attempt)
					return
				}
				cur, err := e.s.Get(e.ctx, "m1")
				if err != nil {
					errs <- err
					return
				}
				entries, err := e.s.Log(e.ctx, "m1", 1)
				if err != nil {
					errs <- err
					return
				}
				if int64(len(entries)) < cur.Moves {
					errs <- fmt.Errorf("goroutine %d: log has %d entries, match v%d counts %d", g, len(entries), cur.Version, cur.Moves)
					return
				}
				entries = entries[:cur.Moves] // a newer commit may have landed between Get and Log
				c := e.play(cur, moveNames(entries), g%2, mv, req)
				err = e.s.Commit(e.ctx, c)
				if errors.Is(err, storage.ErrConflict) {
					// Like a real client: back off a little (jittered) so the
					// winner's write can land.
					time.Sleep(time.Duration(g%7+attempt%5) * 20 * time.Microsecond)
					continue
				}
				if err != nil {
					errs <- fmt.Errorf("goroutine %d: %w", g, err)
					return
				}
				mu.Lock()
				winners[cur.Version]++
				mu.Unlock()
				// The client did not see the answer and sends again.
				if err := e.s.Commit(e.ctx, c); !errors.Is(err, storage.ErrDuplicate) {
					errs <- fmt.Errorf("goroutine %d: resent commit: %v, want ErrDuplicate", g, err)
				}
				return
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		e.t.Error(err)
	}
	if e.t.Failed() {
		return
	}
	for v := range int64(n) {
		if winners[v] != 1 {
			e.t.Errorf("version %d: %d winning commits, want 1", v, winners[v])
		}
	}
	final := e.get("m1")
	entries := e.log("m1", 1)
	seen := map[string]int{}
	var moves []string
	for i, le := range entries {
		if le.Seq != int64(i+1) {
			e.t.Errorf("log entry %d has seq %d", i, le.Seq)
		}
		seen[le.RequestID]++
		moves = append(moves, le.Move)
	}
	if final.Version != n || final.Moves != n || len(entries) != n || len(seen) != n {
		e.t.Fatalf("final: version %d moves %d log %d distinct requests %d; want %d each", final.Version, final.Moves, len(entries), len(seen), n)
	}
	if string(final.State) != string(stateOf(moves)) {
		e.t.Fatalf("final snapshot %s is not the replay of the log %q", final.State, moves)
	}
}

// testDeleteEnded: with Options.DeleteEndedAfter, a finished or aborted
// match (an abandoned one is aborted by an idle commit of the host's
// clock) expires that long after the commit that ended it, not after
// AbandonAfter, with its log and its place in its players' lists; its ID
// can be used again. Open matches keep expiring after AbandonAfter.
func testDeleteEnded(e *env) {
	fin := e.newMatch("fin", "discord:fin")
	e.create(fin)
	e.commit(e.move(fin, 0, "take 1", ""))
	e.commit(withStatus(e.get("fin"), storage.StatusFinished))
	ab := e.newMatch("ab", "discord:ab")
	e.create(ab)
	gone := withStatus(e.get("ab"), storage.StatusAborted)
	gone.Idle = true // as the host's clock ends an abandoned match
	e.commit(gone)
	late := e.newMatch("late", "discord:late")
	e.create(late)
	live := e.newMatch("live", "discord:live")
	e.create(live)

	// Past AbandonAfter the ended matches stay; the open one that moves
	// stays too, and late ends a day after the others.
	for day := 1; day <= 4; day++ {
		e.clock.Advance(24 * time.Hour)
		e.commit(e.move(e.get("live"), 0, fmt.Sprintf("take %d", day), ""))
		if day == 1 {
			e.commit(withStatus(e.get("late"), storage.StatusFinished))
		}
	}
	e.clock.Advance(DeleteEndedAfter - 4*24*time.Hour - time.Minute)
	for _, id := range []string{"fin", "ab", "late"} {
		e.get(id)
	}
	if l := e.log("fin", 1); len(l) != 1 {
		e.t.Fatalf("log of the finished match before its limit: %v", l)
	}
	ids, err := e.s.UserMatches(e.ctx, "u1")
	if err != nil {
		e.t.Fatal(err)
	}
	if got, want := sorted(ids), []string{"ab", "fin", "late", "live"}; !cmp.Equal(got, want) {
		e.t.Fatalf("UserMatches before the limit: %v, want %v", got, want)
	}

	// DeleteEndedAfter after they ended, fin and ab are gone; late, which
	// ended a day later, is not.
	e.clock.Advance(2 * time.Minute)
	for _, id := range []string{"fin", "ab"} {
		_, err := e.s.Get(e.ctx, id)
		wantErr(e.t, "Get of "+id+" past the limit", err, storage.ErrNotFound)
		_, err = e.s.Log(e.ctx, id, 1)
		wantErr(e.t, "Log of "+id+" past the limit", err, storage.ErrNotFound)
		_, err = e.s.Salvage(e.ctx, id)
		wantErr(e.t, "Salvage of "+id+" past the limit", err, storage.ErrNotFound)
	}
	e.get("late")
	e.get("live")
	ids, err = e.s.UserMatches(e.ctx, "u2")
	if err != nil {
		e.t.Fatal(err)
	}
	if got, want := sorted(ids), []string{"late", "live"}; !cmp.Equal(got, want) {
		e.t.Fatalf("UserMatches past the limit: %v, want %v", got, want)
	}
	// The ID is free again; the new match starts with an empty log.
	e.create(e.newMatch("fin", "discord:fin"))
	if l := e.log("fin", 1); len(l) != 0 {
		e.t.Fatalf("re-created match inherited the old log: %v", l)
	}
	e.clock.Advance(24 * time.Hour)
	_, err = e.s.Get(e.ctx, "late")
	wantErr(e.t, "Get of late past its limit", err, storage.ErrNotFound)
	// An open match still expires after AbandonAfter.
	e.clock.Advance(AbandonAfter)
	_, err = e.s.Get(e.ctx, "live")
	wantErr(e.t, "Get of an abandoned open match", err, storage.ErrNotFound)
}

// testVoteAndUndo: a pending vote is kept with the match (and a copy
// handed out does not share it), an undo is a log entry like a move,
// and ending the vote keeps both.
func testVoteAndUndo(e *env) {
	m := e.newMatch("m1", "discord:100")
	e.create(m)
	c := e.move(m, 0, "take 3", "")
	e.commit(c)
	m = c.Match

	ask := m
	ask.Version++
	ask.Vote = &storage.Vote{Kind: "undo", Seat: 0, Target: 1, Approved: []int{}, Asked: e.clock.Now()}
	e.commit(storage.Commit{ExpectVersion: m.Version, Match: ask})
	got := e.get("m1")
	if got.Vote == nil || got.Vote.Target != 1 || got.Vote.Kind != "undo" || !got.Vote.Asked.Equal(e.clock.Now()) {
		e.t.Fatalf("vote after commit: %+v", got.Vote)
	}
	got.Vote.Approved = append(got.Vote.Approved, 7)
	if again := e.get("m1"); len(again.Vote.Approved) != 0 {
		e.t.Fatalf("stored vote changed through a returned copy: %+v", again.Vote)
	}

	e.clock.Advance(time.Minute)
	undo := ask
	undo.Version++
	undo.Moves++
	undo.Vote = nil
	undo.State = stateOf(nil)
	entry := &storage.LogEntry{Seq: undo.Moves, Seat: 0, Move: "undo", Undo: 1, At: e.clock.Now()}
	e.commit(storage.Commit{ExpectVersion: ask.Version, Match: undo, Entry: entry})
	if got := e.get("m1"); got.Vote != nil || got.Moves != 2 {
		e.t.Fatalf("after the undo: vote %+v, moves %d", got.Vote, got.Moves)
	}
	log := e.log("m1", 1)
	if len(log) != 2 || log[1].Undo != 1 || log[1].Move != "undo" || log[0].Undo != 0 {
		e.t.Fatalf("log with an undo: %+v", log)
	}
}

// Result is a finished match's result for the tests: users seated in
// order, seat 1 winning.
func Result(id, server string, finished time.Time, users ...string) storage.Result {
	r := storage.Result{MatchID: id, Game: "pebbles", Server: server, Channel: "discord:" + id, Finished: finished}
	for i, u := range users {
		r.Seats = append(r.Seats, storage.ResultSeat{UserID: u, Name: "Player " + u, Score: 10 - i, Place: i + 1, Turns: 3, Thinking: time.Duration(i+1) * time.Minute})
	}
	return r
}

// testResults: results are kept once per match and listed by server, by
// user, by both and all, newest first.
func testResults(e *env) {
	t0 := e.clock.Now()
	rs := []storage.Result{
		Result("m1", "discord:g1", t0, "u1", "u2"),
		Result("m2", "discord:g1", t0.Add(time.Hour), "u2", "u3"),
		Result("m3", "discord:g2", t0.Add(2*time.Hour), "u1", "u3"),
		Result("m4", "", t0.Add(3*time.Hour), "u1", "u2"),
	}
	// In m2, u4 played part of a seat and handed it on: their result.
	rs[1].Left = []storage.ResultSeat{{UserID: "u4", Name: "Player u4", Turns: 2, Thinking: time.Hour}}
	for _, r := range rs {
		if err := e.s.AddResult(e.ctx, r); err != nil {
			e.t.Fatalf("AddResult(%s): %v", r.MatchID, err)
		}
	}
	// Once per match: a second write (after a crash, say) changes nothing.
	again := rs[0]
	again.Seats = nil
	if err := e.s.AddResult(e.ctx, again); err != nil {
		e.t.Fatalf("AddResult again: %v", err)
	}
	ids := func(f storage.ResultFilter) string {
		got, err := e.s.Results(e.ctx, f)
		if err != nil {
			e.t.Fatalf("Results(%+v): %v", f, err)
		}
		var out []string
		for _, r := range got {
			out = append(out, r.MatchID)
		}
		return strings.Join(out, " ")
	}
	for f, want := range map[storage.ResultFilter]string{
		{}:                                   "m4 m3 m2 m1",
		{Server: "discord:g1"}:               "m2 m1",
		{UserID: "u1"}:                       "m4 m3 m1",
		{Server: "discord:g1", UserID: "u2"}: "m2 m1",
		{Server: "discord:none"}:             "",
		{UserID: "nobody"}:                   "",
		{UserID: "u4"}:                       "m2",
		{Server: "discord:g1", UserID: "u4"}: "m2",
	} {
		if got := ids(f); got != want {
			e.t.Errorf("Results(%+v) = %q, want %q", f, got, want)
		}
	}
	got, err := e.s.Results(e.ctx, storage.ResultFilter{UserID: "u2", Server: "discord:g1"})
	if err != nil || len(got) != 2 {
		e.t.Fatalf("results: %v %v", got, err)
	}
	if diff := cmp.Diff(rs[1], got[0], cmpopts.EquateApproxTime(time.Millisecond)); diff != "" {
		e.t.Errorf("a result read back (-want +got):\n%s", diff)
	}
	if len(got[1].Seats) != 2 {
		e.t.Errorf("the second write replaced the first: %+v", got[1])
	}
}
