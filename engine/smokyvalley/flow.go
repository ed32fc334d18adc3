package smokyvalley

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// The game sequence (booklet 06): five development phases, each followed
// by an administration phase; city councils after 1845, 1855 and 1860;
// the canal phase after 1850; final scoring at the end.

func councilYear(y int) bool { return y == 1 || y == 3 || y == 4 }

// advance runs the automatic phases until some seat must decide.
func (st *State) advance(l *log) {
	for st.Mode == ModePlay && len(st.Pending) == 0 {
		switch st.Stage {
		case StageDev:
			return
		case StageCouncil:
			if councilYear(st.Year) {
				st.election(l)
			}
			st.Stage = StageNext
		case StageNext:
			if st.Year == len(years)-1 {
				st.finalScoring(l)
				return
			}
			if councilYear(st.Year) {
				// council step 3: new city cards from the next decade
				for _, c := range st.CardOffer {
					if c >= 0 {
						st.CardUsed = append(st.CardUsed, c)
					}
				}
				st.dealCards(st.decade() + 1)
				l.add(event(engine.Public, "new-cards", "new-cards"))
			}
			if st.Year == 2 {
				st.canalPhase(l)
			}
			st.Year++
			st.Stage = StageDev
			st.Turn = st.Order[0]
			st.T = Turn{}
			l.add(event(engine.Public, "phase", "phase", "year", itoa(st.year())))
			return
		}
	}
}

// admin is the administration phase (06): only its first two steps after
// 1860.
func (st *State) admin(l *log) {
	y := st.year()
	ys := strconv.Itoa(y)
	l.add(event(engine.Public, "admin", "admin", "year", itoa(y)))
	// 1. prestige for traders in the export agencies
	for m := range st.Agency {
		for _, s := range st.Agency[m] {
			st.gainPrestige(l, s, theData().rules.AgencyPrestige, "trader in an export agency")
		}
	}
	// 2. income
	for s := range st.N {
		n := theData().rules.Income[ys][players(st.N)] + st.Players[s].Income
		st.gainCash(l, s, n)
	}
	if st.Year == len(years)-1 {
		return
	}
	// 3. move ships, then draw new ones
	sched := st.Scheduled
	st.Scheduled = nil
	for _, s := range sched {
		st.arrive(l, s)
	}
	if d, ok := theData().rules.ShipDraws[ys]; ok {
		kind := 0
		if d.Kind == "canaller" {
			kind = 1
		}
		for range d.Count[players(st.N)] {
			if len(st.ShipStack[kind]) == 0 {
				break
			}
			st.Scheduled = append(st.Scheduled, st.ShipStack[kind][0])
			st.ShipStack[kind] = st.ShipStack[kind][1:]
		}
	}
	// 4. new order of play from the passing track, top first; City
	// Planning Office moves its holder up one
	var order []int
	for _, s := range st.Passing {
		if s >= 0 {
			order = append(order, s)
		}
	}
	for i := 1; i < len(order); i++ {
		if st.hasCard(order[i], "city-planning-office") {
			order[i-1], order[i] = order[i], order[i-1]
			break
		}
	}
	st.Order = order
	for i := range st.Passing {
		st.Passing[i] = -1
	}
	var seats []string
	for i, s := range order {
		seats = append(seats, "seat"+itoa(i+1), itoa(s))
	}
	l.add(event(engine.Public, "order", "order-"+itoa(len(order)), seats...))
	// 5. clean up the local market (and Poverty Reduction)
	for s := range st.Players {
		st.Players[s].Market = [3]bool{}
		st.Players[s].Poverty = false
	}
	// 6. new services
	for _, s := range st.ServiceOffer {
		if s >= 0 {
			st.ServiceUsed = append(st.ServiceUsed, s)
		}
	}
	st.dealServices()
}

// election is the city council's first step (06 Mayor election): the most
// popular seat is mayor (22 wins outright; a tie goes to the Newspaper,
// else to the disc on top, the last to arrive), then everyone's popularity
// is halved. After 1860 the mayor gains 2 prestige. The mayor then sets
// the priorities (a pending decision).
func (st *State) election(l *log) {
	mayor := st.Pop22
	if mayor < 0 {
		best := -1
		for _, s := range st.Order {
			if best < 0 {
				best = s
				continue
			}
			a, b := st.Players[s], st.Players[best]
			switch {
			case a.Pop > b.Pop:
				best = s
			case a.Pop < b.Pop:
			case st.hasCard(s, "newspaper"):
				best = s
			case st.hasCard(best, "newspaper"):
			case a.Stamp > b.Stamp:
				best = s
			}
		}
		mayor = best
	}
	st.Mayor = mayor
	l.add(event(mayor, "mayor", "mayor", "popularity", itoa(st.Players[mayor].Pop)))
	// halve, keeping the stacking order
	seats := make([]int, st.N)
	for i := range seats {
		seats[i] = i
	}
	sort.SliceStable(seats, func(i, j int) bool { return st.Players[seats[i]].Stamp < st.Players[seats[j]].Stamp })
	for _, s := range seats {
		p := &st.Players[s]
		p.Pop /= 2
		p.PopTaken = slices.DeleteFunc(p.PopTaken, func(x int) bool { return x > p.Pop })
		st.Stamp++
		p.Stamp = st.Stamp
	}
	st.Pop22 = -1
	if st.Opts.Pop22 == "each-council" {
		st.Pop22Won = false
	}
	l.add(event(engine.Public, "halve", "halve"))
	if st.Year == len(years)-1 {
		st.gainPrestige(l, mayor, theData().rules.MayorFinalPrestige, "mayor in 1860")
	}
	st.Pending = append(st.Pending, Pending{Seat: mayor, Kind: "priorities"})
}

// scoreCityCards: council step 2, every acquired card scores 3, 2 or 1 by
// the rank the mayor gave its category.
func (st *State) scoreCityCards(l *log, tok string) {
	parts := strings.Split(tok, "-")
	st.Priority = st.Priority[:0]
	for _, p := range parts {
		st.Priority = append(st.Priority, slices.Index(categoryNames, p))
	}
	l.add(event(st.Mayor, "priorities", "priorities", "order", tok, "first", categoryNames[st.Priority[0]], "second", categoryNames[st.Priority[1]], "third", categoryNames[st.Priority[2]]))
	for s := range st.N {
		n := 0
		for _, c := range st.Players[s].Cards {
			n += theData().rules.PriorityPrestige[slices.Index(st.Priority, theData().cardCat[c])]
		}
		st.gainPrestige(l, s, n, "city cards")
	}
}

// canalPhase: after 1850 the widening tiles leave and six modernization
// tiles are laid out.
func (st *State) canalPhase(l *log) {
	for k := range st.CanalOffer {
		for _, t := range st.CanalOffer[k] {
			if t >= 0 {
				st.CanalUsed = append(st.CanalUsed, t)
			}
		}
	}
	// Year is still 1850 here: deal from the modernization stack.
	for k := range st.CanalOffer {
		for i := range st.CanalOffer[k] {
			st.CanalOffer[k][i] = st.drawCanal(Modernization)
		}
	}
	l.add(event(engine.Public, "canal-phase", "canal-phase"))
}

// districtValue is a district's end value: its printed base value plus
// each service developed there.
func (st *State) districtValue(d int) int {
	v := theData().districts[d].Value
	for _, s := range st.Districts[d].Services {
		if s >= 0 {
			v += theData().services[s].Value
		}
	}
	return v
}

// finalScoring (06 The final scoring phase) and the winner (07).
func (st *State) finalScoring(l *log) {
	l.add(event(engine.Public, "final", "final"))
	// 1. every ship in the canal: the traders first (£1, trade level, the
	// first trader's 2 prestige), then the goods
	for m := range st.Canal {
		for _, s := range st.Canal[m] {
			if !s.empty() && s.Trader >= 0 {
				st.traderArrives(l, s.Trader, m, false, true, true)
			}
		}
	}
	for m := range st.Canal {
		for r, s := range st.Canal[m] {
			if s.empty() {
				continue
			}
			st.scoreLoads(l, s)
			st.release(s)
			st.Canal[m][r] = noShip
		}
	}
	// 2. industries by district value
	for d := range st.Districts {
		v := st.districtValue(d)
		for s := range st.N {
			if n := st.owns(s, d); n > 0 {
				st.gainPrestige(l, s, n*v, "industries in", "district", theData().districts[d].ID)
			}
		}
	}
	// 3. canal development bonus
	for k := range 3 {
		d := canalDistrict(k)
		for s := range st.N {
			if n := st.owns(s, d); n > 0 {
				st.gainPrestige(l, s, n*theData().rules.CanalTrack[st.Players[s].Canal[k]], "canal development in", "district", theData().districts[d].ID)
			}
		}
	}
	// 07: prestige, then cash, else shared
	rank := make([]int, st.N)
	for i := range rank {
		rank[i] = i
	}
	sort.SliceStable(rank, func(i, j int) bool {
		a, b := st.Players[rank[i]], st.Players[rank[j]]
		if a.Prestige != b.Prestige {
			return a.Prestige > b.Prestige
		}
		return a.Cash > b.Cash
	})
	st.Ranking = rank
	a, b := st.Players[rank[0]], st.Players[rank[1]]
	switch {
	case a.Prestige != b.Prestige:
	case a.Cash != b.Cash:
		st.TieBreakMsg = lang.M("tie-break.cash")
	default:
		st.TieBreakMsg = lang.M("tie-break.shared")
	}
	if st.TieBreakMsg.ID != "" {
		st.TieBreak = en(st.TieBreakMsg.ID)
	}
	st.Mode = ModeOver
	l.add(event(rank[0], "winner", "winner", "prestige", itoa(a.Prestige)))
}
