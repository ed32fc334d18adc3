package player

import (
	"context"
	"fmt"
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// chooseStream is the stream of Choose's generator for a seed: the random
// and greedy players draw from it, and so does a search (the k-th of a
// level's searches from chooseStream+k, runSearches).
const chooseStream = 0x5eed

// Config is what a computer player needs besides the position.
type Config struct {
	Level Level
	// Iterations overrides the level's search budget per move; 0 takes
	// the level's default for the game (Level.IterationsFor). Random and
	// greedy ignore it.
	Iterations int
	// Seed drives every random choice of the search: the same position,
	// level, iterations and seed give the same move.
	Seed uint64
}

// Choose picks seat's next move in st: a complete move Apply accepts.
//
// It uses only what seat can see. Every position it looks at is a
// determinization of st for seat (Game.Determinize), in which everything
// seat cannot see is redistributed and the game's random generator
// re-seeded; the real st is read only for its public Status (is the game
// over, must seat act) and, once the move is chosen, to check that Apply
// accepts it. So two positions seat cannot tell apart give the same move
// for the same Config (the conformance suite checks it for every game).
//
// The search ends after its budget of iterations, whatever the clock
// says, so the same position and Config give the same move on any machine
// at any load. ctx is only a safety: when it is done before the budget is
// spent the search stops and the best move found so far is returned, and
// that move is not reproducible (the one source of non-determinism; a host
// puts Level.Budget on it, well beyond the level's CPU time, and logs it
// when it fires: ChooseReport). It fails with engine.ErrGameOver when the
// game is over and engine.ErrNotYourTurn when seat need not act, like
// Game.DefaultMove.
func Choose(ctx context.Context, g engine.Game, st engine.State, seat int, cfg Config) (engine.Move, error) {
	m, _, err := ChooseReport(ctx, g, st, seat, cfg)
	return m, err
}

// Report tells how Choose chose a move: the search iterations made and
// planned (0 and 0 for random and greedy), and whether ctx cut the search
// before its budget was spent (Cut: the move is then not reproducible).
type Report struct {
	Iterations, Planned int
	Cut                 bool
}

// ChooseReport is Choose with a report of the search (Report).
func ChooseReport(ctx context.Context, g engine.Game, st engine.State, seat int, cfg Config) (engine.Move, Report, error) {
	var rep Report
	status := g.Status(st)
	if status.Finished {
		return nil, rep, engine.ErrGameOver
	}
	if !slices.Contains(status.Active, seat) {
		return nil, rep, engine.ErrNotYourTurn
	}
	level, err := ParseLevel(string(cfg.Level))
	if err != nil {
		return nil, rep, err
	}
	cfg.Level = level
	if cfg.Iterations < 0 {
		return nil, rep, fmt.Errorf("player: %d iterations: want 0 (the level's default) or more", cfg.Iterations)
	}
	rng := engine.NewRNG(cfg.Seed, chooseStream)
	var m engine.Move
	switch cfg.Level {
	case Random:
		d := g.Determinize(st, seat, &rng)
		m, err = randomMove(g, d, seat, &rng)
	case Greedy:
		m, err = greedy(g, st, seat, &rng)
	default:
		n := cfg.Iterations
		if n == 0 {
			n = cfg.Level.IterationsFor(g, len(status.Seats))
		}
		rep.Planned = n
		m, rep.Iterations, err = runSearches(ctx, g, st, seat, cfg.Seed, n, cfg.Level.searchesIn(g, n), cfg.Level.playoutTurnsIn(g))
		rep.Cut = rep.Iterations < n
	}
	if err != nil {
		return nil, rep, fmt.Errorf("player: %s: %w", g.Info().ID, err)
	}
	// A move chosen on a determinization is legal in st when the game's
	// choices depend only on what the seat sees; check it, so a game that
	// breaks this fails here rather than in the host.
	if _, _, err := g.Apply(st, seat, m); err != nil {
		return nil, rep, fmt.Errorf("player: %s: the move %q chosen on a determinization is refused in the real position (the game's choices depend on what seat %d cannot see): %w",
			g.Info().ID, g.FormatMove(m), seat+1, err)
	}
	return m, rep, nil
}

// greedyDeterminizations is how many samples of the hidden information
// the greedy player averages each move's evaluation over.
const (
	greedyDeterminizations = 3
	greedyMoves            = 96
)

// greedy plays the move whose position the evaluation likes best for
// seat, one move ahead, averaged over a few determinizations. The
// candidates are every move when there are at most greedyMoves of them,
// else that many distinct random ones.
func greedy(g engine.Game, st engine.State, seat int, rng *engine.RNG) (engine.Move, error) {
	seats := len(g.Status(st).Seats)
	ds := make([]engine.State, greedyDeterminizations)
	for i := range ds {
		ds[i] = g.Determinize(st, seat, rng)
	}
	moves, err := candidates(g, ds[0], seat, greedyMoves, rng)
	if err != nil {
		return nil, err
	}
	best, bestV := -1, -1.0
	for i, m := range moves {
		v := 0.0
		for _, d := range ds {
			next, _, err := g.Apply(d, seat, m)
			if err != nil {
				continue
			}
			v += evaluate(g, next, seats)[seat]
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return moves[best], nil
}

// candidates lists every move of seat when there are at most limit,
// else limit distinct random ones (a bounded number of tries).
func candidates(g engine.Game, st engine.State, seat, limit int, rng *engine.RNG) ([]engine.Move, error) {
	all, full, err := enumerate(g, st, seat, limit)
	if err != nil {
		return nil, err
	}
	if full && len(all) > 0 {
		return all, nil
	}
	seen := map[string]bool{}
	var out []engine.Move
	for try := 0; try < 4*limit && len(out) < limit; try++ {
		m, err := randomMove(g, st, seat, rng)
		if err != nil {
			return nil, err
		}
		if k := key(m); !seen[k] {
			seen[k] = true
			out = append(out, m)
		}
	}
	return out, nil
}
