package brass

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Game is the Brass rules value. It is stateless and safe for concurrent use.
type Game struct{}

// New returns the Brass game.
func New() Game { return Game{} }

var _ engine.Game = Game{}

// rulesVersion is the version new matches start under and
// oldestRulesVersion the oldest this build still plays (see
// docs/architecture.md, "Rules versions").
const (
	rulesVersion       = 1
	oldestRulesVersion = 1
)

// info is built once: the help topics are computed from the data.
var info = sync.OnceValue(func() engine.Info {
	return engine.Info{
		ID:                 "brass",
		Name:               en("game.name"),
		Summary:            en("game.summary"),
		MinSeats:           theBoard().rules.Players[0].Players,
		MaxSeats:           theBoard().rules.Players[len(theBoard().rules.Players)-1].Players,
		RulesVersion:       rulesVersion,
		OldestRulesVersion: oldestRulesVersion,
		Options:            optionSpecs(),
		Score:              engine.ScoreName{Name: en("score-name"), Short: en("score-short")},
		Scoring:            scoring(),
		Rounds:             phrase("brass.rounds"),
		PrivateInfo:        true,
		Catalog:            catalog,
		Examples:           examples(),
		Help:               helpTopics(),
	}
})

// exampleMoves are the notation examples for help pages; each means the
// message example.<move, spaces as -> (help.*.toml).
var exampleMoves = []string{
	"build cotton manchester card:manchester", "canal bolton-bury card:bolton", "sell bury>liverpool card:wigan",
	"develop iron card:liverpool", "loan 30 card:fleetwood",
}

// examples are the notation examples with their English meanings.
func examples() []engine.Example {
	out := make([]engine.Example, len(exampleMoves))
	for i, m := range exampleMoves {
		out[i] = engine.Example{Move: m, Meaning: en("example." + strings.ReplaceAll(m, " ", "-"))}
	}
	return out
}

// Info describes Brass. The options and help are shared: callers must not
// modify them.
func (Game) Info() engine.Info { return info() }

func asState(s engine.State) (*state, error) {
	st, ok := s.(*state)
	if !ok || st == nil {
		return nil, fmt.Errorf("brass: state of type %T", s)
	}
	return st, nil
}

// check refuses moves by the wrong seat or after the end.
func check(st *state, seat int) error {
	if st.Mode == modeOver {
		return engine.ErrGameOver
	}
	if seat < 0 || seat >= st.N {
		return engine.ErrBadSeat
	}
	if seat != st.current() {
		return engine.ErrNotYourTurn
	}
	return nil
}

// Choices lists the legal next tokens after partial.
func (Game) Choices(s engine.State, seat int, partial engine.Move) (engine.Choices, error) {
	st, err := asState(s)
	if err != nil {
		return engine.Choices{}, err
	}
	if err := check(st, seat); err != nil {
		return engine.Choices{}, err
	}
	w := newWalker(st.clone(), seat)
	sp, err := w.walk(partial)
	if err != nil {
		return engine.Choices{}, err
	}
	out := engine.Choices{Complete: sp.complete, Next: make([]engine.Choice, 0, len(sp.opts))}
	if sp.prompt.ID != "" {
		out.Prompt, out.PromptMsg = catalog.Msg(lang.English, sp.prompt), sp.prompt
	}
	for _, o := range sp.opts {
		c := engine.Choice{Token: o.tok, LabelMsg: o.label, HelpMsg: o.help}
		c.Label, c.Help = english.Choice(c)
		out.Next = append(out.Next, c)
	}
	return out, nil
}

// Apply plays a complete move and every automatic step after it.
func (Game) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	st, err := asState(s)
	if err != nil {
		return nil, nil, err
	}
	if err := check(st, seat); err != nil {
		return nil, nil, err
	}
	n := st.clone()
	w := newWalker(n, seat)
	sp, err := w.walk(m)
	if err != nil {
		return nil, nil, err
	}
	if !sp.complete {
		return nil, nil, engine.ErrIncompleteMove
	}
	n.Moves++
	if st.Mode == modeLiquidate {
		n.settleDebt(&w.evs)
	} else {
		if w.distant >= 0 {
			w.sellDistant()
		}
		switch {
		case w.sellMore:
			n.Mode = modeSellMore
		case st.Mode == modeSellMore:
			// the sell action continued past a distant sale: it ends now
			n.Mode = modePlay
			n.endAction(1, &w.evs)
		default:
			n.endAction(w.used, &w.evs)
		}
	}
	if n.Players[seat].LinksLeft < 0 {
		return nil, nil, fmt.Errorf("brass: internal: negative link counters")
	}
	n.noteChanges(st)
	return n, w.evs, nil
}

// MarshalState encodes a state as versioned JSON (statejson.go).
func (Game) MarshalState(s engine.State) ([]byte, error) {
	st, err := asState(s)
	if err != nil {
		return nil, err
	}
	return st.appendJSON(make([]byte, 0, 2048)), nil
}

// UnmarshalState decodes a state, refusing unknown versions. Version 1
// snapshots (the same fields with number arrays) still decode; the state
// comes back as the current version.
func (Game) UnmarshalState(data []byte) (engine.State, error) {
	var st state
	r := jsonReader{b: data}
	r.state(&st)
	r.end()
	badVersion := st.V < 1 || st.V > stateVersion
	if r.err != nil && !(badVersion && st.V != 0) {
		return nil, fmt.Errorf("brass: decode state: %w", r.err)
	}
	if badVersion {
		// An encoding of another version may not even fit this reader.
		return nil, fmt.Errorf("brass: state version %d: %w", st.V, engine.ErrStateVersion)
	}
	st.V = stateVersion
	if st.N < 3 || st.N > 4 || len(st.Spaces) != len(theBoard().spaces) || len(st.Links) != len(theBoard().links) || len(st.Players) != st.N || len(st.Hands) != st.N || len(st.Order) != st.N {
		return nil, fmt.Errorf("brass: decode state: inconsistent sizes")
	}
	if err := st.validate(); err != nil {
		return nil, fmt.Errorf("brass: decode state: %w", err)
	}
	return &st, nil
}

// validate checks the ranges a decoded state relies on, so a damaged
// snapshot is refused instead of crashing a later call.
func (st *state) validate() error {
	if st.Mode < modePlay || st.Mode > modeOver || (st.Period != periodCanal && st.Period != periodRail) {
		return fmt.Errorf("bad mode or period")
	}
	seen := make([]bool, st.N)
	for _, s := range st.Order {
		if s < 0 || s >= st.N || seen[s] {
			return fmt.Errorf("bad order %v", st.Order)
		}
		seen[s] = true
	}
	if st.Turn < 0 || st.Turn >= st.N || st.Debtor < 0 || st.Debtor >= st.N {
		return fmt.Errorf("bad turn")
	}
	kinds := theBoard().numCardKinds()
	cards := []cardList{st.Deck, st.Removed, st.Discards, st.RailDeckPin}
	cards = append(cards, st.Hands...)
	for _, cs := range cards {
		for _, c := range cs {
			if c < 0 || c >= kinds {
				return fmt.Errorf("bad card %d", c)
			}
		}
	}
	for _, t := range st.Spaces {
		if t.Owner < -1 || t.Owner >= st.N || t.Ind < 0 || t.Ind >= numIndustries || t.Level < 0 || t.Level > 4 || t.Cubes < 0 {
			return fmt.Errorf("bad tile %+v", t)
		}
	}
	for _, o := range st.Links {
		if o < -1 || o >= st.N {
			return fmt.Errorf("bad link owner %d", o)
		}
	}
	for _, p := range st.Players {
		if p.Space < 0 || p.Space >= len(theBoard().incomeBy) {
			return fmt.Errorf("bad income space %d", p.Space)
		}
		for ind, n := range p.Next {
			if n < 0 || n > len(theBoard().stacks[ind]) {
				return fmt.Errorf("bad stack position %d", n)
			}
		}
	}
	for _, tl := range append(slices.Clone(st.Tiles), st.RailTilesPin...) {
		if tl < 0 || tl > theBoard().cottonClosed {
			return fmt.Errorf("bad distant tile %d", tl)
		}
	}
	if st.Drawn < 0 || st.Drawn > len(st.Tiles) {
		return fmt.Errorf("bad count of drawn tiles %d", st.Drawn)
	}
	if st.Cotton < 0 || st.Cotton > theBoard().cottonClosed || st.Coal < 0 || st.Coal > theBoard().trackSize() || st.Iron < 0 || st.Iron > theBoard().trackSize() {
		return fmt.Errorf("bad track")
	}
	return nil
}
