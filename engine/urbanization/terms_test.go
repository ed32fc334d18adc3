package urbanization

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestOneWordPerConcept: each concept has one name in a language across
// events, pickers, prompts, refusals, status, help and board words: in
// German a character card is a Person (Personenkarte), as the rules help
// calls it; a topic's keywords may list other words people search for.
func TestOneWordPerConcept(t *testing.T) {
	bad := regexp.MustCompile(`(?i)charakter`)
	for _, f := range []string{"messages/de.toml", "messages/help.de.toml"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "keywords") {
				continue
			}
			if m := bad.FindString(line); m != "" {
				t.Errorf("%s:%d: %q: say Person", f, i+1, m)
			}
		}
	}
}
