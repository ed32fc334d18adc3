package player

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/smokestack/smokestack/engine"
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

// searchesIn is how many independent searches the level's budget is
// split into in game g (at least 1, at most the budget): 1 unless the
// game implements SearchEnsembler.
func (l Level) searchesIn(g engine.Game, iterations int) int {
	if e, ok := g.(SearchEnsembler); ok {
		if k := e.SearchEnsemble(string(l)); k > 1 {
			return min(k, max(iterations, 1))
		}
	}
	return 1
}

// SearchEnsembler is implemented by a game whose level plays better as
// several independent searches than as one: SearchEnsemble(level) splits
// the level's iterations among that many searches ("easy", "normal",
// "strong"; 1 or less keeps one), each with its own generator and so
// its own determinizations, and the move played is the one the searches
// together visited most at their roots (root parallelization, Chaslot,
// Winands and van den Herik, "Parallel Monte-Carlo Tree Search", 2008).
// One deep tree over a noisy evaluation can settle on a move the
// evaluation only seems to prefer in the few determinizations its early
// visits saw; separate trees see different ones, and their votes
// average that out. A game states the arena series it took the number
// from (docs/performance.md).
type SearchEnsembler interface {
	SearchEnsemble(level string) int
}

// IterationsFor is the level's search budget per move in game g with
// seats seats: Iterations scaled by the game's SearchScale when it has
// one, and by 2 over the level's playout turns when the game asks for
// another number (PlayoutTurner), at least 1 for a searching level, so
// that a level takes about the same time in every game rather than the
// same number of iterations.
func (l Level) IterationsFor(g engine.Game, seats int) int {
	n := l.Iterations()
	if n == 0 {
		return 0
	}
	if sc, ok := g.(SearchScaler); ok {
		if f := sc.SearchScale(string(l), seats); f > 0 && !math.IsInf(f, 0) {
			n = max(1, int(math.Round(float64(n)*f)))
		}
	}
	if t := l.playoutTurnsIn(g); t != playoutTurns {
		n = max(1, int(math.Round(float64(n)*playoutTurns/float64(t))))
	}
	return n
}

// playoutTurnsIn is how many turns the level's playouts play in game g:
// the game's PlayoutTurns when it has one and it is positive (at most
// maxPlayoutTurns), else playoutTurns.
func (l Level) playoutTurnsIn(g engine.Game) int {
	if p, ok := g.(PlayoutTurner); ok {
		if t := p.PlayoutTurns(string(l)); t > 0 {
			return min(t, maxPlayoutTurns)
		}
	}
	return playoutTurns
}

// PlayoutTurner is implemented by a game in which a level plays better
// looking further ahead: PlayoutTurns(level) is how many turns each
// playout of that level's search plays before the evaluation scores it
// ("easy", "normal", "strong"; 0 or less keeps the default, 2). The
// budget stays the level's: a playout of t turns costs about t/2 of the
// default's, so the level's iterations are scaled by 2/t
// (Level.IterationsFor) and a move takes about the same CPU or a little
// less (the determinization and the descent do not grow). Longer
// playouts see more of what a move leads to (an engine's income, a
// building's later score) through more random moves, so they are
// noisier; whether that pays depends on the game and its evaluation, and
// a game states the arena series it took the number from
// (docs/performance.md).
type PlayoutTurner interface {
	PlayoutTurns(level string) int
}

// SearchScaler is implemented by a game whose search iterations cost
// more or less than the reference the levels' iterations are calibrated
// on: SearchScale(level, seats) multiplies the level's iterations
// ("easy", "normal", "strong") for a game of that many seats; a game
// may scale one level less than the others when that level's slowest
// moves outgrow its target time. The reference is an iteration (a
// determinization, a descent and a truncated playout) of about 0.75 ms
// of CPU; a game whose iteration takes 1.5 ms returns 0.5, one of
// 0.25 ms returns 3.
// Each game measures its cost with the player package's BenchmarkSearch
// and states the figure it derived the scale from (docs/performance.md).
type SearchScaler interface {
	SearchScale(level string, seats int) float64
}

// Budget is the level's wall-clock safety cap per move, for a host to put
// on the context it passes to Choose (context.WithTimeout): 3 s for easy,
// 10 s for normal, 20 s for strong (random and greedy 1 s), four times
// or more the level's CPU time per move at the 95th percentile on the
// 2-core machine the budgets are measured on (docs/performance.md, "Computer
// players"). The iteration budget ends the search, so a move is the same
// on any machine at any load; the cap fires only when a machine is
// several times slower or more loaded than that, and a move it cuts is
// not reproducible: it is the one source of non-determinism of the
// computer players, and a host logs it (ChooseReport). It was once the
// level's target time itself (0.3, 1.5 and 5 s), which cut a good share
// of normal's moves on a loaded 2-core host.
func (l Level) Budget() time.Duration {
	switch l {
	case Random, Greedy:
		return time.Second
	case Easy:
		return 3 * time.Second
	case Normal:
		return 10 * time.Second
	case Strong:
		return 20 * time.Second
	}
	return time.Second
}

// Default iterations per level for a game at the reference cost (see
// SearchScaler): a move then takes about a third of the level's target
// p95 on average (easy 0.3 s, normal 1.5 s, strong 5 s on one core),
// since a move's time grows with its number of legal moves and the
// slowest moves take about three times the mean (docs/performance.md).
const (
	easyIterations   = 120
	normalIterations = 500
	strongIterations = 2000
)
