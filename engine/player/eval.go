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

// evaluate scores a position for every seat in [0, 1]. A finished game
// scores by rank (1 for the winner, 0 for the last, shared among seats
// the game ranks by equal scores is left to the game's ranking) blended
// with the score margin; an unfinished one by each seat's margin over
// its best opponent in projected score (the game's Projector, else
// engine.StatProjected, else the score), squashed by a logistic curve
// whose width follows the size of the scores.
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
	// quarter; at least 2 points of margin for small scores.
	width := max(2, scale/10)
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
