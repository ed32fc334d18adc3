package brass

import (
	"slices"
	"strconv"

	"github.com/smokestack/smokestack/engine"
)

// stateVersion is the version of the JSON encoding of state (statejson.go).
// Version 1 is still read.
const stateVersion = 2

// mode is what the game waits for.
type mode int

// The modes of a match.
const (
	modePlay      mode = iota // the seat at Turn plays an action
	modeLiquidate             // Debtor must remove an industry to pay negative income
	modeSellMore              // the seat at Turn may continue its sell action after a distant sale
	modeOver                  // the game has ended
)

// spaceTile is one built industry counter on a space; Owner is -1 for an empty space.
type spaceTile struct {
	Owner   int      `json:"o"`
	Ind     industry `json:"i,omitempty"`
	Level   int      `json:"l,omitempty"`
	Cubes   int      `json:"c,omitempty"`
	Flipped bool     `json:"f,omitempty"`
}

// playerState is one seat's private and public holdings.
type playerState struct {
	Money     int `json:"money"`
	Space     int `json:"space"` // income track space 0..99
	VP        int `json:"vp"`
	Spent     int `json:"spent"`     // money in the Amount Spent box this round
	LinksLeft int `json:"linksLeft"` // link counters left this period
	// Next[i] counts the counters already taken off industry i's stack
	// (built or developed); the top of the stack is stacks[i][Next[i]].
	Next [numIndustries]int `json:"next"`
	// VPBy is VP by scoring category, in the order of scoring.
	VPBy [numScoring]int `json:"vpBy"`
}

// state is a Brass position. It is treated as immutable by the host: Apply
// works on a deep clone.
type state struct {
	V        int           `json:"v"`
	N        int           `json:"n"`                 // seats
	LinkAll  bool          `json:"linkAll,omitempty"` // option link-scoring=all
	TieCash  bool          `json:"tieCash,omitempty"` // option tiebreak=cash
	Period   period        `json:"period"`            //
	Round    int           `json:"round"`             // 1-based within the period
	Order    []int         `json:"order"`             // seats in this round's order of play
	Turn     int           `json:"turn"`              // index into Order of the seat playing
	Actions  int           `json:"actions"`           // actions left in the current turn
	Mode     mode          `json:"mode"`              //
	Debtor   int           `json:"debtor"`            // index into Order of the seat paying income (modeLiquidate)
	Owed     int           `json:"owed,omitempty"`    // negative income still to pay (modeLiquidate)
	Deck     cardList      `json:"deck"`              // draw pile, top first (card kinds)
	Removed  cardList      `json:"removed"`           // face-down removed cards this period
	Hands    []cardList    `json:"hands"`             // sorted card kinds per seat
	Discards cardList      `json:"discards"`          // played cards, last on top
	Spaces   spaceList     `json:"spaces"`            // one per board space
	Links    ownerList     `json:"links"`             // owner per potential link, -1 if unbuilt
	Coal     int           `json:"coal"`              // cubes on the coal demand track
	Iron     int           `json:"iron"`              // cubes on the iron demand track
	Cotton   int           `json:"cotton"`            // cotton demand marker, 0 top .. 8 closed
	Tiles    stepList      `json:"tiles"`             // distant market stack, top first (steps)
	LastTile int           `json:"lastTile"`          // steps of the last tile drawn this period, -1 if none
	Drawn    int           `json:"drawn,omitempty"`   // tiles drawn this period, turned up for all: the bottom of Tiles, in order (0 before it was kept)
	Players  []playerState `json:"players"`           //
	Bank     int           `json:"bank"`              // net money the bank has received since setup
	Moves    int           `json:"moves"`             // moves applied
	Ranking  []int         `json:"ranking,omitempty"` // when over
	// TieBreak is the English sentence a state saved before TieBy held
	// in its place; it is read, never written (Status words TieBy).
	TieBreak string `json:"tieBreak,omitempty"`
	// TieBy is what broke the ties on VP, comma-separated in the order
	// applied (income, money, order): the data of TieBreak's message.
	TieBy string `json:"tieBy,omitempty"`
	// Pinned rail-period deck and tiles (Setup.Pins), used at the period change.
	RailDeckPin  cardList `json:"railDeckPin,omitempty"`
	RailTilesPin stepList `json:"railTilesPin,omitempty"`
	// What the latest turn that changed the board built or flipped, so
	// that views can mark it: the turn (turnNumber, 0 for none), the
	// spaces built on or flipped and the links built. A turn's first
	// change replaces the previous turn's.
	RecentTurn   int        `json:"recentTurn,omitempty"`
	RecentSpaces []int      `json:"recentSpaces,omitempty"`
	RecentLinks  []int      `json:"recentLinks,omitempty"`
	RNG          engine.RNG `json:"rng"`
}

func (st *state) clone() *state {
	c := *st
	c.Order = slices.Clone(st.Order)
	c.Deck = slices.Clone(st.Deck)
	c.Removed = slices.Clone(st.Removed)
	c.Hands = make([]cardList, len(st.Hands))
	for i, h := range st.Hands {
		c.Hands[i] = slices.Clone(h)
	}
	c.Discards = slices.Clone(st.Discards)
	c.Spaces = slices.Clone(st.Spaces)
	c.Links = slices.Clone(st.Links)
	c.Tiles = slices.Clone(st.Tiles)
	c.Players = slices.Clone(st.Players)
	c.Ranking = slices.Clone(st.Ranking)
	c.RailDeckPin = slices.Clone(st.RailDeckPin)
	c.RailTilesPin = slices.Clone(st.RailTilesPin)
	c.RecentSpaces = slices.Clone(st.RecentSpaces)
	c.RecentLinks = slices.Clone(st.RecentLinks)
	return &c
}

// noteChanges records in n what the move from old built or flipped: the
// spaces that gained a counter or whose counter was flipped, and the links
// built. The first change of a new turn replaces the last turn's record.
// Counters and links removed (overbuilt, liquidated, the canal period's end)
// are not recorded.
func (n *state) noteChanges(old *state) {
	turn := old.turnNumber()
	fresh := n.RecentTurn != turn
	for i := range n.Spaces {
		a, b := &old.Spaces[i], &n.Spaces[i]
		if b.Owner < 0 || (a.Owner == b.Owner && a.Ind == b.Ind && a.Level == b.Level && a.Flipped == b.Flipped) {
			continue
		}
		if fresh {
			n.RecentTurn, n.RecentSpaces, n.RecentLinks, fresh = turn, nil, nil, false
		}
		n.RecentSpaces = append(n.RecentSpaces, i)
	}
	for i := range n.Links {
		if old.Links[i] < 0 && n.Links[i] >= 0 {
			if fresh {
				n.RecentTurn, n.RecentSpaces, n.RecentLinks, fresh = turn, nil, nil, false
			}
			n.RecentLinks = append(n.RecentLinks, i)
		}
	}
}

// current is the seat whose decision is awaited, or -1 when the game is over.
func (st *state) current() int {
	switch st.Mode {
	case modeOver:
		return -1
	case modeLiquidate:
		return st.Order[st.Debtor]
	}
	return st.Order[st.Turn]
}

func (st *state) income(seat int) int { return theBoard().incomeOf(st.Players[seat].Space) }

// gainIncome moves seat's income marker up n spaces, never past the top.
// Rulebook, COUNTER TYPES AND FLIPPING; STEP A: income never above £30.
func (st *state) gainIncome(seat, n int) {
	p := &st.Players[seat]
	p.Space = min(p.Space+n, len(theBoard().incomeBy)-1)
}

// pay moves money from seat to its Amount Spent box.
// Rulebook, PLAY CARD DETAILS: every payment during actions goes there.
func (st *state) pay(seat, amount int) {
	st.Players[seat].Money -= amount
	st.Players[seat].Spent += amount
}

// earn moves money from the bank to seat.
func (st *state) earn(seat, amount int) {
	st.Players[seat].Money += amount
	st.Bank -= amount
}

func (st *state) hasCard(seat, card int) bool {
	_, ok := slices.BinarySearch(st.Hands[seat], card)
	return ok
}

func (st *state) countCard(seat, card int) int {
	n := 0
	for _, c := range st.Hands[seat] {
		if c == card {
			n++
		}
	}
	return n
}

// discard removes one card of the kind from seat's hand onto the discard pile.
func (st *state) discard(seat, card int) {
	h := st.Hands[seat]
	if i, ok := slices.BinarySearch(h, card); ok {
		st.Hands[seat] = slices.Delete(h, i, i+1)
		st.Discards = append(st.Discards, card)
	}
}

func (st *state) addCard(seat, card int) {
	h := st.Hands[seat]
	i, _ := slices.BinarySearch(h, card)
	st.Hands[seat] = slices.Insert(h, i, card)
}

// top returns the level on top of seat's stack of ind, or -1 when empty.
func (st *state) top(seat int, ind industry) int {
	n := st.Players[seat].Next[ind]
	s := theBoard().stacks[ind]
	if n >= len(s) {
		return -1
	}
	return s[n]
}

// spaceToken names space si as "<town>@<n>".
func spaceToken(si int) string {
	sp := theBoard().spaces[si]
	return theBoard().places[sp.place].ID + "@" + strconv.Itoa(sp.index+1)
}

// flip turns the tile on space si face down and raises its owner's income.
// Rulebook, COUNTER TYPES AND FLIPPING.
func (st *state) flip(si int, evs *[]engine.Event) {
	t := &st.Spaces[si]
	if t.Flipped || t.Owner < 0 {
		return
	}
	t.Flipped = true
	inc := theBoard().specs[t.Ind][t.Level].Income
	st.gainIncome(t.Owner, inc)
	if evs != nil {
		sp := &theBoard().spaces[si]
		*evs = append(*evs, event(t.Owner, "flip", "flip", "space", spaceToken(si), "industry", t.Ind.String(),
			"level", itoa(t.Level), "place", theBoard().places[sp.place].ID, "income", itoa(inc)))
	}
}
