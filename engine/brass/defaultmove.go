package brass

import "github.com/smokestack/smokestack/engine"

// DefaultMove implements engine.Game: a pass, discarding the first card
// of the hand the choices offer, and no other action. A missing player's
// seat thus never spends money, never takes a loan and never sells
// cotton (docs/brass-rules.md, "Default move").
func (g Game) DefaultMove(st engine.State, seat int) (engine.Move, error) {
	return engine.DefaultByChoices(g, st, seat, []string{"pass"}, []string{"loan", "sell"})
}
