package brass

import (
	"fmt"
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// phaseLabel is the human label of what happens now.
func (st *State) phaseLabel() string {
	if st.Mode == ModeOver {
		return "Game over"
	}
	s := fmt.Sprintf("%s period, round %d of %d", titlePeriod(st.Period), st.Round, st.rounds())
	switch st.Mode {
	case ModeLiquidate:
		s += fmt.Sprintf(": %s must remove industries to pay £%d", seatName(st.current()), st.Owed)
	case ModeSellMore:
		s += fmt.Sprintf(": %s may sell more cotton", seatName(st.current()))
	}
	return s
}

// Status summarises a position: who decides, the phase, and each seat's
// score and public resources.
func (Game) Status(s engine.State) engine.Status {
	st, err := asState(s)
	if err != nil {
		return engine.Status{}
	}
	out := engine.Status{Phase: st.phaseLabel(), Active: []int{}, Finished: st.Mode == ModeOver}
	if c := st.current(); c >= 0 {
		out.Active = []int{c}
	}
	for seat := 0; seat < st.N; seat++ {
		p := &st.Players[seat]
		out.Seats = append(out.Seats, engine.SeatStatus{Seat: seat, Score: p.VP, Resources: map[string]int{
			"money":  p.Money,
			"income": st.income(seat),
			"vp":     p.VP,
			"spent":  p.Spent,
			"links":  p.LinksLeft,
			"cards":  len(st.Hands[seat]),
		}})
	}
	if out.Finished {
		out.Ranking = slices.Clone(st.Ranking)
		out.TieBreak = st.TieBreak
	}
	return out
}
