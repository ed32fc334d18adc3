package brass

import (
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// Revealed implements engine.Game: a move revealed something when it drew
// cards from the deck (a hand's refill, the deal of a period), drew a
// distant market tile (which goes back under the stack, so the stack
// keeps its size but not its order), removed cards face down, began a
// period, or used the random generator.
func (Game) Revealed(before, after engine.State) bool {
	a, err := asState(before)
	if err != nil {
		return true
	}
	b, err := asState(after)
	if err != nil {
		return true
	}
	return a.RNG != b.RNG || !slices.Equal(a.Deck, b.Deck) || !slices.Equal(a.Tiles, b.Tiles) ||
		!slices.Equal(a.Removed, b.Removed) || a.Period != b.Period || a.LastTile != b.LastTile
}
