package brass

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// rngStream separates this game's generator from others sharing a seed.
const rngStream = 0x62726173 // "bras"

// Options and their values.
const (
	OptLinkScoring = "link-scoring"
	OptTieBreak    = "tiebreak"
)

var optionSpecs = sync.OnceValue(func() []engine.OptionSpec {
	return []engine.OptionSpec{
		{Key: OptLinkScoring, Default: "flipped", Values: []string{"flipped", "all"}, Help: en("option." + OptLinkScoring)},
		{Key: OptTieBreak, Default: "income", Values: []string{"income", "cash"}, Help: en("option." + OptTieBreak)},
	}
})

// Pin keys.
const (
	PinFirst     = "first"
	PinDeck      = "deck"
	PinRailDeck  = "rail-deck"
	PinTiles     = "tiles"
	PinRailTiles = "rail-tiles"
)

// fullDeck lists the 66 cards in data order.
func fullDeck() []int {
	var d []int
	for p := 0; p < theBoard().numTowns; p++ {
		for i := 0; i < theBoard().places[p].Cards; i++ {
			d = append(d, p)
		}
	}
	for ind := industry(0); ind < numIndustries; ind++ {
		for i := 0; i < theBoard().industryCards[ind]; i++ {
			d = append(d, theBoard().numTowns+int(ind))
		}
	}
	return d
}

func parseDeckPin(key, v string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(v, ",") {
		f = strings.TrimSpace(strings.ToLower(f))
		c, ok := theBoard().cardBySlug(normalizeWord(f))
		if !ok {
			return nil, setupErr("pin-card", "pin", key, "text", f)
		}
		out = append(out, c)
	}
	a, b := slices.Clone(out), fullDeck()
	sort.Ints(a)
	sort.Ints(b)
	if !slices.Equal(a, b) {
		return nil, setupErr("pin-deck", "pin", key, "n", strconv.Itoa(len(b)))
	}
	return out, nil
}

func parseTilesPin(key, v string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(v, ",") {
		n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(f), "-"))
		if err != nil {
			return nil, setupErr("pin-tile", "pin", key, "text", f)
		}
		out = append(out, n)
	}
	a, b := slices.Clone(out), slices.Clone(theBoard().distantTiles)
	sort.Ints(a)
	sort.Ints(b)
	if !slices.Equal(a, b) {
		return nil, setupErr("pin-tiles", "pin", key, "n", strconv.Itoa(len(b)))
	}
	return out, nil
}

// setupErr is a refusal of a setup by reference: message "setup."+key
// (engine.SetupError; "text" is what the person typed).
func setupErr(key string, kv ...string) *engine.SetupError {
	return engine.NewSetupError("brass", catalog, key, kv...)
}

// newState validates the setup and builds the position before the deal.
func newState(s engine.Setup) (*state, error) {
	// Brass has one rules version so far, so its state need not record it;
	// the first bump adds a field that a snapshot without it reads as 1
	// (docs/architecture.md, "Rules versions").
	if _, err := info().ResolveRules(s.RulesVersion); err != nil {
		return nil, fmt.Errorf("brass: %w", err)
	}
	if _, ok := theBoard().playerCount(s.Seats); !ok {
		i := info()
		e := setupErr("seats", "count", strconv.Itoa(s.Seats), "min", strconv.Itoa(i.MinSeats), "max", strconv.Itoa(i.MaxSeats))
		e.Err = engine.ErrBadSeat
		return nil, e
	}
	st := &state{V: stateVersion, N: s.Seats, LastTile: -1, Coal: theBoard().trackSize(), Iron: theBoard().trackSize(), RNG: engine.NewRNG(s.Seed, rngStream)}
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := s.Options[k]
		switch {
		case k == OptLinkScoring && (v == "flipped" || v == "all"):
			st.LinkAll = v == "all"
		case k == OptTieBreak && (v == "income" || v == "cash"):
			st.TieCash = v == "cash"
		case k == OptLinkScoring || k == OptTieBreak:
			return nil, setupErr("option-value", "key", k, "text", v)
		default:
			return nil, setupErr("unknown-option", "text", k)
		}
	}
	for k := range s.Pins {
		switch k {
		case PinFirst, PinDeck, PinRailDeck, PinTiles, PinRailTiles:
		default:
			return nil, setupErr("unknown-pin", "text", k)
		}
	}
	st.Spaces = make([]spaceTile, len(theBoard().spaces))
	for i := range st.Spaces {
		st.Spaces[i].Owner = -1
	}
	st.Links = make([]int, len(theBoard().links))
	for i := range st.Links {
		st.Links[i] = -1
	}
	st.Players = make([]playerState, s.Seats)
	st.Hands = make([]cardList, s.Seats)
	for i := range st.Players {
		st.Players[i] = playerState{Money: theBoard().rules.StartMoney, Space: theBoard().startSpace, LinksLeft: theBoard().rules.LinksPerPeriod}
		st.Hands[i] = []int{}
	}
	return st, nil
}

// Setup starts a match.
// Rulebook, STARTING THE GAME: £30 each, income marker on the £0 space,
// stacks ordered by tech level, full coal and iron demand tracks, cotton
// demand at the top, shuffled distant market tiles, a random first player
// and clockwise order.
func (Game) Setup(s engine.Setup) (engine.State, []engine.Event, error) {
	st, err := newState(s)
	if err != nil {
		return nil, nil, err
	}
	var evs []engine.Event
	first := st.RNG.Intn(s.Seats)
	if v, ok := s.Pins[PinFirst]; ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > s.Seats {
			return nil, nil, setupErr("pin-first", "text", v, "max", strconv.Itoa(s.Seats))
		}
		first = n - 1
	}
	for i := 0; i < s.Seats; i++ {
		st.Order = append(st.Order, (first+i)%s.Seats)
	}
	evs = append(evs, event(first, "setup", "setup", "first", strconv.Itoa(first+1), "order", orderString(st.Order), lang.CountKey, strconv.Itoa(s.Seats)))
	var tilesPin, deckPin []int
	if v, ok := s.Pins[PinTiles]; ok {
		if tilesPin, err = parseTilesPin(PinTiles, v); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := s.Pins[PinRailTiles]; ok {
		if st.RailTilesPin, err = parseTilesPin(PinRailTiles, v); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := s.Pins[PinDeck]; ok {
		if deckPin, err = parseDeckPin(PinDeck, v); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := s.Pins[PinRailDeck]; ok {
		if st.RailDeckPin, err = parseDeckPin(PinRailDeck, v); err != nil {
			return nil, nil, err
		}
	}
	st.Tiles = st.shuffledTiles(tilesPin, &evs)
	st.dealPeriod(deckPin, &evs)
	st.startRound(&evs)
	return st, evs, nil
}

// shuffledTiles returns the distant market stack, pinned or shuffled.
func (st *state) shuffledTiles(pin []int, evs *[]engine.Event) []int {
	if pin != nil {
		*evs = append(*evs, event(engine.Public, "shuffle", "tiles-pinned", "what", "tiles"))
		return slices.Clone(pin)
	}
	t := slices.Clone(theBoard().distantTiles)
	st.RNG.Shuffle(len(t), func(i, j int) { t[i], t[j] = t[j], t[i] })
	*evs = append(*evs, event(engine.Public, "shuffle", "tiles-shuffled", "what", "tiles"))
	return t
}

// dealPeriod runs Phase I: shuffle all cards, deal eight to each seat in
// turn order, then remove cards face down by player count and period.
// Rulebook, Phase I Initial cards.
func (st *state) dealPeriod(pin []int, evs *[]engine.Event) {
	if pin != nil {
		st.Deck = slices.Clone(pin)
		*evs = append(*evs, event(engine.Public, "shuffle", "deck-pinned", "what", "deck"))
	} else {
		st.Deck = fullDeck()
		st.RNG.Shuffle(len(st.Deck), func(i, j int) { st.Deck[i], st.Deck[j] = st.Deck[j], st.Deck[i] })
		*evs = append(*evs, event(engine.Public, "shuffle", "deck-shuffled", "what", "deck"))
	}
	for _, seat := range st.Order {
		st.refill(seat, evs)
	}
	pc, _ := theBoard().playerCount(st.N)
	n := pc.RemoveCanal
	if st.Period == periodRail {
		n = pc.RemoveRail
	}
	n = min(n, len(st.Deck))
	st.Removed = slices.Clone(st.Deck[:n])
	st.Deck = st.Deck[n:]
	*evs = append(*evs, event(engine.Public, "remove", "remove", "count", strconv.Itoa(n), "left", strconv.Itoa(len(st.Deck))))
}
