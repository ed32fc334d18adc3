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
	y := strconv.Itoa(st.year())
	return engine.Phrase{Key: "smokyvalley.year", Args: map[string]string{"year": y}, Text: y, Short: y}
}

// stage names the part of the year being played, as the status line
// shows it: the Wood Depot set-up, the development phase, or the
// administration and city council after it; none once the game is over.
func (st *State) stage() engine.Phrase {
	var key, text string
	switch {
	case st.Mode == ModeOver:
		return engine.Phrase{}
	case st.Mode == ModeDepot:
		key, text = "setup", "set-up"
	case len(st.Pending) > 0 && st.Stage != StageDev:
		key, text = "administration", "administration and council"
	default:
		key, text = "development", "development phase"
	}
	short := map[string]string{"setup": "set-up", "administration": "admin", "development": "dev"}[key]
	return engine.Phrase{Key: "smokyvalley.stage", Args: map[string]string{"stage": key}, Text: text, Short: short}
}
