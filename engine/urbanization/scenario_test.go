package urbanization

// Scenario tests: one txtar file per rule under testdata/scenarios, run by
// the shared harness (engine/scenario, format in docs/scenarios.md) with
// its core words only: every position is read through the view (view
// <path> <json>, the View being the whole position), the status (active,
// stat, score, finished, ranking, tiebreak) and the events. The file
// comment names the rule, the rulebook section it checks ("Rulebook:") and
// the rules help topics it exercises ("Topics:").

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/smokestack/smokestack/engine/scenario"
)

func TestScenarios(t *testing.T) {
	scenario.Run(t, filepath.Join("testdata", "scenarios", "*.txtar"), scenario.Config{Game: New()})
}

// TestScenarioCoverage checks that every rule topic, every character and
// every invention is exercised by a scenario (its Topics: line) and that
// the topics named exist in the rules help.
func TestScenarioCoverage(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	help := map[string]bool{}
	for _, tp := range New().Info().Help {
		help[tp.ID] = true
	}
	covered := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		comment := string(txtar.Parse(data).Comment)
		if !strings.Contains(comment, "Rulebook:") {
			t.Errorf("%s: the comment must cite the rulebook (a line starting with Rulebook:)", f)
		}
		for _, line := range strings.Split(comment, "\n") {
			rest, ok := strings.CutPrefix(line, "Topics:")
			if !ok {
				continue
			}
			for _, tp := range strings.Fields(rest) {
				if !help[tp] {
					t.Errorf("%s: topic %q is not a rules help topic", f, tp)
				}
				covered[tp] = true
			}
		}
	}
	want := slices.Clone(TopicIDs)
	for c := 1; c < numCharacters; c++ {
		want = append(want, TopicCharacterPrefix+charToken(c))
	}
	for i := range theData().inventions {
		want = append(want, TopicInventionPrefix+invToken(i))
	}
	for _, tp := range want {
		if !covered[tp] {
			t.Errorf("topic %q has no scenario", tp)
		}
	}
}
