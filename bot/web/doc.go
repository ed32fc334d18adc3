// Package web is the local web front end: a page that plays like a
// Discord channel on one screen (hotseat). It creates a match (game, seats,
// options), switches between seats, takes moves typed in notation with
// autocompletion of legal moves or clicked through the step-by-step choices,
// and shows the freshly rendered board after each move, the seat's private
// hand, the game log and the rules help.
//
// Like the Discord adapter it is only a front end of the host core (package bot): it holds
// no rules and no storage logic. The page (assets/) is plain HTML, CSS and
// JavaScript embedded in the binary, with no build step and nothing loaded
// from elsewhere.
//
// The playground has no accounts: whoever reaches it may play every seat.
// It is meant for 127.0.0.1 (the default address); do not expose it.
//
// The JSON API under /api/ (all seats are 0-based):
//
//	GET  /api/games                          games, seat ranges and options
//	POST /api/matches                        {game, seats, options} -> match (lobby filled and started)
//	POST /api/import                         {record} -> match set up and played from a match record
//	GET  /api/matches/{id}                   match summary (status, seats, version)
//	GET  /api/matches/{id}/board.png?seat=S  board as seen by seat S (-1: spectators)
//	GET  /api/matches/{id}/hand?seat=S       the seat's private view
//	GET  /api/matches/{id}/choices?seat=S&partial=...   next decision of a partial move
//	GET  /api/matches/{id}/suggest?seat=S&q=...         autocompletion of typed notation
//	POST /api/matches/{id}/moves             {seat, move, version, request_id} -> outcome
//	GET  /api/matches/{id}/log               applied moves
//	GET  /api/matches/{id}/history?seat=S    the moves narrated as seat S may see them
//	GET  /api/matches/{id}/record            the match as a record (text)
//	GET  /api/help?game=G&q=...              rules topics
//
// Errors are JSON {"error", "kind", "code", "topic", "help"}: kind "rule" for
// an illegal move (with the rule code and its help topic), otherwise the
// service error it maps from.
package web
