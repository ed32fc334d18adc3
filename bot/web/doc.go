// Package web is the local web front end: a page that plays like a
// Discord channel on one screen (hotseat). Its start screen starts a match
// (game, players and their names, options, seed) or imports a match
// record, and lists the matches played here, open and finished. A match's
// page switches between seats, builds moves in one box (typing filters the
// legal choices, picking a choice adds its word, Enter plays only a
// complete move), and shows what the selected seat sees: every image the
// game draws (zoomable and pannable in place: assets/zoom.js), its private
// hand (none in a game where nothing is private), the standings, the log narrated for it with
// the last move marked, and the rules help. Every match and seat is an
// entry of the browser history (?match=ID&seat=N), so Back and Forward
// walk them.
//
// Like the Discord adapter it is only a front end of the host core (package
// bot): it holds no rules and no storage logic, and no game's name. The
// page (assets/) is plain HTML, CSS and JavaScript embedded in the binary,
// with no build step and nothing loaded from elsewhere.
//
// The playground runs the host's turn clock as the Discord bot does
// (clock.go: Server.FireDue every 30 seconds while ListenAndServe runs);
// with no one to ping, the page shows what fired: reminders in the
// standings, the abandon warning and the end in the status bar. Its Turn
// clock panel changes a match's reminder interval and turn deadline
// through the call Discord's /clock makes.
//
// The playground has no accounts: whoever reaches it may play every seat.
// It is meant for 127.0.0.1 (the default address); do not expose it. It
// seats the same users in every match, user N in seat N, so the store's
// index of seat 1's user lists the playground's matches.
//
// The JSON API under /api/ (all seats are 0-based; seeds are text):
//
//	GET  /api/games                          games, seat ranges, options, score names
//	GET  /api/limits                         the record size limit, in bytes and in the core's words
//	GET  /api/matches                        the newest 50 matches, open and finished
//	POST /api/matches                        {game, seats, options, seed, names} -> match (started)
//	POST /api/import                         {record} -> match set up and played from a match record
//	GET  /api/matches/{id}                   match summary (status, seats, seed, version, phase, clock)
//	GET  /api/matches/{id}/images?seat=S     the images seat S sees (-1: spectators), with their URLs
//	GET  /api/matches/{id}/images/{name}?seat=S  one image (PNG)
//	GET  /api/matches/{id}/hand?seat=S       the seat's private view and holding
//	GET  /api/matches/{id}/choices?seat=S&partial=...   next decision of a partial move
//	GET  /api/matches/{id}/suggest?seat=S&q=...         autocompletion of typed notation
//	POST /api/matches/{id}/moves             {seat, move, version, request_id} -> outcome
//	POST /api/matches/{id}/clock             {remind, deadline, at_deadline} (each optional) -> match
//	GET  /api/matches/{id}/log               applied moves
//	GET  /api/matches/{id}/history?seat=S    the moves narrated as seat S reads them
//	GET  /api/matches/{id}/record            the match record, as a file download
//	GET  /api/help?game=G&q=...              rules topics, best first
//	GET  /api/help/{topic}?game=G            one rules topic (the one a refusal names)
//
// Errors are the core's explanation (bot.Problem) as JSON: {"kind", "error"
// (the text for people), "code", "topic", "help", ...} under an HTTP status
// chosen from the kind.
//
// Every answer is in one language (lang.go): the query's lang=, else the
// cookie the page's language selector sets, else Accept-Language. The page
// (GET /) is worded by the server from the host's catalog (messages web.*,
// bot/messages/web.<lang>.toml), its script's texts handed to it as a
// dictionary; a game's texts are worded by engine.Words (docs/i18n.md, "The
// playground").
package web
