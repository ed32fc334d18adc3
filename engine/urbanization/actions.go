package urbanization

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// ---- Buy land (RB THE ACTIONS IN DETAIL, Buy land; PA Estate Agent) ----

func (w *walker) landCost(t int) int {
	return w.st.Terrs[t].Markers * theData.rules.PricePerMarker.Value
}

// buyable reports whether seat may buy t at its current price.
func (w *walker) buyable(t int) bool {
	return w.st.forSale(t) && w.adjacentToOwn(t) && w.landCost(t) <= w.p().Money
}

// agentTarget reports whether t can be bought after an Estate Agent swap:
// adjacent, for sale, and some other territory's markers are affordable.
func (w *walker) agentTarget(t int) bool {
	if !w.st.forSale(t) || !w.adjacentToOwn(t) {
		return false
	}
	for u := range w.st.Terrs {
		if u != t && w.st.forSale(u) && w.landCost(u) <= w.p().Money {
			return true
		}
	}
	return false
}

func (w *walker) canLand() bool {
	if w.st.freeMarkers(w.seat) == 0 {
		return false
	}
	agent := w.p().holds(charAgent)
	for t := range w.st.Terrs {
		if w.buyable(t) || (agent && w.agentTarget(t)) {
			return true
		}
	}
	return false
}

func (w *walker) refuseLand(tok string) error {
	if tok == "agent" {
		return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Estate Agent this turn (or it is spent)")
	}
	if err := w.refuseTerritory(TopicBuyLand, true)(tok); err != nil {
		return err
	}
	t := theData.terrIndex[tok]
	return engine.Rule("land.money", TopicBuyLand, "%s costs %s (%s); you have %s", tok, dollars(w.landCost(t)), plural(w.st.Terrs[t].Markers, "price marker", "price markers"), dollars(w.p().Money))
}

func (w *walker) walkLand(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: "Which territory do you buy?", topic: TopicBuyLand, refuse: w.refuseLand}
	if p.holds(charAgent) && slices.ContainsFunc(w.terrList(), w.agentTarget) {
		s.opts = append(s.opts, opt{tok: "agent", label: "Play the Estate Agent: swap two territories' price markers first"})
	}
	for t := range w.st.Terrs {
		if w.buyable(t) {
			s.opts = append(s.opts, opt{tok: terrToken(t), label: fmt.Sprintf("Buy %s for %s", terrToken(t), dollars(w.landCost(t))),
				help: plural(theData.terrs[t].Grounds, "building ground", "building grounds")})
		}
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "agent" {
		// PA Estate Agent: swap all price markers of two territories, then
		// buy one of them under the normal rules.
		p.Played = true
		s = step{prompt: "Which territory do you buy after the swap?", topic: TopicBuyLand, refuse: w.refuseTerritory(TopicBuyLand, true)}
		for t := range w.st.Terrs {
			if w.agentTarget(t) {
				s.opts = append(s.opts, opt{tok: terrToken(t), label: fmt.Sprintf("Buy %s (now %s)", terrToken(t), plural(w.st.Terrs[t].Markers, "marker", "markers"))})
			}
		}
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
		t := theData.terrIndex[o.tok]
		s = step{prompt: fmt.Sprintf("Swap %s's price markers with which territory?", o.tok), topic: TopicPriceMarkers}
		s.refuse = func(tok string) error {
			u, ok := theData.terrIndex[tok]
			switch {
			case !ok:
				return engine.Rule("territory.unknown", TopicBuildingArea, "%q is not a territory", tok)
			case u == t || !w.st.forSale(u):
				return engine.Rule("agent.swap", TopicCharacterPrefix+"agent", "the Estate Agent swaps the price markers of two different territories that hold some")
			}
			return engine.Rule("land.money", TopicBuyLand, "after the swap %s would cost %s; you have %s", terrToken(t), dollars(w.landCost(u)), dollars(p.Money))
		}
		for u := range w.st.Terrs {
			if u != t && w.st.forSale(u) && w.landCost(u) <= p.Money {
				s.opts = append(s.opts, opt{tok: terrToken(u), label: fmt.Sprintf("Swap with %s: pay %s", terrToken(u), dollars(w.landCost(u)))})
			}
		}
		o2, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			return s, err
		}
		u := theData.terrIndex[o2.tok]
		a, b := &w.st.Terrs[t], &w.st.Terrs[u]
		a.Markers, b.Markers = b.Markers, a.Markers
		w.event("agent", fmt.Sprintf("%s plays the Estate Agent: %s and %s swap their price markers", seatTitle(w.seat), o.tok, o2.tok), "a", o.tok, "b", o2.tok)
	}
	t := theData.terrIndex[o.tok]
	tr := &w.st.Terrs[t]
	cost := w.landCost(t)
	p.Money -= cost
	k := tr.Markers
	tr.Owner, tr.Markers = w.seat, 0
	w.event("land", fmt.Sprintf("%s buys %s for %s and puts an action marker on it", seatTitle(w.seat), o.tok, dollars(cost)), "territory", o.tok, "money", itoa(cost))
	return w.moveMarkers(rest, i, k)
}

// terrList is 0..len(territories)-1.
func (w *walker) terrList() []int {
	out := make([]int, len(w.st.Terrs))
	for i := range out {
		out[i] = i
	}
	return out
}

// ---- Erect buildings (RB Erect buildings; PA Architect) ----

const (
	bHouse      = "house"
	bSkyscraper = "skyscraper"
	bAdmin      = "admin"
)

var buildKinds = []string{bHouse, bSkyscraper, bAdmin}

func buildCost(kind string, disc int) int {
	r := &theData.rules
	switch kind {
	case bHouse:
		return max(0, r.HouseCost.Value-disc)
	case bSkyscraper:
		return max(0, r.SkyscraperCost.Value-disc)
	}
	return max(0, r.AdminCost.Value-disc)
}

func buildVP(kind string) int {
	r := &theData.rules
	switch kind {
	case bHouse:
		return r.HouseVP.Value
	case bSkyscraper:
		return r.SkyscraperVP.Value
	}
	return r.AdminVP.Value
}

func (st *State) pool(kind string) int {
	switch kind {
	case bHouse:
		return st.Houses
	case bSkyscraper:
		return st.Skyscrapers
	}
	return st.Admins
}

// buildSite reports whether one more building of kind fits on territory t:
// a house on an empty ground, a skyscraper over one of the seat's houses,
// an administrative building on any territory of the seat.
func (w *walker) buildSite(kind string, t int) bool {
	if w.st.Terrs[t].Owner != w.seat {
		return false
	}
	switch kind {
	case bHouse:
		return w.st.emptyGround(t) >= 0
	case bSkyscraper:
		return w.st.countGrounds(t, GroundHouse) > 0
	}
	return true
}

func (w *walker) canBuildKind(kind string, disc int) bool {
	if w.st.pool(kind) == 0 || buildCost(kind, disc) > w.p().Money {
		return false
	}
	for t := range w.st.Terrs {
		if w.buildSite(kind, t) {
			return true
		}
	}
	return false
}

func (w *walker) canBuild() bool {
	disc := 0
	if w.p().holds(charArchitect) {
		disc = theData.rules.ArchitectDiscount.Value
	}
	for _, k := range buildKinds {
		if w.canBuildKind(k, disc) {
			return true
		}
	}
	return false
}

var buildNames = map[string]string{bHouse: "house", bSkyscraper: "skyscraper", bAdmin: "administrative building"}

var buildTopics = map[string]string{bHouse: TopicHouse, bSkyscraper: TopicSkyscraper, bAdmin: TopicAdmin}

func (w *walker) refuseKind(disc int) func(string) error {
	return func(tok string) error {
		if tok == "architect" {
			return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Architect this turn (or it is spent)")
		}
		if !slices.Contains(buildKinds, tok) {
			return engine.Rule("build.unknown", TopicBuild, "%q is not a building: house, skyscraper or admin", tok)
		}
		switch {
		case w.st.pool(tok) == 0:
			return engine.Rule("build.pool-empty", buildTopics[tok], "no %s is left in the pool", buildNames[tok])
		case buildCost(tok, disc) > w.p().Money:
			return engine.Rule("build.money", buildTopics[tok], "a %s costs %s; you have %s", buildNames[tok], dollars(buildCost(tok, disc)), dollars(w.p().Money))
		case tok == bSkyscraper:
			return engine.Rule("build.no-house", TopicSkyscraper, "a skyscraper replaces one of your houses, and you have none standing")
		}
		return engine.Rule("build.no-ground", TopicHouse, "a house needs an empty building ground in one of your territories")
	}
}

func (w *walker) walkBuild(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	disc := 0
	s := step{prompt: "Which kind of building?", topic: TopicBuild, refuse: w.refuseKind(0)}
	arch := p.holds(charArchitect)
	if arch && w.canBuildWith(theData.rules.ArchitectDiscount.Value) {
		s.opts = append(s.opts, opt{tok: "architect", label: fmt.Sprintf("Play the Architect: every building $%d cheaper", theData.rules.ArchitectDiscount.Value)})
	}
	w.kindOpts(&s, 0)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "architect" {
		p.Played = true
		disc = theData.rules.ArchitectDiscount.Value
		w.event("architect", fmt.Sprintf("%s plays the Architect: buildings cost %s less this action", seatTitle(w.seat), dollars(disc)))
		s = step{prompt: "Which kind of building?", topic: TopicBuild, refuse: w.refuseKind(disc)}
		w.kindOpts(&s, disc)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	kind := o.tok
	cost := buildCost(kind, disc)
	// RB: as many buildings of one type as you want and can afford, listed
	// by territory in board order.
	last, built := 0, 0
	for {
		s = step{complete: built > 0, topic: buildTopics[kind]}
		s.refuse = w.refuseSite(kind, cost, last)
		if w.st.pool(kind) > 0 && cost <= p.Money {
			for t := last; t < len(w.st.Terrs); t++ {
				if w.buildSite(kind, t) {
					s.opts = append(s.opts, opt{tok: terrToken(t), label: fmt.Sprintf("%s on %s (%s, +%d VP)", capital(buildNames[kind]), terrToken(t), dollars(cost), buildVP(kind))})
				}
			}
		}
		if built == 0 {
			s.prompt = fmt.Sprintf("Where does the %s go?", buildNames[kind])
		} else {
			s.prompt = fmt.Sprintf("Another %s? Where?", buildNames[kind])
		}
		o, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			return s, err
		}
		t := theData.terrIndex[o.tok]
		w.erect(kind, t, cost)
		last = t
		built++
	}
}

func (w *walker) canBuildWith(disc int) bool {
	for _, k := range buildKinds {
		if w.canBuildKind(k, disc) {
			return true
		}
	}
	return false
}

func (w *walker) kindOpts(s *step, disc int) {
	labels := map[string]string{
		bHouse:      "House (%s, +%d VP): on an empty ground",
		bSkyscraper: "Skyscraper (%s, +%d VP): replaces one of your houses",
		bAdmin:      "Administrative building (%s, +%d VP)",
	}
	for _, k := range buildKinds {
		if w.canBuildKind(k, disc) {
			s.opts = append(s.opts, opt{tok: k, label: fmt.Sprintf(labels[k], dollars(buildCost(k, disc)), buildVP(k))})
		}
	}
}

func (w *walker) refuseSite(kind string, cost, last int) func(string) error {
	return func(tok string) error {
		t, ok := theData.terrIndex[tok]
		if !ok {
			return engine.Rule("territory.unknown", TopicBuildingArea, "%q is not a territory", tok)
		}
		switch {
		case w.st.Terrs[t].Owner != w.seat:
			return engine.Rule("build.not-yours", TopicBuild, "%s is not your territory", tok)
		case w.st.pool(kind) == 0:
			return engine.Rule("build.pool-empty", buildTopics[kind], "no %s is left in the pool", buildNames[kind])
		case cost > w.p().Money:
			return engine.Rule("build.money", buildTopics[kind], "another %s costs %s; you have %s", buildNames[kind], dollars(cost), dollars(w.p().Money))
		case !w.buildSite(kind, t) && kind == bHouse:
			return engine.Rule("build.no-ground", TopicHouse, "%s has no empty building ground (sown grounds stay taken until the harvest)", tok)
		case !w.buildSite(kind, t):
			return engine.Rule("build.no-house", TopicSkyscraper, "you have no house left on %s to replace", tok)
		case t < last:
			return engine.Rule("build.order", TopicNotation, "list the territories in board order (%s comes before %s)", tok, terrToken(last))
		}
		return nil
	}
}

// erect puts one building of kind on territory t. RB Erect buildings.
func (w *walker) erect(kind string, t, cost int) {
	p := w.p()
	tr := &w.st.Terrs[t]
	p.Money -= cost
	p.score(scoreBuildings, buildVP(kind))
	switch kind {
	case bHouse:
		tr.Grounds[w.st.emptyGround(t)].Kind = GroundHouse
		w.st.Houses--
		p.Houses++
	case bSkyscraper:
		for g := range tr.Grounds {
			if tr.Grounds[g].Kind == GroundHouse {
				tr.Grounds[g].Kind = GroundSkyscraper
				break
			}
		}
		w.st.Skyscrapers--
		w.st.Houses++ // the house goes back to the pool
		p.Houses++
	default:
		tr.Admin++
		w.st.Admins--
	}
	w.event("build", fmt.Sprintf("%s builds %s on %s for %s (+%d VP)", seatTitle(w.seat), aName(buildNames[kind]), terrToken(t), dollars(cost), buildVP(kind)),
		"building", kind, "territory", terrToken(t), "money", itoa(cost))
}

// ---- Trade grain (RB Trade grain; PA Mill Worker, cheap grain) ----

// buyQuote is the price of n grain: one from each of the cheapest
// non-empty barns, then from the field. ok is false when n cannot be had.
func (w *walker) buyQuote(n int) (cost int, ok bool) {
	flat, cheap := w.p().has(effCheapGrain, 0)
	left := n
	for b, c := range w.st.Barns {
		if left == 0 {
			break
		}
		if c > 0 {
			cost += theData.barnPrices[b]
			if cheap {
				cost += flat - theData.barnPrices[b]
			}
			left--
		}
	}
	if left > w.st.Field {
		return 0, false
	}
	price := theData.rules.FieldPrice.Value
	if cheap {
		price = flat
	}
	return cost + left*price, true
}

// maxBuy is the most grain seat can buy now.
func (w *walker) maxBuy() int {
	n := 0
	room := w.st.grainRoom(w.seat)
	for n < room {
		c, ok := w.buyQuote(n + 1)
		if !ok || c > w.p().Money {
			break
		}
		n++
	}
	return n
}

// sellQuote is what n grain fetch: the barns fill cheapest first, then the
// field, each up to its capacity.
func (w *walker) sellQuote(n int) (money int, ok bool) {
	cp := w.st.capacity()
	for b, c := range w.st.Barns {
		k := min(n, cp-c)
		money += k * theData.barnPrices[b]
		n -= k
	}
	k := min(n, cp-w.st.Field)
	money += k * theData.rules.FieldPrice.Value
	n -= k
	return money, n == 0
}

func (w *walker) maxSell() int {
	cp := w.st.capacity()
	room := cp - w.st.Field
	for _, c := range w.st.Barns {
		room += cp - c
	}
	return min(room, w.p().Grain)
}

func (w *walker) canGrain() bool {
	return w.maxBuy() > 0 || w.maxSell() > 0 || w.p().holds(charMillworker)
}

func (w *walker) tradeOpts(s *step) {
	if w.maxBuy() > 0 {
		s.opts = append(s.opts, opt{tok: "buy", label: "Buy grain"})
	}
	if w.maxSell() > 0 {
		s.opts = append(s.opts, opt{tok: "sell", label: "Sell grain"})
	}
}

func (w *walker) refuseTrade(tok string) error {
	switch tok {
	case "millworker":
		return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Mill Worker this turn (or it is spent)")
	case "buy":
		if w.st.grainRoom(w.seat) == 0 {
			return engine.Rule("grain.cap", TopicGrainCap, "your tracking card already holds %d grain, the limit", w.p().Grain)
		}
		return engine.Rule("grain.cannot-buy", TopicBuyGrain, "no grain is for sale that you can afford")
	case "sell":
		if w.p().Grain == 0 {
			return engine.Rule("grain.none", TopicSellGrain, "you have no grain to sell")
		}
		return engine.Rule("grain.market-full", TopicSellGrain, "the barns and the field are full")
	}
	return engine.Rule("grain.unknown", TopicTradeGrain, "%q: trade grain with buy <n> or sell <n>", tok)
}

func (w *walker) walkGrain(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: "Buy or sell grain?", topic: TopicTradeGrain, refuse: w.refuseTrade}
	if p.holds(charMillworker) {
		s.opts = append(s.opts, opt{tok: "millworker", label: "Play the Mill Worker: 2 grain from the field for free"})
	}
	w.tradeOpts(&s)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "millworker" {
		p.Played = true
		n := min(theData.rules.MillworkerGrain.Value, w.st.Field, w.st.grainRoom(w.seat))
		w.st.Field -= n
		p.Grain += n
		w.event("millworker", fmt.Sprintf("%s plays the Mill Worker and takes %s from the field", seatTitle(w.seat), plural(n, "grain", "grain")), "grain", itoa(n))
		s = step{prompt: "Buy or sell grain as well?", topic: TopicTradeGrain, refuse: w.refuseTrade, complete: true}
		w.tradeOpts(&s)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	if o.tok == "buy" {
		s = step{prompt: "How many grain do you buy?", topic: TopicBuyGrain}
		s.refuse = func(tok string) error {
			return engine.Rule("grain.amount", TopicBuyGrain, "you can buy 1 to %d grain now (one from each barn, any number from the field, what you can afford and carry)", w.maxBuy())
		}
		for n := 1; n <= w.maxBuy(); n++ {
			c, _ := w.buyQuote(n)
			s.opts = append(s.opts, opt{tok: itoa(n), label: fmt.Sprintf("Buy %s for %s", plural(n, "grain", "grain"), dollars(c))})
		}
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
		w.buyGrain(atoi(o.tok))
		return end(rest, i)
	}
	s = step{prompt: "How many grain do you sell?", topic: TopicSellGrain}
	s.refuse = func(tok string) error {
		return engine.Rule("grain.amount", TopicSellGrain, "you can sell 1 to %d grain now (your grain, and room in the barns and the field)", w.maxSell())
	}
	for n := 1; n <= w.maxSell(); n++ {
		c, _ := w.sellQuote(n)
		s.opts = append(s.opts, opt{tok: itoa(n), label: fmt.Sprintf("Sell %s for %s", plural(n, "grain", "grain"), dollars(c))})
	}
	if o, stop, err = pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	w.sellGrain(atoi(o.tok))
	return end(rest, i)
}

// buyGrain takes n grain: one from each of the cheapest non-empty barns,
// the rest from the field. RB Buy grain.
func (w *walker) buyGrain(n int) {
	cost, _ := w.buyQuote(n)
	p := w.p()
	left := n
	for b := range w.st.Barns {
		if left > 0 && w.st.Barns[b] > 0 {
			w.st.Barns[b]--
			left--
		}
	}
	w.st.Field -= left
	p.Grain += n
	p.Money -= cost
	w.event("grain-buy", fmt.Sprintf("%s buys %s for %s", seatTitle(w.seat), plural(n, "grain", "grain"), dollars(cost)), "grain", itoa(n), "money", itoa(cost))
}

// sellGrain fills the barns cheapest first, then the field. RB Sell grain.
func (w *walker) sellGrain(n int) {
	money, _ := w.sellQuote(n)
	cp := w.st.capacity()
	left := n
	for b := range w.st.Barns {
		k := min(left, cp-w.st.Barns[b])
		w.st.Barns[b] += k
		left -= k
	}
	w.st.Field += left
	p := w.p()
	p.Grain -= n
	p.Money += money
	w.event("grain-sell", fmt.Sprintf("%s sells %s for %s", seatTitle(w.seat), plural(n, "grain", "grain"), dollars(money)), "grain", itoa(n), "money", itoa(money))
}

// ---- Sow seeds (RB Sow seeds; PA Farmer, double sowing) ----

// seedsPerGround is how many seeds one ground may take.
func (w *walker) seedsPerGround() int {
	if n, ok := w.p().has(effDoubleSow, 0); ok {
		return n
	}
	return 1
}

// sowGround returns the ground of territory t the next seed goes to, or
// -1: with double sowing a ground already sown fills up first, keeping the
// other ground free to build on.
func (w *walker) sowGround(t int) int {
	if w.st.Terrs[t].Owner != w.seat {
		return -1
	}
	per := w.seedsPerGround()
	tr := &w.st.Terrs[t]
	for g := 0; g < theData.terrs[t].Grounds; g++ {
		if tr.Grounds[g].Kind == GroundEmpty && tr.Grounds[g].Seeds > 0 && tr.Grounds[g].Seeds < per {
			return g
		}
	}
	return w.st.emptyGround(t)
}

func (w *walker) farmerOK() bool {
	p := w.p()
	return (p.holds(charFarmer) || w.farmerNow) && p.FarmerSeeds < theData.rules.FarmerSeeds.Value
}

func (w *walker) canSow() bool {
	if w.p().Grain == 0 {
		return false
	}
	if w.farmerOK() {
		return true
	}
	for t := range w.st.Terrs {
		if w.sowGround(t) >= 0 {
			return true
		}
	}
	return false
}

func (w *walker) walkSow(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	last, sown := 0, 0
	var where []string
	for {
		s := step{prompt: "Where do you sow a grain?", complete: sown > 0, topic: TopicSow}
		if sown > 0 {
			s.prompt = "Sow another grain? Where?"
		}
		lastCopy := last
		s.refuse = func(tok string) error {
			if p.Grain == 0 {
				return engine.Rule("sow.no-grain", TopicSow, "you have no grain left on your tracking card")
			}
			if tok == "farmer" {
				return engine.Rule("sow.farmer", TopicCharacterPrefix+"farmer", "you can sow on the Farmer card only by playing it (hired this turn, at most %d seeds)", theData.rules.FarmerSeeds.Value)
			}
			t, ok := theData.terrIndex[tok]
			switch {
			case !ok:
				return engine.Rule("territory.unknown", TopicBuildingArea, "%q is not a territory", tok)
			case w.st.Terrs[t].Owner != w.seat:
				return engine.Rule("sow.not-yours", TopicSow, "%s is not your territory", tok)
			case w.sowGround(t) < 0:
				return engine.Rule("sow.no-ground", TopicSow, "%s has no empty building ground to sow", tok)
			case t < lastCopy:
				return engine.Rule("sow.order", TopicNotation, "list the territories in board order, the Farmer card last")
			}
			return nil
		}
		if p.Grain > 0 {
			for t := last; t < len(w.st.Terrs); t++ {
				if w.sowGround(t) >= 0 {
					s.opts = append(s.opts, opt{tok: terrToken(t), label: "Sow on " + terrToken(t)})
				}
			}
			if w.farmerOK() {
				s.opts = append(s.opts, opt{tok: "farmer", label: "Sow on the Farmer card"})
			}
		}
		o, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			if stop && sown > 0 {
				w.event("sow", fmt.Sprintf("%s sows %s on %s", seatTitle(w.seat), plural(sown, "grain", "grain"), strings.Join(where, ", ")), "grain", itoa(sown), "where", strings.Join(where, ","))
			}
			return s, err
		}
		p.Grain--
		sown++
		where = append(where, o.tok)
		if o.tok == "farmer" {
			p.Played = true
			w.farmerNow = true
			p.FarmerSeeds++
			last = len(w.st.Terrs)
			continue
		}
		t := theData.terrIndex[o.tok]
		w.st.Terrs[t].Grounds[w.sowGround(t)].Seeds++
		last = t
	}
}

// ---- Receive work orders (RB Receive work orders; PA Foreman) ----

func (w *walker) orderSlotOpen(k int) bool {
	sl := &w.st.Display[k]
	return sl.Card >= 0 && len(sl.Markers) < len(theData.factories[sl.Card].orders)
}

func (w *walker) canOrders() bool {
	if w.st.freeMarkers(w.seat) == 0 {
		return false
	}
	for k := range w.st.Display {
		if w.orderSlotOpen(k) {
			return true
		}
	}
	return false
}

func (w *walker) slotByToken(tok string) int {
	for k, sl := range w.st.Display {
		if sl.Card >= 0 && cardToken(sl.Card) == tok {
			return k
		}
	}
	return -1
}

func (w *walker) refuseOrderCard(tok string) error {
	if tok == "foreman" {
		return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Foreman this turn (or it is spent)")
	}
	k := w.slotByToken(tok)
	if k < 0 {
		return engine.Rule("orders.not-displayed", TopicOrderArea, "%q is not one of the factory cards on display", tok)
	}
	return engine.Rule("orders.full", TopicOrders, "every work-order space of the %s is taken", cardName(w.st.Display[k].Card))
}

func (w *walker) walkOrders(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	factor := 1
	s := step{prompt: "Which factory card's work orders?", topic: TopicOrders, refuse: w.refuseOrderCard}
	if p.holds(charForeman) {
		s.opts = append(s.opts, opt{tok: "foreman", label: "Play the Foreman: twice the work orders"})
	}
	w.orderOpts(&s, 1)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "foreman" {
		p.Played = true
		factor = 2
		s = step{prompt: "Which factory card's work orders (doubled)?", topic: TopicOrders, refuse: w.refuseOrderCard}
		w.orderOpts(&s, 2)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	k := w.slotByToken(o.tok)
	sl := &w.st.Display[k]
	f := &theData.factories[sl.Card]
	sp := f.orders[len(sl.Markers)]
	sl.Markers = append(sl.Markers, w.seat)
	want := sp.count * factor
	got := min(want, w.st.Supply[sp.colour])
	w.st.Supply[sp.colour] -= got
	p.Orders[sp.colour] += got
	text := fmt.Sprintf("%s puts an action marker on the %s and takes %d %s work %s", seatTitle(w.seat), f.Name, got, sp.colour, pluralWord(got, "order", "orders"))
	if factor > 1 {
		text = fmt.Sprintf("%s plays the Foreman, puts an action marker on the %s and takes %d %s work %s", seatTitle(w.seat), f.Name, got, sp.colour, pluralWord(got, "order", "orders"))
	}
	if got < want {
		text += fmt.Sprintf(" (the supply had only %d)", got)
	}
	w.event("orders", text, "card", o.tok, "colour", sp.colour.String(), "count", itoa(got))
	if len(sl.Markers) == len(f.orders) {
		bonus := theData.rules.LastSpaceBonus.Value
		p.Money += bonus
		w.event("orders-bonus", fmt.Sprintf("%s fills the last work-order space of the %s: +%s", seatTitle(w.seat), f.Name, dollars(bonus)), "money", itoa(bonus))
	}
	return end(rest, i)
}

func (w *walker) orderOpts(s *step, factor int) {
	for k, sl := range w.st.Display {
		if !w.orderSlotOpen(k) {
			continue
		}
		f := &theData.factories[sl.Card]
		sp := f.orders[len(sl.Markers)]
		label := fmt.Sprintf("%s: %d %s (space %d of %d)", f.Name, sp.count*factor, sp.colour, len(sl.Markers)+1, len(f.orders))
		if len(sl.Markers)+1 == len(f.orders) {
			label += fmt.Sprintf(", +%s", dollars(theData.rules.LastSpaceBonus.Value))
		}
		s.opts = append(s.opts, opt{tok: cardToken(sl.Card), label: label})
	}
}

// ---- Attract industry (RB Attract industry; PA Industrialist) ----

// attractTargets lists where card c can go for the seat: a new factory on
// an empty ground of its territories, or over one of its factories with a
// lower number.
func (w *walker) attractTargets(c int) []opt {
	var out []opt
	if w.st.FactoryPool > 0 {
		for t := range w.st.Terrs {
			if w.st.Terrs[t].Owner == w.seat && w.st.emptyGround(t) >= 0 {
				out = append(out, opt{tok: terrToken(t), label: fmt.Sprintf("Build a new factory on %s (+%d VP)", terrToken(t), theData.rules.FactoryVP.Value)})
			}
		}
	}
	for _, f := range w.sortedFactories() {
		a := f.active()
		if theData.factories[a].Number < theData.factories[c].Number {
			out = append(out, opt{tok: cardToken(a), label: fmt.Sprintf("Upgrade your %s (#%d) (+%d VP)", cardName(a), theData.factories[a].Number, theData.rules.FactoryVP.Value)})
		}
	}
	return out
}

// sortedFactories is the seat's factories by active card number.
func (w *walker) sortedFactories() []*Factory {
	var out []*Factory
	for i := range w.p().Factories {
		out = append(out, &w.p().Factories[i])
	}
	slices.SortFunc(out, func(a, b *Factory) int { return a.active() - b.active() })
	return out
}

func (w *walker) slotFull(k int) bool {
	sl := &w.st.Display[k]
	return sl.Card >= 0 && len(sl.Markers) == len(theData.factories[sl.Card].orders)
}

func (w *walker) attractable(k int, industrialist bool) bool {
	sl := &w.st.Display[k]
	return sl.Card >= 0 && (industrialist || w.slotFull(k)) && len(w.attractTargets(sl.Card)) > 0
}

func (w *walker) canAttract() bool {
	return w.st.freeMarkers(w.seat) > 0 && w.anyAttractable(w.p().holds(charIndustrialist))
}

func (w *walker) anyAttractable(industrialist bool) bool {
	for k := range w.st.Display {
		if w.attractable(k, industrialist) {
			return true
		}
	}
	return false
}

func (w *walker) refuseAttract(industrialist bool) func(string) error {
	return func(tok string) error {
		if tok == "industrialist" {
			return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Industrialist this turn (or it is spent)")
		}
		k := w.slotByToken(tok)
		switch {
		case k < 0:
			return engine.Rule("attract.not-displayed", TopicOrderArea, "%q is not one of the factory cards on display", tok)
		case !industrialist && !w.slotFull(k):
			return engine.Rule("attract.not-full", TopicAttract, "the %s still has empty work-order spaces", cardName(w.st.Display[k].Card))
		}
		return engine.Rule("attract.no-site", TopicAttract, "you have neither an empty building ground for a new factory (with a factory left in the pool) nor a lower-numbered factory to upgrade")
	}
}

func (w *walker) walkAttract(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	ind := false
	s := step{prompt: "Which factory card do you attract?", topic: TopicAttract, refuse: w.refuseAttract(false)}
	if p.holds(charIndustrialist) && w.anyAttractable(true) {
		s.opts = append(s.opts, opt{tok: "industrialist", label: "Play the Industrialist: any displayed card, full or not"})
	}
	w.attractOpts(&s, false)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "industrialist" {
		p.Played = true
		ind = true
		s = step{prompt: "Which factory card do you attract?", topic: TopicAttract, refuse: w.refuseAttract(true)}
		w.attractOpts(&s, true)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	k := w.slotByToken(o.tok)
	c := w.st.Display[k].Card
	returned := len(w.st.Display[k].Markers)
	w.st.refillSlot(k)
	text := fmt.Sprintf("%s attracts the %s (#%d)", seatTitle(w.seat), cardName(c), theData.factories[c].Number)
	if ind {
		text = fmt.Sprintf("%s plays the Industrialist and attracts the %s (#%d)", seatTitle(w.seat), cardName(c), theData.factories[c].Number)
	}
	text += fmt.Sprintf("; %s go back to their owners", plural(returned, "action marker", "action markers"))
	if nc := w.st.Display[k].Card; nc >= 0 {
		text += fmt.Sprintf("; the %s comes onto the display", cardName(nc))
	}
	w.event("attract", text, "card", o.tok)
	s = step{prompt: fmt.Sprintf("Build the %s as a new factory or upgrade one?", cardName(c)), topic: TopicAttract, opts: w.attractTargets(c)}
	s.refuse = func(tok string) error {
		if t, ok := theData.terrIndex[tok]; ok {
			switch {
			case w.st.Terrs[t].Owner != w.seat:
				return engine.Rule("attract.not-yours", TopicFactoryBuilding, "%s is not your territory", tok)
			case w.st.FactoryPool == 0:
				return engine.Rule("attract.pool-empty", TopicFactoryBuilding, "no factory is left in the pool")
			}
			return engine.Rule("attract.no-ground", TopicFactoryBuilding, "%s has no empty building ground", tok)
		}
		if f, ok := theData.factIndex[tok]; ok {
			if !slices.ContainsFunc(p.Factories, func(x Factory) bool { return x.active() == f }) {
				return engine.Rule("upgrade.not-yours", TopicUpgrade, "you have no active %s to upgrade", cardName(f))
			}
			return engine.Rule("upgrade.number", TopicUpgrade, "the %s (#%d) can only upgrade a factory with a lower number than its own, not the %s (#%d)",
				cardName(c), theData.factories[c].Number, cardName(f), theData.factories[f].Number)
		}
		return engine.Rule("attract.target", TopicAttract, "%q: name a territory of yours for a new factory or a factory of yours to upgrade", tok)
	}
	o, stop, err = pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	vp := theData.rules.FactoryVP.Value
	p.score(scoreFactories, vp)
	if t, ok := theData.terrIndex[o.tok]; ok {
		g := w.st.emptyGround(t)
		w.st.Terrs[t].Grounds[g].Kind = GroundFactory
		w.st.FactoryPool--
		p.Factories = append(p.Factories, Factory{Terr: t, Ground: g, Cards: []int{c}})
		w.event("factory", fmt.Sprintf("%s builds the %s as a new factory on %s (+%d VP)", seatTitle(w.seat), cardName(c), o.tok, vp), "card", cardToken(c), "territory", o.tok)
	} else {
		f := theData.factIndex[o.tok]
		for j := range p.Factories {
			if p.Factories[j].active() == f {
				p.Factories[j].Cards = append(p.Factories[j].Cards, c)
			}
		}
		w.event("upgrade", fmt.Sprintf("%s upgrades the %s with the %s (+%d VP)", seatTitle(w.seat), cardName(f), cardName(c), vp), "card", cardToken(c), "over", o.tok)
	}
	return end(rest, i)
}

func (w *walker) attractOpts(s *step, industrialist bool) {
	for k, sl := range w.st.Display {
		if w.attractable(k, industrialist) {
			f := &theData.factories[sl.Card]
			s.opts = append(s.opts, opt{tok: cardToken(sl.Card), label: fmt.Sprintf("%s (#%d, %d %s %s)", f.Name, f.Number, f.Goods.Count, f.goods, pluralWord(f.Goods.Count, "good", "goods"))})
		}
	}
}

// ---- Produce goods (RB Produce goods; PA Engineer; inventions) ----

// maxGoods is the most goods factory card c produces for the seat: the
// printed count, or at least the invention's minimum for its colour.
func (w *walker) maxGoods(c int) int {
	f := &theData.factories[c]
	n := f.Goods.Count
	if m, ok := w.p().has(effMinOutput, f.goods); ok {
		n = max(n, m)
	}
	return n
}

// goodCounts lists the numbers of goods a factory may produce: 1 up to the
// most with production=up-to, exactly the most with production=exact.
func (w *walker) goodCounts(c int) []int {
	m := w.maxGoods(c)
	if w.st.Opts.Production == "exact" {
		return []int{m}
	}
	out := make([]int, m)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// moneyPer is what one work order of colour c earns.
func (w *walker) moneyPer(c Colour) int {
	if m, ok := w.p().has(effGoodMoney, c); ok {
		return m
	}
	return theData.orderValues[c]
}

// pointsPer is what one good of colour c scores.
func (w *walker) pointsPer(c Colour) int {
	if m, ok := w.p().has(effGoodPoints, c); ok {
		return m
	}
	return theData.rules.GoodVP.Value
}

// productionOpts lists the "<card>:<n>" tokens of factory f.
func (w *walker) productionOpts(f *Factory) []opt {
	c := f.active()
	fc := &theData.factories[c]
	var out []opt
	for _, n := range w.goodCounts(c) {
		if w.p().Orders[fc.goods] < n {
			continue
		}
		out = append(out, opt{tok: fmt.Sprintf("%s:%d", cardToken(c), n),
			label: fmt.Sprintf("%s: %d %s %s (%s, +%d VP)", fc.Name, n, fc.goods, pluralWord(n, "good", "goods"), dollars(n*w.moneyPer(fc.goods)), n*w.pointsPer(fc.goods))})
	}
	return out
}

// engineerOpts lists the "<card>:<letters>" tokens of factory f paid with
// any colours: one letter per work order, w g o in that order.
func (w *walker) engineerOpts(f *Factory) []opt {
	c := f.active()
	fc := &theData.factories[c]
	var out []opt
	p := w.p()
	for _, n := range w.goodCounts(c) {
		for wc := 0; wc <= n; wc++ {
			for gc := 0; wc+gc <= n; gc++ {
				oc := n - wc - gc
				if wc > p.Orders[White] || gc > p.Orders[Grey] || oc > p.Orders[Orange] {
					continue
				}
				letters := strings.Repeat("w", wc) + strings.Repeat("g", gc) + strings.Repeat("o", oc)
				money := wc*w.moneyPer(White) + gc*w.moneyPer(Grey) + oc*w.moneyPer(Orange)
				out = append(out, opt{tok: cardToken(c) + ":" + letters,
					label: fmt.Sprintf("%s: %d %s paid with %s (%s, +%d VP)", fc.Name, n, pluralWord(n, "good", "goods"), letters, dollars(money), n*w.pointsPer(fc.goods))})
			}
		}
	}
	return out
}

func (w *walker) canProduce() bool {
	eng := w.p().holds(charEngineer)
	for i := range w.p().Factories {
		f := &w.p().Factories[i]
		if f.produced() {
			continue
		}
		if len(w.productionOpts(f)) > 0 || (eng && len(w.engineerOpts(f)) > 0) {
			return true
		}
	}
	return false
}

func (w *walker) refuseProduce(last int) func(string) error {
	return func(tok string) error {
		if tok == "engineer" {
			return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Engineer this turn (or it is spent)")
		}
		name, spec, _ := strings.Cut(tok, ":")
		c, ok := theData.factIndex[name]
		if !ok {
			return engine.Rule("produce.notation", TopicNotation, "%q: name a factory and the goods, like windmill:2", tok)
		}
		var f *Factory
		for j := range w.p().Factories {
			if w.p().Factories[j].active() == c {
				f = &w.p().Factories[j]
			}
		}
		switch {
		case f == nil:
			return engine.Rule("produce.not-yours", TopicProduce, "you have no active %s", cardName(c))
		case f.produced():
			return engine.Rule("produce.once", TopicProduce, "your %s has already produced this turn", cardName(c))
		case theData.factories[c].Number < last:
			return engine.Rule("produce.order", TopicNotation, "list your factories in number order")
		case spec == "":
			return engine.Rule("produce.notation", TopicNotation, "%q: add the number of goods, like %s:1", tok, name)
		}
		fc := &theData.factories[c]
		if !allDigits(spec) {
			return engine.Rule("produce.notation", TopicNotation, "%q: without the Engineer write the number of goods, like %s:1", tok, name)
		}
		n := atoi(spec)
		switch {
		case w.st.Opts.Production == "exact" && n != w.maxGoods(c):
			return engine.Rule("produce.count", TopicProduce, "the %s makes exactly %d goods (option production=exact)", fc.Name, w.maxGoods(c))
		case n < 1 || n > w.maxGoods(c):
			return engine.Rule("produce.count", TopicProduce, "the %s makes 1 to %d goods", fc.Name, w.maxGoods(c))
		}
		return engine.Rule("produce.orders", TopicProduce, "%d %s goods at the %s need %d %s work orders; you hold %d",
			n, fc.goods, fc.Name, n, fc.goods, w.p().Orders[fc.goods])
	}
}

func (w *walker) walkProduce(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: "Which factory produces?", topic: TopicProduce, refuse: w.refuseProduce(0)}
	if p.holds(charEngineer) {
		for _, f := range w.sortedFactories() {
			if !f.produced() && len(w.engineerOpts(f)) > 0 {
				s.opts = append(s.opts, opt{tok: "engineer", label: "Play the Engineer: pay one factory with any colours"})
				break
			}
		}
	}
	for _, f := range w.sortedFactories() {
		if !f.produced() {
			s.opts = append(s.opts, w.productionOpts(f)...)
		}
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	eng := o.tok == "engineer"
	if eng {
		p.Played = true
		w.event("engineer", fmt.Sprintf("%s plays the Engineer", seatTitle(w.seat)))
		s = step{prompt: "Which factory, paid with which work orders?", topic: TopicProduce}
		s.refuse = func(tok string) error {
			return engine.Rule("produce.engineer", TopicCharacterPrefix+"engineer", "%q: with the Engineer name a factory of yours and one letter per work order paid (w, g, o), like windmill:wo", tok)
		}
		for _, f := range w.sortedFactories() {
			if !f.produced() {
				s.opts = append(s.opts, w.engineerOpts(f)...)
			}
		}
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
		w.produce(o.tok, true)
	} else {
		w.produce(o.tok, false)
	}
	// The other factories follow in number order (the Engineer's comes
	// first, whatever its number).
	last := 0
	if !eng {
		last = factoryNumber(o.tok)
	}
	for {
		s = step{prompt: "Another factory?", topic: TopicProduce, complete: true, refuse: w.refuseProduce(last + 1)}
		for _, f := range w.sortedFactories() {
			if !f.produced() && theData.factories[f.active()].Number > last {
				s.opts = append(s.opts, w.productionOpts(f)...)
			}
		}
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
		w.produce(o.tok, false)
		last = factoryNumber(o.tok)
	}
}

// factoryNumber is the number of the card a production token names.
func factoryNumber(tok string) int {
	name, _, _ := strings.Cut(tok, ":")
	return theData.factories[theData.factIndex[name]].Number
}

// produce carries out one factory's production from its token.
func (w *walker) produce(tok string, engineer bool) {
	name, spec, _ := strings.Cut(tok, ":")
	c := theData.factIndex[name]
	p := w.p()
	var f *Factory
	for j := range p.Factories {
		if p.Factories[j].active() == c {
			f = &p.Factories[j]
		}
	}
	fc := &theData.factories[c]
	var paid [numColours]int
	n := 0
	if engineer {
		for _, l := range []byte(spec) {
			paid[strings.IndexByte("wgo", l)]++
			n++
		}
	} else {
		n = atoi(spec)
		paid[fc.goods] = n
	}
	money := 0
	for col := Colour(0); col < numColours; col++ {
		p.Orders[col] -= paid[col]
		f.Output[col] += paid[col]
		money += paid[col] * w.moneyPer(col)
	}
	vp := n * w.pointsPer(fc.goods)
	p.Money += money
	p.score(scoreProduction, vp)
	w.event("produce", fmt.Sprintf("%s's %s produces %s: +%s, +%d VP", seatTitle(w.seat), fc.Name, plural(n, "good", "goods"), dollars(money), vp),
		"card", name, "goods", itoa(n), "money", itoa(money), "vp", itoa(vp))
}

// ---- Collect taxes (RB Collect taxes; PA Tax Collector) ----

func (w *walker) canTaxes() bool { p := w.p(); return p.Taxes > p.Citizens }

// collect moves the tax marker one space left and pays $1 per citizen.
func (w *walker) collect() {
	p := w.p()
	p.Taxes--
	p.Money += p.Citizens
	w.event("taxes", fmt.Sprintf("%s collects taxes: %s from %s (tax marker to %d)", seatTitle(w.seat), dollars(p.Citizens), plural(p.Citizens, "citizen", "citizens"), p.Taxes),
		"money", itoa(p.Citizens), "taxes", itoa(p.Taxes))
}

func (w *walker) walkTaxes(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	w.collect()
	s := step{prompt: "Collect a second time with the Tax Collector?", topic: TopicTaxes, complete: true}
	s.refuse = func(tok string) error {
		if tok == "collector" && p.holds(charCollector) {
			return engine.Rule("taxes.condition", TopicTaxes, "your tax marker (%d) must stand right of your citizen marker (%d) for the second collection", p.Taxes, p.Citizens)
		}
		if tok == "collector" {
			return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Tax Collector this turn (or it is spent)")
		}
		return nil
	}
	if p.holds(charCollector) && p.Taxes > p.Citizens {
		s.opts = append(s.opts, opt{tok: "collector", label: "Play the Tax Collector: collect again"})
	}
	if _, stop, err := pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	p.Played = true
	w.event("collector", fmt.Sprintf("%s plays the Tax Collector", seatTitle(w.seat)))
	w.collect()
	return end(rest, i)
}

// ---- Acquire invention (PA Inventions expansion; Professor) ----

func (w *walker) spaces() int { return len(w.st.Docks) }

func (w *walker) canInvent() bool {
	if !w.st.Opts.Inventions {
		return false
	}
	if w.st.freeMarkers(w.seat) > 0 {
		return true
	}
	for _, d := range w.p().Docked {
		if d < w.spaces()-1 {
			return true
		}
	}
	return false
}

func (w *walker) canRecall() bool { return w.st.Opts.Inventions && len(w.p().Docked) > 0 }

// moveCost is what moving a marker from space from (-1 for a new marker,
// which enters on the leftmost space) to space to costs: the first space of
// a movement is free, each further one costs $1.
func moveCost(from, to int) int {
	return max(0, to-from-1) * theData.rules.InventionStepCost.Value
}

func (w *walker) dockLabel(q int) string {
	var names []string
	for _, c := range w.st.Docks[q] {
		names = append(names, theData.inventions[c].Name)
	}
	if len(names) == 0 {
		return "no cards left"
	}
	return strings.Join(names, ", ")
}

func (w *walker) walkInvent(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	prof := false
	fromStep := func(withProf bool) step {
		s := step{prompt: "Which action marker do you move?", topic: TopicAcquire}
		if withProf && p.holds(charProfessor) {
			s.opts = append(s.opts, opt{tok: "professor", label: "Play the Professor: take every card where the marker stops"})
		}
		if w.st.freeMarkers(w.seat) > 0 {
			s.opts = append(s.opts, opt{tok: "new", label: "A new marker from your pool (enters on s1)"})
		}
		seen := -1
		for _, d := range p.Docked {
			if d != seen && d < w.spaces()-1 {
				s.opts = append(s.opts, opt{tok: spaceToken(d), label: "Your marker on " + spaceToken(d)})
			}
			seen = d
		}
		s.refuse = func(tok string) error {
			switch {
			case tok == "professor":
				return engine.Rule("character.not-held", TopicCharacters, "you have not hired the Professor this turn (or it is spent)")
			case tok == "new":
				return engine.Rule("markers.none", TopicActionMarkers, "all ten of your action markers are on the board")
			}
			if d, ok := parseSpace(tok); ok && d < w.spaces() {
				if !slices.Contains(p.Docked, d) {
					return engine.Rule("invent.no-marker", TopicAcquire, "you have no action marker on %s", tok)
				}
				return engine.Rule("invent.last-space", TopicAcquire, "a marker on the last docking space cannot move further")
			}
			return engine.Rule("invent.from", TopicAcquire, "%q: move a new marker (new) or one of yours (s1 to s%d)", tok, w.spaces())
		}
		return s
	}
	s := fromStep(true)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "professor" {
		p.Played = true
		prof = true
		s = fromStep(false)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	from := -1
	if o.tok != "new" {
		from, _ = parseSpace(o.tok)
	}
	s = step{prompt: "To which docking space?", topic: TopicAcquire}
	first := from + 1
	for q := first; q < w.spaces(); q++ {
		c := moveCost(from, q)
		if from < 0 {
			c = q * theData.rules.InventionStepCost.Value
		}
		if c <= p.Money {
			s.opts = append(s.opts, opt{tok: spaceToken(q), label: fmt.Sprintf("Stop on %s (%s): %s", spaceToken(q), dollars(c), w.dockLabel(q))})
		}
	}
	s.refuse = func(tok string) error {
		q, ok := parseSpace(tok)
		switch {
		case !ok || q >= w.spaces():
			return engine.Rule("invent.space", TopicAcquire, "%q is not a docking space (s1 to s%d)", tok, w.spaces())
		case q < first:
			return engine.Rule("invent.backwards", TopicAcquire, "markers move left to right and must move at least one space")
		}
		return engine.Rule("invent.money", TopicAcquire, "moving there costs more than your %s", dollars(p.Money))
	}
	if o, stop, err = pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	q, _ := parseSpace(o.tok)
	cost := moveCost(from, q)
	if from < 0 {
		cost = q * theData.rules.InventionStepCost.Value
	}
	p.Money -= cost
	if from >= 0 {
		j := slices.Index(p.Docked, from)
		p.Docked = slices.Delete(p.Docked, j, j+1)
	}
	p.Docked = append(p.Docked, q)
	slices.Sort(p.Docked)
	what := "moves their marker from " + spaceToken(from)
	if from < 0 {
		what = "puts a new marker on the invention track"
	}
	w.event("invent-move", fmt.Sprintf("%s %s to %s for %s", seatTitle(w.seat), what, o.tok, dollars(cost)), "to", o.tok, "money", itoa(cost))
	if len(w.st.Docks[q]) == 0 {
		return end(rest, i)
	}
	if prof {
		for len(w.st.Docks[q]) > 0 {
			w.takeInvention(q, w.st.Docks[q][0], "with the Professor")
		}
		return end(rest, i)
	}
	s = step{prompt: "Which invention do you take?", topic: TopicAcquire}
	for _, c := range w.st.Docks[q] {
		s.opts = append(s.opts, opt{tok: invToken(c), label: theData.inventions[c].Name, help: inventionText(c)})
	}
	s.refuse = func(tok string) error {
		return engine.Rule("invent.card", TopicAcquire, "%q is not a card on %s", tok, spaceToken(q))
	}
	if o, stop, err = pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	w.takeInvention(q, theData.invIndex[o.tok], "")
	return end(rest, i)
}

// takeInvention moves card c from docking space q to the seat: 1 point.
func (w *walker) takeInvention(q, c int, how string) {
	d := w.st.Docks[q]
	j := slices.Index(d, c)
	w.st.Docks[q] = slices.Delete(d, j, j+1)
	p := w.p()
	p.Inventions = append(p.Inventions, c)
	vp := theData.rules.InventionVP.Value
	p.score(scoreInventions, vp)
	text := fmt.Sprintf("%s takes the invention %s (+%d VP)", seatTitle(w.seat), theData.inventions[c].Name, vp)
	if how != "" {
		text = fmt.Sprintf("%s takes the invention %s %s (+%d VP)", seatTitle(w.seat), theData.inventions[c].Name, how, vp)
	}
	w.event("invention", text, "card", invToken(c))
}

// walkRecall: PA Inventions: a player may take his markers off the
// invention track at any time; the engine lets him do so on his turn of an
// action phase, before his action, at no cost.
func (w *walker) walkRecall(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: "Take back your marker from which space?", topic: TopicRecall}
	seen := -1
	for _, d := range p.Docked {
		if d != seen {
			s.opts = append(s.opts, opt{tok: spaceToken(d), label: "Take back your marker from " + spaceToken(d)})
		}
		seen = d
	}
	s.refuse = func(tok string) error {
		return engine.Rule("recall.space", TopicRecall, "you have no action marker on %q", tok)
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	d, _ := parseSpace(o.tok)
	j := slices.Index(p.Docked, d)
	p.Docked = slices.Delete(p.Docked, j, j+1)
	w.free = true
	w.event("recall", fmt.Sprintf("%s takes their action marker back from %s", seatTitle(w.seat), o.tok), "space", o.tok)
	return end(rest, i)
}

// parseSpace reads "s<n>" as a 0-based docking space.
func parseSpace(tok string) (int, bool) {
	rest, ok := strings.CutPrefix(tok, "s")
	if !ok || rest == "" || len(rest) > 2 {
		return 0, false
	}
	n := 0
	for _, r := range rest {
		if r < '0' || r > '9' {
			return 0, false
		}
		n = n*10 + int(r-'0')
	}
	if n < 1 {
		return 0, false
	}
	return n - 1, true
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func aName(noun string) string {
	if noun != "" && strings.ContainsRune("aeiou", rune(noun[0])) {
		return "an " + noun
	}
	return "a " + noun
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
