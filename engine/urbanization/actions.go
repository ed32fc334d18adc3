package urbanization

import (
	"slices"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// ---- Buy land (RB THE ACTIONS IN DETAIL, Buy land; PA Estate Agent) ----

func (w *walker) landCost(t int) int {
	return w.st.Terrs[t].Markers * theData().rules.PricePerMarker.Value
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
		if w.p().holds(charAgent) {
			// The card is held but no territory is an agentTarget:
			// walkLand is reached only when some neighbour is buyable,
			// so that one is the only affordable territory for sale,
			// and a swap with it never brings another neighbour within
			// reach.
			return rule("agent.none", TopicCharacterPrefix+"agent", "money", itoa(w.p().Money))
		}
		return rule("character.not-held", TopicCharacters, "character", "agent")
	}
	if err := w.refuseTerritory(TopicBuyLand, true)(tok); err != nil {
		return err
	}
	t := theData().terrIndex[tok]
	return rule("land.money", TopicBuyLand, "number", itoa(terrNumber(t)), "cost", itoa(w.landCost(t)), "markers", itoa(w.st.Terrs[t].Markers), "money", itoa(w.p().Money))
}

func (w *walker) walkLand(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: msg("prompt.land"), topic: TopicBuyLand, refuse: w.refuseLand}
	if p.holds(charAgent) && slices.ContainsFunc(w.terrList(), w.agentTarget) {
		s.opts = append(s.opts, opt{tok: "agent", label: msg("choice.agent")})
	}
	for t := range w.st.Terrs {
		if w.buyable(t) {
			s.opts = append(s.opts, opt{tok: terrToken(t), label: msg("choice.land", "territory", terrToken(t), "cost", itoa(w.landCost(t))),
				help: msg("choice.grounds", "count", itoa(theData().terrs[t].Grounds))})
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
		s = step{prompt: msg("prompt.land-swap"), topic: TopicBuyLand, refuse: func(tok string) error {
			if err := w.refuseTerritory(TopicBuyLand, true)(tok); err != nil {
				return err
			}
			// For sale and next to the seat's land, but no other
			// territory for sale is affordable to swap with.
			t := theData().terrIndex[tok]
			return rule("agent.no-swap", TopicCharacterPrefix+"agent", "territory", tok, "money", itoa(p.Money), "number", itoa(terrNumber(t)))
		}}
		for t := range w.st.Terrs {
			if w.agentTarget(t) {
				s.opts = append(s.opts, opt{tok: terrToken(t), label: msg("choice.land-swap", "territory", terrToken(t), "count", itoa(w.st.Terrs[t].Markers))})
			}
		}
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
		t := theData().terrIndex[o.tok]
		s = step{prompt: msg("prompt.swap", "territory", terrToken(t)), topic: TopicPriceMarkers}
		s.refuse = func(tok string) error {
			u, ok := theData().terrIndex[tok]
			switch {
			case !ok:
				return rule("territory.unknown", TopicBuildingArea, "token", tok)
			case u == t || !w.st.forSale(u):
				return rule("agent.swap", TopicCharacterPrefix+"agent")
			}
			return ruleVariant("land.money", "swap", TopicBuyLand, "territory", terrToken(t), "cost", itoa(w.landCost(u)), "money", itoa(p.Money))
		}
		for u := range w.st.Terrs {
			if u != t && w.st.forSale(u) && w.landCost(u) <= p.Money {
				s.opts = append(s.opts, opt{tok: terrToken(u), label: msg("choice.swap", "territory", terrToken(u), "cost", itoa(w.landCost(u)))})
			}
		}
		o2, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			return s, err
		}
		u := theData().terrIndex[o2.tok]
		a, b := &w.st.Terrs[t], &w.st.Terrs[u]
		a.Markers, b.Markers = b.Markers, a.Markers
		w.act("agent", "agent", "a", o.tok, "b", o2.tok, "na", itoa(terrNumber(t)), "nb", itoa(terrNumber(u)))
	}
	t := theData().terrIndex[o.tok]
	tr := &w.st.Terrs[t]
	cost := w.landCost(t)
	p.Money -= cost
	k := tr.Markers
	tr.Owner, tr.Markers = w.seat, 0
	w.act("land", "land", "territory", o.tok, "money", itoa(cost))
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
	r := &theData().rules
	switch kind {
	case bHouse:
		return max(0, r.HouseCost.Value-disc)
	case bSkyscraper:
		return max(0, r.SkyscraperCost.Value-disc)
	}
	return max(0, r.AdminCost.Value-disc)
}

func buildVP(kind string) int {
	r := &theData().rules
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
		disc = theData().rules.ArchitectDiscount.Value
	}
	for _, k := range buildKinds {
		if w.canBuildKind(k, disc) {
			return true
		}
	}
	return false
}

var buildTopics = map[string]string{bHouse: TopicHouse, bSkyscraper: TopicSkyscraper, bAdmin: TopicAdmin}

func (w *walker) refuseKind(disc int) func(string) error {
	return func(tok string) error {
		if tok == "architect" {
			return rule("character.not-held", TopicCharacters, "character", "architect")
		}
		if !slices.Contains(buildKinds, tok) {
			return rule("build.unknown", TopicBuild, "token", tok)
		}
		switch {
		case w.st.pool(tok) == 0:
			return rule("build.pool-empty", buildTopics[tok], "building", tok)
		case buildCost(tok, disc) > w.p().Money:
			return rule("build.money", buildTopics[tok], "building", tok, "cost", itoa(buildCost(tok, disc)), "money", itoa(w.p().Money))
		case tok == bSkyscraper:
			return rule("build.no-house", TopicSkyscraper)
		}
		return rule("build.no-ground", TopicHouse)
	}
}

func (w *walker) walkBuild(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	disc := 0
	s := step{prompt: msg("prompt.build"), topic: TopicBuild, refuse: w.refuseKind(0)}
	arch := p.holds(charArchitect)
	if arch && w.canBuildWith(theData().rules.ArchitectDiscount.Value) {
		s.opts = append(s.opts, opt{tok: "architect", label: msg("choice.architect", "money", itoa(theData().rules.ArchitectDiscount.Value))})
	}
	w.kindOpts(&s, 0)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "architect" {
		p.Played = true
		disc = theData().rules.ArchitectDiscount.Value
		w.act("architect", "architect", "money", itoa(disc))
		s = step{prompt: msg("prompt.build"), topic: TopicBuild, refuse: w.refuseKind(disc)}
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
					s.opts = append(s.opts, opt{tok: terrToken(t), label: msg("choice.build-site."+kind, "territory", terrToken(t), "cost", itoa(cost), "vp", itoa(buildVP(kind)))})
				}
			}
		}
		if built == 0 {
			s.prompt = msg("prompt.build-site." + kind)
		} else {
			s.prompt = msg("prompt.build-another." + kind)
		}
		o, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			return s, err
		}
		t := theData().terrIndex[o.tok]
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
	for _, k := range buildKinds {
		if w.canBuildKind(k, disc) {
			s.opts = append(s.opts, opt{tok: k, label: msg("choice.build."+k, "cost", itoa(buildCost(k, disc)), "vp", itoa(buildVP(k)))})
		}
	}
}

func (w *walker) refuseSite(kind string, cost, last int) func(string) error {
	return func(tok string) error {
		t, ok := theData().terrIndex[tok]
		if !ok {
			return rule("territory.unknown", TopicBuildingArea, "token", tok)
		}
		switch {
		case w.st.Terrs[t].Owner != w.seat:
			return rule("build.not-yours", TopicBuild, "number", itoa(terrNumber(t)))
		case w.st.pool(kind) == 0:
			return rule("build.pool-empty", buildTopics[kind], "building", kind)
		case cost > w.p().Money:
			return ruleVariant("build.money", "another", buildTopics[kind], "building", kind, "cost", itoa(cost), "money", itoa(w.p().Money))
		case !w.buildSite(kind, t) && kind == bHouse:
			return ruleVariant("build.no-ground", "on", TopicHouse, "number", itoa(terrNumber(t)))
		case !w.buildSite(kind, t):
			return ruleVariant("build.no-house", "on", TopicSkyscraper, "territory", terrToken(t))
		case t < last:
			return rule("build.order", TopicNotation, "territory", terrToken(t), "before", terrToken(last))
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
	w.act("build", "build."+kind, "building", kind, "territory", terrToken(t), "money", itoa(cost), "vp", itoa(buildVP(kind)))
}

// ---- Trade grain (RB Trade grain; PA Mill Worker, cheap grain) ----

// fieldSource is the token of the grain field as a place to buy from; a
// barn's is barnToken (barn1 is the cheapest, as the board numbers them).
const fieldSource = "field"

func barnToken(b int) string { return "barn" + itoa(b+1) }

// barnIndex is the barn of token tok.
func barnIndex(tok string) (int, bool) {
	rest, ok := strings.CutPrefix(tok, "barn")
	if !ok || rest == "" || !allDigits(rest) || len(rest) > 2 {
		return 0, false
	}
	b := atoi(rest) - 1
	return b, b >= 0 && b < len(theData().barnPrices)
}

// grainPrice is what one grain from barn b (b < 0: the field) costs the
// seat: the printed price, or the flat price of the cheap-grain invention.
func (w *walker) grainPrice(b int) int {
	if flat, ok := w.p().has(effCheapGrain, 0); ok {
		return flat
	}
	if b < 0 {
		return theData().rules.FieldPrice.Value
	}
	return theData().barnPrices[b]
}

// cheapestFrom is the price of n grain taken cheapest first from the
// barns after barn after (-1: every barn), one from each that holds any,
// then from the field. ok is false when those sources hold fewer than n.
func (w *walker) cheapestFrom(after, n int) (cost int, ok bool) {
	for b := after + 1; b < len(w.st.Barns) && n > 0; b++ {
		if w.st.Barns[b] > 0 {
			cost += w.grainPrice(b)
			n--
		}
	}
	if n > w.st.Field {
		return 0, false
	}
	return cost + n*w.grainPrice(-1), true
}

// buyQuote is the price of n grain bought cheapest first: one from each
// of the cheapest non-empty barns, then from the field. ok is false when
// n cannot be had.
func (w *walker) buyQuote(n int) (cost int, ok bool) {
	return w.cheapestFrom(-1, n)
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
		money += k * theData().barnPrices[b]
		n -= k
	}
	k := min(n, cp-w.st.Field)
	money += k * theData().rules.FieldPrice.Value
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
		s.opts = append(s.opts, opt{tok: "buy", label: msg("choice.grain-buy")})
	}
	if w.maxSell() > 0 {
		s.opts = append(s.opts, opt{tok: "sell", label: msg("choice.grain-sell")})
	}
}

func (w *walker) refuseTrade(tok string) error {
	switch tok {
	case "millworker":
		return rule("character.not-held", TopicCharacters, "character", "millworker")
	case "buy":
		if w.st.grainRoom(w.seat) == 0 {
			return rule("grain.cap", TopicGrainCap, "grain", itoa(w.p().Grain))
		}
		return rule("grain.cannot-buy", TopicBuyGrain)
	case "sell":
		if w.p().Grain == 0 {
			return rule("grain.none", TopicSellGrain)
		}
		return rule("grain.market-full", TopicSellGrain)
	}
	return rule("grain.unknown", TopicTradeGrain, "token", tok)
}

func (w *walker) walkGrain(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: msg("prompt.grain"), topic: TopicTradeGrain, refuse: w.refuseTrade}
	if p.holds(charMillworker) {
		s.opts = append(s.opts, opt{tok: "millworker", label: msg("choice.millworker", "n", itoa(theData().rules.MillworkerGrain.Value))})
	}
	w.tradeOpts(&s)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "millworker" {
		p.Played = true
		n := min(theData().rules.MillworkerGrain.Value, w.st.Field, w.st.grainRoom(w.seat))
		w.st.Field -= n
		p.Grain += n
		w.act("millworker", "millworker", "grain", itoa(n))
		s = step{prompt: msg("prompt.grain-too"), topic: TopicTradeGrain, refuse: w.refuseTrade, complete: true}
		w.tradeOpts(&s)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	if o.tok == "buy" {
		s = step{prompt: msg("prompt.grain-buy"), topic: TopicBuyGrain}
		s.refuse = func(tok string) error {
			return rule("grain.amount", TopicBuyGrain, "max", itoa(w.maxBuy()))
		}
		for n := 1; n <= w.maxBuy(); n++ {
			c, _ := w.buyQuote(n)
			s.opts = append(s.opts, opt{tok: itoa(n), label: msg("choice.buy", "n", itoa(n), "cost", itoa(c)), help: msg("choice.buy-help")})
		}
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
		return w.walkSources(rest, i, atoi(o.tok))
	}
	s = step{prompt: msg("prompt.grain-sell"), topic: TopicSellGrain}
	s.refuse = func(tok string) error {
		return ruleVariant("grain.amount", "sell", TopicSellGrain, "max", itoa(w.maxSell()))
	}
	for n := 1; n <= w.maxSell(); n++ {
		c, _ := w.sellQuote(n)
		s.opts = append(s.opts, opt{tok: itoa(n), label: msg("choice.sell", "n", itoa(n), "cost", itoa(c))})
	}
	if o, stop, err = pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	w.sellGrain(atoi(o.tok))
	return end(rest, i)
}

// walkSources walks where n bought grain come from. RB Trade grain, Buy
// grain: the buyer takes at most one grain from each barn per action and
// any number from the field, from places that hold some, and chooses
// which: the Mill Worker's free grain comes only from the field, and the
// barns left empty decide what later sales fetch. With no source named
// the move takes the cheapest (buyGrain); otherwise it names exactly n,
// the barns in number order and then the field once per grain taken
// there, so that every purchase has one spelling. A source is offered
// only when the rest can still be had and paid for.
func (w *walker) walkSources(rest engine.Move, i, n int) (step, error) {
	p := w.p()
	money := p.Money
	spent, last, fromField := 0, -1, 0
	named := make([]bool, len(w.st.Barns))
	for k := 0; k < n; k++ {
		s := step{prompt: msg("prompt.grain-from", "n", itoa(k+1), "of", itoa(n)), topic: TopicBuyGrain}
		if k == 0 {
			s.prompt, s.complete = msg("prompt.grain-cheapest", "n", "1", "of", itoa(n)), true
		}
		// fits explains why one grain from barn b (b < 0: the field)
		// cannot be taken now: the rest could not be had after it, or
		// not paid for even cheapest first.
		fits := func(b int) error {
			price, need := w.grainPrice(b), n-k-1
			var restCost int
			if b < 0 {
				if need+1 > w.st.Field {
					return rule("grain.field-short", TopicBuyGrain, "held", itoa(w.st.Field), "need", itoa(need+1))
				}
				restCost = need * price
			} else {
				var ok bool
				if restCost, ok = w.cheapestFrom(b, need); !ok {
					left := w.st.Field
					for c := b + 1; c < len(w.st.Barns); c++ {
						if w.st.Barns[c] > 0 {
							left++
						}
					}
					return rule("grain.source-short", TopicBuyGrain, "number", itoa(b+1), "left", itoa(left), "need", itoa(need))
				}
			}
			if total := spent + price + restCost; total > money {
				kv := []string{"cost", itoa(price), "total", itoa(total), "money", itoa(money)}
				if b < 0 {
					return ruleVariant("grain.source-money", "field", TopicBuyGrain, kv...)
				}
				return rule("grain.source-money", TopicBuyGrain, append(kv, "number", itoa(b+1))...)
			}
			return nil
		}
		if fromField == 0 { // the barns come before the field
			for b := last + 1; b < len(w.st.Barns); b++ {
				if w.st.Barns[b] > 0 && fits(b) == nil {
					s.opts = append(s.opts, w.sourceOpt(barnToken(b), b, w.st.Barns[b], spent))
				}
			}
		}
		if w.st.Field > 0 && fits(-1) == nil {
			s.opts = append(s.opts, w.sourceOpt(fieldSource, -1, w.st.Field, spent))
		}
		s.refuse = func(tok string) error {
			if tok == fieldSource {
				if w.st.Field == 0 {
					return rule("grain.field-empty", TopicBuyGrain)
				}
				return fits(-1)
			}
			b, ok := barnIndex(tok)
			switch {
			case !ok:
				return rule("grain.source-unknown", TopicBuyGrain, "token", tok, "last", barnToken(len(w.st.Barns)-1))
			case named[b]:
				return rule("grain.barn-twice", TopicBuyGrain, "number", itoa(b+1))
			case w.st.Barns[b] == 0:
				return rule("grain.barn-empty", TopicBuyGrain, "number", itoa(b+1))
			case fromField > 0:
				return ruleVariant("grain.source-order", "field", TopicBuyGrain, "number", itoa(b+1))
			case b < last:
				return rule("grain.source-order", TopicBuyGrain, "number", itoa(b+1), "before", itoa(last+1))
			}
			return fits(b)
		}
		o, stop, err := pick(s, rest, &i)
		if err != nil {
			return s, err
		}
		if stop {
			if k == 0 {
				w.buyGrain(n)
			}
			return s, nil
		}
		b := -1
		if o.tok == fieldSource {
			fromField++
			w.st.Field--
		} else {
			b, _ = barnIndex(o.tok)
			named[b], last = true, b
			w.st.Barns[b]--
		}
		spent += w.grainPrice(b)
	}
	if i < len(rest) {
		return step{}, rule("grain.sources-count", TopicBuyGrain, "n", itoa(n))
	}
	p.Grain += n
	p.Money -= spent
	w.act("grain-buy", grainBuyMsg(fromField), "grain", itoa(n), "money", itoa(spent), "field", itoa(fromField))
	return done(), nil
}

// sourceOpt is the choice of buying one grain from src (barn b, or the
// field when b < 0), which holds count, after spending spent.
func (w *walker) sourceOpt(src string, b, count, spent int) opt {
	price := w.grainPrice(b)
	return opt{tok: src, label: msg("choice.grain-from", "source", src, "cost", itoa(price)),
		help: msg("choice.grain-from-help", "held", itoa(count), "total", itoa(spent+price))}
}

// buyGrain takes n grain cheapest first: one from each of the cheapest
// non-empty barns, the rest from the field. RB Buy grain.
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
	w.act("grain-buy", grainBuyMsg(left), "grain", itoa(n), "money", itoa(cost), "field", itoa(left))
}

// grainBuyMsg words a purchase: with how many of its grain came from the
// field when any did, since that grain is no longer there for a Mill
// Worker (docs/urbanization-rules.md, where bought grain comes from).
func grainBuyMsg(fromField int) string {
	if fromField > 0 {
		return "grain-buy-field"
	}
	return "grain-buy"
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
	w.act("grain-sell", "grain-sell", "grain", itoa(n), "money", itoa(money))
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
	for g := 0; g < theData().terrs[t].Grounds; g++ {
		if tr.Grounds[g].Kind == GroundEmpty && tr.Grounds[g].Seeds > 0 && tr.Grounds[g].Seeds < per {
			return g
		}
	}
	return w.st.emptyGround(t)
}

func (w *walker) farmerOK() bool {
	p := w.p()
	return (p.holds(charFarmer) || w.farmerNow) && p.FarmerSeeds < theData().rules.FarmerSeeds.Value
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
		s := step{prompt: msg("prompt.sow"), complete: sown > 0, topic: TopicSow}
		if sown > 0 {
			s.prompt = msg("prompt.sow-another")
		}
		lastCopy := last
		s.refuse = func(tok string) error {
			if p.Grain == 0 {
				return ruleVariant("sow.no-grain", "left", TopicSow)
			}
			if tok == "farmer" {
				return rule("sow.farmer", TopicCharacterPrefix+"farmer", "max", itoa(theData().rules.FarmerSeeds.Value))
			}
			t, ok := theData().terrIndex[tok]
			switch {
			case !ok:
				return rule("territory.unknown", TopicBuildingArea, "token", tok)
			case w.st.Terrs[t].Owner != w.seat:
				return rule("sow.not-yours", TopicSow, "number", itoa(terrNumber(t)))
			case w.sowGround(t) < 0:
				return ruleVariant("sow.no-ground", "on", TopicSow, "number", itoa(terrNumber(t)))
			case t < lastCopy:
				return rule("sow.order", TopicNotation)
			}
			return nil
		}
		if p.Grain > 0 {
			for t := last; t < len(w.st.Terrs); t++ {
				if w.sowGround(t) >= 0 {
					s.opts = append(s.opts, opt{tok: terrToken(t), label: msg("choice.sow", "territory", terrToken(t))})
				}
			}
			if w.farmerOK() {
				s.opts = append(s.opts, opt{tok: "farmer", label: msg("choice.sow-farmer")})
			}
		}
		o, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			if stop && sown > 0 {
				id, kv := sowPlaces(where)
				w.act("sow", id, append([]string{"grain", itoa(sown), "where", strings.Join(where, ",")}, kv...)...)
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
		t := theData().terrIndex[o.tok]
		w.st.Terrs[t].Grounds[w.sowGround(t)].Seeds++
		last = t
	}
}

// sowPlaces is the message (event.sow...) and data naming where a sow
// action put its seeds (territory tokens and "farmer", one per seed):
// "territories 3 and 5, and the Farmer card".
func sowPlaces(where []string) (string, []string) {
	var terrs []string
	farmer := false
	for _, tok := range where {
		if tok == "farmer" {
			farmer = true
		} else {
			terrs = append(terrs, tok)
		}
	}
	if len(terrs) == 0 {
		return "sow-card", nil
	}
	kv := terrList(terrs)
	id := "sow"
	if kv[3] != "1" {
		id = "sow-list"
	}
	if farmer {
		id += "-farmer"
	}
	return id, kv
}

// ---- Receive work orders (RB Receive work orders; PA Foreman) ----

func (w *walker) orderSlotOpen(k int) bool {
	sl := &w.st.Display[k]
	return sl.Card >= 0 && len(sl.Markers) < len(theData().factories[sl.Card].orders)
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
		return rule("character.not-held", TopicCharacters, "character", "foreman")
	}
	k := w.slotByToken(tok)
	if k < 0 {
		return rule("orders.not-displayed", TopicOrderArea, "token", tok)
	}
	return ruleVariant("orders.full", "card", TopicOrders, "card", cardToken(w.st.Display[k].Card))
}

func (w *walker) walkOrders(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	factor := 1
	s := step{prompt: msg("prompt.orders"), topic: TopicOrders, refuse: w.refuseOrderCard}
	if p.holds(charForeman) {
		s.opts = append(s.opts, opt{tok: "foreman", label: msg("choice.foreman")})
	}
	w.orderOpts(&s, 1)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "foreman" {
		p.Played = true
		factor = 2
		s = step{prompt: msg("prompt.orders-doubled"), topic: TopicOrders, refuse: w.refuseOrderCard}
		w.orderOpts(&s, 2)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	k := w.slotByToken(o.tok)
	sl := &w.st.Display[k]
	f := &theData().factories[sl.Card]
	sp := f.orders[len(sl.Markers)]
	sl.Markers = append(sl.Markers, w.seat)
	want := sp.count * factor
	got := min(want, w.st.Supply[sp.colour])
	w.st.Supply[sp.colour] -= got
	p.Orders[sp.colour] += got
	id := "orders"
	if factor > 1 {
		id = "orders-foreman"
	}
	if got < want {
		id += "-short"
	}
	w.act("orders", id, "card", o.tok, "colour", sp.colour.String(), "count", itoa(got))
	if len(sl.Markers) == len(f.orders) {
		bonus := theData().rules.LastSpaceBonus.Value
		p.Money += bonus
		w.act("orders-bonus", "orders-bonus", "money", itoa(bonus), "card", o.tok)
	}
	return end(rest, i)
}

func (w *walker) orderOpts(s *step, factor int) {
	for k, sl := range w.st.Display {
		if !w.orderSlotOpen(k) {
			continue
		}
		f := &theData().factories[sl.Card]
		sp := f.orders[len(sl.Markers)]
		id := "choice.orders"
		if len(sl.Markers)+1 == len(f.orders) {
			id = "choice.orders-last"
		}
		s.opts = append(s.opts, opt{tok: cardToken(sl.Card), label: msg(id, "card", cardToken(sl.Card), "n", itoa(sp.count*factor),
			"colour", sp.colour.String(), "space", itoa(len(sl.Markers)+1), "spaces", itoa(len(f.orders)), "money", itoa(theData().rules.LastSpaceBonus.Value))})
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
				out = append(out, opt{tok: terrToken(t), label: msg("choice.factory-new", "territory", terrToken(t), "vp", itoa(theData().rules.FactoryVP.Value))})
			}
		}
	}
	for _, f := range w.sortedFactories() {
		a := f.active()
		if theData().factories[a].Number < theData().factories[c].Number {
			out = append(out, opt{tok: cardToken(a), label: msg("choice.factory-upgrade", "card", cardToken(a), "number", itoa(theData().factories[a].Number), "vp", itoa(theData().rules.FactoryVP.Value))})
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
	return sl.Card >= 0 && len(sl.Markers) == len(theData().factories[sl.Card].orders)
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
			return rule("character.not-held", TopicCharacters, "character", "industrialist")
		}
		k := w.slotByToken(tok)
		switch {
		case k < 0:
			return rule("attract.not-displayed", TopicOrderArea, "token", tok)
		case !industrialist && !w.slotFull(k):
			return rule("attract.not-full", TopicAttract, "card", cardToken(w.st.Display[k].Card))
		}
		return rule("attract.no-site", TopicAttract)
	}
}

func (w *walker) walkAttract(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	ind := false
	s := step{prompt: msg("prompt.attract"), topic: TopicAttract, refuse: w.refuseAttract(false)}
	if p.holds(charIndustrialist) && w.anyAttractable(true) {
		s.opts = append(s.opts, opt{tok: "industrialist", label: msg("choice.industrialist")})
	}
	w.attractOpts(&s, false)
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "industrialist" {
		p.Played = true
		ind = true
		s = step{prompt: msg("prompt.attract"), topic: TopicAttract, refuse: w.refuseAttract(true)}
		w.attractOpts(&s, true)
		if o, stop, err = pick(s, rest, &i); stop || err != nil {
			return s, err
		}
	}
	k := w.slotByToken(o.tok)
	c := w.st.Display[k].Card
	returned := len(w.st.Display[k].Markers)
	w.st.refillSlot(k)
	id := "attract"
	if ind {
		id = "attract-industrialist"
	}
	kv := []string{"card", o.tok, "number", itoa(theData().factories[c].Number), "back", itoa(returned)}
	if nc := w.st.Display[k].Card; nc >= 0 {
		kv = append(kv, "next", cardToken(nc))
	} else {
		id += "-last"
	}
	w.act("attract", id, kv...)
	s = step{prompt: msg("prompt.attract-target", "card", cardToken(c)), topic: TopicAttract, opts: w.attractTargets(c)}
	s.refuse = func(tok string) error {
		if t, ok := theData().terrIndex[tok]; ok {
			switch {
			case w.st.Terrs[t].Owner != w.seat:
				return rule("attract.not-yours", TopicFactoryBuilding, "number", itoa(terrNumber(t)))
			case w.st.FactoryPool == 0:
				return rule("attract.pool-empty", TopicFactoryBuilding)
			}
			return rule("attract.no-ground", TopicFactoryBuilding, "number", itoa(terrNumber(t)))
		}
		if f, ok := theData().factIndex[tok]; ok {
			if !slices.ContainsFunc(p.Factories, func(x Factory) bool { return x.active() == f }) {
				return rule("upgrade.not-yours", TopicUpgrade, "card", cardToken(f))
			}
			return rule("upgrade.number", TopicUpgrade, "card", cardToken(c), "number", itoa(theData().factories[c].Number),
				"over", cardToken(f), "overNumber", itoa(theData().factories[f].Number))
		}
		return rule("attract.target", TopicAttract, "token", tok)
	}
	o, stop, err = pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	vp := theData().rules.FactoryVP.Value
	p.score(scoreFactories, vp)
	if t, ok := theData().terrIndex[o.tok]; ok {
		g := w.st.emptyGround(t)
		w.st.Terrs[t].Grounds[g].Kind = GroundFactory
		w.st.FactoryPool--
		p.Factories = append(p.Factories, Factory{Terr: t, Ground: g, Cards: []int{c}})
		w.act("factory", "factory", "card", cardToken(c), "territory", o.tok, "vp", itoa(vp))
	} else {
		f := theData().factIndex[o.tok]
		for j := range p.Factories {
			if p.Factories[j].active() == f {
				p.Factories[j].Cards = append(p.Factories[j].Cards, c)
			}
		}
		w.act("upgrade", "upgrade", "card", cardToken(c), "over", o.tok, "vp", itoa(vp))
	}
	return end(rest, i)
}

func (w *walker) attractOpts(s *step, industrialist bool) {
	for k, sl := range w.st.Display {
		if w.attractable(k, industrialist) {
			f := &theData().factories[sl.Card]
			s.opts = append(s.opts, opt{tok: cardToken(sl.Card), label: msg("choice.attract", "card", cardToken(sl.Card), "number", itoa(f.Number), "count", itoa(f.Goods.Count), "colour", f.goods.String())})
		}
	}
}

// ---- Produce goods (RB Produce goods; PA Engineer; inventions) ----

// maxGoods is the most goods factory card c produces for the seat: the
// printed count, or at least the invention's minimum for its colour.
func (w *walker) maxGoods(c int) int {
	f := &theData().factories[c]
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
	return theData().orderValues[c]
}

// pointsPer is what one good of colour c scores.
func (w *walker) pointsPer(c Colour) int {
	if m, ok := w.p().has(effGoodPoints, c); ok {
		return m
	}
	return theData().rules.GoodVP.Value
}

// productionOpts lists the "<card>:<n>" tokens of factory f.
func (w *walker) productionOpts(f *Factory) []opt {
	c := f.active()
	fc := &theData().factories[c]
	var out []opt
	for _, n := range w.goodCounts(c) {
		if w.p().Orders[fc.goods] < n {
			continue
		}
		out = append(out, opt{tok: cardToken(c) + ":" + itoa(n),
			label: msg("choice.produce", "card", cardToken(c), "count", itoa(n), "colour", fc.goods.String(), "money", itoa(n*w.moneyPer(fc.goods)), "vp", itoa(n*w.pointsPer(fc.goods)))})
	}
	return out
}

// engineerOpts lists the "<card>:<letters>" tokens of factory f paid with
// any colours: one letter per work order, w g o in that order.
func (w *walker) engineerOpts(f *Factory) []opt {
	c := f.active()
	fc := &theData().factories[c]
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
					label: msg("choice.produce-engineer", "card", cardToken(c), "count", itoa(n), "letters", letters, "money", itoa(money), "vp", itoa(n*w.pointsPer(fc.goods)))})
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
			return rule("character.not-held", TopicCharacters, "character", "engineer")
		}
		name, spec, _ := strings.Cut(tok, ":")
		c, ok := theData().factIndex[name]
		if !ok {
			return rule("produce.notation", TopicNotation, "token", tok)
		}
		var f *Factory
		for j := range w.p().Factories {
			if w.p().Factories[j].active() == c {
				f = &w.p().Factories[j]
			}
		}
		switch {
		case f == nil:
			return rule("produce.not-yours", TopicProduce, "card", cardToken(c))
		case f.produced():
			return rule("produce.once", TopicProduce, "card", cardToken(c))
		case theData().factories[c].Number < last:
			return rule("produce.order", TopicNotation)
		case spec == "":
			return ruleVariant("produce.notation", "count", TopicNotation, "token", tok, "name", name)
		}
		fc := &theData().factories[c]
		if !allDigits(spec) {
			return ruleVariant("produce.notation", "digits", TopicNotation, "token", tok, "name", name)
		}
		n := atoi(spec)
		switch {
		case w.st.Opts.Production == "exact" && n != w.maxGoods(c):
			return ruleVariant("produce.count", "exact", TopicProduce, "card", cardToken(c), "max", itoa(w.maxGoods(c)))
		case n < 1 || n > w.maxGoods(c):
			return rule("produce.count", TopicProduce, "card", cardToken(c), "max", itoa(w.maxGoods(c)))
		}
		return rule("produce.orders", TopicProduce, "goods", itoa(n), "colour", fc.goods.String(), "card", cardToken(c), "held", itoa(w.p().Orders[fc.goods]))
	}
}

func (w *walker) walkProduce(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: msg("prompt.produce"), topic: TopicProduce, refuse: w.refuseProduce(0)}
	if p.holds(charEngineer) {
		for _, f := range w.sortedFactories() {
			if !f.produced() && len(w.engineerOpts(f)) > 0 {
				s.opts = append(s.opts, opt{tok: "engineer", label: msg("choice.engineer")})
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
		w.act("engineer", "engineer")
		s = step{prompt: msg("prompt.produce-engineer"), topic: TopicProduce}
		s.refuse = func(tok string) error {
			return rule("produce.engineer", TopicCharacterPrefix+"engineer", "token", tok)
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
		s = step{prompt: msg("prompt.produce-another"), topic: TopicProduce, complete: true, refuse: w.refuseProduce(last + 1)}
		for _, f := range w.sortedFactories() {
			if !f.produced() && theData().factories[f.active()].Number > last {
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
	return theData().factories[theData().factIndex[name]].Number
}

// produce carries out one factory's production from its token.
func (w *walker) produce(tok string, engineer bool) {
	name, spec, _ := strings.Cut(tok, ":")
	c := theData().factIndex[name]
	p := w.p()
	var f *Factory
	for j := range p.Factories {
		if p.Factories[j].active() == c {
			f = &p.Factories[j]
		}
	}
	fc := &theData().factories[c]
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
	w.act("produce", "produce", "card", name, "goods", itoa(n), "money", itoa(money), "vp", itoa(vp))
}

// ---- Collect taxes (RB Collect taxes; PA Tax Collector) ----

func (w *walker) canTaxes() bool { p := w.p(); return p.Taxes > p.Citizens }

// collect moves the tax marker one space left and pays $1 per citizen.
func (w *walker) collect() {
	p := w.p()
	p.Taxes--
	p.Money += p.Citizens
	w.act("taxes", "taxes", "money", itoa(p.Citizens), "taxes", itoa(p.Taxes), "citizens", itoa(p.Citizens))
}

func (w *walker) walkTaxes(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	w.collect()
	s := step{prompt: msg("prompt.taxes-again"), topic: TopicTaxes, complete: true}
	s.refuse = func(tok string) error {
		if tok == "collector" && p.holds(charCollector) {
			return ruleVariant("taxes.condition", "again", TopicTaxes, "taxes", itoa(p.Taxes), "citizens", itoa(p.Citizens))
		}
		if tok == "collector" {
			return rule("character.not-held", TopicCharacters, "character", "collector")
		}
		return nil
	}
	if p.holds(charCollector) && p.Taxes > p.Citizens {
		s.opts = append(s.opts, opt{tok: "collector", label: msg("choice.collector")})
	}
	if _, stop, err := pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	p.Played = true
	w.act("collector", "collector")
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
	return max(0, to-from-1) * theData().rules.InventionStepCost.Value
}

// dockCost is what moving the marker being moved (from w.from, -1 for a
// new one) to docking space q costs.
func (w *walker) dockCost(q int) int {
	if w.from < 0 {
		return q * theData().rules.InventionStepCost.Value
	}
	return moveCost(w.from, q)
}

// inventionMsg says what invention c does (the choice's help), by
// reference into the catalog (TestDataTextsMatchCatalog checks its
// English against the data).
func inventionMsg(c int) lang.Msg {
	inv := &theData().inventions[c]
	kv := []string{"amount", itoa(inv.Amount), "count", itoa(inv.Amount)}
	if inv.colour >= 0 && inv.colour < numColours && inv.Effect != effHarvestGrain && inv.Effect != effDoubleSow && inv.Effect != effGrainPoints && inv.Effect != effCheapGrain {
		kv = append(kv, "colour", inv.colour.String())
	}
	switch inv.Effect {
	case effGoodMoney:
		kv = append(kv, "usual", itoa(theData().orderValues[inv.colour]))
	case effGoodPoints:
		kv = append(kv, "usual", itoa(theData().rules.GoodVP.Value))
	}
	return msg("effect."+inv.Effect, kv...)
}

// dockLabel is the choice of docking space q: what stopping there costs
// and the inventions it offers.
func (w *walker) dockLabel(q int) lang.Msg {
	names := make([]string, 0, 3)
	for _, c := range w.st.Docks[q] {
		names = append(names, invToken(c))
	}
	switch len(names) {
	case 0:
		return msg("choice.dock-empty", "space", spaceToken(q), "cost", itoa(w.dockCost(q)))
	case 1:
		return msg("choice.dock-1", "space", spaceToken(q), "cost", itoa(w.dockCost(q)), "a", names[0])
	case 2:
		return msg("choice.dock-2", "space", spaceToken(q), "cost", itoa(w.dockCost(q)), "a", names[0], "b", names[1])
	}
	return msg("choice.dock-3", "space", spaceToken(q), "cost", itoa(w.dockCost(q)), "a", names[0], "b", names[1], "c", strings.Join(names[2:], ", "))
}

func (w *walker) walkInvent(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	prof := false
	fromStep := func(withProf bool) step {
		s := step{prompt: msg("prompt.invent"), topic: TopicAcquire}
		if withProf && p.holds(charProfessor) {
			s.opts = append(s.opts, opt{tok: "professor", label: msg("choice.professor")})
		}
		if w.st.freeMarkers(w.seat) > 0 {
			s.opts = append(s.opts, opt{tok: "new", label: msg("choice.invent-new", "space", spaceToken(0))})
		}
		seen := -1
		for _, d := range p.Docked {
			if d != seen && d < w.spaces()-1 {
				s.opts = append(s.opts, opt{tok: spaceToken(d), label: msg("choice.invent-from", "space", spaceToken(d))})
			}
			seen = d
		}
		s.refuse = func(tok string) error {
			switch {
			case tok == "professor":
				return rule("character.not-held", TopicCharacters, "character", "professor")
			case tok == "new":
				return ruleVariant("markers.none", "all", TopicActionMarkers)
			}
			if d, ok := parseSpace(tok); ok && d < w.spaces() {
				if !slices.Contains(p.Docked, d) {
					return rule("invent.no-marker", TopicAcquire, "space", spaceToken(d))
				}
				return rule("invent.last-space", TopicAcquire)
			}
			return rule("invent.from", TopicAcquire, "token", tok, "spaces", itoa(w.spaces()))
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
	s = step{prompt: msg("prompt.invent-to"), topic: TopicAcquire}
	first := from + 1
	w.from = from
	for q := first; q < w.spaces(); q++ {
		if w.dockCost(q) <= p.Money {
			s.opts = append(s.opts, opt{tok: spaceToken(q), label: w.dockLabel(q)})
		}
	}
	s.refuse = func(tok string) error {
		q, ok := parseSpace(tok)
		switch {
		case !ok || q >= w.spaces():
			return rule("invent.space", TopicAcquire, "token", tok, "spaces", itoa(w.spaces()))
		case q < first:
			return rule("invent.backwards", TopicAcquire)
		}
		return rule("invent.money", TopicAcquire, "money", itoa(p.Money))
	}
	if o, stop, err = pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	q, _ := parseSpace(o.tok)
	cost := moveCost(from, q)
	if from < 0 {
		cost = q * theData().rules.InventionStepCost.Value
	}
	p.Money -= cost
	if from >= 0 {
		j := slices.Index(p.Docked, from)
		p.Docked = slices.Delete(p.Docked, j, j+1)
	}
	p.Docked = append(p.Docked, q)
	slices.Sort(p.Docked)
	if from < 0 {
		w.act("invent-move", "invent-new", "to", o.tok, "money", itoa(cost))
	} else {
		w.act("invent-move", "invent-move", "to", o.tok, "money", itoa(cost), "from", spaceToken(from))
	}
	if len(w.st.Docks[q]) == 0 {
		return end(rest, i)
	}
	if prof {
		for len(w.st.Docks[q]) > 0 {
			w.takeInvention(q, w.st.Docks[q][0], true)
		}
		return end(rest, i)
	}
	s = step{prompt: msg("prompt.invention"), topic: TopicAcquire}
	for _, c := range w.st.Docks[q] {
		s.opts = append(s.opts, opt{tok: invToken(c), label: msg("name.invention." + invToken(c)), help: inventionMsg(c)})
	}
	s.refuse = func(tok string) error {
		return rule("invent.card", TopicAcquire, "token", tok, "space", spaceToken(q))
	}
	if o, stop, err = pick(s, rest, &i); stop || err != nil {
		return s, err
	}
	w.takeInvention(q, theData().invIndex[o.tok], false)
	return end(rest, i)
}

// takeInvention moves card c from docking space q to the seat: 1 point.
func (w *walker) takeInvention(q, c int, professor bool) {
	d := w.st.Docks[q]
	j := slices.Index(d, c)
	w.st.Docks[q] = slices.Delete(d, j, j+1)
	p := w.p()
	p.Inventions = append(p.Inventions, c)
	vp := theData().rules.InventionVP.Value
	p.score(scoreInventions, vp)
	id := "invention"
	if professor {
		id = "invention-professor"
	}
	w.act("invention", id, "card", invToken(c), "vp", itoa(vp))
}

// walkRecall: PA Inventions: a player may take his markers off the
// invention track at any time; the engine lets him do so on his turn of an
// action phase, before his action, at no cost.
func (w *walker) walkRecall(rest engine.Move) (step, error) {
	i := 0
	p := w.p()
	s := step{prompt: msg("prompt.recall"), topic: TopicRecall}
	seen := -1
	for _, d := range p.Docked {
		if d != seen {
			s.opts = append(s.opts, opt{tok: spaceToken(d), label: msg("choice.recall", "space", spaceToken(d))})
		}
		seen = d
	}
	s.refuse = func(tok string) error {
		return rule("recall.space", TopicRecall, "token", tok)
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	d, _ := parseSpace(o.tok)
	j := slices.Index(p.Docked, d)
	p.Docked = slices.Delete(p.Docked, j, j+1)
	w.free = true
	w.act("recall", "recall", "space", o.tok)
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

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
