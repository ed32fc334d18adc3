package brass

import (
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// Determinize implements engine.Game: a copy of s in which everything
// seat may not see is redistributed: the other seats' hands, the draw deck
// and the cards removed face down this period are pooled and dealt back
// with the same sizes (the played cards in the discards stay where they
// are), the distant market tiles not yet drawn this period are reordered
// (those drawn were turned up for everyone and stay at the bottom of the
// stack, in the order drawn, where they lie), and the random generator
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
	unseen := n.unseenTiles()
	slices.Sort(unseen)
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	// A match set up with the rail period's deck and stack pinned (an
	// imported or reproduced game) holds them until the period change;
	// no seat sees them, so the copy forgets them and deals the rail
	// period from its own generator, as an unpinned match does.
	n.RailDeckPin, n.RailTilesPin = nil, nil
	n.RNG = rng.Fork()
	return n
}

// unseenTiles is the part of the distant market stack no one has seen:
// the top of Tiles above the Drawn tiles turned up this period (a slice
// of st.Tiles, not a copy).
func (st *state) unseenTiles() []int {
	return []int(st.Tiles[:len(st.Tiles)-min(max(st.Drawn, 0), len(st.Tiles))])
}
