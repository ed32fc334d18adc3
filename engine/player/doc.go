// Package player holds the computer players, one implementation for every
// game: it knows nothing of any game's rules beyond the engine.Game
// contract.
//
// Choose (and ChooseReport, which also says whether the safety clock
// fired) picks a seat's move at a Level: random plays any legal move,
// greedy the move its evaluation likes best one move ahead, and easy,
// normal and strong run an information-set Monte Carlo tree search
// (search.go) with more iterations each. A computer is as blind as a
// person: every position it searches is a determinization of what its
// seat can see (Game.Determinize), and the same position, level and seed
// give the same move on any machine at any load.
//
// A game may tune the search through optional interfaces: Evaluator,
// Projector and Spreader for how a position is valued, PlayoutTurner,
// SearchScaler and SearchEnsembler for the search's shape and budget.
// Without them the search values a position by the game's Status alone. Arena plays levels against each
// other for the strength figures in docs/performance.md.
package player
