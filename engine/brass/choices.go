package brass

import (
	"errors"
	"slices"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Legality has one source. A walker replays a partial or complete move
// token by token on a scratch copy of the state: at every position it lists
// the legal next tokens (the step), checks the given token against that
// list, and carries out each part of the move as soon as it is fully
// decided, so later parts (a second rail, a second develop, the next sale)
// are judged on the board as it will then be. Choices returns the step after
// the last token; Apply walks the whole move and keeps the scratch state.

// opt is one legal next token.
type opt struct {
	tok   string
	label lang.Msg // its English is filled in by Choices only
	help  lang.Msg
	alt   string // another accepted spelling of the same decision ("bury@1" for "bury")
	a, b  int    // what the token designates (sales: mill and target spaces)
}

// step is the decision after a prefix.
type step struct {
	prompt   lang.Msg
	opts     []opt
	complete bool
}

// errNo is the cheap failure used while listing options (explain off).
var errNo = errors.New("brass: not legal")

type walker struct {
	st      *state
	seat    int
	explain bool
	evs     []engine.Event
	// set by the action walkers
	used     int  // actions consumed (2 for the two-card build)
	sellMore bool // a distant sale succeeded and the seat may sell again
	distant  int  // space of the mill waiting for its distant sale, -1 if none
	// caches, valid until the scratch state changes
	distOK [maxPlaces]bool
	dist   [maxPlaces]dists
	netOK  bool
	net    placeSet
	linkOK bool
	links  placeSet
}

func newWalker(st *state, seat int) *walker {
	return &walker{st: st, seat: seat, distant: -1}
}

// changed drops the caches after the scratch state moved on.
func (w *walker) changed() {
	w.distOK = [maxPlaces]bool{}
	w.netOK = false
	w.linkOK = false
}

func (w *walker) distFrom(p int) *dists {
	if !w.distOK[p] {
		w.dist[p] = w.st.distances(p)
		w.distOK[p] = true
	}
	return &w.dist[p]
}

func (w *walker) linkNet() *placeSet {
	if !w.linkOK {
		w.links = w.st.linkNetwork(w.seat)
		w.linkOK = true
	}
	return &w.links
}

func (w *walker) buildNet() *placeSet {
	if !w.netOK {
		w.net = w.st.buildNetwork(w.seat)
		w.netOK = true
	}
	return &w.net
}

// fail returns a rule error when explaining, else the cheap sentinel.
func (w *walker) fail(code, topic string, kv ...string) error {
	if !w.explain {
		return errNo
	}
	return engine.RuleMsg(catalog, code, topic, kv...)
}

// pick finds tok among the options.
func pick(s step, tok string) (opt, bool) {
	for _, o := range s.opts {
		if o.tok == tok || (o.alt != "" && o.alt == tok) {
			return o, true
		}
	}
	return opt{}, false
}

// tooLong refuses the words typed after the end of a move, naming them.
func tooLong(extra engine.Move) error {
	return rule("move.too-long", TopicNotation, "token", strings.Join(extra, " "))
}

// walk replays m and returns the step after it.
func (w *walker) walk(m engine.Move) (step, error) {
	switch w.st.Mode {
	case modeLiquidate:
		return w.walkLiquidate(m)
	case modeSellMore:
		return w.walkSellMore(m)
	}
	if len(m) == 0 {
		return w.actionStep(), nil
	}
	rest := m[1:]
	switch m[0] {
	case "build":
		return w.walkBuild(rest)
	case "canal":
		return w.walkCanal(rest)
	case "rail":
		return w.walkRail(rest)
	case "develop":
		return w.walkDevelop(rest)
	case "sell":
		return w.walkSell(rest, true)
	case "loan":
		return w.walkLoan(rest)
	case "pass":
		return w.walkPass(rest)
	case "liquidate":
		return step{}, rule("liquidate.not-needed", TopicNegativeIncome)
	case "stop":
		return step{}, rule("sell.no-follow-up", TopicSellCotton)
	}
	return step{}, rule("move.unknown-action", TopicNotation, "token", m[0])
}

// actionStep lists the actions seat can take now.
func (w *walker) actionStep() step {
	s := step{prompt: ask("action")}
	if w.anyBuild() {
		s.opts = append(s.opts, opt{tok: "build", label: lang.M("choice.build")})
	}
	if w.st.Period == periodCanal {
		if w.anyLink(w.checkCanal) {
			s.opts = append(s.opts, opt{tok: "canal", label: lang.M("choice.canal", "cost", itoa(theBoard().rules.CanalCost))})
		}
	} else if w.anyLink(func(li int) error { _, err := w.checkRail(li, 0); return err }) {
		s.opts = append(s.opts, opt{tok: "rail", label: lang.M("choice.rail", "one", itoa(theBoard().rules.RailCost), "two", itoa(theBoard().rules.DoubleRailCost))})
	}
	if len(w.developOpts()) > 0 {
		s.opts = append(s.opts, opt{tok: "develop", label: lang.M("choice.develop")})
	}
	if len(w.saleOpts(true)) > 0 {
		s.opts = append(s.opts, opt{tok: "sell", label: lang.M("choice.sell")})
	}
	if len(w.loanOpts()) > 0 {
		s.opts = append(s.opts, opt{tok: "loan", label: lang.M("choice.loan")})
	}
	s.opts = append(s.opts, opt{tok: "pass", label: lang.M("choice.pass")})
	return s
}

// anyLink reports whether check accepts some potential link.
func (w *walker) anyLink(check func(li int) error) bool {
	for li := range theBoard().links {
		if check(li) == nil {
			return true
		}
	}
	return false
}

// cardStep lists the cards of seat's hand for which ok holds.
func (w *walker) cardStep(prompt lang.Msg, ok func(card int) bool) step {
	s := step{prompt: prompt}
	prev := -1
	for _, c := range w.st.Hands[w.seat] {
		if c == prev {
			continue
		}
		prev = c
		if ok == nil || ok(c) {
			slug := theBoard().cardSlug(c)
			s.opts = append(s.opts, opt{tok: "card:" + slug, label: lang.M("choice.card", "card", slug)})
		}
	}
	return s
}

// parseCard reads "card:<slug>".
func parseCard(tok string) (int, bool) {
	s, ok := strings.CutPrefix(tok, "card:")
	if !ok {
		return 0, false
	}
	return theBoard().cardBySlug(s)
}

// anyCard handles the final card of an action any card allows, then
// finishes. A card the seat does not hold is refused under topic, the
// action's own rules topic.
func (w *walker) anyCard(rest engine.Move, prompt lang.Msg, topic string) (step, error) {
	if len(rest) == 0 {
		return w.cardStep(prompt, nil), nil
	}
	// The card is the last word: anything after it is refused as such,
	// whatever the card.
	if len(rest) > 1 {
		return step{}, tooLong(rest[1:])
	}
	c, ok := parseCard(rest[0])
	if !ok || !w.st.hasCard(w.seat, c) {
		// The message says "card" itself: the token without its "card:".
		return step{}, rule("card.not-in-hand", topic, "pair", "", "token", strings.TrimPrefix(rest[0], "card:"))
	}
	w.play(c)
	w.used = 1
	return step{complete: true}, nil
}

// walkPass: discard a card and take no action.
// Rulebook, PLAY CARD DETAILS: you may choose not to act but still discard.
func (w *walker) walkPass(rest engine.Move) (step, error) {
	s, err := w.anyCard(rest, ask("discard"), TopicDiscard)
	if err == nil && s.complete {
		w.evs = append(w.evs, event(w.seat, "pass", "pass"))
	}
	return s, err
}

// sortedPair returns the canonical "cards:a+b" token.
func pairToken(a, b int) string {
	sa, sb := theBoard().cardSlug(a), theBoard().cardSlug(b)
	if sb < sa {
		sa, sb = sb, sa
	}
	return "cards:" + sa + "+" + sb
}

// parsePair reads "cards:<a>+<b>".
func parsePair(tok string) (int, int, bool) {
	s, ok := strings.CutPrefix(tok, "cards:")
	if !ok {
		return 0, 0, false
	}
	as, bs, ok := strings.Cut(s, "+")
	if !ok {
		return 0, 0, false
	}
	a, okA := theBoard().cardBySlug(as)
	b, okB := theBoard().cardBySlug(bs)
	return a, b, okA && okB
}

// twoCardAllowed: the combined action needs both actions of the turn and
// two cards. Rulebook, ACTION 1, Combining actions.
func (w *walker) twoCardAllowed() bool {
	return w.st.Actions >= 2 && len(w.st.Hands[w.seat]) >= 2
}

// pairs lists the distinct two-card combinations of the hand, canonical.
func (w *walker) pairs() []opt {
	h := w.st.Hands[w.seat]
	var out []opt
	seen := map[string]bool{}
	for i := 0; i < len(h); i++ {
		for j := i + 1; j < len(h); j++ {
			tok := pairToken(h[i], h[j])
			if seen[tok] {
				continue
			}
			seen[tok] = true
			out = append(out, opt{tok: tok, label: lang.M("choice.pair", "a", theBoard().cardSlug(h[i]), "b", theBoard().cardSlug(h[j])), help: lang.M("choice.pair-help")})
		}
	}
	slices.SortFunc(out, func(a, b opt) int { return strings.Compare(a.tok, b.tok) })
	return out
}

// play discards a card for the action, face up for everyone to see.
// Rulebook, PLAY CARD DETAILS: played cards go to the discard pile.
func (w *walker) play(card int) {
	w.st.discard(w.seat, card)
	msg := "card-town"
	if _, ok := theBoard().cardIndustry(card); ok {
		msg = "card-industry"
	}
	w.evs = append(w.evs, event(w.seat, "card", msg, "card", theBoard().cardSlug(card)))
}
