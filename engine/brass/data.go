package brass

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// The printed facts of the game live in data/*.json (board, links, deck,
// counters, tracks, setup constants). Every record names its source (RB is
// the rulebook; BGS, OOTH, TTS, ZDW, UTS and UJS are the implementations
// listed in docs/data-provenance.md) and inferences are marked assumed.

//go:embed data/*.json
var dataFS embed.FS

// industry is one of the five industry types, in stack order.
type industry int

// The industries, in the order of a player's stacks.
const (
	indCotton industry = iota
	indPort
	indCoal
	indIron
	indShip
	numIndustries
)

var industrySlugs = [numIndustries]string{"cotton", "port", "coal", "iron", "ship"}

func (i industry) String() string {
	if i < 0 || i >= numIndustries {
		return fmt.Sprintf("industry(%d)", int(i))
	}
	return industrySlugs[i]
}

func industryBySlug(s string) (industry, bool) {
	for i, v := range industrySlugs {
		if v == s {
			return industry(i), true
		}
	}
	return 0, false
}

// period is the canal or the rail period.
type period int

// The two periods.
const (
	periodCanal period = iota
	periodRail
)

func (p period) String() string {
	if p == periodRail {
		return "rail"
	}
	return "canal"
}

// placeData is one location on the board.
type placeData struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	Short    string      `json:"short,omitempty"` // the name where room is short (default: name)
	Kind     string      `json:"kind"`            // town, external, place
	Spaces   []spaceData `json:"spaces"`
	Cards    int         `json:"cards"`   // location cards in the deck
	LinkVP   int         `json:"link_vp"` // fixed gold circles
	Port     bool        `json:"port"`    // anchor: counts as a constructed port
	RailOnly bool        `json:"rail_only,omitempty"`
	Source   string      `json:"source"`
	Assumed  bool        `json:"assumed,omitempty"`
	Note     string      `json:"note,omitempty"`
}

type spaceData struct {
	Allowed []string `json:"allowed"`
}

type linkData struct {
	ID     string `json:"id"`
	A      string `json:"a"`
	B      string `json:"b"`
	Canal  bool   `json:"canal"`
	Rail   bool   `json:"rail"`
	Source string `json:"source"`
}

type levelData struct {
	Level  int    `json:"level"`
	Cost   int    `json:"cost"`
	Income int    `json:"income"`
	VP     int    `json:"vp"`
	Coal   bool   `json:"coal"`
	Iron   bool   `json:"iron"`
	Period string `json:"period"` // canal, rail, both, never
	Count  int    `json:"count"`
	Cubes  int    `json:"cubes"`
}

type industryData struct {
	ID     string      `json:"id"`
	Name   string      `json:"name"`
	Source string      `json:"source"`
	Levels []levelData `json:"levels"`
}

type rawPlaces struct {
	Places []placeData `json:"places"`
}

type rawLinks struct {
	Links   []linkData `json:"links"`
	Virtual []struct {
		A      string `json:"a"`
		B      string `json:"b"`
		Source string `json:"source"`
	} `json:"virtual"`
}

type rawDeck struct {
	Cards []struct {
		ID     string `json:"id"`
		Count  int    `json:"count"`
		Source string `json:"source"`
	} `json:"cards"`
	LocationCardsSource string `json:"location_cards_source"`
	Total               int    `json:"total"`
	TotalSource         string `json:"total_source"`
}

type rawTiles struct {
	Industries []industryData `json:"industries"`
}

type rawTracks struct {
	DemandPrices        []int  `json:"demand_prices"`
	DemandPricesSource  string `json:"demand_prices_source"`
	StockPrice          int    `json:"stock_price"`
	StockPriceSource    string `json:"stock_price_source"`
	CottonBonus         []int  `json:"cotton_bonus"`
	CottonClosed        int    `json:"cotton_closed"`
	CottonSource        string `json:"cotton_source"`
	DistantTiles        []int  `json:"distant_tiles"`
	DistantTilesSource  string `json:"distant_tiles_source"`
	IncomeStartSpace    int    `json:"income_start_space"`
	IncomeStartSource   string `json:"income_start_source"`
	IncomeBySpace       []int  `json:"income_by_space"`
	IncomeBySpaceSource string `json:"income_by_space_source"`
}

type playerCountData struct {
	Players     int `json:"players"`
	Rounds      int `json:"rounds"`
	RemoveCanal int `json:"remove_canal"`
	RemoveRail  int `json:"remove_rail"`
}

type rawRules struct {
	StartMoney            int               `json:"start_money"`
	HandSize              int               `json:"hand_size"`
	LinksPerPeriod        int               `json:"links_per_period"`
	CanalCost             int               `json:"canal_cost"`
	RailCost              int               `json:"rail_cost"`
	DoubleRailCost        int               `json:"double_rail_cost"`
	FirstCanalTurnActions int               `json:"first_canal_turn_actions"`
	ActionsPerTurn        int               `json:"actions_per_turn"`
	MaxIncome             int               `json:"max_income"`
	MinIncome             int               `json:"min_income"`
	LoanStep              int               `json:"loan_step"`
	MaxLoan               int               `json:"max_loan"`
	Players               []playerCountData `json:"players"`
	Source                string            `json:"source"`
}

// place is a decoded location with its derived indices.
type place struct {
	placeData
	firstSpace int   // index of its first space in the board's space list
	links      []int // indices of potential links touching it
}

// space is one industry space of the board.
type space struct {
	place   int
	index   int // 0-based within the place
	allowed [numIndustries]bool
	nAllow  int
}

type link struct {
	linkData
	a, b int // place indices
}

// tileSpec is one counter level of an industry.
type tileSpec struct {
	levelData
	canal, rail bool // buildable in the period
}

// board is every printed fact, decoded once.
type board struct {
	places     []place
	spaces     []space
	links      []link
	placeIndex map[string]int
	linkIndex  map[string]int
	virtualA   int // liverpool
	virtualB   int // birkenhead
	// stacks[i] lists the levels of industry i's stack, top first.
	stacks [numIndustries][]int
	// specs[i][level] is the counter of that level (levels 0..4).
	specs [numIndustries][5]tileSpec
	names [numIndustries]string
	lower [numIndustries]string // names in lower case, for sentences

	industryCards [numIndustries]int
	deckTotal     int

	demandPrices []int
	stockPrice   int
	cottonBonus  []int
	cottonClosed int
	distantTiles []int
	startSpace   int
	incomeBy     []int
	rules        rawRules
	numTowns     int // towns come first in data order
}

// cards: 0..numTowns-1 are location cards (place index), then one per industry.
func (b *board) numCardKinds() int { return b.numTowns + int(numIndustries) }

// cardName is card c's display name: the town, or the industry.
func (b *board) cardName(c int) string {
	if ind, ok := b.cardIndustry(c); ok {
		return b.names[ind]
	}
	return b.places[c].Name
}

func (b *board) cardSlug(c int) string {
	if c < b.numTowns {
		return b.places[c].ID
	}
	return industrySlugs[c-b.numTowns]
}

func (b *board) cardBySlug(s string) (int, bool) {
	if i, ok := industryBySlug(s); ok {
		return b.numTowns + int(i), true
	}
	if p, ok := b.placeIndex[s]; ok && p < b.numTowns {
		return p, true
	}
	return 0, false
}

// cardIndustry returns the industry of an industry card.
func (b *board) cardIndustry(c int) (industry, bool) {
	if c >= b.numTowns {
		return industry(c - b.numTowns), true
	}
	return 0, false
}

func (b *board) playerCount(n int) (playerCountData, bool) {
	for _, p := range b.rules.Players {
		if p.Players == n {
			return p, true
		}
	}
	return playerCountData{}, false
}

func decodeStrict(name string, v any) error {
	raw, err := dataFS.ReadFile("data/" + name)
	if err != nil {
		return fmt.Errorf("brass: read %s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("brass: decode %s: %w", name, err)
	}
	return nil
}

// loadBoard decodes and cross-checks the embedded data.
func loadBoard() (*board, error) {
	var (
		rp rawPlaces
		rl rawLinks
		rd rawDeck
		rt rawTiles
		rk rawTracks
		rr rawRules
	)
	for _, f := range []struct {
		name string
		v    any
	}{{"places.json", &rp}, {"links.json", &rl}, {"deck.json", &rd}, {"tiles.json", &rt}, {"tracks.json", &rk}, {"rules.json", &rr}} {
		if err := decodeStrict(f.name, f.v); err != nil {
			return nil, err
		}
	}
	b := &board{placeIndex: map[string]int{}, linkIndex: map[string]int{}}
	seenNonTown := false
	for i, p := range rp.Places {
		if _, dup := b.placeIndex[p.ID]; dup {
			return nil, fmt.Errorf("brass: duplicate place %q", p.ID)
		}
		switch p.Kind {
		case "town":
			if seenNonTown {
				return nil, fmt.Errorf("brass: town %q listed after a non-town", p.ID)
			}
			b.numTowns++
		case "external", "place":
			seenNonTown = true
			if len(p.Spaces) != 0 || p.Cards != 0 {
				return nil, fmt.Errorf("brass: %s %q has spaces or cards", p.Kind, p.ID)
			}
		default:
			return nil, fmt.Errorf("brass: place %q has unknown kind %q", p.ID, p.Kind)
		}
		if p.Source == "" {
			return nil, fmt.Errorf("brass: place %q has no source", p.ID)
		}
		b.placeIndex[p.ID] = i
		if p.Short == "" {
			p.Short = p.Name
		}
		pl := place{placeData: p, firstSpace: len(b.spaces)}
		for si, s := range p.Spaces {
			sp := space{place: i, index: si}
			for _, a := range s.Allowed {
				ind, ok := industryBySlug(a)
				if !ok {
					return nil, fmt.Errorf("brass: place %q space %d: unknown industry %q", p.ID, si+1, a)
				}
				sp.allowed[ind] = true
				sp.nAllow++
			}
			b.spaces = append(b.spaces, sp)
		}
		b.places = append(b.places, pl)
	}
	for i, l := range rl.Links {
		a, okA := b.placeIndex[l.A]
		bb, okB := b.placeIndex[l.B]
		if !okA || !okB {
			return nil, fmt.Errorf("brass: link %q has an unknown end", l.ID)
		}
		if l.A >= l.B || l.ID != l.A+"-"+l.B {
			return nil, fmt.Errorf("brass: link %q is not named <a>-<b> in alphabetical order", l.ID)
		}
		if !l.Canal && !l.Rail {
			return nil, fmt.Errorf("brass: link %q allows neither canal nor rail", l.ID)
		}
		if _, dup := b.linkIndex[l.ID]; dup {
			return nil, fmt.Errorf("brass: duplicate link %q", l.ID)
		}
		if l.Source == "" {
			return nil, fmt.Errorf("brass: link %q has no source", l.ID)
		}
		b.linkIndex[l.ID] = i
		b.links = append(b.links, link{linkData: l, a: a, b: bb})
		b.places[a].links = append(b.places[a].links, i)
		b.places[bb].links = append(b.places[bb].links, i)
	}
	if len(rl.Virtual) != 1 {
		return nil, fmt.Errorf("brass: want exactly one virtual link, have %d", len(rl.Virtual))
	}
	va, okA := b.placeIndex[rl.Virtual[0].A]
	vb, okB := b.placeIndex[rl.Virtual[0].B]
	if !okA || !okB {
		return nil, fmt.Errorf("brass: virtual link has an unknown end")
	}
	b.virtualA, b.virtualB = va, vb

	if len(rt.Industries) != int(numIndustries) {
		return nil, fmt.Errorf("brass: want %d industries, have %d", numIndustries, len(rt.Industries))
	}
	for i, ind := range rt.Industries {
		if ind.ID != industrySlugs[i] {
			return nil, fmt.Errorf("brass: industry %d is %q, want %q", i, ind.ID, industrySlugs[i])
		}
		b.names[i] = ind.Name
		b.lower[i] = strings.ToLower(ind.Name)
		for _, lv := range ind.Levels {
			if lv.Level < 0 || lv.Level > 4 {
				return nil, fmt.Errorf("brass: %s level %d out of range", ind.ID, lv.Level)
			}
			ts := tileSpec{levelData: lv}
			switch lv.Period {
			case "canal":
				ts.canal = true
			case "rail":
				ts.rail = true
			case "both":
				ts.canal, ts.rail = true, true
			case "never":
			default:
				return nil, fmt.Errorf("brass: %s level %d: unknown period %q", ind.ID, lv.Level, lv.Period)
			}
			b.specs[i][lv.Level] = ts
			for n := 0; n < lv.Count; n++ {
				b.stacks[i] = append(b.stacks[i], lv.Level)
			}
		}
		if !sort.IntsAreSorted(b.stacks[i]) {
			return nil, fmt.Errorf("brass: %s levels are not in ascending order", ind.ID)
		}
	}

	for _, c := range rd.Cards {
		ind, ok := industryBySlug(c.ID)
		if !ok {
			return nil, fmt.Errorf("brass: deck: unknown industry card %q", c.ID)
		}
		b.industryCards[ind] = c.Count
	}
	b.deckTotal = rd.Total

	b.demandPrices = rk.DemandPrices
	b.stockPrice = rk.StockPrice
	b.cottonBonus = rk.CottonBonus
	b.cottonClosed = rk.CottonClosed
	b.distantTiles = rk.DistantTiles
	b.startSpace = rk.IncomeStartSpace
	b.incomeBy = rk.IncomeBySpace
	if len(b.cottonBonus) != b.cottonClosed {
		return nil, fmt.Errorf("brass: cotton bonus has %d positions, want %d", len(b.cottonBonus), b.cottonClosed)
	}
	if len(b.incomeBy) != 100 {
		return nil, fmt.Errorf("brass: income track has %d spaces, want 100", len(b.incomeBy))
	}
	if len(rr.Players) == 0 {
		return nil, fmt.Errorf("brass: rules.json lists no player counts")
	}
	for i := 1; i < len(rr.Players); i++ {
		if rr.Players[i].Players != rr.Players[i-1].Players+1 {
			return nil, fmt.Errorf("brass: rules.json player counts %d, %d are not consecutive and ascending", rr.Players[i-1].Players, rr.Players[i].Players)
		}
	}
	b.rules = rr
	return b, nil
}

// theBoard is the board, decoded and checked once, on its first use (a
// process that never plays Brass never decodes it, and one that does pays
// for it then, not at start: docs/performance.md, "Cold start"). The
// embedded data is part of the binary, so a decoding failure is a build
// defect caught by the data test; the package panics on first use rather
// than play with bad data.
var theBoard = sync.OnceValue(mustLoadBoard)

func mustLoadBoard() *board {
	b, err := loadBoard()
	if err != nil {
		panic(err)
	}
	return b
}

// incomeOf returns the income level of an income-track space.
func (b *board) incomeOf(space int) int { return b.incomeBy[space] }

// topSpaceOf returns the highest space whose income level is lvl.
func (b *board) topSpaceOf(lvl int) int {
	for s := len(b.incomeBy) - 1; s >= 0; s-- {
		if b.incomeBy[s] == lvl {
			return s
		}
	}
	return -1
}

// buyPrice is the price of the next cube taken from a demand track holding
// cubes cubes (the stock price when it is empty).
func (b *board) buyPrice(cubes int) int {
	n := len(b.demandPrices)
	if cubes <= 0 {
		return b.stockPrice
	}
	return b.demandPrices[n-cubes]
}

// sellPrice is what filling the most expensive empty space of a track
// holding cubes cubes pays.
func (b *board) sellPrice(cubes int) int {
	n := len(b.demandPrices)
	return b.demandPrices[n-cubes-1]
}

func (b *board) trackSize() int { return len(b.demandPrices) }
