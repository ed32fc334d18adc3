package testgame

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// BenchmarkNarrateTurnWords narrates the turn through the catalog
// (engine.Words), as migrated hosts will.
func BenchmarkNarrateTurnWords(b *testing.B) {
	for _, l := range lang.Supported {
		w := engine.WordsFor(Game{}.Info(), l, benchNames)
		b.Run(string(l), func(b *testing.B) { benchTurn(b, w.Event) })
	}
}
