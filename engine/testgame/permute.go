package testgame

import (
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// Determinize implements engine.Game: it deals the cards seat cannot see
// (the other hands and the deck) anew at random, keeping every hand size
// and the deck size, and re-seeds the random generator from rng.
//
// The deal stays consistent with what seat has seen: while the game goes
// on, some hand holds a card that fits the pile (else the game would have
// ended after the last take, rule "end"). A deal that breaks this is
// dealt again; after a few tries a card that fits, drawn at random from
// the pooled cards, is swapped into a random place of another hand. The
// pool is the same multiset in every position seat cannot tell apart, so
// neither step depends on where the real cards are.
func (Game) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	st := s.(*State).clone()
	pool := slices.Clone(st.Deck)
	for i, h := range st.Hands {
		if i != seat {
			pool = append(pool, h...)
		}
	}
	slices.Sort(pool) // the order of the real cards must not leak
	for try := 0; ; try++ {
		rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
		deal(st, seat, pool)
		if st.Winner >= 0 || st.anyPlayable() {
			break
		}
		if try == 8 {
			st.placePlayable(seat, rng)
			break
		}
	}
	st.RNG = rng.Fork()
	return st
}

// deal fills the other hands, then the deck, from pool in order.
func deal(st *State, seat int, pool []int) {
	for i, h := range st.Hands {
		if i != seat {
			n := copy(h, pool)
			pool = pool[n:]
		}
	}
	copy(st.Deck, pool)
}

func (st *State) anyPlayable() bool {
	for i := range st.Hands {
		if len(st.playable(i)) > 0 {
			return true
		}
	}
	return false
}

// placePlayable swaps a random deck card that fits the pile into a random
// place of a random other non-empty hand. When no deck card fits, the
// deal already holds every card that fits in the hands (so one of them
// is playable, or none exists and the position was not reachable).
func (st *State) placePlayable(seat int, rng *engine.RNG) {
	var fit []int
	for i, c := range st.Deck {
		if c <= st.Pile {
			fit = append(fit, i)
		}
	}
	var hands []int
	for i, h := range st.Hands {
		if i != seat && len(h) > 0 {
			hands = append(hands, i)
		}
	}
	if len(fit) == 0 || len(hands) == 0 {
		return
	}
	d := fit[rng.Intn(len(fit))]
	h := st.Hands[hands[rng.Intn(len(hands))]]
	k := rng.Intn(len(h))
	h[k], st.Deck[d] = st.Deck[d], h[k]
}
