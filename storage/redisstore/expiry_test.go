package redisstore_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestIndexExpiry: an abandoned open match, a playground match typically,
// leaves nothing behind: its channel key and its players' index keys
// expire too, never before the match's own keys. A finished match and its
// players' lists stay.
func TestIndexExpiry(t *testing.T) {
	ctx := context.Background()
	const abandon = 400 * time.Millisecond
	s, c, prefix := newTestStore(t, storage.Options{AbandonAfter: abandon})
	lobby := match("lobby", "web-1")
	lobby.Status = storage.StatusLobby
	if err := s.Create(ctx, lobby); err != nil {
		t.Fatal(err)
	}
	played := match("played", "web-2")
	if err := s.Create(ctx, played); err != nil {
		t.Fatal(err)
	}
	played = commit(t, s, played, true, "r1")
	// A second seat taken by a commit is indexed with a TTL too.
	played.Seats = append(played.Seats, storage.Seat{UserID: "web-3"})
	commit(t, s, played, false, "")
	fin := match("fin", "web-4")
	if err := s.Create(ctx, fin); err != nil {
		t.Fatal(err)
	}
	fin.Status = storage.StatusFinished
	commit(t, s, fin, false, "")

	key := func(k string) string { return prefix + ":" + k }
	for id, users := range map[string][]string{"lobby": {"web-1"}, "played": {"web-2", "web-3"}} {
		own := c.PTTL(ctx, key("{m:"+id+"}:match")).Val()
		if own <= 0 {
			t.Fatalf("%s: match key TTL %v", id, own)
		}
		idx := []string{key("chan:web:" + id)}
		for _, u := range users {
			idx = append(idx, key("user:"+u))
		}
		for _, k := range idx {
			ttl := c.PTTL(ctx, k).Val()
			if ttl <= 0 {
				t.Errorf("%s: TTL %v: the key would stay after the match expires", k, ttl)
			} else if ttl < own+abandon-100*time.Millisecond || ttl > own+abandon+100*time.Millisecond {
				t.Errorf("%s: TTL %v, want the match's %v plus AbandonAfter", k, ttl, own)
			}
		}
	}
	for _, k := range []string{key("{m:fin}:match"), key("user:web-4")} {
		if ttl := c.PTTL(ctx, k).Val(); ttl != -1 {
			t.Errorf("%s of a finished match: TTL %v, want none (-1)", k, ttl)
		}
	}
	if n := c.Exists(ctx, key("chan:web:fin")).Val(); n != 0 {
		t.Errorf("the finished match still holds its channel key")
	}

	// Wait out the match keys (AbandonAfter and an eighth) and the index
	// keys (AbandonAfter more).
	time.Sleep(2*abandon + abandon/8 + 300*time.Millisecond)
	var left []string
	for _, k := range c.Keys(ctx, prefix+":*").Val() {
		// Request markers expire on their own, 30 minutes after the request.
		if strings.Contains(k, ":idem:") {
			if ttl := c.PTTL(ctx, k).Val(); ttl <= 0 || ttl > 30*time.Minute {
				t.Errorf("request marker %s: TTL %v, want at most 30m", k, ttl)
			}
			continue
		}
		left = append(left, k)
	}
	slices.Sort(left)
	want := []string{key("user:web-4"), key("{m:fin}:match")}
	if !slices.Equal(left, want) {
		t.Fatalf("keys left after the open matches were abandoned: %q, want only the finished match and its player's list %q", left, want)
	}
}

// TestIndexTTLRefresh: when a commit extends the life of a match's keys,
// its index keys are extended too; if that step is lost (a crash right
// after the commit), the next commit repeats it.
func TestIndexTTLRefresh(t *testing.T) {
	ctx := context.Background()
	clock := storagetest.NewClock()
	const abandon = time.Hour
	s, c, prefix := newTestStore(t, storage.Options{AbandonAfter: abandon, Now: clock.Now})
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	matchKey, chanKey, userKey := prefix+":{m:m1}:match", prefix+":chan:web:m1", prefix+":user:u1"
	outlives := func(when string) {
		t.Helper()
		own := c.PTTL(ctx, matchKey).Val()
		for _, k := range []string{chanKey, userKey} {
			if ttl := c.PTTL(ctx, k).Val(); ttl < own+abandon-time.Second {
				t.Fatalf("%s: %s lives %v, the match %v: the index must outlive the match by AbandonAfter", when, k, ttl, own)
			}
		}
	}
	outlives("after Create")
	clock.Advance(abandon / 4) // past the slack: the next commit extends the keys
	m = commit(t, s, m, true, "")
	outlives("after a commit that extended the match's keys")
	if rexp, irexp := c.HGet(ctx, matchKey, "rexp").Val(), c.HGet(ctx, matchKey, "irexp").Val(); rexp != irexp {
		t.Fatalf("rexp %s, irexp %s: the index step is not recorded", rexp, irexp)
	}
	// Lose the index step of the next extension.
	clock.Advance(abandon / 4)
	c.HSet(ctx, matchKey, "rexp", 1) // due for extension
	m = commit(t, s, m, true, "")
	c.PExpire(ctx, chanKey, time.Minute)
	c.PExpire(ctx, userKey, time.Minute)
	c.HSet(ctx, matchKey, "irexp", 1)
	commit(t, s, m, true, "")
	outlives("after the commit following a lost index step")
}
