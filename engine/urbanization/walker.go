package urbanization

import (
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// Legality has one source. A walker replays a partial or complete move
// token by token on a scratch copy of the state: at every position it lists
// the legal next tokens (the step), checks the given token against that
// list, and carries out each decision as soon as it is made, so later
// decisions (the next house, the next price marker, the next factory) are
// judged on the position as it will then be. Choices returns the step after
// the last token; Apply walks the whole move and keeps the scratch state.

// opt is one legal next token.
type opt struct {
	tok   string
	label string
	help  string
}

// step is the decision after a prefix.
type step struct {
	prompt   string
	opts     []opt
	complete bool
	// refuse explains why a token is not among opts; nil gives a generic
	// refusal naming topic.
	refuse func(tok string) error
	topic  string
}

type walker struct {
	st   *State
	seat int
	evs  []engine.Event
	// free is set for a move that does not use the seat's turn (recall).
	free bool
	// farmerNow is set once the Farmer has been played in this sow action.
	farmerNow bool
}

func newWalker(st *State, seat int) *walker { return &walker{st: st, seat: seat} }

func (w *walker) p() *Player { return &w.st.Players[w.seat] }

func (w *walker) event(kind, text string, data ...string) {
	w.evs = append(w.evs, pub(w.seat, kind, text, data...))
}

func tooLong() error {
	return engine.Rule("move.too-long", TopicNotation, "the move has words after its end")
}

// pick reads the token at *i against s. stop is true when the move ends
// before it (the caller then returns s).
func pick(s step, rest engine.Move, i *int) (o opt, stop bool, err error) {
	if *i >= len(rest) {
		return opt{}, true, nil
	}
	tok := rest[*i]
	for _, o := range s.opts {
		if o.tok == tok {
			*i++
			return o, false, nil
		}
	}
	if s.refuse != nil {
		if err := s.refuse(tok); err != nil {
			return opt{}, false, err
		}
	}
	if len(s.opts) == 0 && s.complete {
		return opt{}, false, tooLong()
	}
	topic := s.topic
	if topic == "" {
		topic = TopicNotation
	}
	return opt{}, false, engine.Rule("move.not-offered", topic, "%q is not a legal choice here (%s)", tok, strings.TrimSuffix(strings.ToLower(s.prompt), "?"))
}

// done is the step of a finished move: complete, nothing may follow.
func done() step { return step{complete: true} }

// end checks that nothing follows a finished move.
func end(rest engine.Move, i int) (step, error) {
	if i < len(rest) {
		return step{}, tooLong()
	}
	return done(), nil
}

// walk replays m and returns the step after it.
func (w *walker) walk(m engine.Move) (step, error) {
	switch w.st.Mode {
	case ModeFirstHouse:
		return w.walkFirstHouse(m)
	case ModeHire:
		return w.walkHire(m)
	case ModeExchange:
		return w.walkExchange(m)
	case ModeAction:
		return w.walkAction(m)
	}
	return step{}, engine.ErrGameOver
}

// walkFirstHouse: RB General preparation. Clockwise from the start player,
// each player puts a free house and an action marker on a territory still
// holding a price marker, then moves its price markers onto territories
// still holding one.
func (w *walker) walkFirstHouse(m engine.Move) (step, error) {
	if len(m) == 0 {
		return step{prompt: "Place your free first house", opts: []opt{{tok: "start", label: "Place your free first house"}}}, nil
	}
	if m[0] != "start" {
		return step{}, engine.Rule("move.first-house", TopicFirstHouse, "every player first places a free house: start <territory> <where its price markers go>")
	}
	rest, i := m[1:], 0
	s := step{prompt: "Which territory for your first house?", topic: TopicFirstHouse, refuse: w.refuseTerritory(TopicFirstHouse, false)}
	for t := range w.st.Terrs {
		if w.st.forSale(t) {
			s.opts = append(s.opts, opt{tok: terrToken(t), label: fmt.Sprintf("%s (%s)", terrToken(t), plural(theData.terrs[t].Grounds, "ground", "grounds"))})
		}
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	t := theData.terrIndex[o.tok]
	tr := &w.st.Terrs[t]
	k := tr.Markers
	tr.Owner, tr.Markers = w.seat, 0
	tr.Grounds[0].Kind = GroundHouse
	w.st.Houses--
	w.event("first-house", fmt.Sprintf("%s places a free house and an action marker on %s", seatTitle(w.seat), o.tok), "territory", o.tok)
	return w.moveMarkers(rest, i, k)
}

// moveMarkers walks the destinations of k price markers taken off a
// territory: each goes to a territory still holding at least one, listed in
// board order (a territory may take several). RB Buy land; General
// preparation. With no such territory left, the markers leave the board.
func (w *walker) moveMarkers(rest engine.Move, i, k int) (step, error) {
	last := 0
	var dests []string
	for j := 0; j < k; j++ {
		s := step{prompt: fmt.Sprintf("Where does price marker %d of %d go?", j+1, k), topic: TopicPriceMarkers,
			refuse: w.refuseDestination(last)}
		for t := last; t < len(w.st.Terrs); t++ {
			if w.st.forSale(t) {
				s.opts = append(s.opts, opt{tok: terrToken(t), label: fmt.Sprintf("Move it to %s (now %d)", terrToken(t), w.st.Terrs[t].Markers)})
			}
		}
		if len(s.opts) == 0 && j == 0 {
			if !w.anyForSale() {
				w.event("markers-off", fmt.Sprintf("No territory is for sale: %s leave the board", plural(k, "price marker", "price markers")), "count", itoa(k))
				return end(rest, i)
			}
		}
		o, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			return s, err
		}
		t := theData.terrIndex[o.tok]
		w.st.Terrs[t].Markers++
		last = t
		dests = append(dests, o.tok)
	}
	if len(dests) > 0 {
		w.event("markers", fmt.Sprintf("%s moves %s to %s", seatTitle(w.seat), plural(k, "price marker", "price markers"), strings.Join(dests, ", ")), "to", strings.Join(dests, ","))
	}
	return end(rest, i)
}

func (w *walker) anyForSale() bool {
	for t := range w.st.Terrs {
		if w.st.forSale(t) {
			return true
		}
	}
	return false
}

// refuseTerritory explains why tok cannot be chosen as a territory to take.
func (w *walker) refuseTerritory(topic string, needAdjacent bool) func(string) error {
	return func(tok string) error {
		t, ok := theData.terrIndex[tok]
		if !ok {
			return engine.Rule("territory.unknown", TopicBuildingArea, "%q is not a territory (t01 to t%02d)", tok, len(theData.terrs))
		}
		switch {
		case w.st.covered(t):
			return engine.Rule("territory.covered", TopicSmallGames, "%s is under a covering tile in a %d-player game", tok, w.st.N)
		case w.st.Terrs[t].Owner >= 0:
			return engine.Rule("territory.owned", topic, "%s already belongs to %s", tok, seatName(w.st.Terrs[t].Owner))
		case needAdjacent && !w.adjacentToOwn(t):
			return engine.Rule("land.not-adjacent", TopicBuyLand, "%s shares no edge with a territory of yours", tok)
		}
		return nil
	}
}

func (w *walker) refuseDestination(last int) func(string) error {
	return func(tok string) error {
		t, ok := theData.terrIndex[tok]
		if !ok {
			return engine.Rule("territory.unknown", TopicBuildingArea, "%q is not a territory (t01 to t%02d)", tok, len(theData.terrs))
		}
		if !w.st.forSale(t) {
			return engine.Rule("markers.destination", TopicPriceMarkers, "price markers only go to territories that still hold one; %s holds none", tok)
		}
		if t < last {
			return engine.Rule("markers.order", TopicNotation, "list the territories receiving price markers in board order (%s comes before %s)", tok, terrToken(last))
		}
		return nil
	}
}

// adjacentToOwn reports whether territory t shares an edge with one of the
// walker's seat's territories. RB Buy land.
func (w *walker) adjacentToOwn(t int) bool {
	for _, a := range theData.adj[t] {
		if w.st.Terrs[a].Owner == w.seat {
			return true
		}
	}
	return false
}

// walkHire: RB Hire character. Each player in turn picks one face-up
// character card for free; the Mayor is never hired, the Professor only
// with the Inventions expansion.
func (w *walker) walkHire(m engine.Move) (step, error) {
	if len(m) == 0 {
		return step{prompt: "Hire a character", opts: []opt{{tok: "hire", label: "Hire a character"}}}, nil
	}
	if m[0] != "hire" {
		return step{}, engine.Rule("move.hire", TopicHire, "every player hires a character first: hire <character>")
	}
	rest, i := m[1:], 0
	s := step{prompt: "Which character do you hire?", topic: TopicHire, refuse: w.refuseCharacter}
	for c := 1; c < numCharacters; c++ {
		if w.st.characterFree(c) {
			s.opts = append(s.opts, opt{tok: charToken(c), label: charName(c), help: theData.characters[c].Ability})
		}
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	c := theData.charIndex[o.tok]
	w.p().Hired, w.p().Played = c, false
	w.event("hire", fmt.Sprintf("%s hires the %s", seatTitle(w.seat), charName(c)), "character", o.tok)
	return end(rest, i)
}

func (w *walker) refuseCharacter(tok string) error {
	c, ok := theData.charIndex[tok]
	switch {
	case !ok:
		return engine.Rule("hire.unknown", TopicCharacters, "%q is not a character", tok)
	case c == charMayor:
		return engine.Rule("hire.mayor", TopicMayor, "the Mayor is never hired: it goes to the player with the fewest points")
	case c == charProfessor && !w.st.Opts.Inventions:
		return engine.Rule("hire.professor", TopicInventions, "the Professor plays only with the Inventions expansion")
	}
	return engine.Rule("hire.taken", TopicHire, "the %s is already hired this turn", charName(c))
}

// characterFree reports whether character c may be hired now.
func (st *State) characterFree(c int) bool {
	if c == charMayor || (c == charProfessor && !st.Opts.Inventions) {
		return false
	}
	for _, p := range st.Players {
		if p.Hired == c {
			return false
		}
	}
	return true
}

// walkExchange: PA invention (order swap): in the factories phase its
// owner may exchange 2 orange work orders for 2 grey ones.
func (w *walker) walkExchange(m engine.Move) (step, error) {
	inv := w.swapInvention()
	s := step{prompt: fmt.Sprintf("Exchange %d orange work orders for %d %s ones?", inv.Amount, inv.Amount, inv.colour), topic: TopicFactoriesPhase}
	if w.st.canSwap(w.seat) {
		s.opts = append(s.opts, opt{tok: "exchange", label: fmt.Sprintf("Exchange %d orange for %d %s", inv.Amount, inv.Amount, inv.colour)})
	}
	s.opts = append(s.opts, opt{tok: "decline", label: "Keep your work orders"})
	i := 0
	o, stop, err := pick(s, m, &i)
	if stop || err != nil {
		return s, err
	}
	if o.tok == "exchange" {
		p := w.p()
		n := inv.Amount
		p.Orders[Orange] -= n
		w.st.Supply[Orange] += n
		p.Orders[inv.colour] += n
		w.st.Supply[inv.colour] -= n
		w.event("exchange", fmt.Sprintf("%s exchanges %d orange work orders for %d %s ones (%s)", seatTitle(w.seat), n, n, inv.colour, inv.Name), "count", itoa(n))
	} else {
		w.event("decline", fmt.Sprintf("%s keeps their work orders", seatTitle(w.seat)))
	}
	return end(m, i)
}

// swapInvention is the seat's order-swap invention.
func (w *walker) swapInvention() *invention {
	for _, i := range w.p().Inventions {
		if theData.inventions[i].Effect == effSwapOrders {
			return &theData.inventions[i]
		}
	}
	// not reached: only owners are asked
	for i := range theData.inventions {
		if theData.inventions[i].Effect == effSwapOrders {
			return &theData.inventions[i]
		}
	}
	return &theData.inventions[0]
}

// canSwap reports whether seat may exchange orders in the factories phase:
// it owns the invention, has the orange markers and the supply the grey.
func (st *State) canSwap(seat int) bool {
	p := &st.Players[seat]
	for _, i := range p.Inventions {
		inv := &theData.inventions[i]
		if inv.Effect == effSwapOrders {
			return p.Orders[Orange] >= inv.Amount && st.Supply[inv.colour] >= inv.Amount
		}
	}
	return false
}

// The action words, in the order the choices list them.
const (
	actLand    = "land"
	actBuild   = "build"
	actGrain   = "grain"
	actSow     = "sow"
	actOrders  = "orders"
	actAttract = "attract"
	actProduce = "produce"
	actTaxes   = "taxes"
	actInvent  = "invent"
	actRecall  = "recall"
	actPass    = "pass"
)

// walkAction: RB Perform actions. In each of the four action phases every
// player, clockwise from the start player, takes one action or passes.
func (w *walker) walkAction(m engine.Move) (step, error) {
	if len(m) == 0 {
		return w.actionStep(), nil
	}
	rest := m[1:]
	var avail func() bool
	switch m[0] {
	case actLand:
		avail = w.canLand
	case actBuild:
		avail = w.canBuild
	case actGrain:
		avail = w.canGrain
	case actSow:
		avail = w.canSow
	case actOrders:
		avail = w.canOrders
	case actAttract:
		avail = w.canAttract
	case actProduce:
		avail = w.canProduce
	case actTaxes:
		avail = w.canTaxes
	case actInvent:
		avail = w.canInvent
	case actRecall:
		avail = w.canRecall
	case actPass:
		return w.walkPass(rest)
	case "start":
		return step{}, engine.Rule("move.first-house-done", TopicFirstHouse, "the free first houses are placed before the first turn")
	case "hire":
		return step{}, engine.Rule("move.hire-done", TopicHire, "characters are hired at the start of a turn, before the actions")
	case "exchange", "decline":
		return step{}, engine.Rule("move.no-exchange", TopicFactoriesPhase, "work orders are exchanged only in the factories phase of the administration")
	default:
		return step{}, engine.Rule("move.unknown-action", TopicNotation, "unknown action %q: use land, build, grain, sow, orders, attract, produce, taxes, invent, recall or pass", m[0])
	}
	if err := w.why(m[0]); err != nil {
		return step{}, err
	}
	if !avail() {
		return step{}, w.whyNot(m[0])
	}
	switch m[0] {
	case actLand:
		return w.walkLand(rest)
	case actBuild:
		return w.walkBuild(rest)
	case actGrain:
		return w.walkGrain(rest)
	case actSow:
		return w.walkSow(rest)
	case actOrders:
		return w.walkOrders(rest)
	case actAttract:
		return w.walkAttract(rest)
	case actProduce:
		return w.walkProduce(rest)
	case actTaxes:
		return w.walkTaxes(rest)
	case actInvent:
		return w.walkInvent(rest)
	default:
		return w.walkRecall(rest)
	}
}

var actionVerb = map[string]string{
	actLand: "buy land", actBuild: "erect buildings", actGrain: "trade grain", actSow: "sow seeds",
	actOrders: "receive work orders", actAttract: "attract industry", actProduce: "produce goods",
	actTaxes: "collect taxes", actInvent: "acquire an invention", actRecall: "take back an action marker from the invention track",
}

// actionStep lists the actions the seat can take now.
func (w *walker) actionStep() step {
	s := step{prompt: "Which action?", topic: TopicActions}
	add := func(ok bool, tok, label string) {
		if ok {
			s.opts = append(s.opts, opt{tok: tok, label: label})
		}
	}
	add(w.canLand(), actLand, "Buy land")
	add(w.canBuild(), actBuild, "Erect buildings")
	add(w.canGrain(), actGrain, "Trade grain")
	add(w.canSow(), actSow, "Sow seeds")
	add(w.canOrders(), actOrders, "Receive work orders")
	add(w.canAttract(), actAttract, "Attract industry")
	add(w.canProduce(), actProduce, "Produce goods")
	add(w.canTaxes(), actTaxes, "Collect taxes")
	add(w.canInvent(), actInvent, "Acquire an invention")
	add(w.canRecall(), actRecall, "Take back an action marker from the invention track (free)")
	add(true, actPass, "Pass this action phase")
	return s
}

// why explains the commonest reasons an action cannot be taken at all.
func (w *walker) why(act string) error {
	switch act {
	case actInvent, actRecall:
		if !w.st.Opts.Inventions {
			return engine.Rule("invent.off", TopicInventions, "the Inventions expansion is not in play in this match")
		}
	}
	switch act {
	case actLand, actOrders, actAttract:
		if w.st.freeMarkers(w.seat) == 0 {
			return engine.Rule("markers.none", TopicActionMarkers, "all ten of your action markers are on the board: you cannot %s", actionVerb[act])
		}
	case actTaxes:
		if p := w.p(); p.Taxes <= p.Citizens {
			return engine.Rule("taxes.condition", TopicTaxes, "your tax marker (%d) must stand right of your citizen marker (%d) to collect taxes", p.Taxes, p.Citizens)
		}
	case actRecall:
		if len(w.p().Docked) == 0 {
			return engine.Rule("recall.none", TopicRecall, "you have no action marker on the invention track")
		}
	}
	return nil
}

// whyNot explains why an action that why lets through is still impossible.
func (w *walker) whyNot(act string) error {
	p := w.p()
	switch act {
	case actLand:
		cheapest := -1
		for t := range w.st.Terrs {
			if w.st.forSale(t) && w.adjacentToOwn(t) && (cheapest < 0 || w.landCost(t) < cheapest) {
				cheapest = w.landCost(t)
			}
		}
		if cheapest < 0 {
			return engine.Rule("land.none", TopicBuyLand, "no territory sharing an edge with yours is for sale")
		}
		return engine.Rule("land.money", TopicBuyLand, "the cheapest territory next to yours costs %s; you have %s", dollars(cheapest), dollars(p.Money))
	case actBuild:
		return engine.Rule("build.nothing", TopicBuild, "no building you can afford has a place to go (or the pools are empty)")
	case actGrain:
		return engine.Rule("grain.nothing", TopicTradeGrain, "you can neither buy grain (money, supply, the limit of %d) nor sell any", theData.rules.GrainCap.Value)
	case actSow:
		if p.Grain == 0 {
			return engine.Rule("sow.no-grain", TopicSow, "you have no grain on your tracking card to sow")
		}
		return engine.Rule("sow.no-ground", TopicSow, "none of your territories has an empty building ground to sow")
	case actOrders:
		return engine.Rule("orders.full", TopicOrders, "every work-order space of the displayed factory cards is taken")
	case actAttract:
		return engine.Rule("attract.none", TopicAttract, "no displayed factory card has all its work-order spaces filled and a place for you (an empty ground with a factory in the pool, or a lower factory to upgrade)")
	case actProduce:
		return engine.Rule("produce.none", TopicProduce, "none of your factories can produce now (no factory, already produced this turn, or too few work orders of its colour)")
	case actInvent:
		return engine.Rule("invent.none", TopicAcquire, "you have no action marker to put on or move along the invention track")
	}
	return engine.Rule("action.impossible", TopicActions, "you cannot %s now", actionVerb[act])
}

// walkPass: RB Perform actions: a player may pass; passing does not stop
// him acting in the next phase.
func (w *walker) walkPass(rest engine.Move) (step, error) {
	w.event("pass", fmt.Sprintf("%s passes", seatTitle(w.seat)))
	return end(rest, 0)
}
