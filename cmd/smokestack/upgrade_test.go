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
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/engine/testgame"
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

// upgradeStart is the time of the upgrade tests' services.
var upgradeStart = time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)

// upgradeService is a service of games on st, with a fixed clock.
func upgradeService(t testing.TB, st storage.Store, games *engine.Registry) *bot.Service {
	return upgradeServiceAt(t, st, games, func() time.Time { return upgradeStart })
}

// upgradeServiceAt is upgradeService on the clock now.
func upgradeServiceAt(t testing.TB, st storage.Store, games *engine.Registry, now func() time.Time) *bot.Service {
	t.Helper()
	svc, err := bot.New(bot.Config{Games: games, Store: st, Renderers: testCatalog().renderers, Now: now})
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
	case bytes.Equal(re, stored) && !samePlay(g, replayed, st):
		return fmt.Errorf("the replay differs from the stored snapshot at %s", playout.FirstDiff(enc, stored))
	case !bytes.Equal(re, enc) && !samePlay(g, replayed, st):
		return fmt.Errorf("the stored snapshot (an older encoding) decodes to another position than the replay: %s", playout.FirstDiff(enc, re))
	}
	return nil
}

// samePlay reports whether two states are the same position as players
// see it: every seat's view, the spectator's and the status, but for the
// score's breakdown by category (SeatStatus.Breakdown), which a snapshot
// written before the breakdown was kept cannot know (nor a match played
// on from one); such a match reports those points as untracked
// (engine.StatUntracked). The marks of the latest turn (the view's
// "recent" field, engine.Marks) are left out too: a snapshot written
// before a game kept them cannot know them either.
func samePlay(g engine.Game, a, b engine.State) bool {
	n := len(g.Status(a).Seats)
	for seat := engine.Spectator; seat < n; seat++ {
		va, err1 := unmarked(g.View(a, seat))
		vb, err2 := unmarked(g.View(b, seat))
		if err1 != nil || err2 != nil || !bytes.Equal(va, vb) {
			return false
		}
	}
	sa, sb := g.Status(a), g.Status(b)
	for i := range sa.Seats {
		sa.Seats[i].Breakdown = nil
	}
	for i := range sb.Seats {
		sb.Seats[i].Breakdown = nil
	}
	ja, err1 := json.Marshal(sa)
	jb, err2 := json.Marshal(sb)
	return err1 == nil && err2 == nil && bytes.Equal(ja, jb)
}

// unmarked is the JSON of a view without its top-level "recent" field.
func unmarked(v engine.View) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return b, nil
	}
	delete(m, "recent")
	return json.Marshal(m)
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

// previousPebbles is Pebbles as the release before its rules version 2
// plays it, for a replica of the old build: it plays rules version 1 only
// (new matches start under it, a match of version 2 is outside its range)
// and reads only state version 1, the only encoding that release knew (its
// UnmarshalState refused any other as an unknown state version). Moves go
// to the current Pebbles code under rules 1, which keeps that release's
// rules behind its version check (engine/testgame).
type previousPebbles struct{ testgame.Game }

func (g previousPebbles) Info() engine.Info {
	info := g.Game.Info()
	info.RulesVersion, info.OldestRulesVersion = 1, 1
	return info
}

func (g previousPebbles) Setup(s engine.Setup) (engine.State, []engine.Event, error) {
	rules, err := g.Info().ResolveRules(s.RulesVersion)
	if err != nil {
		return nil, nil, fmt.Errorf("pebbles: %w", err)
	}
	s.RulesVersion = rules
	return g.Game.Setup(s)
}

func (g previousPebbles) UnmarshalState(data []byte) (engine.State, error) {
	var head struct {
		V int `json:"v"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, fmt.Errorf("pebbles: decode state: %w", err)
	}
	if head.V != 1 {
		return nil, fmt.Errorf("pebbles: state version %d: %w", head.V, engine.ErrStateVersion)
	}
	return g.Game.UnmarshalState(data)
}

// rollingBuilds returns a service of the old build and one of the new
// build, each with its own connection to one Redis, as two replicas of a
// rolling upgrade are, and a third connection to read the store directly.
func rollingBuilds(t *testing.T) (old, cur *bot.Service, raw storage.Store) {
	return rollingBuildsAt(t, func() time.Time { return upgradeStart })
}

// rollingBuildsAt is rollingBuilds on the clock now.
func rollingBuildsAt(t *testing.T, now func() time.Time) (old, cur *bot.Service, raw storage.Store) {
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	prefix := storagetest.RedisPrefix(t)
	open := func() storage.Store {
		st := redisstore.New(srv.Client(), prefix, storage.Options{})
		t.Cleanup(func() { st.Close() })
		return st
	}
	oldGames := engine.NewRegistry(append([]engine.Game{previousPebbles{}}, productGames()...)...)
	return upgradeServiceAt(t, open(), oldGames, now), upgradeServiceAt(t, open(), testCatalog().games, now), open()
}

// stuckPins and stuckMoves make a Pebbles match whose rules versions end it
// differently: after "take 1", "take 2", "take 3", "take 3" two pebbles are
// left and every hand holds only 3s. Rules 1 give the win to the next seat
// (Ada), rules 2 to the seat that took last (Ben).
var (
	stuckPins  = map[string]string{"deck": "1,3,3,2,3,3,3,3,3,3"}
	stuckMoves = []string{"take 1", "take 2", "take 3", "take 3"}
)

// TestRollingUpgradeRules has the old and the new build serve one Redis:
// a match the old build started plays on both by rules 1, whichever build
// makes each move (the last one included, where the versions differ);
// a match the new build started is refused by the old one with the
// rules-version error, never played or changed by it, and plays on the new
// one by rules 2.
func TestRollingUpgradeRules(t *testing.T) {
	ctx := context.Background()
	old, cur, raw := rollingBuilds(t)
	builds := map[string]*bot.Service{"old": old, "new": cur}
	ada, ben := upgradeUsers[0], upgradeUsers[1]

	lobby := func(t *testing.T, creator, joiner *bot.Service, channel string) bot.Match {
		t.Helper()
		m, err := creator.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Game: "pebbles", Creator: ada, Seed: 77,
			Options: map[string]string{"pile": "11"}, Pins: stuckPins})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := joiner.Join(ctx, bot.ByID(m.ID), ben); err != nil {
			t.Fatalf("join: %v", err)
		}
		return m
	}
	// Both orders: the old build starts and makes the last move, or the
	// new build does.
	for _, order := range [][]string{{"old", "new"}, {"new", "old"}} {
		t.Run("old match, "+order[0]+" build first", func(t *testing.T) {
			m := lobby(t, old, builds[order[1]], "c-old-"+order[0])
			if m.RulesVersion != 1 {
				t.Fatalf("the old build opened a lobby under rules %d", m.RulesVersion)
			}
			o, err := builds[order[1]].Start(ctx, bot.ByID(m.ID), ada.ID)
			if err != nil {
				t.Fatal(err)
			}
			for i, mv := range stuckMoves {
				by := order[i%2]
				if o, err = builds[by].Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: []string{ada.ID, ben.ID}[i%2], Move: mv,
					RequestID: fmt.Sprintf("%s-%d", m.ID, i)}); err != nil {
					t.Fatalf("move %d %q on the %s build: %v", i+1, mv, by, err)
				}
				for name, svc := range builds { // each build reads what the other wrote
					if got, err := svc.Get(ctx, bot.ByID(m.ID)); err != nil || got.Moves != int64(i+1) {
						t.Fatalf("after move %d by the %s build, the %s build reads %d moves: %v", i+1, by, name, got.Moves, err)
					}
				}
			}
			if !o.Match.Play.Finished || o.Match.Play.Ranking[0] != 0 || o.Match.RulesVersion != 1 {
				t.Errorf("the old match ended %+v under rules %d; want Ada winning by rules 1", o.Match.Play, o.Match.RulesVersion)
			}
			checkStoredLog(t, ctx, raw, m.ID, cur.Games())
		})
	}

	t.Run("new match", func(t *testing.T) {
		m := lobby(t, cur, old, "c-new") // joining needs no rules
		if m.RulesVersion != 2 {
			t.Fatalf("the new build opened a lobby under rules %d", m.RulesVersion)
		}
		refused := func(what string, err error) {
			t.Helper()
			var rv *bot.RulesVersionError
			if !errors.As(err, &rv) || !rv.Newer() || rv.Version != 2 || rv.Current != 1 {
				t.Fatalf("%s on the old build: %v, want the rules-version error of a newer match", what, err)
			}
			p := old.Explain(ctx, err)
			if p.Kind != bot.KindRulesVersion || !strings.Contains(p.Text, "version 2 of the Pebbles (test game) rules, by a newer build, and this build plays version 1. If the bot is being upgraded, try again in a few minutes") {
				t.Errorf("%s: the old build says %q (%s)", what, p.Text, p.Kind)
			}
		}
		_, err := old.Start(ctx, bot.ByID(m.ID), ada.ID)
		refused("start", err)
		if _, err := cur.Start(ctx, bot.ByID(m.ID), ada.ID); err != nil {
			t.Fatal(err)
		}
		var o bot.Outcome
		for i, mv := range stuckMoves {
			user := []string{ada.ID, ben.ID}[i%2]
			before, err := raw.Get(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			req := bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: user, Move: mv, RequestID: fmt.Sprintf("%s-%d", m.ID, i)}
			_, err = old.Submit(ctx, req)
			refused("move "+mv, err)
			_, _, err = old.Choices(ctx, bot.ByID(m.ID), user, "")
			refused("choices", err)
			_, err = old.Board(ctx, bot.ByID(m.ID), 0)
			refused("board", err)
			_, err = old.Export(ctx, bot.ByID(m.ID))
			refused("export", err)
			after, err := raw.Get(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if after.Version != before.Version || after.Moves != before.Moves || !bytes.Equal(after.State, before.State) {
				t.Fatalf("the old build changed the new match: version %d→%d, moves %d→%d", before.Version, after.Version, before.Moves, after.Moves)
			}
			// The same request, retried on a replica of the new build, plays.
			if o, err = cur.Submit(ctx, req); err != nil || o.Duplicate {
				t.Fatalf("move %q on the new build: %v (duplicate %v)", mv, err, o.Duplicate)
			}
		}
		if !o.Match.Play.Finished || o.Match.Play.Ranking[0] != 1 {
			t.Errorf("the new match ended %+v; want Ben winning by rules 2", o.Match.Play)
		}
		checkStoredLog(t, ctx, raw, m.ID, cur.Games())
	})
}

// checkStoredLog checks that a match's stored log holds each request once
// and replays, under the match's rules, to its stored snapshot.
func checkStoredLog(t *testing.T, ctx context.Context, st storage.Store, id string, games *engine.Registry) {
	t.Helper()
	d, err := transfer.Read(ctx, st, id)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, e := range d.Log {
		if e.RequestID != "" && seen[e.RequestID] {
			t.Errorf("match %s: request %s logged twice", id, e.RequestID)
		}
		seen[e.RequestID] = true
	}
	g, err := games.Get(d.Match.Game)
	if err != nil {
		t.Fatal(err)
	}
	replayed, err := replayLog(g, d)
	if err != nil {
		t.Fatalf("match %s: replay: %v", id, err)
	}
	if err := sameSnapshot(g, replayed, d.State); err != nil {
		t.Errorf("match %s: %v", id, err)
	}
}

// TestRollingUpgradeLoad plays matches of both builds at once on one Redis,
// every move sent as one request to a replica of each build at the same
// moment (an interaction retried on another replica): a match the old
// build started is played by whichever build commits first, the other
// answers that the request was applied; a match of the new build is played
// by the new build only and refused by the old one. At the end every match
// has finished by its own rules with each move logged once.
func TestRollingUpgradeLoad(t *testing.T) {
	ctx := context.Background()
	old, cur, raw := rollingBuilds(t)
	const perBuild = 4
	type match struct {
		id    string
		rules int
		users []bot.UserRef
	}
	var matches []match
	for i := 0; i < 2*perBuild; i++ {
		creator := []*bot.Service{old, cur}[i/perBuild]
		users := upgradeUsers[:2+i%3]
		m, err := creator.CreateMatch(ctx, bot.CreateRequest{Channel: fmt.Sprintf("c%d", i), Game: "pebbles", Creator: users[0],
			Seed: uint64(100 + i), Options: map[string]string{"pile": "40"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range users[1:] {
			if _, err := old.Join(ctx, bot.ByID(m.ID), u); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := cur.Start(ctx, bot.ByID(m.ID), users[0].ID); err != nil {
			t.Fatal(err)
		}
		matches = append(matches, match{m.ID, m.RulesVersion, users})
	}
	type result struct {
		moves     int
		old, dups int
		byOld     int // moves the old build applied
		err       error
	}
	results := make(chan result, len(matches))
	for i, mt := range matches {
		go func() {
			var r result
			defer func() { results <- r }()
			rng := rand.New(rand.NewPCG(uint64(i), 3))
			for n := 0; ; n++ {
				m, err := cur.Get(ctx, bot.ByID(mt.id))
				if err != nil {
					r.err = err
					return
				}
				if m.Play.Finished {
					return
				}
				// The move is built on either build that plays the match.
				builder := cur
				if mt.rules == 1 && rng.IntN(2) == 0 {
					builder = old
				}
				user := m.Seats[m.Play.Active[0]].UserID
				move, err := randomMove(ctx, builder, mt.id, user, rng)
				if err != nil {
					r.err = err
					return
				}
				req := bot.SubmitRequest{Ref: bot.ByID(mt.id), UserID: user, Move: move, RequestID: fmt.Sprintf("%s-%d", mt.id, n)}
				type answer struct {
					old bool // from the old build
					o   bot.Outcome
					err error
				}
				answers := make(chan answer, 2)
				for _, svc := range []*bot.Service{old, cur} {
					go func() {
						o, err := svc.Submit(ctx, req)
						answers <- answer{svc == old, o, err}
					}()
				}
				first, second := <-answers, <-answers
				applied := 0
				for _, a := range []answer{first, second} {
					byOld := a.old
					var rv *bot.RulesVersionError
					switch {
					case a.err == nil && !a.o.Duplicate:
						applied++
						if byOld {
							r.byOld++
						}
						if a.o.Match.Play != nil && mt.rules == 1 && a.o.Match.RulesVersion != 1 {
							r.err = fmt.Errorf("match %s moved to rules %d", mt.id, a.o.Match.RulesVersion)
						}
					case a.err == nil:
						r.dups++
					case errors.As(a.err, &rv) && mt.rules == 2 && rv.Newer():
						r.old++
					default:
						r.err = fmt.Errorf("match %s (rules %d) move %d %q: %v", mt.id, mt.rules, n+1, move, a.err)
						return
					}
				}
				if applied != 1 {
					r.err = fmt.Errorf("match %s move %d %q applied %d times", mt.id, n+1, move, applied)
					return
				}
				r.moves++
			}
		}()
	}
	var moves, refused, dups, byOld int
	for range matches {
		r := <-results
		if r.err != nil {
			t.Error(r.err)
		}
		moves, refused, dups, byOld = moves+r.moves, refused+r.old, dups+r.dups, byOld+r.byOld
	}
	if t.Failed() {
		return
	}
	for _, mt := range matches {
		d, err := transfer.Read(ctx, raw, mt.id)
		if err != nil {
			t.Fatal(err)
		}
		if d.Match.Status != storage.StatusFinished || d.Match.RulesVersion != mt.rules {
			t.Errorf("match %s: %s under rules %d, want finished under rules %d", mt.id, d.Match.Status, d.Match.RulesVersion, mt.rules)
		}
		checkStoredLog(t, ctx, raw, mt.id, cur.Games())
		// The old build still reads every match of its own rules.
		if _, err := old.Get(ctx, bot.ByID(mt.id)); (err != nil) != (mt.rules == 2) {
			t.Errorf("match %s (rules %d) on the old build: %v", mt.id, mt.rules, err)
		}
	}
	if refused == 0 || dups == 0 || byOld == 0 || byOld == moves-refused {
		t.Errorf("%d moves: %d applied by the old build, %d refused by it, %d answered as duplicates; want some of each, and some old matches' moves applied by the new build", moves, byOld, refused, dups)
	}
	t.Logf("%d matches, %d moves: %d applied by the old build, %d refused by it (newer rules), %d answered as already applied", len(matches), moves, byOld, refused, dups)
}

// TestRollingUpgradeClock: the old build leaves the turn clock of a match
// it cannot play as the new build set it. Firing due matches, it sends no
// reminder for it and writes nothing, so the new build sends it once the
// old one's lease has run out; a player coming back from an absence, or
// the clock's settings changed, on the old build keep the seats' waits.
func TestRollingUpgradeClock(t *testing.T) {
	ctx := context.Background()
	var (
		mu  sync.Mutex
		now = upgradeStart
	)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	advance := func(d time.Duration) { mu.Lock(); now = now.Add(d); mu.Unlock() }
	old, cur, raw := rollingBuildsAt(t, clock)
	ada, ben := upgradeUsers[0], upgradeUsers[1]
	m, err := cur.CreateMatch(ctx, bot.CreateRequest{Channel: "c-clock", Game: "pebbles", Creator: ada, Seed: 5,
		Clock: bot.ClockSettings{Remind: 12 * time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cur.Join(ctx, bot.ByID(m.ID), ben); err != nil {
		t.Fatal(err)
	}
	if _, err := cur.Start(ctx, bot.ByID(m.ID), ada.ID); err != nil {
		t.Fatal(err)
	}
	stored := func() storage.Match {
		t.Helper()
		sm, err := raw.Get(ctx, m.ID)
		if err != nil {
			t.Fatal(err)
		}
		return sm
	}
	start := stored()
	if start.Due.IsZero() || len(start.Clock) == 0 {
		t.Fatalf("the new match has no turn clock: due %v, clock %s", start.Due, start.Clock)
	}

	// The old build keeps the seats' waits when it writes the clock.
	if _, err := old.SetClock(ctx, bot.ByID(m.ID), ada.ID, false, bot.ClockSettings{Remind: 12 * time.Hour}); err != nil {
		t.Fatalf("clock settings on the old build: %v", err)
	}
	if _, err := old.Back(ctx, ben.ID); err != nil {
		t.Fatalf("back on the old build: %v", err)
	}
	if after := stored(); !after.Due.Equal(start.Due) || !sameClockSeats(t, after.Clock, start.Clock) {
		t.Fatalf("the old build's clock writes changed the waits: due %v → %v, clock %s → %s", start.Due, after.Due, start.Clock, after.Clock)
	}

	advance(12*time.Hour + time.Minute)
	before := stored()
	rs, err := old.FireDue(ctx, "old-replica", 10)
	if err != nil || len(rs) != 0 {
		t.Fatalf("the old build fired %d reminders for a match it cannot play: %v", len(rs), err)
	}
	if after := stored(); after.Version != before.Version || !after.Due.Equal(before.Due) {
		t.Fatalf("the old build wrote the match it cannot play: version %d → %d, due %v → %v", before.Version, after.Version, before.Due, after.Due)
	}
	if rs, err := cur.FireDue(ctx, "new-replica", 10); err != nil || len(rs) != 0 {
		t.Fatalf("the new build fired %d reminders while the old one holds the lease: %v", len(rs), err)
	}
	advance(bot.ClockLease)
	rs, err = cur.FireDue(ctx, "new-replica", 10)
	if err != nil || len(rs) != 1 || rs[0].UserID != ada.ID || rs[0].Kind != bot.ReminderDue {
		t.Fatalf("the new build fired %+v (%v), want one reminder to Ada", rs, err)
	}
}

// sameClockSeats reports whether two stored clocks have the same seats'
// waits.
func sameClockSeats(t *testing.T, a, b json.RawMessage) bool {
	t.Helper()
	var ca, cb struct {
		Seats json.RawMessage `json:"seats"`
	}
	if err := json.Unmarshal(a, &ca); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &cb); err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(ca.Seats, cb.Seats) && len(ca.Seats) > 0
}

// currentEncoding is Pebbles writing every match in its current state
// encoding, as a build that changed the encoding of rules 1 would.
type currentEncoding struct{ testgame.Game }

func (currentEncoding) MarshalState(s engine.State) ([]byte, error) { return json.Marshal(s) }

// sameSnapshot accepts a stored snapshot in an older encoding only when it
// decodes to exactly the replayed position.
func TestSameSnapshotOlderEncoding(t *testing.T) {
	d, err := os.ReadFile(upgradeFixture("pebbles", 1))
	if err != nil {
		t.Fatal(err)
	}
	var dump transfer.Dump
	if err := json.Unmarshal(d, &dump); err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(dump.State, []byte(`{"v":1,`)) {
		t.Fatalf("the rules-1 Pebbles fixture is not in state version 1: %.40s", dump.State)
	}
	g := currentEncoding{}
	replayed, err := replayLog(g, dump)
	if err != nil {
		t.Fatal(err)
	}
	if err := sameSnapshot(g, replayed, dump.State); err != nil {
		t.Errorf("the same position in the older encoding: %v", err)
	}
	dump.Log = dump.Log[:len(dump.Log)-1]
	if earlier, err := replayLog(g, dump); err != nil {
		t.Fatal(err)
	} else if err := sameSnapshot(g, earlier, dump.State); err == nil {
		t.Error("a position one move earlier passes as the stored snapshot")
	}
	if err := sameSnapshot(testgame.Game{}, replayed, append([]byte(nil), dump.State[:len(dump.State)-1]...)); err == nil {
		t.Error("a truncated snapshot passes")
	}
}

// TestRollingUpgradeNewGame: a game added by the new build is unknown to
// the old one, which refuses its matches as a newer build's (try again
// in a few minutes), never as damaged data and never with the advice to
// abort; it cannot change them (not even abort or fire their clock), and
// the new build plays on.
func TestRollingUpgradeNewGame(t *testing.T) {
	ctx := context.Background()
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	prefix := storagetest.RedisPrefix(t)
	open := func() storage.Store {
		st := redisstore.New(srv.Client(), prefix, storage.Options{})
		t.Cleanup(func() { st.Close() })
		return st
	}
	var without []engine.Game // the old build: no Urbanization yet
	for _, g := range productGames() {
		if g.Info().ID != "urbanization" {
			without = append(without, g)
		}
	}
	later := func() time.Time { return upgradeStart.Add(40 * 24 * time.Hour) }
	old := upgradeServiceAt(t, open(), engine.NewRegistry(without...), later)
	cur := upgradeService(t, open(), testCatalog().games)
	raw := open()
	ada, ben := upgradeUsers[0], upgradeUsers[1]
	m, err := cur.CreateMatch(ctx, bot.CreateRequest{Channel: "c-urb", Game: "urbanization", Creator: ada, Seed: 3,
		Clock: bot.ClockSettings{Remind: 12 * time.Hour}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cur.Join(ctx, bot.ByID(m.ID), ben); err != nil {
		t.Fatal(err)
	}
	if _, err := cur.Start(ctx, bot.ByID(m.ID), ada.ID); err != nil {
		t.Fatal(err)
	}
	before, err := raw.Get(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"get":        func() error { _, err := old.Get(ctx, bot.ByID(m.ID)); return err },
		"in channel": func() error { _, err := old.Get(ctx, bot.InChannel("c-urb")); return err },
		"move": func() error {
			_, err := old.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: ada.ID, Move: "pass"})
			return err
		},
		"abort": func() error { _, err := old.Abort(ctx, bot.ByID(m.ID), ada.ID, false); return err },
	}
	for what, call := range calls {
		err := call()
		var rv *bot.RulesVersionError
		if !errors.As(err, &rv) || !rv.UnknownGame || !rv.Newer() {
			t.Fatalf("%s on the old build: %v, want the error of a game this build lacks", what, err)
		}
		p := old.Explain(ctx, err)
		if p.Kind != bot.KindRulesVersion || !strings.Contains(p.Text, "a game (urbanization) that this build of the bot does not have. If the bot is being upgraded, try again in a few minutes.") || strings.Contains(p.Text, "abort") {
			t.Errorf("%s: the old build says %q (%s)", what, p.Text, p.Kind)
		}
	}
	// Forty days on, the match is long due (reminders, abandonment): the
	// old build leaves all of it to a build that has the game.
	if rs, err := old.FireDue(ctx, "old", 100); err != nil || len(rs) != 0 {
		t.Fatalf("the old build fired %d reminders (%v) for a game it lacks", len(rs), err)
	}
	after, err := raw.Get(ctx, m.ID)
	if err != nil || after.Version != before.Version || !bytes.Equal(after.State, before.State) {
		t.Fatalf("the old build changed the match: version %d → %d (%v)", before.Version, after.Version, err)
	}
	got, err := cur.Get(ctx, bot.ByID(m.ID))
	if err != nil || got.Play == nil || got.Play.Finished {
		t.Fatalf("the new build reads %+v, %v; want the match in play", got.Play, err)
	}
}
