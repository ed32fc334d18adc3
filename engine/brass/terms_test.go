package brass

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// term is a word a language's texts avoid because the game names the
// concept otherwise: bad matches it, unless ok matches the same spot
// (a compound that is another concept).
type term struct {
	files []string
	bad   *regexp.Regexp
	ok    *regexp.Regexp
	use   string
}

// checkTerms reads the message files and fails on each line that uses an
// avoided word; a topic's keywords may list it (they are search words).
func checkTerms(t *testing.T, terms []term) {
	t.Helper()
	for _, tm := range terms {
		for _, f := range tm.files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "keywords") {
					continue
				}
				for _, m := range tm.bad.FindAllStringIndex(line, -1) {
					if tm.ok != nil && tm.ok.MatchString(line[m[0]:]) {
						continue
					}
					t.Errorf("%s:%d: %q: say %s", f, i+1, line[m[0]:m[1]], tm.use)
				}
			}
		}
	}
}

// TestOneWordPerConcept: each concept has one name in a language across
// events, pickers, prompts, refusals, status, help and board words (the
// rules help's word, as no printed German or French Brass is a source:
// docs/data-provenance.md).
func TestOneWordPerConcept(t *testing.T) {
	checkTerms(t, []term{
		{files: []string{"messages/de.toml", "messages/help.de.toml"}, bad: regexp.MustCompile(`(?i)spielreihenfolge`),
			use: "Zugreihenfolge (the help's topic)"},
		// An industry is a tile (tuile, tuile d’entreprise), as in the
		// help; a marqueur is a link marker.
		{files: []string{"messages/fr.toml"}, bad: regexp.MustCompile(`(?i)marqueurs?\b`), ok: regexp.MustCompile(`^marqueurs? de liaison`),
			use: "tuile (an industry) or marqueur de liaison"},
	})
}
