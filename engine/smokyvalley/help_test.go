package smokyvalley

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestHelpCoversData: a topic for every district, industry, service, canal
// tile and city card, and those with assumed values say so.
func TestHelpCoversData(t *testing.T) {
	topics := New().Info().Help
	has := func(id string) (engine.HelpTopic, bool) { return engine.FindTopic(topics, id) }
	for _, d := range theData().districts {
		tp, ok := has("district-" + d.ID)
		if !ok {
			t.Errorf("no topic for district %s", d.ID)
		} else if len(d.Assumed) > 0 && !strings.Contains(tp.Body, "Assumed") {
			t.Errorf("topic %s does not say its values are assumed", tp.ID)
		}
	}
	for _, ind := range theData().industries {
		tp, ok := has("industry-" + ind.ID)
		if !ok {
			t.Errorf("no topic for industry %s", ind.ID)
		} else if len(ind.Assumed) > 0 && !strings.Contains(tp.Body, "Assumed") {
			t.Errorf("topic %s does not say its values are assumed", tp.ID)
		}
	}
	for _, s := range theData().services {
		if tp, ok := has("service-" + s.ID); !ok || !strings.Contains(tp.Body, "Assumed") {
			t.Errorf("no topic for service %s, or it does not say its values are assumed", s.ID)
		}
	}
	for _, m := range theData().markets {
		if tp, ok := has("market-" + m.ID); !ok || (len(m.Assumed) > 0 && !strings.Contains(tp.Body, "Assumed")) {
			t.Errorf("no topic for foreign market %s, or it does not say its values are assumed", m.ID)
		}
	}
	// assumed values are named in words, not by their data field
	var fields []string
	for _, d := range theData().districts {
		fields = append(fields, d.Assumed...)
	}
	for _, i := range theData().industries {
		fields = append(fields, i.Assumed...)
	}
	for _, s := range theData().services {
		fields = append(fields, s.Assumed...)
	}
	for _, m := range theData().markets {
		fields = append(fields, m.Assumed...)
	}
	for _, f := range fields {
		if assumedWords()[f] == "" {
			t.Errorf("assumed field %q has no words in assumedWords", f)
		}
	}
	for _, c := range theData().canal {
		if _, ok := has("tile-" + c.ID); !ok {
			t.Errorf("no topic for canal tile %s", c.ID)
		}
	}
	for _, c := range theData().cards {
		if tp, ok := has(engine.CardTopicPrefix + c.ID); !ok || cardHelp()[c.ID] == "" || !strings.Contains(tp.Body, cardHelp()[c.ID]) {
			t.Errorf("no topic or no text for city card %s", c.ID)
		}
	}
	// every {placeholder} of the rule topics is filled from the data
	for _, tp := range topics {
		if strings.ContainsAny(tp.Body, "{}") {
			t.Errorf("topic %s keeps a placeholder: %s", tp.ID, tp.Body)
		}
	}
	// findable by keywords
	for q, want := range map[string]string{"mayor election": TopicCouncil, "passing track": TopicPass, "trader bonus": TopicTraders,
		"local market": TopicMarket, "canal lock": "card-canal-lock", "water power": "service-water-power", "st. ann": "district-stann",
		"west indies": "market-wi", "great britain": "market-gb", "export agency": TopicTraders} {
		got := engine.SearchHelp(topics, q, 3)
		found := false
		for _, tp := range got {
			found = found || tp.ID == want
		}
		if !found {
			t.Errorf("search %q does not find %s in its first three", q, want)
		}
	}
}

// TestScenarioCoverage: every rule topic has a scenario (its "Topics:"
// line), and every topic a scenario names exists.
func TestScenarioCoverage(t *testing.T) {
	files, _ := filepath.Glob("testdata/scenarios/*.txtar")
	covered := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, line := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(line, "Topics:"); ok {
				found = true
				for _, id := range strings.Fields(rest) {
					if _, ok := engine.FindTopic(New().Info().Help, id); !ok {
						t.Errorf("%s names topic %q, which does not exist", f, id)
					}
					covered[id] = true
				}
			}
			if strings.HasPrefix(line, "-- ") {
				break
			}
		}
		if !found {
			t.Errorf("%s has no Topics: line", f)
		}
	}
	for _, r := range ruleTopics() {
		switch r.id {
		case TopicOverview, TopicNotation, TopicDecisions:
			continue
		}
		if !covered[r.id] {
			t.Errorf("no scenario covers the rule topic %s", r.id)
		}
	}
}

// TestEveryTopicFindable: every topic is found among the first three
// results by its own title, and the rule topics by each of their keywords
// among the first five.
func TestEveryTopicFindable(t *testing.T) {
	topics := New().Info().Help
	idx := engine.NewHelpIndex(topics)
	in := func(q, id string, n int) bool {
		for _, tp := range idx.Search(q, n) {
			if tp.ID == id {
				return true
			}
		}
		return false
	}
	for _, tp := range topics {
		if !in(tp.Title, tp.ID, 3) {
			t.Errorf("searching the title %q does not find %s in the first three", tp.Title, tp.ID)
		}
	}
	for _, r := range ruleTopics() {
		for _, k := range r.keywords {
			if !in(k, r.id, 5) {
				var got []string
				for _, tp := range idx.Search(k, 5) {
					got = append(got, tp.ID)
				}
				t.Errorf("searching the keyword %q of %s finds %v", k, r.id, got)
			}
		}
	}
}
