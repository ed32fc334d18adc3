package redisstore_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// wantDamaged fails unless err is a CorruptError naming id.
func wantDamaged(t *testing.T, what string, err error, id string) {
	t.Helper()
	if got, ok := storage.DamagedMatch(err); !ok || got != id || !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("%s: %v; want a storage.CorruptError naming %s", what, err, id)
	}
}

// TestLostLog: a match whose log key is gone (deleted, or evicted by a
// memory policy) still counts its moves. Loading it must say it is
// damaged, not serve an empty log that would replay to another position,
// and a commit must not start a new log from nothing.
func TestLostLog(t *testing.T) {
	ctx := context.Background()
	s, c, prefix := newTestStore(t, storage.Options{})
	m := match("m1", "u1")
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		m = commit(t, s, m, true, "")
	}
	logKey := prefix + ":{m:m1}:log"
	c.Del(ctx, logKey)
	_, err := s.Get(ctx, "m1")
	wantDamaged(t, "Get", err, "m1")
	_, err = s.Log(ctx, "m1", 1)
	wantDamaged(t, "Log", err, "m1")
	next := m
	next.Version++
	next.Moves++
	err = s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next, Entry: &storage.LogEntry{Seq: next.Moves, Move: "x"}})
	wantDamaged(t, "Commit", err, "m1")
	if n := c.Exists(ctx, logKey).Val(); n != 0 {
		t.Fatalf("the refused commit started a new log")
	}
	if v := c.HGet(ctx, prefix+":{m:m1}:match", "v").Val(); v != "3" {
		t.Fatalf("the refused commit changed the version to %s", v)
	}
	// A log longer than the move count is damage too.
	c.RPush(ctx, logKey, `{"seq":1}`, `{"seq":2}`, `{"seq":3}`, `{"seq":4}`)
	_, err = s.Get(ctx, "m1")
	wantDamaged(t, "Get with a log too long", err, "m1")

	// The match's own key lost, its log left: damage, and the ID stays
	// taken rather than a new match inheriting the old log.
	m2 := match("m2", "u1")
	if err := s.Create(ctx, m2); err != nil {
		t.Fatal(err)
	}
	commit(t, s, m2, true, "")
	c.Del(ctx, prefix+":{m:m2}:match")
	_, err = s.Get(ctx, "m2")
	wantDamaged(t, "Get of a match whose record is lost", err, "m2")
	_, err = s.Log(ctx, "m2", 1)
	wantDamaged(t, "Log of a match whose record is lost", err, "m2")
	m2.Channel = "web:other"
	wantDamaged(t, "Create over a lost record's log", s.Create(ctx, m2), "m2")
	if id, err := s.ChannelMatch(ctx, "web:m2"); err != nil || id != "m2" {
		t.Fatalf("ChannelMatch of the match whose record is lost = %q, %v; want m2 (damaged, keeping its channel)", id, err)
	}
}

// TestWrongType: a key holding the wrong type of value (a bug, or another
// program writing under our prefix) is reported as that match's damage,
// not as an internal error; a damaged index key is reported as damage too.
func TestWrongType(t *testing.T) {
	ctx := context.Background()
	s, c, prefix := newTestStore(t, storage.Options{})
	for _, id := range []string{"m1", "m2", "ok"} {
		m := match(id, "u1")
		if err := s.Create(ctx, m); err != nil {
			t.Fatal(err)
		}
		commit(t, s, m, true, "")
	}
	c.Del(ctx, prefix+":{m:m1}:match")
	c.Set(ctx, prefix+":{m:m1}:match", "not a hash", 0)
	c.Del(ctx, prefix+":{m:m2}:log")
	c.Set(ctx, prefix+":{m:m2}:log", "not a list", 0)
	for _, id := range []string{"m1", "m2"} {
		_, err := s.Get(ctx, id)
		wantDamaged(t, "Get("+id+")", err, id)
		_, err = s.Log(ctx, id, 1)
		wantDamaged(t, "Log("+id+")", err, id)
		m := match(id, "u1")
		m.Version, m.Moves = 2, 2
		err = s.Commit(ctx, storage.Commit{ExpectVersion: 1, Match: m, Entry: &storage.LogEntry{Seq: 2}})
		wantDamaged(t, "Commit("+id+")", err, id)
		if got, err := s.ChannelMatch(ctx, "web:"+id); err != nil || got != id {
			t.Fatalf("ChannelMatch(web:%s) = %q, %v; want the damaged match", id, got, err)
		}
	}
	ids, err := s.UserMatches(ctx, "u1")
	if err != nil || !slices.Contains(ids, "m1") || !slices.Contains(ids, "ok") {
		t.Fatalf("UserMatches = %v, %v; want the damaged match listed with the others", ids, err)
	}
	if _, err := s.Get(ctx, "ok"); err != nil {
		t.Fatalf("the intact match: %v", err)
	}
	// Index keys of the wrong type.
	c.HSet(ctx, prefix+":chan:web:x", "f", "v")
	if _, err := s.ChannelMatch(ctx, "web:x"); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("ChannelMatch on a channel key of the wrong type: %v, want ErrCorrupt", err)
	}
	c.Set(ctx, prefix+":user:u9", "x", 0)
	if _, err := s.UserMatches(ctx, "u9"); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("UserMatches on a user key of the wrong type: %v, want ErrCorrupt", err)
	}
	// Creating a match for that user reports the index's damage, not the
	// new match's.
	err = s.Create(ctx, match("m9", "u9"))
	if _, named := storage.DamagedMatch(err); !errors.Is(err, storage.ErrCorrupt) || named {
		t.Fatalf("Create for a user whose key has the wrong type: %v, want ErrCorrupt naming no match", err)
	}
}

// TestEvictionPolicy: Open refuses a server that may evict keys, accepts
// noeviction, and warns when it cannot read the policy.
func TestEvictionPolicy(t *testing.T) {
	ctx := context.Background()
	srv := redistest.New(t, redistest.Options{Args: []string{"--maxmemory-policy", "volatile-lru"}})
	logs, log := storagetest.NewLogs()
	opts := storage.Options{Log: log}
	_, err := redisstore.Open(ctx, srv.Client(), "p", opts)
	if !errors.Is(err, redisstore.ErrEviction) {
		t.Fatalf("Open with volatile-lru: %v, want ErrEviction", err)
	}
	t.Logf("the refusal reads: %v", err)
	c := srv.Client()
	defer c.Close()
	if err := c.ConfigSet(ctx, "maxmemory-policy", "noeviction").Err(); err != nil {
		t.Fatal(err)
	}
	s, err := redisstore.Open(ctx, srv.Client(), "p", opts)
	if err != nil {
		t.Fatalf("Open with noeviction: %v", err)
	}
	s.Close()
	if r := logs.Find(slog.LevelWarn, "maxmemory"); len(r) != 0 {
		t.Fatalf("logged %v", r)
	}

	// Managed services often disable CONFIG: then warn, loudly, and go on.
	locked := redistest.New(t, redistest.Options{Args: []string{"--rename-command", "CONFIG", ""}})
	s, err = redisstore.Open(ctx, locked.Client(), "p", opts)
	if err != nil {
		t.Fatalf("Open without CONFIG: %v", err)
	}
	s.Close()
	if w := logs.Find(slog.LevelWarn, "cannot read maxmemory-policy"); len(w) != 1 {
		t.Fatalf("want a warning about the unreadable policy, got %v", logs.Records())
	}
	if w := logs.Find(slog.LevelWarn, "cannot read the persistence settings"); len(w) != 1 {
		t.Fatalf("want a warning about the unreadable persistence settings, got %v", logs.Records())
	}

	// A server that does not answer.
	srv.Freeze()
	defer srv.Thaw()
	opts.Timeout = 200 * time.Millisecond
	if _, err := redisstore.Open(ctx, srv.Client(), "p", opts); !errors.Is(err, storage.ErrUnavailable) {
		t.Fatalf("Open of a frozen server: %v, want ErrUnavailable", err)
	}
}

// TestMetadataLayout: the commit script checks a match's metadata by
// searching its JSON for the stored version as `"version":V,"moves":` and
// reading the move count after it (cheaper than decoding it in Lua). The
// two fields must stay adjacent in storage.Match, and text in options or
// names (escaped strings) must not be found first.
func TestMetadataLayout(t *testing.T) {
	m := match("m1", "u1")
	m.Version, m.Moves, m.RulesVersion = 12, 7, 12
	m.Options = map[string]string{"version": "12", `"version":12,"moves":`: "3,"}
	m.Seats[0].Name = `"version":12,"moves":5,`
	rec, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	key := `"version":12,"moves":`
	i := strings.Index(string(rec), key)
	if i < 0 || !strings.HasPrefix(string(rec[i+len(key):]), "7,") {
		t.Fatalf("the metadata JSON %s: the first %s is not followed by the move count 7", rec, key)
	}
}

// TestPersistenceCheck: Open warns, naming the server and the fix, about
// every persistence setting that can lose acknowledged moves, and is
// silent with appendonly yes and appendfsync always, or everysec when
// commits wait for a replica.
func TestPersistenceCheck(t *testing.T) {
	ctx := context.Background()
	srv := redistest.New(t, redistest.Options{})
	c := srv.Client()
	defer c.Close()
	// Back to no persistence at the end, so the server stops at once.
	defer c.ConfigSet(ctx, "save", "")
	defer c.ConfigSet(ctx, "appendonly", "no")
	for _, tc := range []struct {
		appendonly, fsync, save string
		wait                    bool
		warn                    string // "" = no warning
	}{
		{"no", "always", "", false, "only in memory"},
		{"no", "always", "3600 1", false, "only by RDB snapshots"},
		{"yes", "no", "", false, "appendfsync no"},
		{"yes", "everysec", "", false, "appendfsync everysec"},
		{"yes", "everysec", "", true, ""},
		{"yes", "always", "", false, ""},
	} {
		for k, v := range map[string]string{"appendonly": tc.appendonly, "appendfsync": tc.fsync, "save": tc.save} {
			if err := c.ConfigSet(ctx, k, v).Err(); err != nil {
				t.Fatal(err)
			}
		}
		logs, log := storagetest.NewLogs()
		var opts []redisstore.Option
		if tc.wait {
			opts = append(opts, redisstore.WaitReplicas(1, time.Second))
		}
		s, err := redisstore.Open(ctx, srv.Client(), "p", storage.Options{Log: log}, opts...)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
		got := logs.Find(slog.LevelWarn, "")
		name := fmt.Sprintf("appendonly %s, appendfsync %s, save %q, wait %v", tc.appendonly, tc.fsync, tc.save, tc.wait)
		switch {
		case tc.warn == "" && len(got) > 0:
			t.Errorf("%s: warned %v", name, got)
		case tc.warn != "" && (len(got) != 1 || !strings.Contains(got[0].Msg, tc.warn) || !strings.Contains(got[0].Msg, "appendfsync always") || got[0].Attrs["addr"] == nil):
			t.Errorf("%s: warned %v, want one warning saying %q with the fix and the server", name, got, tc.warn)
		}
	}
}
