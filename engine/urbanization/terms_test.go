package urbanization

import (
	"regexp"
	"testing"

	"github.com/smokestack/smokestack/engine/enginetest"
)

// TestOneWordPerConcept: each concept has one name in a language across
// events, pickers, prompts, refusals, status, help and board words: in
// German a character card is a Person (Personenkarte), as the rules help
// calls it, and a game turn a Runde (never Spielrunde, which the status
// and the events said while the board and the help said Runde); a
// topic's keywords may list other words people search for.
func TestOneWordPerConcept(t *testing.T) {
	enginetest.CheckTerms(t, []enginetest.Term{
		{Files: []string{"messages/de.toml", "messages/help.de.toml"}, Bad: regexp.MustCompile(`(?i)charakter`), Use: "Person"},
		{Files: []string{"messages/de.toml", "messages/help.de.toml"}, Bad: regexp.MustCompile(`(?i)spielrunde`), Use: "Runde"},
	})
}
