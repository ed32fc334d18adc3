package smokyvalley

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Game is The Smoky Valley rules value. It is stateless and safe for
// concurrent use.
type Game struct{}

// New returns the game.
func New() Game { return Game{} }

var _ engine.Game = Game{}

const (
	rulesVersion       = 5
	oldestRulesVersion = 1
)

var info = sync.OnceValue(func() engine.Info {
	return engine.Info{
		ID:                 "smoky-valley",
		Name:               en("game.name"),
		Summary:            en("game.summary"),
		MinSeats:           2,
		MaxSeats:           4,
		RulesVersion:       rulesVersion,
		OldestRulesVersion: oldestRulesVersion,
		Options:            optionSpecs(),
		Score:              engine.ScoreName{Name: en("score-name"), Short: en("score-short")},
		Scoring:            scoring(),
		Rounds:             phrase("smokyvalley.years"),
		Examples:           examples(),
		Help:               helpTopics(),
		Catalog:            catalog,
	}
})

// Info describes the game.
func (Game) Info() engine.Info { return info() }

func asState(s engine.State) (*State, error) {
	st, ok := s.(*State)
	if !ok || st == nil {
		return nil, fmt.Errorf("smoky-valley: state of type %T", s)
	}
	return st, nil
}

func check(st *State, seat int) error {
	if st.Mode == ModeOver {
		return engine.ErrGameOver
	}
	if seat < 0 || seat >= st.N {
		return engine.ErrBadSeat
	}
	if seat != st.current() {
		return engine.ErrNotYourTurn
	}
	return nil
}

// Choices lists the legal next tokens after partial.
func (Game) Choices(s engine.State, seat int, partial engine.Move) (engine.Choices, error) {
	st, err := asState(s)
	if err != nil {
		return engine.Choices{}, err
	}
	if err := check(st, seat); err != nil {
		return engine.Choices{}, err
	}
	w := newWalker(st.clone(), seat)
	sp, err := w.walk(partial)
	if err != nil {
		return engine.Choices{}, err
	}
	out := engine.Choices{Complete: sp.complete, Next: make([]engine.Choice, 0, len(sp.opts))}
	if sp.prompt.ID != "" {
		out.PromptMsg, out.Prompt = sp.prompt, catalog.Text(lang.English, sp.prompt.ID, sp.prompt.Data)
	}
	for _, o := range sp.opts {
		l := o.label()
		out.Next = append(out.Next, engine.Choice{Token: o.tok, Label: catalog.Text(lang.English, l.ID, english.SeatData(l.Data, -1)), LabelMsg: l})
	}
	return out, nil
}

// Apply plays a complete move and every automatic step after it.
func (Game) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	st, err := asState(s)
	if err != nil {
		return nil, nil, err
	}
	if err := check(st, seat); err != nil {
		return nil, nil, err
	}
	n := st.clone()
	w := newWalker(n, seat)
	sp, err := w.walk(m)
	if err != nil {
		return nil, nil, err
	}
	if !sp.complete {
		return nil, nil, engine.ErrIncompleteMove
	}
	n.Moves++
	n.advance(&w.l)
	// The marks of the latest turn. A development turn spans the turn
	// seat's moves from the choice of its district on, and the decisions
	// other seats take inside it (Pending); every other move is a turn of
	// its own.
	if st.Mode != ModePlay || st.Stage != StageDev || (!st.T.Started && len(st.Pending) == 0) {
		n.TurnBegan = n.Moves
	}
	n.Recent.Note(n.TurnBegan, changed(st, n))
	return n, w.l.evs, nil
}

// MarshalState encodes a state as plain JSON with a version field.
func (Game) MarshalState(s engine.State) ([]byte, error) {
	st, err := asState(s)
	if err != nil {
		return nil, err
	}
	return json.Marshal(st)
}

// UnmarshalState decodes a state, refusing unknown versions.
func (Game) UnmarshalState(data []byte) (engine.State, error) {
	var v struct {
		V int `json:"v"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, fmt.Errorf("smoky-valley: decode state: %w", err)
	}
	if v.V != stateVersion {
		return nil, fmt.Errorf("smoky-valley: state version %d: %w", v.V, engine.ErrStateVersion)
	}
	var st State
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&st); err != nil {
		return nil, fmt.Errorf("smoky-valley: decode state: %w", err)
	}
	if err := st.validate(); err != nil {
		return nil, fmt.Errorf("smoky-valley: decode state: %w", err)
	}
	return &st, nil
}

// validate checks the sizes and ranges later calls rely on.
func (st *State) validate() error {
	if st.N < 2 || st.N > 4 || len(st.Players) != st.N || len(st.Order) > st.N || len(st.Districts) != len(theData().districts) ||
		len(st.Supply) != len(theData().industries) || st.Year < 0 || st.Year >= len(years) || st.Mode < ModeDepot || st.Mode > ModeOver ||
		len(st.Passing) != len(theData().rules.Passing) {
		return fmt.Errorf("inconsistent sizes")
	}
	// The Wood Depot set-up goes through the order of play backwards
	// (current): it needs the whole order and a count of choices made.
	if st.Mode == ModeDepot && (len(st.Order) != st.N || slices.Contains(st.Order, -1) || st.DepotIdx < 0 || st.DepotIdx >= st.N) {
		return fmt.Errorf("bad Wood Depot set-up: %d of %d seats in the order, %d chosen", len(st.Order), st.N, st.DepotIdx)
	}
	seat := func(s int) bool { return s >= -1 && s < st.N }
	for _, s := range append(append(slices.Clone(st.Order), st.Passing...), st.Turn, st.Mayor, st.Pop22) {
		if !seat(s) {
			return fmt.Errorf("bad seat %d", s)
		}
	}
	for d, ds := range st.Districts {
		if len(ds.Spaces) != 5 || len(ds.Services) != len(theData().districts[d].Services) {
			return fmt.Errorf("bad district %d", d)
		}
		for _, t := range append(slices.Clone(ds.Spaces), ds.Depot) {
			if t.Ind < -1 || t.Ind >= len(theData().industries) || !seat(t.Owner) {
				return fmt.Errorf("bad tile %+v", t)
			}
		}
		for _, s := range ds.Services {
			if s < -1 || s >= len(theData().services) {
				return fmt.Errorf("bad service %d", s)
			}
		}
	}
	ids := func(xs []int, n int) bool {
		for _, x := range xs {
			if x < -1 || x >= n {
				return false
			}
		}
		return true
	}
	ok := ids(st.ServiceStack, len(theData().services)) && ids(st.ServiceOffer, len(theData().services)) && ids(st.ServiceOut, len(theData().services)) && ids(st.ServiceUsed, len(theData().services)) &&
		ids(st.CardOffer, len(theData().cards)) && ids(st.CardUsed, len(theData().cards)) && ids(st.CanalUsed, len(theData().canal))
	for i := range st.CanalStack {
		ok = ok && ids(st.CanalStack[i], len(theData().canal))
	}
	for i := range st.CanalOffer {
		ok = ok && ids(st.CanalOffer[i], len(theData().canal))
	}
	for i := range st.CardStack {
		ok = ok && ids(st.CardStack[i], len(theData().cards))
	}
	for _, p := range st.Players {
		ok = ok && ids(p.Cards, len(theData().cards)) && p.Boat >= -1 && p.Boat < 5
		for _, s := range p.Slots {
			ok = ok && ids(s, len(theData().canal))
		}
		for _, d := range p.Nav {
			ok = ok && d >= 0 && d < 5
		}
		for _, c := range p.Canal {
			ok = ok && c >= 0 && c < len(theData().rules.CanalTrack)
		}
	}
	for m := range st.Canal {
		ok = ok && len(st.Canal[m]) == theData().rules.Ships.Rows
		for _, s := range st.Canal[m] {
			ok = ok && s.Market >= -1 && s.Market < 3 && seat(s.Owner) && seat(s.Trader) && s.Good >= -1 && s.Good < numGoods
		}
	}
	for _, pd := range st.Pending {
		ok = ok && pd.Seat >= 0 && pd.Seat < st.N
	}
	if !ok {
		return fmt.Errorf("a value out of range")
	}
	return nil
}

// ---- status, view, holding ----

// phase is the status's phase by reference and in English: what the
// round name (the year) does not say.
func (st *State) phase() (lang.Msg, string) {
	switch st.Mode {
	case ModeOver:
		return msg("phase.over")
	case ModeDepot:
		return msg("phase.depot", "seat", itoa(st.current()))
	}
	if len(st.Pending) > 0 {
		pd := st.Pending[0]
		what := map[string]string{"trader": "trader", "owner": "owner", "pop-basic": "popularity",
			"pop-processed": "popularity", "priorities": "priorities"}[pd.Kind]
		stage := "dev"
		if st.Stage != StageDev {
			stage = "admin"
		}
		return msg("phase."+stage+"-"+what, "seat", itoa(pd.Seat))
	}
	// The seat to move is named by every front end beside the phase
	// ("Next: ..."), so the phase does not name it again.
	return msg("phase.turn")
}

// Status summarises a position.
func (Game) Status(s engine.State) engine.Status {
	st, err := asState(s)
	if err != nil {
		return engine.Status{}
	}
	phase, phaseText := st.phase()
	out := engine.Status{Phase: phaseText, PhaseMsg: phase, Active: []int{}, Finished: st.Mode == ModeOver, Round: st.Year + 1,
		RoundName: st.roundName(), Stage: st.stage()}
	if c := st.current(); c >= 0 {
		out.Active = []int{c}
	}
	for seat := range st.N {
		p := &st.Players[seat]
		stats := []engine.Stat{stat("cash", p.Cash, true), stat("income", p.Income, true), stat("popularity", p.Pop, false)}
		for g := range numGoods {
			stats = append(stats, stat(goodNames[g], p.Goods[g], false))
		}
		stats = append(stats, stat("traders", p.Traders, false), stat("cards", len(p.Cards), false))
		out.Seats = append(out.Seats, engine.SeatStatus{Seat: seat, Score: p.Prestige, Stats: stats, Breakdown: p.breakdown()})
	}
	if out.Finished {
		out.Ranking = slices.Clone(st.Ranking)
		out.TieBreak = st.TieBreak
		if st.TieBreakMsg.ID != "" {
			out.TieBreakMsgs = []lang.Msg{st.TieBreakMsg}
		}
	}
	return out
}

// Holding: nothing in The Smoky Valley is private to a seat.
func (Game) Holding(s engine.State, seat int) engine.Holding {
	return engine.Holding{Cards: []engine.Card{}}
}

// View is what a seat (or a spectator) sees: everything but the order and
// contents of the face-down stacks (only their sizes).
type View struct {
	Viewer       int            `json:"viewer"`
	Players      int            `json:"players"`
	Year         int            `json:"year"`
	Mode         int            `json:"mode"`
	Stage        int            `json:"stage"`
	Order        []int          `json:"order"`
	Passing      []int          `json:"passing"`
	Turn         int            `json:"turn"`
	T            Turn           `json:"t"`
	Seats        []Player       `json:"seats"`
	Districts    []District     `json:"districts"`
	Supply       []int          `json:"supply"`
	ServiceOffer []int          `json:"serviceOffer"`
	ServiceUsed  []int          `json:"serviceUsed"`
	CanalOffer   [3][]int       `json:"canalOffer"`
	CanalUsed    []int          `json:"canalUsed"`
	CardOffer    []int          `json:"cardOffer"`
	CardUsed     []int          `json:"cardUsed"`
	Scheduled    []Ship         `json:"scheduled"`
	Canal        [3][]Ship      `json:"canal"`
	Agency       [3][]int       `json:"agency"`
	Pending      []Pending      `json:"pending"`
	Mayor        int            `json:"mayor"`
	Priority     []int          `json:"priority"`
	Stacks       map[string]int `json:"stacks"` // sizes of the face-down stacks
	Ranking      []int          `json:"ranking,omitempty"`
	// Recent is what the latest turn that changed the board changed
	// (engine.Marks): keys of BoardPlaces.
	Recent engine.Marks `json:"recent,omitzero"`
}

// BoardPlaces implements engine.Board: what the board and the players'
// boards show that a turn changes, by key. The main board:
// "depot:D" and "space:D/N" (a district's Wood Depot and building space N:
// the tile, its owner and side), "service:D/N" (service token),
// "canal-offer:C/N", "card-offer:N" (the face-up offers), "scheduled:N",
// "ship:M/N" (ship N of the destination section of market M, with trader,
// good and loads), "agency:M/N" and "popularity:S" (seat S's disc on the
// popularity track). A player's board, seat S: "prestige:S", "canal:S/C"
// (development position on canal district C), "nav:S/N" (the district tile
// on navigation space N and the canal tiles under it), "boat:S",
// "cards:S", "citybox:S/N" (its disc in district N's city box, "" when
// none), "track:S", "level:S/M" and "market:S/N" (its local market marker
// N, "" when none).
func (v View) BoardPlaces() map[string]string {
	out := make(map[string]string, 256)
	tile := func(t Tile) string {
		if t.Ind < 0 {
			return ""
		}
		return fmt.Sprint(t.Ind, t.Owner, t.Up)
	}
	num := func(x int) string {
		if x < 0 {
			return ""
		}
		return strconv.Itoa(x)
	}
	ship := func(s Ship) string {
		if s.empty() {
			return ""
		}
		return fmt.Sprint(s.Big, s.Market, s.Owner, s.Trader, s.Good, s.Loads)
	}
	for d, dist := range v.Districts {
		out[fmt.Sprintf("depot:%d", d)] = tile(dist.Depot)
		for i, t := range dist.Spaces {
			out[fmt.Sprintf("space:%d/%d", d, i)] = tile(t)
		}
		for i, k := range dist.Services {
			out[fmt.Sprintf("service:%d/%d", d, i)] = num(k)
		}
	}
	for c, offer := range v.CanalOffer {
		for i, k := range offer {
			out[fmt.Sprintf("canal-offer:%d/%d", c, i)] = num(k)
		}
	}
	for i, k := range v.CardOffer {
		out[fmt.Sprintf("card-offer:%d", i)] = num(k)
	}
	for i, s := range v.Scheduled {
		out[fmt.Sprintf("scheduled:%d", i)] = ship(s)
	}
	for m, rows := range v.Canal {
		for i, s := range rows {
			out[fmt.Sprintf("ship:%d/%d", m, i)] = ship(s)
		}
	}
	for m, rows := range v.Agency {
		for i, k := range rows {
			out[fmt.Sprintf("agency:%d/%d", m, i)] = num(k)
		}
	}
	for s, p := range v.Seats {
		out[fmt.Sprintf("popularity:%d", s)] = fmt.Sprint(p.Pop, p.Stamp)
		out[fmt.Sprintf("prestige:%d", s)] = strconv.Itoa(p.Prestige)
		for c, pos := range p.Canal {
			out[fmt.Sprintf("canal:%d/%d", s, c)] = strconv.Itoa(pos)
		}
		for i, d := range p.Nav {
			out[fmt.Sprintf("nav:%d/%d", s, i)] = fmt.Sprint(d, p.Slots[i])
		}
		out[fmt.Sprintf("boat:%d", s)] = num(p.Boat)
		out[fmt.Sprintf("cards:%d", s)] = fmt.Sprint(p.Cards)
		for i, b := range p.CityBox {
			out[fmt.Sprintf("citybox:%d/%d", s, i)] = onPlace(b)
		}
		out[fmt.Sprintf("track:%d", s)] = strconv.Itoa(p.Track)
		for m, l := range p.Level {
			out[fmt.Sprintf("level:%d/%d", s, m)] = strconv.Itoa(l)
		}
		for i, b := range p.Market {
			out[fmt.Sprintf("market:%d/%d", s, i)] = onPlace(b)
		}
	}
	return out
}

// onPlace is the place of a disc or marker that is there when b: "" when it
// is not (a removed piece is not marked).
func onPlace(b bool) string {
	if b {
		return "on"
	}
	return ""
}

// Marks implements engine.Board.
func (v View) Marks() engine.Marks { return v.Recent }

// View returns the public position.
func (Game) View(s engine.State, seat int) engine.View {
	st, err := asState(s)
	if err != nil {
		return nil
	}
	return st.view(seat)
}

// view is the public position for seat.
func (st *State) view(seat int) View {
	c := st.clone()
	return View{Recent: c.Recent, Viewer: seat, Players: c.N, Year: years[c.Year], Mode: c.Mode, Stage: c.Stage, Order: c.Order, Passing: c.Passing,
		Turn: c.Turn, T: c.T, Seats: c.Players, Districts: c.Districts, Supply: c.Supply, ServiceOffer: c.ServiceOffer,
		ServiceUsed: c.ServiceUsed, CanalOffer: c.CanalOffer, CanalUsed: c.CanalUsed, CardOffer: c.CardOffer, CardUsed: c.CardUsed,
		Scheduled: c.Scheduled, Canal: c.Canal, Agency: c.Agency, Pending: c.Pending, Mayor: c.Mayor, Priority: c.Priority,
		Ranking: c.Ranking, Stacks: map[string]int{
			"services": len(c.ServiceStack), "servicesRemoved": len(c.ServiceOut),
			"canal-widening": len(c.CanalStack[0]), "canal-modernization": len(c.CanalStack[1]),
			"cards-1840s": len(c.CardStack[0]), "cards-1850s": len(c.CardStack[1]), "cards-1860s": len(c.CardStack[2]),
			"schooners": len(c.ShipStack[0]), "canallers": len(c.ShipStack[1]), "shipsRemoved": len(c.ShipOut), "shipsGone": c.Gone,
		}}
}

// Determinize implements engine.Game. No seat holds anything private, so
// what seat cannot see is what no seat may see: the order of every
// face-down stack (services pooled with those removed face down at set-up,
// canal improvements, development cards of each decade) and the hidden
// destination markets of the ship tiles still stacked or removed face down,
// per size. All are reshuffled from rng and the random generator is
// re-seeded from it. Views and status do not change (the conformance suite
// checks this).
func (Game) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	st, err := asState(s)
	if err != nil {
		return s
	}
	n := st.clone()
	// Every hidden group is sorted before it is shuffled, so the result
	// depends only on what seat sees and on rng, not on the real order.
	pool := append(slices.Clone(n.ServiceStack), n.ServiceOut...)
	slices.Sort(pool)
	shuffled(rng, pool)
	n.ServiceStack, n.ServiceOut = pool[:len(n.ServiceStack)], pool[len(n.ServiceStack):]
	for i := range n.CanalStack {
		slices.Sort(n.CanalStack[i])
		shuffled(rng, n.CanalStack[i])
	}
	for i := range n.CardStack {
		slices.Sort(n.CardStack[i])
		shuffled(rng, n.CardStack[i])
	}
	for kind := range 2 {
		var ms []int
		for _, sh := range n.ShipStack[kind] {
			ms = append(ms, sh.Market)
		}
		for _, sh := range n.ShipOut {
			if sh.Big == (kind == 1) {
				ms = append(ms, sh.Market)
			}
		}
		slices.Sort(ms)
		shuffled(rng, ms)
		k := 0
		for i := range n.ShipStack[kind] {
			n.ShipStack[kind][i].Market = ms[k]
			k++
		}
		for i := range n.ShipOut {
			if n.ShipOut[i].Big == (kind == 1) {
				n.ShipOut[i].Market = ms[k]
				k++
			}
		}
	}
	n.RNG = rng.Fork()
	return n
}
