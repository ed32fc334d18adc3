// Package testgame is a tiny game used to test the host (storage, service,
// front ends and the conformance suite) without depending on a real game's
// rules. It is never offered to players.
//
// Pebbles: a pile of pebbles and a shuffled deck of cards numbered 1 to 3.
// Each seat holds three hidden cards. On your turn, "take N" plays a card
// of value N from your hand and removes N pebbles (never more than are
// left), then you draw; with no playable card you "pass". Whoever takes the
// last pebble wins. When, after a take, no card in any hand fits the pile,
// nobody can ever take again and the game ends: under rules version 2 the
// seat that just took wins (it took the last pebbles anyone could); under
// rules version 1 the next seat won instead.
//
// Pebbles is also the worked example of a rules change (docs/architecture.md,
// "Rules versions"): version 2 changed that ending, kept behind a check of
// State.Rules, and the state encoding gained the rules field, which a
// version 1 snapshot lacks and UnmarshalState fills in. A rules-1 match is
// still written in version 1, so the release before rules 2 reads it
// while both serve one store (docs/architecture.md, "Rolling upgrades").
package testgame

import (
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Every text of Pebbles a player reads is a message of its catalog
// (messages/en.toml, de.toml, fr.toml): events, choices, status, rule
// errors, help. The English fields are filled from the English messages.
//
//go:embed messages/*.toml
var messages embed.FS

var catalog = lang.MustLoad("pebbles", messages, "messages")

// english words Pebbles' messages in English for the English fields.
var texts = engine.NewTexts(catalog)

// en is the English message id with data kv.
func en(id string, kv ...string) string { return texts.En(id, kv...) }

// setupErr is a refusal of a setup by reference: message "setup."+key
// (engine.SetupError; "text" is what the person typed).
func setupErr(key string, kv ...string) *engine.SetupError {
	return engine.NewSetupError("pebbles", catalog, key, kv...)
}

// event is an event worded by the catalog's message "event.<msg>": Text
// and, when the catalog has the second person, Own are its English.
func event(audience, seat int, kind, msg string, kv ...string) engine.Event {
	return texts.Event(audience, seat, kind, msg, kv...)
}

// choice is a choice labelled by the catalog's message "choice.<msg>".
func choice(token, msg string, kv ...string) engine.Choice {
	m := lang.M("choice."+msg, kv...)
	return engine.Choice{Token: token, Label: catalog.Text(lang.English, m.ID, m.Data), LabelMsg: m}
}

// prompt is a decision asked by the catalog's message "prompt.<msg>".
func prompt(msg string) engine.Choices {
	m := lang.M("prompt." + msg)
	return engine.Choices{Prompt: catalog.Text(lang.English, m.ID, nil), PromptMsg: m}
}

// phrase is a name worded by the catalog's messages "phrase.<key>" and
// "phrase.<key>-short" (engine.Phrase, Words.Phrase).
func phrase(key string, kv ...string) engine.Phrase { return texts.Phrase(key, kv...) }

// rule is a RuleError worded by the catalog's message "rule.<code>".
func rule(code, topic string, kv ...string) *engine.RuleError {
	return engine.RuleMsg(catalog, code, topic, kv...)
}

// Versions: stateVersion is the encoding MarshalState writes for a match
// of the current rules (1 lacked the rules field, and is still written for
// a rules-1 match: see MarshalState); rulesVersion is the rules new matches
// play, and oldestRulesVersion the oldest this build still plays.
const (
	stateVersion       = 2
	rulesVersion       = 2
	oldestRulesVersion = 1
)

// Game is the Pebbles rules value.
type Game struct{}

// State is a Pebbles position.
type State struct {
	V      int        `json:"v"`
	Rules  int        `json:"rules"` // the match's rules version
	Pile   int        `json:"pile"`
	Deck   []int      `json:"deck"`
	Hands  [][]int    `json:"hands"`
	Turn   int        `json:"turn"`
	Winner int        `json:"winner"` // -1 while playing
	Moves  int        `json:"moves"`
	RNG    engine.RNG `json:"rng"`
	// Recent is what the latest turn changed on the board (engine.Marks;
	// each move is a turn, numbered by Moves). A snapshot written before
	// it was kept has none: its board marks nothing until a move changes
	// the board. State version 1 carries it too (omitted when empty): the
	// rules-1 release ignores a field it does not know.
	Recent engine.Marks `json:"recent,omitzero"`
}

// View is what one seat sees.
type View struct {
	Pile      int   `json:"pile"`
	DeckSize  int   `json:"deck_size"`
	HandSizes []int `json:"hand_sizes"`
	Hand      []int `json:"hand,omitempty"` // only the viewer's own
	Turn      int   `json:"turn"`
	Winner    int   `json:"winner"`
	// Recent is what the latest turn changed: "pile" when it took
	// pebbles, "hand-N" when seat N's hand size changed.
	Recent engine.Marks `json:"recent,omitzero"`
}

// BoardPlaces implements engine.Board: the pile and each seat's hand size,
// which every seat sees.
func (v View) BoardPlaces() map[string]string {
	out := map[string]string{"pile": strconv.Itoa(v.Pile)}
	for s, n := range v.HandSizes {
		out["hand-"+strconv.Itoa(s+1)] = strconv.Itoa(n)
	}
	return out
}

// Marks implements engine.Board.
func (v View) Marks() engine.Marks { return v.Recent }

// Info describes Pebbles.
func (Game) Info() engine.Info { return info() }

// info is Info, worded once from the catalog.
var info = sync.OnceValue(func() engine.Info {
	return engine.Info{
		ID: "pebbles", Name: en("game.name"), Summary: en("game.summary"),
		MinSeats: 2, MaxSeats: 4, RulesVersion: rulesVersion, OldestRulesVersion: oldestRulesVersion,
		Options: []engine.OptionSpec{{Key: "pile", Default: "21", Help: en("option.pile")}},
		// Short and One are the English units of the catalog's "score"
		// message (TestScoreNameMatchesCatalog).
		Score:       engine.ScoreName{Name: en("score-name"), Short: "wins", One: "win"},
		Scoring:     scoring,
		Rounds:      phrase("pebbles.turns"),
		PrivateInfo: true,
		Examples:    []engine.Example{{Move: "take 2", Meaning: en("example.take-2")}, {Move: "pass", Meaning: en("example.pass")}},
		Help:        helpTopics(),
		Catalog:     catalog,
	}
})

func (g Game) Setup(s engine.Setup) (engine.State, []engine.Event, error) {
	rules, err := g.Info().ResolveRules(s.RulesVersion)
	if err != nil {
		return nil, nil, fmt.Errorf("pebbles: %w", err)
	}
	if s.Seats < 2 || s.Seats > 4 {
		e := setupErr("seats", "count", strconv.Itoa(s.Seats))
		e.Err = engine.ErrBadSeat
		return nil, nil, e
	}
	pile := 21
	for k, v := range s.Options {
		if k != "pile" {
			return nil, nil, setupErr("unknown-option", "text", k)
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 5 || n > 99 {
			return nil, nil, setupErr("option-pile", "text", v, "min", "5", "max", "99")
		}
		pile = n
	}
	st := &State{V: stateVersion, Rules: rules, Pile: pile, Winner: -1, RNG: engine.NewRNG(s.Seed, 1)}
	for i := 0; i < 30; i++ {
		st.Deck = append(st.Deck, 1+i%3)
	}
	if d, ok := s.Pins["deck"]; ok {
		st.Deck = nil
		for _, f := range strings.Split(d, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 1 || n > 3 {
				return nil, nil, setupErr("pin-deck", "text", f)
			}
			st.Deck = append(st.Deck, n)
		}
	} else {
		st.RNG.Shuffle(len(st.Deck), func(i, j int) { st.Deck[i], st.Deck[j] = st.Deck[j], st.Deck[i] })
	}
	for k := range s.Pins {
		if k != "deck" {
			return nil, nil, setupErr("unknown-pin", "text", k)
		}
	}
	evs := []engine.Event{event(engine.Public, engine.Public, "shuffle", "shuffle")}
	st.Hands = make([][]int, s.Seats)
	for seat := range st.Hands {
		for i := 0; i < 3; i++ {
			evs = append(evs, st.draw(seat)...)
		}
	}
	return st, evs, nil
}

func (st *State) draw(seat int) []engine.Event {
	if len(st.Deck) == 0 {
		return nil
	}
	c := st.Deck[0]
	st.Deck = st.Deck[1:]
	st.Hands[seat] = append(st.Hands[seat], c)
	return []engine.Event{
		event(seat, seat, "draw", "drawn", "card", strconv.Itoa(c)),
		event(engine.Public, seat, "draw", "draw"),
	}
}

func (st *State) clone() *State {
	c := *st
	c.Deck = slices.Clone(st.Deck)
	c.Hands = make([][]int, len(st.Hands))
	for i, h := range st.Hands {
		c.Hands[i] = slices.Clone(h)
	}
	c.Recent = st.Recent.Clone()
	return &c
}

// playable lists the distinct card values seat may play, ascending.
func (st *State) playable(seat int) []int {
	var out []int
	for _, c := range st.Hands[seat] {
		if c <= st.Pile && !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}

func (g Game) check(st *State, seat int) error {
	if st.Winner >= 0 {
		return engine.ErrGameOver
	}
	if seat < 0 || seat >= len(st.Hands) {
		return engine.ErrBadSeat
	}
	if seat != st.Turn {
		return engine.ErrNotYourTurn
	}
	return nil
}

func (g Game) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	st := s.(*State)
	if err := g.check(st, seat); err != nil {
		return engine.Choices{}, err
	}
	play := st.playable(seat)
	switch len(m) {
	case 0:
		if len(play) == 0 {
			ch := prompt("action")
			ch.Next = []engine.Choice{choice("pass", "pass")}
			return ch, nil
		}
		ch := prompt("action")
		ch.Next = []engine.Choice{choice("take", "take")}
		return ch, nil
	case 1:
		switch m[0] {
		case "pass":
			if len(play) > 0 {
				return engine.Choices{}, rule("pass.playable", "pass")
			}
			return engine.Choices{Complete: true}, nil
		case "take":
			if len(play) == 0 {
				return engine.Choices{}, rule("take.none", "take", "pile", strconv.Itoa(st.Pile))
			}
			ch := prompt("count")
			for _, c := range play {
				n := strconv.Itoa(c)
				ch.Next = append(ch.Next, choice(n, "take-n", "n", n))
			}
			return ch, nil
		}
		return engine.Choices{}, rule("action.unknown", "actions", "action", m[0])
	case 2:
		if m[0] != "take" {
			return engine.Choices{}, rule("move.long", "actions")
		}
		n, err := strconv.Atoi(m[1])
		if err != nil || !slices.Contains(st.Hands[seat], n) {
			return engine.Choices{}, rule("take.card", "take", "card", m[1])
		}
		if n > st.Pile {
			return engine.Choices{}, rule("take.pile", "take", lang.CountKey, strconv.Itoa(st.Pile))
		}
		return engine.Choices{Complete: true}, nil
	}
	return engine.Choices{}, rule("move.long", "actions")
}

func (g Game) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	st := s.(*State)
	ch, err := g.Choices(st, seat, m)
	if err != nil {
		return nil, nil, err
	}
	if !ch.Complete {
		return nil, nil, engine.ErrIncompleteMove
	}
	n := st.clone()
	n.Moves++
	defer func() { // the marks of this turn (one move), whatever the move did
		n.Recent.Note(n.Moves, engine.Changed(g.View(st, engine.Spectator).(View).BoardPlaces(), g.View(n, engine.Spectator).(View).BoardPlaces()))
	}()
	var evs []engine.Event
	if m[0] == "pass" {
		evs = append(evs, event(engine.Public, seat, "pass", "pass"))
	} else {
		v, _ := strconv.Atoi(m[1])
		i := slices.Index(n.Hands[seat], v)
		n.Hands[seat] = slices.Delete(n.Hands[seat], i, i+1)
		n.Pile -= v
		evs = append(evs, event(engine.Public, seat, "take", "take", "n", m[1], "left", strconv.Itoa(n.Pile)))
		evs = append(evs, n.draw(seat)...)
		if n.Pile == 0 {
			n.Winner = seat
			evs = append(evs, event(engine.Public, seat, "end", "win"))
			return n, evs, nil
		}
	}
	// Passing draws no card, so once no hand holds a card that fits the
	// pile nobody can ever take again, deck or no deck. That can only
	// follow a take (a pass changes neither hands nor pile).
	n.Turn = (n.Turn + 1) % len(n.Hands)
	stuck := true
	for i := range n.Hands {
		if len(n.playable(i)) > 0 {
			stuck = false
		}
	}
	if stuck {
		if n.Rules >= 2 {
			// Rules 2: the seat that just took wins.
			n.Winner = seat
			evs = append(evs, event(engine.Public, seat, "end", "stuck"))
		} else {
			// Rules 1: the next seat wins.
			n.Winner = n.Turn
			evs = append(evs, event(engine.Public, n.Turn, "end", "stuck-v1"))
		}
	}
	return n, evs, nil
}

func (g Game) View(s engine.State, seat int) engine.View {
	st := s.(*State)
	v := View{Pile: st.Pile, DeckSize: len(st.Deck), Turn: st.Turn, Winner: st.Winner, Recent: st.Recent.Clone()}
	for i, h := range st.Hands {
		v.HandSizes = append(v.HandSizes, len(h))
		if i == seat {
			v.Hand = slices.Clone(h)
		}
	}
	return v
}

// scoring is Pebbles' one way to score: taking the last pebble wins.
var scoring = []engine.ScoringCategory{{Key: "last-pebble", Label: en("scoring.last-pebble")}}

func (g Game) Status(s engine.State) engine.Status {
	st := s.(*State)
	phase := lang.M("phase", lang.CountKey, strconv.Itoa(st.Pile))
	out := engine.Status{Phase: catalog.Text(lang.English, phase.ID, phase.Data), PhaseMsg: phase, Round: 1}
	if n := len(st.Hands); n > 0 {
		out.Round = st.Moves/n + 1
	}
	// A round of Pebbles is a turn of every seat, named "Turn 3".
	out.RoundName = phrase("pebbles.turn", "turn", strconv.Itoa(out.Round))
	for i, h := range st.Hands {
		score := 0
		if st.Winner == i {
			score = 1
		}
		out.Seats = append(out.Seats, engine.SeatStatus{Seat: i, Score: score, Stats: []engine.Stat{{Key: "cards", Label: cardsLabel, Value: len(h)}},
			Breakdown: engine.ScoreBreakdown(scoring, map[string]int{"last-pebble": score}, score)})
	}
	if st.Winner >= 0 {
		out.Finished = true
		out.Ranking = []int{st.Winner}
		for i := range st.Hands {
			if i != st.Winner {
				out.Ranking = append(out.Ranking, i)
			}
		}
	} else {
		out.Active = []int{st.Turn}
	}
	return out
}

func (Game) ParseMove(text string) (engine.Move, error) {
	var m engine.Move
	for _, w := range strings.Fields(strings.ToLower(text)) {
		switch w {
		case "t":
			w = "take"
		case "p":
			w = "pass"
		}
		m = append(m, w)
	}
	if len(m) == 0 {
		return nil, rule("notation.empty", "actions")
	}
	return m, nil
}

func (Game) FormatMove(m engine.Move) string { return strings.Join(m, " ") }

// stateV1 is state version 1, the encoding of the release that played
// only rules version 1: State without the rules field.
type stateV1 struct {
	V      int          `json:"v"`
	Pile   int          `json:"pile"`
	Deck   []int        `json:"deck"`
	Hands  [][]int      `json:"hands"`
	Turn   int          `json:"turn"`
	Winner int          `json:"winner"`
	Moves  int          `json:"moves"`
	RNG    engine.RNG   `json:"rng"`
	Recent engine.Marks `json:"recent,omitzero"`
}

// MarshalState writes a rules-1 match in state version 1, the encoding the
// release that played only rules 1 reads, and every other match in the
// current one. During a rolling upgrade that release serves the same store
// beside this one and keeps playing the rules-1 matches (docs/architecture.md,
// "Rolling upgrades"); a snapshot it could not read would break them.
func (Game) MarshalState(s engine.State) ([]byte, error) {
	st := s.(*State)
	if st.Rules == 1 {
		return json.Marshal(stateV1{V: 1, Pile: st.Pile, Deck: st.Deck, Hands: st.Hands, Turn: st.Turn,
			Winner: st.Winner, Moves: st.Moves, RNG: st.RNG, Recent: st.Recent})
	}
	return json.Marshal(st)
}

// UnmarshalState decodes both encodings: version 1, written for rules-1
// matches (by this build too, see MarshalState), has no rules field and is
// read as version 2 with rules 1.
func (g Game) UnmarshalState(data []byte) (engine.State, error) {
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return nil, fmt.Errorf("pebbles: decode state: %w", err)
	}
	switch st.V {
	case 1:
		st.V, st.Rules = stateVersion, 1
	case stateVersion:
		if !g.Info().SupportsRules(st.Rules) {
			return nil, fmt.Errorf("pebbles: state of rules version %d: %w", st.Rules, engine.ErrRulesVersion)
		}
	default:
		return nil, fmt.Errorf("pebbles: state version %d: %w", st.V, engine.ErrStateVersion)
	}
	return &st, nil
}

// Holding lists seat's cards by value.
func (Game) Holding(s engine.State, seat int) engine.Holding {
	st := s.(*State)
	out := engine.Holding{Cards: []engine.Card{}}
	if seat < 0 || seat >= len(st.Hands) {
		return out
	}
	for _, c := range st.Hands[seat] {
		t := strconv.Itoa(c)
		out.Cards = append(out.Cards, engine.Card{Token: t, Name: en("card." + t)})
	}
	return out
}

// cardsLabel is the label of the "cards" stat.
var cardsLabel = en("stat.cards")

// helpTopics are the rule topics, worded by the catalog's messages
// help.<id>.title, .keywords and .body.
func helpTopics() []engine.HelpTopic {
	var out []engine.HelpTopic
	for _, id := range []string{"actions", "take", "pass", "end"} {
		out = append(out, engine.HelpTopic{ID: id, Kind: "rule", Title: en("help." + id + ".title"),
			Keywords: engine.SplitKeywords(en("help." + id + ".keywords")), Body: en("help." + id + ".body")})
	}
	return out
}

// DefaultMove implements engine.Game: pass when no card fits the pile,
// otherwise take with the first card the choices offer.
func (g Game) DefaultMove(st engine.State, seat int) (engine.Move, error) {
	return engine.DefaultByChoices(g, st, seat, []string{"pass"}, nil)
}

// Revealed implements engine.Game: a move that draws a card from the
// face-down deck revealed it to the drawer.
func (Game) Revealed(before, after engine.State) bool {
	a, ok1 := before.(*State)
	b, ok2 := after.(*State)
	if !ok1 || !ok2 {
		return true
	}
	return a.RNG != b.RNG || !slices.Equal(a.Deck, b.Deck)
}
