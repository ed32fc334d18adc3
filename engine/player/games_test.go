package player

import (
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// games are every game of the module, for the tests and benchmarks.
var games = []engine.Game{brass.New(), smokyvalley.New(), urbanization.New(), testgame.Game{}}
