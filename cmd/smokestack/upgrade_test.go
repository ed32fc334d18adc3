package main

// Upgrades (docs/architecture.md, "Rolling upgrades"): a stored match of
// every game and every rules version this build plays, kept as the release
// that introduced that version stored it, is finished on the current
// build; and an old and a new build serve one Redis at once.

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
	"github.com/smokestack/smokestack/storage/transfer"
)

// The upgrade fixtures are in testdata/upgrade, one file per game and rules
// version (GAME-rulesN.json): a match half played, dumped as `smokestack
// export --all` writes it (storage/transfer: the store's record, the
// snapshot as stored, the log).
//
// Writing them: when a release bumps a game's RulesVersion (or adds a
// game), run, on that release's code,
//
//	go test ./cmd/smokestack -run TestUpgradeFixtures -write-upgrade-fixtures
//
// which writes the fixture of every game and version that has none and
// commit it with the release. It never rewrites a fixture that exists, and
// nobody else may either: each one is what its release stored, and
// stays so that every later build is tested on reading it. A fixture is
// deleted only when its version drops out of the game's range
// (OldestRulesVersion raised); the test then fails until it is.
var writeUpgradeFixtures = flag.Bool("write-upgrade-fixtures", false,
	"write the upgrade fixture of every game and rules version that has none (never rewrites one)")

const upgradeDir = "testdata/upgrade"

func upgradeFixture(game string, rules int) string {
	return filepath.Join(upgradeDir, fmt.Sprintf("%s-rules%d.json", game, rules))
}

// upgradeUsers are the players of the fixtures and of the replica test.
var upgradeUsers = []bot.UserRef{
	{ID: "u:ada", Name: "Ada"}, {ID: "u:ben", Name: "Ben"}, {ID: "u:cleo", Name: "Cleo"}, {ID: "u:dev", Name: "Dev"},
}

// upgradeService is a service of games on st, with a fixed clock.
func upgradeService(t testing.TB, st storage.Store, games *engine.Registry) *bot.Service {
	t.Helper()
	svc, err := bot.New(bot.Config{
		Games: games, Store: st, Renderers: testCatalog().renderers,
		Now: func() time.Time { return time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) },
	})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// writeFixture plays a random game of g under rules version v on this
// build, imports its first half through the service into an embedded store
// and dumps that match.
func writeFixture(t *testing.T, g engine.Game, v int) {
	t.Helper()
	ctx := context.Background()
	info := g.Info()
	seats := info.MinSeats
	rec, err := playout.Playout(g, playout.Config{Seats: []int{seats}, Rules: []int{v}, Seed: 20261125, Playouts: 1,
		RoundTripEvery: -1, ViewEvery: -1, OfferedEvery: -1, ReplayEvery: -1}, 0)
	if err != nil {
		t.Fatalf("%s rules %d: playout: %v", info.ID, v, err)
	}
	rec.Moves, rec.Result, rec.Players = rec.Moves[:len(rec.Moves)/2], "", nil
	st, err := embedded.Open(t.TempDir(), storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc := upgradeService(t, st, testCatalog().games)
	m, err := svc.Import(ctx, bot.ImportRequest{Channel: fmt.Sprintf("upgrade:%s-%d", info.ID, v), Record: string(rec.Format()), Users: upgradeUsers[:seats]})
	if err != nil {
		t.Fatalf("%s rules %d: import: %v", info.ID, v, err)
	}
	d, err := transfer.Read(ctx, st, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	if d.Match.RulesVersion != v {
		t.Fatalf("%s: the match stored rules version %d, want %d", info.ID, d.Match.RulesVersion, v)
	}
	if err := writeJSON(upgradeFixture(info.ID, v), d); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s (%d moves)", upgradeFixture(info.ID, v), d.Match.Moves)
}

// replayLog replays a dumped match's setup and log on this build.
func replayLog(g engine.Game, d transfer.Dump) (engine.State, error) {
	m := d.Match
	rec := engine.Record{Game: m.Game, Rules: m.RulesVersion, Seed: m.Seed, Seats: len(m.Seats), Options: m.Options, Pins: m.Pins}
	for _, e := range d.Log {
		rec.Moves = append(rec.Moves, engine.RecordMove{Seat: e.Seat, Text: e.Move})
	}
	res, err := engine.Replay(g, rec)
	return res.State, err
}

// sameSnapshot checks that the state a replay reached is the stored
// snapshot, byte for byte. A snapshot in an encoding this build no longer
// writes (a state version it migrates on reading) must decode to exactly
// the replayed position: its re-encoding and the replay's are compared.
func sameSnapshot(g engine.Game, replayed engine.State, stored []byte) error {
	enc, err := g.MarshalState(replayed)
	if err != nil {
		return err
	}
	if bytes.Equal(enc, stored) {
		return nil
	}
	st, err := g.UnmarshalState(stored)
	if err != nil {
		return fmt.Errorf("the stored snapshot does not decode: %v", err)
	}
	re, err := g.MarshalState(st)
	switch {
	case err != nil:
		return err
	case bytes.Equal(re, stored):
		return fmt.Errorf("the replay differs from the stored snapshot at %s", playout.FirstDiff(enc, stored))
	case !bytes.Equal(re, enc):
		return fmt.Errorf("the stored snapshot (an older encoding) decodes to another position than the replay: %s", playout.FirstDiff(enc, re))
	}
	return nil
}

// randomMove builds a legal move for user from the service's choices,
// picking at random among the next tokens.
func randomMove(ctx context.Context, svc *bot.Service, id, user string, rng *rand.Rand) (string, error) {
	var m []string
	for len(m) < 64 {
		ch, _, err := svc.Choices(ctx, bot.ByID(id), user, strings.Join(m, " "))
		if err != nil {
			return "", fmt.Errorf("choices after %q: %w", strings.Join(m, " "), err)
		}
		if ch.Complete && (len(ch.Next) == 0 || rng.IntN(2) == 0) {
			return strings.Join(m, " "), nil
		}
		if len(ch.Next) == 0 {
			return "", fmt.Errorf("dead end after %q", strings.Join(m, " "))
		}
		m = append(m, ch.Next[rng.IntN(len(ch.Next))].Token)
	}
	return "", fmt.Errorf("no complete move after %d tokens", len(m))
}

// TestUpgradeFixtures loads the stored match of every game and rules
// version this build plays into each store, checks that replaying its log
// on this build gives its stored snapshot, then finishes it through the
// service with random legal moves (a fixed seed) and checks the end.
func TestUpgradeFixtures(t *testing.T) {
	games := testCatalog().games
	var want []string
	for _, g := range games.Games() {
		info := g.Info()
		for v := info.OldestRulesVersion; v <= info.RulesVersion; v++ {
			path := upgradeFixture(info.ID, v)
			want = append(want, path)
			if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) && *writeUpgradeFixtures {
				writeFixture(t, g, v)
			}
		}
	}
	have, _ := filepath.Glob(filepath.Join(upgradeDir, "*.json"))
	for _, p := range have {
		if !containsString(want, p) {
			t.Errorf("%s: no game of this build plays that rules version; delete the fixture once the version is dropped (docs/architecture.md, \"Rolling upgrades\")", p)
		}
	}
	stores := []struct {
		name string
		open func(t *testing.T) storage.Store
	}{
		{"embedded", func(t *testing.T) storage.Store {
			st, err := embedded.Open(t.TempDir(), storage.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st
		}},
		{"redis", func(t *testing.T) storage.Store {
			srv := storagetest.Redis(t, storagetest.RedisOptions{})
			st := redisstore.New(srv.Client(), storagetest.RedisPrefix(t), storage.Options{})
			t.Cleanup(func() { st.Close() })
			return st
		}},
	}
	for _, path := range want {
		t.Run(strings.TrimSuffix(filepath.Base(path), ".json"), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if errors.Is(err, os.ErrNotExist) {
				t.Fatalf("%s is missing: a release that bumps a rules version writes it with go test ./cmd/smokestack -run TestUpgradeFixtures -write-upgrade-fixtures", path)
			}
			if err != nil {
				t.Fatal(err)
			}
			var d transfer.Dump
			if err := json.Unmarshal(data, &d); err != nil {
				t.Fatal(err)
			}
			if err := d.Check(); err != nil {
				t.Fatal(err)
			}
			g, err := games.Get(d.Match.Game)
			if err != nil {
				t.Fatal(err)
			}
			// The log replays on this build to the stored snapshot.
			replayed, err := replayLog(g, d)
			if err != nil {
				t.Fatalf("replay of the stored log: %v", err)
			}
			if err := sameSnapshot(g, replayed, d.State); err != nil {
				t.Fatalf("replay of the stored log: %v", err)
			}
			for _, s := range stores {
				t.Run(s.name, func(t *testing.T) { finishFixture(t, s.open(t), games, g, d) })
			}
		})
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// finishFixture stores d in st and plays it to its end through a fresh
// service (nothing cached: the first move decodes the stored snapshot).
func finishFixture(t *testing.T, st storage.Store, games *engine.Registry, g engine.Game, d transfer.Dump) {
	ctx := context.Background()
	if err := transfer.Write(ctx, st, d); err != nil {
		t.Fatal(err)
	}
	svc := upgradeService(t, st, games)
	id := d.Match.ID
	m, err := svc.Get(ctx, bot.ByID(id))
	if err != nil {
		t.Fatalf("the stored match does not load: %v", err)
	}
	if m.RulesVersion != d.Match.RulesVersion || m.Moves != d.Match.Moves || m.Status != bot.StatusActive {
		t.Fatalf("loaded rules %d, %d moves, %s; stored rules %d, %d moves", m.RulesVersion, m.Moves, m.Status, d.Match.RulesVersion, d.Match.Moves)
	}
	rng := rand.New(rand.NewPCG(uint64(len(d.Log)), 15))
	played := 0
	for !m.Play.Finished {
		if played > 5000 {
			t.Fatalf("no end after %d moves", played)
		}
		user := m.Seats[m.Play.Active[0]].UserID
		move, err := randomMove(ctx, svc, id, user, rng)
		if err != nil {
			t.Fatalf("move %d: %v", m.Moves+1, err)
		}
		o, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(id), UserID: user, Move: move,
			RequestID: fmt.Sprintf("upgrade-%d", m.Moves+1), ExpectVersion: m.Version})
		if err != nil {
			t.Fatalf("move %d %q: %v", m.Moves+1, move, err)
		}
		m = o.Match
		played++
	}
	end, err := transfer.Read(ctx, st, id)
	if err != nil {
		t.Fatal(err)
	}
	if end.Match.Status != storage.StatusFinished || end.Match.RulesVersion != d.Match.RulesVersion || end.Match.Moves != d.Match.Moves+int64(played) {
		t.Fatalf("ended %s under rules %d with %d moves; want finished, rules %d, %d moves", end.Match.Status, end.Match.RulesVersion, end.Match.Moves, d.Match.RulesVersion, d.Match.Moves+int64(played))
	}
	for i, e := range d.Log {
		if x := end.Log[i]; x.Seq != e.Seq || x.Seat != e.Seat || x.Move != e.Move || !x.At.Equal(e.At) {
			t.Fatalf("stored log entry %d changed: %+v, was %+v", i+1, x, e)
		}
	}
	replayed, err := replayLog(g, end)
	if err != nil {
		t.Fatalf("replay of the finished log: %v", err)
	}
	if err := sameSnapshot(g, replayed, end.State); err != nil {
		t.Fatalf("replay of the finished log: %v", err)
	}
	t.Logf("%s rules %d: %d stored moves, %d played to the end", d.Match.Game, d.Match.RulesVersion, d.Match.Moves, played)
}
