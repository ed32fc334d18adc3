package smokyvalley

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// Options are the match options (docs/smoky-valley-rules.md).
type Options struct {
	StAnnRail   bool   `json:"stAnnRail"`   // St. Ann has rail
	CardTexts   string `json:"cardTexts"`   // "en" or "de": which booklet's card texts where they differ
	Pop22       string `json:"pop22"`       // "once" or "each-council": the 3 prestige for reaching 22 first
	TradeCenter bool   `json:"tradeCenter"` // Trade Center's trader raises the trade level
	PortCovered bool   `json:"portCovered"` // Port Authority counts covered canal tiles
}

var optionSpecs = sync.OnceValue(func() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Key: "st-ann-rail", Default: "no", Values: []string{"no", "yes"}, Help: en("option.st-ann-rail")},
		{Key: "card-texts", Default: "en", Values: []string{"en", "de"}, Help: en("option.card-texts")},
		{Key: "pop22", Default: "once", Values: []string{"once", "each-council"}, Help: en("option.pop22")},
		{Key: "trade-center-level", Default: "yes", Values: []string{"yes", "no"}, Help: en("option.trade-center-level")},
		{Key: "port-authority-covered", Default: "yes", Values: []string{"yes", "no"}, Help: en("option.port-authority-covered")},
	}
})

// setupErr is a refusal of a setup by reference: message "setup."+key
// (engine.SetupError; "text" is what the person typed).
func setupErr(key string, kv ...string) *engine.SetupError {
	return engine.NewSetupError("smoky-valley", catalog, key, kv...)
}

func parseOptions(m map[string]string) (Options, error) {
	o := Options{CardTexts: "en", Pop22: "once", TradeCenter: true, PortCovered: true}
	for k, v := range m {
		var spec *engine.OptionSpec
		for i := range optionSpecs() {
			if optionSpecs()[i].Key == k {
				spec = &optionSpecs()[i]
			}
		}
		if spec == nil {
			return o, setupErr("unknown-option", "text", k)
		}
		if !slices.Contains(spec.Values, v) {
			return o, setupErr("option-value", "key", k, "text", v, "values", strings.Join(spec.Values, ", "))
		}
		switch k {
		case "st-ann-rail":
			o.StAnnRail = v == "yes"
		case "card-texts":
			o.CardTexts = v
		case "pop22":
			o.Pop22 = v
		case "trade-center-level":
			o.TradeCenter = v == "yes"
		case "port-authority-covered":
			o.PortCovered = v == "yes"
		}
	}
	return o, nil
}

// rail reports whether district d has rail transport.
func (st *State) rail(d int) bool {
	if theData().districts[d].ID == "stann" && st.Opts.StAnnRail {
		return true
	}
	return theData().districts[d].Rail
}

// Pins (docs/smoky-valley-rules.md, Pins): "first" is the first player
// (1-based); "nav-pN" seat N's district tiles on its navigation spaces,
// left to right; "services", "canal-widening", "canal-modernization",
// "cards-1840s", "cards-1850s", "cards-1860s" the stacks top first by ID;
// "schooners" and "canallers" the destinations of the face-down neutral
// ships top first (gb, us, wi). A list names the top of its stack (all of
// it, or only the first entries, the rest staying shuffled), comma
// separated; each entry must be in the stack.
var pinKeys = []string{"first", "nav-p1", "nav-p2", "nav-p3", "nav-p4", "services", "canal-widening", "canal-modernization",
	"cards-1840s", "cards-1850s", "cards-1860s", "schooners", "canallers"}

// order applies a pin to a shuffled stack: ids names each element.
func pinOrder(pins map[string]string, key string, stack []int, id func(int) string) ([]int, error) {
	v, ok := pins[key]
	if !ok {
		return stack, nil
	}
	words := strings.Split(v, ",")
	if len(words) > len(stack) {
		return nil, setupErr("pin-many", "pin", key, "n", strconv.Itoa(len(words)), "max", strconv.Itoa(len(stack)))
	}
	pool := slices.Clone(stack)
	out := make([]int, 0, len(stack))
	for _, w := range words {
		w = strings.TrimSpace(w)
		i := slices.IndexFunc(pool, func(x int) bool { return id(x) == w })
		if i < 0 {
			return nil, setupErr("pin-entry", "pin", key, "text", w)
		}
		out = append(out, pool[i])
		pool = slices.Delete(pool, i, i+1)
	}
	// a shorter list names the top of the stack; the rest keep their
	// shuffled order
	return append(out, pool...), nil
}

func shuffled(rng *engine.RNG, xs []int) []int {
	rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
	return xs
}

// Setup prepares the board (booklet 04 Set up).
func (g Game) Setup(s engine.Setup) (engine.State, []engine.Event, error) {
	rules, err := g.Info().ResolveRules(s.RulesVersion)
	if err != nil {
		return nil, nil, err
	}
	if s.Seats < 2 || s.Seats > 4 {
		return nil, nil, setupErr("seats", "count", strconv.Itoa(s.Seats), "min", "2", "max", "4")
	}
	opts, err := parseOptions(s.Options)
	if err != nil {
		return nil, nil, err
	}
	for k := range s.Pins {
		if !slices.Contains(pinKeys, k) {
			return nil, nil, setupErr("unknown-pin", "text", k, "pins", strings.Join(pinKeys, ", "))
		}
		// A seat's pin names a seat at the table: one for a seat not
		// playing would be ignored silently, so it is refused.
		if seat, ok := strings.CutPrefix(k, "nav-p"); ok {
			if n, _ := strconv.Atoi(seat); n > s.Seats {
				return nil, nil, setupErr("pin-seat", "pin", k, "n", seat, "seats", strconv.Itoa(s.Seats))
			}
		}
	}
	n := s.Seats
	np := players(n)
	r := theData().rules
	st := &State{V: stateVersion, Rules: rules, N: n, Opts: opts, RNG: engine.NewRNG(s.Seed, 0x5e0), Mode: ModeDepot,
		Mayor: -1, Pop22: -1}
	l := &log{}
	// F: random first player, then clockwise.
	first := st.RNG.Intn(n)
	if v, ok := s.Pins["first"]; ok {
		f, err := strconv.Atoi(v)
		if err != nil || f < 1 || f > n {
			return nil, nil, setupErr("pin-first", "text", v, "max", strconv.Itoa(n))
		}
		first = f - 1
	}
	for i := range n {
		st.Order = append(st.Order, (first+i)%n)
	}
	st.Turn = first
	st.Passing = []int{-1, -1, -1, -1}[:len(r.Passing)]
	for i := range st.Passing {
		st.Passing[i] = -1
	}
	// B-E: company boards and navigation boards.
	for seat := range n {
		p := Player{Cash: r.StartCash[np], Boat: -1, Traders: r.Traders}
		p.Goods = goodsOf(r.StartGoods)
		nav := shuffled(&st.RNG, []int{0, 1, 2, 3, 4})
		nav, err = pinOrder(s.Pins, fmt.Sprintf("nav-p%d", seat+1), nav, func(d int) string { return theData().districts[d].ID })
		if err != nil {
			return nil, nil, err
		}
		copy(p.Nav[:], nav)
		st.Players = append(st.Players, p)
	}
	// The board: pre-printed Wood Depots (neutral until chosen), building
	// and service spaces.
	for _, d := range theData().districts {
		ds := District{Depot: Tile{Ind: IndWoodDepot, Owner: -1}}
		for range d.Spaces {
			ds.Spaces = append(ds.Spaces, Tile{Ind: -1, Owner: -1})
		}
		for range d.Services {
			ds.Services = append(ds.Services, -1)
		}
		st.Districts = append(st.Districts, ds)
	}
	// L: industry tiles by player count (the Wood Depots are the players').
	for i, ind := range theData().industries {
		if i == IndWoodDepot {
			st.Supply = append(st.Supply, 0)
			continue
		}
		st.Supply = append(st.Supply, ind.Count[np])
	}
	// H: neutral ships.
	var sch, can []int // market of each face-down ship
	for m, md := range theData().markets {
		for range r.Ships.Schooners[md.ID] {
			sch = append(sch, m)
		}
		for range r.Ships.Canallers[md.ID] {
			can = append(can, m)
		}
	}
	mid := func(m int) string { return theData().markets[m].ID }
	sch = shuffled(&st.RNG, sch)
	can = shuffled(&st.RNG, can)
	if sch, err = pinOrder(s.Pins, "schooners", sch, mid); err != nil {
		return nil, nil, err
	}
	if can, err = pinOrder(s.Pins, "canallers", can, mid); err != nil {
		return nil, nil, err
	}
	for _, m := range sch {
		st.ShipStack[0] = append(st.ShipStack[0], Ship{Market: m, Owner: -1, Trader: -1, Good: -1})
	}
	for _, m := range can {
		st.ShipStack[1] = append(st.ShipStack[1], Ship{Big: true, Market: m, Owner: -1, Trader: -1, Good: -1})
	}
	for m := range st.Canal {
		for range r.Ships.Rows {
			st.Canal[m] = append(st.Canal[m], noShip)
		}
	}
	if n == 2 {
		st.ShipOut = append(st.ShipOut, st.ShipStack[0][:r.Ships.Removed2p["schooner"]]...)
		st.ShipStack[0] = st.ShipStack[0][r.Ships.Removed2p["schooner"]:]
		st.ShipOut = append(st.ShipOut, st.ShipStack[1][:r.Ships.Removed2p["canaller"]]...)
		st.ShipStack[1] = st.ShipStack[1][r.Ships.Removed2p["canaller"]:]
	}
	if n == 4 {
		st.arrive(l, Ship{Market: marketIndex(theData(), r.Ships.Extra4p), Owner: -1, Trader: -1, Good: -1})
	}
	for range r.Ships.SetupCanal {
		sh := st.ShipStack[0][0]
		st.ShipStack[0] = st.ShipStack[0][1:]
		st.arrive(l, sh)
	}
	for range r.Ships.Scheduled[np] {
		st.Scheduled = append(st.Scheduled, st.ShipStack[0][0])
		st.ShipStack[0] = st.ShipStack[0][1:]
	}
	// I: service tokens.
	var svc []int
	for i, sd := range theData().services {
		for range sd.Count {
			svc = append(svc, i)
		}
	}
	svc = shuffled(&st.RNG, svc)
	if svc, err = pinOrder(s.Pins, "services", svc, func(x int) string { return theData().services[x].ID }); err != nil {
		return nil, nil, err
	}
	if n == 2 {
		st.ServiceOut = slices.Clone(svc[:r.ServiceRemoved2p])
		svc = svc[r.ServiceRemoved2p:]
	}
	st.ServiceStack = svc
	st.dealServices()
	// J: canal tiles.
	for e, era := range []string{"widening", "modernization"} {
		var xs []int
		for i, c := range theData().canal {
			if c.Era == era {
				for range c.Count {
					xs = append(xs, i)
				}
			}
		}
		xs = shuffled(&st.RNG, xs)
		if xs, err = pinOrder(s.Pins, "canal-"+era, xs, func(x int) string { return theData().canal[x].ID }); err != nil {
			return nil, nil, err
		}
		st.CanalStack[e] = xs
	}
	st.dealCanal()
	// M: city cards by decade, three on offer.
	for dec, name := range []string{"1840s", "1850s", "1860s"} {
		var xs []int
		for i := range theData().cards {
			if theData().cardDecade[i] == dec {
				xs = append(xs, i)
			}
		}
		xs = shuffled(&st.RNG, xs)
		if xs, err = pinOrder(s.Pins, "cards-"+name, xs, func(x int) string { return theData().cards[x].ID }); err != nil {
			return nil, nil, err
		}
		st.CardStack[dec] = xs
	}
	st.dealCards(0)
	l.add(event(first, "first", "first"))
	return st, l.evs, nil
}

// dealServices draws the face-up service tokens (3, or 2 with 2 players).
func (st *State) dealServices() {
	k := theData().rules.ServiceOffer[players(st.N)]
	st.ServiceOffer = st.ServiceOffer[:0]
	for range k {
		if len(st.ServiceStack) == 0 {
			st.ServiceOffer = append(st.ServiceOffer, -1)
			continue
		}
		st.ServiceOffer = append(st.ServiceOffer, st.ServiceStack[0])
		st.ServiceStack = st.ServiceStack[1:]
	}
}

// dealCanal fills the six canal spaces from the current era's stack.
func (st *State) dealCanal() {
	e := st.era()
	for k := range st.CanalOffer {
		st.CanalOffer[k] = st.CanalOffer[k][:0]
		for range theData().rules.CanalOffer {
			st.CanalOffer[k] = append(st.CanalOffer[k], st.drawCanal(e))
		}
	}
}

func (st *State) drawCanal(e int) int {
	if len(st.CanalStack[e]) == 0 {
		return -1 // an exhausted stack leaves the space empty (assumed)
	}
	x := st.CanalStack[e][0]
	st.CanalStack[e] = st.CanalStack[e][1:]
	return x
}

// dealCards lays out three city cards of a decade.
func (st *State) dealCards(dec int) {
	st.CardOffer = st.CardOffer[:0]
	for range theData().rules.CardOffer {
		st.CardOffer = append(st.CardOffer, st.drawCard(dec))
	}
}

func (st *State) drawCard(dec int) int {
	if len(st.CardStack[dec]) == 0 {
		return -1
	}
	x := st.CardStack[dec][0]
	st.CardStack[dec] = st.CardStack[dec][1:]
	return x
}
