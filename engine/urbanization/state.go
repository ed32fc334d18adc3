package urbanization

import (
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// stateVersion is the version of the JSON encoding of State.
const stateVersion = 1

// maxGrounds is the most building grounds a territory has.
const maxGrounds = 2

// Mode is what the game waits for.
type Mode int

// The modes of a match.
const (
	ModeFirstHouse Mode = iota // General preparation: the seat at Idx places its free house
	ModeHire                   // Hire character: the seat at Idx picks a character
	ModeAction                 // Perform actions: the seat at Idx acts or passes
	ModeExchange               // Factories phase: Pending[0] decides on its order exchange
	ModeOver                   // the game has ended
)

// Ground kinds.
const (
	GroundEmpty = iota
	GroundHouse
	GroundSkyscraper
	GroundFactory
)

// Ground is one building ground of a territory. A ground with sown grain
// (Seeds > 0) is not empty until the harvest.
type Ground struct {
	Kind  int `json:"kind"`
	Seeds int `json:"seeds,omitempty"`
}

// Territory is one territory of the building area. Owner is -1 while it is
// for sale; Markers are the price markers on it.
type Territory struct {
	Owner   int                `json:"owner"`
	Markers int                `json:"markers"`
	Grounds [maxGrounds]Ground `json:"grounds"`
	Admin   int                `json:"admin,omitempty"` // administrative buildings
}

// Factory is one factory of a player: the token on a ground and its stack
// of cards, the last one active.
type Factory struct {
	Terr   int   `json:"terr"`
	Ground int   `json:"ground"`
	Cards  []int `json:"cards"` // factory card indices, oldest first
	// Output holds the work-order markers on the active card's production
	// space this turn, by colour: non-zero once the factory has produced.
	Output [numColours]int `json:"output"`
}

func (f *Factory) active() int { return f.Cards[len(f.Cards)-1] }

func (f *Factory) produced() bool { return f.Output != [numColours]int{} }

// Slot is one of the three factory display spaces.
type Slot struct {
	Card    int   `json:"card"`    // factory card index, -1 when empty
	Markers []int `json:"markers"` // seats of the action markers on its work-order spaces, left to right
}

// Player is one seat's tracking card, money, factories and cards.
type Player struct {
	Money int `json:"money"`
	VP    int `json:"vp"`
	// VPBy is VP by scoring category, in the order of scoring.
	VPBy     [numScoring]int `json:"vpBy"`
	Citizens int             `json:"citizens"`
	Houses   int             `json:"houses"`
	Taxes    int             `json:"taxes"`
	Grain    int             `json:"grain"`
	// Orders are the work-order markers on the tracking card, by colour.
	Orders [numColours]int `json:"orders"`
	// Census is what the last citizen count compared: houses, grain and
	// work orders (all zero before the first administration).
	Census     [3]int    `json:"census"`
	Factories  []Factory `json:"factories"`
	Inventions []int     `json:"inventions"` // invention card indices, in the order taken
	// Docked are the docking spaces (0-based) holding this seat's action
	// markers on the invention track, sorted.
	Docked []int `json:"docked"`
	Hired  int   `json:"hired"`  // character index hired this turn, -1 for none
	Played bool  `json:"played"` // the hired character has been played (spent)
	// FarmerSeeds are the grain sown on the Farmer card.
	FarmerSeeds int `json:"farmerSeeds,omitempty"`
}

// Options are the match options.
type Options struct {
	Inventions bool   `json:"inventions"`
	GrainCap   string `json:"grainCap"`   // "always" or "harvest"
	Production string `json:"production"` // "up-to" or "exact"
	MayorTie   string `json:"mayorTie"`   // "left" or "former"
}

// State is an Urbanization position. The host treats it as immutable:
// Apply works on a deep clone.
type State struct {
	V     int     `json:"v"`
	Rules int     `json:"rules"`
	N     int     `json:"n"`
	Opts  Options `json:"options"`
	Mode  Mode    `json:"mode"`
	Turn  int     `json:"turn"`  // 1..6
	Phase int     `json:"phase"` // action phase 1..4 (0 outside the actions)
	Start int     `json:"start"` // start player of the turn
	Idx   int     `json:"idx"`   // position in turn order (clockwise from Start) of the seat to decide
	Mayor int     `json:"mayor"` // seat holding the Mayor, -1 for none
	// Building area.
	Terrs []Territory `json:"terrs"`
	// Grain area: barns (cheapest first), field, return area, and the
	// markers of the box not in play with fewer than 4 players.
	Barns  []int `json:"barns"`
	Field  int   `json:"field"`
	Return int   `json:"return"`
	Box    int   `json:"box"`
	// Work-order area.
	Supply  [numColours]int `json:"supply"`
	Deck    []int           `json:"deck"` // factory cards, top first
	Display []Slot          `json:"display"`
	Removed []int           `json:"removed"` // factory cards removed from the game
	// Building pools.
	Houses      int `json:"houses"`
	Skyscrapers int `json:"skyscrapers"`
	FactoryPool int `json:"factoryPool"`
	Admins      int `json:"admins"`
	// Invention docking spaces: the cards still there, by space.
	Docks   [][]int  `json:"docks"`
	Players []Player `json:"players"`
	// Pending lists the seats that still decide on their order exchange
	// (ModeExchange), in turn order.
	Pending []int `json:"pending,omitempty"`
	Moves   int   `json:"moves"`
	// Turns counts the decisions handed on: every move but a recall ends
	// the seat's turn and begins the next one (Status.Turn is Turns+1).
	Turns    int    `json:"turns"`
	Ranking  []int  `json:"ranking,omitempty"`
	TieBreak string `json:"tieBreak,omitempty"`
	// TieBreakMsgs is TieBreak by reference (Status.TieBreakMsgs).
	TieBreakMsgs []lang.Msg `json:"tieBreakMsgs,omitempty"`
	RNG          engine.RNG `json:"rng"`
	// Recent is what the latest turn that changed the board changed
	// (engine.Marks, keys of View.BoardPlaces, numbered by Status.Turn),
	// recorded by Apply; a snapshot written before it was kept has none.
	Recent engine.Marks `json:"recent,omitzero"`
}

func (st *State) clone() *State {
	c := *st
	c.Recent = st.Recent.Clone()
	c.Terrs = slices.Clone(st.Terrs)
	c.Barns = slices.Clone(st.Barns)
	c.Deck = slices.Clone(st.Deck)
	c.Display = slices.Clone(st.Display)
	for i := range c.Display {
		c.Display[i].Markers = slices.Clone(st.Display[i].Markers)
	}
	c.Removed = slices.Clone(st.Removed)
	c.Docks = slices.Clone(st.Docks)
	for i := range c.Docks {
		c.Docks[i] = slices.Clone(st.Docks[i])
	}
	c.Players = slices.Clone(st.Players)
	for i := range c.Players {
		p := &c.Players[i]
		p.Factories = slices.Clone(p.Factories)
		for j := range p.Factories {
			p.Factories[j].Cards = slices.Clone(p.Factories[j].Cards)
		}
		p.Inventions = slices.Clone(p.Inventions)
		p.Docked = slices.Clone(p.Docked)
	}
	c.Pending = slices.Clone(st.Pending)
	c.Ranking = slices.Clone(st.Ranking)
	return &c
}

// seatAt is the seat at position i of the turn order (clockwise from the
// start player).
func (st *State) seatAt(i int) int { return (st.Start + i) % st.N }

// order lists the seats clockwise from the start player.
func (st *State) order() []int {
	out := make([]int, st.N)
	for i := range out {
		out[i] = st.seatAt(i)
	}
	return out
}

// current is the seat whose decision is awaited, or -1 when the game is over.
func (st *State) current() int {
	switch st.Mode {
	case ModeOver:
		return -1
	case ModeExchange:
		if len(st.Pending) == 0 {
			return -1
		}
		return st.Pending[0]
	}
	return st.seatAt(st.Idx)
}

// covered reports whether territory t is under a covering tile.
func (st *State) covered(t int) bool { return theData().covered(t, st.N) }

// forSale reports whether territory t can be bought: uncovered and unowned
// (it then holds price markers).
func (st *State) forSale(t int) bool { return !st.covered(t) && st.Terrs[t].Owner < 0 }

// markersOut counts seat's action markers out of its pool: on territories,
// on work-order spaces and on the invention track.
// RB Buy land, Receive work orders, Attract industry; PA Acquire invention.
func (st *State) markersOut(seat int) int {
	n := len(st.Players[seat].Docked)
	for _, t := range st.Terrs {
		if t.Owner == seat {
			n++
		}
	}
	for _, s := range st.Display {
		for _, m := range s.Markers {
			if m == seat {
				n++
			}
		}
	}
	return n
}

// freeMarkers is the number of action markers in seat's pool.
func (st *State) freeMarkers(seat int) int {
	return theData().rules.ActionMarkers.Value - st.markersOut(seat)
}

// ordersTotal is the number of work-order markers on seat's tracking card.
func (p *Player) ordersTotal() int { return p.Orders[White] + p.Orders[Grey] + p.Orders[Orange] }

// has reports whether seat owns the invention with the effect (and, for
// colour effects, the colour); it returns that card's amount.
// inventionID is the token of the seat's invention that gives has(effect, c).
func (p *Player) inventionID(effect string, c Colour) string {
	best := ""
	amount := -1
	for _, i := range p.Inventions {
		inv := &theData().inventions[i]
		if inv.Effect == effect && inv.colour == c && inv.Amount > amount {
			best, amount = inv.ID, inv.Amount
		}
	}
	return best
}

func (p *Player) has(effect string, c Colour) (int, bool) {
	best, ok := 0, false
	for _, i := range p.Inventions {
		inv := &theData().inventions[i]
		if inv.Effect != effect {
			continue
		}
		switch effect {
		case effMinOutput, effTurnOrders, effGoodMoney, effGoodPoints:
			if inv.colour != c {
				continue
			}
		}
		ok = true
		best = max(best, inv.Amount)
	}
	return best, ok
}

// sumHas adds the amounts of every invention with the effect (harvest
// grain: both cards add up).
func (p *Player) sumHas(effect string) int {
	n := 0
	for _, i := range p.Inventions {
		if theData().inventions[i].Effect == effect {
			n += theData().inventions[i].Amount
		}
	}
	return n
}

// holds reports whether seat hired character c this turn and has not yet
// played it.
func (p *Player) holds(c int) bool { return p.Hired == c && !p.Played }

// grainRoom is how many more grain seat may take onto its tracking card
// outside the harvest: up to the cap with the default option, unlimited
// with grain-cap=harvest.
func (st *State) grainRoom(seat int) int {
	if st.Opts.GrainCap == "harvest" {
		return 1 << 20
	}
	return max(0, theData().rules.GrainCap.Value-st.Players[seat].Grain)
}

// capacity is the grain each barn and the field hold with N players.
func (st *State) capacity() int { return theData().rules.BarnCapacityPerPlayer.Value * st.N }

// newestFactory is the highest factory number seat owns (active or
// inactive), 0 without factories. "Newest" in both final tie-breaks.
func (st *State) newestFactory(seat int) int {
	best := 0
	for _, f := range st.Players[seat].Factories {
		for _, c := range f.Cards {
			best = max(best, theData().factories[c].Number)
		}
	}
	return best
}

// factorySum is the sum of the numbers of every factory card seat owns.
func (st *State) factorySum(seat int) int {
	n := 0
	for _, f := range st.Players[seat].Factories {
		for _, c := range f.Cards {
			n += theData().factories[c].Number
		}
	}
	return n
}

// ownsCard reports whether seat owns factory card c, active or inactive.
func (st *State) ownsCard(seat, c int) bool {
	for _, f := range st.Players[seat].Factories {
		if slices.Contains(f.Cards, c) {
			return true
		}
	}
	return false
}

// emptyGround returns the first empty ground of territory t, or -1.
func (st *State) emptyGround(t int) int {
	tr := &st.Terrs[t]
	for g := 0; g < theData().terrs[t].Grounds; g++ {
		if tr.Grounds[g].Kind == GroundEmpty && tr.Grounds[g].Seeds == 0 {
			return g
		}
	}
	return -1
}

// countGrounds counts the grounds of territory t of kind k.
func (st *State) countGrounds(t, k int) int {
	n := 0
	for g := 0; g < theData().terrs[t].Grounds; g++ {
		if st.Terrs[t].Grounds[g].Kind == k {
			n++
		}
	}
	return n
}

func seatName(seat int) string { return "seat " + strconv.Itoa(seat+1) }

func dollars(n int) string { return "$" + strconv.Itoa(n) }

func terrToken(t int) string { return theData().terrs[t].ID }

func cardToken(c int) string { return theData().factories[c].ID }

func cardName(c int) string { return theData().factories[c].Name }

func invToken(i int) string { return theData().inventions[i].ID }

func charToken(c int) string { return theData().characters[c].ID }

func charName(c int) string { return theData().characters[c].Name }

func spaceToken(s int) string { return "s" + strconv.Itoa(s+1) }

// terrNumber is the number of territory t, read from its data id (t09 is 9).
func terrNumber(t int) int {
	n, _ := strconv.Atoi(strings.TrimPrefix(theData().terrs[t].ID, "t"))
	return n
}

// invName is the name of invention card i, as its data gives it.
func invName(i int) string { return theData().inventions[i].Name }

// act adds the event of the walker's seat doing something, worded by the
// catalog's message "event.<id>" (third person, "Seat 2 buys ...") and
// "event.<id>-own" (second person, "you buy ..."); kv are its Data.
func (w *walker) act(kind, id string, kv ...string) {
	w.evs = append(w.evs, event(w.seat, kind, id, kv...))
}

func itoa(n int) string { return strconv.Itoa(n) }
