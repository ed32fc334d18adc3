// Package urbanization implements Urbanization (Johnny Ebsen, Queen Games
// 2012) for two to four players, with the Inventions expansion as the match
// option inventions=on, as an engine.Game with ID "urbanization".
//
// A match is six game turns after a preparation in which every seat places
// a free first house. Each turn has three segments: every seat hires a
// character (from turn 2 the seat with the fewest points receives the
// Mayor first and starts the turn); four action phases in which every seat,
// clockwise from the start player, takes one action or passes; and the
// administration (harvest, factories, citizens, feeding, barn refill). The
// final scoring follows the sixth turn.
//
// Files follow the rules: data.go (the printed facts in data/*.json, each
// with its source or marked assumed), state.go, setup.go, walker.go (the
// walker shared by Choices and Apply, the first house, hiring, the order
// exchange and the action list), actions.go (every action and character),
// turn.go (turn order, the Mayor, the administration and the final
// scoring), notation.go, view.go (View and Status), help.go and topics.go.
// Every rule cites the rulebook section (RB) or player aid section (PA) it
// implements. The state encodes as plain JSON (encoding/json) with a
// version field.
//
// Nothing is hidden: every seat's View is the whole position and Holding is
// empty. The only randomness is the start player (the oldest player in the
// rulebook), drawn from the match seed unless pinned; the factory deck is
// in number order unless pinned. Pins: first (1-based seat), deck
// (comma-separated factory card ids or numbers, top first).
//
// Decisions where the rulebook leaves room are listed, with the options
// that offer the other reading, in docs/urbanization-rules.md.
//
// Events (engine.Event.Kind): first, setup, first-house, markers,
// markers-off, turn, mayor, hire, phase, pass, land, agent, build,
// architect, grain-buy, grain-sell, millworker, sow, orders, orders-bonus,
// attract, factory, upgrade, produce, engineer, taxes, collector,
// invent-move, invention, recall, administration, harvest, granary,
// factory-removed, invention-orders, exchange, decline, citizens, feeding,
// barn-refill, factory-sum, invention-bonus and game-end. Seats in Data are
// 1-based; ids (territory, card, space tokens) are in Data too. Texts name
// things by their names ("territory 9", "docking space 3", the cards' names
// from the data), never by a token, and every event about a seat has an
// Own text in the second person (words_test.go checks both over whole
// games).
package urbanization
