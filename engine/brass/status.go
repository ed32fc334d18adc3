package brass

import (
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// phaseMsg is what happens now that the round name (roundName) does not
// say, by reference: Status.PhaseMsg and View.PhaseMsg. The round is never
// repeated (front ends show the round name beside the phase), nor the seat
// that acts (Status.Active, View.Active).
func (st *state) phaseMsg() lang.Msg {
	switch st.Mode {
	case modeOver:
		return lang.M("phase.over")
	case modeLiquidate:
		return lang.M("phase.liquidate", "owed", itoa(st.Owed))
	case modeSellMore:
		return lang.M("phase.sell-more")
	}
	return lang.M("phase.actions", lang.CountKey, itoa(st.Actions))
}

// phase is phaseMsg and its English (Status.Phase).
func (st *state) phase() (lang.Msg, string) {
	m := st.phaseMsg()
	return m, catalog.Text(lang.English, m.ID, m.Data)
}

// turnNumber numbers the turns for engine.Status.Turn: it grows with the
// period, the round and the place in the turn order, so the last seat of
// one round that is first in the next gets a new number. Paying negative
// income at the start of a round is a turn of its own (slot 0) before the
// round's first turn.
func (st *state) turnNumber() int {
	slot := st.Turn + 1
	if st.Mode == modeLiquidate {
		slot = 0
	}
	return (int(st.Period)*32+st.Round)*16 + slot
}

// roundNumber numbers the rounds across the game for engine.Status.Round:
// the canal period's rounds, then the rail period's counted on from them.
func (st *state) roundNumber() int {
	return max(1, int(st.Period)*st.rounds()+st.Round)
}

// roundName names the round roundNumber counts as the rulebook does: a
// round of a period (Phase II, rounds of play), "Canal period, round 3 of
// 10", short "C3". It is derived from the round number, so the interval
// between the canal period's end and the rail period's first round (its
// Round 0) keeps the name of the canal period's last round, as it keeps
// its number.
func (st *state) roundName() engine.Phrase {
	n, per := st.roundNumber(), st.rounds()
	p, r := periodCanal, n
	if per > 0 && n > per {
		p, r = periodRail, n-per
	}
	return phrase("brass.round", "period", p.String(), "round", strconv.Itoa(r), "rounds", strconv.Itoa(per))
}

// Status summarises a position: who decides, the phase, and each seat's
// score and public resources.
func (Game) Status(s engine.State) engine.Status {
	st, err := asState(s)
	if err != nil {
		return engine.Status{}
	}
	phase, phaseText := st.phase()
	out := engine.Status{Phase: phaseText, PhaseMsg: phase, Active: []int{}, Finished: st.Mode == modeOver, Turn: st.turnNumber(), Round: st.roundNumber(), RoundName: st.roundName()}
	if c := st.current(); c >= 0 {
		out.Active = []int{c}
	}
	proj := st.projected()
	for seat := 0; seat < st.N; seat++ {
		p := &st.Players[seat]
		out.Seats = append(out.Seats, engine.SeatStatus{Seat: seat, Score: p.VP, Stats: []engine.Stat{
			stat("money", p.Money, true),
			stat("income", st.income(seat), true),
			stat("spent", p.Spent, true),
			stat("links", p.LinksLeft, false),
			stat("cards", len(st.Hands[seat]), false),
			stat(engine.StatProjected, proj[seat], false),
		}, Breakdown: p.breakdown()})
	}
	if out.Finished {
		out.Ranking = slices.Clone(st.Ranking)
		out.TieBreak = st.TieBreak // a state saved before TieBy
		if st.TieBy != "" {
			m := tieBreakMsg(st.TieBy)
			out.TieBreak = catalog.Text(lang.English, m.ID, m.Data)
			out.TieBreakMsgs = []lang.Msg{m}
		}
	}
	return out
}

// Holding lists seat's cards by display name, sorted as the view sorts
// them (by token).
func (Game) Holding(s engine.State, seat int) engine.Holding {
	out := engine.Holding{Cards: []engine.Card{}}
	st, err := asState(s)
	if err != nil || seat < 0 || seat >= st.N {
		return out
	}
	for _, c := range st.Hands[seat] {
		out.Cards = append(out.Cards, engine.Card{Token: theBoard().cardSlug(c), Name: theBoard().cardName(c)})
	}
	slices.SortFunc(out.Cards, func(a, b engine.Card) int { return strings.Compare(a.Token, b.Token) })
	return out
}
