// Package playout is the random playout driver every game is checked
// with, by the conformance suite (engine/enginetest) in tests and by
// `smokestack selfplay` in the release binary. It does not import testing.
//
// Playout plays a seeded random game to the end, driven only by
// Game.Choices: starting from an empty move it picks a random legal next
// token until the move is complete (sometimes extending a complete move
// that can grow), then applies it. On the way it checks that
//
//   - Setup plays every rules version in the game's range and refuses the
//     versions outside it (engine.ErrRulesVersion); the playouts cycle
//     through the versions, so old rules kept behind a version check are
//     played too;
//   - a move built from the choices never fails, the choices of an active
//     seat are never empty before the end, and the game ends within a bound;
//   - every token the choices offer on the way leads to a prefix Choices
//     accepts, which Apply accepts when Choices calls it complete
//     (CheckOffered, on a sample of moves);
//   - the state round-trips through MarshalState and UnmarshalState byte for
//     byte after every move (the playout goes on from the decoded state);
//   - Apply does not change its input, and rejects the move for a seat that
//     is not active, a move the choices call incomplete and a bogus token
//     (with a *engine.RuleError naming an existing help topic);
//   - every move round-trips through FormatMove and ParseMove, and so does
//     every prefix (autocompletion parses what was typed so far);
//   - no view leaks: a seat's view, the spectator view and the status do not
//     change when everything the seat may not see is redistributed
//     (Game.Determinize), and every event's audience is a real seat or
//     public;
//   - replaying the record of the playout reproduces every intermediate
//     snapshot and the final one byte for byte, and the same events, so the
//     same seed and moves always give the same game;
//   - a move taken back (an undo in the record, on a sample of moves) gives
//     the position before it back, so the replay, which restores it, still
//     reproduces the playout; playing the same move again gives the same
//     position, random outcomes included; Game.Revealed is false for two
//     equal positions, and when it says a move revealed nothing, what the
//     mover sees after it is the same with everything it could not see
//     redistributed (Game.Determinize);
//   - the caller's invariant holds after every move.
//
// The expensive checks run on a sample of moves and playouts chosen by
// Config. A failure reports the record of the game so far, which
// `smokestack replay` or engine.Replay reproduces.
//
// CheckMove and CheckOffered check one move of any origin (a scenario, a
// recorded game) against the choices; NotationRoundTrip checks a move's
// notation.
package playout

import (
	"runtime"

	"github.com/smokestack/smokestack/engine"
)

// Config tunes the suite. The zero value plays 50 games of every seat count
// with every check on a sample of moves.
type Config struct {
	Seats []int // seat counts, cycled over the playouts; default every count the game allows
	// Rules are the rules versions played, cycled after the seat counts
	// (playout i plays Rules[i/len(Seats)%len(Rules)], so every seat count
	// meets every version); default every version the game supports.
	Rules    []int
	Options  map[string]string // match options for Setup
	Playouts int               // number of random games; default 50
	Seed     uint64            // playout i uses seed Seed+i
	MaxMoves int               // a game longer than this fails; default 10000
	// Invariant, when set, is checked on the state after setup and after
	// every move.
	Invariant func(engine.State) error
	Workers   int // parallel playouts; default GOMAXPROCS
	// MaxFailures stops the run after this many failed playouts; default 3.
	MaxFailures int
	// Absent makes one seat of every playout (seat i modulo the seat
	// count in playout i) play only its Game.DefaultMove, checked against
	// the choices, as a host does for a missing player: the game must
	// still reach its end.
	Absent bool

	// Sampling of the expensive checks: 0 takes the default, 1 checks every
	// move (or playout), n checks one in n, a negative value turns the check
	// off.
	RoundTripEvery int // state round trip and no-mutation check, per move; default 1
	ViewEvery      int // view leaks, inactive seats, incomplete and bogus moves, per move; default 4
	OfferedEvery   int // every token offered on the move's path (CheckOffered), per move; default 4
	ReplayEvery    int // replay of the whole record, per playout; default 4
	// UndoEvery takes a move back right after it was played (an undo in
	// the record), per move; default 16. The playout then goes on from
	// the position before it, and the replay must reach the same game.
	UndoEvery int

	// Hidden, when set, gives positions that differ from st only in what
	// seat cannot see (another hand, a face-down stack's order, a pinned
	// outcome still to come), written by hand for the game. It is not used
	// by the playouts: enginetest.Honesty checks that every one looks the
	// same to seat and determinizes as st does, which a check built from
	// Determinize alone cannot (a field Determinize forgets to resample
	// stays equal in all its copies).
	Hidden func(st engine.State, seat int) []engine.State
}

const (
	defaultPlayouts = 50
	defaultMaxMoves = 10000
	maxMoveTokens   = 64
)

func (c Config) withDefaults(g engine.Game) Config {
	if len(c.Seats) == 0 {
		lo, hi := g.Info().MinSeats, g.Info().MaxSeats
		for n := lo; n <= hi; n++ {
			c.Seats = append(c.Seats, n)
		}
	}
	if len(c.Rules) == 0 {
		for v := g.Info().OldestRulesVersion; v <= g.Info().RulesVersion; v++ {
			c.Rules = append(c.Rules, v)
		}
		if len(c.Rules) == 0 { // a malformed range; CheckGame reports it
			c.Rules = []int{g.Info().RulesVersion}
		}
	}
	if c.Playouts == 0 {
		c.Playouts = defaultPlayouts
	}
	if c.MaxMoves <= 0 {
		c.MaxMoves = defaultMaxMoves
	}
	if c.Workers <= 0 {
		c.Workers = runtime.GOMAXPROCS(0)
	}
	if c.MaxFailures <= 0 {
		c.MaxFailures = 3
	}
	c.RoundTripEvery = every(c.RoundTripEvery, 1)
	c.ViewEvery = every(c.ViewEvery, 4)
	c.OfferedEvery = every(c.OfferedEvery, 4)
	c.ReplayEvery = every(c.ReplayEvery, 4)
	c.UndoEvery = every(c.UndoEvery, 16)
	return c
}

func every(n, def int) int {
	switch {
	case n == 0:
		return def
	case n < 0:
		return 0 // off
	}
	return n
}

// sampled reports whether item k (counted from 1) of playout i is checked
// when one in n is; the offset spreads the checked items over the playouts.
func sampled(n, k, i int) bool {
	return n > 0 && (k+i)%n == 0
}
