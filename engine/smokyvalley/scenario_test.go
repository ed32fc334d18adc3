package smokyvalley

import (
	"testing"

	"github.com/smokestack/smokestack/engine/scenario"
)

// The scenarios (testdata/scenarios, docs/scenarios.md) use the harness's
// words only: positions are reached by play and, where a rule needs a
// position deep in the game, by patching the state ("set PATH JSON"; the
// paths are the state's JSON fields, indices into data/*.json in file
// order).
func TestScenarios(t *testing.T) {
	scenario.Run(t, "testdata/scenarios/*.txtar", scenario.Config{Game: Game{}})
}
