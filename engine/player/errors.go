package player

import "errors"

var (
	errDeadEnd = errors.New("player: the choices offer no way to complete the move")
	errTooLong = errors.New("player: a move grew past 64 tokens")
)
