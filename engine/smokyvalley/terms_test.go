package smokyvalley

import (
	"regexp"
	"testing"

	"github.com/smokestack/smokestack/engine/enginetest"
)

// TestOneWordPerConcept: each concept has one name in a language across
// events, pickers, prompts, refusals, status, help and board words: the
// printed German edition's (Güter, not Waren), and in French the rules
// help's (développer le canal, as the help's topic is titled). Canal
// tiles are checked name by name (TestHelpTileNamesArePickers).
func TestOneWordPerConcept(t *testing.T) {
	enginetest.CheckTerms(t, []enginetest.Term{
		{Files: []string{"messages/de.toml", "messages/help.de.toml"}, Bad: regexp.MustCompile(`\bWaren\b`), Use: "Güter (the edition's word)"},
		{Files: []string{"messages/fr.toml", "messages/help.fr.toml"}, Bad: regexp.MustCompile(`(?i)aménag`), Use: "développer le canal (the help's word)"},
	})
}
