package smokyvalley

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine/enginetest"
)

func TestExamplesParse(t *testing.T) {
	g := New()
	for _, ex := range g.Info().Examples {
		m, err := g.ParseMove(ex.Move)
		if err != nil {
			t.Errorf("%q: %v", ex.Move, err)
			continue
		}
		if got := g.FormatMove(m); got != ex.Move {
			t.Errorf("%q formats as %q", ex.Move, got)
		}
	}
	for typed, want := range map[string]string{
		"GO St-Gabriel":           "go stgabriel",
		"build CoalDepot s1":      "build coal-depot s1",
		"ship Grain@GB1 beer@us1": "ship grain@gb1 beer@us1",
		"develop clay_pit":        "service clay-pit",
		"pass 3 bricks":           "pass 3 brick",
	} {
		m, err := g.ParseMove(typed)
		if err != nil || g.FormatMove(m) != want {
			t.Errorf("%q: %q, %v; want %q", typed, g.FormatMove(m), err, want)
		}
	}
}

// TestRuleCodesDocumented compares the rule codes in the source with the
// table of docs/notation.md, both ways.
func TestRuleCodesDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/notation.md")
	if err != nil {
		t.Fatal(err)
	}
	i := strings.Index(string(doc), "## The Smoky Valley")
	if i < 0 {
		t.Fatal("docs/notation.md has no Smoky Valley section")
	}
	section := string(doc[i:])
	if k := strings.Index(section[1:], "\n## "); k >= 0 {
		section = section[:k+1]
	}
	j := strings.Index(section, "### Rule error codes")
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile("`([a-z]+\\.[a-z0-9-]+)`").FindAllStringSubmatch(section[j:], -1) {
		documented[m[1]] = true
	}
	inSource := map[string]bool{"build.needs-canal": true, "build.needs-rail": true, "card.needs-canal": true, "card.needs-rail": true}
	files, _ := os.ReadDir(".")
	for _, f := range files {
		if !strings.HasSuffix(f.Name(), ".go") || strings.HasSuffix(f.Name(), "_test.go") {
			continue
		}
		b, _ := os.ReadFile(f.Name())
		for _, m := range regexp.MustCompile(`[Rr]ule\("([a-z]+\.[a-z0-9-]+)"`).FindAllStringSubmatch(string(b), -1) {
			if !strings.HasSuffix(m[1], "-") {
				inSource[m[1]] = true
			}
		}
	}
	for c := range inSource {
		if !documented[c] {
			t.Errorf("code %s is not in docs/notation.md", c)
		}
	}
	for c := range documented {
		if !inSource[c] {
			t.Errorf("docs/notation.md lists %s, which the engine never returns", c)
		}
	}
}

func FuzzNotation(f *testing.F) {
	var seeds []string
	for _, ex := range New().Info().Examples {
		seeds = append(seeds, ex.Move)
	}
	enginetest.FuzzNotation(f, New(), append(seeds, "GO St.Gabriel", "ship a@b@c", "card x:y:z"))
}

func FuzzUnmarshalState(f *testing.F) {
	enginetest.FuzzState(f, New(), [][]byte{[]byte(`{"v":1}`), []byte(`{"v":1,"n":2,"players":[{},{}]}`)})
}
