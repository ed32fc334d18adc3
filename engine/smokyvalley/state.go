package smokyvalley

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// stateVersion is the version of the JSON encoding of State.
const stateVersion = 1

// Modes of play.
const (
	ModeDepot = iota // set-up: each seat in reverse order picks its Wood Depot's district
	ModePlay         // development phases (and the automatic phases between them)
	ModeOver
)

// Stages of the game sequence around a development phase (booklet 06).
const (
	StageDev     = iota // turns in the order of play
	StageCouncil        // administration done; city council (if any) next
	StageNext           // council done; canal phase, next decade or final scoring
)

// Tile is an industry tile on a building space or a Wood Depot space.
type Tile struct {
	Ind   int  `json:"ind"`   // index into the industries, -1 for an empty space
	Owner int  `json:"owner"` // seat, -1 for a neutral Wood Depot
	Up    bool `json:"up"`    // upgraded side up
}

// District is one of Griffintown's five districts on the board.
type District struct {
	Depot    Tile   `json:"depot"`    // the pre-printed Wood Depot (neutral unless a seat placed its tile)
	Spaces   []Tile `json:"spaces"`   // the five building spaces
	Services []int  `json:"services"` // per service space: the service token kind, -1 when empty
}

// Ship is a neutral or player ship.
type Ship struct {
	Big    bool  `json:"big"`    // a canaller (else a schooner)
	Market int   `json:"market"` // destination
	Owner  int   `json:"owner"`  // seat, -1 neutral
	Trader int   `json:"trader"` // seat of the trader aboard, -1 none
	Good   int   `json:"good"`   // the foreign trade token beside it, -1 none
	Loads  []int `json:"loads"`  // the seat of each goods marker loaded
}

func (s Ship) capacity() int {
	if s.empty() {
		return 0
	}
	if s.Big {
		return theData().rules.Ships.Capacity["canaller"]
	}
	return theData().rules.Ships.Capacity["schooner"]
}

// noShip is an empty row of a destination section.
var noShip = Ship{Market: -1, Owner: -1, Trader: -1, Good: -1}

func (s Ship) empty() bool { return s.Market < 0 }

// Player is one seat's company board, navigation board and pieces.
type Player struct {
	Cash     int `json:"cash"`
	Income   int `json:"income"`
	Prestige int `json:"prestige"`
	// PrestigeBy is Prestige by scoring category, in the order of scoring.
	PrestigeBy [numScoring]int `json:"prestigeBy"`
	Pop        int             `json:"pop"`
	Stamp      int             `json:"stamp"` // when the popularity disc arrived on its space (higher is on top)
	PopTaken   []int           `json:"popTaken"`
	Goods      [numGoods]int   `json:"goods"`
	Track      int             `json:"track"` // discs taken off the industry track
	Canal      [3]int          `json:"canal"` // canal development positions by canal district (board order)
	Nav        [5]int          `json:"nav"`   // the district tile on each navigation space
	Boat       int             `json:"boat"`  // navigation space of the boat, -1 before the first turn
	Slots      [5][]int        `json:"slots"` // canal tiles under each navigation space, last on top
	Cards      []int           `json:"cards"`
	CityBox    [5]bool         `json:"cityBox"`
	Traders    int             `json:"traders"` // in supply
	Ships      [3]bool         `json:"ships"`   // own ship used for each destination
	Level      [3]int          `json:"level"`   // trade level index per market
	Market     [3]bool         `json:"market"`  // local market markers: bought, sold three basics, sold a pair
	Poverty    bool            `json:"poverty"` // Poverty Reduction used this phase
	MayorUse   bool            `json:"mayorUse"`
}

// Pending is a decision a seat must take before play goes on: a trader's
// bonus, an owner's bonus, a popularity bonus or the mayor's priorities.
type Pending struct {
	Seat    int    `json:"seat"`
	Kind    string `json:"kind"` // trader, owner, pop-basic, pop-processed, priorities
	Market  int    `json:"market,omitempty"`
	Choices []int  `json:"choices,omitempty"` // goods the owner may take
}

// Turn is what the seat whose turn it is has done so far this turn.
type Turn struct {
	Started   bool    `json:"started"`   // the district is chosen
	Actions   int     `json:"actions"`   // district actions allowed (1 plus city actions)
	Done      int     `json:"done"`      // district actions taken
	CanalUsed bool    `json:"canalUsed"` // the one canal action of the turn
	Effects   [5]bool `json:"effects"`   // rules 1 to 3: changing effect under each navigation space used
	// Used is, from rules version 4, the height of the stack under each
	// navigation space when its top tile's changing effect was used this
	// turn (0: not used). A tile placed on top later makes the stack
	// higher, so the new tile is unused (06 Develop the Lachine Canal: each
	// tile once a turn, a new tile at once). From rules version 5 the
	// canal action records its tile here too, and the Canal Lock's new
	// tile laid on a used tile under the boat counts as used (Lock).
	Used [5]int `json:"used,omitzero"`
	// Lock is, from rules version 5, 1 + the navigation space where the
	// Canal Lock laid its free tile on a tile already used this turn under
	// the boat (0: none): the new tile counts as used this turn (glossary
	// C, Canal Lock, the note to the immediate effect). It names the rule
	// when a move needing that tile is refused.
	Lock int `json:"lock,omitempty"`
	// From is 1 + the navigation space the boat left on a city card's
	// free move this turn (0: none); from rules version 2 the canal tile
	// under it may still be used (glossary C, Canal Lock and the other
	// cards that move the boat).
	From int `json:"from,omitempty"`
}

// State is the whole game.
type State struct {
	V     int        `json:"v"`
	Rules int        `json:"rules"`
	N     int        `json:"n"`
	Opts  Options    `json:"opts"`
	RNG   engine.RNG `json:"rng"`
	Mode  int        `json:"mode"`
	Year  int        `json:"year"` // index into years
	Stage int        `json:"stage"`
	Moves int        `json:"moves"`

	Order    []int `json:"order"`    // order of play of this development phase
	Passing  []int `json:"passing"`  // passing track, top first: seat or -1
	Turn     int   `json:"turn"`     // seat whose turn it is
	T        Turn  `json:"t"`        //
	DepotIdx int   `json:"depotIdx"` // set-up: how many seats chose a Wood Depot

	Players   []Player   `json:"players"`
	Districts []District `json:"districts"`
	Supply    []int      `json:"supply"` // industry tiles left on the boards, by industry

	ServiceStack []int    `json:"serviceStack"` // face down
	ServiceOffer []int    `json:"serviceOffer"` // face up, -1 empty
	CanalStack   [2][]int `json:"canalStack"`   // face down, by era
	CanalOffer   [3][]int `json:"canalOffer"`   // per canal district, -1 empty
	CardStack    [3][]int `json:"cardStack"`    // face down, by decade
	CardOffer    []int    `json:"cardOffer"`    // -1 empty
	ServiceOut   []int    `json:"serviceOut"`   // removed face down at set-up (2 players): hidden
	ServiceUsed  []int    `json:"serviceUsed"`  // face-up tokens discarded at administration
	CanalUsed    []int    `json:"canalUsed"`    // face-up widening tiles discarded in the canal phase
	CardUsed     []int    `json:"cardUsed"`     // face-up city cards discarded by the city council

	ShipStack [2][]Ship `json:"shipStack"` // face down: schooners, canallers
	Scheduled []Ship    `json:"scheduled"`
	Canal     [3][]Ship `json:"canal"` // per market, top row first
	Agency    [3][]int  `json:"agency"`
	ShipOut   []Ship    `json:"shipOut"` // removed face down at set-up (2 players): hidden
	Gone      int       `json:"gone"`    // neutral ships unloaded

	Pending  []Pending `json:"pending"`
	Mayor    int       `json:"mayor"`
	Priority []int     `json:"priority"` // last priorities: categories, first first
	Pop22    int       `json:"pop22"`    // seat on space 22, -1 none
	Pop22Won bool      `json:"pop22Won"` // its bonus was given (once a game, unless the option says per election)
	Stamp    int       `json:"stamp"`

	Ranking  []int  `json:"ranking,omitempty"`
	TieBreak string `json:"tieBreak,omitempty"`
	// TieBreakMsg is TieBreak by reference (Status.TieBreakMsgs).
	TieBreakMsg lang.Msg `json:"tieBreakMsg,omitzero"`

	// Recent is what the latest turn that changed the board changed
	// (engine.Marks, keys of View.BoardPlaces), recorded by Apply; its
	// turns are numbered by TurnBegan. A snapshot written before they
	// were kept has neither.
	Recent engine.Marks `json:"recent,omitzero"`
	// TurnBegan is the number (Moves after it) of the move that began the
	// turn in play: a seat's first decision of its development turn, or
	// any other move, which is a turn of its own.
	TurnBegan int `json:"turnBegan,omitempty"`
}

// clone is a deep copy of st. It makes few allocations, since the search
// copies a state for every Choices and Apply (docs/performance.md): one
// array each for the players, districts, tiles, ships and pendings, and
// one for every []int of the state, carved into slices whose capacity is
// their length (an append copies instead of writing over a neighbour). A
// nil slice stays nil and an empty one empty, as slices.Clone keeps them.
func (st *State) clone() *State {
	n := *st
	n.Recent = st.Recent.Clone()
	n.Players = append(make([]Player, 0, len(st.Players)), st.Players...)
	n.Districts = append(make([]District, 0, len(st.Districts)), st.Districts...)
	n.Pending = slices.Clone(st.Pending)
	// Tiles and ships, one array each.
	tiles, ships := 0, 0
	for _, d := range n.Districts {
		tiles += len(d.Spaces)
	}
	shipLists := n.shipLists()
	for _, l := range shipLists {
		ships += len(*l)
	}
	tb, sb := make([]Tile, tiles), make([]Ship, ships)
	for i := range n.Districts {
		d := &n.Districts[i]
		if d.Spaces != nil {
			k := len(d.Spaces)
			d.Spaces = tb[:k:k]
			copy(d.Spaces, st.Districts[i].Spaces)
			tb = tb[k:]
		}
	}
	for _, l := range shipLists {
		if *l != nil {
			k := len(*l)
			c := sb[:k:k]
			copy(c, *l)
			*l = c
			sb = sb[k:]
		}
	}
	// Every []int, one array.
	ints := 0
	n.eachInts(func(s *[]int) { ints += len(*s) })
	ib := make([]int, ints)
	n.eachInts(func(s *[]int) {
		if *s != nil {
			k := len(*s)
			c := ib[:k:k]
			copy(c, *s)
			*s = c
			ib = ib[k:]
		}
	})
	return &n
}

// shipLists points at every []Ship of st.
func (st *State) shipLists() []*[]Ship {
	out := []*[]Ship{&st.ShipStack[0], &st.ShipStack[1], &st.Scheduled, &st.ShipOut}
	for i := range st.Canal {
		out = append(out, &st.Canal[i])
	}
	return out
}

// eachInts calls f with every []int of st, its players', districts', ships'
// and pendings' included. The players, districts, ships and pendings must
// be st's own (clone copies them first).
func (st *State) eachInts(f func(*[]int)) {
	f(&st.Order)
	f(&st.Passing)
	for i := range st.Players {
		p := &st.Players[i]
		f(&p.PopTaken)
		f(&p.Cards)
		for k := range p.Slots {
			f(&p.Slots[k])
		}
	}
	for i := range st.Districts {
		f(&st.Districts[i].Services)
	}
	f(&st.Supply)
	f(&st.ServiceStack)
	f(&st.ServiceOffer)
	for i := range st.CanalStack {
		f(&st.CanalStack[i])
	}
	for i := range st.CanalOffer {
		f(&st.CanalOffer[i])
	}
	for i := range st.CardStack {
		f(&st.CardStack[i])
	}
	f(&st.CardOffer)
	f(&st.ServiceOut)
	f(&st.ServiceUsed)
	f(&st.CanalUsed)
	f(&st.CardUsed)
	for _, l := range st.shipLists() {
		for i := range *l {
			f(&(*l)[i].Loads)
		}
	}
	for i := range st.Agency {
		f(&st.Agency[i])
	}
	for i := range st.Pending {
		f(&st.Pending[i].Choices)
	}
	f(&st.Priority)
	f(&st.Ranking)
}

// year is the current development phase's year.
func (st *State) year() int { return years[st.Year] }

// era is the canal era: widening through 1850, modernization after.
func (st *State) era() int {
	if st.Year >= 3 {
		return Modernization
	}
	return Widening
}

// decade is the city card decade on offer: 1840s (1840, 1845), 1850s
// (1850, 1855), 1860s (1860).
func (st *State) decade() int { return [5]int{0, 0, 1, 1, 2}[st.Year] }

func players(n int) string { return strconv.Itoa(n) }

// current is the seat that must decide now, -1 when none.
func (st *State) current() int {
	switch {
	case st.Mode == ModeOver:
		return -1
	case len(st.Pending) > 0:
		return st.Pending[0].Seat
	case st.Mode == ModeDepot:
		return st.Order[st.N-1-st.DepotIdx]
	}
	return st.Turn
}

// here is the district of seat's boat, -1 before the first turn.
func (st *State) here(seat int) int {
	p := &st.Players[seat]
	if p.Boat < 0 {
		return -1
	}
	return p.Nav[p.Boat]
}

// slotOf is the navigation space holding district d on seat's board.
func (st *State) slotOf(seat, d int) int { return slices.Index(st.Players[seat].Nav[:], d) }

// canalIndex is the canal district index (0..2) of district d, -1 if d is
// not on the canal.
func canalIndex(d int) int {
	k := 0
	for i, x := range theData().districts {
		if !x.Canal {
			continue
		}
		if i == d {
			return k
		}
		k++
	}
	return -1
}

// canalDistrict is the district of canal index k.
func canalDistrict(k int) int {
	for i, x := range theData().districts {
		if x.Canal {
			if k == 0 {
				return i
			}
			k--
		}
	}
	return -1
}

func (st *State) hasCard(seat int, id string) bool {
	for _, c := range st.Players[seat].Cards {
		if theData().cards[c].ID == id {
			return true
		}
	}
	return false
}

// usable reports whether building space k of a district is in play with
// this many players.
func (st *State) usable(d, k int) bool { return theData().districts[d].Spaces[k].MinPlayers <= st.N }

// tiles lists every industry tile in district d: the depot as -1, then
// the spaces.
func (st *State) tileAt(d, k int) *Tile {
	if k < 0 {
		return &st.Districts[d].Depot
	}
	return &st.Districts[d].Spaces[k]
}

// built reports whether the tile at d,k holds an industry.
func (st *State) built(d, k int) bool {
	t := st.tileAt(d, k)
	return t.Ind >= 0
}

// countIndustries counts the industries in district d (Wood Depots
// included, neutral ones too).
func (st *State) countIndustries(d int) int {
	n := 0
	for k := -1; k < 5; k++ {
		if st.built(d, k) {
			n++
		}
	}
	return n
}

// owns counts seat's industries in district d.
func (st *State) owns(seat, d int) int {
	n := 0
	for k := -1; k < 5; k++ {
		if t := st.tileAt(d, k); t.Ind >= 0 && t.Owner == seat {
			n++
		}
	}
	return n
}

func (st *State) hasService(d, typ int) bool {
	for _, s := range st.Districts[d].Services {
		if s >= 0 && theData().svcType[s] == typ {
			return true
		}
	}
	return false
}

func seatTitle(s int) string { return fmt.Sprintf("Seat %d", s+1) }

// log collects events while the state changes.
type log struct{ evs []engine.Event }

func (l *log) add(e engine.Event) { l.evs = append(l.evs, e) }

// gainCash adds money up to the £12 cap (booklet 06, Gain income: "at any
// time ... a maximum of £12"); what is over the cap is lost.
func (st *State) gainCash(l *log, seat, n int) {
	p := &st.Players[seat]
	max := theData().rules.CashMax
	got := min(n, max-p.Cash)
	if got < 0 {
		got = 0
	}
	p.Cash += got
	l.add(event(seat, "cash", "cash", "cash", itoa(got), "lost", itoa(n-got), "now", itoa(p.Cash)))
}

func (st *State) pay(seat, n int) { st.Players[seat].Cash -= n }

// gainPrestige records prestige with its source; every gain is an event
// (kind "prestige") so the sum of the events is the score.
//
// why is the reason (a key of the catalog's name.why, once made a token by
// reason); a reason that names a place gives it as place: "district" or
// "market" and its ID ("industries in", "district", "mccord").
func (st *State) gainPrestige(l *log, seat, n int, why string, place ...string) {
	st.gainPrestigeIn(l, seat, n, st.scoringOf(why), why, place...)
}

// gainPrestigeIn is gainPrestige counted under scoring category cat.
func (st *State) gainPrestigeIn(l *log, seat, n, cat int, why string, place ...string) {
	if n == 0 {
		return
	}
	p := &st.Players[seat]
	p.Prestige += n
	p.PrestigeBy[cat] += n
	if len(place) > 0 {
		l.add(event(seat, "prestige", "prestige-"+reason(why), append([]string{"prestige", itoa(n), "why", reason(why)}, place...)...))
		return
	}
	l.add(event(seat, "prestige", "prestige", "prestige", itoa(n), "why", reason(why)))
}

func (st *State) gainGood(l *log, seat, g, n int, why string) {
	if n == 0 {
		return
	}
	st.Players[seat].Goods[g] += n
	l.add(event(seat, "goods", "goods", "good", goodNames[g], "n", itoa(n), lang.CountKey, itoa(n), "why", reason(why)))
}

// incomeUp moves the income marker one space; above £4 each raise is worth
// prestige instead (booklet 05, prestige list; the amount is assumed).
func (st *State) incomeUp(l *log, seat int, why string) {
	p := &st.Players[seat]
	if p.Income < theData().rules.IncomeMax {
		p.Income++
		l.add(event(seat, "income", "income", "income", itoa(p.Income), "why", reason(why)))
		return
	}
	// From rules version 2 the prestige counts where the raise came from
	// (the industry track, a service, a city card).
	cat := scoreCardEffects
	if st.Rules >= 2 {
		cat = st.scoringOf(why)
	}
	st.gainPrestigeIn(l, seat, theData().rules.PrestigeAboveIncomeMax, cat, "income above £4")
}

// gainPop moves seat's popularity disc up n spaces, giving the bonus of
// each bonus space reached or passed unless taken before without falling
// below it, and the first arrival on space 22 (booklet 05, Popularity).
func (st *State) gainPop(l *log, seat, n int, why string) {
	p := &st.Players[seat]
	moved := 0
	for range n {
		next := p.Pop + 1
		max := theData().rules.PopMax
		if next > max || (next == max && st.Pop22 >= 0 && st.Pop22 != seat) {
			break
		}
		p.Pop = next
		moved++
		if next == max {
			st.Pop22 = seat
			if !st.Pop22Won {
				st.Pop22Won = true
				st.gainPrestige(l, seat, theData().rules.Pop22Prestige, "first on popularity 22")
			}
		}
		if b, ok := theData().rules.PopBonus[strconv.Itoa(next)]; ok && !slices.Contains(p.PopTaken, next) {
			p.PopTaken = append(p.PopTaken, next)
			slices.Sort(p.PopTaken)
			st.popBonus(l, seat, b)
		}
	}
	if moved > 0 {
		st.Stamp++
		p.Stamp = st.Stamp
		l.add(event(seat, "popularity", "popularity", "pop", itoa(moved), "why", reason(why), "now", itoa(p.Pop)))
	}
}

func (st *State) popBonus(l *log, seat int, b string) {
	switch b {
	case "cash":
		st.gainCash(l, seat, 1)
	case "prestige2":
		st.gainPrestige(l, seat, 2, "popularity bonus")
	case "machine":
		st.gainGood(l, seat, Machine, 1, "popularity bonus")
	case "basic":
		st.Pending = append(st.Pending, Pending{Seat: seat, Kind: "pop-basic"})
	case "flour-or-beer":
		st.Pending = append(st.Pending, Pending{Seat: seat, Kind: "pop-processed"})
	}
}

// canPayCoal reports whether seat can spend n coal, wood standing in for
// coal with Charcoal Production.
func (st *State) coalLike(seat int) int {
	p := &st.Players[seat]
	if st.hasCard(seat, "charcoal-production") {
		return p.Goods[Coal] + p.Goods[Wood]
	}
	return p.Goods[Coal]
}

// tradeValue is seat's prestige per processed good at market m before the
// printed extra.
func (st *State) tradeValue(seat, m int) int {
	lv := theData().rules.TradeLevels
	return lv[min(st.Players[seat].Level[m], len(lv)-1)]
}
