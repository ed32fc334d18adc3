package storagetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/smokestack/smokestack/storage"
)

// withDue is a commit without a log entry that sets the match's due time
// and clock.
func withDue(m storage.Match, due time.Time) storage.Commit {
	next := m
	next.Version++
	next.Due = due
	next.Clock = json.RawMessage(fmt.Sprintf(`{"v":%d}`, next.Version))
	return storage.Commit{ExpectVersion: m.Version, Match: next}
}

func (e *env) due(owner string, lease time.Duration, limit int) []string {
	e.t.Helper()
	ids, err := e.s.Due(e.ctx, e.clock.Now(), owner, lease, limit)
	if err != nil {
		e.t.Fatalf("Due(%s): %v", owner, err)
	}
	return ids
}

func (e *env) wantDue(what string, got []string, want ...string) {
	e.t.Helper()
	if len(got) == 0 && len(want) == 0 {
		return
	}
	if diff := cmp.Diff(want, got); diff != "" {
		e.t.Fatalf("%s: Due (-want +got):\n%s", what, diff)
	}
}

// testDue: the due index gives each due match once per lease, earliest
// first, follows commits that move or clear the due time, and forgets
// ended matches.
func testDue(e *env) {
	t0 := e.clock.Now()
	a := e.newMatch("a", "discord:1")
	a.Due = t0.Add(time.Hour)
	a.Clock = json.RawMessage(`{"remind":"24h"}`)
	e.create(a)
	if diff := cmp.Diff(a, e.get("a")); diff != "" {
		e.t.Fatalf("Get keeps Due and Clock (-want +got):\n%s", diff)
	}
	b := e.newMatch("b", "discord:2")
	e.create(b)
	e.commit(withDue(b, t0.Add(30*time.Minute)))
	b = e.get("b")
	c := e.newMatch("c", "discord:3") // no due time
	e.create(c)
	d := e.newMatch("d", "discord:4")
	d.Due = t0.Add(time.Minute)
	e.create(d)
	e.commit(withStatus(e.get("d"), storage.StatusFinished)) // ended: never due

	e.wantDue("before any due time", e.due("p1", time.Minute, 10))
	e.clock.Advance(2 * time.Hour)
	e.wantDue("both due, earliest first", e.due("p1", time.Minute, 10), "b", "a")
	e.wantDue("leased to p1", e.due("p2", time.Minute, 10))
	e.wantDue("leased, same owner", e.due("p1", time.Minute, 10))
	e.clock.Advance(time.Minute)
	e.wantDue("lease over: due again, limit 1", e.due("p2", time.Minute, 1), "b")
	e.wantDue("the rest", e.due("p2", time.Minute, 1), "a")

	// A commit that moves the due time later: not due.
	e.commit(withDue(e.get("a"), e.clock.Now().Add(time.Hour)))
	// A commit ends the lease: due now means due at once.
	e.commit(withDue(b, e.clock.Now()))
	e.wantDue("a moved later, b committed due now", e.due("p3", time.Minute, 10), "b")
	// Clearing the due time.
	e.commit(withDue(e.get("b"), time.Time{}))
	e.clock.Advance(2 * time.Hour)
	e.wantDue("a due again, b cleared", e.due("p3", time.Minute, 10), "a")
	// A match moved later and then closer again, while its entry was
	// leased as not due yet.
	e.clock.Advance(time.Minute)
	e.commit(withDue(e.get("a"), e.clock.Now().Add(5*time.Hour)))
	e.wantDue("a later", e.due("p3", time.Minute, 10))
	e.commit(withDue(e.get("a"), e.clock.Now()))
	e.wantDue("a closer again", e.due("p3", time.Minute, 10), "a")
	// An ended match is never due.
	e.commit(withStatus(e.get("a"), storage.StatusAborted))
	e.clock.Advance(time.Hour)
	e.wantDue("a aborted", e.due("p3", time.Minute, 10))

	// An expired match is never due.
	x := e.newMatch("x", "discord:5")
	x.Due = e.clock.Now().Add(AbandonAfter + time.Hour)
	e.create(x)
	e.clock.Advance(AbandonAfter + 2*time.Hour)
	e.wantDue("x expired", e.due("p3", time.Minute, 10))

	for _, bad := range []struct {
		owner string
		lease time.Duration
		limit int
	}{{"", time.Minute, 1}, {"p", 0, 1}, {"p", time.Minute, 0}} {
		if _, err := e.s.Due(e.ctx, e.clock.Now(), bad.owner, bad.lease, bad.limit); err == nil {
			e.t.Fatalf("Due(%q, %v, %d) accepted", bad.owner, bad.lease, bad.limit)
		}
	}
}

// testDueOnce: owners racing for the same due matches each get a match
// at most once between them.
func testDueOnce(e *env) {
	const n = 30
	for i := range n {
		m := e.newMatch(fmt.Sprintf("m%02d", i), fmt.Sprintf("discord:%d", i))
		m.Due = e.clock.Now().Add(time.Duration(i) * time.Second)
		e.create(m)
	}
	e.clock.Advance(time.Hour)
	var (
		mu  sync.Mutex
		got []string
		wg  sync.WaitGroup
	)
	for p := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				ids, err := e.s.Due(e.ctx, e.clock.Now(), fmt.Sprintf("p%d", p), time.Hour, 4)
				if err != nil {
					e.t.Errorf("Due: %v", err)
					return
				}
				mu.Lock()
				got = append(got, ids...)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	// What the racing calls left comes now.
	for {
		ids := e.due("last", time.Hour, 10)
		if len(ids) == 0 {
			break
		}
		got = append(got, ids...)
	}
	slices.Sort(got)
	if len(got) != n || len(slices.Compact(slices.Clone(got))) != n {
		e.t.Fatalf("owners racing got %d claims of %d distinct matches, want each of %d once: %v", len(got), len(slices.Compact(slices.Clone(got))), n, got)
	}
}

// testPrefs: preferences round-trip, are replaced and deleted, and keys
// and sizes are checked.
func testPrefs(e *env) {
	got, err := e.s.Prefs(e.ctx, "user:discord:1")
	if err != nil || got != nil {
		e.t.Fatalf("Prefs of nobody = %q, %v; want nil, nil", got, err)
	}
	set := func(key, data string) {
		e.t.Helper()
		if err := e.s.SetPrefs(e.ctx, key, []byte(data)); err != nil {
			e.t.Fatalf("SetPrefs(%s): %v", key, err)
		}
	}
	want := func(key, data string) {
		e.t.Helper()
		got, err := e.s.Prefs(e.ctx, key)
		if err != nil || string(got) != data {
			e.t.Fatalf("Prefs(%s) = %q, %v; want %q", key, got, err, data)
		}
	}
	set("user:discord:1", `{"away":"x"}`)
	set("guild:discord:9", `{"remind":"12h"}`)
	want("user:discord:1", `{"away":"x"}`)
	want("guild:discord:9", `{"remind":"12h"}`)
	set("user:discord:1", `{"tz":"Europe/Paris"}`)
	want("user:discord:1", `{"tz":"Europe/Paris"}`)
	got, _ = e.s.Prefs(e.ctx, "user:discord:1")
	got[0] = 'X' // the store keeps its own copy
	want("user:discord:1", `{"tz":"Europe/Paris"}`)
	set("user:discord:1", "")
	want("user:discord:1", "")
	want("guild:discord:9", `{"remind":"12h"}`)
	// Preferences never expire.
	e.clock.Advance(10 * AbandonAfter)
	want("guild:discord:9", `{"remind":"12h"}`)

	if err := e.s.SetPrefs(e.ctx, "", []byte("x")); err == nil {
		e.t.Fatal("SetPrefs with an empty key accepted")
	}
	if err := e.s.SetPrefs(e.ctx, "a{b}", []byte("x")); err == nil {
		e.t.Fatal("SetPrefs with braces in the key accepted")
	}
	big := strings.Repeat("x", storage.MaxPrefs+1)
	if err := e.s.SetPrefs(e.ctx, "user:big", []byte(big)); err == nil {
		e.t.Fatalf("SetPrefs of %d bytes accepted", len(big))
	}
	ctx, cancel := context.WithCancel(e.ctx)
	cancel()
	if _, err := e.s.Prefs(ctx, "guild:discord:9"); !errors.Is(err, context.Canceled) && err == nil {
		e.t.Fatal("Prefs with a cancelled context succeeded")
	}
}

// testIdle: an idle commit (a reminder) keeps an open match's expiry
// deadline; any other commit moves it.
func testIdle(e *env) {
	a := e.newMatch("a", "discord:1")
	e.create(a)
	b := e.newMatch("b", "discord:2")
	e.create(b)
	e.clock.Advance(AbandonAfter - time.Hour)
	idle := withDue(e.get("a"), e.clock.Now().Add(time.Hour))
	idle.Idle = true
	e.commit(idle)
	e.commit(withDue(e.get("b"), e.clock.Now().Add(time.Hour)))
	if got := e.get("a"); got.Version != 1 || !got.Due.Equal(idle.Match.Due) {
		e.t.Fatalf("after an idle commit: version %d due %v", got.Version, got.Due)
	}
	e.clock.Advance(2 * time.Hour)
	_, err := e.s.Get(e.ctx, "a")
	wantErr(e.t, "Get of a match whose only recent commit was idle", err, storage.ErrNotFound)
	e.get("b")
	e.wantDue("the expired match is not due", e.due("p", time.Minute, 10), "b")
	// An idle commit that ends a match (it never is one) still ends it.
	c := withStatus(e.get("b"), storage.StatusFinished)
	c.Idle = true
	e.commit(c)
	e.clock.Advance(10 * AbandonAfter)
	if got := e.get("b"); got.Status != storage.StatusFinished {
		e.t.Fatalf("finished match: %+v", got)
	}
}
