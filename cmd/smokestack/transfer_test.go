package main

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

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
		m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Game: "pebbles", Creator: a, Options: map[string]string{"pile": pile},
			Clock: bot.ClockSettings{Remind: 12 * time.Hour}})
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
	if _, err := svc.SetAway(ctx, "discord:3", time.Now().Add(7*24*time.Hour).Truncate(time.Second)); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetDM(ctx, b.ID, true); err != nil {
		t.Fatal(err)
	}
	ab := start("discord:13", "30")
	playPebbles(t, svc, "discord:13", 2)
	if _, err := svc.Abort(ctx, bot.ByID(ab.ID), a.ID, false); err != nil {
		t.Fatal(err)
	}
}

// prefsOf reads every preference of a store.
func prefsOf(t *testing.T, st storage.Store) map[string]string {
	t.Helper()
	p, err := transfer.ReadPrefs(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for k, v := range p {
		out[k] = string(v)
	}
	return out
}

// dumps reads every match of a store.
// content is what a store holds: its matches, its preferences and its
// match results (/stats).
type content struct {
	matches map[string]transfer.Dump
	prefs   map[string]string
	results []storage.Result
}

func contents(t *testing.T, st storage.Store) content {
	t.Helper()
	rs, err := transfer.ReadResults(context.Background(), st)
	if err != nil {
		t.Fatal(err)
	}
	return content{matches: dumps(t, st), prefs: prefsOf(t, st), results: rs}
}

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

func sameStores(t *testing.T, what string, wantC, gotC content) {
	t.Helper()
	if !maps.Equal(wantC.prefs, gotC.prefs) {
		t.Errorf("%s: preferences %v, want %v", what, gotC.prefs, wantC.prefs)
	}
	if len(gotC.results) != len(wantC.results) {
		t.Errorf("%s: %d results, want %d", what, len(gotC.results), len(wantC.results))
	} else {
		for i := range wantC.results {
			if err := transfer.SameResult(wantC.results[i], gotC.results[i]); err != nil {
				t.Errorf("%s: %v", what, err)
			}
		}
	}
	want, got := wantC.matches, gotC.matches
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
	embedded := func(dir string) content {
		st, err := embeddedOpen(dir)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		return contents(t, st)
	}
	redisAt := func(prefix string) storage.Store {
		return redisstore.New(redis.NewClient(&redis.Options{Network: "unix", Addr: srv.Socket}), prefix, storage.Options{})
	}
	fromRedis := func(prefix string) content {
		st := redisAt(prefix)
		defer st.Close()
		return contents(t, st)
	}
	orig := embedded(dirA)
	statuses := map[storage.Status]bool{}
	clocks := 0
	for _, d := range orig.matches {
		statuses[d.Match.Status] = true
		if d.Match.Clock != nil && !d.Match.Due.IsZero() {
			clocks++
		}
	}
	if len(orig.matches) != 4 || len(statuses) != 4 || clocks == 0 || len(orig.prefs) != 2 || len(orig.results) != 1 || len(orig.results[0].Seats) != 2 {
		t.Fatalf("filled %d matches with statuses %v, %d with a due turn clock, preferences %v, results %+v; want one of each of 4, a clock, 2 preferences and the finished match's result",
			len(orig.matches), statuses, clocks, orig.prefs, orig.results)
	}
	redisURL := "REDIS_URL=unix://" + srv.Socket

	code, stdout, stderr := runCLI(t, []string{"DATA_DIR=" + dirA}, "export", "--all", out)
	if code != exitOK || !strings.Contains(stdout, "exported 4 matches") {
		t.Fatalf("export: exit %d\n%s%s", code, stdout, stderr)
	}
	jsons, _ := filepath.Glob(filepath.Join(out, "*.json"))
	txts, _ := filepath.Glob(filepath.Join(out, "*.txt"))
	if len(jsons) != 6 || len(txts) != 3 {
		t.Errorf("export wrote %d JSON files and %d records, want 4 matches, the preferences and the results, and 3 records", len(jsons), len(txts))
	}
	for _, f := range txts {
		if b, _ := os.ReadFile(f); !strings.Contains(string(b), "pebbles") {
			t.Errorf("%s is not a match record:\n%s", f, b)
		}
	}

	p1, p2 := "t1"+storagetest.RedisPrefix(t), "t2"+storagetest.RedisPrefix(t)
	code, stdout, stderr = runCLI(t, []string{redisURL, "REDIS_PREFIX=" + p1}, "import", out)
	if code != exitOK || !strings.Contains(stdout, "imported 4 matches, 0 not copied; 2 preferences, 0 left as the store had them; 1 results, 0 left") {
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
	// The turn clocks came along: 13 hours on, the migrated store's index
	// gives the reminder of the open match.
	later, err := bot.New(bot.Config{Games: testCatalog().games, Store: st, Now: func() time.Time { return time.Now().Add(13 * time.Hour) }})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := later.FireDue(ctx, "test", 10)
	if err != nil || len(rs) != 1 || rs[0].Match.Channel != "discord:11" {
		t.Errorf("reminders due in the migrated store: %v %+v", err, rs)
	}

	if code, _, _ := runCLI(t, nil, "migrate", "--from", "embedded", "--to", "embedded"); code != exitUsage {
		t.Errorf("migrate to itself: exit %d", code)
	}
	if code, _, _ := runCLI(t, nil, "export", out); code != exitUsage {
		t.Errorf("export without --all: exit %d", code)
	}
}

func embeddedOpen(dir string) (storage.Store, error) { return embedded.Open(dir, storage.Options{}) }
