package engine

import (
	"errors"
	"fmt"

	"github.com/smokestack/smokestack/engine/lang"
)

// Sentinel errors shared by every game.
var (
	ErrNotYourTurn    = errors.New("engine: it is not this seat's turn")
	ErrGameOver       = errors.New("engine: the game is over")
	ErrBadSeat        = errors.New("engine: no such seat")
	ErrStateVersion   = errors.New("engine: unknown state version")
	ErrUnknownGame    = errors.New("engine: unknown game")
	ErrIncompleteMove = errors.New("engine: the move is not complete")
)

// RuleError is an illegal move: which rule it broke, in a sentence a player
// understands, with the help topic that explains the rule.
type RuleError struct {
	Code  string // stable machine code, e.g. "build.no-coal"
	Topic string // HelpTopic.ID that explains the rule
	Msg   string // lowercase sentence: "no coal can reach bolton ..."
	// Data fills the placeholders of the message RulePrefix+Code in the
	// game's catalog, which words the error in any language
	// (Words.Error). Msg is that message in English (RuleMsg). Nil for an
	// error built with Rule, whose Msg is all there is.
	Data map[string]string
	// Variant, when set, names the message RulePrefix+Code+"-"+Variant
	// instead: one rule (one Code) broken in different ways, each with
	// its own sentence (RuleVariant).
	Variant string
}

// MsgID is the ID of the catalog message that words the error.
func (e *RuleError) MsgID() string {
	if e.Variant != "" {
		return RulePrefix + e.Code + "-" + e.Variant
	}
	return RulePrefix + e.Code
}

// RulePrefix starts the catalog message ID of a RuleError: the error with
// Code "take.pile" is worded by the message "rule.take.pile".
const RulePrefix = "rule."

func (e *RuleError) Error() string { return e.Msg }

// Is makes errors.Is(err, &RuleError{Code: c}) match by code.
func (e *RuleError) Is(target error) bool {
	t, ok := target.(*RuleError)
	return ok && t.Code == e.Code
}

// Rule builds a RuleError with a formatted message.
func Rule(code, topic, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Topic: topic, Msg: fmt.Sprintf(format, args...)}
}

// RuleMsg builds a RuleError worded by the game's catalog: its message is
// RulePrefix+code with the data of the key, value pairs kv, and Msg is
// that message in English.
func RuleMsg(cat *lang.Catalog, code, topic string, kv ...string) *RuleError {
	m := lang.M(RulePrefix+code, kv...)
	return &RuleError{Code: code, Topic: topic, Data: m.Data, Msg: cat.Text(lang.English, m.ID, m.Data)}
}

// RuleVariant is RuleMsg worded by the message RulePrefix+code+"-"+variant
// (Variant): the same Code as the other ways of breaking the rule.
func RuleVariant(cat *lang.Catalog, code, variant, topic string, kv ...string) *RuleError {
	e := &RuleError{Code: code, Topic: topic, Variant: variant, Data: lang.M("", kv...).Data}
	e.Msg = cat.Text(lang.English, e.MsgID(), e.Data)
	return e
}

// AsRule returns the RuleError inside err, if any.
func AsRule(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}
