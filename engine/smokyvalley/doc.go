// Package smokyvalley implements The Smoky Valley for two to four players
// as an engine.Game with ID "smoky-valley".
//
// A match runs five development phases, from 1840 to 1860. In each, the
// seats take turns until all have passed: a turn moves the navigation
// boat to a district and takes one district action there (build, upgrade,
// produce, develop a service or the Lachine Canal, acquire a city card,
// board a trader, ship goods), with at most one canal action from the tile
// under the boat and free trades at the local market. An administration
// phase follows each development phase (income, ships, the next order of
// play); city councils elect a mayor after 1845, 1855 and 1860, and the
// canal's modernization starts after 1850. Final scoring follows 1860.
//
// Files follow the rules: data.go and printed.go (the printed facts in
// data/*.json, each with its source or marked assumed), state.go,
// setup.go, flow.go and rounds.go (turn order, the administration),
// actions.go, tiles.go, cards.go and ships.go (the actions, canal tiles,
// city cards and shipping), scoring.go, notation.go, help.go and
// topics.go. Every rule cites the booklet's section it implements.
//
// The state keeps the rules version it was started under: a match goes on
// with the rules it began with, and each version's behaviour is kept by a
// scenario. Decisions where the booklets leave room are listed in
// docs/smoky-valley-rules.md.
package smokyvalley
