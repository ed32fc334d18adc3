package engine_test

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestScoreNameOf: a score reads with its game's unit, in the singular
// where the game gives one.
func TestScoreNameOf(t *testing.T) {
	wins := engine.ScoreName{Name: "wins", Short: "wins", One: "win"}
	vp := engine.ScoreName{Name: "victory points", Short: "VP"}
	for _, c := range []struct {
		name engine.ScoreName
		n    int
		want string
	}{
		{wins, 0, "0 wins"}, {wins, 1, "1 win"}, {wins, 2, "2 wins"},
		{vp, 1, "1 VP"}, {vp, 12, "12 VP"},
		{engine.ScoreName{Name: "prestige"}, 3, "3 prestige"},
		{engine.ScoreName{}, 7, "7"},
	} {
		if got := c.name.Of(c.n); got != c.want {
			t.Errorf("%+v.Of(%d) = %q, want %q", c.name, c.n, got, c.want)
		}
	}
}
