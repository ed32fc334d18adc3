// Package bot is the host core that every front end calls: the
// Discord adapter (bot/discord) and the web playground (bot/web). It runs
// load -> decode -> apply -> encode -> compare-and-set save -> render for any
// game in the engine registry, and holds no rules (those are the engine's)
// and no storage logic (that is the Store's) of its own.
//
// # Life cycle
//
// CreateMatch opens a lobby bound to a channel (one open match per channel)
// with its creator in seat 1. Join and Leave change the lobby; the seat order
// is the join order and front ends colour seats by index. Start (creator
// only) sets the game up from the stored seed, options and pins. Submit plays
// moves. The match ends when the game finishes, when a seated player resigns
// (policy: a resignation ends the match for everyone, as Brass players prefer;
// the seat is marked Left and the match is aborted), or when the creator or a
// moderator aborts it (the front end decides who is a moderator and passes the
// flag in).
//
// # Moves and concurrency
//
// Submit loads the match, checks seat and turn, parses the notation, applies
// it and commits the new snapshot together with the log entry using a
// compare-and-set on the match version. When another commit wins the race
// (storage.ErrConflict) the move is re-validated against the fresh state and
// retried. A RequestID (for Discord the interaction ID) makes a submission
// idempotent: a duplicate applies once and the later calls return the current
// match with Outcome.Duplicate set. ExpectVersion, when non-zero, refuses a move
// made from a stale view (an old button) with ErrStale.
//
// # Turns
//
// Submit and Start also say whether the outcome begins a turn
// (Outcome.NewTurn: a seat newly must act, the game's Status.Turn moved
// on, or the game ended) and which seats newly must act (Outcome.Notify),
// so that every front end shows the board and notifies players per turn,
// not per move, from one decision.
//
// # Errors
//
// The core owns one error vocabulary (Kind, errors.go) and every front end
// uses it. Service calls fail with an *Error of a kind, carrying the facts
// its explanation needs, attached where the service knows them: the broken
// rule and its help topic (KindRule, wrapping the engine's
// *engine.RuleError), the choices that continue an incomplete move
// (KindIncomplete), the players the match waits for, the creator who can
// start it. Service.Explain turns any error into a Problem: the kind, one
// text for people, the help topic, the continuation choices, and for an
// internal error (or damaged data) an error ID that it logs with the real
// error. No Go error text reaches a user; user input is repeated only as
// Echo shows it (invisible characters named, cut at EchoMax characters),
// and typed moves are read with invisible characters dropped. Front ends
// choose only the presentation (a private reply, a message on the page, an
// HTTP status from the kind). Sentinels (ErrNotYourTurn ...) match every
// error of their kind with errors.Is. A match whose stored data cannot be
// decoded fails with KindDamaged (ErrBadData) for that match only, naming
// it (Error.MatchID, Problem.MatchID) and, when what is left says so, its
// creator; it keeps its channel, and CreateMatch there fails with that
// damage rather than "channel taken". Salvage reads what is left of it as
// a match record marked incomplete, and AbortDamaged (its creator or a
// moderator) hands that over and frees the channel (storage Retire). A
// store that does not answer (storage.ErrUnavailable) explains as
// KindBusy ("the store is busy"); a commit the store applied but no
// replica confirmed in time (storage.ErrUnconfirmed) as KindBusy saying
// exactly that, so the player looks before going on; a move so committed
// stands instead (Outcome.Unconfirmed): its board and pings go out and its
// mover alone reads UnconfirmedNote. One
// stored under a rules version its game no longer (or not yet) plays fails
// with a *RulesVersionError (KindRulesVersion, ErrRulesVersion) for that
// match only and can still be aborted. Matches within the game's range of
// rules versions play on by the rules they started under
// (docs/architecture.md, "Rules versions").
//
// # Reading
//
// Choices and Suggest drive step-by-step pickers and autocompletion from the
// engine's legal choices; Board and Render draw a seat's (or the
// spectators') view as the renderer's named images, cached per match,
// version and seat; Private returns a seat's own view; Log
// lists the applied moves and History narrates them for one viewer (replayed
// from the setup, as events are not stored); Export writes the match as a
// record; UserMatches and RecentMatches list a user's matches; Help and Topic search a game's
// rules topics.
package bot
