package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// srv is the one redis-server of this test binary; every test uses its own
// key prefix on it. cluster is a Redis Cluster of three masters with one
// replica each, started by the first test that needs it.
var (
	srv     *redistest.Server
	cluster = &redistest.Shared{}
)

func TestMain(m *testing.M) {
	var err error
	srv, err = redistest.Start(redistest.Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	if err := srv.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	if err := cluster.Stop(); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	os.Exit(code)
}

// testStore is the store under test plus the means to damage its data.
type testStore struct {
	*redisstore.Store
	raw    func() redis.UniversalClient // a client of its own to the same server or cluster
	prefix string
}

func (s testStore) Corrupt(t *testing.T, id string) {
	c := s.raw()
	defer c.Close()
	key := s.prefix + ":{m:" + id + "}:match"
	if err := c.HSet(context.Background(), key, "rec", `{"id": "`+id+`", "version": 1, `).Err(); err != nil {
		t.Fatal(err)
	}
}

// LoseLog deletes the match's log key, as an eviction would.
func (s testStore) LoseLog(t *testing.T, id string) {
	c := s.raw()
	defer c.Close()
	if n, err := c.Del(context.Background(), s.prefix+":{m:"+id+"}:log").Result(); err != nil || n != 1 {
		t.Fatalf("delete the log key: %d, %v", n, err)
	}
}

func openStore(t *testing.T, opts storage.Options) storage.Store {
	prefix := redistest.Prefix(t)
	s := redisstore.New(srv.Client(), prefix, opts)
	t.Cleanup(func() { s.Close() })
	return testStore{Store: s, raw: func() redis.UniversalClient { return srv.Client() }, prefix: prefix}
}

func TestConformance(t *testing.T) {
	storagetest.Run(t, openStore)
}

// TestConformanceCompact runs the suite on a store writing the compact
// form (Compact): packed log, compressed snapshot.
func TestConformanceCompact(t *testing.T) {
	storagetest.Run(t, func(t *testing.T, opts storage.Options) storage.Store {
		prefix := redistest.Prefix(t)
		s := redisstore.New(srv.Client(), prefix, opts, redisstore.Compact(true))
		t.Cleanup(func() { s.Close() })
		return testStore{Store: s, raw: func() redis.UniversalClient { return srv.Client() }, prefix: prefix}
	})
}

func newTestStore(t *testing.T, opts storage.Options) (*redisstore.Store, *redis.Client, string) {
	prefix := redistest.Prefix(t)
	s := redisstore.New(srv.Client(), prefix, opts)
	c := srv.Client()
	t.Cleanup(func() { s.Close(); c.Close() })
	return s, c, prefix
}

func match(id string, users ...string) storage.Match {
	m := storage.Match{ID: id, Game: "pebbles", Channel: "web:" + id, Creator: users[0], Status: storage.StatusActive}
	for _, u := range users {
		m.Seats = append(m.Seats, storage.Seat{UserID: u})
	}
	return m
}

func commit(t *testing.T, s storage.Store, m storage.Match, entry bool, req string) storage.Match {
	t.Helper()
	next := m
	next.Version++
	c := storage.Commit{ExpectVersion: m.Version, Match: next, RequestID: req}
	if entry {
		next.Moves++
		c.Match = next
		c.Entry = &storage.LogEntry{Seq: next.Moves, Move: "x"}
	}
	if err := s.Commit(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	return next
}

// TestTTL checks the real TTLs, in both forms: set with slack for open
// matches, removed when a match ends; request markers expire on their
// own. The compact form packs an ended match's whole log into its hash,
// so its log list is gone.
func TestTTL(t *testing.T) {
	for _, compact := range []bool{false, true} {
		t.Run(formName(compact), func(t *testing.T) { testTTL(t, compact) })
	}
}

func formName(compact bool) string {
	if compact {
		return "compact"
	}
	return "old"
}

// newFormStore is newTestStore writing the old or the compact form.
func newFormStore(t *testing.T, opts storage.Options, compact bool) (*redisstore.Store, *redis.Client, string) {
	prefix := redistest.Prefix(t)
	s := redisstore.New(srv.Client(), prefix, opts, redisstore.Compact(compact))
	c := srv.Client()
	t.Cleanup(func() { s.Close(); c.Close() })
	return s, c, prefix
}

func testTTL(t *testing.T, compact bool) {
	ctx := context.Background()
	s, c, prefix := newFormStore(t, storage.Options{AbandonAfter: time.Hour}, compact)
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m = commit(t, s, m, true, "r1")
	key := func(part string) string { return prefix + ":{m:m1}:" + part }
	for _, k := range []string{key("match"), key("log")} {
		ttl := c.PTTL(ctx, k).Val()
		if ttl < time.Hour-time.Minute || ttl > time.Hour+time.Hour/8 {
			t.Errorf("%s: TTL %v, want between 1h and 1h7m30s", k, ttl)
		}
	}
	if ttl := c.PTTL(ctx, key("idem:r1")).Val(); ttl < 25*time.Minute || ttl > 30*time.Minute {
		t.Errorf("request marker TTL %v, want about 30m", ttl)
	}
	m.Status = storage.StatusFinished
	commit(t, s, m, false, "")
	if ttl := c.PTTL(ctx, key("match")).Val(); ttl != -1 {
		t.Errorf("the match of a finished match: TTL %v, want none (-1)", ttl)
	}
	if ttl, want := c.PTTL(ctx, key("log")).Val(), endedLogTTL(compact, -1); ttl != want {
		t.Errorf("the log of a finished match: TTL %v, want %v", ttl, want)
	}
}

// endedLogTTL is the PTTL of an ended match's log list: its own in the
// old form, -2 (no key) in the compact form, which packs it whole.
func endedLogTTL(compact bool, old time.Duration) time.Duration {
	if compact {
		return -2
	}
	return old
}

// TestTTLDeleteEnded: with DeleteEndedAfter, an ended match keeps a real
// TTL covering its deadline, and its players' sets are not made permanent
// but outlive it (both forms; the compact form keeps no log list).
func TestTTLDeleteEnded(t *testing.T) {
	for _, compact := range []bool{false, true} {
		t.Run(formName(compact), func(t *testing.T) { testTTLDeleteEnded(t, compact) })
	}
}

func testTTLDeleteEnded(t *testing.T, compact bool) {
	ctx := context.Background()
	s, c, prefix := newFormStore(t, storage.Options{AbandonAfter: time.Hour, DeleteEndedAfter: 24 * time.Hour}, compact)
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m = commit(t, s, m, true, "")
	key := func(part string) string { return prefix + ":{m:m1}:" + part }
	m.Status = storage.StatusAborted
	commit(t, s, m, false, "")
	keys := []string{key("match"), key("log")}
	if compact {
		if ttl := c.PTTL(ctx, key("log")).Val(); ttl != -2 {
			t.Errorf("the log list of an ended match in the compact form: TTL %v, want no key (-2)", ttl)
		}
		keys = keys[:1]
	}
	for _, k := range keys {
		if ttl := c.PTTL(ctx, k).Val(); ttl < 24*time.Hour-time.Minute || ttl > 27*time.Hour {
			t.Errorf("%s of an ended match: TTL %v, want 24h to 27h", k, ttl)
		}
	}
	if ttl := c.PTTL(ctx, prefix+":user:u1").Val(); ttl < 48*time.Hour-time.Minute {
		t.Errorf("user set of an ended match: TTL %v, want at least 48h", ttl)
	}
}

// TestIndexRepair: a commit that died between the script and the user
// index step is repaired by the next commit of the match.
func TestIndexRepair(t *testing.T) {
	ctx := context.Background()
	s, c, prefix := newTestStore(t, storage.Options{})
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m.Seats = append(m.Seats, storage.Seat{UserID: "u2"})
	m = commit(t, s, m, false, "")
	if ids, _ := s.UserMatches(ctx, "u2"); len(ids) != 1 {
		t.Fatalf("u2 not indexed after joining: %v", ids)
	}
	// Undo the index step, as a crash right after the script would.
	c.ZRem(ctx, prefix+":user:u2", "m1")
	c.HSet(ctx, prefix+":{m:m1}:match", "idx", "u1")
	if ids, _ := s.UserMatches(ctx, "u2"); len(ids) != 0 {
		t.Fatalf("setup: u2 still indexed: %v", ids)
	}
	commit(t, s, m, true, "")
	if ids, _ := s.UserMatches(ctx, "u2"); len(ids) != 1 {
		t.Fatalf("u2 not indexed again after the next commit: %v", ids)
	}
}

// TestStaleChannel: a channel key left pointing at an ended match (the
// process died before releasing it) does not block the channel.
func TestStaleChannel(t *testing.T) {
	ctx := context.Background()
	s, c, prefix := newTestStore(t, storage.Options{})
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m.Status = storage.StatusAborted
	commit(t, s, m, false, "")
	c.Set(ctx, prefix+":chan:web:m1", "m1", 0)
	if _, err := s.ChannelMatch(ctx, "web:m1"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("ChannelMatch with a stale key: %v, want ErrNotFound", err)
	}
	n := match("m2", "u1")
	n.Channel = "web:m1"
	if err := s.Create(ctx, n); err != nil {
		t.Fatalf("Create on a channel with a stale key: %v", err)
	}
	if id, err := s.ChannelMatch(ctx, "web:m1"); err != nil || id != "m2" {
		t.Fatalf("ChannelMatch = %q, %v; want m2", id, err)
	}
	// A channel key pointing at a match that was never created is free too.
	c.Set(ctx, prefix+":chan:web:ghost", "ghost", 0)
	g := match("m3", "u1")
	g.Channel = "web:ghost"
	if err := s.Create(ctx, g); err != nil {
		t.Fatalf("Create on a channel pointing at nothing: %v", err)
	}
}

// TestScriptFlush: a server that lost its script cache (restart, SCRIPT
// FLUSH, failover) gets the script again through EVAL.
func TestScriptFlush(t *testing.T) {
	ctx := context.Background()
	s, c, _ := newTestStore(t, storage.Options{})
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	m = commit(t, s, m, true, "r1")
	if err := c.ScriptFlush(ctx).Err(); err != nil {
		t.Fatal(err)
	}
	commit(t, s, m, true, "r2")
	if got, err := s.Get(ctx, "m1"); err != nil || got.Version != 2 {
		t.Fatalf("after SCRIPT FLUSH: %+v, %v", got, err)
	}
}
