package smokyvalley

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"sync"
)

// The printed values of the game live in data/*.json, read strictly once at
// start. Every record names its source in the booklet (EN/DE section) and
// lists the fields no source gives as "assumed"; docs/data-provenance.md
// lists those assumptions. A group that finds a value wrong corrects it
// there.

//go:embed data/*.json
var dataFS embed.FS

// Goods, basic first.
const (
	Wood = iota
	Coal
	Iron
	Grain
	Brick
	Flour
	Beer
	Machine
	numGoods
)

const numBasic = 5

var goodNames = [numGoods]string{"wood", "coal", "iron", "grain", "brick", "flour", "beer", "machine"}

func goodByName(s string) (int, bool) {
	i := slices.Index(goodNames[:], s)
	return i, i >= 0
}

func isBasic(g int) bool { return g >= 0 && g < numBasic }

// Eras of the canal.
const (
	Widening = iota
	Modernization
)

type spaceData struct {
	Bonus      string `json:"bonus"` // "", "cash" or a basic good
	MinPlayers int    `json:"minPlayers"`
}

type districtData struct {
	ID       string      `json:"id"`
	Name     string      `json:"name"`
	Canal    bool        `json:"canal"`
	Rail     bool        `json:"rail"`
	Value    int         `json:"value"`
	Marker   string      `json:"marker"`
	Spaces   []spaceData `json:"spaces"`
	Services []string    `json:"services"`
	Source   string      `json:"source"`
	Assumed  []string    `json:"assumed"`
}

type marketData struct {
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	InText    string         `json:"inText"` // the name inside a sentence, with its article: "the West Indies"
	Basic     []string       `json:"basic"`
	Processed map[string]int `json:"processed"`
	Bonus     string         `json:"bonus"` // the alternative to £1: machine, wood3, flour2
	Source    string         `json:"source"`
	Assumed   []string       `json:"assumed"`
}

type shipsData struct {
	Schooners  map[string]int `json:"schooners"`
	Canallers  map[string]int `json:"canallers"`
	Extra4p    string         `json:"extra4p"`
	Removed2p  map[string]int `json:"removed2p"`
	Rows       int            `json:"rows"`
	Scheduled  map[string]int `json:"scheduled"`
	SetupCanal int            `json:"setupCanal"`
	Capacity   map[string]int `json:"capacity"`
}

type drawData struct {
	Kind  string         `json:"kind"`
	Count map[string]int `json:"count"`
}

type rulesData struct {
	StartCash              map[string]int            `json:"startCash"`
	StartGoods             map[string]int            `json:"startGoods"`
	CashMax                int                       `json:"cashMax"`
	IncomeMax              int                       `json:"incomeMax"`
	PrestigeAboveIncomeMax int                       `json:"prestigeAboveIncomeMax"`
	Income                 map[string]map[string]int `json:"income"`
	ShipDraws              map[string]drawData       `json:"shipDraws"`
	TrackStacks            []int                     `json:"trackStacks"`
	TrackBonus             []struct {
		Income   int `json:"income"`
		Prestige int `json:"prestige"`
	} `json:"trackBonus"`
	CanalTrack          []int             `json:"canalTrack"`
	CanalSteps          map[string]int    `json:"canalSteps"`
	CanalPrestige       map[string]int    `json:"canalPrestige"`
	PopMax              int               `json:"popMax"`
	Pop22Prestige       int               `json:"pop22Prestige"`
	PopBonus            map[string]string `json:"popBonus"`
	Passing             []string          `json:"passing"`
	TradeLevels         []int             `json:"tradeLevels"`
	FirstTraderPrestige int               `json:"firstTraderPrestige"`
	AgencyPrestige      int               `json:"agencyPrestige"`
	ServiceCoal         map[string]int    `json:"serviceCoal"`
	ServiceOffer        map[string]int    `json:"serviceOffer"`
	ServiceRemoved2p    int               `json:"serviceRemoved2p"`
	PriorityPrestige    []int             `json:"priorityPrestige"`
	MayorFinalPrestige  int               `json:"mayorFinalPrestige"`
	CardOffer           int               `json:"cardOffer"`
	CanalOffer          int               `json:"canalOffer"`
	Traders             int               `json:"traders"`
	Ships               shipsData         `json:"ships"`
}

type boardFile struct {
	About     string            `json:"about"`
	Districts []districtData    `json:"districts"`
	Markets   []marketData      `json:"markets"`
	Rules     rulesData         `json:"rules"`
	Sources   map[string]string `json:"sources"`
	Assumed   []string          `json:"assumed"`
}

type sideData struct {
	Cash          int            `json:"cash"`
	Input         map[string]int `json:"input"`
	Output        map[string]int `json:"output"`
	Choice        []string       `json:"choice"`
	Total         int            `json:"total"`
	Mix           bool           `json:"mix"`
	Ship          string         `json:"ship"`
	Owner         map[string]int `json:"owner"`
	OwnerChoice   []string       `json:"ownerChoice"`
	OwnerMatches  bool           `json:"ownerMatches"`
	OwnerPrestige int            `json:"ownerPrestige"`
}

type industryData struct {
	ID              string         `json:"id"`
	Name            string         `json:"name"`
	Kind            string         `json:"kind"`
	Count           map[string]int `json:"count"`
	Needs           string         `json:"needs"`
	Wood            int            `json:"wood"`
	Upgrade         map[string]int `json:"upgrade"`
	UpgradePrestige int            `json:"upgradePrestige"`
	Basic           sideData       `json:"basic"`
	Upgraded        sideData       `json:"upgraded"`
	Source          string         `json:"source"`
	Assumed         []string       `json:"assumed"`
}

type industriesFile struct {
	About      string         `json:"about"`
	Industries []industryData `json:"industries"`
}

type serviceData struct {
	ID      string   `json:"id"`
	Name    string   `json:"name"`
	Type    string   `json:"type"`
	Good    string   `json:"good"`
	Count   int      `json:"count"`
	Value   int      `json:"value"`
	Source  string   `json:"source"`
	Assumed []string `json:"assumed"`
}

type canalTileData struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Era    string `json:"era"`
	Kind   string `json:"kind"` // action or changing
	Effect string `json:"effect"`
	Count  int    `json:"count"`
	Wide   bool   `json:"wide"`
	Source string `json:"source"`
}

type tilesFile struct {
	About    string          `json:"about"`
	Services []serviceData   `json:"services"`
	Canal    []canalTileData `json:"canal"`
	Assumed  []string        `json:"assumed"`
}

type cardData struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	NameDE   string `json:"nameDE"`
	Decade   string `json:"decade"`
	Category string `json:"category"`
	Needs    string `json:"needs"`
	Source   string `json:"source"`
}

type cardsFile struct {
	About string     `json:"about"`
	Cards []cardData `json:"cards"`
}

// Industry kinds (index into the industries data, in file order).
const (
	IndWoodDepot = iota
)

// Service types.
const (
	SvcCoalPower = iota
	SvcWaterPower
	SvcCargoTrain
	SvcClayPit
)

var serviceTypes = []string{"coal-power", "water-power", "cargo-train", "clay-pit"}

// Categories of city cards, in the order of the priority token.
const (
	CatEconomy = iota
	CatLife
	CatService
)

var categoryNames = []string{"economy", "life", "service"}

// gameData is everything read from data/*.json, checked and indexed.
type gameData struct {
	board      boardFile
	districts  []districtData
	markets    []marketData
	rules      rulesData
	industries []industryData
	services   []serviceData
	svcType    []int // per service token kind
	canal      []canalTileData
	cards      []cardData
	cardCat    []int
	cardDecade []int // 0, 1, 2
	// derived
	shipyard, manufactory int
}

// theData is the game's data, decoded and checked on its first use (a
// process that never plays The Smoky Valley never decodes it, and one that
// does pays for it then, not at start: docs/performance.md, "Cold start").
// The embedded data is part of the binary, so a failure is a build defect
// that the data test reports; it panics on first use.
var theData = sync.OnceValue(func() *gameData {
	d := mustLoad()
	// Every card must have an effect in cards.go (cardEffects is built
	// at package init, before any use).
	for _, c := range d.cards {
		if _, ok := cardEffects[c.ID]; !ok {
			panic("smokyvalley: city card " + c.ID + " has no effect in cards.go")
		}
	}
	return d
})

func mustLoad() *gameData {
	d, err := loadData(func(name string) ([]byte, error) { return dataFS.ReadFile("data/" + name) })
	if err != nil {
		panic("smokyvalley: " + err.Error())
	}
	return d
}

func strict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("trailing data")
	}
	return nil
}

// loadData reads and checks the data files.
func loadData(read func(string) ([]byte, error)) (*gameData, error) {
	d := &gameData{}
	files := []struct {
		name string
		v    any
	}{{"board.json", &d.board}, {"industries.json", &industriesFile{}}, {"tiles.json", &tilesFile{}}, {"cards.json", &cardsFile{}}}
	for _, f := range files {
		b, err := read(f.name)
		if err != nil {
			return nil, err
		}
		if err := strict(b, f.v); err != nil {
			return nil, fmt.Errorf("data/%s: %w", f.name, err)
		}
		switch v := f.v.(type) {
		case *industriesFile:
			d.industries = v.Industries
		case *tilesFile:
			d.services, d.canal = v.Services, v.Canal
		case *cardsFile:
			d.cards = v.Cards
		}
	}
	d.districts, d.markets, d.rules = d.board.Districts, d.board.Markets, d.board.Rules
	return d, d.check()
}

func (d *gameData) check() error {
	bad := func(format string, args ...any) error { return fmt.Errorf("data: "+format, args...) }
	if len(d.districts) != 5 {
		return bad("%d districts, want 5", len(d.districts))
	}
	canal := 0
	for _, ds := range d.districts {
		if len(ds.Spaces) != 5 {
			return bad("%s: %d spaces, want 5", ds.ID, len(ds.Spaces))
		}
		for _, sp := range ds.Spaces {
			if sp.Bonus != "" && sp.Bonus != "cash" {
				if g, ok := goodByName(sp.Bonus); !ok || !isBasic(g) {
					return bad("%s: space bonus %q", ds.ID, sp.Bonus)
				}
			}
			if sp.MinPlayers < 2 || sp.MinPlayers > 4 {
				return bad("%s: space for %d players", ds.ID, sp.MinPlayers)
			}
		}
		for _, s := range ds.Services {
			if !slices.Contains(serviceTypes, s) {
				return bad("%s: service space %q", ds.ID, s)
			}
		}
		if ds.Canal {
			if ds.Marker == "" {
				return bad("%s: a canal district without a canal marker", ds.ID)
			}
			canal++
		}
	}
	if canal != 3 {
		return bad("%d canal districts, want 3", canal)
	}
	if len(d.markets) != 3 {
		return bad("%d markets, want 3", len(d.markets))
	}
	tokens := 0
	for _, m := range d.markets {
		if m.Name == "" || m.InText == "" {
			return bad("market %s: no name or inText", m.ID)
		}
		for _, g := range m.Basic {
			if x, ok := goodByName(g); !ok || !isBasic(x) {
				return bad("market %s: basic good %q", m.ID, g)
			}
			tokens++
		}
		for g := range m.Processed {
			if x, ok := goodByName(g); !ok || isBasic(x) {
				return bad("market %s: processed good %q", m.ID, g)
			}
			tokens++
		}
		switch m.Bonus {
		case "machine", "wood3", "flour2":
		default:
			return bad("market %s: trader bonus %q", m.ID, m.Bonus)
		}
	}
	if tokens != 11 {
		return bad("%d foreign trade tokens, want 11", tokens)
	}
	total := 0
	d.shipyard, d.manufactory = -1, -1
	for i, ind := range d.industries {
		for _, n := range []string{"2", "3", "4"} {
			if _, ok := ind.Count[n]; !ok {
				return bad("industry %s: no count for %s players", ind.ID, n)
			}
		}
		total += ind.Count["4"]
		if ind.ID == "shipyard" {
			d.shipyard = i
		}
		if ind.ID == "manufactory" {
			d.manufactory = i
		}
		if i == IndWoodDepot && ind.ID != "wood-depot" {
			return bad("the first industry must be the Wood Depot")
		}
		if ind.Kind != "supply" && ind.Kind != "processing" {
			return bad("industry %s: kind %q", ind.ID, ind.Kind)
		}
		if i != IndWoodDepot && ind.Wood < 1 {
			return bad("industry %s: building cost %d wood", ind.ID, ind.Wood)
		}
		for _, m := range []map[string]int{ind.Upgrade, ind.Basic.Input, ind.Upgraded.Input, ind.Basic.Output, ind.Upgraded.Output, ind.Basic.Owner, ind.Upgraded.Owner} {
			for g := range m {
				if _, ok := goodByName(g); !ok {
					return bad("industry %s: good %q", ind.ID, g)
				}
			}
		}
	}
	if total != 27 || d.shipyard < 0 || d.manufactory < 0 {
		return bad("%d industry tiles, want 27 with a Shipyard and a Manufactory", total)
	}
	n := 0
	for _, s := range d.services {
		t := slices.Index(serviceTypes, s.Type)
		if t < 0 {
			return bad("service %s: type %q", s.ID, s.Type)
		}
		if t == SvcCargoTrain || t == SvcClayPit {
			if g, ok := goodByName(s.Good); !ok || !isBasic(g) {
				return bad("service %s: good %q", s.ID, s.Good)
			}
		}
		d.svcType = append(d.svcType, t)
		n += s.Count
	}
	if n != 15 {
		return bad("%d service tokens, want 15", n)
	}
	era := [2]int{}
	for _, c := range d.canal {
		e := 0
		switch c.Era {
		case "widening":
		case "modernization":
			e = 1
		default:
			return bad("canal tile %s: era %q", c.ID, c.Era)
		}
		if c.Kind != "action" && c.Kind != "changing" {
			return bad("canal tile %s: kind %q", c.ID, c.Kind)
		}
		if !slices.Contains(canalEffects, c.Effect) {
			return bad("canal tile %s: effect %q", c.ID, c.Effect)
		}
		era[e] += c.Count
	}
	if era != [2]int{16, 12} {
		return bad("canal tiles %v, want 16 widening and 12 modernization", era)
	}
	decades := [3]int{}
	for _, c := range d.cards {
		dec := slices.Index([]string{"1840s", "1850s", "1860s"}, c.Decade)
		cat := slices.Index(categoryNames, c.Category)
		if dec < 0 || cat < 0 || (c.Needs != "" && c.Needs != "canal" && c.Needs != "rail") {
			return bad("city card %s: decade %q, category %q or needs %q", c.ID, c.Decade, c.Category, c.Needs)
		}
		d.cardDecade = append(d.cardDecade, dec)
		d.cardCat = append(d.cardCat, cat)
		decades[dec]++
	}
	if decades != [3]int{16, 14, 12} {
		return bad("city cards %v by decade, want 16, 14 and 12", decades)
	}
	r := d.rules
	for _, n := range []string{"2", "3", "4"} {
		if r.StartCash[n] == 0 || r.ServiceOffer[n] == 0 || r.Ships.Scheduled[n] == 0 {
			return bad("rules: no start cash, service offer or scheduled ships for %s players", n)
		}
	}
	for _, y := range years {
		ys := strconv.Itoa(y)
		if _, ok := r.Income[ys]; !ok {
			return bad("rules: no income for %s", ys)
		}
		if _, ok := r.ServiceCoal[ys]; !ok {
			return bad("rules: no service coal for %s", ys)
		}
	}
	if len(r.TrackStacks) != len(r.TrackBonus) || len(r.TradeLevels) == 0 || len(r.CanalTrack) < 2 || len(r.Passing) < 4 || len(r.PriorityPrestige) != 3 {
		return bad("rules: malformed tracks")
	}
	if r.FirstTraderPrestige < 1 || r.AgencyPrestige < 1 {
		return bad("rules: the export agencies' prestige (firstTraderPrestige, agencyPrestige) must be at least 1")
	}
	for k, v := range r.PopBonus {
		p, err := strconv.Atoi(k)
		if err != nil || p < 1 || p >= r.PopMax || !slices.Contains([]string{"cash", "basic", "flour-or-beer", "prestige2", "machine"}, v) {
			return bad("rules: popularity bonus %s=%s", k, v)
		}
	}
	for _, b := range r.Passing {
		if !slices.Contains([]string{"", "swap", "basic", "cash"}, b) {
			return bad("rules: passing bonus %q", b)
		}
	}
	sch, can := 0, 0
	for _, m := range d.markets {
		sch += r.Ships.Schooners[m.ID]
		can += r.Ships.Canallers[m.ID]
	}
	if sch+1 != 9 || can != 6 || r.Ships.Rows < 1 || marketIndex(d, r.Ships.Extra4p) < 0 {
		return bad("rules: %d+1 schooners and %d canallers, want 9 and 6", sch, can)
	}
	return nil
}

func marketIndex(d *gameData, id string) int {
	for i, m := range d.markets {
		if m.ID == id {
			return i
		}
	}
	return -1
}

// years are the five development phases.
var years = []int{1840, 1845, 1850, 1855, 1860}

// canalEffects are the effects a canal tile may have.
var canalEffects = []string{"build", "service", "canal", "produce", "ship1", "swap", "trade", "upgrade",
	"board", "pop-build", "load2", "city-cost", "build-cost", "market", "prestige-service", "prestige-upgrade"}

func goodsOf(m map[string]int) [numGoods]int {
	var out [numGoods]int
	for k, v := range m {
		g, _ := goodByName(k)
		out[g] += v
	}
	return out
}
