package engine

import (
	"maps"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine/lang"
)

// SetupPrefix starts the catalog message ID of a SetupError: the error
// with Key "pin-first" is worded by the message "setup.pin-first" of the
// game's catalog.
const SetupPrefix = "setup."

// SetupError is a game's refusal of a Setup a person asked for (an option
// or a pin the game does not know, a value out of range, a seat count),
// by reference: the message SetupPrefix+Key of the game's catalog
// (Info.Catalog) words it in any language with Data (Words.Error). A
// game's Setup returns it for every refusal a person can reach.
//
// Data's values are numbers, option and pin keys, lists of notation
// tokens, and, under "text" (and keys beginning with "text"), what the
// person typed, raw: the English Msg quotes it as Go's %q does, and a
// host shows user input its own way (bot's Echo). Msg is the message in
// English, worded from the game's English catalog; Error() is the game's
// ID, Msg and the wrapped sentinel, as the games' fmt errors read.
type SetupError struct {
	Game string // the game's ID, the prefix of Error()
	Key  string
	Data map[string]string
	Msg  string // in English, for logs and English readers
	// Err is a sentinel the refusal wraps (ErrBadSeat for a seat count),
	// for errors.Is; nil for most.
	Err error
}

// MsgID is the error's message in the game's catalog.
func (e *SetupError) MsgID() string { return SetupPrefix + e.Key }

func (e *SetupError) Error() string {
	s := e.Game + ": " + e.Msg
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *SetupError) Unwrap() error { return e.Err }

// NewSetupError is the SetupError of game (its ID) with message
// SetupPrefix+key of its catalog cat and data kv (pairs), its English Msg
// worded from cat with the "text…" values quoted as %q does.
func NewSetupError(game string, cat *lang.Catalog, key string, kv ...string) *SetupError {
	m := lang.M(SetupPrefix+key, kv...)
	e := &SetupError{Game: game, Key: key, Data: m.Data}
	e.Msg = cat.Text(lang.English, m.ID, e.QuotedData())
	return e
}

// QuotedData is Data with the "text…" values as %q quotes them, without
// the quotes (the messages quote them): invisible and control characters
// escaped. Msg and Words.Error word the error from it.
func (e *SetupError) QuotedData() map[string]string {
	data := maps.Clone(e.Data)
	for k, v := range data {
		if strings.HasPrefix(k, "text") {
			q := strconv.Quote(v)
			data[k] = q[1 : len(q)-1]
		}
	}
	return data
}
