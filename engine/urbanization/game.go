package urbanization

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// Game is the Urbanization rules value. It is stateless and safe for
// concurrent use.
type Game struct{}

// New returns the Urbanization game.
func New() Game { return Game{} }

var _ engine.Game = Game{}

// rulesVersion is the version new matches start under and
// oldestRulesVersion the oldest this build still plays (see
// docs/architecture.md, "Rules versions").
const (
	rulesVersion       = 1
	oldestRulesVersion = 1
)

// Examples are notation examples for help pages, one of every kind of move
// (help.go; their meanings are messages of the catalog).
var Examples = sync.OnceValue(examples)

var info = sync.OnceValue(func() engine.Info {
	return engine.Info{
		ID:                 "urbanization",
		Name:               en("game.name"),
		Summary:            en("game.summary"),
		MinSeats:           2,
		MaxSeats:           4,
		RulesVersion:       rulesVersion,
		OldestRulesVersion: oldestRulesVersion,
		Options:            optionSpecs(),
		Score:              engine.ScoreName{Name: en("score-name"), Short: en("score-short")},
		Scoring:            scoring(),
		Rounds:             phrase("urbanization.turns"),
		Examples:           Examples(),
		Help:               helpTopics(),
		Catalog:            catalog,
	}
})

// Info describes Urbanization. The options and help are shared: callers
// must not modify them.
func (Game) Info() engine.Info { return info() }

func asState(s engine.State) (*State, error) {
	st, ok := s.(*State)
	if !ok || st == nil {
		return nil, fmt.Errorf("urbanization: state of type %T", s)
	}
	return st, nil
}

// check refuses moves by the wrong seat or after the end.
func check(st *State, seat int) error {
	if st.Mode == ModeOver {
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
	out := engine.Choices{Prompt: enMsg(sp.prompt), PromptMsg: sp.prompt, Complete: sp.complete && len(partial) > 0, Next: make([]engine.Choice, 0, len(sp.opts))}
	for _, o := range sp.opts {
		out.Next = append(out.Next, engine.Choice{Token: o.tok, Label: enMsg(o.label), LabelMsg: o.label, Help: enMsg(o.help), HelpMsg: o.help})
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
	if !sp.complete || len(m) == 0 {
		return nil, nil, engine.ErrIncompleteMove
	}
	n.Moves++
	if !w.free {
		n.Turns++
	}
	n.advance(w.free, &w.evs)
	// The marks of the latest turn: what this move (and the automatic
	// steps after it) changed on the board, in the turn it was played.
	n.Recent.Note(st.Turns+1, changed(st, n))
	return n, worded(w.evs), nil
}

// View is the whole position: nothing is hidden in Urbanization.
func (Game) View(s engine.State, seat int) engine.View {
	st, err := asState(s)
	if err != nil {
		return View{}
	}
	return st.view(seat)
}

// Holding is empty: nothing in Urbanization is private.
func (Game) Holding(engine.State, int) engine.Holding {
	return engine.Holding{Cards: []engine.Card{}}
}

// MarshalState encodes a state as versioned JSON.
func (Game) MarshalState(s engine.State) ([]byte, error) {
	st, err := asState(s)
	if err != nil {
		return nil, err
	}
	return json.Marshal(st)
}

// UnmarshalState decodes a state, refusing unknown versions and states
// whose sizes or ranges do not fit the data.
func (Game) UnmarshalState(data []byte) (engine.State, error) {
	var st State
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(&st)
	if err == nil && dec.More() {
		err = fmt.Errorf("data after the state")
	}
	if st.V != stateVersion {
		// An encoding of another version may not even fit this one: read
		// its version alone.
		var head struct {
			V int `json:"v"`
		}
		if herr := json.Unmarshal(data, &head); herr != nil {
			return nil, fmt.Errorf("urbanization: decode state: %w", herr)
		}
		if head.V != stateVersion {
			return nil, fmt.Errorf("urbanization: state version %d: %w", head.V, engine.ErrStateVersion)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("urbanization: decode state: %w", err)
	}
	if err := st.validate(); err != nil {
		return nil, fmt.Errorf("urbanization: decode state: %w", err)
	}
	return &st, nil
}

// validate checks the sizes and ranges a decoded state relies on, so a
// damaged snapshot is refused instead of crashing a later call.
func (st *State) validate() error {
	r := &theData().rules
	if st.N < 2 || st.N > 4 || len(st.Players) != st.N {
		return fmt.Errorf("bad seat count")
	}
	if st.Mode < ModeFirstHouse || st.Mode > ModeOver || st.Turn < 1 || st.Turn > r.Turns.Value ||
		st.Phase < 0 || st.Phase > r.ActionPhases.Value || st.Idx < 0 || st.Idx >= st.N || st.Start < 0 || st.Start >= st.N ||
		st.Mayor < -1 || st.Mayor >= st.N {
		return fmt.Errorf("bad turn, phase or seat")
	}
	if st.Mode == ModeExchange && len(st.Pending) == 0 {
		return fmt.Errorf("exchange without a pending seat")
	}
	for _, s := range st.Pending {
		if s < 0 || s >= st.N {
			return fmt.Errorf("bad pending seat")
		}
	}
	if len(st.Terrs) != len(theData().terrs) || len(st.Barns) != len(theData().barnPrices) || len(st.Display) != r.DisplaySize.Value {
		return fmt.Errorf("inconsistent sizes")
	}
	if st.Opts.Inventions != (len(st.Docks) == r.InventionSpaces.Value) || (!st.Opts.Inventions && len(st.Docks) != 0) {
		return fmt.Errorf("docking spaces do not match the inventions option")
	}
	if st.Opts.GrainCap != "always" && st.Opts.GrainCap != "harvest" || st.Opts.Production != "up-to" && st.Opts.Production != "exact" ||
		st.Opts.MayorTie != "left" && st.Opts.MayorTie != "former" {
		return fmt.Errorf("bad options")
	}
	card := func(c int) bool { return c >= 0 && c < len(theData().factories) }
	for _, t := range st.Terrs {
		if t.Owner < -1 || t.Owner >= st.N || t.Markers < 0 || t.Admin < 0 {
			return fmt.Errorf("bad territory")
		}
		for _, g := range t.Grounds {
			if g.Kind < GroundEmpty || g.Kind > GroundFactory || g.Seeds < 0 {
				return fmt.Errorf("bad ground")
			}
		}
	}
	for _, c := range append(append([]int{}, st.Deck...), st.Removed...) {
		if !card(c) {
			return fmt.Errorf("bad factory card")
		}
	}
	for _, sl := range st.Display {
		if sl.Card < -1 || sl.Card >= len(theData().factories) || (sl.Card >= 0 && len(sl.Markers) > len(theData().factories[sl.Card].orders)) ||
			(sl.Card < 0 && len(sl.Markers) > 0) {
			return fmt.Errorf("bad display slot")
		}
		for _, m := range sl.Markers {
			if m < 0 || m >= st.N {
				return fmt.Errorf("bad action marker")
			}
		}
	}
	for _, d := range st.Docks {
		for _, c := range d {
			if c < 0 || c >= len(theData().inventions) {
				return fmt.Errorf("bad invention card")
			}
		}
	}
	for _, p := range st.Players {
		if p.Hired < -1 || p.Hired >= numCharacters || p.Taxes < 0 || p.Citizens < 0 || p.Houses < 0 || p.Grain < 0 || p.FarmerSeeds < 0 {
			return fmt.Errorf("bad player")
		}
		for _, f := range p.Factories {
			if len(f.Cards) == 0 || f.Terr < 0 || f.Terr >= len(st.Terrs) || f.Ground < 0 || f.Ground >= maxGrounds {
				return fmt.Errorf("bad factory")
			}
			for _, c := range f.Cards {
				if !card(c) {
					return fmt.Errorf("bad factory card")
				}
			}
		}
		for _, c := range p.Inventions {
			if c < 0 || c >= len(theData().inventions) {
				return fmt.Errorf("bad invention card")
			}
		}
		for _, d := range p.Docked {
			if d < 0 || d >= len(st.Docks) {
				return fmt.Errorf("bad docking space")
			}
		}
	}
	for _, s := range st.Ranking {
		if s < 0 || s >= st.N {
			return fmt.Errorf("bad ranking")
		}
	}
	if st.Turns < 0 || st.Turns > st.Moves {
		return fmt.Errorf("bad turn count")
	}
	if st.Mode == ModeOver && len(st.Ranking) != st.N {
		return fmt.Errorf("finished without a ranking")
	}
	return nil
}
