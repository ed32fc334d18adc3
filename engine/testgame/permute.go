package testgame

import (
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// PermuteHidden deals the cards seat cannot see (the other hands and the
// deck) anew at random, keeping every hand size and the deck size. It makes
// Pebbles a playout.HiddenPermuter, so the conformance suite can check
// that views do not leak.
func (Game) PermuteHidden(s engine.State, seat int, rng *engine.RNG) engine.State {
	st := s.(*State).clone()
	pool := slices.Clone(st.Deck)
	for i, h := range st.Hands {
		if i != seat {
			pool = append(pool, h...)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	for i, h := range st.Hands {
		if i != seat {
			n := copy(h, pool)
			pool = pool[n:]
		}
	}
	copy(st.Deck, pool)
	return st
}
