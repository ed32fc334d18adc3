package smokyvalley

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestOneWordPerConcept: each concept has one name in a language across
// events, pickers, prompts, refusals, status, help and board words: the
// printed German edition's (Güter, not Waren), and in French the rules
// help's (développer le canal, as the help's topic is titled). Canal
// tiles are checked name by name (TestHelpTileNamesArePickers).
func TestOneWordPerConcept(t *testing.T) {
	for _, c := range []struct {
		files []string
		bad   *regexp.Regexp
		use   string
	}{
		{[]string{"messages/de.toml", "messages/help.de.toml"}, regexp.MustCompile(`\bWaren\b`), "Güter (the edition's word)"},
		{[]string{"messages/fr.toml", "messages/help.fr.toml"}, regexp.MustCompile(`(?i)aménag`), "développer le canal (the help's word)"},
	} {
		for _, f := range c.files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "keywords") {
					continue
				}
				if m := c.bad.FindString(line); m != "" {
					t.Errorf("%s:%d: %q: say %s", f, i+1, m, c.use)
				}
			}
		}
	}
}
