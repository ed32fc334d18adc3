package urbanization

import (
	"slices"

	"github.com/smokestack/smokestack/engine"
)

// Revealed implements engine.Game: a move revealed something when it drew
// factory cards from the face-down deck or used the random generator.
func (Game) Revealed(before, after engine.State) bool {
	a, err := asState(before)
	if err != nil {
		return true
	}
	b, err := asState(after)
	if err != nil {
		return true
	}
	return a.RNG != b.RNG || !slices.Equal(a.Deck, b.Deck)
}
