package brass

import (
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Phase II of a period: rounds of income, turns, turn order and refill.

func (st *state) rounds() int {
	pc, _ := theBoard().playerCount(st.N)
	return pc.Rounds
}

// startRound begins a round with STEP A, collecting income.
func (st *state) startRound(evs *[]engine.Event) {
	st.Round++
	*evs = append(*evs, event(engine.Public, "round", "round",
		"period", st.Period.String(), "round", strconv.Itoa(st.Round), "rounds", strconv.Itoa(st.rounds())))
	st.collectIncome(0, evs)
}

// collectIncome runs STEP A for the seats in turn order from index from.
// Rulebook, STEP A Collect income: positive income comes from the bank;
// negative income is paid to the bank, and a seat that cannot pay must
// remove industries of its choice for half their cost (rounded down) until
// it can. A seat with no industries left pays what it has and the rest is
// forgiven (the rulebook is silent; see docs/brass-rules.md).
func (st *state) collectIncome(from int, evs *[]engine.Event) {
	for i := from; i < len(st.Order); i++ {
		seat := st.Order[i]
		inc := st.income(seat)
		switch {
		case inc > 0:
			st.earn(seat, inc)
			*evs = append(*evs, event(seat, "income", "income", "money", strconv.Itoa(inc)))
		case inc < 0:
			owed := -inc
			if !st.payOwed(seat, owed, evs) {
				st.Mode = modeLiquidate
				st.Debtor = i
				st.Owed = owed
				*evs = append(*evs, event(seat, "debt", "debt", "owed", strconv.Itoa(owed), "has", strconv.Itoa(st.Players[seat].Money)))
				return
			}
		}
	}
	st.Owed = 0
	st.beginTurn(0, evs)
}

// forgive: a seat with no industries pays what it has; the rest is dropped.
func (st *state) forgive(seat, owed int, evs *[]engine.Event) {
	p := &st.Players[seat]
	paid := p.Money
	p.Money = 0
	st.Bank += paid
	*evs = append(*evs, event(seat, "income", "forgiven", "money", strconv.Itoa(-paid), "paid", strconv.Itoa(paid), "owed", strconv.Itoa(owed)))
}

// payOwed pays seat's negative income, or what it has when it has no
// industry left to remove; false when it must remove one first.
func (st *state) payOwed(seat, owed int, evs *[]engine.Event) bool {
	p := &st.Players[seat]
	switch {
	case p.Money >= owed:
		p.Money -= owed
		st.Bank += owed
		*evs = append(*evs, event(seat, "income", "income-pay", "money", strconv.Itoa(-owed), "owed", strconv.Itoa(owed)))
	case st.hasIndustry(seat):
		return false
	default:
		st.forgive(seat, owed, evs)
	}
	return true
}

func (st *state) hasIndustry(seat int) bool {
	for si := range st.Spaces {
		if st.Spaces[si].Owner == seat {
			return true
		}
	}
	return false
}

// settleDebt continues STEP A after the debtor removed an industry.
func (st *state) settleDebt(evs *[]engine.Event) {
	if !st.payOwed(st.Order[st.Debtor], st.Owed, evs) {
		return
	}
	st.Mode = modePlay
	st.Owed = 0
	st.collectIncome(st.Debtor+1, evs)
}

// beginTurn gives the turn to the first seat from index i that holds cards.
// Rulebook, PLAY CARD DETAILS: two actions, one card each; only one on the
// very first turn of the canal period.
func (st *state) beginTurn(i int, evs *[]engine.Event) {
	for ; i < len(st.Order); i++ {
		seat := st.Order[i]
		if len(st.Hands[seat]) == 0 {
			continue
		}
		st.Mode = modePlay
		st.Turn = i
		st.Actions = theBoard().rules.ActionsPerTurn
		if st.Period == periodCanal && st.Round == 1 {
			st.Actions = theBoard().rules.FirstCanalTurnActions
		}
		st.Actions = min(st.Actions, len(st.Hands[seat]))
		*evs = append(*evs, event(seat, "turn", "turn", lang.CountKey, strconv.Itoa(st.Actions)))
		return
	}
	st.endRound(evs)
}

// endAction counts used actions and moves on when the turn is over.
func (st *state) endAction(used int, evs *[]engine.Event) {
	st.Actions -= used
	if st.Actions > 0 && len(st.Hands[st.Order[st.Turn]]) > 0 {
		return
	}
	st.Actions = 0
	st.beginTurn(st.Turn+1, evs)
}

// endRound runs STEP C (order of play) and STEP D (refill).
// Rulebook, STEP C: least money spent plays first; ties keep the old
// order; the Amount Spent boxes go back to the bank.
// Rulebook, STEP D: hands are refilled to eight while the deck lasts (in
// the new order of play); when every hand is empty the period ends.
func (st *state) endRound(evs *[]engine.Event) {
	slices.SortStableFunc(st.Order, func(a, b int) int { return st.Players[a].Spent - st.Players[b].Spent })
	kv := []string{"order", orderString(st.Order)}
	for i, seat := range st.Order {
		kv = append(kv, "seat"+itoa(i+1), itoa(seat), "spent"+itoa(i+1), itoa(st.Players[seat].Spent))
		st.Bank += st.Players[seat].Spent
		st.Players[seat].Spent = 0
	}
	*evs = append(*evs, event(engine.Public, "order", "order."+itoa(len(st.Order)), kv...))
	for _, seat := range st.Order {
		st.refill(seat, evs)
	}
	for _, h := range st.Hands {
		if len(h) > 0 {
			st.startRound(evs)
			return
		}
	}
	st.endPeriod(evs)
}

func orderString(order []int) string {
	parts := make([]string, len(order))
	for i, s := range order {
		parts[i] = strconv.Itoa(s + 1)
	}
	return strings.Join(parts, ",")
}

// refill draws up to the hand size for seat, with a private event naming
// the cards and a public one counting them.
func (st *state) refill(seat int, evs *[]engine.Event) {
	var drawn []string
	for len(st.Hands[seat]) < theBoard().rules.HandSize && len(st.Deck) > 0 {
		c := st.Deck[0]
		st.Deck = st.Deck[1:]
		st.addCard(seat, c)
		drawn = append(drawn, theBoard().cardSlug(c))
	}
	if len(drawn) == 0 {
		return
	}
	// The private event names the cards (one message per number of
	// cards, "event.hand.<n>", data card1 ... cardN); "cards" keeps the
	// tokens for machines.
	kv := []string{"cards", strings.Join(drawn, ",")}
	for i, c := range drawn {
		kv = append(kv, "card"+itoa(i+1), c)
	}
	hand := event(seat, "draw", "hand."+itoa(len(drawn)), kv...)
	hand.Audience = seat
	*evs = append(*evs, hand, event(seat, "draw", "draw", "count", strconv.Itoa(len(drawn))))
}

// walkLiquidate: liquidate <town>[@n], the only move of a debtor.
func (w *walker) walkLiquidate(m engine.Move) (step, error) {
	if len(m) == 0 {
		return step{prompt: ask("owed", "owed", itoa(w.st.Owed)), opts: []opt{{tok: "liquidate", label: lang.M("choice.liquidate")}}}, nil
	}
	if m[0] != "liquidate" {
		return step{}, rule("liquidate.required", TopicNegativeIncome, "owed", itoa(w.st.Owed))
	}
	if len(m) == 1 {
		s := step{prompt: ask("liquidate")}
		for si := range w.st.Spaces {
			t := &w.st.Spaces[si]
			if t.Owner == w.seat {
				s.opts = append(s.opts, opt{tok: w.ownToken(si), alt: spaceToken(si), label: lang.M("choice.remove", "industry", t.Ind.String(), "level", itoa(t.Level), "place", theBoard().places[theBoard().spaces[si].place].ID),
					help: lang.M("choice.gain", "money", itoa(theBoard().specs[t.Ind][t.Level].Cost/2))})
			}
		}
		return s, nil
	}
	if len(m) > 2 {
		return step{}, tooLong(m[2:])
	}
	si, err := w.resolve(m[1], w.ownTile, nil, "", "liquidate", TopicNegativeIncome)
	if err != nil {
		return step{}, err
	}
	t := w.st.Spaces[si]
	if t.Owner != w.seat {
		return step{}, rule("liquidate.not-yours", TopicNegativeIncome, "space", spaceToken(si))
	}
	// Rulebook, STEP A: half the counter's cost, rounded down; income stays.
	gain := theBoard().specs[t.Ind][t.Level].Cost / 2
	w.st.Spaces[si] = spaceTile{Owner: -1}
	w.st.earn(w.seat, gain)
	w.changed()
	w.evs = append(w.evs, event(w.seat, "liquidate", "liquidate", "space", spaceToken(si), "money", itoa(gain),
		"industry", t.Ind.String(), "level", itoa(t.Level), "place", theBoard().places[theBoard().spaces[si].place].ID))
	return step{complete: true}, nil
}

// ownToken names seat's counter on si: the town alone when it is the only one there.
func (w *walker) ownToken(si int) string { return w.townToken(si, w.ownTile) }

// ownTile reports whether t is one of the seat's counters.
func (w *walker) ownTile(t *spaceTile) bool { return t.Owner == w.seat }
