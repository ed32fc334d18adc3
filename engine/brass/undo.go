package brass

import "github.com/smokestack/smokestack/engine"

// Revealed implements engine.Game: a move revealed something when it drew
// cards from the deck (a hand's refill, the deal of a period), drew or
// shuffled distant market tiles, removed cards face down or used the
// random generator.
func (Game) Revealed(before, after engine.State) bool {
	a, err := asState(before)
	if err != nil {
		return true
	}
	b, err := asState(after)
	if err != nil {
		return true
	}
	return a.RNG != b.RNG || len(a.Deck) != len(b.Deck) || len(a.Tiles) != len(b.Tiles) ||
		len(a.Removed) != len(b.Removed) || a.Period != b.Period || a.LastTile != b.LastTile
}
