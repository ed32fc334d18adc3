// Package brass implements Brass (Martin Wallace, Warfrog 2007; the
// Lancashire map) for three or four players as an engine.Game with ID
// "brass".
//
// A match runs two periods, canal and rail. Each period deals eight cards
// to every seat and removes some face down (Phase I), then plays rounds
// (Phase II): everyone collects income (a seat that cannot pay negative
// income removes its own industries, move "liquidate"), then each seat in
// order of play takes two actions with one card each (one action in the
// very first canal round), then the order of play is set by money spent and
// hands are refilled. When every hand is empty the period is scored
// (Phase III) and, after the canal period, the board is cleared of canals
// and level-1 counters (Phase IV) and the rail period is dealt.
//
// Actions are moves in the notation of docs/notation.md: build, canal,
// rail, develop, sell, loan and pass, each ending with the card played.
// After a sale to the distant market the same seat may continue the sell
// action ("sell ..." without a card, or "stop"), because the tile drawn
// decides whether further sales are worth making.
//
// Files follow the rules: data.go (the printed facts in data/*.json),
// state.go, setup.go, round.go (income, turn order, refill, liquidation),
// network.go (connectivity and coal distance), build.go, link.go,
// develop.go, sell.go, loan.go, scoring.go (period and final scoring),
// choices.go (the walker shared by Choices and Apply), notation.go,
// view.go, status.go and topics.go (help topic IDs). Every rule cites the
// rulebook section it implements.
//
// Legality has a single source: Choices and Apply walk the same tokens
// through the same checks, so a choice offered is always accepted.
package brass
