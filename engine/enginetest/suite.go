package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"

	"github.com/smokestack/smokestack/engine"
)

// Run runs the whole suite: CheckGame, then Playouts.
func Run(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	t.Run("game", func(t *testing.T) { t.Helper(); CheckGame(t, g, cfg) })
	t.Run("playouts", func(t *testing.T) { t.Helper(); Playouts(t, g, cfg) })
}

// Stats counts what Playouts played.
type Stats struct {
	Playouts int
	Moves    int
	Elapsed  time.Duration
}

// Playouts plays cfg.Playouts random games on cfg.Workers goroutines and
// reports each failure (at most cfg.MaxFailures, then it stops) with the
// record that reproduces it. It logs the playout and move rates.
func Playouts(t *testing.T, g engine.Game, cfg Config) Stats {
	t.Helper()
	cfg = cfg.withDefaults(g)
	var (
		next     atomic.Int64
		moves    atomic.Int64
		played   atomic.Int64
		mu       sync.Mutex
		failures []*Failure
		wg       sync.WaitGroup
	)
	stop := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(failures) >= cfg.MaxFailures
	}
	start := time.Now()
	for range min(cfg.Workers, cfg.Playouts) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop() {
				i := int(next.Add(1) - 1)
				if i >= cfg.Playouts {
					return
				}
				rec, err := Playout(g, cfg, i)
				played.Add(1)
				moves.Add(int64(len(rec.Moves)))
				if err != nil {
					f, ok := err.(*Failure)
					if !ok {
						f = &Failure{Game: g.Info().ID, Playout: i, Err: err, Record: rec}
					}
					mu.Lock()
					failures = append(failures, f)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	s := Stats{Playouts: int(played.Load()), Moves: int(moves.Load()), Elapsed: time.Since(start)}
	sort.Slice(failures, func(i, j int) bool { return failures[i].Playout < failures[j].Playout })
	for _, f := range failures {
		t.Error(f)
	}
	sec := s.Elapsed.Seconds()
	t.Logf("%s: %d playouts, %d moves in %v: %.0f playouts/s, %.0f moves/s (%d workers)",
		g.Info().ID, s.Playouts, s.Moves, s.Elapsed.Round(time.Millisecond), float64(s.Playouts)/sec, float64(s.Moves)/sec, cfg.Workers)
	return s
}

// CheckGame checks the game's identity, seat range, options, pins, help
// topics, setup determinism, the initial views and state decoding.
func CheckGame(t *testing.T, g engine.Game, cfg Config) {
	t.Helper()
	cfg = cfg.withDefaults(g)
	if id := g.Info().ID; id == "" || strings.ContainsFunc(id, func(r rune) bool { return r > 'z' || r < '-' || r == ' ' }) {
		t.Errorf("ID %q: want a non-empty lowercase ASCII identifier", id)
	}
	if g.Info().Name == "" {
		t.Error("empty Name")
	}
	lo, hi := g.Info().MinSeats, g.Info().MaxSeats
	if lo < 1 || hi < lo {
		t.Fatalf("Seats() = %d, %d", lo, hi)
	}
	setup := func(seats int, opts, pins map[string]string) (engine.State, []engine.Event, error) {
		return g.Setup(engine.Setup{Seats: seats, Seed: cfg.Seed, Options: opts, Pins: pins})
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
		st, evs, err := setup(n, cfg.Options, nil)
		if err != nil {
			t.Errorf("Setup with %d seats: %v", n, err)
			continue
		}
		st2, evs2, _ := setup(n, cfg.Options, nil)
		a, err := g.MarshalState(st)
		if err != nil {
			t.Fatalf("MarshalState: %v", err)
		}
		b, _ := g.MarshalState(st2)
		if !bytes.Equal(a, b) {
			t.Errorf("%d seats: two setups with the same seed differ: %s", n, firstDiff(a, b))
		}
		if d := diffEvents(evs, evs2); d != "" {
			t.Errorf("%d seats: two setups with the same seed narrate differently: %s", n, d)
		}
		for s := engine.Spectator; s < n; s++ {
			if _, err := json.Marshal(g.View(st, s)); err != nil {
				t.Errorf("%d seats: view of seat %d does not encode: %v", n, s+1, err)
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
func checkRules(t *testing.T, g engine.Game, cfg Config, seats int) {
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
			t.Errorf("Setup with rules version 0 differs from Setup with the current version %d: %s", cur, firstDiff(def, b))
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
		if err := notationRoundTrip(g, m); err != nil {
			t.Fatalf("ParseMove(%q) = %q: %v", text, []string(m), err)
		}
	})
}

func notationRoundTrip(g engine.Game, m engine.Move) error {
	for _, tok := range m {
		if tok == "" || strings.ContainsFunc(tok, unicode.IsSpace) {
			return fmt.Errorf("token %q is empty or holds a space", tok)
		}
	}
	text := g.FormatMove(m)
	back, err := g.ParseMove(text)
	if err != nil {
		return fmt.Errorf("its canonical form %q does not parse: %v", text, err)
	}
	if !slices.Equal(back, m) {
		return fmt.Errorf("its canonical form %q parses to %q", text, []string(back))
	}
	if again := g.FormatMove(back); again != text {
		return fmt.Errorf("formats to %q, then %q", text, again)
	}
	return nil
}
