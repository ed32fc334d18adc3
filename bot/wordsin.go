package bot

import "github.com/smokestack/smokestack/engine"

// Texts of a match in a reader's language, for front ends that word a
// match per reader (the playground: docs/i18n.md). English is the
// functions without In, unchanged.

// RoundWordsIn is RoundWords in the reader's language: the round's name
// and its stage by the game's catalog (engine.Words.Phrase).
func RoundWordsIn(w engine.Words, round, stage engine.Phrase) string {
	r, _ := w.Phrase(round)
	if stage.IsZero() || stage.Text == "" {
		return r
	}
	st, _ := w.Phrase(stage)
	if r == "" {
		return st
	}
	return r + ", " + st
}
