package smokyvalley

import "github.com/smokestack/smokestack/engine"

// Revealed implements engine.Game: a move revealed something when it took
// from a face-down stack (service tokens, canal tiles, city cards, ships)
// or used the random generator.
func (Game) Revealed(before, after engine.State) bool {
	a, err := asState(before)
	if err != nil {
		return true
	}
	b, err := asState(after)
	if err != nil {
		return true
	}
	if a.RNG != b.RNG || len(a.ServiceStack) != len(b.ServiceStack) {
		return true
	}
	for i := range a.CanalStack {
		if len(a.CanalStack[i]) != len(b.CanalStack[i]) {
			return true
		}
	}
	for i := range a.CardStack {
		if len(a.CardStack[i]) != len(b.CardStack[i]) {
			return true
		}
	}
	for i := range a.ShipStack {
		if len(a.ShipStack[i]) != len(b.ShipStack[i]) {
			return true
		}
	}
	return false
}
