package urbanization

import "github.com/smokestack/smokestack/engine"

// DefaultMove implements engine.Game: pass in an action phase, decline
// the order swap, and otherwise the first option the choices offer (the
// first character to hire, the first territory to start on), never a
// recall (docs/urbanization-rules.md, "Default move").
func (g Game) DefaultMove(st engine.State, seat int) (engine.Move, error) {
	return engine.DefaultByChoices(g, st, seat, []string{"pass", "decline"}, []string{"recall"})
}
