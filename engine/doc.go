// Package engine is the game-agnostic host contract of Smokestack.
//
// A Game is a stateless rules value registered by ID in a Registry. It sets
// up a match from a seat count, a seed and options, applies one move by one
// seat at a time (running every automatic step that follows until some seat
// must decide again), offers the legal choices for the next decision of a
// partly built move, and produces per-seat views that hide what that seat may
// not see.
//
// Moves are token paths. A move such as "build cotton manchester
// card:manchester" is the Move{"build", "cotton", "manchester",
// "card:manchester"}: every token is one decision, and Game.Choices lists the
// legal next tokens after any prefix. The same path drives a select-menu
// picker, autocompletion of typed notation and random playouts. A game's
// notation is its words separated by spaces: ParseMove normalises spelling
// and aliases token by token (it is lexical, legality is Apply's business),
// FormatMove joins canonical tokens, and FormatMove(ParseMove(x)) is the
// canonical spelling of x.
//
// Everything here is pure and synchronous: no I/O, no clock, no goroutines
// and no global randomness. Randomness comes from RNG, whose whole state is
// two words kept inside the game state, so the same seed and the same moves
// give the same game byte for byte.
//
// Event texts refer to seats as "seat N" (or "Seat N" at the start of a
// sentence), N 1-based, never by player name: the engine does not know the
// names. Front ends may substitute the names for their audience with
// NameSeats, or NameSeatsFor when one seat reads them ("your" for its own
// possessions); the events themselves (and logs and records) keep "seat N".
// An event about one seat may also carry Own, its text in the second
// person for that seat ("you build ..."), which hosts show that seat
// instead. Texts are for people: they name cards, places and pieces by
// their display names, never by notation tokens.
//
// Event texts are also given by reference, for every language: Msg names
// the sentence in the game's message catalog (Info.Catalog) and Data fills
// it; choices, prompts, the phase, stats, scores, rule errors and help
// follow the same pattern, and a host words them for each reader with
// Words (docs/i18n.md). The English fields are filled from the English
// catalog while hosts migrate.
//
// A game with cards lists a seat's own cards in its Holding, each with the
// token its notation uses and the name people read. When the game's help
// describes a card, the topic's ID is CardTopicPrefix+token
// ("card-blackburn").
package engine
