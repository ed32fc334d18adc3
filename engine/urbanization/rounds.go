package urbanization

import (
	"strconv"

	"github.com/smokestack/smokestack/engine"
)

// roundName names the round engine.Status.Round counts: a game turn of
// the game turn track (rulebook, Game Turn Summary: six game turns), the
// general preparation counting as part of the first.
func (st *State) roundName() engine.Phrase {
	t, n := max(1, st.Turn), theData().rules.Turns.Value
	return phrase("urbanization.turn", "turn", strconv.Itoa(t), "turns", strconv.Itoa(n))
}

// stage names the part of the game turn being played, as the status line
// shows it (rulebook, Game Turn Summary): the general preparation, hiring
// characters, an action phase, or the administration's exchange of work
// orders; none once the game is over. Its key names its wording,
// urbanization.stage-<stage>, and Args keeps the stage ("stage").
func (st *State) stage() engine.Phrase {
	switch st.Mode {
	case ModeFirstHouse:
		return phrase("urbanization.stage-preparation", "stage", "preparation")
	case ModeHire:
		return phrase("urbanization.stage-hire", "stage", "hire")
	case ModeAction:
		p, n := st.Phase, theData().rules.ActionPhases.Value
		return phrase("urbanization.stage-action", "stage", "action", "phase", strconv.Itoa(p), "phases", strconv.Itoa(n))
	case ModeExchange:
		return phrase("urbanization.stage-administration", "stage", "administration")
	}
	return engine.Phrase{}
}
