package brass

import (
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// Determinize implements engine.Game: a copy of s in which everything
// seat may not see is redistributed: the other seats' hands, the draw deck
// and the cards removed face down this period are pooled and dealt back
// with the same sizes (the played cards in the discards stay where they
// are), the distant market tiles are reordered, and the random generator
// is re-seeded from rng. The hidden cards and tiles are sorted before they
// are shuffled, so the result depends only on what seat sees and on rng.
// Views and status for seat do not change (the
// conformance suite checks this).
func (Game) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	st, err := asState(s)
	if err != nil {
		return s
	}
	n := st.clone()
	var pool []int
	for i, h := range n.Hands {
		if i != seat {
			pool = append(pool, h...)
		}
	}
	pool = append(pool, n.Deck...)
	pool = append(pool, n.Removed...)
	// Sorted first, so the result does not depend on where the real cards
	// are: two positions seat cannot tell apart determinize alike.
	slices.Sort(pool)
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	k := 0
	for i, h := range n.Hands {
		if i == seat {
			continue
		}
		nh := slices.Clone(pool[k : k+len(h)])
		slices.Sort(nh)
		n.Hands[i] = nh
		k += len(h)
	}
	n.Deck = slices.Clone(pool[k : k+len(n.Deck)])
	k += len(n.Deck)
	n.Removed = slices.Clone(pool[k:])
	slices.Sort(n.Tiles)
	rng.Shuffle(len(n.Tiles), func(i, j int) { n.Tiles[i], n.Tiles[j] = n.Tiles[j], n.Tiles[i] })
	// A match set up with the rail period's deck and stack pinned (an
	// imported or reproduced game) holds them until the period change;
	// no seat sees them, so the copy forgets them and deals the rail
	// period from its own generator, as an unpinned match does.
	n.RailDeckPin, n.RailTilesPin = nil, nil
	n.RNG = rng.Fork()
	return n
}
