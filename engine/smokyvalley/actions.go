package smokyvalley

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine/lang"
)

// actx is where and how a district action is taken: in district d, as the
// district action (or a city action) or as a canal action from a tile.
type actx struct {
	d      int
	canal  bool // taken as a canal action
	single bool // Produce goods once: one industry, no Cargo Train or Clay Pit bonus
}

// actionOptions lists the district actions possible in c.d now (06 Step 2).
func (w *walker) actionOptions(c actx) []opt {
	if c.d < 0 {
		return nil
	}
	var out []opt
	dd := theData().districts[c.d]
	if len(w.buildOptions(c)) > 0 {
		out = append(out, choice("build", "build"))
	}
	if len(w.upgradeOptions(c)) > 0 {
		out = append(out, choice("upgrade", "upgrade"))
	}
	if len(w.produceOptions(c, w.serviceBonus(c), nil)) > 0 {
		out = append(out, choice("produce", "produce"))
	}
	if len(w.serviceOptions(c)) > 0 {
		out = append(out, choice("service", "service"))
	}
	if dd.Canal && len(w.canalOptions(c)) > 0 {
		out = append(out, choice("canal", "canal"))
	}
	if !c.canal && len(w.cardOptions(c)) > 0 {
		out = append(out, choice("card", "card"))
	}
	if !c.canal && !dd.Canal && len(w.traderOptions()) > 0 {
		out = append(out, choice("trader", "trader"))
	}
	if !c.canal && dd.Canal && w.p().Cash >= 1 && len(w.st.loadTargets(w.seat, -1)) > 0 {
		out = append(out, choice("ship", "ship"))
	}
	return out
}

// anyAction reports whether some district action is possible in c.d,
// without building labels.
func (w *walker) anyAction(c actx) bool {
	if c.d < 0 {
		return false
	}
	q := w.quiet
	w.quiet = true
	defer func() { w.quiet = q }()
	dd := theData().districts[c.d]
	p := w.p()
	return len(w.buildOptions(c)) > 0 || len(w.upgradeOptions(c)) > 0 ||
		len(w.produceOptions(c, w.serviceBonus(c), nil)) > 0 || len(w.serviceOptions(c)) > 0 ||
		(dd.Canal && len(w.canalOptions(c)) > 0) || (!c.canal && len(w.cardOptions(c)) > 0) ||
		(!c.canal && !dd.Canal && len(w.traderOptions()) > 0) ||
		(!c.canal && dd.Canal && p.Cash >= 1 && len(w.st.loadTargets(w.seat, -1)) > 0)
}

// action carries out one district action.
func (w *walker) action(tok string, c actx) error {
	switch tok {
	case "build":
		return w.walkBuild(c)
	case "upgrade":
		return w.walkUpgrade(c)
	case "produce":
		return w.walkProduce(c)
	case "service":
		return w.walkService(c)
	case "canal":
		return w.walkCanal(c)
	case "card":
		return w.walkCard(c)
	case "trader":
		return w.walkTrader(c)
	case "ship":
		return w.walkShip(c)
	}
	return fmt.Errorf("smoky-valley: unknown action %q", tok)
}

// effectSlot finds an unused changing effect acting on the boat's space:
// a tile under the boat, or beside it when its arrows point left and right
// (06 Develop the Lachine Canal, changing effect; glossary B).
func (w *walker) effectSlot(eff string) int {
	p := w.p()
	b := p.Boat
	if w.effectsAt > 0 {
		b = w.effectsAt - 1
	}
	if b < 0 {
		return -1
	}
	for _, k := range []int{b, b - 1, b + 1} {
		if k < 0 || k > 4 || len(p.Slots[k]) == 0 || w.effectUsed(k) {
			continue
		}
		t := theData().canal[p.Slots[k][len(p.Slots[k])-1]]
		if t.Kind != "changing" || t.Effect != eff || (k != b && !t.Wide) {
			continue
		}
		return k
	}
	return -1
}

// lockedEffect reports whether a changing effect eff would act on the
// boat's space but for the Canal Lock's note (rules version 5; glossary
// C, Canal Lock): its tile was laid this turn on a tile already used under
// the boat, so only the old tile worked this turn (lockCanalTile).
func (w *walker) lockedEffect(eff string) bool {
	p := w.p()
	b := p.Boat
	if w.effectsAt > 0 {
		b = w.effectsAt - 1
	}
	if b < 0 || w.st.Rules < 5 || w.st.T.Lock == 0 {
		return false
	}
	k := w.st.T.Lock - 1
	if k < b-1 || k > b+1 || len(p.Slots[k]) == 0 || w.st.T.Used[k] != len(p.Slots[k]) {
		return false
	}
	t := theData().canal[p.Slots[k][len(p.Slots[k])-1]]
	return t.Kind == "changing" && t.Effect == eff && (k == b || t.Wide)
}

// effectUsed reports whether the changing effect of the top tile under
// navigation space k was used this turn. Each tile works once a turn, and
// a tile gained this turn may be used at once (06 Develop the Lachine
// Canal, changing effects; glossary B), even on a space whose former top
// tile was used: from rules version 4 the use is kept per tile (the stack's
// height when it was used). Versions 1 to 3 kept it per space, so a new
// tile on a used space stayed unusable that turn.
func (w *walker) effectUsed(k int) bool {
	if w.st.Rules >= 4 {
		return w.st.T.Used[k] == len(w.p().Slots[k])
	}
	return w.st.T.Effects[k]
}

// useEffect uses the changing effect, once a turn.
func (w *walker) useEffect(eff string) bool {
	k := w.effectSlot(eff)
	if k < 0 {
		return false
	}
	if w.st.Rules >= 4 {
		w.st.T.Used[k] = len(w.p().Slots[k])
	} else {
		w.st.T.Effects[k] = true
	}
	t := w.p().Slots[k][len(w.p().Slots[k])-1]
	w.l.add(event(w.seat, "effect", "effect", "tile", theData().canal[t].ID))
	return true
}

func spaceToken(k int) string {
	if k < 0 {
		return "depot"
	}
	return "s" + strconv.Itoa(k+1)
}

func (st *State) needsOK(needs string, d int) bool {
	switch needs {
	case "canal":
		return theData().districts[d].Canal
	case "rail":
		return st.rail(d)
	}
	return true
}

// ---- Build an Industry (06) ----

func (w *walker) woodCost(ind int) int {
	n := theData().industries[ind].Wood
	if w.effectSlot("build-cost") >= 0 {
		n = max(1, n-1)
	}
	return n
}

func (w *walker) emptySpaces(d int) []int {
	var out []int
	for k, t := range w.st.Districts[d].Spaces {
		if t.Ind < 0 && w.st.usable(d, k) {
			out = append(out, k)
		}
	}
	return out
}

func (w *walker) buildOptions(c actx) []opt {
	st, p := w.st, w.p()
	if p.Cash < 2 || len(w.emptySpaces(c.d)) == 0 {
		return nil
	}
	var out []opt
	for i, ind := range theData().industries {
		if i == IndWoodDepot || st.Supply[i] == 0 || !st.needsOK(ind.Needs, c.d) || p.Goods[Wood] < w.woodCost(i) {
			continue
		}
		if w.quiet {
			return []opt{{tok: ind.ID}}
		}
		out = append(out, choice(ind.ID, "build-industry", "industry", ind.ID, "cost", "2", "wood", itoa(w.woodCost(i))))
	}
	return out
}

// whyBuild explains why an industry cannot be built in c.d.
func (w *walker) whyBuild(c actx, tok string) error {
	i := industryByID(tok)
	switch {
	case i < 0:
		return rule("build.unknown-industry", TopicBuild, "quoted", quoted(tok))
	case i == IndWoodDepot:
		return rule("build.wood-depot", TopicSetup)
	case w.st.Supply[i] == 0:
		return rule("build.no-tile", TopicBuild, "industry", theData().industries[i].ID)
	case !w.st.needsOK(theData().industries[i].Needs, c.d):
		return rule("build.needs-"+theData().industries[i].Needs, TopicBuild, "industry", theData().industries[i].ID, "district", theData().districts[c.d].ID)
	case w.p().Cash < 2:
		return rule("build.cash", TopicBuild, "cost", "2", "cash", itoa(w.p().Cash))
	case w.p().Goods[Wood] < w.woodCost(i):
		return rule("build.wood", TopicBuild, "industry", theData().industries[i].ID, "wood", itoa(w.woodCost(i)), "has", itoa(w.p().Goods[Wood]))
	case len(w.emptySpaces(c.d)) == 0:
		return rule("build.no-space", TopicBuild, "district", theData().districts[c.d].ID)
	}
	return nil
}

func (w *walker) walkBuild(c actx) error {
	st, p := w.st, w.p()
	w.why = func(tok string) error { return w.whyBuild(c, tok) }
	o, err := w.ask(TopicBuild, prompt("which-industry"), w.buildOptions(c))
	if err != nil {
		return err
	}
	ind := industryByID(o.tok)
	var sp []opt
	for _, k := range w.emptySpaces(c.d) {
		o := choice(spaceToken(k), "space", "space", itoa(k+1))
		switch b := theData().districts[c.d].Spaces[k].Bonus; b {
		case "":
		case "cash":
			o = choice(spaceToken(k), "space-cash", "space", itoa(k+1), "cost", "1")
		default:
			o = choice(spaceToken(k), "space-good", "space", itoa(k+1), "good", b)
		}
		sp = append(sp, o)
	}
	w.why = func(tok string) error {
		k := parseSpace(tok)
		if tok == "depot" || k < 0 || k > 4 || tok != spaceToken(k) {
			return rule("build.unknown-space", TopicBuild, "quoted", quoted(tok))
		}
		if !st.usable(c.d, k) {
			return rule("build.space-unused", TopicBuild, "space", itoa(k+1), "players", itoa(st.N))
		}
		return rule("build.space-taken", TopicBuild, "space", itoa(k+1), "district", theData().districts[c.d].ID)
	}
	so, err := w.ask(TopicBuild, prompt("which-space"), sp)
	if err != nil {
		return err
	}
	k, _ := strconv.Atoi(so.tok[1:])
	k--
	wood := w.woodCost(ind)
	if wood < theData().industries[ind].Wood {
		w.useEffect("build-cost")
	}
	st.pay(w.seat, 2)
	p.Goods[Wood] -= wood
	st.Supply[ind]--
	w.l.add(event(w.seat, "build", "build", "industry", theData().industries[ind].ID, "district", theData().districts[c.d].ID, "space", so.tok,
		"number", itoa(k+1), "cost", "2", "wood", itoa(wood)))
	// the space's bonus
	switch b := theData().districts[c.d].Spaces[k].Bonus; b {
	case "":
	case "cash":
		st.gainCash(&w.l, w.seat, 1)
	default:
		g, _ := goodByName(b)
		st.gainGood(&w.l, w.seat, g, 1, "building space bonus")
	}
	st.Districts[c.d].Spaces[k] = Tile{Ind: ind, Owner: w.seat}
	st.trackDisc(&w.l, w.seat)
	if err := w.serviceEffects(c, k); err != nil {
		return err
	}
	pop := 1
	if theData().industries[ind].Kind == "processing" && st.hasCard(w.seat, "headquarters") {
		pop = 2
	}
	if w.useEffect("pop-build") {
		pop++
	}
	st.gainPop(&w.l, w.seat, pop, "building")
	return nil
}

func industryByID(id string) int {
	for i, ind := range theData().industries {
		if ind.ID == id {
			return i
		}
	}
	return -1
}

// trackDisc takes the next disc off the industry track; emptying a stack
// shows its bonus (06 Build, the 8th industry).
func (st *State) trackDisc(l *log, seat int) {
	p := &st.Players[seat]
	p.Track++
	cum := 0
	for i, n := range theData().rules.TrackStacks {
		cum += n
		if p.Track != cum {
			continue
		}
		b := theData().rules.TrackBonus[i]
		for range b.Income {
			st.incomeUp(l, seat, "industry track")
		}
		st.gainPrestige(l, seat, b.Prestige, "industry track")
	}
}

// serviceEffects: Coal Power and Water Power after building or upgrading
// (06 Develop a Service).
func (w *walker) serviceEffects(c actx, k int) error {
	st := w.st
	if st.hasService(c.d, SvcCoalPower) {
		st.gainPrestige(&w.l, w.seat, 1, "coal power")
	}
	if st.hasService(c.d, SvcWaterPower) {
		if w.canProduceAt(c.d, k, true, [numGoods]int{}) {
			w.l.add(event(w.seat, "water-power", "water-power"))
			return w.produceAt(c.d, k, true)
		}
		w.l.add(event(w.seat, "water-power", "water-power-missing"))
	}
	return nil
}

// ---- Upgrade an Industry (06) ----

func (w *walker) upgradeOptions(c actx) []opt {
	st, p := w.st, w.p()
	if p.Cash < 1 {
		return nil
	}
	var out []opt
	for k := -1; k < 5; k++ {
		t := st.tileAt(c.d, k)
		if t.Ind < 0 || t.Owner != w.seat || t.Up {
			continue
		}
		cost := goodsOf(theData().industries[t.Ind].Upgrade)
		ok := true
		for g, n := range cost {
			if p.Goods[g] < n {
				ok = false
			}
		}
		if ok && w.quiet {
			return []opt{{tok: spaceToken(k)}}
		}
		if ok {
			out = append(out, industryChoice(*t, k, false))
		}
	}
	return out
}

func parseSpace(tok string) int {
	if tok == "depot" {
		return -1
	}
	k, _ := strconv.Atoi(strings.TrimPrefix(tok, "s"))
	return k - 1
}

func (w *walker) walkUpgrade(c actx) error {
	st, p := w.st, w.p()
	w.why = func(tok string) error {
		k := parseSpace(tok)
		if k < -1 || k > 4 || tok != spaceToken(k) {
			return rule("upgrade.unknown-space", TopicUpgrade, "quoted", quoted(tok))
		}
		t := st.tileAt(c.d, k)
		switch {
		case t.Ind < 0:
			return rule("upgrade.empty", TopicUpgrade)
		case t.Owner != w.seat:
			return rule("upgrade.not-yours", TopicUpgrade)
		case t.Up:
			return rule("upgrade.upgraded", TopicUpgrade)
		}
		return rule("upgrade.cost", TopicUpgrade)
	}
	o, err := w.ask(TopicUpgrade, prompt("which-own-industry"), w.upgradeOptions(c))
	if err != nil {
		return err
	}
	k := parseSpace(o.tok)
	t := st.tileAt(c.d, k)
	ind := theData().industries[t.Ind]
	st.pay(w.seat, 1)
	for g, n := range goodsOf(ind.Upgrade) {
		p.Goods[g] -= n
	}
	t.Up = true
	w.l.add(event(w.seat, "upgrade", "upgrade", "industry", ind.ID, "district", theData().districts[c.d].ID, "space", o.tok))
	st.gainPrestige(&w.l, w.seat, ind.UpgradePrestige, "upgrade")
	// Each tile in reach gives its point: two copies give 2 (08, glossary B).
	for w.useEffect("prestige-upgrade") {
		st.gainPrestige(&w.l, w.seat, 1, "canal tile")
	}
	if st.hasCard(w.seat, "labour-union") {
		st.gainPop(&w.l, w.seat, 1, "labour union")
	}
	return w.serviceEffects(c, k)
}

// ---- Produce Goods (06; glossary A) ----

func (st *State) side(t *Tile) sideData {
	if t.Up {
		return theData().industries[t.Ind].Upgraded
	}
	return theData().industries[t.Ind].Basic
}

// serviceBonus is what the Cargo Trains and Clay Pits of the district add
// to a production (taken at its start).
func (w *walker) serviceBonus(c actx) [numGoods]int {
	var out [numGoods]int
	if c.single {
		return out
	}
	for _, s := range w.st.Districts[c.d].Services {
		if s < 0 {
			continue
		}
		switch theData().svcType[s] {
		case SvcCargoTrain, SvcClayPit:
			g, _ := goodByName(theData().services[s].Good)
			out[g]++
		}
	}
	return out
}

func (w *walker) canProduceAt(d, k int, free bool, extra [numGoods]int) bool {
	st, p := w.st, w.p()
	t := st.tileAt(d, k)
	if t.Ind < 0 {
		return false
	}
	sd := st.side(t)
	if !free && p.Cash < sd.Cash {
		return false
	}
	for name, n := range sd.Input {
		g, _ := goodByName(name)
		have := p.Goods[g] + extra[g]
		if g == Coal && st.hasCard(w.seat, "charcoal-production") {
			have += p.Goods[Wood] + extra[Wood]
		}
		if have < n {
			return false
		}
	}
	if sd.Ship != "" && len(st.ownShipMarkets(w.seat)) == 0 {
		return false
	}
	return true
}

func (w *walker) produceOptions(c actx, extra [numGoods]int, used []int) []opt {
	st := w.st
	var out []opt
	for k := -1; k < 5; k++ {
		if contains(used, k) || !w.canProduceAt(c.d, k, false, extra) {
			continue
		}
		if w.quiet {
			return []opt{{tok: spaceToken(k)}}
		}
		out = append(out, industryChoice(*st.tileAt(c.d, k), k, true))
	}
	return out
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (w *walker) walkProduce(c actx) error {
	st := w.st
	bonus := w.serviceBonus(c)
	for g, n := range bonus {
		st.gainGood(&w.l, w.seat, g, n, "service bonus")
	}
	var used []int
	opponents := 0
	for {
		opts := w.produceOptions(c, [numGoods]int{}, used)
		var o opt
		if len(used) == 0 {
			var err error
			if o, err = w.ask(TopicProduce, prompt("produce-which"), opts); err != nil {
				return err
			}
		} else {
			var ok bool
			var err error
			if o, ok, err = w.optional(TopicProduce, prompt("produce-another"), opts); err != nil {
				return err
			} else if !ok {
				break
			}
		}
		k := parseSpace(o.tok)
		used = append(used, k)

		if t := st.tileAt(c.d, k); t.Owner >= 0 && t.Owner != w.seat {
			opponents++
		}
		if err := w.produceAt(c.d, k, false); err != nil {
			return err
		}
		if c.single {
			break
		}
	}
	if opponents >= 2 {
		st.gainPop(&w.l, w.seat, 1, "producing in opponents' industries")
	}
	return nil
}

// payCoal spends n coal, offering wood in its place with Charcoal
// Production.
func (w *walker) payCoal(topic string, n int) error {
	st, p := w.st, w.p()
	if n == 0 {
		return nil
	}
	if !st.hasCard(w.seat, "charcoal-production") {
		p.Goods[Coal] -= n
		return nil
	}
	var opts []opt
	for c := n; c >= 0; c-- {
		if p.Goods[Coal] >= c && p.Goods[Wood] >= n-c {
			tok := "coal-and-wood"
			switch {
			case c == n:
				tok = "coal"
			case c == 0:
				tok = "wood"
			}
			opts = append(opts, choice(tok, "pay-coal-wood", "coal", itoa(c), "wood", itoa(n-c)))
		}
	}
	coal := n
	if len(opts) > 1 {
		o, err := w.ask(topic, prompt("coal-or-wood"), opts)
		if err != nil {
			return err
		}
		switch o.tok {
		case "wood":
			coal = 0
		case "coal-and-wood":
			coal = n - 1
		}
	} else if p.Goods[Coal] < n {
		coal = p.Goods[Coal]
	}
	p.Goods[Coal] -= coal
	p.Goods[Wood] -= n - coal
	return nil
}

// produceAt produces once in the industry at d,k (free: Water Power).
func (w *walker) produceAt(d, k int, free bool) error {
	st, p := w.st, w.p()
	t := *st.tileAt(d, k)
	sd := st.side(&t)
	ind := theData().industries[t.Ind]
	if !free {
		st.pay(w.seat, sd.Cash)
	}
	in := goodsOf(sd.Input)
	for g, n := range in {
		if g == Coal {
			if err := w.payCoal(TopicProduce, n); err != nil {
				return err
			}
			continue
		}
		p.Goods[g] -= n
	}
	var out [numGoods]int
	switch {
	case sd.Ship != "":
		var ms []opt
		for _, m := range st.ownShipMarkets(w.seat) {
			ms = append(ms, choice(theData().markets[m].ID, "sail-to", "market", theData().markets[m].ID))
		}
		o, err := w.ask(TopicShipyard, prompt("ship-sail"), ms)
		if err != nil {
			return err
		}
		m := marketIndex(theData(), o.tok)
		w.l.add(event(w.seat, "produce", "produce-ship", "industry", ind.ID, "district", theData().districts[d].ID, "space", spaceToken(k)))
		if err := w.launchOwnShip(TopicShipyard, m, t.Up); err != nil {
			return err
		}
	case len(sd.Choice) > 0 && !sd.Mix:
		g, err := w.askGood(TopicProduce, prompt("which-goods"), goodsByNames(sd.Choice))
		if err != nil {
			return err
		}
		out[g] = sd.Total
	case sd.Mix:
		a, _ := goodByName(sd.Choice[0])
		b, _ := goodByName(sd.Choice[1])
		var opts []opt
		for n := sd.Total; n >= 0; n-- {
			opts = append(opts, choice(mixToken(a, n, b, sd.Total-n), "mix", "n", itoa(n), "good", goodNames[a], "n2", itoa(sd.Total-n), "good2", goodNames[b]))
		}
		o, err := w.ask(TopicProduce, prompt("which-goods"), opts)
		if err != nil {
			return err
		}
		for n := sd.Total; n >= 0; n-- {
			if mixToken(a, n, b, sd.Total-n) == o.tok {
				out[a], out[b] = n, sd.Total-n
			}
		}
	default:
		out = goodsOf(sd.Output)
	}
	if sd.Ship == "" {
		// one good, or two of a mix of three (the upgraded Warehouse and
		// Wharf): "count" is the first good's amount, "n2" the second's
		kv := []string{"industry", ind.ID, "district", theData().districts[d].ID, "space", spaceToken(k)}
		for g, n := range out {
			if n > 0 {
				p.Goods[g] += n
				if !slices.Contains(kv, lang.CountKey) {
					kv = append(kv, lang.CountKey, itoa(n), "good", goodNames[g])
				} else {
					kv = append(kv, "n2", itoa(n), "good2", goodNames[g])
				}
			}
		}
		id := "produce"
		if slices.Contains(kv, "good2") {
			id = "produce-mix"
		}
		if free {
			id += "-free"
		}
		w.l.add(event(w.seat, "produce", id, kv...))
	}
	// the owner's bonus, when the industry is an opponent's
	if o := t.Owner; o >= 0 && o != w.seat && !free {
		for g, n := range goodsOf(sd.Owner) {
			st.gainGood(&w.l, o, g, n, "owner's bonus")
		}
		if len(sd.OwnerChoice) > 0 {
			choices := goodsByNames(sd.OwnerChoice)
			if sd.OwnerMatches {
				var made []int
				for _, g := range choices {
					if out[g] > 0 {
						made = append(made, g)
					}
				}
				choices = made
			}
			if len(choices) == 1 {
				st.gainGood(&w.l, o, choices[0], 1, "owner's bonus")
			} else if len(choices) > 1 {
				st.Pending = append(st.Pending, Pending{Seat: o, Kind: "owner", Choices: choices})
			}
		}
		st.gainPrestige(&w.l, o, sd.OwnerPrestige, "owner's bonus")
	}
	return nil
}

func mixToken(a, na, b, nb int) string {
	var parts []string
	if na > 0 {
		parts = append(parts, goodNames[a]+strconv.Itoa(na))
	}
	if nb > 0 {
		parts = append(parts, goodNames[b]+strconv.Itoa(nb))
	}
	return strings.Join(parts, "-")
}

func goodsByNames(names []string) []int {
	var out []int
	for _, n := range names {
		g, _ := goodByName(n)
		out = append(out, g)
	}
	return out
}

// launchOwnShip puts a new ship of the seat on the top row of market m's
// section and then asks for its trade token: the ships already there move
// down first, so a token freed by the ship pushed out of the bottom row is
// on the board again and may be taken (glossary Shipyard: move the ships
// down before placing the new one; 06 Unload: the token goes back).
func (w *walker) launchOwnShip(topic string, m int, big bool) error {
	w.st.placeOwnShip(&w.l, w.seat, m, big)
	g, err := w.askTradeToken(topic, m)
	if err != nil {
		return err
	}
	if g >= 0 {
		w.st.Canal[m][0].Good = g
		w.l.add(event(w.seat, "trade-token", "trade-token", "market", theData().markets[m].ID, "good", goodNames[g]))
	}
	return nil
}

// askTradeToken: a new own ship may get a free foreign trade token of its
// market, or none (the first to load chooses then).
func (w *walker) askTradeToken(topic string, m int) (int, error) {
	opts := []opt{choice("open", "no-token")}
	var gs []int
	for g := range numGoods {
		if demand(m, g) && w.st.tokenFree(m, g) {
			gs = append(gs, g)
		}
	}
	opts = append(opts, goodOpts(gs)...)
	o, err := w.ask(topic, prompt("token-goods"), opts)
	if err != nil {
		return -1, err
	}
	if o.tok == "open" {
		return -1, nil
	}
	g, _ := goodByName(o.tok)
	return g, nil
}

// ---- Develop a Service (06) ----

func (w *walker) serviceCoal() int { return theData().rules.ServiceCoal[strconv.Itoa(w.st.year())] }

func (w *walker) serviceOptions(c actx) []opt {
	st, p := w.st, w.p()
	if p.Cash < 1 || st.coalLike(w.seat) < w.serviceCoal() {
		return nil
	}
	var out []opt
	for _, s := range st.ServiceOffer {
		if s < 0 || w.serviceSpace(c.d, s) < 0 {
			continue
		}
		tok := theData().services[s].ID
		dup := false
		for _, o := range out {
			dup = dup || o.tok == tok
		}
		if !dup {
			out = append(out, choice(tok, "service-token", "service", tok))
		}
	}
	return out
}

// serviceSpace is the empty service space of district d matching token s.
func (w *walker) serviceSpace(d, s int) int {
	for i, typ := range theData().districts[d].Services {
		if typ == theData().services[s].Type && w.st.Districts[d].Services[i] < 0 {
			return i
		}
	}
	return -1
}

func (w *walker) walkService(c actx) error {
	st := w.st
	o, err := w.ask(TopicService, prompt("which-service"), w.serviceOptions(c))
	if err != nil {
		return err
	}
	s := -1
	for i, x := range st.ServiceOffer {
		if x >= 0 && theData().services[x].ID == o.tok {
			s = x
			st.ServiceOffer[i] = -1
			break
		}
	}
	st.pay(w.seat, 1)
	if err := w.payCoal(TopicService, w.serviceCoal()); err != nil {
		return err
	}
	st.Districts[c.d].Services[w.serviceSpace(c.d, s)] = s
	w.l.add(event(w.seat, "service", "service", "service", o.tok, "district", theData().districts[c.d].ID))
	st.incomeUp(&w.l, w.seat, "service")
	st.gainPrestige(&w.l, w.seat, st.countIndustries(c.d), "service")
	if st.hasCard(w.seat, "local-distribution-network") {
		st.gainPrestige(&w.l, w.seat, 1, "local distribution network")
	}
	// Each tile in reach gives its point: two copies give 2 (08, glossary B).
	for w.useEffect("prestige-service") {
		st.gainPrestige(&w.l, w.seat, 1, "canal tile")
	}
	typ := theData().svcType[s]
	for o := range st.N {
		if o == w.seat {
			continue
		}
		if (typ == SvcWaterPower && st.hasCard(o, "hydraulic-lots")) || (typ == SvcCargoTrain && st.hasCard(o, "gtr-shareholder")) {
			st.gainCash(&w.l, o, 1)
		}
	}
	st.gainPop(&w.l, w.seat, 1, "service")
	return nil
}

// ---- Develop the Lachine Canal (06) ----

func (w *walker) canalGood() int {
	if w.st.era() == Widening {
		return Brick
	}
	return Machine
}

func (w *walker) canalOptions(c actx) []opt {
	st, p := w.st, w.p()
	k := canalIndex(c.d)
	if k < 0 || p.Cash < 1 || p.Goods[w.canalGood()] < 1 {
		return nil
	}
	return canalTileOpts(st.CanalOffer[k])
}

func canalTileOpts(xs []int) []opt {
	var out []opt
	for _, t := range xs {
		if t < 0 {
			continue
		}
		dup := false
		for _, o := range out {
			dup = dup || o.tok == theData().canal[t].ID
		}
		if !dup {
			out = append(out, choice(theData().canal[t].ID, "canal-tile", "tile", theData().canal[t].ID))
		}
	}
	return out
}

func slotOpts(p *Player) []opt {
	var out []opt
	for k := range 5 {
		out = append(out, choice("slot"+strconv.Itoa(k+1), "slot", "space", itoa(k+1), "district", theData().districts[p.Nav[k]].ID))
	}
	return out
}

// takeCanalTile moves a tile from canal section k to a slot of the seat's
// navigation board and refills the space from the stack. It returns the
// navigation space the tile went under.
func (w *walker) takeCanalTile(topic string, k int, tok string) (int, error) {
	st, p := w.st, w.p()
	so, err := w.ask(topic, prompt("which-slot"), slotOpts(p))
	if err != nil {
		return 0, err
	}
	slot, _ := strconv.Atoi(strings.TrimPrefix(so.tok, "slot"))
	slot--
	t := -1
	for i, x := range st.CanalOffer[k] {
		if x >= 0 && theData().canal[x].ID == tok {
			t = x
			st.CanalOffer[k][i] = st.drawCanal(st.era())
			break
		}
	}
	p.Slots[slot] = append(p.Slots[slot], t)
	w.l.add(event(w.seat, "canal-tile", "canal-tile", "tile", tok, "slot", so.tok, "number", itoa(slot+1)))
	return slot, nil
}

// advanceCanal moves the canal development marker of canal section k.
func (st *State) advanceCanal(l *log, seat, k, steps int) {
	p := &st.Players[seat]
	p.Canal[k] = min(p.Canal[k]+steps, len(theData().rules.CanalTrack)-1)
	l.add(event(seat, "canal-marker", "canal-marker", "district", theData().districts[canalDistrict(k)].ID, "position", itoa(p.Canal[k])))
}

func (w *walker) walkCanal(c actx) error {
	st, p := w.st, w.p()
	o, err := w.ask(TopicCanal, prompt("which-canal-tile"), w.canalOptions(c))
	if err != nil {
		return err
	}
	k := canalIndex(c.d)
	st.pay(w.seat, 1)
	p.Goods[w.canalGood()]--
	w.l.add(event(w.seat, "develop-canal", "develop-canal", "district", theData().districts[c.d].ID))
	if _, err := w.takeCanalTile(TopicCanal, k, o.tok); err != nil {
		return err
	}
	era := []string{"widening", "modernization"}[st.era()]
	st.advanceCanal(&w.l, w.seat, k, theData().rules.CanalSteps[era])
	st.gainPop(&w.l, w.seat, 1, "canal")
	st.gainPrestige(&w.l, w.seat, theData().rules.CanalPrestige[era], "canal modernization")
	return nil
}

// ---- Board a Trader or Ship Goods (06) ----

func (w *walker) traderOptions() []opt {
	if w.p().Cash < 1 || w.p().Traders < 1 {
		return nil
	}
	return w.traderShips()
}

func (w *walker) traderShips() []opt {
	if w.p().Traders < 1 {
		return nil
	}
	var out []opt
	for _, mr := range w.st.neutralTraderSpaces() {
		if w.quiet {
			return []opt{{tok: shipToken(mr[0], mr[1])}}
		}
		out = append(out, shipChoice(shipToken(mr[0], mr[1]), "trader-ship", w.st.Canal[mr[0]][mr[1]], "row", itoa(mr[1]+1)))
	}
	return out
}

// boardTrader puts one of the seat's traders on a neutral ship.
func (w *walker) boardTrader(tok string) {
	m, r, _ := parseShip(tok)
	w.st.Canal[m][r].Trader = w.seat
	w.p().Traders--
	w.l.add(shipEvent(w.seat, "board", "board", w.st.Canal[m][r], "ship", tok))
}

func (w *walker) walkTrader(c actx) error {
	w.why = func(tok string) error {
		m, r, ok := parseShip(tok)
		if !ok || r >= len(w.st.Canal[m]) || w.st.Canal[m][r].empty() {
			return rule("trader.no-ship", TopicTraders, "quoted", quoted(tok))
		}
		if w.st.Canal[m][r].Owner >= 0 {
			return rule("trader.own-ship", TopicTraders)
		}
		return rule("trader.taken", TopicTraders)
	}
	o, err := w.ask(TopicTraders, prompt("trader-ship"), w.traderOptions())
	if err != nil {
		return err
	}
	w.st.pay(w.seat, 1)
	w.boardTrader(o.tok)
	if w.effectSlot("board") >= 0 && !c.canal {
		extra := w.traderShips()
		if len(extra) > 0 {
			o2, ok, err := w.optional(TopicTraders, prompt("trader-another"), extra)
			if err != nil {
				return err
			}
			if ok {
				w.useEffect("board")
				w.boardTrader(o2.tok)
			}
		}
	}
	return nil
}

func loadOpts(st *State, ts [][3]int) []opt {
	var out []opt
	for _, t := range ts {
		out = append(out, shipChoice(goodNames[t[0]]+"@"+shipToken(t[1], t[2]), "load", st.Canal[t[1]][t[2]], "good", goodNames[t[0]], "row", itoa(t[2]+1)))
	}
	return out
}

func parseLoad(tok string) (g, m, r int) {
	a, b, _ := strings.Cut(tok, "@")
	g, _ = goodByName(a)
	m, r, _ = parseShip(b)
	return
}

// loadOne loads one good chosen among targets (market -1: any) and
// returns the ship loaded.
func (w *walker) loadOne(topic string, prompt lang.Msg, market int) ([2]int, error) {
	o, err := w.ask(topic, prompt, loadOpts(w.st, w.st.loadTargets(w.seat, market)))
	if err != nil {
		return [2]int{}, err
	}
	g, m, r := parseLoad(o.tok)
	w.st.load(&w.l, w.seat, m, r, g)
	return [2]int{m, r}, nil
}

// unloadFull unloads the loaded ships that are full, in loading order.
func (w *walker) unloadFull(ships ...[2]int) {
	for _, s := range ships {
		sh := w.st.Canal[s[0]][s[1]]
		if !sh.empty() && len(sh.Loads) >= sh.capacity() {
			w.st.unloadAt(&w.l, s[0], s[1])
		}
	}
}

func (w *walker) walkShip(c actx) error {
	st := w.st
	// Ship Goods loads one or two goods, never none (our reading of "up to
	// 2", docs/smoky-valley-rules.md): a ship named without a good is
	// refused, even where the Board a trader tile would add a trader.
	w.why = func(tok string) error {
		if strings.Contains(tok, "@") {
			return nil
		}
		if _, _, ok := parseShip(tok); ok {
			return rule("ship.no-good", TopicShipGoods, "case", "first")
		}
		return nil
	}
	first, err := w.loadOne(TopicShipGoods, prompt("load"), -1)
	if err != nil {
		return err
	}
	st.pay(w.seat, 1)
	loaded := [][2]int{first}
	same := w.effectSlot("load2") >= 0 && !c.canal
	var ts [][3]int
	for _, t := range st.loadTargets(w.seat, -1) {
		if (t[1] != first[0] || t[2] != first[1]) || same {
			ts = append(ts, t)
		}
	}
	// The Board a trader tile also works with Ship Goods (glossary B: its
	// text names both forms of the action): a free trader on a neutral
	// ship, offered after the loads (or instead of a second load).
	board := w.effectSlot("board") >= 0 && !c.canal
	opts := loadOpts(st, ts)
	if board {
		opts = append(opts, w.boardShips()...)
	}
	if len(opts) == 0 {
		w.unloadFull(loaded...)
		return nil
	}
	o, ok, err := w.optional(TopicShipGoods, prompt("load-second"), opts)
	if err != nil || !ok {
		w.unloadFull(loaded...)
		return err
	}
	if strings.Contains(o.tok, "@") {
		g, m, r := parseLoad(o.tok)
		if m == first[0] && r == first[1] {
			w.useEffect("load2")
		} else {
			loaded = append(loaded, [2]int{m, r})
		}
		st.load(&w.l, w.seat, m, r, g)
		extra := w.boardShips()
		if !board || len(extra) == 0 {
			w.unloadFull(loaded...)
			return nil
		}
		o, ok, err = w.optional(TopicShipGoods, prompt("board-free"), extra)
		if err != nil || !ok {
			w.unloadFull(loaded...)
			return err
		}
	}
	w.useEffect("board")
	w.boardTrader(o.tok)
	w.unloadFull(loaded...)
	return nil
}

// boardShips lists the neutral ships a free trader may board after goods
// were loaded: a ship the loads filled is unloading and takes none.
func (w *walker) boardShips() []opt {
	q := w.quiet
	w.quiet = false
	defer func() { w.quiet = q }()
	var out []opt
	for _, o := range w.traderShips() {
		m, r, _ := parseShip(o.tok)
		if s := w.st.Canal[m][r]; len(s.Loads) < s.capacity() {
			out = append(out, o)
		}
	}
	return out
}

// ---- the local market, free actions (06 Trade at the local market) ----

// sellCount is how many different basic goods the sale for £1 takes: 2
// with the Trade at the local market tile under the boat (glossary B).
// The tile works when the boat stands above it. From rules version 4 that
// includes the start of a turn, before the district is chosen: the boat
// still stands where the seat's last turn left it, and a seat may trade at
// the market then (06 Step 1: with £0, trading first to afford a turn).
// Versions 1 to 3 counted the tile only once the boat was placed for the
// turn.
func (w *walker) sellCount() int {
	if w.effectSlot("market") >= 0 && (w.st.T.Started || w.st.Rules >= 4) {
		return 2
	}
	return 3
}

func (w *walker) distinctBasics() []int {
	var out []int
	for _, g := range basicGoods() {
		if w.p().Goods[g] > 0 {
			out = append(out, g)
		}
	}
	return out
}

func (w *walker) processedHeld() []int {
	var out []int
	for _, g := range []int{Flour, Beer, Machine} {
		if w.p().Goods[g] > 0 {
			out = append(out, g)
		}
	}
	return out
}

func (w *walker) marketOptions() []opt {
	p := w.p()
	var out []opt
	if p.Cash >= 1 {
		out = append(out, choice("buy", "market-buy", "cost", "1"))
	}
	if !p.Market[1] && len(w.distinctBasics()) >= w.sellCount() {
		out = append(out, choice("sell", "market-sell", "n", itoa(w.sellCount()), "cost", "1"))
	}
	if !p.Market[2] && len(w.distinctBasics()) > 0 && len(w.processedHeld()) > 0 {
		out = append(out, choice("sellpair", "market-sellpair", "cost", "1"))
	}
	return out
}

func (w *walker) walkMarket(kind string) error {
	st, p := w.st, w.p()
	switch kind {
	case "buy":
		g, err := w.askGood(TopicMarket, prompt("basic-good"), basicGoods())
		if err != nil {
			return err
		}
		st.pay(w.seat, 1)
		p.Goods[g]++
		w.l.add(event(w.seat, "market", "market-buy", "trade", "buy", "good", goodNames[g], "cost", "1"))
		w.marketMarker(0)
	case "sell":
		n := w.sellCount()
		var sold []string
		var gs []int
		for range n {
			var avail []int
			for _, g := range w.distinctBasics() {
				if !contains(gs, g) {
					avail = append(avail, g)
				}
			}
			g, err := w.askGood(TopicMarket, prompt("sell-basic"), avail)
			if err != nil {
				return err
			}
			gs = append(gs, g)
			sold = append(sold, "good"+itoa(len(gs)), goodNames[g])
		}
		if n == 2 {
			w.useEffect("market")
		}
		for _, g := range gs {
			p.Goods[g]--
		}
		w.l.add(event(w.seat, "market", "market-sell-"+itoa(len(gs)), append([]string{"trade", "sell"}, sold...)...))
		st.gainCash(&w.l, w.seat, 1)
		w.marketMarker(1)
	case "sellpair":
		b, err := w.askGood(TopicMarket, prompt("sell-basic"), w.distinctBasics())
		if err != nil {
			return err
		}
		pr, err := w.askGood(TopicMarket, prompt("sell-processed"), w.processedHeld())
		if err != nil {
			return err
		}
		p.Goods[b]--
		p.Goods[pr]--
		w.l.add(event(w.seat, "market", "market-sellpair", "trade", "sellpair", "basic", goodNames[b], "processed", goodNames[pr]))
		st.gainCash(&w.l, w.seat, 1)
		w.marketMarker(2)
	}
	return nil
}

// marketMarker places the seat's marker for trade i (once a phase);
// the second and third markers are worth 1 popularity each.
func (w *walker) marketMarker(i int) {
	p := w.p()
	if p.Market[i] {
		return
	}
	p.Market[i] = true
	n := 0
	for _, m := range p.Market {
		if m {
			n++
		}
	}
	if n >= 2 {
		w.st.gainPop(&w.l, w.seat, 1, "local market")
	}
}

func (w *walker) walkPoverty() error {
	st, p := w.st, w.p()
	var gs []int
	for _, g := range []int{Flour, Beer} {
		if p.Goods[g] > 0 {
			gs = append(gs, g)
		}
	}
	g, err := w.askGood(TopicCards, prompt("poverty"), gs)
	if err != nil {
		return err
	}
	p.Goods[g]--
	p.Poverty = true
	n := 2
	if g == Beer {
		n = 3
	}
	w.l.add(event(w.seat, "poverty", "poverty", "good", goodNames[g]))
	st.gainPrestige(&w.l, w.seat, n, "poverty reduction")
	return nil
}
