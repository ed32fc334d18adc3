package brass

import (
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// PermuteHidden returns a copy of s in which everything seat may not see is
// reshuffled: the other seats' hands, the deck and the removed cards are
// pooled and dealt back with the same sizes, and the distant market stack
// is reordered. Views and status for seat must not change (the
// conformance suite checks this).
func (Game) PermuteHidden(s engine.State, seat int, rng *engine.RNG) engine.State {
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
	rng.Shuffle(len(n.Tiles), func(i, j int) { n.Tiles[i], n.Tiles[j] = n.Tiles[j], n.Tiles[i] })
	return n
}
