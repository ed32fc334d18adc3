package urbanization

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// rngStream separates this game's generator from others sharing a seed.
const rngStream = 0x7572626e // "urbn"

// Options and their values.
const (
	OptInventions = "inventions"
	OptGrainCap   = "grain-cap"
	OptProduction = "production"
	OptMayorTie   = "mayor-tie"
)

var optionSpecs = sync.OnceValue(func() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Key: OptInventions, Default: "off", Values: []string{"off", "on"},
			Help: en("option." + OptInventions)},
		{Key: OptGrainCap, Default: "always", Values: []string{"always", "harvest"},
			Help: en("option." + OptGrainCap)},
		{Key: OptProduction, Default: "up-to", Values: []string{"up-to", "exact"},
			Help: en("option." + OptProduction)},
		{Key: OptMayorTie, Default: "left", Values: []string{"left", "former"},
			Help: en("option." + OptMayorTie)},
	}
})

// Pin keys (Setup.Pins).
const (
	PinFirst = "first" // 1-based seat of the start player (the oldest player)
	PinDeck  = "deck"  // the factory deck, top first: comma-separated card ids or numbers
)

// setupErr is a refusal of a setup by reference: message "setup."+key
// (engine.SetupError; "text" is what the person typed).
func setupErr(key string, kv ...string) *engine.SetupError {
	return engine.NewSetupError("urbanization", catalog, key, kv...)
}

// setupOptions validates the match options.
func setupOptions(opts map[string]string) (Options, error) {
	o := Options{GrainCap: "always", Production: "up-to", MayorTie: "left"}
	for k, v := range opts {
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
		case OptInventions:
			o.Inventions = v == "on"
		case OptGrainCap:
			o.GrainCap = v
		case OptProduction:
			o.Production = v
		case OptMayorTie:
			o.MayorTie = v
		}
	}
	return o, nil
}

// parseDeckPin reads a factory deck, top first, that must hold exactly the
// cards used with n players.
func parseDeckPin(v string, n int) ([]int, error) {
	var out []int
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(strings.ToLower(f))
		c, ok := factoryByWord(f)
		if !ok {
			return nil, setupErr("pin-deck-card", "text", f)
		}
		out = append(out, c)
	}
	a, b := slices.Clone(out), theData().deckFor(n)
	sort.Ints(a)
	if !slices.Equal(a, b) {
		return nil, setupErr("pin-deck", "n", strconv.Itoa(len(b)), "seats", strconv.Itoa(n))
	}
	return out, nil
}

// factoryByWord finds a factory card by id, name alias or number.
func factoryByWord(w string) (int, bool) {
	w = normalizeWord(w)
	if c, ok := theData().factIndex[w]; ok {
		return c, true
	}
	if n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimPrefix(w, "#"), "f")); err == nil {
		for i, f := range theData().factories {
			if f.Number == n {
				return i, true
			}
		}
	}
	return 0, false
}

// Setup starts a match. RB Game Set-Up and Preparation, General set-up,
// General preparation; PA Changes for 2 or 3 Players and Inventions.
func (g Game) Setup(s engine.Setup) (engine.State, []engine.Event, error) {
	rules, err := g.Info().ResolveRules(s.RulesVersion)
	if err != nil {
		return nil, nil, err
	}
	if s.Seats < 2 || s.Seats > 4 {
		return nil, nil, setupErr("seats", "count", strconv.Itoa(s.Seats), "min", "2", "max", "4")
	}
	opts, err := setupOptions(s.Options)
	if err != nil {
		return nil, nil, err
	}
	n := s.Seats
	r := &theData().rules
	st := &State{V: stateVersion, Rules: rules, N: n, Opts: opts, Mode: ModeFirstHouse, Turn: 1, Mayor: -1,
		RNG: engine.NewRNG(s.Seed, rngStream)}
	first := -1
	deck := theData().deckFor(n)
	for k, v := range s.Pins {
		switch k {
		case PinFirst:
			f, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || f < 1 || f > n {
				return nil, nil, setupErr("pin-first", "text", v, "max", strconv.Itoa(n))
			}
			first = f - 1
		case PinDeck:
			if deck, err = parseDeckPin(v, n); err != nil {
				return nil, nil, err
			}
		default:
			return nil, nil, setupErr("unknown-pin", "text", k, "pins", PinFirst+", "+PinDeck)
		}
	}
	var evs []engine.Event
	// RB General set-up: the oldest player becomes start player; the engine
	// draws the start player (or takes the pin).
	if first < 0 {
		first = st.RNG.Intn(n)
		evs = append(evs, event(first, "first", "first", "seat", itoa(first+1)))
	} else {
		evs = append(evs, event(first, "first", "first-pinned", "seat", itoa(first+1)))
	}
	st.Start = first

	// Building area: one price marker on every uncovered territory.
	st.Terrs = make([]Territory, len(theData().terrs))
	covered := 0
	for i := range st.Terrs {
		st.Terrs[i].Owner = -1
		if st.covered(i) {
			covered++
			continue
		}
		st.Terrs[i].Markers = 1
	}
	// Grain area: 1 per player in each barn and the field, 2 per player in
	// the return area, 1 on each tracking card; the rest stays in the box.
	cp := st.capacity()
	st.Barns = make([]int, len(theData().barnPrices))
	for i := range st.Barns {
		st.Barns[i] = cp
	}
	st.Field = cp
	st.Return = r.ReturnPerPlayer.Value * n
	st.Box = r.GrainTotal.Value - cp*(len(st.Barns)+1) - st.Return - r.StartGrain.Value*n
	// Work-order area: the supply by colour, the factory deck in number
	// order (lowest on top), the top cards on display spaces 1 to 3.
	for c := range st.Supply {
		st.Supply[c] = r.OrdersPerColour.Value
	}
	st.Supply[Orange] -= r.StartOrangeOrders.Value * n
	st.Deck = deck
	st.Display = make([]Slot, r.DisplaySize.Value)
	for i := range st.Display {
		st.Display[i] = Slot{Card: -1, Markers: []int{}}
		st.refillSlot(i)
	}
	st.Removed = []int{}
	st.Houses = r.Houses.Value
	st.Skyscrapers = r.Skyscrapers.Value
	st.FactoryPool = r.FactoryTokens.Value
	st.Admins = r.AdminBuildings.Value
	st.Docks = [][]int{}
	if opts.Inventions {
		st.Docks = make([][]int, r.InventionSpaces.Value)
		for i := range st.Docks {
			st.Docks[i] = []int{}
		}
		for i, inv := range theData().inventions {
			st.Docks[inv.Space-1] = append(st.Docks[inv.Space-1], i)
		}
	}
	st.Players = make([]Player, n)
	for i := range st.Players {
		st.Players[i] = Player{
			Money: r.StartMoney.Value, VP: r.StartVP.Value, Citizens: r.StartCitizens.Value,
			Houses: r.StartHouses.Value, Taxes: r.StartTaxes.Value, Grain: r.StartGrain.Value,
			Factories: []Factory{}, Inventions: []int{}, Docked: []int{}, Hired: -1,
		}
		st.Players[i].Orders[Orange] = r.StartOrangeOrders.Value
		st.Players[i].VPBy[scoreStart] = r.StartVP.Value
	}
	// The display is full at the start (three cards, data/rules.json).
	kv := []string{"players", itoa(n), "deck", itoa(len(st.Deck)), "covered", itoa(covered)}
	for i, s := range st.Display {
		if s.Card >= 0 && i < 3 {
			kv = append(kv, string(rune('a'+i)), cardToken(s.Card))
		}
	}
	id := "setup"
	if covered > 0 {
		id += "-covered"
	}
	if opts.Inventions {
		id += "-inventions"
	}
	evs = append(evs, event(engine.Public, "setup", id, kv...))
	return st, worded(evs), nil
}

// refillSlot moves the top card of the factory deck onto display slot i, if
// the deck is not empty. RB Attract industry and Factories phase.
func (st *State) refillSlot(i int) {
	st.Display[i] = Slot{Card: -1, Markers: []int{}}
	if len(st.Deck) > 0 {
		st.Display[i].Card = st.Deck[0]
		st.Deck = st.Deck[1:]
	}
}
