package enginetest

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// Term is a word a language's texts avoid because the game names that
// concept otherwise (docs/i18n.md: one name per concept).
type Term struct {
	Files []string       // the message files to read (a game's messages/*.toml)
	Bad   *regexp.Regexp // the avoided word
	OK    *regexp.Regexp // a compound at the same spot that is another concept (optional)
	Use   string         // what to say instead, for the failure
}

// CheckTerms reads each term's message files and fails on every line that
// uses an avoided word. Comments and a topic's keywords (search words,
// which may list the other names people look for) are skipped.
func CheckTerms(t testing.TB, terms []Term) {
	t.Helper()
	for _, tm := range terms {
		for _, f := range tm.Files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			for i, line := range strings.Split(string(data), "\n") {
				if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "keywords") {
					continue
				}
				for _, m := range tm.Bad.FindAllStringIndex(line, -1) {
					if tm.OK != nil && tm.OK.MatchString(line[m[0]:]) {
						continue
					}
					t.Errorf("%s:%d: %q: say %s", f, i+1, line[m[0]:m[1]], tm.Use)
				}
			}
		}
	}
}
