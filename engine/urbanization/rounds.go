package urbanization

import (
	"fmt"
	"strconv"

	"github.com/smokestack/smokestack/engine"
)

// roundName names the round engine.Status.Round counts: a game turn of
// the game turn track (rulebook, Game Turn Summary: six game turns), the
// general preparation counting as part of the first.
func (st *State) roundName() engine.Phrase {
	t, n := max(1, st.Turn), theData.rules.Turns.Value
	return engine.Phrase{Key: "urbanization.turn",
		Args:  map[string]string{"turn": strconv.Itoa(t), "turns": strconv.Itoa(n)},
		Text:  fmt.Sprintf("Game turn %d of %d", t, n),
		Short: "T" + strconv.Itoa(t),
	}
}

// stage names the part of the game turn being played, as the status line
// shows it (rulebook, Game Turn Summary): the general preparation, hiring
// characters, an action phase, or the administration's exchange of work
// orders; none once the game is over.
func (st *State) stage() engine.Phrase {
	switch st.Mode {
	case ModeFirstHouse:
		return engine.Phrase{Key: "urbanization.stage", Args: map[string]string{"stage": "preparation"}, Text: "preparation", Short: "prep"}
	case ModeHire:
		return engine.Phrase{Key: "urbanization.stage", Args: map[string]string{"stage": "hire"}, Text: "hiring characters", Short: "hire"}
	case ModeAction:
		p, n := st.Phase, theData.rules.ActionPhases.Value
		return engine.Phrase{Key: "urbanization.stage",
			Args:  map[string]string{"stage": "action", "phase": strconv.Itoa(p), "phases": strconv.Itoa(n)},
			Text:  fmt.Sprintf("action phase %d of %d", p, n),
			Short: "A" + strconv.Itoa(p),
		}
	case ModeExchange:
		return engine.Phrase{Key: "urbanization.stage", Args: map[string]string{"stage": "administration"}, Text: "administration", Short: "admin"}
	}
	return engine.Phrase{}
}
