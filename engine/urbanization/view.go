package urbanization

import (
	"fmt"
	"slices"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// View is the whole position as every seat and spectator sees it: nothing
// in Urbanization is hidden (the factory deck lies face up in number order,
// money is public). The renderer and the front ends use only this type.
// Seats are 0-based; slices are in board, data or seat order.
type View struct {
	Seat      int               `json:"seat"` // the viewer, or engine.Spectator
	Players   int               `json:"players"`
	Options   map[string]string `json:"options"`
	Turn      int               `json:"turn"`    // 1..Turns
	Turns     int               `json:"turns"`   //
	Phase     int               `json:"phase"`   // action phase 1..Phases, 0 outside the actions
	Phases    int               `json:"phases"`  //
	Segment   string            `json:"segment"` // "first-house", "hire", "actions", "exchange", "over"
	Active    []int             `json:"active"`  // the seat to decide now (one until the game is over)
	Start     int               `json:"start"`   // start player of the turn
	Mayor     int               `json:"mayor"`   // seat holding the Mayor, -1 for none
	TurnOrder []int             `json:"turnOrder"`
	Finished  bool              `json:"finished"`
	Ranking   []int             `json:"ranking,omitempty"`
	TieBreak  string            `json:"tieBreak,omitempty"`
	// TieBreakMsgs is TieBreak by reference (engine.Words.TieBreak).
	TieBreakMsgs []lang.Msg `json:"tieBreakMsgs,omitempty"`

	Territories []TerritoryView `json:"territories"` // board order
	Grain       GrainView       `json:"grain"`
	Supply      OrdersView      `json:"supply"`  // work orders left on the board
	Display     []SlotView      `json:"display"` // factory spaces 1..3
	Deck        []string        `json:"deck"`    // factory deck, top first (face up)
	Removed     []string        `json:"removed"` // factory cards out of the game
	Pools       PoolsView       `json:"pools"`
	Characters  []CharacterView `json:"characters"`
	Docks       []DockView      `json:"docks,omitempty"` // invention docking spaces s1..s9 (Inventions only)
	PlayerViews []PlayerView    `json:"playerViews"`     // seat order
	// Recent is what the latest turn that changed the board changed
	// (engine.Marks): keys of BoardPlaces.
	Recent engine.Marks `json:"recent,omitzero"`
}

// BoardPlaces implements engine.Board: what the board image shows that a
// turn changes. Keys: "territory:ID" (owner, price markers, administrative
// buildings), "ground:ID/N" (building ground N of a territory: building,
// factory, seeds), "grain:field" and "grain:barnN" (grain counts),
// "display:N" (factory space N: card and work-order markers),
// "character:ID" (who holds it) and "dock:sN" (invention cards and action
// markers on a docking space).
func (v View) BoardPlaces() map[string]string {
	out := make(map[string]string, 200)
	for _, t := range v.Territories {
		out["territory:"+t.ID] = fmt.Sprintf("%d %d %d %t", t.Owner, t.Markers, t.Admin, t.Covered)
		for i, g := range t.Grounds {
			val := ""
			if g.Building != "" || g.Seeds > 0 {
				val = fmt.Sprintf("%s %s %d %d", g.Building, g.Factory, g.Number, g.Seeds)
			}
			out[fmt.Sprintf("ground:%s/%d", t.ID, i+1)] = val
		}
	}
	out["grain:field"] = fmt.Sprint(v.Grain.Field.Count)
	for i, b := range v.Grain.Barns {
		out[fmt.Sprintf("grain:barn%d", i+1)] = fmt.Sprint(b.Count)
	}
	for _, sl := range v.Display {
		val := ""
		if sl.Card != nil || len(sl.Markers) > 0 {
			id := ""
			if sl.Card != nil {
				id = sl.Card.ID
			}
			val = fmt.Sprint(id, sl.Markers)
		}
		out[fmt.Sprintf("display:%d", sl.Space)] = val
	}
	for _, ch := range v.Characters {
		out["character:"+ch.ID] = fmt.Sprint(ch.Holder)
	}
	for _, d := range v.Docks {
		val := ""
		if len(d.Cards) > 0 || len(d.Markers) > 0 {
			val = fmt.Sprint(d.Cards, d.Markers)
		}
		out["dock:"+d.Space] = val
	}
	return out
}

// Marks implements engine.Board.
func (v View) Marks() engine.Marks { return v.Recent }

// TerritoryView is one territory of the building area.
type TerritoryView struct {
	ID       string       `json:"id"`
	Strip    int          `json:"strip"`  // row of the triangular grid, top first
	Pos      int          `json:"pos"`    // position in the row, left first
	Points   string       `json:"points"` // "up" or "down"
	Adjacent []string     `json:"adjacent"`
	Covered  bool         `json:"covered"` // under a covering tile (2 and 3 players)
	Owner    int          `json:"owner"`   // seat, -1 for none
	Markers  int          `json:"markers"` // price markers (the price in dollars)
	Grounds  []GroundView `json:"grounds"`
	Admin    int          `json:"admin"` // administrative buildings
}

// GroundView is one building ground.
type GroundView struct {
	Building string `json:"building"`          // "", "house", "skyscraper", "factory"
	Factory  string `json:"factory,omitempty"` // the factory's active card id
	Number   int    `json:"number,omitempty"`  // its factory number
	Seeds    int    `json:"seeds,omitempty"`   // sown grain
}

// GrainView is the grain area.
type GrainView struct {
	Barns      []BinView `json:"barns"` // barn 1 (cheapest) first
	Field      BinView   `json:"field"`
	Return     int       `json:"return"`
	ReturnKeep int       `json:"returnKeep"` // the refill moves grain above this out of the return area
	Box        int       `json:"box"`        // markers not in play (fewer than 4 players)
}

// BinView is a barn or the field.
type BinView struct {
	Count    int `json:"count"`
	Capacity int `json:"capacity"`
	Price    int `json:"price"`
}

// OrdersView counts work orders by colour.
type OrdersView struct {
	White  int `json:"white"`
	Grey   int `json:"grey"`
	Orange int `json:"orange"`
}

func ordersView(o [numColours]int) OrdersView {
	return OrdersView{White: o[White], Grey: o[Grey], Orange: o[Orange]}
}

// SlotView is a factory display space.
type SlotView struct {
	Space   int       `json:"space"` // 1..3
	Card    *CardView `json:"card,omitempty"`
	Markers []int     `json:"markers"` // seats on its work-order spaces, left to right
}

// CardView is a factory card.
type CardView struct {
	ID          string           `json:"id"`
	Name        string           `json:"name"`
	Number      int              `json:"number"`
	Colour      string           `json:"colour"`
	Orders      []OrderSpaceView `json:"orders"` // work-order spaces, left to right
	Goods       int              `json:"goods"`  // goods produced
	GoodsColour string           `json:"goodsColour"`
	Back        string           `json:"back"` // "II", "III" or ""
}

// OrderSpaceView is one work-order space of a card.
type OrderSpaceView struct {
	Count  int    `json:"count"`
	Colour string `json:"colour"`
}

func cardView(c int) *CardView {
	f := &theData().factories[c]
	v := &CardView{ID: f.ID, Name: f.Name, Number: f.Number, Colour: f.colour.String(), Goods: f.Goods.Count, GoodsColour: f.goods.String(), Back: f.Back}
	for _, o := range f.orders {
		v.Orders = append(v.Orders, OrderSpaceView{Count: o.count, Colour: o.colour.String()})
	}
	return v
}

// PoolsView is what is left of each building type.
type PoolsView struct {
	Houses      int `json:"houses"`
	Skyscrapers int `json:"skyscrapers"`
	Factories   int `json:"factories"`
	Admins      int `json:"admins"`
}

// CharacterView is one character card.
type CharacterView struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Holder int    `json:"holder"` // seat, -1 when on display
	Played bool   `json:"played"` // spent this turn
	InPlay bool   `json:"inPlay"` // false for the Professor without the Inventions expansion
}

// DockView is one invention docking space.
type DockView struct {
	Space   string   `json:"space"`   // "s1".."s9"
	Cards   []string `json:"cards"`   // invention ids still there
	Names   []string `json:"names"`   // their names, as printed values (Cards' order)
	Markers []int    `json:"markers"` // seats of the action markers on it (one entry per marker)
}

// FactoryView is one factory of a player.
type FactoryView struct {
	Territory string     `json:"territory"`
	Active    string     `json:"active"` // active card id
	Number    int        `json:"number"` // active card number
	Cards     []string   `json:"cards"`  // every card, oldest first
	Output    OrdersView `json:"output"` // work orders on its production space this turn
	Produced  bool       `json:"produced"`
}

// PlayerView is one seat's tracking card and holdings.
type PlayerView struct {
	Seat        int           `json:"seat"`
	VP          int           `json:"vp"`
	Money       int           `json:"money"`
	Citizens    int           `json:"citizens"`
	Houses      int           `json:"houses"`
	Grain       int           `json:"grain"`
	Orders      OrdersView    `json:"orders"`
	Taxes       int           `json:"taxes"`
	Census      []int         `json:"census"`  // houses, grain and work orders at the last citizen count
	Markers     int           `json:"markers"` // action markers in the pool
	OnLand      int           `json:"onLand"`
	OnOrders    int           `json:"onOrders"`
	OnTrack     int           `json:"onTrack"` // on the invention track
	Factories   []FactoryView `json:"factories"`
	Inventions  []string      `json:"inventions"`     // invention ids
	InventNames []string      `json:"inventionNames"` // their names (Inventions' order)
	Docked      []string      `json:"docked"`         // docking spaces holding its markers
	Character   string        `json:"character,omitempty"`
	Played      bool          `json:"played"`
	Mayor       bool          `json:"mayor"`
	FarmerSeeds int           `json:"farmerSeeds"`
	Sown        int           `json:"sown"` // grain sown in the building area
}

var segments = map[Mode]string{ModeFirstHouse: "first-house", ModeHire: "hire", ModeAction: "actions", ModeExchange: "exchange", ModeOver: "over"}

func (st *State) view(seat int) View {
	r := &theData().rules
	v := View{
		Seat: seat, Players: st.N, Turn: st.Turn, Turns: r.Turns.Value, Phase: st.Phase, Phases: r.ActionPhases.Value,
		Segment: segments[st.Mode], Active: []int{}, Start: st.Start, Mayor: st.Mayor,
		TurnOrder: st.order(), Finished: st.Mode == ModeOver, Ranking: slices.Clone(st.Ranking), TieBreak: st.TieBreak,
		TieBreakMsgs: slices.Clone(st.TieBreakMsgs),
		Options:      map[string]string{OptInventions: "off", OptGrainCap: st.Opts.GrainCap, OptProduction: st.Opts.Production, OptMayorTie: st.Opts.MayorTie},
	}
	if st.Opts.Inventions {
		v.Options[OptInventions] = "on"
	}
	if c := st.current(); c >= 0 {
		v.Active = []int{c}
	}
	for t, tr := range st.Terrs {
		d := &theData().terrs[t]
		tv := TerritoryView{ID: d.ID, Strip: d.Strip, Pos: d.Pos, Points: d.Points, Adjacent: slices.Clone(d.Adjacent),
			Covered: st.covered(t), Owner: tr.Owner, Markers: tr.Markers, Admin: tr.Admin}
		for g := 0; g < d.Grounds; g++ {
			gv := GroundView{Seeds: tr.Grounds[g].Seeds}
			switch tr.Grounds[g].Kind {
			case GroundHouse:
				gv.Building = "house"
			case GroundSkyscraper:
				gv.Building = "skyscraper"
			case GroundFactory:
				gv.Building = "factory"
				if tr.Owner >= 0 {
					for _, f := range st.Players[tr.Owner].Factories {
						if f.Terr == t && f.Ground == g {
							gv.Factory = cardToken(f.active())
							gv.Number = theData().factories[f.active()].Number
						}
					}
				}
			}
			tv.Grounds = append(tv.Grounds, gv)
		}
		v.Territories = append(v.Territories, tv)
	}
	cp := st.capacity()
	for b, n := range st.Barns {
		v.Grain.Barns = append(v.Grain.Barns, BinView{Count: n, Capacity: cp, Price: theData().barnPrices[b]})
	}
	v.Grain.Field = BinView{Count: st.Field, Capacity: cp, Price: r.FieldPrice.Value}
	v.Grain.Return, v.Grain.ReturnKeep, v.Grain.Box = st.Return, r.ReturnPerPlayer.Value*st.N, st.Box
	v.Supply = ordersView(st.Supply)
	for k, sl := range st.Display {
		sv := SlotView{Space: k + 1, Markers: slices.Clone(sl.Markers)}
		if sl.Card >= 0 {
			sv.Card = cardView(sl.Card)
		}
		v.Display = append(v.Display, sv)
	}
	v.Deck, v.Removed = []string{}, []string{}
	for _, c := range st.Deck {
		v.Deck = append(v.Deck, cardToken(c))
	}
	for _, c := range st.Removed {
		v.Removed = append(v.Removed, cardToken(c))
	}
	v.Pools = PoolsView{Houses: st.Houses, Skyscrapers: st.Skyscrapers, Factories: st.FactoryPool, Admins: st.Admins}
	for c := 0; c < numCharacters; c++ {
		cv := CharacterView{ID: charToken(c), Name: charName(c), Holder: -1, InPlay: c != charProfessor || st.Opts.Inventions}
		if c == charMayor {
			cv.Holder = st.Mayor
		}
		for s, p := range st.Players {
			if p.Hired == c {
				cv.Holder, cv.Played = s, p.Played
			}
		}
		v.Characters = append(v.Characters, cv)
	}
	for q, d := range st.Docks {
		dv := DockView{Space: spaceToken(q), Cards: []string{}, Names: []string{}, Markers: []int{}}
		for _, c := range d {
			dv.Cards = append(dv.Cards, invToken(c))
			dv.Names = append(dv.Names, invName(c))
		}
		for s, p := range st.Players {
			for _, x := range p.Docked {
				if x == q {
					dv.Markers = append(dv.Markers, s)
				}
			}
		}
		v.Docks = append(v.Docks, dv)
	}
	for s := range st.Players {
		v.PlayerViews = append(v.PlayerViews, st.playerView(s))
	}
	v.Recent = st.Recent.Clone()
	return v
}

func (st *State) playerView(s int) PlayerView {
	p := &st.Players[s]
	pv := PlayerView{Seat: s, VP: p.VP, Money: p.Money, Citizens: p.Citizens, Houses: p.Houses, Grain: p.Grain,
		Orders: ordersView(p.Orders), Taxes: p.Taxes, Census: slices.Clone(p.Census[:]), Markers: st.freeMarkers(s),
		OnTrack: len(p.Docked), Factories: []FactoryView{}, Inventions: []string{}, InventNames: []string{}, Docked: []string{},
		Played: p.Played, Mayor: st.Mayor == s, FarmerSeeds: p.FarmerSeeds}
	for t, tr := range st.Terrs {
		if tr.Owner == s {
			pv.OnLand++
			for _, g := range tr.Grounds {
				pv.Sown += g.Seeds
			}
		}
		_ = t
	}
	for _, sl := range st.Display {
		for _, m := range sl.Markers {
			if m == s {
				pv.OnOrders++
			}
		}
	}
	for _, f := range p.Factories {
		fv := FactoryView{Territory: terrToken(f.Terr), Active: cardToken(f.active()), Number: theData().factories[f.active()].Number,
			Output: ordersView(f.Output), Produced: f.produced()}
		for _, c := range f.Cards {
			fv.Cards = append(fv.Cards, cardToken(c))
		}
		pv.Factories = append(pv.Factories, fv)
	}
	for _, c := range p.Inventions {
		pv.Inventions = append(pv.Inventions, invToken(c))
		pv.InventNames = append(pv.InventNames, invName(c))
	}
	for _, d := range p.Docked {
		pv.Docked = append(pv.Docked, spaceToken(d))
	}
	if p.Hired >= 0 {
		pv.Character = charToken(p.Hired)
	}
	return pv
}

// Status summarises a position: who decides, the phase, and each seat's
// score and public figures.
func (Game) Status(s engine.State) engine.Status {
	st, err := asState(s)
	if err != nil {
		return engine.Status{}
	}
	phase := st.phaseMsg()
	out := engine.Status{Phase: catalog.Text(lang.English, phase.ID, phase.Data), PhaseMsg: phase, Active: []int{}, Finished: st.Mode == ModeOver, Turn: st.Turns + 1, Round: max(1, st.Turn),
		RoundName: st.roundName(), Stage: st.stage()}
	if c := st.current(); c >= 0 {
		out.Active = []int{c}
	}
	for seat := 0; seat < st.N; seat++ {
		p := &st.Players[seat]
		// work orders: the total, and each colour for stat-value.orders
		orders := engine.Stat{Key: "orders", Label: en("stat.orders"), Value: p.ordersTotal(),
			Data: map[string]string{"white": itoa(p.Orders[White]), "grey": itoa(p.Orders[Grey]), "orange": itoa(p.Orders[Orange])}}
		orders.Text = texts.English().StatValue(orders)
		stats := []engine.Stat{
			{Key: "money", Label: en("stat.money"), Value: p.Money, Text: dollars(p.Money)},
			{Key: "citizens", Label: en("stat.citizens"), Value: p.Citizens},
			{Key: "houses", Label: en("stat.houses"), Value: p.Houses},
			{Key: "grain", Label: en("stat.grain"), Value: p.Grain},
			orders,
			{Key: "taxes", Label: en("stat.taxes"), Value: p.Taxes},
			{Key: "markers", Label: en("stat.markers"), Value: st.freeMarkers(seat)},
			{Key: "factories", Label: en("stat.factories"), Value: len(p.Factories)},
		}
		if st.Opts.Inventions {
			stats = append(stats, engine.Stat{Key: "inventions", Label: en("stat.inventions"), Value: len(p.Inventions)})
		}
		out.Seats = append(out.Seats, engine.SeatStatus{Seat: seat, Score: p.VP, Stats: stats, Breakdown: p.breakdown()})
	}
	if out.Finished {
		out.Ranking = slices.Clone(st.Ranking)
		out.TieBreak = st.TieBreak
		out.TieBreakMsgs = slices.Clone(st.TieBreakMsgs)
	}
	return out
}

// FactoryCards are the 18 factory cards in number order, as printed (the
// renderer's tests check that every name fits its box).
func FactoryCards() []CardView {
	out := make([]CardView, len(theData().factories))
	for c := range theData().factories {
		out[c] = *cardView(c)
	}
	return out
}

// InventionNames are the names of the 18 invention cards, by id.
func InventionNames() map[string]string {
	out := make(map[string]string, len(theData().inventions))
	for _, inv := range theData().inventions {
		out[inv.ID] = inv.Name
	}
	return out
}
