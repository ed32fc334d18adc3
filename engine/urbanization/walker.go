package urbanization

import (
	"fmt"
	"slices"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
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
	label lang.Msg
	help  lang.Msg
}

// step is the decision after a prefix.
type step struct {
	prompt   lang.Msg
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
	// from is the docking space of the marker an invention action moves
	// (-1 for a new marker).
	from int
}

func newWalker(st *State, seat int) *walker { return &walker{st: st, seat: seat} }

func (w *walker) p() *Player { return &w.st.Players[w.seat] }

func tooLong() error {
	return rule("move.too-long", TopicNotation)
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
	return opt{}, false, notOffered(s.prompt, topic, tok)
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
		return step{prompt: msg("prompt.first-house"), opts: []opt{{tok: "start", label: msg("choice.first-house")}}}, nil
	}
	if m[0] != "start" {
		return step{}, rule("move.first-house", TopicFirstHouse)
	}
	rest, i := m[1:], 0
	s := step{prompt: msg("prompt.first-house-where"), topic: TopicFirstHouse, refuse: w.refuseTerritory(TopicFirstHouse, false)}
	for t := range w.st.Terrs {
		if w.st.forSale(t) {
			s.opts = append(s.opts, opt{tok: terrToken(t), label: msg("choice.first-house-where", "number", itoa(terrNumber(t)), "count", itoa(theData().terrs[t].Grounds))})
		}
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	t := theData().terrIndex[o.tok]
	tr := &w.st.Terrs[t]
	k := tr.Markers
	tr.Owner, tr.Markers = w.seat, 0
	tr.Grounds[0].Kind = GroundHouse
	w.st.Houses--
	w.act("first-house", "first-house", "territory", o.tok)
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
		s := step{prompt: msg("prompt.marker", "n", itoa(j+1), "of", itoa(k)), topic: TopicPriceMarkers,
			refuse: w.refuseDestination(last)}
		for t := last; t < len(w.st.Terrs); t++ {
			if w.st.forSale(t) {
				s.opts = append(s.opts, opt{tok: terrToken(t), label: msg("choice.marker", "territory", terrToken(t), "now", itoa(w.st.Terrs[t].Markers))})
			}
		}
		if len(s.opts) == 0 && j == 0 {
			if !w.anyForSale() {
				w.act("markers-off", "markers-off", "count", itoa(k))
				return end(rest, i)
			}
		}
		o, stop, err := pick(s, rest, &i)
		if stop || err != nil {
			return s, err
		}
		t := theData().terrIndex[o.tok]
		w.st.Terrs[t].Markers++
		last = t
		dests = append(dests, o.tok)
	}
	if len(dests) > 0 {
		id := "markers"
		if len(slices.Compact(slices.Clone(dests))) > 1 {
			id = "markers-list"
		}
		w.act("markers", id, append([]string{"to", strings.Join(dests, ","), "count", itoa(k)}, terrList(dests)...)...)
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
		t, ok := theData().terrIndex[tok]
		if !ok {
			return ruleVariant("territory.unknown", "range", TopicBuildingArea, "token", tok, "last", fmt.Sprintf("t%02d", len(theData().terrs)))
		}
		switch {
		case w.st.covered(t):
			return rule("territory.covered", TopicSmallGames, "number", itoa(terrNumber(t)), "players", itoa(w.st.N))
		case w.st.Terrs[t].Owner >= 0:
			return rule("territory.owned", topic, "number", itoa(terrNumber(t)), "owner", itoa(w.st.Terrs[t].Owner+1))
		case needAdjacent && !w.adjacentToOwn(t):
			return rule("land.not-adjacent", TopicBuyLand, "number", itoa(terrNumber(t)))
		}
		return nil
	}
}

func (w *walker) refuseDestination(last int) func(string) error {
	return func(tok string) error {
		t, ok := theData().terrIndex[tok]
		if !ok {
			return ruleVariant("territory.unknown", "range", TopicBuildingArea, "token", tok, "last", fmt.Sprintf("t%02d", len(theData().terrs)))
		}
		if !w.st.forSale(t) {
			return rule("markers.destination", TopicPriceMarkers, "territory", terrToken(t))
		}
		if t < last {
			return rule("markers.order", TopicNotation, "territory", terrToken(t), "before", terrToken(last))
		}
		return nil
	}
}

// adjacentToOwn reports whether territory t shares an edge with one of the
// walker's seat's territories. RB Buy land.
func (w *walker) adjacentToOwn(t int) bool {
	for _, a := range theData().adj[t] {
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
		return step{prompt: msg("prompt.hire"), opts: []opt{{tok: "hire", label: msg("choice.hire")}}}, nil
	}
	if m[0] != "hire" {
		return step{}, rule("move.hire", TopicHire)
	}
	rest, i := m[1:], 0
	s := step{prompt: msg("prompt.hire-which"), topic: TopicHire, refuse: w.refuseCharacter}
	for c := 1; c < numCharacters; c++ {
		if w.st.characterFree(c) {
			s.opts = append(s.opts, opt{tok: charToken(c), label: msg("name.character." + charToken(c)), help: msg("ability-short." + charToken(c))})
		}
	}
	o, stop, err := pick(s, rest, &i)
	if stop || err != nil {
		return s, err
	}
	c := theData().charIndex[o.tok]
	w.p().Hired, w.p().Played = c, false
	w.act("hire", "hire", "character", o.tok)
	return end(rest, i)
}

func (w *walker) refuseCharacter(tok string) error {
	c, ok := theData().charIndex[tok]
	switch {
	case !ok:
		return rule("hire.unknown", TopicCharacters, "token", tok)
	case c == charMayor:
		return rule("hire.mayor", TopicMayor)
	case c == charProfessor && !w.st.Opts.Inventions:
		return rule("hire.professor", TopicInventions)
	}
	return rule("hire.taken", TopicHire, "character", charToken(c))
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
	s := step{prompt: msg("prompt.exchange", "n", itoa(inv.Amount), "colour", inv.colour.String()), topic: TopicFactoriesPhase}
	if w.st.canSwap(w.seat) {
		s.opts = append(s.opts, opt{tok: "exchange", label: msg("choice.exchange", "n", itoa(inv.Amount), "colour", inv.colour.String())})
	}
	s.opts = append(s.opts, opt{tok: "decline", label: msg("choice.decline")})
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
		w.act("exchange", "exchange", "count", itoa(n), "invention", inv.ID, "colour", inv.colour.String())
	} else {
		w.act("decline", "decline")
	}
	return end(m, i)
}

// swapInvention is the seat's order-swap invention.
func (w *walker) swapInvention() *invention {
	for _, i := range w.p().Inventions {
		if theData().inventions[i].Effect == effSwapOrders {
			return &theData().inventions[i]
		}
	}
	// not reached: only owners are asked
	for i := range theData().inventions {
		if theData().inventions[i].Effect == effSwapOrders {
			return &theData().inventions[i]
		}
	}
	return &theData().inventions[0]
}

// canSwap reports whether seat may exchange orders in the factories phase:
// it owns the invention, has the orange markers and the supply the grey.
func (st *State) canSwap(seat int) bool {
	p := &st.Players[seat]
	for _, i := range p.Inventions {
		inv := &theData().inventions[i]
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
		return step{}, rule("move.first-house-done", TopicFirstHouse)
	case "hire":
		return step{}, rule("move.hire-done", TopicHire)
	case "exchange", "decline":
		return step{}, rule("move.no-exchange", TopicFactoriesPhase)
	default:
		return step{}, rule("move.unknown-action", TopicNotation, "token", m[0])
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

// actionStep lists the actions the seat can take now.
func (w *walker) actionStep() step {
	s := step{prompt: msg("prompt.action"), topic: TopicActions}
	add := func(ok bool, tok string) {
		if ok {
			s.opts = append(s.opts, opt{tok: tok, label: msg("choice.action." + tok)})
		}
	}
	add(w.canLand(), actLand)
	add(w.canBuild(), actBuild)
	add(w.canGrain(), actGrain)
	add(w.canSow(), actSow)
	add(w.canOrders(), actOrders)
	add(w.canAttract(), actAttract)
	add(w.canProduce(), actProduce)
	add(w.canTaxes(), actTaxes)
	add(w.canInvent(), actInvent)
	add(w.canRecall(), actRecall)
	add(true, actPass)
	return s
}

// why explains the commonest reasons an action cannot be taken at all.
func (w *walker) why(act string) error {
	switch act {
	case actInvent, actRecall:
		if !w.st.Opts.Inventions {
			return rule("invent.off", TopicInventions)
		}
	}
	switch act {
	case actLand, actOrders, actAttract:
		if w.st.freeMarkers(w.seat) == 0 {
			return rule("markers.none", TopicActionMarkers, "action", act)
		}
	case actTaxes:
		if p := w.p(); p.Taxes <= p.Citizens {
			return rule("taxes.condition", TopicTaxes, "taxes", itoa(p.Taxes), "citizens", itoa(p.Citizens))
		}
	case actRecall:
		if len(w.p().Docked) == 0 {
			return rule("recall.none", TopicRecall)
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
			return rule("land.none", TopicBuyLand)
		}
		return ruleVariant("land.money", "cheapest", TopicBuyLand, "cost", itoa(cheapest), "money", itoa(p.Money))
	case actBuild:
		return rule("build.nothing", TopicBuild)
	case actGrain:
		return rule("grain.nothing", TopicTradeGrain, "cap", itoa(theData().rules.GrainCap.Value))
	case actSow:
		if p.Grain == 0 {
			return rule("sow.no-grain", TopicSow)
		}
		return rule("sow.no-ground", TopicSow)
	case actOrders:
		return rule("orders.full", TopicOrders)
	case actAttract:
		return rule("attract.none", TopicAttract)
	case actProduce:
		return rule("produce.none", TopicProduce)
	case actInvent:
		return rule("invent.none", TopicAcquire)
	}
	return rule("action.impossible", TopicActions, "action", act)
}

// walkPass: RB Perform actions: a player may pass; passing does not stop
// him acting in the next phase.
func (w *walker) walkPass(rest engine.Move) (step, error) {
	w.act("pass", "pass")
	return end(rest, 0)
}
