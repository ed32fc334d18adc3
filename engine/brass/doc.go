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
// view.go (what a seat may see), printed.go (what a drawing of the board
// needs besides a view), status.go, hidden.go, help.go and help_rules.go
// (the rules help) and topics.go (help topic IDs). Every rule cites the
// rulebook section it implements. statejson.go and codec.go write and read
// the versioned snapshot (version 2; version 1 is still read).
//
// Decisions where the rulebook leaves room (see also docs/notation.md):
//
//   - Link scoring counts only flipped counters at a link's ends, plus the
//     printed pair on the six places without spaces (option
//     link-scoring=all counts every counter).
//   - Final ties: income, then money, then the next order of play (option
//     tiebreak=cash skips income, as the French summary does).
//   - A loan that would take income below -£10 is refused, not trimmed.
//   - The distant-market bonus is in income spaces, added to the mill's own.
//   - Negative income with no industries left: the seat pays what it has and
//     the rest is forgiven. Debtors settle in order of play, removing one
//     counter of their choice at a time until they can pay.
//   - Two rails in one action: each rail is placed and its coal found and
//     moved before the next one is considered.
//   - A distant-market sale is resolved when the move is applied, so it
//     ends the written list; the seat is then asked whether to sell more.
//   - Hands are dealt (eight each, in order of play, from the top of the
//     deck) before the face-down removals; refills go in the new order of
//     play.
//   - A link may start only from a place holding one of your industries or
//     an end of one of your own links (an external location counts when one
//     of your links ends there).
//   - In the canal period an industry card reaches only the ends of your
//     own canals; overbuilding your own counter needs no link at all.
//   - The engine picks the empty space for a build: the one accepting the
//     fewest industries, then the first, which is the port-box rule.
//   - Coal, cotton and distant-market routes use any built link of any
//     owner through any place (external locations and the three places
//     without spaces included); the virtual Liverpool-Birkenhead link only
//     joins the two towns for industry-card builds.
//
// Events (engine.Event.Kind, with their Data keys) narrate every step:
// setup (first, order), shuffle (what: deck or tiles), draw (private to the
// seat with cards; public with count), remove (count), round (period,
// round), income (money, negative when paid), debt (owed), turn, card
// (card), pass, build (industry, level, space), overbuild (space), cube
// (from, cube, price when bought), demand (cubes, money), flip (space),
// canal and rail (link), rail-cost (money), develop (industry), sell (mill,
// port), distant and distant-fail (tile, mill, bonus), loan (money),
// liquidate (space, money), order (order), period-end, score (links,
// industries, vp), maintenance, money-vp (vp) and game-end (ranking).
// Seats in Data are 1-based; spaces are written <town>@<n>.
//
// Legality has a single source: Choices and Apply walk the same tokens
// through the same checks, so a choice offered is always accepted.
package brass
