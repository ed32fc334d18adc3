package engine

import "encoding/json"

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
	Audience int               `json:"audience"`
	Seat     int               `json:"seat"` // the seat the event is about, or Public for none
	Kind     string            `json:"kind"` // short stable identifier: "build", "shuffle", "income" ...
	Text     string            `json:"text"` // one line of English narration
	Data     map[string]string `json:"data,omitempty"`
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
}

// Choices is the next decision of a partly built move.
type Choices struct {
	Prompt string   `json:"prompt"` // what is being decided, e.g. "Which location?"
	Next   []Choice `json:"next"`   // legal next tokens; empty when the move cannot be extended
	// Complete is true when the partial move is itself a legal, complete move
	// that Apply accepts (it may still be extendable, e.g. selling another mill).
	Complete bool `json:"complete"`
}

// SeatStatus is one seat's public standing.
type SeatStatus struct {
	Seat      int            `json:"seat"`
	Score     int            `json:"score"`
	Resources map[string]int `json:"resources,omitempty"` // the key public resources: money, income ...
}

// Status summarises a position for front ends.
type Status struct {
	Active   []int        `json:"active"`             // seats that must decide now; empty when finished
	Phase    string       `json:"phase"`              // human label: "Canal period, round 3"
	Seats    []SeatStatus `json:"seats"`              // in seat order
	Finished bool         `json:"finished"`           //
	Ranking  []int        `json:"ranking,omitempty"`  // when finished: seats from winner down
	TieBreak string       `json:"tiebreak,omitempty"` // when finished: how ties were broken, if any
}

// Game is a stateless rules value. All methods are pure and safe for
// concurrent use.
type Game interface {
	ID() string            // stable ASCII identifier, e.g. "brass"
	Name() string          // display name
	Seats() (min, max int) // allowed seat counts
	RulesVersion() int     // bumped whenever a rules fix would change existing games
	Options() []OptionSpec

	// Setup starts a match. The events narrate the random setup.
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

	ParseMove(text string) (Move, error)
	FormatMove(m Move) string

	// MarshalState encodes a state as versioned JSON; UnmarshalState
	// decodes it and rejects unknown versions with ErrStateVersion.
	MarshalState(st State) ([]byte, error)
	UnmarshalState(data []byte) (State, error)
}

// Helper is implemented by games that offer rules help.
type Helper interface {
	HelpTopics() []HelpTopic
}

// HelpTopic is one entry of a game's rules help, written in our own words.
type HelpTopic struct {
	ID       string   `json:"id"`       // stable, used by RuleError.Topic
	Title    string   `json:"title"`    //
	Kind     string   `json:"kind"`     // "rule", "tile", "location", "card" ...
	Keywords []string `json:"keywords"` // search terms besides the title
	Body     string   `json:"body"`     // plain text, at most 1500 characters
}

// RawState is a helper for games whose state is one JSON-encodable struct.
func RawState(v any) ([]byte, error) { return json.Marshal(v) }
