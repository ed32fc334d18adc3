package brass

import (
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// View is the board as one seat (or engine.Spectator) may see it: all public
// information plus that seat's own hand. It is what the renderer draws,
// with what the board prints from PrintedValues. Slices are in a stable
// order (data order for places and links, seat order for players).
type View struct {
	Seat    int    `json:"seat"`    // the viewer, or engine.Spectator
	Players int    `json:"players"` // 3 or 4
	Period  string `json:"period"`  // "canal" or "rail"
	Round   int    `json:"round"`   // 1-based round within the period
	Rounds  int    `json:"rounds"`  // rounds per period (10 with 3 players, 8 with 4)
	// PhaseMsg is what happens now by reference into the game's catalog,
	// as Status.PhaseMsg ("phase.actions" with the actions left,
	// "phase.liquidate" with the amount owed, "phase.sell-more",
	// "phase.over"); the period and round are Period, Round and Rounds,
	// the seat that acts Active. The view holds no sentence in any
	// language: a front end words this with the catalog (engine.Words.Msg).
	PhaseMsg    lang.Msg `json:"phaseMsg"`
	Active      int      `json:"active"`      // seat to decide now, -1 when finished
	ActionsLeft int      `json:"actionsLeft"` // actions the active seat still has this turn
	TurnOrder   []int    `json:"turnOrder"`   // seats in this round's order of play
	Finished    bool     `json:"finished"`

	Places []PlaceView `json:"places"` // every location, data order
	Links  []LinkView  `json:"links"`  // every potential link, data order (built or not)

	CoalDemand   int  `json:"coalDemand"`         // cubes on the coal demand track (0-8)
	IronDemand   int  `json:"ironDemand"`         // cubes on the iron demand track (0-8)
	CottonDemand int  `json:"cottonDemand"`       // marker position 0 (top) .. 8 (closed)
	TilesLeft    int  `json:"tilesLeft"`          // distant market tiles still in the stack
	MarketClosed bool `json:"marketClosed"`       // distant market closed for the period
	LastTile     *int `json:"lastTile,omitempty"` // steps of the last tile drawn this period, if any
	// TilesDrawn are the steps of the tiles drawn this period, in the
	// order drawn: everyone saw them turned up, and they lie at the
	// bottom of the stack until the period ends.
	TilesDrawn []int `json:"tilesDrawn,omitempty"`

	DeckSize    int      `json:"deckSize"`       // cards left to draw
	DiscardTop  string   `json:"discardTop"`     // last card played, "" if none
	PlayerViews []Player `json:"playerViews"`    // seat order
	Hand        []string `json:"hand,omitempty"` // the viewer's own cards (card slugs), sorted; nil for spectators

	Mode    string `json:"mode"`              // "play", "liquidate" (Active must remove industries), "sell-more" (Active may continue a sell action), "over"
	Owed    int    `json:"owed,omitempty"`    // negative income still owed by Active in mode "liquidate"
	Ranking []int  `json:"ranking,omitempty"` // when finished: seats from the winner down

	// Recent is what the latest turn that changed the board built or
	// flipped (engine.Marks): the spaces (SpaceKey) that gained a counter
	// or whose counter was flipped, and the links built (LinkKey).
	Recent engine.Marks `json:"recent,omitzero"`
}

// SpaceKey is the board key (engine.Board) of space i of place id.
func SpaceKey(place string, i int) string { return place + "/" + strconv.Itoa(i) }

// LinkKey is the board key (engine.Board) of link id.
func LinkKey(id string) string { return "link:" + id }

// BoardPlaces implements engine.Board: every industry space, with the counter
// on it, and every link, with what is built there. Cubes are left out
// (the marks show what was built or flipped, not what was sold or used).
func (v View) BoardPlaces() map[string]string {
	out := make(map[string]string, 300)
	for _, p := range v.Places {
		for i, sp := range p.Spaces {
			val := ""
			if t := sp.Tile; t != nil {
				val = fmt.Sprintf("%d %s %d %t", t.Owner, t.Industry, t.Level, t.Flipped)
			}
			out[SpaceKey(p.ID, i)] = val
		}
	}
	for _, k := range v.Links {
		val := ""
		if k.Built != "" {
			val = fmt.Sprintf("%d %s", k.Owner, k.Built)
		}
		out[LinkKey(k.ID)] = val
	}
	return out
}

// Marks implements engine.Board.
func (v View) Marks() engine.Marks { return v.Recent }

// PlaceView is one location and its spaces.
type PlaceView struct {
	ID     string      `json:"id"`   // slug
	Name   string      `json:"name"` // display name
	Kind   string      `json:"kind"` // "town", "external" (port anchor, 2 VP) or "place" (2 VP, no port)
	Spaces []SpaceView `json:"spaces"`
}

// SpaceView is one industry space and the tile on it, if any.
type SpaceView struct {
	Allowed []string  `json:"allowed"` // industry slugs the space accepts
	Tile    *TileView `json:"tile,omitempty"`
}

// TileView is a built industry counter.
type TileView struct {
	Owner    int    `json:"owner"`    // seat
	Industry string `json:"industry"` // slug
	Level    int    `json:"level"`
	Flipped  bool   `json:"flipped"`
	Cubes    int    `json:"cubes"` // coal or iron cubes on it
	VP       int    `json:"vp"`    // printed VP (scored only once flipped)
	Income   int    `json:"income"`
}

// LinkView is a potential link and what is built on it.
type LinkView struct {
	ID    string `json:"id"` // "a-b", slugs in alphabetical order
	A     string `json:"a"`
	B     string `json:"b"`
	Canal bool   `json:"canal"`           // a canal may be built here
	Rail  bool   `json:"rail"`            // a rail may be built here
	Built string `json:"built,omitempty"` // "", "canal" or "rail"
	Owner int    `json:"owner"`           // seat of the builder, -1 when not built
	Value int    `json:"value"`           // VP it would score now (gold circles at its ends), when built
}

// Player is one seat's public panel.
type Player struct {
	Seat        int        `json:"seat"`
	Money       int        `json:"money"`
	IncomeSpace int        `json:"incomeSpace"` // 0..99 on the income track
	Income      int        `json:"income"`      // -10..30
	VP          int        `json:"vp"`          // scored so far
	Projected   int        `json:"projected"`   // VP if the period ended now (links and flipped industries scored; in the rail period also 1 VP per full £10)
	Spent       int        `json:"spent"`       // money spent this round
	LinksLeft   int        `json:"linksLeft"`   // link counters left this period (of 14)
	HandSize    int        `json:"handSize"`
	NextTiles   []NextTile `json:"nextTiles"` // top of each stack, industry order cotton, port, coal, iron, ship
}

// NextTile is the top counter of one of a player's stacks.
type NextTile struct {
	Industry string `json:"industry"`
	Level    int    `json:"level"` // 0 when the stack is empty and Left is 0
	Left     int    `json:"left"`  // counters left in the stack
}

// View is the state as seat (or engine.Spectator) may see it: hands other
// than the viewer's, the deck order, the removed cards and the order of the
// distant market tiles are left out.
func (Game) View(s engine.State, seat int) engine.View {
	st, err := asState(s)
	if err != nil {
		return View{Seat: seat}
	}
	return st.view(seat)
}

func (st *state) view(seat int) View {
	v := View{
		Seat:         seat,
		Players:      st.N,
		Period:       st.Period.String(),
		Round:        st.Round,
		Rounds:       st.rounds(),
		PhaseMsg:     st.phaseMsg(),
		Active:       st.current(),
		ActionsLeft:  st.Actions,
		TurnOrder:    slices.Clone(st.Order),
		Finished:     st.Mode == modeOver,
		CoalDemand:   st.Coal,
		IronDemand:   st.Iron,
		CottonDemand: st.Cotton,
		TilesLeft:    len(st.Tiles),
		MarketClosed: st.Cotton >= theBoard().cottonClosed,
		DeckSize:     len(st.Deck),
		Mode:         st.modeName(),
		Owed:         st.Owed,
		Ranking:      slices.Clone(st.Ranking),
	}
	if st.LastTile >= 0 {
		lt := st.LastTile
		v.LastTile = &lt
	}
	if u := len(st.unseenTiles()); u < len(st.Tiles) {
		v.TilesDrawn = slices.Clone([]int(st.Tiles[u:]))
	}
	if n := len(st.Discards); n > 0 {
		v.DiscardTop = theBoard().cardSlug(st.Discards[n-1])
	}
	// One backing array per kind of element: a view is built for every
	// image and every message, so it allocates a few blocks, not hundreds.
	// Full slice expressions keep each view's slices independent.
	nAllowed, nTiles := 0, 0
	for _, pl := range theBoard().places {
		for _, sd := range pl.Spaces {
			nAllowed += len(sd.Allowed)
		}
	}
	for _, t := range st.Spaces {
		if t.Owner >= 0 {
			nTiles++
		}
	}
	allowed := make([]string, 0, nAllowed)
	tiles := make([]TileView, 0, nTiles)
	spaces := make([]SpaceView, 0, len(theBoard().spaces))
	v.Places = make([]PlaceView, 0, len(theBoard().places))
	for p := range theBoard().places {
		pl := &theBoard().places[p]
		first := len(spaces)
		for i, sd := range pl.Spaces {
			t := st.Spaces[pl.firstSpace+i]
			a := len(allowed)
			allowed = append(allowed, sd.Allowed...)
			sv := SpaceView{Allowed: allowed[a:len(allowed):len(allowed)]}
			if slices.Contains(st.RecentSpaces, pl.firstSpace+i) {
				v.Recent.Keys = append(v.Recent.Keys, SpaceKey(pl.ID, i))
			}
			if t.Owner >= 0 {
				spec := theBoard().specs[t.Ind][t.Level]
				tiles = append(tiles, TileView{Owner: t.Owner, Industry: t.Ind.String(), Level: t.Level, Flipped: t.Flipped, Cubes: t.Cubes, VP: spec.VP, Income: spec.Income})
				sv.Tile = &tiles[len(tiles)-1]
			}
			spaces = append(spaces, sv)
		}
		v.Places = append(v.Places, PlaceView{ID: pl.ID, Name: pl.Name, Kind: pl.Kind, Spaces: spaces[first:len(spaces):len(spaces)]})
	}
	v.Links = make([]LinkView, 0, len(theBoard().links))
	for li, l := range theBoard().links {
		lv := LinkView{ID: l.ID, A: l.A, B: l.B, Canal: l.Canal, Rail: l.Rail, Owner: st.Links[li]}
		if st.Links[li] >= 0 {
			lv.Built = st.Period.String()
			lv.Value = st.linkValue(li)
		}
		if slices.Contains(st.RecentLinks, li) {
			v.Recent.Keys = append(v.Recent.Keys, LinkKey(l.ID))
		}
		v.Links = append(v.Links, lv)
	}
	if len(v.Recent.Keys) > 0 {
		v.Recent.Turn = st.RecentTurn
		slices.Sort(v.Recent.Keys)
	}
	next := make([]NextTile, 0, st.N*int(numIndustries))
	v.PlayerViews = make([]Player, 0, st.N)
	proj := st.projected()
	for s := 0; s < st.N; s++ {
		p := &st.Players[s]
		pv := Player{Seat: s, Money: p.Money, IncomeSpace: p.Space, Income: st.income(s), VP: p.VP, Projected: proj[s], Spent: p.Spent, LinksLeft: p.LinksLeft, HandSize: len(st.Hands[s])}
		first := len(next)
		for ind := industry(0); ind < numIndustries; ind++ {
			left := len(theBoard().stacks[ind]) - p.Next[ind]
			nt := NextTile{Industry: ind.String(), Left: left}
			if left > 0 {
				nt.Level = theBoard().stacks[ind][p.Next[ind]]
			}
			next = append(next, nt)
		}
		pv.NextTiles = next[first:len(next):len(next)]
		v.PlayerViews = append(v.PlayerViews, pv)
	}
	if seat >= 0 && seat < st.N {
		v.Hand = make([]string, 0, len(st.Hands[seat]))
		for _, c := range st.Hands[seat] {
			v.Hand = append(v.Hand, theBoard().cardSlug(c))
		}
		sort.Strings(v.Hand)
	}
	return v
}

func (st *state) modeName() string {
	switch st.Mode {
	case modeLiquidate:
		return "liquidate"
	case modeSellMore:
		return "sell-more"
	case modeOver:
		return "over"
	}
	return "play"
}
