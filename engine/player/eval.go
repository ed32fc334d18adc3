package player

import (
	"math"

	"github.com/smokestack/smokestack/engine"
)

// Evaluator is implemented by a game that can score a position for the
// search better than its projected scores: one value in [0, 1] per seat,
// higher is better for that seat. Optional; without it the search uses
// the default evaluation (see evaluate).
type Evaluator interface {
	Evaluate(st engine.State) []float64
}

// Projector is implemented by a game that can project each seat's final
// score from a position (in its score unit) better than its status does,
// without putting the figure in front of people: what the seat holds now
// plus what the position would still bring it, such as the values of an
// end-of-game scoring counted on the position as it stands. Optional; the
// default evaluation uses it for an unfinished game in place of the
// status's engine.StatProjected and the score. It must depend only on the
// position given (the search calls it on determinizations).
type Projector interface {
	Projected(st engine.State) []float64
}

// Spreader is implemented by a game with a Projector that can also say
// how far a seat's projected margin may still move before the end:
// ProjectedSpread(st) is the standard deviation, in score points, of a
// seat's final margin over its best opponent less its projected margin
// there, for positions like st (a game measures it on played games and
// states the series). The default evaluation then squashes the projected
// margin by a logistic curve of that standard deviation (width
// spread·√3/π) in place of its default width, a tenth of the leading
// score (at least 2). The default fits a projection the rest of the game
// changes little; where much is still to come it is too narrow, every
// lead of a few points looks like a won game and the search stops
// telling moves apart. Optional; a spread that is not positive keeps the
// default.
type Spreader interface {
	ProjectedSpread(st engine.State) float64
}

// evaluate scores a position for every seat in [0, 1]. A finished game
// scores by rank (1 for the winner, 0 for the last, shared among seats
// the game ranks by equal scores is left to the game's ranking) blended
// with the score margin; an unfinished one by each seat's margin over
// its best opponent in projected score (the game's Projector, else
// engine.StatProjected, else the score), squashed by a logistic curve
// whose width follows the size of the scores, or the game's spread
// (Spreader) for a projection.
func evaluate(g engine.Game, st engine.State, seats int) []float64 {
	return evaluateStatus(g, st, g.Status(st), seats)
}

// evaluateStatus is evaluate with the position's status at hand.
func evaluateStatus(g engine.Game, st engine.State, status engine.Status, seats int) []float64 {
	if e, ok := g.(Evaluator); ok {
		if v := e.Evaluate(st); len(v) == seats {
			return v
		}
	}
	vals := make([]float64, seats)
	var proj []float64
	if p, ok := g.(Projector); ok && !status.Finished {
		if v := p.Projected(st); len(v) == seats {
			proj = v
		}
	}
	scale := 0.0
	for i := range seats {
		if proj != nil {
			vals[i] = proj[i]
			scale = max(scale, math.Abs(proj[i]))
			continue
		}
		if i >= len(status.Seats) {
			break
		}
		ss := status.Seats[i]
		v := float64(ss.Score)
		if !status.Finished {
			for _, s := range ss.Stats {
				if s.Key == engine.StatProjected {
					v = float64(s.Value)
					break
				}
			}
		}
		vals[i] = v
		scale = max(scale, math.Abs(v))
	}
	// A margin of a tenth of the leading score moves the value by about a
	// quarter; at least 2 points of margin for small scores. A game that
	// says how far its projection may still move sets the width instead:
	// a logistic curve of width w has a standard deviation of w·π/√3.
	width := max(2, scale/10)
	if proj != nil {
		if sp, ok := g.(Spreader); ok {
			if f := sp.ProjectedSpread(st); f > 0 && !math.IsInf(f, 0) {
				width = f * math.Sqrt(3) / math.Pi
			}
		}
	}
	out := make([]float64, seats)
	for i := range seats {
		best := math.Inf(-1)
		for j := range seats {
			if j != i {
				best = max(best, vals[j])
			}
		}
		out[i] = 1 / (1 + math.Exp(-(vals[i]-best)/width))
	}
	if status.Finished && len(status.Ranking) == seats && seats > 1 {
		for pos, s := range status.Ranking {
			if s >= 0 && s < seats {
				rank := float64(seats-1-pos) / float64(seats-1)
				out[s] = 0.8*rank + 0.2*out[s]
			}
		}
	}
	return out
}
