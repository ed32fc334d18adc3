package engine

import (
	"fmt"
	"strconv"

	"github.com/smokestack/smokestack/engine/lang"
)

// Spectator is the seat argument for a view that belongs to no seat.
const Spectator = -1

// Public is the audience of an event every seat and spectator may see.
const Public = -1

// State is a game's own state value. The host treats it as opaque and
// immutable: Apply returns a new State and never changes its input.
type State any

// View is a game's own view value for one seat (or Spectator): the state
// less what that seat may not see. Renderers and front ends only ever see
// views. It must encode to JSON.
type View any

// Move is a complete or partial move: one canonical token per decision.
type Move []string

// Setup is everything a game needs to start a match.
type Setup struct {
	Seats   int               // number of seats, within Game.Seats()
	Seed    uint64            // the match seed; all randomness derives from it
	Options map[string]string // match options, validated against Game.Options()
	// Pins fix random outcomes explicitly (deck order, first player, tile
	// stacks ...), so a position from a physical game or a bug report can be
	// reproduced. Keys and formats are documented per game; an unknown key
	// is an error.
	Pins map[string]string
	// RulesVersion is the rules version the match plays under, within
	// Info.OldestRulesVersion..Info.RulesVersion; 0 means the current one.
	// Setup refuses any other version with an error wrapping
	// ErrRulesVersion (see Info.ResolveRules). A game whose rules changed
	// records the version in its state and keeps the old behaviour behind
	// a check of it (docs/architecture.md, "Rules versions").
	RulesVersion int
}

// OptionSpec documents one match option.
type OptionSpec struct {
	Key     string   `json:"key"`
	Default string   `json:"default"`
	Values  []string `json:"values,omitempty"` // allowed values; empty means free-form
	Help    string   `json:"help"`
}

// Event narrates one step of the game. Audience is Public or the one seat
// allowed to see it (for example that seat's newly drawn cards).
type Event struct {
	Audience int    `json:"audience"`
	Seat     int    `json:"seat"` // the seat the event is about, or Public for none
	Kind     string `json:"kind"` // short stable identifier: "build", "shuffle", "income" ...
	Text     string `json:"text"` // one line of English narration
	// Own is Text as the seat the event is about (Seat) reads it, in the
	// second person ("you build a cotton mill 1 in Bolton for £12"):
	// hosts show it to that seat instead of Text. Empty when Text reads
	// as well for that seat once its seat is named (NameSeatsFor).
	Own  string            `json:"own,omitempty"`
	Data map[string]string `json:"data,omitempty"`
	// Msg is the ID of the event's sentence in the game's catalog
	// (Info.Catalog), whose placeholders read Data; a host words the event
	// in any language from Msg and Data (Words.Event), never from Text.
	// The seat the event is about reads the message Msg+OwnSuffix when the
	// catalog has it (the second person, as Own). Data's keys "seat" and
	// "Seat" are reserved for the name of Seat, which the host fills in
	// ("Seat" at the start of a sentence: a default name with a capital,
	// Words.SeatTitle); other keys starting with "seat" ("Seat") hold a
	// seat index (0-based, as Seat) that the host words as that seat's
	// name (at the start of a sentence). Text and Own stay filled in English
	// from the same catalog while hosts migrate. Empty for a game without
	// a catalog.
	Msg string `json:"msg,omitempty"`
}

// OwnSuffix ends the ID of an event message's second-person form: the
// seat an event "take" is about reads "take-own".
const OwnSuffix = "-own"

// WithoutPublicForms drops from evs, which a seat reads with its own
// private events, each public event that a private event of the same Kind
// about the same Seat tells in full. A game that tells one happening twice,
// to the seat with what only it may know ("bob draws a 3") and to everyone
// without it ("bob draws a card"), gives both events the same Kind and Seat
// (Brass's and the test game's draws do); a reader who has the private
// form needs only that one. Events pair one to one: a public event beyond
// the private ones of its Kind and Seat stays. evs is not changed.
func WithoutPublicForms(evs []Event) []Event {
	type key struct {
		seat int
		kind string
	}
	private := map[key]int{}
	for _, e := range evs {
		if e.Audience != Public {
			private[key{e.Seat, e.Kind}]++
		}
	}
	if len(private) == 0 {
		return evs
	}
	out := make([]Event, 0, len(evs))
	for _, e := range evs {
		if k := (key{e.Seat, e.Kind}); e.Audience == Public && private[k] > 0 {
			private[k]--
			continue
		}
		out = append(out, e)
	}
	return out
}

// VisibleTo reports whether seat (or Spectator) may see the event.
func (e Event) VisibleTo(seat int) bool {
	return e.Audience == Public || (seat != Spectator && e.Audience == seat)
}

// Choice is one legal next token of a partly built move.
type Choice struct {
	Token string `json:"token"`          // canonical token, appended to the move as is
	Label string `json:"label"`          // short human label for a button or menu (<= 80 chars)
	Help  string `json:"help,omitempty"` // optional one-line detail (cost, source ...)
	// LabelMsg and HelpMsg are Label and Help by reference into the game's
	// catalog, for hosts to word in any language (Words.Choice); Label and
	// Help stay filled in English from the same messages.
	LabelMsg lang.Msg `json:"labelMsg,omitzero"`
	HelpMsg  lang.Msg `json:"helpMsg,omitzero"`
}

// Choices is the next decision of a partly built move.
type Choices struct {
	Prompt string   `json:"prompt"` // what is being decided, e.g. "Which location?"
	Next   []Choice `json:"next"`   // legal next tokens; empty when the move cannot be extended
	// Complete is true when the partial move is itself a legal, complete move
	// that Apply accepts (it may still be extendable, e.g. selling another mill).
	Complete bool `json:"complete"`
	// PromptMsg is Prompt by reference into the game's catalog
	// (Words.Prompt); Prompt stays filled in English.
	PromptMsg lang.Msg `json:"promptMsg,omitzero"`
}

// SeatStatus is one seat's public standing.
type SeatStatus struct {
	Seat  int `json:"seat"`
	Score int `json:"score"` // in the game's own unit, Info.Score
	// Stats are the seat's public figures (money, income, tiles in reserve,
	// cards in hand ...) in the order the game wants them shown.
	Stats []Stat `json:"stats,omitempty"`
	// Breakdown is Score by the game's scoring categories: one Stat per
	// category of Info.Scoring, in that order, whose values sum to Score
	// (see ScoreBreakdown).
	Breakdown []Stat `json:"breakdown,omitempty"`
}

// StatProjected is the Stat.Key of a seat's projected score: what it would
// score if the current era, period or game ended now, in the game's score
// unit. A game that can tell lists it among SeatStatus.Stats; front ends
// and renderers show it next to the score.
const StatProjected = "projected"

// Stat is one named figure of a seat, game-neutral so that every front end
// can list it without knowing the game.
type Stat struct {
	Key   string `json:"key"`            // stable identifier: "money", "income" ...
	Label string `json:"label"`          // for people: "Money", "Income"
	Value int    `json:"value"`          // the number, for sorting and charts
	Text  string `json:"text,omitempty"` // the value as printed, e.g. "£12"; empty means the number
	// Data is what the game's message stat-value.<Key> needs besides the
	// value (the work orders of each colour ...), so the value can be
	// printed in any language (Words.StatValue).
	Data map[string]string `json:"data,omitempty"`
}

// Shown is the stat's value as a person reads it.
func (s Stat) Shown() string {
	if s.Text != "" {
		return s.Text
	}
	return strconv.Itoa(s.Value)
}

// Card is one card (or other private piece) as a front end lists it.
type Card struct {
	Token string `json:"token"` // as the notation spells it, e.g. "blackburn"
	Name  string `json:"name"`  // for people, e.g. "Blackburn"
}

// Holding is what one seat holds that only it may see, typed so that front
// ends need not read it out of the game's view.
type Holding struct {
	Cards []Card `json:"cards"`           // the seat's hand, in display order; empty, never nil
	Stats []Stat `json:"stats,omitempty"` // other private figures, in display order
}

// Status summarises a position for front ends.
type Status struct {
	Active []int `json:"active"` // seats that must decide now; empty when finished
	// Turn numbers the turns for hosts, which post the board and notify
	// players when a turn begins rather than after every move. A game in
	// which one turn spans several moves (Brass's two actions), or in
	// which a seat can have two turns in a row, increases it whenever a
	// new turn begins and keeps it while a turn goes on; it never
	// decreases. A game that leaves it zero gets a new turn whenever the
	// set of Active seats gains a seat.
	Turn int `json:"turn,omitempty"`
	// Round numbers the game's rounds across the whole match, from 1 at
	// set-up; it never decreases, and hosts chart scores over it. What a
	// round is belongs to the game: in Brass a round of turns
	// in turn order (the canal period's rounds, then the rail period's,
	// counted on); in The Smoky Valley a year (1840 is round 1); in
	// Urbanization a game turn (1 to 6); in Pebbles one turn of every seat.
	Round int `json:"round,omitempty"`
	// RoundName is Round as the game names it ("Canal period, round 3
	// of 10", "1845", "Game turn 2 of 6"): the same for every position of
	// one round, never empty. Front ends show it wherever they name a
	// round (the score chart's axis, /status, /catchup, the playground).
	RoundName Phrase `json:"roundName"`
	// Stage is the part of the round being played, where the game shows
	// one (The Smoky Valley's development phase, Urbanization's action
	// phase 2 of 4); it may change within a round, and is zero when the
	// game has none to show.
	Stage    Phrase       `json:"stage,omitzero"`
	Phase    string       `json:"phase"`              // human label: "Canal period, round 3"
	Seats    []SeatStatus `json:"seats"`              // in seat order
	Finished bool         `json:"finished"`           //
	Ranking  []int        `json:"ranking,omitempty"`  // when finished: seats from winner down
	TieBreak string       `json:"tiebreak,omitempty"` // when finished: how ties were broken, if any
	// PhaseMsg is Phase by reference into the game's catalog
	// (Words.Phase); Phase stays filled in English. A structured round
	// name is localized the same way: a message ID and its numbers.
	PhaseMsg lang.Msg `json:"phaseMsg,omitzero"`
	// TieBreakMsgs is TieBreak by reference into the game's catalog
	// (Words.TieBreak): one message per note, worded in order and joined
	// by "; "; TieBreak stays filled in English.
	TieBreakMsgs []lang.Msg `json:"tiebreakMsgs,omitempty"`
}

// Phrase is a name a game gives something that front ends show (a
// round, the stage of a round), structured so that it can be worded in
// another language later: Key names the wording and Args fill it, the
// way an event's Kind and Data do; Text and Short are the English
// wordings. A catalog that knows Key words Args itself and falls back to
// Text when it does not.
type Phrase struct {
	// Key is stable and names the wording: "brass.round",
	// "smokyvalley.year". The keys and their Args are listed per game in
	// docs/architecture.md ("Round names").
	Key string `json:"key"`
	// Args are the values the wording takes, as plain tokens and
	// numbers: {"period": "canal", "round": "3", "rounds": "10"}.
	Args map[string]string `json:"args,omitempty"`
	// Text is the English wording, for a status line: "Canal period,
	// round 3 of 10".
	Text string `json:"text"`
	// Short is the English wording in at most MaxShort characters, for a
	// chart's axis: "C3", "1845".
	Short string `json:"short"`
}

// MaxShort is the longest Phrase.Short, in characters: what a chart's
// axis label holds legibly.
const MaxShort = 6

// IsZero reports whether p is the zero Phrase (no stage to show).
func (p Phrase) IsZero() bool {
	return p.Key == "" && p.Text == "" && p.Short == "" && len(p.Args) == 0
}

// Equal reports whether p and q are the same phrase, Args included.
func (p Phrase) Equal(q Phrase) bool {
	if p.Key != q.Key || p.Text != q.Text || p.Short != q.Short || len(p.Args) != len(q.Args) {
		return false
	}
	for k, v := range p.Args {
		if w, ok := q.Args[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// ScoreName is what a game calls its score.
type ScoreName struct {
	Name  string `json:"name"`  // in full, plural: "victory points", "prestige", "money"
	Short string `json:"short"` // abbreviation after a number: "VP"; may equal Name
	// One is Short after the number 1 where it differs ("win" for
	// "wins"); empty when Short reads the same for one ("1 VP").
	One string `json:"one,omitempty"`
}

// Of is a score with its unit: "12 VP", "1 win", "2 wins"; Name stands
// in for an empty Short, and a bare number is left when both are empty.
func (n ScoreName) Of(score int) string {
	unit := n.Short
	if unit == "" {
		unit = n.Name
	}
	if score == 1 && n.One != "" {
		unit = n.One
	}
	if unit == "" {
		return strconv.Itoa(score)
	}
	return strconv.Itoa(score) + " " + unit
}

// Example is one move in a game's notation and what it does, for help
// pages.
type Example struct {
	Move    string `json:"move"`
	Meaning string `json:"meaning"`
}

// Info describes a game: everything a host or front end needs to offer it
// without knowing it.
type Info struct {
	ID       string `json:"id"`      // stable ASCII identifier, e.g. "brass"
	Name     string `json:"name"`    // display name
	Summary  string `json:"summary"` // one sentence for lists
	MinSeats int    `json:"minSeats"`
	MaxSeats int    `json:"maxSeats"`
	// RulesVersion is the version new matches start under; it is bumped
	// whenever a rules fix would change existing games. OldestRulesVersion
	// is the oldest version this build still loads and plays (old states
	// are migrated on decode, changed rules kept behind a version check).
	RulesVersion       int          `json:"rulesVersion"`
	OldestRulesVersion int          `json:"oldestRulesVersion"`
	Options            []OptionSpec `json:"options,omitempty"`
	Score              ScoreName    `json:"score"`
	// Scoring lists the categories a seat scores in (Brass: links and
	// industries of each period, money), in the order a result lists
	// them; SeatStatus.Breakdown gives each seat's score in each.
	Scoring []ScoringCategory `json:"scoring"`
	// Rounds is what the game calls its rounds (Status.RoundName), in
	// the plural, for a chart's axis: "rounds", "years", "game turns";
	// Key names the wording as Phrase.Key does. Empty means "rounds".
	Rounds Phrase `json:"rounds,omitzero"`
	// PrivateInfo is true when seats hold something only they may see (a
	// hand of cards ...). When false, every seat's view is the public one,
	// Holding is empty, and front ends offer no private view.
	PrivateInfo bool      `json:"privateInfo"`
	Examples    []Example `json:"examples,omitempty"` // notation examples
	// Help is the game's rules help in our own words; the topic IDs are
	// what RuleError.Topic names. A game without help leaves it empty.
	Help []HelpTopic `json:"-"`
	// Catalog is the game's message catalog in every supported language,
	// owned and embedded by the game's package: event narration, choice
	// labels and prompts, phase, stat and scoring labels, score names,
	// option help, rule errors, help topics, card and place names (see
	// Words and docs/i18n.md for the message IDs). The English fields of
	// Info, Event, Choices, Status and RuleError are filled from it. Nil
	// for a game not yet translated: hosts then show the English fields.
	Catalog *lang.Catalog `json:"-"`
}

// SupportsRules reports whether the build can load and play a match stored
// under rules version v.
func (i Info) SupportsRules(v int) bool {
	return v >= i.OldestRulesVersion && v <= i.RulesVersion
}

// ResolveRules is the rules version a Setup asks for: 0 means the current
// RulesVersion. A version this build does not play fails with an error
// wrapping ErrRulesVersion that names the versions it does play. Every
// game's Setup starts with it.
func (i Info) ResolveRules(v int) (int, error) {
	if v == 0 {
		return i.RulesVersion, nil
	}
	if !i.SupportsRules(v) {
		return 0, fmt.Errorf("%w: %s rules version %d; this build plays %s", ErrRulesVersion, i.ID, v, i.RulesRange())
	}
	return v, nil
}

// RulesRange names the rules versions this build plays, for messages:
// "version 2" or "versions 1 to 2".
func (i Info) RulesRange() string {
	if i.OldestRulesVersion == i.RulesVersion {
		return fmt.Sprintf("version %d", i.RulesVersion)
	}
	return fmt.Sprintf("versions %d to %d", i.OldestRulesVersion, i.RulesVersion)
}

// Game is a stateless rules value. All methods are pure and safe for
// concurrent use.
type Game interface {
	// Info describes the game. It is the same value on every call.
	Info() Info

	// Setup starts a match. The events narrate the random setup. A setup
	// a person asked for and the game refuses (a pin or an option it does
	// not know or with a bad value, a seat count) fails with a
	// *SetupError, worded by the game's catalog.
	Setup(s Setup) (State, []Event, error)
	// Apply plays one complete move by seat and every automatic step after
	// it. Illegal moves fail with a *RuleError (or a sentinel of this
	// package) and leave st untouched.
	Apply(st State, seat int, m Move) (State, []Event, error)
	// Choices lists the legal next tokens for seat after the partial move.
	// It fails with a *RuleError when the prefix itself is illegal.
	Choices(st State, seat int, partial Move) (Choices, error)
	// View is the state as seat (or Spectator) may see it.
	View(st State, seat int) View
	Status(st State) Status
	// Holding is what seat privately holds (its hand ...), for that seat's
	// eyes only.
	Holding(st State, seat int) Holding
	// Revealed reports whether the move that led from before to after
	// (Apply's input and output) showed anyone something nobody knew
	// before it: a card or tile drawn from a face-down stack, a shuffle,
	// any random outcome. Hosts let a player take back such a move only
	// with every other player's consent (see docs/commands.md, /undo).
	// It must be true whenever the game's random generator moved or a
	// hidden stack changed, and false for two equal states.
	Revealed(before, after State) bool

	// Determinize samples what seat cannot see: it returns a copy of st
	// in which every card, tile or order that seat may not see (the other
	// seats' hands, the order of face-down decks and stacks, what was set
	// aside face down) is redistributed at random from rng among the
	// places seat cannot tell apart, consistently with everything seat has
	// seen (hand sizes, stack sizes, cards it saw played or placed), and
	// whose own random generator is re-seeded from rng, so that nothing
	// derived from it (a later shuffle or draw) can be foreseen from st.
	// Seat's view, the spectator view and the status are the same for
	// the copy as for st, and the result depends only on what seat sees
	// and on rng: two states seat cannot tell apart give equal copies for
	// equal generators (the conformance suite checks both; sort what is
	// hidden before shuffling it). It must not change st. A
	// game in which seat sees everything still re-seeds the generator.
	// Computer players (engine/player) search only determinizations, so
	// they never use what their seat cannot see.
	Determinize(st State, seat int, rng *RNG) State

	ParseMove(text string) (Move, error)
	FormatMove(m Move) string

	// DefaultMove is the seat's safe default move in st: the least
	// harmful legal move the game can name, which a host plays for a
	// seat whose player is missing (the other players chose it at a
	// turn deadline). It must be a complete move Apply accepts and the
	// choices offer; a game documents its rule in its rules doc. It
	// fails with ErrNotYourTurn when the seat need not act and
	// ErrGameOver when the game is over. DefaultByChoices builds one.
	DefaultMove(st State, seat int) (Move, error)

	// MarshalState encodes a state as versioned JSON; UnmarshalState
	// decodes it (migrating older encodings) and rejects unknown versions
	// with ErrStateVersion.
	MarshalState(st State) ([]byte, error)
	UnmarshalState(data []byte) (State, error)
}

// HelpTopic is one entry of a game's rules help, written in our own words.
type HelpTopic struct {
	ID       string   `json:"id"`       // stable, used by RuleError.Topic
	Title    string   `json:"title"`    //
	Kind     string   `json:"kind"`     // "rule", "tile", "location", "card" ...
	Keywords []string `json:"keywords"` // search terms besides the title
	Body     string   `json:"body"`     // plain text, at most 1500 characters

	// A topic generated from the game's data (one per place, card, tile)
	// gives its texts by reference, worded by Words.Help in any language:
	// TitleMsg the title, BodyMsgs the body's parts (joined by a space,
	// each a message of the game's catalog with its data), KeywordsMsg the
	// keywords (comma-separated). Unset, Words.Help reads the messages
	// help.<ID>.title, .body and .keywords. Title, Body and Keywords stay
	// the English, filled from the English messages.
	TitleMsg    lang.Msg   `json:"-"`
	BodyMsgs    []lang.Msg `json:"-"`
	KeywordsMsg lang.Msg   `json:"-"`
}
