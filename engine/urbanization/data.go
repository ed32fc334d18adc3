package urbanization

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
)

// The printed facts of the game live in data/*.json: the rules constants,
// the building area, the 18 factory cards, the 10 characters and the 18
// inventions. Every value names its source (RB is the rulebook, PA its
// player aid; the others are listed in docs/data-provenance.md), and every
// value no source gives is marked assumed. The files are decoded strictly
// (unknown fields and missing sources are errors) when the package loads,
// so a group owning the game can correct a value in one place.

//go:embed data/*.json
var dataFS embed.FS

// Colour is a work-order colour. The order is the order of the supply
// spaces and of the letters in the notation (w, g, o).
type Colour int

// The three work-order colours.
const (
	White Colour = iota
	Grey
	Orange
	numColours
)

var colourNames = [numColours]string{"white", "grey", "orange"}

func (c Colour) String() string {
	if c < 0 || c >= numColours {
		return fmt.Sprintf("colour(%d)", int(c))
	}
	return colourNames[c]
}

func colourByName(s string) (Colour, bool) {
	for i, n := range colourNames {
		if n == s {
			return Colour(i), true
		}
	}
	return 0, false
}

// num is one sourced constant of rules.json.
type num struct {
	Value   int    `json:"value"`
	Source  string `json:"source"`
	Assumed bool   `json:"assumed,omitempty"`
}

type nums struct {
	Value   []int  `json:"value"`
	Source  string `json:"source"`
	Assumed bool   `json:"assumed,omitempty"`
}

type colourNums struct {
	Value   map[string]int `json:"value"`
	Source  string         `json:"source"`
	Assumed bool           `json:"assumed,omitempty"`
}

type rawRules struct {
	Source                string     `json:"source"`
	Turns                 num        `json:"turns"`
	ActionPhases          num        `json:"action_phases"`
	ActionMarkers         num        `json:"action_markers"`
	StartMoney            num        `json:"start_money"`
	StartVP               num        `json:"start_vp"`
	StartGrain            num        `json:"start_grain"`
	StartOrangeOrders     num        `json:"start_orange_orders"`
	StartCitizens         num        `json:"start_citizens"`
	StartHouses           num        `json:"start_houses"`
	StartTaxes            num        `json:"start_taxes"`
	GrainCap              num        `json:"grain_cap"`
	GrainTotal            num        `json:"grain_total"`
	BarnPrices            nums       `json:"barn_prices"`
	FieldPrice            num        `json:"field_price"`
	BarnCapacityPerPlayer num        `json:"barn_capacity_per_player"`
	ReturnPerPlayer       num        `json:"return_per_player"`
	OrdersPerColour       num        `json:"orders_per_colour"`
	OrderValues           colourNums `json:"order_values"`
	LastSpaceBonus        num        `json:"last_space_bonus"`
	PricePerMarker        num        `json:"price_per_marker"`
	PriceMarkers          num        `json:"price_markers"`
	Houses                num        `json:"houses"`
	Skyscrapers           num        `json:"skyscrapers"`
	FactoryTokens         num        `json:"factory_tokens"`
	AdminBuildings        num        `json:"admin_buildings"`
	HouseCost             num        `json:"house_cost"`
	HouseVP               num        `json:"house_vp"`
	SkyscraperCost        num        `json:"skyscraper_cost"`
	SkyscraperVP          num        `json:"skyscraper_vp"`
	AdminCost             num        `json:"admin_cost"`
	AdminVP               num        `json:"admin_vp"`
	FactoryVP             num        `json:"factory_vp"`
	GoodVP                num        `json:"good_vp"`
	CitizenVP             num        `json:"citizen_vp"`
	GrainPerVP            num        `json:"grain_per_vp"`
	MayorVP               num        `json:"mayor_vp"`
	InventionVP           num        `json:"invention_vp"`
	FactorySumVP          num        `json:"factory_sum_vp"`
	ArchitectDiscount     num        `json:"architect_discount"`
	MillworkerGrain       num        `json:"millworker_grain"`
	FarmerSeeds           num        `json:"farmer_seeds"`
	InventionStepCost     num        `json:"invention_step_cost"`
	InventionSpaces       num        `json:"invention_spaces"`
	CardsPerSpace         num        `json:"cards_per_space"`
	DisplaySize           num        `json:"display_size"`
}

// territoryData is one triangular territory of the building area.
type territoryData struct {
	ID        string   `json:"id"`
	Strip     int      `json:"strip"`  // row of the triangular grid, top first
	Pos       int      `json:"pos"`    // position within the strip, left first
	Points    string   `json:"points"` // "up" or "down"
	Grounds   int      `json:"grounds"`
	Adjacent  []string `json:"adjacent"`
	Covered2p bool     `json:"covered_2p"`
	Covered3p bool     `json:"covered_3p"`
}

type rawBoard struct {
	Source      string          `json:"source"`
	Assumed     bool            `json:"assumed"`
	CountSource string          `json:"count_source"`
	Territories []territoryData `json:"territories"`
}

type orderSpaceData struct {
	Count  int    `json:"count"`
	Colour string `json:"colour"`
}

// factoryData is one factory card.
type factoryData struct {
	Number     int              `json:"number"`
	ID         string           `json:"id"`
	Name       string           `json:"name"`
	NameSource string           `json:"name_source"`
	Colour     string           `json:"colour"`
	Orders     []orderSpaceData `json:"orders"`
	Goods      orderSpaceData   `json:"goods"`
	Back       string           `json:"back"` // "II", "III" or "" (4 players only)
	Source     string           `json:"source"`
	Assumed    bool             `json:"assumed"`
	// AssumedFields names the assumed values among name, number, colour,
	// orders, goods and back.
	AssumedFields []string `json:"assumed_fields"`
}

var factoryFields = []string{"name", "number", "colour", "orders", "goods", "back"}

type rawFactories struct {
	Source string        `json:"source"`
	Cards  []factoryData `json:"cards"`
}

type characterData struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	NameSource  string `json:"name_source"`
	NameAssumed bool   `json:"name_assumed"`
	Action      string `json:"action"` // the action word it is played with; "" for the Mayor
	Ability     string `json:"ability"`
	Source      string `json:"source"`
}

type rawCharacters struct {
	Source     string          `json:"source"`
	Characters []characterData `json:"characters"`
}

type bonusData struct {
	Factory string `json:"factory"`
	VP      int    `json:"vp"`
}

// inventionData is one invention card. Amount reads by effect: min-output
// the least goods, turn-orders the work orders each turn, good-money the
// dollars per good, good-points the points per good, swap-orders the
// markers exchanged, harvest-grain the grain, double-sow the seeds per
// ground, grain-points the grain per point, cheap-grain the price.
type inventionData struct {
	ID            string     `json:"id"`
	Card          string     `json:"card"`
	Name          string     `json:"name"`
	NameSource    string     `json:"name_source"`
	Effect        string     `json:"effect"`
	Colour        string     `json:"colour"`
	Amount        int        `json:"amount"`
	AbilitySource string     `json:"ability_source"`
	Bonus         *bonusData `json:"bonus"`
	BonusSource   string     `json:"bonus_source"`
	BonusAssumed  bool       `json:"bonus_assumed"`
	Space         int        `json:"space"`
	SpaceSource   string     `json:"space_source"`
	SpaceAssumed  bool       `json:"space_assumed"`
}

type rawInventions struct {
	Source string          `json:"source"`
	Spaces int             `json:"spaces"`
	Cards  []inventionData `json:"cards"`
}

// The invention effects.
const (
	effMinOutput    = "min-output"
	effTurnOrders   = "turn-orders"
	effGoodMoney    = "good-money"
	effGoodPoints   = "good-points"
	effSwapOrders   = "swap-orders"
	effHarvestGrain = "harvest-grain"
	effDoubleSow    = "double-sow"
	effGrainPoints  = "grain-points"
	effCheapGrain   = "cheap-grain"
)

var knownEffects = []string{effMinOutput, effTurnOrders, effGoodMoney, effGoodPoints, effSwapOrders,
	effHarvestGrain, effDoubleSow, effGrainPoints, effCheapGrain}

// The action words a character is played with.
var characterActions = []string{"", "build", "land", "sow", "grain", "taxes", "orders", "attract", "produce", "invent"}

// factory is a decoded factory card.
type factory struct {
	factoryData
	colour Colour
	goods  Colour
	orders []orderSpace
}

type orderSpace struct {
	count  int
	colour Colour
}

// invention is a decoded invention card.
type invention struct {
	inventionData
	colour       Colour // for the colour effects
	bonusFactory int    // factory card index, -1 without a bonus
}

// gameData is everything decoded from data/*.json, with derived indices.
type gameData struct {
	rules       rawRules
	board       rawBoard
	terrs       []territoryData
	adj         [][]int // territory indices sharing an edge
	terrIndex   map[string]int
	factories   []factory // by number
	factIndex   map[string]int
	characters  []characterData
	charIndex   map[string]int
	inventions  []invention
	invIndex    map[string]int
	barnPrices  []int
	orderValues [numColours]int
}

// Character indices.
const (
	charMayor = iota
	charArchitect
	charAgent
	charFarmer
	charMillworker
	charCollector
	charForeman
	charIndustrialist
	charEngineer
	charProfessor
	numCharacters
)

var characterIDs = [numCharacters]string{"mayor", "architect", "agent", "farmer", "millworker", "collector",
	"foreman", "industrialist", "engineer", "professor"}

// theData is the game's data, decoded and checked on its first use (a
// process that never plays Urbanization never decodes it, and one that
// does pays for it then, not at start: docs/performance.md, "Cold start").
// The embedded data is part of the binary, so a failure is a build defect
// that the data test reports; it panics on first use.
var theData = sync.OnceValue(mustLoad)

func mustLoad() *gameData {
	d, err := loadData(func(name string) ([]byte, error) { return dataFS.ReadFile("data/" + name) })
	if err != nil {
		panic("urbanization: " + err.Error())
	}
	return d
}

// decodeStrict decodes one JSON document, refusing unknown fields and
// trailing data.
func decodeStrict(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("data after the document")
	}
	return nil
}

// loadData decodes and checks the data files read by read.
func loadData(read func(name string) ([]byte, error)) (*gameData, error) {
	d := &gameData{}
	files := []struct {
		name string
		v    any
	}{
		{"rules.json", &d.rules},
		{"board.json", &d.board},
		{"factories.json", &rawFactories{}},
		{"characters.json", &rawCharacters{}},
		{"inventions.json", &rawInventions{}},
	}
	for _, f := range files {
		b, err := read(f.name)
		if err != nil {
			return nil, err
		}
		if err := decodeStrict(b, f.v); err != nil {
			return nil, fmt.Errorf("data/%s: %w", f.name, err)
		}
	}
	if err := d.checkRules(); err != nil {
		return nil, fmt.Errorf("data/rules.json: %w", err)
	}
	if err := d.loadBoard(); err != nil {
		return nil, fmt.Errorf("data/board.json: %w", err)
	}
	if err := d.loadFactories(files[2].v.(*rawFactories)); err != nil {
		return nil, fmt.Errorf("data/factories.json: %w", err)
	}
	if err := d.loadCharacters(files[3].v.(*rawCharacters)); err != nil {
		return nil, fmt.Errorf("data/characters.json: %w", err)
	}
	if err := d.loadInventions(files[4].v.(*rawInventions)); err != nil {
		return nil, fmt.Errorf("data/inventions.json: %w", err)
	}
	return d, nil
}

func (d *gameData) checkRules() error {
	r := &d.rules
	if r.Source == "" {
		return fmt.Errorf("no source")
	}
	positive := map[string]num{
		"turns": r.Turns, "action_phases": r.ActionPhases, "action_markers": r.ActionMarkers,
		"grain_cap": r.GrainCap, "grain_total": r.GrainTotal, "field_price": r.FieldPrice,
		"barn_capacity_per_player": r.BarnCapacityPerPlayer, "orders_per_colour": r.OrdersPerColour,
		"price_per_marker": r.PricePerMarker, "price_markers": r.PriceMarkers, "houses": r.Houses,
		"skyscrapers": r.Skyscrapers, "factory_tokens": r.FactoryTokens, "admin_buildings": r.AdminBuildings,
		"house_cost": r.HouseCost, "skyscraper_cost": r.SkyscraperCost, "admin_cost": r.AdminCost,
		"grain_per_vp": r.GrainPerVP, "farmer_seeds": r.FarmerSeeds, "invention_spaces": r.InventionSpaces,
		"cards_per_space": r.CardsPerSpace, "display_size": r.DisplaySize,
	}
	nonNegative := map[string]num{
		"start_money": r.StartMoney, "start_vp": r.StartVP, "start_grain": r.StartGrain,
		"start_orange_orders": r.StartOrangeOrders, "start_citizens": r.StartCitizens,
		"start_houses": r.StartHouses, "start_taxes": r.StartTaxes, "return_per_player": r.ReturnPerPlayer,
		"last_space_bonus": r.LastSpaceBonus, "house_vp": r.HouseVP, "skyscraper_vp": r.SkyscraperVP,
		"admin_vp": r.AdminVP, "factory_vp": r.FactoryVP, "good_vp": r.GoodVP, "citizen_vp": r.CitizenVP,
		"mayor_vp": r.MayorVP, "invention_vp": r.InventionVP, "factory_sum_vp": r.FactorySumVP,
		"architect_discount": r.ArchitectDiscount, "millworker_grain": r.MillworkerGrain,
		"invention_step_cost": r.InventionStepCost,
	}
	for k, v := range positive {
		if v.Source == "" || v.Value <= 0 {
			return fmt.Errorf("%s: want a positive value with a source, got %+v", k, v)
		}
	}
	for k, v := range nonNegative {
		if v.Source == "" || v.Value < 0 {
			return fmt.Errorf("%s: want a value >= 0 with a source, got %+v", k, v)
		}
	}
	if r.BarnPrices.Source == "" || len(r.BarnPrices.Value) == 0 {
		return fmt.Errorf("barn_prices: want prices with a source")
	}
	for _, p := range r.BarnPrices.Value {
		if p <= 0 {
			return fmt.Errorf("barn_prices: price %d", p)
		}
	}
	d.barnPrices = r.BarnPrices.Value
	if !slices.IsSorted(d.barnPrices) || d.barnPrices[len(d.barnPrices)-1] > r.FieldPrice.Value {
		return fmt.Errorf("barn_prices: the barns must be in price order, the field the dearest")
	}
	if r.OrderValues.Source == "" || len(r.OrderValues.Value) != int(numColours) {
		return fmt.Errorf("order_values: want white, grey and orange with a source")
	}
	for c := Colour(0); c < numColours; c++ {
		v, ok := r.OrderValues.Value[c.String()]
		if !ok || v <= 0 {
			return fmt.Errorf("order_values: %s missing or not positive", c)
		}
		d.orderValues[c] = v
	}
	if r.StartCitizens.Value >= r.StartTaxes.Value {
		return fmt.Errorf("start_taxes must be right of start_citizens")
	}
	if r.StartGrain.Value > r.GrainCap.Value {
		return fmt.Errorf("start_grain above grain_cap")
	}
	// 4 players use every grain marker of the box: barns, field, return
	// area and the players' own.
	perPlayer := len(d.barnPrices)*r.BarnCapacityPerPlayer.Value + r.BarnCapacityPerPlayer.Value + r.ReturnPerPlayer.Value + r.StartGrain.Value
	if perPlayer*4 > r.GrainTotal.Value {
		return fmt.Errorf("4 players need %d grain, the box holds %d", perPlayer*4, r.GrainTotal.Value)
	}
	if r.StartOrangeOrders.Value*4 > r.OrdersPerColour.Value {
		return fmt.Errorf("start_orange_orders exceeds the supply")
	}
	return nil
}

func (d *gameData) loadBoard() error {
	if d.board.Source == "" || d.board.CountSource == "" {
		return fmt.Errorf("no source")
	}
	d.terrs = d.board.Territories
	if len(d.terrs) != d.rules.PriceMarkers.Value {
		return fmt.Errorf("%d territories, want %d (one price marker each)", len(d.terrs), d.rules.PriceMarkers.Value)
	}
	d.terrIndex = map[string]int{}
	for i, t := range d.terrs {
		if t.ID == "" || t.ID != strings.ToLower(t.ID) || strings.ContainsAny(t.ID, " :") {
			return fmt.Errorf("territory %d: bad id %q", i, t.ID)
		}
		if _, dup := d.terrIndex[t.ID]; dup {
			return fmt.Errorf("territory %q twice", t.ID)
		}
		if t.Grounds < 1 || t.Grounds > maxGrounds {
			return fmt.Errorf("territory %s: %d grounds, want 1 or 2", t.ID, t.Grounds)
		}
		if t.Points != "up" && t.Points != "down" {
			return fmt.Errorf("territory %s: points %q", t.ID, t.Points)
		}
		if t.Covered3p && !t.Covered2p {
			return fmt.Errorf("territory %s: covered with 3 players but not with 2", t.ID)
		}
		d.terrIndex[t.ID] = i
	}
	d.adj = make([][]int, len(d.terrs))
	for i, t := range d.terrs {
		for _, a := range t.Adjacent {
			j, ok := d.terrIndex[a]
			if !ok || j == i {
				return fmt.Errorf("territory %s: bad neighbour %q", t.ID, a)
			}
			if !slices.Contains(d.terrs[j].Adjacent, t.ID) {
				return fmt.Errorf("territories %s and %s: adjacency is not symmetric", t.ID, a)
			}
			d.adj[i] = append(d.adj[i], j)
		}
		slices.Sort(d.adj[i])
	}
	for n := 2; n <= 4; n++ {
		open := 0
		for i := range d.terrs {
			if !d.covered(i, n) {
				open++
			}
		}
		if open < n {
			return fmt.Errorf("%d players: only %d open territories", n, open)
		}
	}
	return nil
}

// covered reports whether territory i is under a covering tile with n
// players. RB, Changes for 2 or 3 Players.
func (d *gameData) covered(i, n int) bool {
	switch n {
	case 2:
		return d.terrs[i].Covered2p
	case 3:
		return d.terrs[i].Covered3p
	}
	return false
}

func (d *gameData) loadFactories(raw *rawFactories) error {
	if raw.Source == "" {
		return fmt.Errorf("no source")
	}
	d.factIndex = map[string]int{}
	for i, f := range raw.Cards {
		if f.Number < 1 || (i > 0 && f.Number <= raw.Cards[i-1].Number) {
			return fmt.Errorf("card %q: the cards must be listed in number order", f.ID)
		}
		if f.ID == "" || f.ID != strings.ToLower(f.ID) || strings.ContainsAny(f.ID, " :") || f.Name == "" {
			return fmt.Errorf("card %d: bad id or name %q %q", i, f.ID, f.Name)
		}
		if _, dup := d.factIndex[f.ID]; dup {
			return fmt.Errorf("card %q twice", f.ID)
		}
		if _, isTerr := d.terrIndex[f.ID]; isTerr {
			return fmt.Errorf("card %q has a territory's id", f.ID)
		}
		if f.Source == "" || f.NameSource == "" {
			return fmt.Errorf("card %q: no source", f.ID)
		}
		c, ok := colourByName(f.Colour)
		if !ok {
			return fmt.Errorf("card %q: colour %q", f.ID, f.Colour)
		}
		g, ok := colourByName(f.Goods.Colour)
		if !ok || f.Goods.Count < 1 {
			return fmt.Errorf("card %q: goods %+v", f.ID, f.Goods)
		}
		if len(f.Orders) == 0 {
			return fmt.Errorf("card %q: no work-order spaces", f.ID)
		}
		fc := factory{factoryData: f, colour: c, goods: g}
		for _, o := range f.Orders {
			oc, ok := colourByName(o.Colour)
			if !ok || o.Count < 1 {
				return fmt.Errorf("card %q: work-order space %+v", f.ID, o)
			}
			fc.orders = append(fc.orders, orderSpace{o.Count, oc})
		}
		for _, a := range f.AssumedFields {
			if !slices.Contains(factoryFields, a) {
				return fmt.Errorf("card %q: unknown assumed field %q", f.ID, a)
			}
		}
		if f.Assumed != (len(f.AssumedFields) > 0) {
			return fmt.Errorf("card %q: assumed is %v but assumed_fields lists %v", f.ID, f.Assumed, f.AssumedFields)
		}
		if f.Back != "" && f.Back != "II" && f.Back != "III" {
			return fmt.Errorf("card %q: back %q, want II, III or empty", f.ID, f.Back)
		}
		d.factIndex[f.ID] = i
		d.factories = append(d.factories, fc)
	}
	if len(d.factories) < d.rules.DisplaySize.Value {
		return fmt.Errorf("%d cards", len(d.factories))
	}
	for n := 2; n <= 4; n++ {
		if len(d.deckFor(n)) < d.rules.DisplaySize.Value {
			return fmt.Errorf("%d players: fewer cards than display spaces", n)
		}
	}
	return nil
}

// deckFor lists the factory cards used with n players in number order.
// RB Changes for 2 or 3 Players: II backs with 2, II and III with 3, all
// with 4.
func (d *gameData) deckFor(n int) []int {
	var out []int
	for i, f := range d.factories {
		switch {
		case n >= 4, f.Back == "II", f.Back == "III" && n == 3:
			out = append(out, i)
		}
	}
	return out
}

func (d *gameData) loadCharacters(raw *rawCharacters) error {
	if raw.Source == "" {
		return fmt.Errorf("no source")
	}
	if len(raw.Characters) != numCharacters {
		return fmt.Errorf("%d characters, want %d", len(raw.Characters), numCharacters)
	}
	d.charIndex = map[string]int{}
	for i, c := range raw.Characters {
		if c.ID != characterIDs[i] {
			return fmt.Errorf("character %d is %q, want %q", i, c.ID, characterIDs[i])
		}
		if c.Name == "" || c.NameSource == "" || c.Source == "" || c.Ability == "" {
			return fmt.Errorf("character %q: missing name, ability or source", c.ID)
		}
		if !slices.Contains(characterActions, c.Action) || (c.Action == "") != (i == charMayor) {
			return fmt.Errorf("character %q: action %q", c.ID, c.Action)
		}
		d.charIndex[c.ID] = i
	}
	d.characters = raw.Characters
	return nil
}

func (d *gameData) loadInventions(raw *rawInventions) error {
	if raw.Source == "" {
		return fmt.Errorf("no source")
	}
	spaces := d.rules.InventionSpaces.Value
	if raw.Spaces != spaces {
		return fmt.Errorf("%d spaces, rules.json says %d", raw.Spaces, spaces)
	}
	if len(raw.Cards) != spaces*d.rules.CardsPerSpace.Value {
		return fmt.Errorf("%d cards, want %d", len(raw.Cards), spaces*d.rules.CardsPerSpace.Value)
	}
	perSpace := make([]int, spaces+1)
	d.invIndex = map[string]int{}
	for i, c := range raw.Cards {
		if c.ID == "" || c.ID != strings.ToLower(c.ID) || strings.ContainsAny(c.ID, " :") || c.Name == "" {
			return fmt.Errorf("card %d: bad id or name", i)
		}
		if _, dup := d.invIndex[c.ID]; dup {
			return fmt.Errorf("card %q twice", c.ID)
		}
		if c.NameSource == "" || c.AbilitySource == "" || c.BonusSource == "" || c.SpaceSource == "" {
			return fmt.Errorf("card %q: missing source", c.ID)
		}
		if !slices.Contains(knownEffects, c.Effect) || c.Amount < 1 {
			return fmt.Errorf("card %q: effect %q amount %d", c.ID, c.Effect, c.Amount)
		}
		inv := invention{inventionData: c, bonusFactory: -1}
		switch c.Effect {
		case effMinOutput, effTurnOrders, effGoodMoney, effGoodPoints, effSwapOrders:
			col, ok := colourByName(c.Colour)
			if !ok {
				return fmt.Errorf("card %q: effect %s needs a colour, got %q", c.ID, c.Effect, c.Colour)
			}
			inv.colour = col
		default:
			if c.Colour != "" {
				return fmt.Errorf("card %q: effect %s takes no colour", c.ID, c.Effect)
			}
		}
		if c.Bonus != nil {
			f, ok := d.factIndex[c.Bonus.Factory]
			if !ok || c.Bonus.VP < 1 {
				return fmt.Errorf("card %q: bonus %+v", c.ID, *c.Bonus)
			}
			inv.bonusFactory = f
		}
		if c.Space < 1 || c.Space > spaces {
			return fmt.Errorf("card %q: space %d", c.ID, c.Space)
		}
		perSpace[c.Space]++
		d.invIndex[c.ID] = i
		d.inventions = append(d.inventions, inv)
	}
	for s := 1; s <= spaces; s++ {
		if perSpace[s] != d.rules.CardsPerSpace.Value {
			return fmt.Errorf("docking space %d holds %d cards, want %d", s, perSpace[s], d.rules.CardsPerSpace.Value)
		}
	}
	return nil
}
