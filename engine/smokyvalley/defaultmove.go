package smokyvalley

import "github.com/smokestack/smokestack/engine"

// DefaultMove implements engine.Game: a pass onto the passing track
// (space 1 when it is free, which gives nothing) at the start of a turn,
// ending the turn when it has begun, and otherwise the first option the
// choices offer (docs/smoky-valley-rules.md, "Default move").
func (g Game) DefaultMove(st engine.State, seat int) (engine.Move, error) {
	return engine.DefaultByChoices(g, st, seat, []string{"pass", "end", "1"}, nil)
}
