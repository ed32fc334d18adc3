package smokyvalley

import (
	"slices"
	"strconv"
)

// Ships on the Lachine Canal (booklet 05 The ships on the Lachine Canal;
// 06 Board a Trader or Ship Goods, Unload ships, Move ships).

// shipToken names the ship in row r (0 = top) of market m: "gb1".
func shipToken(m, r int) string { return theData().markets[m].ID + strconv.Itoa(r+1) }

func parseShip(tok string) (m, r int, ok bool) {
	if len(tok) < 3 {
		return 0, 0, false
	}
	m = marketIndex(theData(), tok[:2])
	k, err := strconv.Atoi(tok[2:])
	if m < 0 || err != nil || k < 1 {
		return 0, 0, false
	}
	return m, k - 1, true
}

// arrive puts a ship in the top row of its destination section, moving
// the others down; a ship pushed out of the bottom row unloads (06 Move
// ships; glossary Shipyard).
func (st *State) arrive(l *log, s Ship) {
	m := s.Market
	rows := st.Canal[m]
	out := rows[len(rows)-1]
	copy(rows[1:], rows[:len(rows)-1])
	rows[0] = s
	l.add(shipEvent(s.Owner, "ship-arrives", "ship-arrives", s, "market", theData().markets[m].ID))
	if !out.empty() {
		l.add(shipEvent(out.Owner, "pushed-out", "pushed-out", out))
		st.unload(l, out, false)
	}
}

// tokenFree reports whether market m's foreign trade token for good g is
// on the foreign markets board (no ship of that market carries it).
func (st *State) tokenFree(m, g int) bool {
	for _, s := range st.Canal[m] {
		if s.Good == g {
			return false
		}
	}
	return true
}

// demand reports whether market m takes good g.
func demand(m, g int) bool {
	md := theData().markets[m]
	if isBasic(g) {
		return slices.Contains(md.Basic, goodNames[g])
	}
	_, ok := md.Processed[goodNames[g]]
	return ok
}

// canLoad reports whether seat may load good g on the ship in row r of m.
func (st *State) canLoad(seat, m, r, g int) bool {
	if r >= len(st.Canal[m]) || st.Players[seat].Goods[g] < 1 {
		return false
	}
	s := st.Canal[m][r]
	if s.empty() {
		return false
	}
	if len(s.Loads) >= s.capacity() {
		return false
	}
	if s.Good >= 0 {
		return s.Good == g
	}
	return demand(m, g) && st.tokenFree(m, g)
}

// load puts one of seat's goods on a ship; the ship's owner gains prestige
// when it is an opponent's, and the Strategic Partnerships pay their
// holders. It reports whether the ship is now full.
func (st *State) load(l *log, seat, m, r, g int) bool {
	s := &st.Canal[m][r]
	st.Players[seat].Goods[g]--
	if s.Good < 0 {
		s.Good = g
	}
	s.Loads = append(s.Loads, seat)
	l.add(shipEvent(seat, "load", "load", *s, "good", goodNames[g], "ship", shipToken(m, r)))
	if s.Owner >= 0 && s.Owner != seat {
		st.gainPrestige(l, s.Owner, 1, "goods on own ship")
	}
	mid := theData().markets[m].ID
	for o := range st.N {
		if o == seat {
			continue
		}
		if (g == Flour && mid == "us" && st.hasCard(o, "partnership-us")) || (g == Beer && mid == "wi" && st.hasCard(o, "partnership-wi")) {
			st.gainPrestige(l, o, 1, "strategic partnership")
		}
	}
	return len(s.Loads) >= s.capacity()
}

// unloadAt unloads the ship in row r of market m; its space stays empty
// until ships move (06 Unload: "leave the space ... empty").
func (st *State) unloadAt(l *log, m, r int) {
	s := st.Canal[m][r]
	st.Canal[m][r] = noShip
	st.unload(l, s, false)
}

// traderArrives places a trader in market m's export agency: 2 prestige
// for the first there, the trade level rises, and the trader's owner
// chooses a bonus (at final scoring £1 only).
func (st *State) traderArrives(l *log, seat, m int, bonus, final, level bool) {
	if len(st.Agency[m]) == 0 {
		st.gainPrestige(l, seat, theData().rules.FirstTraderPrestige, "first trader in", "market", theData().markets[m].ID)
	}
	st.Agency[m] = append(st.Agency[m], seat)
	p := &st.Players[seat]
	if level && p.Level[m] < len(theData().rules.TradeLevels)-1 {
		p.Level[m]++
	}
	l.add(event(seat, "trader", "trader", "market", theData().markets[m].ID, "level", itoa(st.tradeValue(seat, m))))
	switch {
	case final:
		st.gainCash(l, seat, 1)
	case bonus:
		st.Pending = append(st.Pending, Pending{Seat: seat, Kind: "trader", Market: m})
	}
}

// unload sends a ship to its foreign market (06 Unload ships at the
// foreign markets; 06 final scoring step 1).
func (st *State) unload(l *log, s Ship, final bool) {
	m := s.Market
	if s.Trader >= 0 {
		st.traderArrives(l, s.Trader, m, true, final, true)
	}
	st.scoreLoads(l, s)
	st.release(s)
}

// scoreLoads gives each seat prestige for its goods on the ship.
func (st *State) scoreLoads(l *log, s Ship) {
	m := s.Market
	if s.Good < 0 {
		return
	}
	md := theData().markets[m]
	for _, seat := range s.Loads {
		st.gainPrestige(l, seat, st.loadValue(seat, m, s.Good), "goods unloaded in", "market", md.ID)
	}
}

// loadValue is the prestige seat's good g scores when unloaded at market
// m: a basic good 1 (2 with a matching Commercial Office), a processed
// one the seat's trade level there plus the market's printed extra.
func (st *State) loadValue(seat, m, g int) int {
	if !isBasic(g) {
		return st.tradeValue(seat, m) + theData().markets[m].Processed[goodNames[g]]
	}
	if st.officeBonus(seat, m, g) {
		return 2
	}
	return 1
}

// officeBonus: the Commercial Offices' extra prestige per good (glossary C).
func (st *State) officeBonus(seat, m, g int) bool {
	id := theData().markets[m].ID
	if !st.hasCard(seat, "commercial-office-"+id) {
		return false
	}
	switch id {
	case "gb":
		return g == Grain || g == Iron
	case "us":
		if st.Opts.CardTexts == "de" {
			return g == Coal || g == Iron
		}
		return g == Coal || g == Brick
	case "wi":
		return g == Wood || g == Brick
	}
	return false
}

// release returns a ship's pieces: neutral ships leave the game, a
// player's ship token too (it may not be built again: one ship per
// destination).
func (st *State) release(s Ship) {
	if s.Owner < 0 {
		st.Gone++
	}
}

// neutralTraderSpaces lists the neutral ships with an empty trader space.
func (st *State) neutralTraderSpaces() [][2]int {
	var out [][2]int
	for m := range st.Canal {
		for r, s := range st.Canal[m] {
			if !s.empty() && s.Owner < 0 && s.Trader < 0 {
				out = append(out, [2]int{m, r})
			}
		}
	}
	return out
}

// placeOwnShip puts one of seat's ships on the canal for market m with
// its trader (if any left) and no trade token yet (glossary Shipyard).
// big asks for a canaller, only from 1855.
func (st *State) placeOwnShip(l *log, seat, m int, big bool) {
	p := &st.Players[seat]
	p.Ships[m] = true
	s := Ship{Big: big && st.era() == Modernization, Market: m, Owner: seat, Trader: -1, Good: -1}
	if p.Traders > 0 {
		p.Traders--
		s.Trader = seat
	}
	st.arrive(l, s)
}

// ownShipMarkets lists the destinations seat may still send a ship to.
func (st *State) ownShipMarkets(seat int) []int {
	var out []int
	for m := range 3 {
		if !st.Players[seat].Ships[m] {
			out = append(out, m)
		}
	}
	return out
}

// loadOptions lists the "good ship" pairs seat may load now.
func (st *State) loadTargets(seat int, market int) [][3]int {
	var out [][3]int
	for m := range st.Canal {
		if market >= 0 && m != market {
			continue
		}
		for r := range st.Canal[m] {
			for g := range numGoods {
				if st.canLoad(seat, m, r, g) {
					out = append(out, [3]int{g, m, r})
				}
			}
		}
	}
	return out
}
