// Package enginetest is the conformance suite every game passes in its
// tests.
//
// Run runs CheckGame (identity, seats, options, pins, help topics, the
// completeness of the game's message catalog, setup
// determinism, initial views, state decoding), Playouts (seeded random
// games driven by the choices, with every check of engine/playout),
// DefaultMoves (playouts where one seat only plays its default move),
// Honesty (Game.Determinize, and the computer player choosing alike in
// positions that differ only in what its seat cannot see) and
// ComputerGames (whole games between computer players).
// CheckRecord and Records replay recorded games and check that every move
// in them can be built through the choices (playout.CheckMove); the
// scenario harness (engine/scenario) does the same for every move a
// scenario plays. FuzzNotation is a fuzz target for a game's notation
// parser.
package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/playout"
)

// Config tunes the suite; it is the playout driver's configuration.
type Config = playout.Config

// Run runs the whole suite: CheckGame, Playouts, DefaultMoves, Honesty
// and ComputerGames.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	t.Run("game", func(t *testing.T) { t.Helper(); CheckGame(t, g, cfg) })
	t.Run("playouts", func(t *testing.T) { t.Helper(); Playouts(t, g, cfg) })
	t.Run("default moves", func(t *testing.T) { t.Helper(); DefaultMoves(t, g, cfg) })
	t.Run("honesty", func(t *testing.T) { t.Helper(); Honesty(t, g, cfg) })
	t.Run("computer games", func(t *testing.T) { t.Helper(); ComputerGames(t, g, cfg) })
}

// DefaultMoves plays playouts in which one seat only ever plays its
// Game.DefaultMove (playout.Config.Absent), as a host does for a missing
// player: each default move must be one the choices offer, and the game
// must still reach its end. At most 12 playouts, covering the seat counts.
func DefaultMoves(t testing.TB, g engine.Game, cfg Config) playout.Stats {
	t.Helper()
	cfg.Absent = true
	if cfg.Playouts == 0 || cfg.Playouts > 12 {
		cfg.Playouts = 12
	}
	return Playouts(t, g, cfg)
}

// Playouts plays cfg.Playouts random games with playout.Run and reports
// each failure (at most cfg.MaxFailures, then it stops) with the record
// that reproduces it. It logs the playout and move rates.
func Playouts(t testing.TB, g engine.Game, cfg Config) playout.Stats {
	t.Helper()
	s, failures := playout.Run(g, cfg)
	for _, f := range failures {
		t.Error(f)
	}
	sec := s.Elapsed.Seconds()
	t.Logf("%s: %d playouts, %d moves in %v: %.0f playouts/s, %.0f moves/s (%d workers)",
		g.Info().ID, s.Playouts, s.Moves, s.Elapsed.Round(time.Millisecond), float64(s.Playouts)/sec, float64(s.Moves)/sec, s.Workers)
	return s
}

// CheckGame checks the game's identity, seat range, options, pins, help
// topics, setup determinism, the initial views and state decoding.
func CheckGame(t testing.TB, g engine.Game, cfg Config) {
	t.Helper()
	if id := g.Info().ID; id == "" || strings.ContainsFunc(id, func(r rune) bool { return r > 'z' || r < '-' || r == ' ' }) {
		t.Errorf("ID %q: want a non-empty lowercase ASCII identifier", id)
	}
	if g.Info().Name == "" {
		t.Error("empty Name")
	}
	if cat := g.Info().Catalog; cat != nil {
		// The game's catalog is complete in every language (docs/i18n.md);
		// Playouts check that its events are worded by it.
		if err := cat.Check(); err != nil {
			t.Error(err)
		}
		// Every help topic's kind is worded (Words.TopicKind).
		kinds := map[string]bool{}
		for _, h := range g.Info().Help {
			if id := "topic-kind." + strings.ReplaceAll(h.Kind, " ", "-"); !kinds[id] && !cat.Has(lang.Fallback, id) {
				kinds[id] = true
				t.Errorf("help topic %s: its kind %q has no message %s", h.ID, h.Kind, id)
			}
		}
		// Every option and each of its values has a name for a form
		// (Words.OptionLabel, OptionValue); Check makes it every language's.
		for _, o := range g.Info().Options {
			if id := "option-label." + o.Key; !cat.Has(lang.Fallback, id) {
				t.Errorf("option %s has no name: no message %s", o.Key, id)
			}
			for _, v := range o.Values {
				if id := "option-value." + o.Key + "." + v; !cat.Has(lang.Fallback, id) {
					t.Errorf("option %s: its value %q has no name: no message %s", o.Key, v, id)
				}
			}
		}
	}
	lo, hi := g.Info().MinSeats, g.Info().MaxSeats
	if lo < 1 || hi < lo {
		t.Fatalf("Seats() = %d, %d", lo, hi)
	}
	setupOf := func(seats int, opts, pins map[string]string) engine.Setup {
		return engine.Setup{Seats: seats, Seed: cfg.Seed, Options: opts, Pins: pins}
	}
	setup := func(seats int, opts, pins map[string]string) (engine.State, []engine.Event, error) {
		return g.Setup(setupOf(seats, opts, pins))
	}
	for _, n := range []int{lo - 1, hi + 1} {
		if _, _, err := setup(n, cfg.Options, nil); err == nil {
			t.Errorf("Setup with %d seats (allowed %d to %d) succeeds", n, lo, hi)
		}
	}
	checkRules(t, g, cfg, lo)
	if _, _, err := setup(lo, map[string]string{"zz-no-such-option": "1"}, nil); err == nil {
		t.Error("Setup accepts an unknown option")
	}
	if _, _, err := setup(lo, cfg.Options, map[string]string{"zz-no-such-pin": "1"}); err == nil {
		t.Error("Setup accepts an unknown pin")
	}
	for _, o := range g.Info().Options {
		if o.Key == "" || o.Help == "" {
			t.Errorf("option %+v lacks a key or help", o)
		}
		for _, v := range append([]string{o.Default}, o.Values...) {
			if _, _, err := setup(lo, map[string]string{o.Key: v}, nil); err != nil {
				t.Errorf("option %s=%q: %v", o.Key, v, err)
			}
		}
		if len(o.Values) > 0 && !slices.Contains(o.Values, o.Default) {
			t.Errorf("option %s: default %q is not among its values %v", o.Key, o.Default, o.Values)
		}
	}
	{
		ids := map[string]bool{}
		for _, tp := range g.Info().Help {
			if tp.ID == "" || tp.Title == "" || tp.Kind == "" || tp.Body == "" || len(tp.Body) > 1500 || ids[tp.ID] {
				t.Errorf("help topic %q: empty field, body over 1500 bytes, or a repeated ID", tp.ID)
			}
			ids[tp.ID] = true
		}
	}
	for n := lo; n <= hi; n++ {
		su := setupOf(n, cfg.Options, nil)
		st, evs, err := g.Setup(su)
		if err != nil {
			t.Errorf("Setup with %d seats: %v", n, err)
			continue
		}
		if err := playout.SameSetup(g, su, st, evs); err != nil {
			t.Errorf("%d seats: %v", n, err)
		}
		for s := engine.Spectator; s < n; s++ {
			v := g.View(st, s)
			if _, err := json.Marshal(v); err != nil {
				t.Errorf("%d seats: view of seat %d does not encode: %v", n, s+1, err)
			}
			// Every view says what the latest turn changed (the playouts
			// check the marks move by move).
			if b, ok := v.(engine.Board); !ok {
				t.Errorf("%d seats: the view of seat %d (%T) does not implement engine.Board", n, s+1, v)
			} else if len(b.BoardPlaces()) == 0 || len(b.Marks().Keys) > 0 {
				t.Errorf("%d seats: after setup the view of seat %d has %d board places and marks %+v (want places and no marks)", n, s+1, len(b.BoardPlaces()), b.Marks())
			}
		}
		if st := g.Status(st); st.Finished || len(st.Active) == 0 || len(st.Seats) != n {
			t.Errorf("%d seats: status after setup %+v", n, st)
		}
	}
	for _, bad := range []string{"", "not json", "{}", `{"v":999999}`} {
		if _, err := g.UnmarshalState([]byte(bad)); err == nil {
			t.Errorf("UnmarshalState(%q) succeeds", bad)
		}
	}
	if _, err := g.UnmarshalState([]byte("{}")); !errors.Is(err, engine.ErrStateVersion) {
		t.Errorf("UnmarshalState(`{}`) = %v, want an error wrapping engine.ErrStateVersion", err)
	}
}

// checkRules checks the rules-version range: 1 <= oldest <= current,
// Setup with 0 is Setup with the current version, every version of the
// range sets up, and versions outside it are refused with
// engine.ErrRulesVersion.
func checkRules(t testing.TB, g engine.Game, cfg Config, seats int) {
	t.Helper()
	info := g.Info()
	oldest, cur := info.OldestRulesVersion, info.RulesVersion
	if oldest < 1 || cur < oldest {
		t.Errorf("rules versions %d to %d: want 1 <= OldestRulesVersion <= RulesVersion", oldest, cur)
		return
	}
	setup := func(v int) ([]byte, error) {
		st, _, err := g.Setup(engine.Setup{Seats: seats, Seed: cfg.Seed, Options: cfg.Options, RulesVersion: v})
		if err != nil {
			return nil, err
		}
		return g.MarshalState(st)
	}
	def, err := setup(0)
	if err != nil {
		t.Errorf("Setup with rules version 0 (the current one): %v", err)
	}
	for v := oldest; v <= cur; v++ {
		b, err := setup(v)
		if err != nil {
			t.Errorf("Setup with rules version %d (supported %d to %d): %v", v, oldest, cur, err)
			continue
		}
		if v == cur && def != nil && !bytes.Equal(b, def) {
			t.Errorf("Setup with rules version 0 differs from Setup with the current version %d: %s", cur, playout.FirstDiff(def, b))
		}
	}
	for _, v := range []int{-1, oldest - 1, cur + 1} {
		if v == 0 {
			continue // 0 means the current version
		}
		if _, err := setup(v); !errors.Is(err, engine.ErrRulesVersion) {
			t.Errorf("Setup with rules version %d (supported %d to %d) = %v, want an error wrapping engine.ErrRulesVersion", v, oldest, cur, err)
		}
	}
}

// CheckRecord replays a record (which must replay without error, and match
// its Result header when it has one) and checks every move in it against
// the choices with playout.CheckMove, and its notation with
// playout.NotationRoundTrip. It returns the replay.
func CheckRecord(t testing.TB, g engine.Game, rec engine.Record) engine.Result {
	t.Helper()
	res, err := engine.Replay(g, rec, engine.KeepStates())
	if err != nil {
		t.Fatalf("replay: %v", err)
	}
	st, _, err := g.Setup(rec.Setup())
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	failed := 0
	for k, p := range res.Moves {
		if p.Undo != 0 {
			st = p.State // the position before the move taken back
			continue
		}
		where := func() string {
			line := ""
			if l := rec.Moves[k].Line; l > 0 {
				line = fmt.Sprintf(" (line %d)", l)
			}
			return fmt.Sprintf("move %d%s by seat %d %q", k+1, line, p.Seat+1, g.FormatMove(p.Move))
		}
		if err := playout.NotationRoundTrip(g, p.Move); err != nil {
			t.Errorf("%s: notation: %v", where(), err)
			failed++
		}
		if err := playout.CheckMove(g, st, p.Seat, p.Move); err != nil {
			t.Errorf("%s: %v", where(), err)
			failed++
		}
		if failed >= 5 {
			t.Fatal("stopping after 5 failures")
		}
		st = p.State
	}
	return res
}

// Records runs CheckRecord on every record file matching glob (a subtest
// each) and fails when none matches.
func Records(t *testing.T, g engine.Game, glob string) {
	t.Helper()
	files, err := filepath.Glob(glob)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no record matches %s", glob)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), filepath.Ext(f)), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := engine.ParseRecord(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			CheckRecord(t, g, rec)
		})
	}
}

// FuzzNotation is a fuzz target for g's notation: the parser never panics,
// and anything it accepts formats canonically and parses back to the same
// tokens. seeds are typical moves (and near misses) for the corpus.
func FuzzNotation(f *testing.F, g engine.Game, seeds []string) {
	for _, s := range seeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		m, err := g.ParseMove(text)
		if err != nil {
			return
		}
		if err := playout.NotationRoundTrip(g, m); err != nil {
			t.Fatalf("ParseMove(%q) = %q: %v", text, []string(m), err)
		}
	})
}

// FuzzState is a fuzz target for g's state decoding: any input decodes or
// fails with an error, never a panic; what decodes encodes again to bytes
// that decode and encode to the same bytes; and the decoded state can be
// read (status, every view, holdings, the choices of every seat) without
// panicking, since a damaged snapshot must be refused by UnmarshalState
// rather than crash a later call. The corpus starts with seeds plus the
// setup state of every seat count and the states of a short playout.
func FuzzState(f *testing.F, g engine.Game, seeds [][]byte) {
	for _, s := range seeds {
		f.Add(s)
	}
	for n := g.Info().MinSeats; n <= g.Info().MaxSeats; n++ {
		rec, err := playout.Playout(g, Config{Seats: []int{n}, ViewEvery: -1, ReplayEvery: -1, OfferedEvery: -1}, 0)
		if err != nil {
			f.Fatalf("playout for the corpus: %v", err)
		}
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			f.Fatalf("replay for the corpus: %v", err)
		}
		st, _, err := g.Setup(rec.Setup())
		if err != nil {
			f.Fatal(err)
		}
		states := []engine.State{st}
		for k := 1; k <= 3; k++ {
			if i := k*len(res.Moves)/3 - 1; i >= 0 {
				states = append(states, res.Moves[i].State)
			}
		}
		for _, st := range states {
			b, err := g.MarshalState(st)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		st, err := g.UnmarshalState(data)
		if err != nil {
			return
		}
		a, err := g.MarshalState(st)
		if err != nil {
			t.Fatalf("a decoded state does not encode: %v", err)
		}
		back, err := g.UnmarshalState(a)
		if err != nil {
			t.Fatalf("a re-encoded state does not decode: %v\n%s", err, a)
		}
		if b, _ := g.MarshalState(back); !bytes.Equal(a, b) {
			t.Fatalf("encode, decode, encode is not byte-stable:\n%s\n%s", a, b)
		}
		status := g.Status(st)
		if _, err := json.Marshal(g.View(st, engine.Spectator)); err != nil {
			t.Fatalf("the spectator view does not encode: %v", err)
		}
		for seat := range status.Seats {
			if _, err := json.Marshal(g.View(st, seat)); err != nil {
				t.Fatalf("the view of seat %d does not encode: %v", seat+1, err)
			}
			g.Holding(st, seat)
			if ch, err := g.Choices(st, seat, nil); err == nil && len(ch.Next) > 0 {
				g.Choices(st, seat, engine.Move{ch.Next[0].Token})
			}
		}
	})
}
