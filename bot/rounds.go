package bot

import "github.com/smokestack/smokestack/engine"

// RoundText is the round a started match is in as its game names it
// (engine.Status.RoundName), with the stage of the round where the game
// shows one (engine.Status.Stage): "Canal period, round 3 of 8", "1845,
// development phase". Empty in a lobby. Every front end words a round
// through it (or RoundWords), so they read alike.
func (m Match) RoundText() string {
	if m.Play == nil {
		return ""
	}
	return RoundWords(m.Play.RoundName, m.Play.Stage)
}

// RoundWords words a round's name and, when not zero, its stage, in
// English: "1845, development phase".
func RoundWords(round, stage engine.Phrase) string {
	if stage.IsZero() || stage.Text == "" {
		return round.Text
	}
	if round.Text == "" {
		return stage.Text
	}
	return round.Text + ", " + stage.Text
}

// RoundTextIn is RoundText worded by w (the round's name and its stage
// in w's language).
func (m Match) RoundTextIn(w engine.Words) string {
	if m.Play == nil {
		return ""
	}
	round, _ := w.Phrase(m.Play.RoundName)
	stage, _ := w.Phrase(m.Play.Stage)
	if m.Play.Stage.IsZero() || stage == "" {
		return round
	}
	if round == "" {
		return stage
	}
	return round + ", " + stage
}
