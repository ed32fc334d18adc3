package smokyvalley

import (
	"strconv"

	"github.com/smokestack/smokestack/engine"
)

// roundName names the round engine.Status.Round counts: a year of the
// game sequence (booklet, game sequence: the five development phases of
// 1840, 1845, 1850, 1855 and 1860, each followed by its administration),
// the Wood Depot set-up counting as part of 1840.
func (st *State) roundName() engine.Phrase {
	return phrase("smokyvalley.year", "year", strconv.Itoa(st.year()))
}

// stage names the part of the year being played, as the status line
// shows it: the Wood Depot set-up, the development phase, or the
// administration and city council after it; none once the game is over.
func (st *State) stage() engine.Phrase {
	var key string
	switch {
	case st.Mode == ModeOver:
		return engine.Phrase{}
	case st.Mode == ModeDepot:
		key = "setup"
	case len(st.Pending) > 0 && st.Stage != StageDev:
		key = "administration"
	default:
		key = "development"
	}
	return phrase("smokyvalley.stage", "stage", key)
}
