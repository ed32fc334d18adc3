package bot

import "errors"

// Errors a front end tells apart, matched with errors.Is. Rule violations
// are the engine's *engine.RuleError instead.
var (
	ErrNoMatch       = errors.New("service: no open match in this channel")
	ErrNotFound      = errors.New("service: no such match")
	ErrNotSeated     = errors.New("service: you have no seat in this match")
	ErrNotYourTurn   = errors.New("service: it is not your turn")
	ErrAlreadySeated = errors.New("service: you already have a seat in this match")
	ErrLobbyFull     = errors.New("service: the lobby is full")
	ErrNotLobby      = errors.New("service: the match has already started")
	ErrNotActive     = errors.New("service: the match is not being played")
	ErrNotAllowed    = errors.New("service: only the match's creator (or a moderator) may do that")
	ErrSeatCount     = errors.New("service: the number of players does not fit the game")
	ErrChannelTaken  = errors.New("service: this channel already has an open match")
	ErrStale         = errors.New("service: the match has moved on since this was shown")
	ErrBusy          = errors.New("service: too many simultaneous moves, try again")
	ErrBadData       = errors.New("service: the stored data of this match cannot be read")
	ErrBadRequest    = errors.New("service: invalid request")
	ErrNoHelp        = errors.New("service: this game has no rules help")
)
