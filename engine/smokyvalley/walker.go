package smokyvalley

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Legality has one source. A walker replays a partial or complete move
// token by token on a scratch copy of the state: at every decision it
// lists the legal answers, checks the given token against that list and
// carries the decision out at once, so later decisions are judged on the
// position as it then is. Choices returns the decision after the last
// token; Apply walks the whole move and keeps the scratch state.
//
// A turn is played as several moves: choosing the district (or passing),
// each district, canal or city action, each free action at the local
// market, and "end". Decisions of other seats (a trader's or an owner's
// bonus, a popularity bonus, the mayor's priorities) come as pending
// decisions between moves.

// opt is an answer to a decision: its token and its label by reference
// (the catalog's choice.* messages, choice).
type opt struct {
	tok string
	// The label, the catalog's message "choice.<id>" with data kv, is
	// built only when asked (label): Apply and the steps before the last
	// one of Choices never show it (docs/performance.md).
	id  string
	kv  []string
	has bool
}

// label is the option's label message (the zero Msg when it has none).
func (o opt) label() lang.Msg {
	if !o.has {
		return lang.Msg{}
	}
	return lang.M("choice."+o.id, o.kv...)
}

type step struct {
	prompt   lang.Msg // the catalog's prompt.* message (prompt)
	opts     []opt
	complete bool
}

// need ends a walk that ran out of tokens before a required decision.
type need struct{ s step }

func (n *need) Error() string { return "smoky-valley: the move is not complete" }

type walker struct {
	st    *State
	seat  int
	l     log
	rest  engine.Move
	final *step // the optional decision the move may still take
	quiet bool  // listing options only to see whether there are any
	// why, when set, explains why a token is not among the options of the
	// next ask with a specific rule error (nil: the generic one).
	why func(tok string) error
	// effectsAt, when set, is 1 + the navigation space whose changing
	// effects apply instead of the boat's: a canal action taken from the
	// tile a city card moved the boat away from (rules version 2).
	effectsAt int
}

func newWalker(st *State, seat int) *walker { return &walker{st: st, seat: seat} }

func (w *walker) p() *Player { return &w.st.Players[w.seat] }

// ask takes the next token as the answer to a required decision.
func (w *walker) ask(topic string, prompt lang.Msg, opts []opt) (opt, error) {
	if len(w.rest) == 0 {
		return opt{}, &need{step{prompt: prompt, opts: opts}}
	}
	tok := w.rest[0]
	why := w.why
	w.why = nil
	for _, o := range opts {
		if o.tok == tok {
			w.rest = w.rest[1:]
			return o, nil
		}
	}
	if why != nil {
		if err := why(tok); err != nil {
			return opt{}, err
		}
	}
	return opt{}, badChoice(topic, prompt, tok, opts)
}

// optional takes the next token as the answer to a decision the move may
// end before; ok is false when the move ends there.
func (w *walker) optional(topic string, prompt lang.Msg, opts []opt) (opt, bool, error) {
	if len(w.rest) == 0 {
		if w.final == nil {
			w.final = &step{prompt: prompt, opts: opts, complete: true}
		}
		return opt{}, false, nil
	}
	o, err := w.ask(topic, prompt, opts)
	return o, err == nil, err
}

func badChoice(topic string, pm lang.Msg, tok string, opts []opt) error {
	var names []string
	for i, o := range opts {
		if i == 8 {
			names = append(names, "...")
			break
		}
		names = append(names, o.tok)
	}
	// the decision is named by name.ask.<prompt> (its prompt in lower
	// case, without the question mark), a prompt with data by its values
	ask := strings.TrimPrefix(pm.ID, "prompt.")
	for _, k := range slices.Sorted(maps.Keys(pm.Data)) {
		ask += "-" + pm.Data[k]
	}
	if len(opts) == 0 {
		return rule("move.nothing", topic, "quoted", quoted(tok), "ask", ask)
	}
	return rule("move.choice", topic, "quoted", quoted(tok), "ask", ask, "options", strings.Join(names, ", "))
}

// walk replays m and returns the decision after it.
func (w *walker) walk(m engine.Move) (step, error) {
	w.rest = m
	err := w.move()
	if n, ok := err.(*need); ok {
		return n.s, nil
	}
	if err != nil {
		return step{}, err
	}
	if len(w.rest) > 0 {
		return step{}, rule("move.too-long", TopicNotation, "quoted", quoted(strings.Join(w.rest, " ")))
	}
	if w.final != nil {
		return *w.final, nil
	}
	return step{complete: true}, nil
}

func (w *walker) move() error {
	st := w.st
	if len(st.Pending) > 0 {
		return w.pending()
	}
	if st.Mode == ModeDepot {
		return w.depot()
	}
	w.why = w.whyTop
	o, err := w.ask(TopicTurn, prompt("what-now"), w.topOptions())
	if err != nil {
		return err
	}
	here := st.here(w.seat)
	switch o.tok {
	case "go":
		return w.walkGo()
	case "pass":
		return w.walkPass()
	case "end":
		w.l.add(event(w.seat, "end", "end"))
		st.nextTurn(&w.l)
		return nil
	case "buy", "sell", "sellpair":
		return w.walkMarket(o.tok)
	case "poverty":
		return w.walkPoverty()
	case "tile":
		return w.walkTile()
	}
	// a district action (or a city action) in the current district
	st.T.Done++
	return w.action(o.tok, actx{d: here})
}

// topOptions lists what the seat whose turn it is may do now.
func (w *walker) topOptions() []opt {
	st, p := w.st, w.p()
	var out []opt
	if !st.T.Started {
		if w.anyGo() {
			out = append(out, choice("go", "go"))
		}
	} else if st.T.Done < st.T.Actions {
		out = append(out, w.actionOptions(actx{d: st.here(w.seat)})...)
	}
	if st.T.Started && !st.T.CanalUsed {
		if ks := w.canalActionSlots(); len(ks) > 0 {
			out = append(out, choice("tile", "tile", "tile", theData().canal[w.topTile(ks[0])].ID))
		}
	}
	out = append(out, w.marketOptions()...)
	if st.hasCard(w.seat, "poverty-reduction") && !p.Poverty && (p.Goods[Flour] > 0 || p.Goods[Beer] > 0) {
		out = append(out, choice("poverty", "poverty"))
	}
	if !st.T.Started {
		out = append(out, choice("pass", "pass"))
	} else if st.T.Done >= 1 || !w.anyAction(actx{d: st.here(w.seat)}) {
		out = append(out, choice("end", "end"))
	}
	return out
}

// goOptions lists the districts the boat may move to with enough cash
// left for a district action there (06 Step 1).
func (w *walker) goOptions() []opt {
	st, p := w.st, w.p()
	var out []opt
	for k := range 5 {
		cost := boatCost(p.Boat, k)
		if p.Cash < cost {
			continue
		}
		d := p.Nav[k]
		p.Cash -= cost
		ok := w.anyAction(actx{d: d})
		p.Cash += cost
		if !ok {
			continue
		}
		if w.quiet {
			return []opt{{tok: theData().districts[d].ID}}
		}
		how := "go-first"
		switch {
		case p.Boat < 0:
		case k < p.Boat:
			how = "go-upstream"
		case k == p.Boat:
			how = "go-stay"
		default:
			how = "go-downstream"
		}
		out = append(out, choice(theData().districts[d].ID, how, "district", theData().districts[d].ID, "cost", itoa(cost)))
	}
	_ = st
	return out
}

func (w *walker) anyGo() bool {
	q := w.quiet
	w.quiet = true
	defer func() { w.quiet = q }()
	return len(w.goOptions()) > 0
}

// boatCost: the first placement is free; upstream (left) or staying costs
// £1, downstream (right) nothing (06 Step 1).
func boatCost(from, to int) int {
	if from < 0 || to > from {
		return 0
	}
	return 1
}

func (w *walker) walkGo() error {
	st, p := w.st, w.p()
	w.why = func(tok string) error {
		if districtByID(tok) < 0 {
			return rule("go.unknown-district", TopicNavigation, "quoted", quoted(tok))
		}
		return rule("go.cannot-act", TopicNavigation, "district", tok)
	}
	o, err := w.ask(TopicNavigation, prompt("which-district"), w.goOptions())
	if err != nil {
		return err
	}
	d := districtByID(o.tok)
	k := st.slotOf(w.seat, d)
	cost := boatCost(p.Boat, k)
	p.Cash -= cost
	p.Boat = k
	st.T.Started = true
	st.T.Actions = 1
	w.l.add(event(w.seat, "go", "go", "district", o.tok, "cost", strconv.Itoa(cost)))
	return nil
}

func districtByID(id string) int {
	for i, d := range theData().districts {
		if d.ID == id {
			return i
		}
	}
	return -1
}

func districtOpts(ds []int) []opt {
	var out []opt
	for _, d := range ds {
		out = append(out, choice(theData().districts[d].ID, "district", "district", theData().districts[d].ID))
	}
	return out
}

// walkPass: leave the phase, taking a free space of the passing track and
// its bonus (06 Pass).
func (w *walker) walkPass() error {
	st := w.st
	var opts []opt
	for k, s := range st.Passing {
		if s >= 0 {
			continue
		}
		b := theData().rules.Passing[k]
		id := "passing-space"
		if b == "swap" || b == "basic" || b == "cash" {
			id += "-" + b
		}
		opts = append(opts, choice(strconv.Itoa(k+1), id, "space", itoa(k+1)))
	}
	o, err := w.ask(TopicPass, prompt("passing-space"), opts)
	if err != nil {
		return err
	}
	k, _ := strconv.Atoi(o.tok)
	k--
	st.Passing[k] = w.seat
	w.l.add(event(w.seat, "pass", "pass", "space", o.tok))
	switch theData().rules.Passing[k] {
	case "swap":
		if err := w.swapTiles(TopicPass); err != nil {
			return err
		}
	case "basic":
		g, err := w.askGood(TopicPass, prompt("basic-good"), basicGoods())
		if err != nil {
			return err
		}
		st.gainGood(&w.l, w.seat, g, 1, "passing bonus")
	case "cash":
		st.gainCash(&w.l, w.seat, 1)
	}
	st.nextTurn(&w.l)
	return nil
}

func basicGoods() []int { return []int{Wood, Coal, Iron, Grain, Brick} }

func goodOpts(gs []int) []opt {
	var out []opt
	for _, g := range gs {
		out = append(out, choice(goodNames[g], "good", "good", goodNames[g]))
	}
	return out
}

func (w *walker) askGood(topic string, prompt lang.Msg, gs []int) (int, error) {
	o, err := w.ask(topic, prompt, goodOpts(gs))
	if err != nil {
		return 0, err
	}
	g, _ := goodByName(o.tok)
	return g, nil
}

// swapTiles swaps two district tiles on the seat's navigation board; the
// boat stays on its space.
func (w *walker) swapTiles(topic string) error {
	p := w.p()
	a, err := w.ask(topic, prompt("swap-first"), districtOpts(p.Nav[:]))
	if err != nil {
		return err
	}
	da := districtByID(a.tok)
	var rest []int
	for _, d := range p.Nav {
		if d != da {
			rest = append(rest, d)
		}
	}
	b, err := w.ask(topic, prompt("swap-second"), districtOpts(rest))
	if err != nil {
		return err
	}
	db := districtByID(b.tok)
	ka, kb := w.st.slotOf(w.seat, da), w.st.slotOf(w.seat, db)
	p.Nav[ka], p.Nav[kb] = p.Nav[kb], p.Nav[ka]
	w.l.add(event(w.seat, "swap", "swap", "district", a.tok, "district2", b.tok))
	return nil
}

// nextTurn passes play to the next seat in the order of play that has not
// passed; when all have passed the phase ends.
func (st *State) nextTurn(l *log) {
	st.T = Turn{}
	i := slices.Index(st.Order, st.Turn)
	for k := 1; k <= st.N; k++ {
		s := st.Order[(i+k)%st.N]
		if !slices.Contains(st.Passing, s) {
			st.Turn = s
			return
		}
	}
	l.add(event(engine.Public, "phase-end", "phase-end", "year", itoa(st.year())))
	st.admin(l)
	st.Stage = StageCouncil
}

// depot: set-up step G, each seat from the last to the first places its
// Wood Depot on a different district's pre-printed space.
func (w *walker) depot() error {
	st := w.st
	var ds []int
	for d := range st.Districts {
		if st.Districts[d].Depot.Owner < 0 {
			ds = append(ds, d)
		}
	}
	if _, err := w.ask(TopicSetup, prompt("depot"), []opt{choice("depot", "depot")}); err != nil {
		return err
	}
	o, err := w.ask(TopicSetup, prompt("in-district"), districtOpts(ds))
	if err != nil {
		return err
	}
	d := districtByID(o.tok)
	st.Districts[d].Depot.Owner = w.seat
	w.l.add(event(w.seat, "depot", "depot", "district", o.tok))
	st.DepotIdx++
	if st.DepotIdx == st.N {
		st.Mode = ModePlay
		st.Stage = StageDev
		st.Turn = st.Order[0]
		st.T = Turn{}
		w.l.add(event(engine.Public, "phase", "phase", "year", itoa(years[0])))
	}
	return nil
}

// pending resolves the first pending decision.
func (w *walker) pending() error {
	st := w.st
	pd := st.Pending[0]
	done := func() { st.Pending = st.Pending[1:] }
	switch pd.Kind {
	case "trader":
		m := theData().markets[pd.Market]
		if _, err := w.ask(TopicTraders, prompt("trader-bonus"), []opt{choice("bonus", "trader-bonus")}); err != nil {
			return err
		}
		alt := map[string]opt{"machine": choice("machine", "bonus-good", lang.CountKey, "1", "good", "machine"), "wood3": choice("wood", "bonus-good", lang.CountKey, "3", "good", "wood"),
			"flour2": choice("flour", "bonus-good", lang.CountKey, "2", "good", "flour")}[m.Bonus]
		o, err := w.ask(TopicTraders, prompt("trader-bonus-in", "market", m.ID), []opt{choice("cash", "bonus-cash", "cost", "1"), alt})
		if err != nil {
			return err
		}
		done()
		switch o.tok {
		case "cash":
			st.gainCash(&w.l, w.seat, 1)
		case "machine":
			st.gainGood(&w.l, w.seat, Machine, 1, "trader bonus")
		case "wood":
			st.gainGood(&w.l, w.seat, Wood, 3, "trader bonus")
		case "flour":
			st.gainGood(&w.l, w.seat, Flour, 2, "trader bonus")
		}
	case "owner", "pop-basic", "pop-processed":
		gs := pd.Choices
		ask, why, topic := prompt("owner-good"), "owner's bonus", TopicProduce
		switch pd.Kind {
		case "pop-basic":
			gs, ask, why, topic = basicGoods(), prompt("pop-basic"), "popularity bonus", TopicPopularity
		case "pop-processed":
			gs, ask, why, topic = []int{Flour, Beer}, prompt("pop-processed"), "popularity bonus", TopicPopularity
		}
		if _, err := w.ask(topic, ask, []opt{choice("take", "take-bonus")}); err != nil {
			return err
		}
		g, err := w.askGood(topic, ask, gs)
		if err != nil {
			return err
		}
		done()
		st.gainGood(&w.l, w.seat, g, 1, why)
	case "priorities":
		if _, err := w.ask(TopicCouncil, prompt("priorities"), []opt{choice("priorities", "priorities")}); err != nil {
			return err
		}
		var opts []opt
		for _, pm := range permutations3 {
			opts = append(opts, choice(priorityToken(pm), "priority-order", "first", categoryNames[pm[0]], "second", categoryNames[pm[1]], "third", categoryNames[pm[2]]))
		}
		o, err := w.ask(TopicCouncil, prompt("priority-order"), opts)
		if err != nil {
			return err
		}
		done()
		st.scoreCityCards(&w.l, o.tok)
	default:
		return fmt.Errorf("smoky-valley: unknown pending decision %q", pd.Kind)
	}
	return nil
}

var permutations3 = [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

func priorityToken(p [3]int) string {
	return categoryNames[p[0]] + "-" + categoryNames[p[1]] + "-" + categoryNames[p[2]]
}

// whyTop explains why a first word is refused.
func (w *walker) whyTop(tok string) error {
	st, p := w.st, w.p()
	isAction := slices.Contains(districtActions, tok)
	switch {
	case tok == "go" && st.T.Started:
		return rule("turn.district-chosen", TopicTurn)
	case tok == "go":
		return rule("turn.cannot-move", TopicNavigation)
	case tok == "pass":
		return rule("turn.pass-late", TopicPass)
	case tok == "end" && !st.T.Started:
		return rule("turn.end-early", TopicTurn)
	case tok == "end":
		return rule("turn.action-required", TopicTurn)
	case isAction && !st.T.Started:
		return rule("action.no-district", TopicTurn)
	case isAction && st.T.Done >= st.T.Actions:
		return rule("action.taken", TopicTurn)
	case isAction:
		return w.whyAction(tok)
	case tok == "tile" && !st.T.Started:
		return rule("tile.no-district", TopicCanalTiles)
	case tok == "tile" && st.T.CanalUsed:
		return rule("tile.used", TopicCanalTiles)
	case tok == "tile" && w.tileSpent(p.Boat):
		// glossary C, Canal Lock: the old tile under the boat was used
		return rule("tile.canal-lock", topicCanalLock, "tile", theData().canal[w.topTile(p.Boat)].ID)
	case tok == "tile":
		return rule("tile.none", TopicCanalTiles)
	case tok == "buy":
		return rule("market.cash", TopicMarket, "cost", "1", "cash", itoa(p.Cash))
	case (tok == "sell" && p.Market[1]) || (tok == "sellpair" && p.Market[2]):
		return rule("market.once", TopicMarket)
	case tok == "sell" && len(w.distinctBasics()) == 2 && w.effectSlot("market") < 0 && w.lockedEffect("market"):
		// glossary C, Canal Lock: the Trade at the local market tile covers
		// a tile used this turn under the boat
		return rule("market.canal-lock", topicCanalLock)
	case tok == "sell" || tok == "sellpair":
		return rule("market.goods", TopicMarket)
	case tok == "poverty":
		return rule("poverty.unavailable", TopicCards)
	case tok == "depot":
		return rule("setup.depot-done", TopicSetup)
	case tok == "bonus" || tok == "take" || tok == "priorities":
		return rule("decision.none", TopicTurn)
	}
	return rule("move.unknown", TopicNotation, "quoted", quoted(tok))
}

// districtActions are the district actions' first words.
var districtActions = []string{"build", "upgrade", "produce", "service", "canal", "card", "trader", "ship"}

// whyAction explains why a district action is not possible in the current
// district (the district is chosen and an action is still due).
func (w *walker) whyAction(tok string) error {
	st, p := w.st, w.p()
	here := st.here(w.seat)
	switch {
	case tok == "canal" && canalIndex(here) < 0:
		return rule("canal.not-here", TopicCanal)
	case tok == "ship" && canalIndex(here) < 0:
		return rule("ship.not-here", TopicShipGoods)
	case tok == "ship" && p.Cash >= 1 && len(st.loadTargets(w.seat, -1)) == 0:
		return rule("ship.no-good", TopicShipGoods, "case", "none")
	case tok == "trader" && canalIndex(here) >= 0:
		return rule("trader.not-here", TopicTraders)
	case tok == "card" && here >= 0 && st.owns(w.seat, here) == 0 && !st.hasCard(w.seat, "community-service"):
		return rule("card.no-industry", TopicCards, "district", theData().districts[here].ID)
	case tok == "card" && here >= 0 && p.CityBox[here] && !(st.Mayor == w.seat && !p.MayorUse):
		return rule("card.one-per-district", TopicCards, "district", theData().districts[here].ID)
	}
	return rule("action.impossible", TopicTurn, "action", tok, "district", theData().districts[here].ID)
}

// quoted is what a player typed, for a rule error's {{.quoted}}: escaped
// as Go escapes it (an invisible or control character shows), without
// the quotation marks, which each language's message puts its own way
// ("zzz", „zzz“, « zzz »).
func quoted(tok string) string {
	q := strconv.Quote(tok)
	return q[1 : len(q)-1]
}
