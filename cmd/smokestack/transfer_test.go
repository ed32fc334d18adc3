package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
	"github.com/smokestack/smokestack/storage/transfer"
)

var requests atomic.Int64 // request IDs, unique in the test binary

// playPebbles plays n moves (or to the end) of the open match in channel.
func playPebbles(t *testing.T, svc *bot.Service, channel string, n int) {
	t.Helper()
	ctx := context.Background()
	m, err := svc.Get(ctx, bot.InChannel(channel))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < n; i++ {
		m, err := svc.Get(ctx, bot.ByID(m.ID))
		if err != nil {
			t.Fatal(err)
		}
		if m.Play.Finished {
			return
		}
		user := m.Seats[m.Play.Active[0]].UserID
		played := false
		for _, mv := range []string{"take 3", "take 2", "take 1", "pass"} {
			if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: user, Move: mv, RequestID: fmt.Sprintf("req-%d", requests.Add(1))}); err == nil {
				played = true
				break
			}
		}
		if !played {
			t.Fatalf("no move for %s in %s", user, channel)
		}
	}
}

// fillStore makes matches of every kind in an embedded store: a lobby, a
// match being played, a finished one and an aborted one.
func fillStore(t *testing.T, dir string) {
	ctx := context.Background()
	st, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc, err := bot.New(bot.Config{Games: testCatalog().games, Store: st})
	if err != nil {
		t.Fatal(err)
	}
	a, b := bot.UserRef{ID: "discord:1", Name: "ann"}, bot.UserRef{ID: "discord:2", Name: "bo"}
	start := func(channel string, pile string) bot.Match {
		m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Game: "pebbles", Creator: a, Options: map[string]string{"pile": pile}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Join(ctx, bot.ByID(m.ID), b); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Start(ctx, bot.ByID(m.ID), a.ID); err != nil {
			t.Fatal(err)
		}
		return m
	}
	if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "discord:10", Game: "pebbles", Creator: a}); err != nil {
		t.Fatal(err)
	}
	start("discord:11", "30")
	playPebbles(t, svc, "discord:11", 5)
	start("discord:12", "7")
	playPebbles(t, svc, "discord:12", 100)
	ab := start("discord:13", "30")
	playPebbles(t, svc, "discord:13", 2)
	if _, err := svc.Abort(ctx, bot.ByID(ab.ID), a.ID, false); err != nil {
		t.Fatal(err)
	}
}

// dumps reads every match of a store.
func dumps(t *testing.T, st storage.Store) map[string]transfer.Dump {
	t.Helper()
	ctx := context.Background()
	ids, err := transfer.IDs(ctx, st)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]transfer.Dump{}
	for _, id := range ids {
		d, err := transfer.Read(ctx, st, id)
		if err != nil {
			t.Fatal(err)
		}
		out[id] = d
	}
	return out
}

func sameStores(t *testing.T, what string, want, got map[string]transfer.Dump) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d matches, want %d", what, len(got), len(want))
	}
	for id, w := range want {
		g, ok := got[id]
		if !ok {
			t.Errorf("%s: match %s missing", what, id)
			continue
		}
		if err := transfer.Same(w, g); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
}

// export --all, import, and migrate both ways, on the embedded store and
// a real redis-server: every match comes back whole (setup, channel,
// seats, status, version, times, snapshot, log), a copied match plays on,
// and a second import refuses to overwrite.
func TestExportImportMigrate(t *testing.T) {
	ctx := context.Background()
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	dirA, dirB, out := t.TempDir(), t.TempDir(), t.TempDir()
	fillStore(t, dirA)
	embedded := func(dir string) map[string]transfer.Dump {
		st, err := embeddedOpen(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		return dumps(t, st)
	}
	redisAt := func(prefix string) storage.Store {
		return redisstore.New(redis.NewClient(&redis.Options{Network: "unix", Addr: srv.Socket}), prefix, storage.Options{})
	}
	fromRedis := func(prefix string) map[string]transfer.Dump {
		st := redisAt(prefix)
		defer st.Close()
		return dumps(t, st)
	}
	orig := embedded(dirA)
	statuses := map[storage.Status]bool{}
	for _, d := range orig {
		statuses[d.Match.Status] = true
	}
	if len(orig) != 4 || len(statuses) != 4 {
		t.Fatalf("filled %d matches with statuses %v, want one of each of 4", len(orig), statuses)
	}
	redisURL := "REDIS_URL=unix://" + srv.Socket

	code, stdout, stderr := runCLI(t, []string{"DATA_DIR=" + dirA}, "export", "--all", out)
	if code != exitOK || !strings.Contains(stdout, "exported 4 matches") {
		t.Fatalf("export: exit %d\n%s%s", code, stdout, stderr)
	}
	jsons, _ := filepath.Glob(filepath.Join(out, "*.json"))
	txts, _ := filepath.Glob(filepath.Join(out, "*.txt"))
	if len(jsons) != 4 || len(txts) != 3 {
		t.Errorf("export wrote %d match files and %d records, want 4 and 3", len(jsons), len(txts))
	}
	for _, f := range txts {
		if b, _ := os.ReadFile(f); !strings.Contains(string(b), "pebbles") {
			t.Errorf("%s is not a match record:\n%s", f, b)
		}
	}

	p1, p2 := "t1"+storagetest.RedisPrefix(t), "t2"+storagetest.RedisPrefix(t)
	code, stdout, stderr = runCLI(t, []string{redisURL, "REDIS_PREFIX=" + p1}, "import", out)
	if code != exitOK || !strings.Contains(stdout, "imported 4 matches, 0 not copied") {
		t.Fatalf("import: exit %d\n%s%s", code, stdout, stderr)
	}
	sameStores(t, "imported into redis", orig, fromRedis(p1))

	code, stdout, stderr = runCLI(t, []string{redisURL, "REDIS_PREFIX=" + p1, "DATA_DIR=" + dirB}, "migrate", "--from", "redis", "--to", "embedded")
	if code != exitOK || !strings.Contains(stdout, "4 matches, 0 not copied") {
		t.Fatalf("migrate to embedded: exit %d\n%s%s", code, stdout, stderr)
	}
	sameStores(t, "migrated redis -> embedded", orig, embedded(dirB))

	code, stdout, stderr = runCLI(t, []string{redisURL, "REDIS_PREFIX=" + p2, "DATA_DIR=" + dirB}, "migrate", "--from", "embedded", "--to", "redis")
	if code != exitOK || !strings.Contains(stdout, "4 matches, 0 not copied") {
		t.Fatalf("migrate to redis: exit %d\n%s%s", code, stdout, stderr)
	}
	sameStores(t, "migrated embedded -> redis", orig, fromRedis(p2))

	// Nothing is overwritten: a second import reports each match.
	code, _, stderr = runCLI(t, []string{redisURL, "REDIS_PREFIX=" + p1}, "import", out)
	if code != exitFail || strings.Count(stderr, "not copied") < 4 || !strings.Contains(stderr, "4 matches not copied") {
		t.Errorf("second import: exit %d\n%s", code, stderr)
	}

	// The copies are live matches: the channel is held and play goes on.
	st := redisAt(p2)
	defer st.Close()
	svc, err := bot.New(bot.Config{Games: testCatalog().games, Store: st})
	if err != nil {
		t.Fatal(err)
	}
	before, err := svc.Get(ctx, bot.InChannel("discord:11"))
	if err != nil {
		t.Fatal(err)
	}
	playPebbles(t, svc, "discord:11", 1)
	after, err := svc.Get(ctx, bot.InChannel("discord:11"))
	if err != nil || after.Moves != before.Moves+1 || after.Moves != 6 {
		t.Errorf("playing on the migrated match: %v, moves %d -> %d", err, before.Moves, after.Moves)
	}
	if _, err := svc.Get(ctx, bot.InChannel("discord:10")); err != nil {
		t.Errorf("the lobby's channel: %v", err)
	}

	if code, _, _ := runCLI(t, nil, "migrate", "--from", "embedded", "--to", "embedded"); code != exitUsage {
		t.Errorf("migrate to itself: exit %d", code)
	}
	if code, _, _ := runCLI(t, nil, "export", out); code != exitUsage {
		t.Errorf("export without --all: exit %d", code)
	}
}

func embeddedOpen(dir string) (storage.Store, error) { return embedded.Open(dir, storage.Options{}) }
