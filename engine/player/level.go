package player

import (
	"fmt"
	"strings"
	"time"
)

// Level is a computer player's strength: "random", "greedy", "easy",
// "normal" or "strong". Levels differ by budget, never by rules: random
// plays any legal move, greedy the move whose position its evaluation
// likes best one move ahead, and easy, normal and strong run the same
// search with more iterations.
type Level string

// The levels.
const (
	Random Level = "random"
	Greedy Level = "greedy"
	Easy   Level = "easy"
	Normal Level = "normal"
	Strong Level = "strong"
)

// Levels lists every level, weakest first.
var Levels = []Level{Random, Greedy, Easy, Normal, Strong}

// ParseLevel reads a level name (case and surrounding space ignored);
// an unknown name is an error that lists the levels.
func ParseLevel(s string) (Level, error) {
	l := Level(strings.ToLower(strings.TrimSpace(s)))
	for _, k := range Levels {
		if l == k {
			return l, nil
		}
	}
	names := make([]string, len(Levels))
	for i, k := range Levels {
		names[i] = string(k)
	}
	return "", fmt.Errorf("player: unknown level %q: the levels are %s", s, strings.Join(names, ", "))
}

// Iterations is the level's default search budget per move, in
// iterations of the search (0 for random and greedy, which do not
// search). An iteration budget keeps a move reproducible: the same
// position, seed and budget give the same move.
func (l Level) Iterations() int {
	switch l {
	case Easy:
		return easyIterations
	case Normal:
		return normalIterations
	case Strong:
		return strongIterations
	}
	return 0
}

// Budget is the level's wall-clock cap per move, for a host to put on the
// context it passes to Choose (context.WithTimeout): easy a few hundred
// milliseconds, normal about a second, strong a few seconds on one core.
// The iteration budget usually ends the search first (docs/performance.md
// has the times per game); the cap bounds it on a slow or loaded machine,
// at the price of reproducibility for that move.
func (l Level) Budget() time.Duration {
	switch l {
	case Random, Greedy:
		return time.Second
	case Easy:
		return 300 * time.Millisecond
	case Normal:
		return 1500 * time.Millisecond
	case Strong:
		return 5 * time.Second
	}
	return time.Second
}

// Default iterations per level, calibrated so that a move takes about
// the level's time on one core in the slowest game (docs/performance.md).
const (
	easyIterations   = 120
	normalIterations = 500
	strongIterations = 2000
)
