package player

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

func TestParseLevel(t *testing.T) {
	for _, l := range Levels {
		got, err := ParseLevel(" " + strings.ToUpper(string(l)) + " ")
		if err != nil || got != l {
			t.Errorf("ParseLevel(%q) = %q, %v", l, got, err)
		}
	}
	_, err := ParseLevel("grandmaster")
	if err == nil || !strings.Contains(err.Error(), `"grandmaster"`) || !strings.Contains(err.Error(), "random, greedy, easy, normal, strong") {
		t.Errorf("unknown level: %v", err)
	}
	if Easy.Iterations() >= Normal.Iterations() || Normal.Iterations() >= Strong.Iterations() || Random.Iterations() != 0 {
		t.Error("levels' iterations do not grow with the level")
	}
	if Easy.Budget() >= Normal.Budget() || Normal.Budget() >= Strong.Budget() {
		t.Error("levels' budgets do not grow with the level")
	}
}

// positions are a few positions along a random game of g with n seats.
func positions(t *testing.T, g engine.Game, n int, count int) []engine.State {
	t.Helper()
	var all []engine.State
	randomGame(t, g, n, 11, func(st engine.State) { all = append(all, st) })
	all = all[:len(all)-1] // the end
	var out []engine.State
	for i := 0; i < len(all); i += max(1, len(all)/count) {
		out = append(out, all[i])
	}
	return out
}

func TestChooseRefuses(t *testing.T) {
	g := testgame.Game{}
	st, _, _ := g.Setup(engine.Setup{Seats: 2, Seed: 1})
	active := g.Status(st).Active[0]
	ctx := context.Background()
	if _, err := Choose(ctx, g, st, 1-active, Config{Level: Normal}); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("inactive seat: %v", err)
	}
	if _, err := Choose(ctx, g, st, active, Config{Level: "expert"}); err == nil || !strings.Contains(err.Error(), "the levels are") {
		t.Errorf("unknown level: %v", err)
	}
	if m, err := Choose(ctx, g, st, active, Config{Level: " Normal", Iterations: 10}); err != nil || len(m) == 0 {
		t.Errorf("a level spelt as ParseLevel reads it: %v, %v", m, err)
	}
	if _, err := Choose(ctx, g, st, active, Config{Level: Easy, Iterations: -1}); err == nil {
		t.Error("negative iterations accepted")
	}
	var end engine.State
	randomGame(t, g, 2, 3, func(s engine.State) { end = s })
	if _, err := Choose(ctx, g, end, 0, Config{Level: Random}); !errors.Is(err, engine.ErrGameOver) {
		t.Errorf("finished game: %v", err)
	}
}

// TestChooseDeterministic: the same position, level, iterations and seed
// give the same move, in every game and at every level; and the move is
// legal.
func TestChooseDeterministic(t *testing.T) {
	for _, g := range games {
		n := g.Info().MinSeats
		for i, st := range positions(t, g, n, 3) {
			seat := g.Status(st).Active[0]
			for _, l := range Levels {
				cfg := Config{Level: l, Iterations: 12, Seed: uint64(i)}
				a, err := Choose(context.Background(), g, st, seat, cfg)
				if err != nil {
					t.Fatalf("%s %s: %v", g.Info().ID, l, err)
				}
				b, _ := Choose(context.Background(), g, st, seat, cfg)
				if g.FormatMove(a) != g.FormatMove(b) {
					t.Errorf("%s %s, position %d: %q then %q", g.Info().ID, l, i, g.FormatMove(a), g.FormatMove(b))
				}
				if _, _, err := g.Apply(st, seat, a); err != nil {
					t.Errorf("%s %s: %q refused: %v", g.Info().ID, l, g.FormatMove(a), err)
				}
			}
		}
	}
}

// TestChooseDeadline: a search whose context is already done still
// returns a legal move (one iteration), and reports the cut.
func TestChooseDeadline(t *testing.T) {
	g := games[0]
	st := positions(t, g, 3, 2)[1]
	seat := g.Status(st).Active[0]
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	m, rep, err := ChooseReport(ctx, g, st, seat, Config{Level: Strong, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := g.Apply(st, seat, m); err != nil {
		t.Errorf("%q refused: %v", g.FormatMove(m), err)
	}
	if want := Strong.IterationsFor(g, 3); !rep.Cut || rep.Iterations != 1 || rep.Planned != want {
		t.Errorf("report %+v, want 1 of %d iterations, cut", rep, want)
	}
	// Uncut, the report says so: every iteration planned was made.
	if _, rep, err = ChooseReport(context.Background(), g, st, seat, Config{Level: Easy, Iterations: 30, Seed: 1}); err != nil || rep.Cut || rep.Iterations != 30 || rep.Planned != 30 {
		t.Errorf("report %+v (%v), want 30 of 30 iterations, not cut", rep, err)
	}
}

// TestSearchBeatsRandom: in Pebbles a small search beats random play
// more often than its share (a check that the search and its evaluation
// point the right way, not a strength figure: those are in
// docs/performance.md).
func TestSearchBeatsRandom(t *testing.T) {
	res, err := Arena(context.Background(), testgame.Game{}, ArenaConfig{Seats: 2, Players: []Level{Easy, Random}, Games: 60, Seed: 1, Iterations: 60})
	if err != nil {
		t.Fatal(err)
	}
	// Pebbles is mostly the luck of the draw: about two games in three is
	// what the search wins at any budget (docs/performance.md). The
	// series is deterministic; the bound asks for a Wilson interval
	// above one half.
	if lo, _ := Wilson(res.Players[0].Wins, 60); lo <= 0.5 {
		t.Errorf("easy wins %v of 60 against random, not clearly more than half: %+v", res.Players[0].Wins, res)
	}
}

func TestArena(t *testing.T) {
	g := testgame.Game{}
	res, err := Arena(context.Background(), g, ArenaConfig{Seats: 3, Players: []Level{Greedy, Random, Random}, Games: 4, Seed: 9, Iterations: 5})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Players) != 2 || res.Players[0].Player != "greedy" || res.Players[1].Player != "random" {
		t.Fatalf("players %+v", res.Players)
	}
	if res.Players[0].Games != 4 || res.Players[1].Games != 8 {
		t.Errorf("games %d and %d, want 4 and 8", res.Players[0].Games, res.Players[1].Games)
	}
	if w := res.Players[0].Wins + res.Players[1].Wins; w != 4 {
		t.Errorf("%v wins in 4 games", w)
	}
	if res.Players[0].Moves == 0 || res.Players[0].MoveMsP95 < res.Players[0].MoveMsP50 {
		t.Errorf("move times %+v", res.Players[0])
	}
	// every game by its seed, the levels rotating, its winner the one
	// counted
	if len(res.Games) != 4 {
		t.Fatalf("%d games recorded, want 4", len(res.Games))
	}
	greedyWins := 0.0
	for k, gm := range res.Games {
		if gm.Seed != 9+uint64(k) || len(gm.Levels) != 3 || len(gm.Scores) != 3 || len(gm.Ranking) != 3 || gm.Moves == 0 {
			t.Fatalf("game %d: %+v", k, gm)
		}
		if gm.Levels[(3-k%3)%3] != Greedy {
			t.Errorf("game %d: levels %v, want greedy in seat %d", k, gm.Levels, (3-k%3)%3+1)
		}
		if gm.Levels[gm.Ranking[0]] == Greedy {
			greedyWins++
		}
	}
	if greedyWins != res.Players[0].Wins {
		t.Errorf("the games' winners give greedy %v wins, the totals %v", greedyWins, res.Players[0].Wins)
	}
	for _, bad := range []struct {
		cfg  ArenaConfig
		want string
	}{
		{ArenaConfig{Seats: 5, Players: []Level{Random, Random, Random, Random, Random}, Games: 1}, "2 to 4 seats"},
		{ArenaConfig{Seats: 2, Players: []Level{Random}, Games: 1}, "1 players listed for 2 seats"},
		{ArenaConfig{Seats: 2, Players: []Level{Random, "wizard"}, Games: 1}, "unknown level"},
		{ArenaConfig{Seats: 2, Players: []Level{Random, Random}, Games: 0}, "0 games"},
	} {
		if _, err := Arena(context.Background(), g, bad.cfg); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v, want %q", bad.cfg, err, bad.want)
		}
	}
}

func TestWilson(t *testing.T) {
	lo, hi := Wilson(19, 20)
	if got := fmt.Sprintf("%.3f %.3f", lo, hi); got != "0.764 0.991" {
		t.Errorf("Wilson(19, 20) = %s", got)
	}
}

// scaled is Pebbles with a search scale, as a game whose iterations cost
// a quarter of the reference declares.
type scaled struct {
	testgame.Game
	f float64
}

func (s scaled) SearchScale(level string, seats int) float64 {
	if level == "strong" {
		return s.f * float64(seats) / 4 // half the others'
	}
	return s.f * float64(seats) / 2
}

// TestIterationsFor: a game's SearchScale multiplies the levels'
// iterations (by level and seat count), never below one; a game without
// one, or a scale that is not positive, keeps the reference; random and
// greedy do not search. The arena reports the budget it used and CPU times when
// given a clock.
func TestIterationsFor(t *testing.T) {
	for _, c := range []struct {
		g     engine.Game
		seats int
		want  [3]int
	}{
		{testgame.Game{}, 2, [3]int{easyIterations, normalIterations, strongIterations}},
		{scaled{f: 4}, 2, [3]int{4 * easyIterations, 4 * normalIterations, 2 * strongIterations}},
		{scaled{f: 4}, 4, [3]int{8 * easyIterations, 8 * normalIterations, 4 * strongIterations}},
		{scaled{f: 0.0001}, 2, [3]int{1, 1, 1}},
		{scaled{f: -1}, 2, [3]int{easyIterations, normalIterations, strongIterations}},
	} {
		for i, l := range []Level{Easy, Normal, Strong} {
			if got := l.IterationsFor(c.g, c.seats); got != c.want[i] {
				t.Errorf("%T×%v, %d seats, %s: %d iterations, want %d", c.g, c.g, c.seats, l, got, c.want[i])
			}
		}
		if Random.IterationsFor(c.g, c.seats) != 0 || Greedy.IterationsFor(c.g, c.seats) != 0 {
			t.Errorf("%v: random or greedy searches", c.g)
		}
	}
	var ticks time.Duration
	clock := func() time.Duration { ticks += time.Millisecond; return ticks }
	res, err := Arena(context.Background(), scaled{f: 0.01}, ArenaConfig{Seats: 2, Players: []Level{Easy, Random}, Games: 1, Seed: 2, CPU: clock})
	if err != nil {
		t.Fatal(err)
	}
	if e, r := res.Players[0], res.Players[1]; e.Iterations != 1 || r.Iterations != 0 || e.MoveCPUMsP50 != 1 || e.MoveCPUMsP95 != 1 {
		t.Errorf("arena with a clock: %+v", res.Players)
	}
}

// ensembled is Pebbles splitting strong's budget among four searches.
type ensembled struct{ testgame.Game }

func (ensembled) SearchEnsemble(level string) int {
	switch level {
	case "strong":
		return 4
	case "easy":
		return -3 // not a count: one search
	}
	return 1
}

// TestSearchesIn: a game's SearchEnsemble sets how many searches share a
// level's budget, never more than its iterations; a game without it, or
// a count below 2, keeps one search.
func TestSearchesIn(t *testing.T) {
	for _, c := range []struct {
		g     engine.Game
		iters int
		want  [3]int
	}{
		{testgame.Game{}, 2000, [3]int{1, 1, 1}},
		{ensembled{}, 2000, [3]int{1, 1, 4}},
		{ensembled{}, 3, [3]int{1, 1, 3}},
	} {
		for i, l := range []Level{Easy, Normal, Strong} {
			if got := l.searchesIn(c.g, c.iters); got != c.want[i] {
				t.Errorf("%T, %s, %d iterations: %d searches, want %d", c.g, l, c.iters, got, c.want[i])
			}
		}
	}
}

// TestSearchesVote: strong in a game that splits its budget plays the
// move the separate searches visited most together. The four searches of
// 402 iterations (101, 101, 100 and 100, each with its own generator) are
// run here by hand and their roots' visits summed; Choose must play the
// move with the most, and the same move again for the same seed.
func TestSearchesVote(t *testing.T) {
	g := ensembled{}
	st, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	seat := g.Status(st).Active[0]
	const seed = 2 // a position and seed where the vote and one search differ
	// vote runs one search of each budget in ns, the k-th with the
	// generator (seed, chooseStream+k), and returns the move with the
	// most root visits over all of them (ties to the higher summed value,
	// then to the move found first), its visits and every visit counted.
	vote := func(ns ...int) (engine.Move, int, int) {
		visits := map[string]int{}
		value := map[string]float64{}
		moves := map[string]engine.Move{}
		var keys []string
		total := 0
		for k, n := range ns {
			root, _, err := newSearch(g, st, seat, engine.NewRNG(seed, chooseStream+uint64(k)), playoutTurns).run(context.Background(), n)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range root.children {
				if _, ok := moves[c.key]; !ok {
					keys = append(keys, c.key)
					moves[c.key] = c.move
				}
				visits[c.key] += c.visits
				value[c.key] += c.value
				total += c.visits
			}
		}
		best := keys[0]
		for _, k := range keys[1:] {
			if visits[k] > visits[best] || (visits[k] == visits[best] && value[k] > value[best]) {
				best = k
			}
		}
		return moves[best], visits[best], total
	}
	want, most, total := vote(101, 101, 100, 100)
	if total != 402 {
		t.Fatalf("the four searches visited the root's moves %d times, want 402", total)
	}
	cfg := Config{Level: Strong, Iterations: 402, Seed: seed}
	for range 2 {
		m, err := Choose(context.Background(), g, st, seat, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(m, want) {
			t.Errorf("strong played %v, want %v, the move the searches visited most (%d of 402 visits)", m, want, most)
		}
	}
	// One search of the whole budget is the search Choose makes for a
	// game that does not split it; here it picks another move, so the
	// test tells the two apart.
	one, _, _ := vote(402)
	if slices.Equal(one, want) {
		t.Fatalf("one search and the four agree on %v: choose a position where they differ", one)
	}
	if m, err := Choose(context.Background(), testgame.Game{}, st, seat, cfg); err != nil || !slices.Equal(m, one) {
		t.Errorf("strong in Pebbles played %v (%v), want %v, its single search's move", m, err, one)
	}
}

// spread is Pebbles with a fixed projection (seat 1 ten points ahead of
// the rest) and a fixed spread of that projection.
type spread struct {
	testgame.Game
	sd float64
}

func (s spread) Projected(st engine.State) []float64 {
	out := make([]float64, len(s.Status(st).Seats))
	out[0] = 10
	return out
}

func (s spread) ProjectedSpread(engine.State) float64 { return s.sd }

// TestSpreadWidensTheEvaluation: a game's ProjectedSpread sets the width
// of the logistic curve the evaluation squashes projected margins by. A
// ten-point lead is nearly a won game at the default width (a tenth of
// the leading score, at least 2: 0.993) and about 0.71 when the
// projection may still move by 20 points (width 20·√3/π); a spread that
// is not positive or not finite keeps the default; the two seats' values
// still add up to one.
func TestSpreadWidensTheEvaluation(t *testing.T) {
	g := testgame.Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sd   float64
		want float64
	}{
		{0, 1 / (1 + math.Exp(-5))},
		{-4, 1 / (1 + math.Exp(-5))},
		{math.Inf(1), 1 / (1 + math.Exp(-5))},
		{20, 1 / (1 + math.Exp(-10/(20*math.Sqrt(3)/math.Pi)))},
	} {
		v := evaluate(spread{sd: c.sd}, st, 2)
		if math.Abs(v[0]-c.want) > 1e-9 || math.Abs(v[0]+v[1]-1) > 1e-9 {
			t.Errorf("spread %v: values %v, want %.4f for the leader", c.sd, v, c.want)
		}
	}
	if v := evaluate(spread{sd: 20}, st, 2)[0]; v < 0.70 || v > 0.72 {
		t.Errorf("spread 20: a ten-point lead is worth %.3f, want about 0.71", v)
	}
}

// lookahead is Pebbles asking for playouts of a number of turns at
// strong (and a bad count at easy), counting the moves applied, with a
// projection so that no position is flat (Pebbles alone scores only at
// its end, and a flat playout plays on to its end): the sum of each
// seat's cards in hand, which a longer playout changes more.
type lookahead struct {
	testgame.Game
	turns   int
	applies *int
}

func (l lookahead) PlayoutTurns(level string) int {
	switch level {
	case "strong":
		return l.turns
	case "easy":
		return -1 // not a count: the default
	}
	return 0
}

func (l lookahead) Projected(st engine.State) []float64 {
	var out []float64
	for _, h := range st.(*testgame.State).Hands {
		sum := 0
		for _, c := range h {
			sum += c
		}
		out = append(out, float64(sum))
	}
	return out
}

func (l lookahead) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	if l.applies != nil {
		*l.applies++
	}
	return l.Game.Apply(s, seat, m)
}

// TestPlayoutTurnsIn: a game's PlayoutTurns sets how many turns a level's
// playouts play (at most maxPlayoutTurns; 0 or less keeps the default)
// and scales the level's iterations by the default over its turns, so a
// move costs about the same; a game without it keeps both.
func TestPlayoutTurnsIn(t *testing.T) {
	for _, c := range []struct {
		g     engine.Game
		turns [3]int
		iters [3]int
	}{
		{testgame.Game{}, [3]int{2, 2, 2}, [3]int{easyIterations, normalIterations, strongIterations}},
		{lookahead{turns: 4}, [3]int{2, 2, 4}, [3]int{easyIterations, normalIterations, strongIterations / 2}},
		{lookahead{turns: 1}, [3]int{2, 2, 1}, [3]int{easyIterations, normalIterations, 2 * strongIterations}},
		{lookahead{turns: 100}, [3]int{2, 2, maxPlayoutTurns}, [3]int{easyIterations, normalIterations, strongIterations * 2 / maxPlayoutTurns}},
	} {
		for i, l := range []Level{Easy, Normal, Strong} {
			if got := l.playoutTurnsIn(c.g); got != c.turns[i] {
				t.Errorf("%+v, %s: playouts of %d turns, want %d", c.g, l, got, c.turns[i])
			}
			if got := l.IterationsFor(c.g, 2); got != c.iters[i] {
				t.Errorf("%+v, %s: %d iterations, want %d", c.g, l, got, c.iters[i])
			}
		}
	}
}

// TestPlayoutPlaysItsTurns: a playout plays the search's turns before it
// scores (a turn of Pebbles is one move), and Choose searches with the
// level's: strong in a game asking for four turns plays the move a search
// with four-turn playouts finds, which here is not the move of the
// default two.
func TestPlayoutPlaysItsTurns(t *testing.T) {
	applies := 0
	g := lookahead{turns: 4, applies: &applies}
	st, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	seat := g.Status(st).Active[0]
	for _, turns := range []int{1, 2, 4, 7} {
		applies = 0
		if _, err := newSearch(g, st, seat, engine.NewRNG(1, 1), turns).playout(st); err != nil {
			t.Fatal(err)
		}
		if applies != turns {
			t.Errorf("a playout of %d turns applied %d moves", turns, applies)
		}
	}
	const seed, iters = 7, 300 // a seed where four turns and two choose differently
	best := func(turns int) engine.Move {
		root, _, err := newSearch(g, st, seat, engine.NewRNG(seed, chooseStream), turns).run(context.Background(), iters)
		if err != nil {
			t.Fatal(err)
		}
		var b *node
		for _, c := range root.children {
			if b == nil || c.visits > b.visits || (c.visits == b.visits && c.value > b.value) {
				b = c
			}
		}
		return b.move
	}
	four, two := best(4), best(2)
	if slices.Equal(four, two) {
		t.Fatalf("four-turn and two-turn playouts agree on %v: choose a seed where they differ", four)
	}
	m, err := Choose(context.Background(), g, st, seat, Config{Level: Strong, Iterations: iters, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m, four) {
		t.Errorf("strong played %v, want %v, the move of four-turn playouts (two turns: %v)", m, four, two)
	}
}
