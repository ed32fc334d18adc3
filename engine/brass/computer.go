package brass

import "github.com/smokestack/smokestack/engine"

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler). Brass keeps the reference iterations: an
// iteration costs about 0.6 ms of CPU on BenchmarkSearch's positions, but
// the middle and end of a game have long move lists, and a 4-seat series
// with 625 iterations per normal move took 0.67 s of CPU at the median and
// 1.31 s at the 95th percentile (docs/performance.md "Computer players"),
// so 500 keeps normal's p95 near 1 s and strong's under 5 s.
func (Game) SearchScale(level string, seats int) float64 { return 1 }

// Projected implements engine/player.Projector for the computer players'
// evaluation: each seat's VP if the period ended now, as the status shows
// it (links and flipped industries scored) but without the rail period's
// cash VP (1 per £10), which the status adds for people. Counted, it made
// every build look like a loss until its tile flips, beyond what a
// playout of two turns sees: normal against three greedy players won 12
// of 24 (seeds 201–224) at 45.5 VP a game, against 14 of 24 at 50.6 VP
// without it (docs/performance.md, "Where the targets stand").
func (Game) Projected(s engine.State) []float64 {
	st, err := asState(s)
	if err != nil {
		return nil
	}
	vp := st.projectedVP(false)
	out := make([]float64, len(vp))
	for i, v := range vp {
		out[i] = float64(v)
	}
	return out
}
