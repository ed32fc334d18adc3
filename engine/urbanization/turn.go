package urbanization

import (
	"sort"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// advance moves the game on after a complete move of the current seat and
// runs every automatic step until some seat must decide again.
func (st *State) advance(free bool, evs *[]engine.Event) {
	switch st.Mode {
	case ModeFirstHouse:
		// RB General preparation, clockwise from the start player; then the
		// first game turn begins.
		st.Idx++
		if st.Idx == st.N {
			st.beginTurn(evs)
		}
	case ModeHire:
		// RB Hire character, clockwise from the start player.
		st.Idx++
		if st.Idx == st.N {
			st.Mode, st.Phase, st.Idx = ModeAction, 1, 0
			st.phaseEvent(evs)
		}
	case ModeAction:
		if free {
			return
		}
		// RB Perform actions: one action or a pass each, clockwise; the
		// phase marker advances after each phase.
		st.Idx++
		if st.Idx < st.N {
			return
		}
		st.Idx = 0
		st.Phase++
		if st.Phase <= theData().rules.ActionPhases.Value {
			st.phaseEvent(evs)
			return
		}
		st.Phase = 0
		st.adminFirst(evs)
	case ModeExchange:
		// The next owner of the order swap decides, if the exchange is
		// still possible (an earlier exchange may have emptied the supply).
		st.Pending = st.Pending[1:]
		for len(st.Pending) > 0 && !st.canSwap(st.Pending[0]) {
			st.Pending = st.Pending[1:]
		}
		if len(st.Pending) == 0 {
			st.adminRest(evs)
		}
	}
}

func (st *State) phaseEvent(evs *[]engine.Event) {
	*evs = append(*evs, event(engine.Public, "phase", "phase", "turn", itoa(st.Turn), "phase", itoa(st.Phase)))
}

// beginTurn starts game turn st.Turn: from turn 2 the Mayor goes to the
// player with the fewest points, who starts the turn and scores; then the
// characters are hired. RB Sequence of Play; Special case: Mayor!
func (st *State) beginTurn(evs *[]engine.Event) {
	st.Mode, st.Idx, st.Phase = ModeHire, 0, 0
	st.Mayor = -1
	if st.Turn > 1 {
		m := st.mayorCandidate()
		st.Mayor, st.Start = m, m
		vp := theData().rules.MayorVP.Value
		st.Players[m].score(scoreMayor, vp)
		*evs = append(*evs, event(engine.Public, "turn", "turn", "turn", itoa(st.Turn)))
		*evs = append(*evs, event(m, "mayor", "mayor", "seat", itoa(m+1), "vp", itoa(vp)))
		return
	}
	*evs = append(*evs, event(engine.Public, "turn", "turn-first", "turn", itoa(st.Turn), "seatStart", itoa(st.Start)))
}

// mayorCandidate is the seat receiving the Mayor: the fewest points, then
// the least money, then the first clockwise from the previous start
// player's left neighbour (option mayor-tie=former: from the previous start
// player himself).
func (st *State) mayorCandidate() int {
	best := -1
	dist := func(s int) int {
		d := (s - st.Start + st.N) % st.N
		if st.Opts.MayorTie != "former" {
			d = (d - 1 + st.N) % st.N
		}
		return d
	}
	for s := 0; s < st.N; s++ {
		if best < 0 {
			best = s
			continue
		}
		a, b := &st.Players[s], &st.Players[best]
		switch {
		case a.VP != b.VP:
			if a.VP < b.VP {
				best = s
			}
		case a.Money != b.Money:
			if a.Money < b.Money {
				best = s
			}
		case dist(s) < dist(best):
			best = s
		}
	}
	return best
}

// adminFirst runs the administration up to the factories phase: the harvest
// and the factories. Owners of the order-swap invention then decide, one
// after the other in turn order. RB Perform administration 1 and 2.
func (st *State) adminFirst(evs *[]engine.Event) {
	*evs = append(*evs, event(engine.Public, "administration", "administration", "turn", itoa(st.Turn)))
	st.harvest(evs)
	st.factoriesPhase(evs)
	st.Pending = st.Pending[:0]
	for _, s := range st.order() {
		if st.canSwap(s) {
			st.Pending = append(st.Pending, s)
		}
	}
	if len(st.Pending) > 0 {
		st.Mode = ModeExchange
		return
	}
	st.Pending = nil
	st.adminRest(evs)
}

// harvest: each player gets back every grain sown (grounds and Farmer card)
// plus one more for each, taking the extra from the return area, then the
// field, then the barns from the dearest; at most 8 grain on a tracking
// card (what does not fit stays in the return area). Inventions add grain
// and the granary's points. RB Harvest; PA Farmer; PA invention cards.
func (st *State) harvest(evs *[]engine.Event) {
	cap := theData().rules.GrainCap.Value
	for _, s := range st.order() {
		p := &st.Players[s]
		sown := p.FarmerSeeds
		p.FarmerSeeds = 0
		for t := range st.Terrs {
			if st.Terrs[t].Owner != s {
				continue
			}
			for g := range st.Terrs[t].Grounds {
				sown += st.Terrs[t].Grounds[g].Seeds
				st.Terrs[t].Grounds[g].Seeds = 0
			}
		}
		st.Return += sown
		bonus := p.sumHas(effHarvestGrain)
		want := 2*sown + bonus
		got := 0
		if want > 0 {
			got = st.takeGrain(min(want, max(0, cap-p.Grain)))
			p.Grain += got
			id := "harvest"
			if bonus > 0 {
				id += "-bonus"
			}
			if got < want {
				id += "-short"
			}
			*evs = append(*evs, event(s, "harvest", id, "sown", itoa(sown), "grain", itoa(got), "bonus", itoa(bonus), "lost", itoa(want-got)))
		}
		if per, ok := p.has(effGrainPoints, 0); ok && p.Grain/per > 0 {
			vp := p.Grain / per
			p.score(scoreGrain, vp)
			*evs = append(*evs, event(s, "granary", "granary", "vp", itoa(vp), "grain", itoa(p.Grain)))
		}
	}
}

// takeGrain takes up to n grain from the return area, then the field, then
// the barns from the dearest, and returns how many it took.
func (st *State) takeGrain(n int) int {
	got := 0
	take := func(from *int) {
		k := min(n-got, *from)
		*from -= k
		got += k
	}
	take(&st.Return)
	take(&st.Field)
	for b := len(st.Barns) - 1; b >= 0; b-- {
		take(&st.Barns[b])
	}
	return got
}

// factoriesPhase: the lowest-numbered displayed card leaves the game (its
// action markers go home) and the display is refilled; every production
// space is emptied into the supply; the order inventions pay out. RB
// Factories; PA invention cards.
func (st *State) factoriesPhase(evs *[]engine.Event) {
	low := -1
	for k, sl := range st.Display {
		if sl.Card >= 0 && (low < 0 || theData().factories[sl.Card].Number < theData().factories[st.Display[low].Card].Number) {
			low = k
		}
	}
	if low >= 0 {
		c := st.Display[low].Card
		n := len(st.Display[low].Markers)
		st.Removed = append(st.Removed, c)
		st.refillSlot(low)
		id := "factory-removed"
		if n > 0 {
			id += "-back"
		}
		kv := []string{"card", cardToken(c), "number", itoa(theData().factories[c].Number), "back", itoa(n)}
		if nc := st.Display[low].Card; nc >= 0 {
			kv = append(kv, "next", cardToken(nc))
		} else {
			id += "-last"
		}
		*evs = append(*evs, event(engine.Public, "factory-removed", id, kv...))
	}
	for s := range st.Players {
		for j := range st.Players[s].Factories {
			f := &st.Players[s].Factories[j]
			for c := range f.Output {
				st.Supply[c] += f.Output[c]
				f.Output[c] = 0
			}
		}
	}
	for _, s := range st.order() {
		p := &st.Players[s]
		for c := Colour(0); c < numColours; c++ {
			n, ok := p.has(effTurnOrders, c)
			if !ok {
				continue
			}
			got := min(n, st.Supply[c])
			st.Supply[c] -= got
			p.Orders[c] += got
			*evs = append(*evs, event(s, "invention-orders", "invention-orders", "colour", c.String(), "count", itoa(got), "invention", p.inventionID(effTurnOrders, c)))
		}
	}
}

// adminRest runs the administration from the citizens on: citizens,
// feeding, barn refill, then the next turn or the final scoring. RB Perform
// administration 3 to 6.
func (st *State) adminRest(evs *[]engine.Event) {
	st.Mode = ModeAction
	st.Pending = nil
	r := &theData().rules
	for _, s := range st.order() {
		// RB Citizens: the lowest of houses, grain and work orders; 2 VP each.
		p := &st.Players[s]
		p.Census = [3]int{p.Houses, p.Grain, p.ordersTotal()}
		c := min(p.Houses, p.Grain, p.ordersTotal())
		p.Citizens = c
		vp := c * r.CitizenVP.Value
		p.score(scoreCitizens, vp)
		*evs = append(*evs, event(s, "citizens", "citizens", "citizens", itoa(c), "vp", itoa(vp), "count", itoa(c),
			"houses", itoa(p.Houses), "grain", itoa(p.Grain), "orders", itoa(p.ordersTotal())))
	}
	for _, s := range st.order() {
		// RB Feeding: 1 grain per citizen to the return area; 1 VP per 3 left.
		p := &st.Players[s]
		p.Grain -= p.Citizens
		st.Return += p.Citizens
		vp := p.Grain / r.GrainPerVP.Value
		p.score(scoreGrain, vp)
		*evs = append(*evs, event(s, "feeding", "feeding", "eaten", itoa(p.Citizens), "grain", itoa(p.Grain), "vp", itoa(vp)))
	}
	st.barnRefill(evs)
	// Every character comes back for the next turn's hiring.
	for s := range st.Players {
		st.Players[s].Hired, st.Players[s].Played = -1, false
	}
	st.Mayor = -1
	st.Turn++
	if st.Turn > r.Turns.Value {
		st.Turn = r.Turns.Value
		st.finalScoring(evs)
		return
	}
	st.beginTurn(evs)
}

// barnRefill: grain in the return area beyond 2 per player goes to the
// field, then the barns from the dearest, each up to 1 per player. RB Barn
// Refill.
func (st *State) barnRefill(evs *[]engine.Event) {
	keep := theData().rules.ReturnPerPlayer.Value * st.N
	surplus := st.Return - keep
	if surplus <= 0 {
		return
	}
	cp := st.capacity()
	moved := 0
	put := func(to *int) {
		k := min(surplus-moved, cp-*to)
		*to += k
		moved += k
	}
	put(&st.Field)
	for b := len(st.Barns) - 1; b >= 0; b-- {
		put(&st.Barns[b])
	}
	st.Return -= moved
	if moved > 0 {
		*evs = append(*evs, event(engine.Public, "barn-refill", "barn-refill", "grain", itoa(moved)))
	}
}

// finalScoring: 2 VP for the largest sum of factory numbers (a tie goes to
// the newest factory), the invention bonuses for factories owned, then the
// ranking: most points, a tie going to the newest factory. RB Final
// Scoring; PA Changes during Final Scoring.
func (st *State) finalScoring(evs *[]engine.Event) {
	r := &theData().rules
	best, bestSum := -1, 0
	for s := 0; s < st.N; s++ {
		sum := st.factorySum(s)
		if sum > bestSum || (sum == bestSum && sum > 0 && st.newestFactory(s) > st.newestFactory(best)) {
			best, bestSum = s, sum
		}
	}
	if best >= 0 {
		st.Players[best].score(scoreFactorySum, r.FactorySumVP.Value)
		*evs = append(*evs, event(best, "factory-sum", "factory-sum", "sum", itoa(bestSum), "vp", itoa(r.FactorySumVP.Value)))
	}
	for s := 0; s < st.N; s++ {
		p := &st.Players[s]
		for _, i := range p.Inventions {
			inv := &theData().inventions[i]
			if inv.bonusFactory < 0 || !st.ownsCard(s, inv.bonusFactory) {
				continue
			}
			p.score(scoreInventions, inv.Bonus.VP)
			*evs = append(*evs, event(s, "invention-bonus", "invention-bonus", "card", inv.ID, "vp", itoa(inv.Bonus.VP), "factory", cardToken(inv.bonusFactory)))
		}
	}
	rank := make([]int, st.N)
	for i := range rank {
		rank[i] = i
	}
	sort.SliceStable(rank, func(i, j int) bool {
		a, b := rank[i], rank[j]
		if st.Players[a].VP != st.Players[b].VP {
			return st.Players[a].VP > st.Players[b].VP
		}
		return st.newestFactory(a) > st.newestFactory(b)
	})
	st.Ranking = rank
	// Ties on VP: the newer factory wins, else the place is shared. The
	// notes are messages with seat indices (named for each reader) and in
	// English with the default seat names.
	var notes []string
	st.TieBreakMsgs = nil
	for i := 1; i < len(rank); i++ {
		a, b := rank[i-1], rank[i]
		if st.Players[a].VP != st.Players[b].VP {
			continue
		}
		id, factory := "tie-break.shared", ""
		if na, nb := st.newestFactory(a), st.newestFactory(b); na != nb {
			id, factory = "tie-break.newer", itoa(na)
		}
		vp := itoa(st.Players[a].VP)
		st.TieBreakMsgs = append(st.TieBreakMsgs, lang.M(id, "seatA", itoa(a), "seatB", itoa(b), "vp", vp, "factory", factory))
		notes = append(notes, en(id, "seatA", seatName(a), "seatB", seatName(b), "vp", vp, "factory", factory))
	}
	st.TieBreak = strings.Join(notes, "; ")
	st.Mode = ModeOver
	kv := []string{"ranking", rankingData(rank)}
	for i, s := range rank {
		k := string(rune('a' + i))
		kv = append(kv, "seat"+k, itoa(s), "vp"+k, itoa(st.Players[s].VP))
	}
	*evs = append(*evs, event(engine.Public, "game-end", "game-end-"+itoa(len(rank)), kv...))
}

func rankingData(rank []int) string {
	var s []string
	for _, r := range rank {
		s = append(s, itoa(r+1))
	}
	return strings.Join(s, ",")
}

// phaseMsg is the status line (engine.Status.Phase) by reference: what
// happens now, without the game turn, which the round name gives.
func (st *State) phaseMsg() lang.Msg {
	switch st.Mode {
	case ModeOver:
		return lang.M("phase.over")
	case ModeFirstHouse:
		return lang.M("phase.preparation")
	case ModeHire:
		return lang.M("phase.hire")
	case ModeExchange:
		return lang.M("phase.administration")
	}
	return lang.M("phase.action", "phase", itoa(st.Phase), "phases", itoa(theData().rules.ActionPhases.Value))
}
