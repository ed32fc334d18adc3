package smokyvalley

import (
	"slices"

	"github.com/smokestack/smokestack/engine/lang"
)

// City cards (06 Acquire a City Card; glossary C). What each card does is
// below, keyed by the card's ID in data/cards.json.

// cardEffect carries out a card's instant actions and immediate effect
// when it is acquired in district d.
type cardEffect func(w *walker, d int) error

func (w *walker) cardCost() []int {
	// the goods the card may be paid with: grain in the 1840s, flour later,
	// or grain instead with the reduced price canal tile
	if w.st.decade() == 0 {
		return []int{Grain}
	}
	if w.effectSlot("city-cost") >= 0 {
		return []int{Flour, Grain}
	}
	return []int{Flour}
}

// cardOptions lists the offered cards the seat may acquire in c.d.
func (w *walker) cardOptions(c actx) []opt {
	st, p := w.st, w.p()
	if p.Cash < 1 || c.d < 0 {
		return nil
	}
	pay := false
	for _, g := range w.cardCost() {
		pay = pay || p.Goods[g] > 0
	}
	if !pay {
		return nil
	}
	if st.owns(w.seat, c.d) == 0 && !st.hasCard(w.seat, "community-service") {
		return nil
	}
	if p.CityBox[c.d] && !(st.Mayor == w.seat && !p.MayorUse) {
		return nil
	}
	var out []opt
	for _, k := range st.CardOffer {
		if k < 0 || !st.needsOK(theData().cards[k].Needs, c.d) {
			continue
		}
		if w.quiet {
			return []opt{{tok: theData().cards[k].ID}}
		}
		cd := theData().cards[k]
		out = append(out, choice(cd.ID, "city-card", "card", cd.ID, "category", categoryNames[theData().cardCat[k]]))
	}
	return out
}

func cardByID(id string) int {
	for i, c := range theData().cards {
		if c.ID == id {
			return i
		}
	}
	return -1
}

func (w *walker) walkCard(c actx) error {
	st, p := w.st, w.p()
	w.why = func(tok string) error {
		k := cardByID(tok)
		switch {
		case k < 0:
			return rule("card.unknown", TopicCards, "quoted", quoted(tok))
		case !slices.Contains(st.CardOffer, k):
			return rule("card.not-offered", TopicCards, "card", theData().cards[k].ID)
		case c.d >= 0 && !st.needsOK(theData().cards[k].Needs, c.d):
			return rule("card.needs-"+theData().cards[k].Needs, TopicCards, "card", theData().cards[k].ID, "district", theData().districts[c.d].ID)
		}
		return nil
	}
	o, err := w.ask(TopicCards, prompt("which-card"), w.cardOptions(c))
	if err != nil {
		return err
	}
	k := cardByID(o.tok)
	var gs []int
	for _, g := range w.cardCost() {
		if p.Goods[g] > 0 {
			gs = append(gs, g)
		}
	}
	g := gs[0]
	if len(gs) > 1 {
		if g, err = w.askGood(TopicCards, prompt("flour-or-grain"), gs); err != nil {
			return err
		}
	}
	if g == Grain && st.decade() > 0 {
		w.useEffect("city-cost")
	}
	// The mayor's bonus (06 Acquire a City Card, note): once a game the
	// mayor may take a card without a disc in the city box. Where the box
	// already holds the seat's disc it is the only way; where it is free the
	// mayor chooses between the disc and the bonus.
	mayor := p.CityBox[c.d]
	if !mayor && st.Mayor == w.seat && !p.MayorUse {
		o, err := w.ask(TopicCards, prompt("disc-or-mayor"), []opt{
			choice("disc", "disc"),
			choice("mayor", "mayor"),
		})
		if err != nil {
			return err
		}
		mayor = o.tok == "mayor"
	}
	st.pay(w.seat, 1)
	p.Goods[g]--
	if mayor {
		p.MayorUse = true
	} else {
		p.CityBox[c.d] = true
	}
	held := slices.Clone(p.Cards)
	p.Cards = append(p.Cards, k)
	// The replacement card: from rules version 4 it is drawn after the
	// card's instant actions, as Nicole's Canal Lock example orders them
	// (the card's effects, a new card, then the popularity). Since the
	// card's city action is one of those actions, it (the mayor's second
	// card) chooses among the cards left on offer, and a seat exploring
	// the move sees no card it has not drawn.
	i := slices.Index(st.CardOffer, k)
	if st.Rules >= 4 {
		st.CardOffer[i] = -1
	} else {
		st.CardOffer[i] = st.drawCard(st.decade())
	}
	id := "card"
	if mayor {
		id = "card-mayor"
	}
	w.l.add(event(w.seat, "card", id, "card", o.tok, "district", theData().districts[c.d].ID))
	// 06 Acquire a City Card: the card's popularity is the action's last
	// step, after its instant actions (the list of steps, and Nicole's
	// Canal Lock example: the card's effects, a new card, then 1
	// popularity). So a bonus the popularity reaches (a good of choice,
	// the machine, £1) comes after the card's free load or move, like the
	// popularity the cards already held add for a new one. Rules version
	// 1 and 2 gave the popularity first, so the machine (space 21) could
	// go on the card's free load while a good of choice (9, 13) could not.
	popularity := func() {
		st.gainPop(&w.l, w.seat, 1, "city card")
		w.acquireTriggers(held, k)
	}
	if st.Rules < 3 {
		popularity()
	}
	if err := cardEffects[o.tok](w, c.d); err != nil {
		return err
	}
	if st.Rules >= 4 {
		st.CardOffer[i] = st.drawCard(st.decade())
	}
	if st.Rules >= 3 {
		popularity()
	}
	return nil
}

// acquireTriggers: permanent effects of the cards already held that react
// to acquiring a card (never the new card itself).
func (w *walker) acquireTriggers(held []int, k int) {
	st := w.st
	cat := theData().cardCat[k]
	has := func(id string) bool {
		for _, c := range held {
			if theData().cards[c].ID == id {
				return true
			}
		}
		return false
	}
	de := st.Opts.CardTexts == "de"
	if cat == CatLife {
		if has("city-park") {
			st.gainPop(&w.l, w.seat, 1, "city park")
		}
		if has("aqueduct") {
			if de {
				st.gainPop(&w.l, w.seat, 1, "aqueduct")
			} else {
				st.gainPrestige(&w.l, w.seat, 1, "aqueduct")
			}
		}
		if has("horsecar") && !de {
			st.gainPop(&w.l, w.seat, 1, "horsecar")
		}
		if has("hospital") {
			st.gainPrestige(&w.l, w.seat, 2, "hospital")
		}
	}
	if cat == CatService && has("waste-management") {
		st.gainPop(&w.l, w.seat, 1, "waste management")
	}
	if (cat == CatLife || cat == CatEconomy) && has("new-city-hall") {
		st.gainPrestige(&w.l, w.seat, 1, "new city hall")
		st.gainPop(&w.l, w.seat, 1, "new city hall")
	}
	if has("social-influence") {
		st.gainPrestige(&w.l, w.seat, 1, "social influence")
	}
}

// ---- building blocks of the card effects ----

// cityAction is a card's "take 1 city action at the current district".
// It is printed among the card's instant actions, which are performed when
// the card is bought (03, the city cards; glossary C). From rules version
// 4 it is part of the card's move: the seat takes one district action in
// the current district right there (or "none"), before the card's
// immediate effect is judged and before the card's popularity (and a bonus
// it reaches), so neither can fund the city action. Versions 1 to 3
// granted one more district action for a later move of the turn.
func cityAction(w *walker) error {
	st := w.st
	if st.Rules < 4 {
		st.T.Actions++
		w.l.add(event(w.seat, "city-action", "city-action"))
		return nil
	}
	here := st.here(w.seat)
	c := actx{d: here}
	opts := w.actionOptions(c)
	if len(opts) == 0 {
		w.l.add(event(w.seat, "city-action", "city-action-none"))
		return nil
	}
	opts = append(opts, choice("none", "city-action-none"))
	w.why = func(tok string) error {
		if slices.Contains(districtActions, tok) {
			return w.whyAction(tok)
		}
		return nil
	}
	o, err := w.ask(TopicCards, prompt("city-action"), opts)
	if err != nil {
		return err
	}
	if o.tok == "none" {
		w.l.add(event(w.seat, "city-action", "city-action-none"))
		return nil
	}
	w.l.add(event(w.seat, "city-action", "city-action-take"))
	return w.action(o.tok, c)
}

func prestige(w *walker, n int, why string) { w.st.gainPrestige(&w.l, w.seat, n, why) }

func gain(w *walker, g, n int) { w.st.gainGood(&w.l, w.seat, g, n, "city card") }

func moveBoat(w *walker) error {
	p := w.p()
	var ds []int
	ds = append(ds, p.Nav[:]...)
	o, err := w.ask(TopicCards, prompt("move-free"), districtOpts(ds))
	if err != nil {
		return err
	}
	if w.st.Rules >= 2 && w.st.T.From == 0 && p.Boat >= 0 {
		w.st.T.From = p.Boat + 1
	}
	p.Boat = w.st.slotOf(w.seat, districtByID(o.tok))
	w.l.add(event(w.seat, "go", "go-free", "district", o.tok, "cost", "0"))
	return nil
}

// loadFree loads one good free on a ship of market m (-1: any), if any can.
func loadFree(w *walker, m int) error {
	if len(w.st.loadTargets(w.seat, m)) == 0 {
		return nil
	}
	s, err := w.loadOne(TopicCards, prompt("load-free"), m)
	if err != nil {
		return err
	}
	w.unloadFull(s)
	return nil
}

func traderFree(w *walker) error {
	opts := w.traderShips()
	if len(opts) == 0 {
		return nil
	}
	o, err := w.ask(TopicCards, prompt("trader-free"), opts)
	if err != nil {
		return err
	}
	w.boardTrader(o.tok)
	return nil
}

func (w *walker) countCat(cat int) int {
	n := 0
	for _, c := range w.p().Cards {
		if theData().cardCat[c] == cat {
			n++
		}
	}
	return n
}

// producedIn lists the goods of a kind the industries of district d
// produce (Local Supplier, Local Contractor).
func (st *State) producedIn(d int, basic bool) []int {
	var out []int
	for k := -1; k < 5; k++ {
		t := st.tileAt(d, k)
		if t.Ind < 0 {
			continue
		}
		sd := st.side(t)
		var gs []int
		for name := range sd.Output {
			g, _ := goodByName(name)
			gs = append(gs, g)
		}
		gs = append(gs, goodsByNames(sd.Choice)...)
		for _, g := range gs {
			if isBasic(g) == basic && !contains(out, g) {
				out = append(out, g)
			}
		}
	}
	slices.Sort(out)
	return out
}

func chooseGoods(w *walker, n int, gs []int, prompt lang.Msg) error {
	if len(gs) == 0 {
		return nil
	}
	for range n {
		g, err := w.askGood(TopicCards, prompt, gs)
		if err != nil {
			return err
		}
		w.st.gainGood(&w.l, w.seat, g, 1, "city card")
	}
	return nil
}

func (w *walker) totalCanalTiles() int {
	n := 0
	for _, s := range w.p().Slots {
		if w.st.Opts.PortCovered {
			n += len(s)
		} else if len(s) > 0 {
			n++
		}
	}
	return n
}

// cardEffects: every card of the glossary (C).
var cardEffects map[string]cardEffect

func init() {
	cardEffects = map[string]cardEffect{
		// 1840s, economic and industrial development
		"bank": func(w *walker, d int) error { w.st.incomeUp(&w.l, w.seat, "bank"); return cityAction(w) },
		"canal-lock": func(w *walker, d int) error {
			if err := moveBoat(w); err != nil {
				return err
			}
			// immediate effect: a free canal tile from any section, its
			// marker one space on; the space is refilled (our decision)
			var opts []opt
			for k := range 3 {
				for _, o := range canalTileOpts(w.st.CanalOffer[k]) {
					o = choice(theData().districts[canalDistrict(k)].ID+":"+o.tok, "canal-tile-in", "district", theData().districts[canalDistrict(k)].ID, "tile", o.tok)
					opts = append(opts, o)
				}
			}
			if len(opts) == 0 {
				return nil
			}
			o, err := w.ask(TopicCards, prompt("canal-tile-free"), opts)
			if err != nil {
				return err
			}
			var dist, tok string
			for i := range o.tok {
				if o.tok[i] == ':' {
					dist, tok = o.tok[:i], o.tok[i+1:]
					break
				}
			}
			k := canalIndex(districtByID(dist))
			// the note to the immediate effect (glossary C, Canal Lock):
			// on the boat's space, the old tile or the new one this turn
			boat := w.p().Boat
			usedBefore := w.usedThisTurn(boat)
			slot, err := w.takeCanalTile(TopicCards, k, tok)
			if err != nil {
				return err
			}
			w.lockCanalTile(slot, boat, usedBefore)
			w.st.advanceCanal(&w.l, w.seat, k, 1)
			return nil
		},
		"charcoal-production":  func(w *walker, d int) error { gain(w, Wood, 1); return nil },
		"commercial-office-gb": func(w *walker, d int) error { return loadFree(w, marketIndex(theData(), "gb")) },
		"commercial-office-us": func(w *walker, d int) error { return loadFree(w, marketIndex(theData(), "us")) },
		"commercial-office-wi": func(w *walker, d int) error { return loadFree(w, marketIndex(theData(), "wi")) },
		"hydraulic-lots":       func(w *walker, d int) error { return w.swapTiles(TopicCards) },
		"local-supplier": func(w *walker, d int) error {
			return chooseGoods(w, 3, w.st.producedIn(d, true), prompt("basic-here"))
		},
		// 1840s, quality of life
		"boxing-club": func(w *walker, d int) error {
			prestige(w, 1, "boxing club")
			w.st.incomeUp(&w.l, w.seat, "boxing club")
			return nil
		},
		"city-park":        func(w *walker, d int) error { prestige(w, 1, "city park"); gain(w, Wood, 1); return nil },
		"headquarters":     func(w *walker, d int) error { return nil },
		"waste-management": func(w *walker, d int) error { return cityAction(w) },
		// 1840s, public service
		"aqueduct": func(w *walker, d int) error { return w.swapTiles(TopicCards) },
		"city-planning-office": func(w *walker, d int) error {
			gain(w, Grain, 1)
			return w.swapTiles(TopicCards)
		},
		"college": func(w *walker, d int) error {
			if err := traderFree(w); err != nil {
				return err
			}
			gain(w, Machine, 1)
			return cityAction(w)
		},
		"newspaper": func(w *walker, d int) error { prestige(w, 1, "newspaper"); return cityAction(w) },
		// 1850s, economic and industrial development
		"gtr-shareholder": func(w *walker, d int) error {
			w.st.incomeUp(&w.l, w.seat, "railway shares")
			return chooseGoods(w, 1, []int{Coal, Grain}, prompt("grain-or-coal"))
		},
		"local-contractor": func(w *walker, d int) error {
			return chooseGoods(w, 2, w.st.producedIn(d, false), prompt("processed-here"))
		},
		"preferred-loading": func(w *walker, d int) error {
			if err := moveBoat(w); err != nil {
				return err
			}
			if w.st.Opts.CardTexts != "de" {
				if err := loadFree(w, -1); err != nil {
					return err
				}
			}
			ms := w.st.ownShipMarkets(w.seat)
			if len(ms) == 0 {
				return nil
			}
			var opts []opt
			for _, m := range ms {
				opts = append(opts, choice(theData().markets[m].ID, "sail-to", "market", theData().markets[m].ID))
			}
			o, err := w.ask(TopicCards, prompt("schooner-sail"), opts)
			if err != nil {
				return err
			}
			return w.launchOwnShip(TopicCards, marketIndex(theData(), o.tok), false)
		},
		"partnership-us": func(w *walker, d int) error { gain(w, Flour, 1); return nil },
		"partnership-wi": func(w *walker, d int) error { gain(w, Beer, 1); return nil },
		"trade-center": func(w *walker, d int) error {
			if err := loadFree(w, -1); err != nil {
				return err
			}
			if w.p().Traders < 1 {
				return nil
			}
			var opts []opt
			for m, md := range theData().markets {
				_ = m
				opts = append(opts, choice(md.ID, "agency", "market", md.ID))
			}
			o, err := w.ask(TopicCards, prompt("agency"), opts)
			if err != nil {
				return err
			}
			w.p().Traders--
			w.st.traderArrives(&w.l, w.seat, marketIndex(theData(), o.tok), false, false, w.st.Opts.TradeCenter)
			return nil
		},
		// 1850s, quality of life
		"community-service": func(w *walker, d int) error {
			prestige(w, 1, "community service")
			return w.swapTiles(TopicCards)
		},
		"labour-union":               func(w *walker, d int) error { return cityAction(w) },
		"local-distribution-network": func(w *walker, d int) error { return w.swapTiles(TopicCards) },
		"social-influence":           func(w *walker, d int) error { return cityAction(w) },
		// 1850s, public service
		"horsecar": func(w *walker, d int) error {
			w.st.incomeUp(&w.l, w.seat, "horsecar")
			return w.swapTiles(TopicCards)
		},
		"hospital":          func(w *walker, d int) error { prestige(w, 1, "hospital"); return nil },
		"new-city-hall":     func(w *walker, d int) error { return nil },
		"poverty-reduction": func(w *walker, d int) error { gain(w, Grain, 1); return nil },
		// 1860s, economic and industrial development (immediate effects only).
		// A card's immediate effect follows its instant actions (glossary C
		// prints the instant action box first; 03: those are performed when
		// the card is bought), so from rules version 4 a condition is judged
		// after the card's city action, which cityAction takes in the move.
		"city-gas-company": func(w *walker, d int) error {
			prestige(w, 1, "city gas company")
			gain(w, Coal, 1)
			if err := cityAction(w); err != nil {
				return err
			}
			if w.countCat(CatService) >= 2 {
				prestige(w, 2, "city gas company")
			}
			return nil
		},
		"griffintown-shipyard": func(w *walker, d int) error {
			prestige(w, 1, "griffintown shipyard")
			if err := loadFree(w, -1); err != nil {
				return err
			}
			if err := cityAction(w); err != nil {
				return err
			}
			for k := -1; k < 5; k++ {
				if t := w.st.tileAt(d, k); t.Ind == theData().shipyard {
					prestige(w, 1, "griffintown shipyard")
					break
				}
			}
			return nil
		},
		"international-distribution": func(w *walker, d int) error {
			prestige(w, 1, "international distribution")
			gain(w, Beer, 1)
			if err := cityAction(w); err != nil {
				return err
			}
			all := true
			for m := range 3 {
				all = all && contains(w.st.Agency[m], w.seat)
			}
			if all {
				prestige(w, 2, "international distribution")
			}
			return nil
		},
		"merchants-exchange": func(w *walker, d int) error {
			prestige(w, 1, "merchant's exchange")
			if err := traderFree(w); err != nil {
				return err
			}
			if err := cityAction(w); err != nil {
				return err
			}
			if w.p().Income >= theData().rules.IncomeMax {
				prestige(w, 2, "merchant's exchange")
			}
			return nil
		},
		// 1860s, quality of life
		"city-lights": func(w *walker, d int) error {
			prestige(w, 1, "city lights")
			if err := cityAction(w); err != nil {
				return err
			}
			if w.st.hasService(d, SvcCoalPower) {
				prestige(w, 1, "city lights")
				w.st.gainPop(&w.l, w.seat, 1, "city lights")
			}
			return nil
		},
		"garden-city": func(w *walker, d int) error {
			prestige(w, 1, "garden city")
			if err := cityAction(w); err != nil {
				return err
			}
			n := 0
			for _, b := range w.p().CityBox {
				if b {
					n++
				}
			}
			if n >= 5 {
				prestige(w, 2, "garden city")
				w.st.gainPop(&w.l, w.seat, 1, "garden city")
			}
			return nil
		},
		"swing-bridge": func(w *walker, d int) error {
			prestige(w, 1, "swing bridge")
			if err := moveBoat(w); err != nil {
				return err
			}
			if w.countCat(CatEconomy) >= 2 {
				prestige(w, 2, "swing bridge")
			}
			return nil
		},
		"water-supply-system": func(w *walker, d int) error {
			prestige(w, 1, "water supply system")
			if err := cityAction(w); err != nil {
				return err
			}
			if w.st.hasService(d, SvcWaterPower) {
				prestige(w, 1, "water supply system")
				w.st.gainPop(&w.l, w.seat, 1, "water supply system")
			}
			return nil
		},
		// 1860s, public service
		"fire-department": func(w *walker, d int) error {
			prestige(w, 1, "fire department")
			if err := w.swapTiles(TopicCards); err != nil {
				return err
			}
			for k := -1; k < 5; k++ {
				if t := w.st.tileAt(d, k); t.Ind == theData().manufactory {
					prestige(w, 1, "fire department")
					gain(w, Machine, 1)
					break
				}
			}
			return nil
		},
		"industrial-park": func(w *walker, d int) error {
			prestige(w, 1, "industrial park")
			gain(w, Machine, 1)
			if err := cityAction(w); err != nil {
				return err
			}
			n := 0
			for _, s := range w.st.Districts[d].Services {
				if s >= 0 {
					n++
				}
			}
			if n >= 2 {
				prestige(w, 1, "industrial park")
			}
			return nil
		},
		"police-department": func(w *walker, d int) error {
			prestige(w, 1, "police department")
			if err := cityAction(w); err != nil {
				return err
			}
			if w.countCat(CatLife) >= 2 {
				prestige(w, 2, "police department")
				w.st.gainPop(&w.l, w.seat, 1, "police department")
			}
			return nil
		},
		"port-authority": func(w *walker, d int) error {
			prestige(w, 1, "port authority")
			if err := moveBoat(w); err != nil {
				return err
			}
			if w.totalCanalTiles() >= 5 {
				prestige(w, 2, "port authority")
			}
			return nil
		},
	}
}
