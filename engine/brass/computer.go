package brass

import "github.com/smokestack/smokestack/engine"

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler). Brass keeps the reference iterations: an
// iteration costs about 0.6 ms of CPU on BenchmarkSearch's positions, but
// the middle and end of a game have long move lists, and a 4-seat series
// with 625 iterations per normal move took 0.67 s of CPU at the median and
// 1.31 s at the 95th percentile (docs/performance.md "Computer players"),
// so 500 keeps normal's p95 near 1 s. Strong searches three quarters of
// the reference with 3 seats (1,500 iterations) and 0.6 with 4 (1,200):
// at 2,000 its moves took 5.3 s of CPU at the 95th percentile with 3
// seats once the evaluation counted what a seat holds, and 6.6 to 8.8 s
// with 4 already before, over the 5 s target; at 1,500 and 1,200 they
// took 3.8 and 4.0 s (BenchmarkMoveCPU, 8 December 2026,
// docs/performance.md "A move ends on its iterations").
func (Game) SearchScale(level string, seats int) float64 {
	switch {
	case level != "strong":
		return 1
	case seats >= 4:
		return 0.6
	}
	return 0.75
}

// Projected implements engine/player.Projector for the computer players'
// evaluation: each seat's VP if the period ended now, as the status shows
// it (links and flipped industries scored), plus what the seat holds
// towards the VP to come: its money and its income over the rounds still
// to collect, at the rate money scores at the end (1 VP per £10), and
// half the VP of each of its unflipped industries. Without the last
// three a build that did not flip within a playout of two turns scored as
// a pass, and normal passed with £50 to £80 in hand in the canal period
// (an audit of the computer players; docs/performance.md, "Brass's
// evaluation values what a seat holds"). Money counted alone made every
// build look like a loss until its tile flips (normal against three
// greedy players won 12 of 24 at 45.5 VP a game, against 14 of 24 at
// 50.6 VP without it: "Brass's projection with the cash VP"); half the VP
// of an unflipped industry outweighs its cost. Half its income to come as
// well was too much: seats borrowed to build mills they never sold, and
// some ended in debt with no VP.
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
	if st.Mode == modeOver {
		return out
	}
	left := max(st.rounds()-st.Round, 0) // incomes still to collect
	if st.Period == periodCanal {
		left += st.rounds()
	}
	b := theBoard()
	for i := range out {
		p := &st.Players[i]
		out[i] += float64(p.Money+b.incomeOf(p.Space)*left) / 10
	}
	for si := range st.Spaces {
		t := &st.Spaces[si]
		if t.Owner < 0 || t.Flipped {
			continue
		}
		out[t.Owner] += unflippedShare * float64(b.specs[t.Ind][t.Level].VP)
	}
	return out
}

// unflippedShare is the part of an unflipped industry's VP the
// computers' projection counts (Projected).
const unflippedShare = 0.5
