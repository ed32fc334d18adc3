package brass

import (
	"regexp"
	"testing"

	"github.com/smokestack/smokestack/engine/enginetest"
)

// TestOneWordPerConcept: each concept has one name in a language across
// events, pickers, prompts, refusals, status, help and board words (the
// rules help's word, as no printed German or French Brass is a source:
// docs/data-provenance.md).
func TestOneWordPerConcept(t *testing.T) {
	enginetest.CheckTerms(t, []enginetest.Term{
		{Files: []string{"messages/de.toml", "messages/help.de.toml"}, Bad: regexp.MustCompile(`(?i)spielreihenfolge`),
			Use: "Zugreihenfolge (the help's topic)"},
		// An industry is a tile (tuile, tuile d’entreprise), as in the
		// help; a marqueur is a link marker.
		{Files: []string{"messages/fr.toml"}, Bad: regexp.MustCompile(`(?i)marqueurs?\b`), OK: regexp.MustCompile(`^marqueurs? de liaison`),
			Use: "tuile (an industry) or marqueur de liaison"},
	})
}
