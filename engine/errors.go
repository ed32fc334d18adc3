package engine

import (
	"errors"
	"fmt"
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
}

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

// AsRule returns the RuleError inside err, if any.
func AsRule(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}
