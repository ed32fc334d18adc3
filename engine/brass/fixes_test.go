package brass

// Tests for defects reported after the engine was finished (by the
// scenario author and the rules audit), one test per fix.

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// The combined build refused for lack of actions names that rule, on the
// one-action first turn as on the last action of a turn.
// Rulebook, ACTION 1, Combining actions.
func TestFixTwoCardBuildOneActionLeft(t *testing.T) {
	st := fixture(t, periodCanal)
	st.give(t, 0, "lancaster", "preston", "wigan")
	st.Actions = 1
	wantRule(t, st, 0, "build port liverpool cards:lancaster+preston", "build.two-card")
	wantRule(t, st, 0, "build port liverpool card:wigan", "build.no-card")
	st.Round = 1 // the very first canal turn has a single action
	wantRule(t, st, 0, "build port liverpool cards:preston+lancaster", "build.two-card")
	st.Actions = 2
	st.Round = 2
	if n, _ := apply(t, st, 0, "build port liverpool cards:lancaster+preston"); n.tile(t, "liverpool@1").Owner != 0 {
		t.Fatal("the two-card build with both actions did not build")
	}
}

// Audit F1: a two-word industry name is one industry, not two.
// Rulebook, ACTION 3 Develop: one or two counters; the notation must not
// turn "coal mine" into two of them.
func TestFixTwoWordIndustryNames(t *testing.T) {
	g := Game{}
	for in, want := range map[string]string{
		"develop coal mine card:wigan":                  "develop coal card:wigan",
		"develop iron works cotton mill card:wigan":     "develop iron cotton card:wigan",
		"develop coal coal card:wigan":                  "develop coal coal card:wigan",
		"develop mine mine card:wigan":                  "develop coal coal card:wigan",
		"build coal mine wigan card:wigan":              "build coal wigan card:wigan",
		"build iron foundry bolton card:iron works":     "build iron bolton card:iron",
		"build ship yard liverpool card:ship yard":      "build ship liverpool card:ship",
		"build cotton mill manchester card:cotton mill": "build cotton manchester card:cotton",
	} {
		m, err := g.ParseMove(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := g.FormatMove(m); got != want {
			t.Errorf("%s: parsed as %q, want %q", in, got, want)
		}
	}
	st := fixture(t, periodCanal)
	st.give(t, 0, "wigan")
	n, _ := apply(t, st, 0, "develop coal mine card:wigan")
	if n.Players[0].Next[indCoal] != 1 {
		t.Fatalf("develop coal mine took %d coal mines off the stack", n.Players[0].Next[indCoal])
	}
}

// Audit F2: place names typed in several words also work inside link,
// card and sale tokens.
func TestFixMultiWordNamesInTokens(t *testing.T) {
	g := Game{}
	for in, want := range map[string]string{
		"canal Ellesmere Port-Northwich card:port":            "canal ellesmere-northwich card:port",
		"canal warrington & runcorn-wigan card:port":          "canal warrington-wigan card:port",
		"canal Warrington and Runcorn-wigan card:port":        "canal warrington-wigan card:port",
		"canal macclesfield-the midlands card:port":           "canal macclesfield-midlands card:port",
		"canal macclesfield-The Midlands card:port":           "canal macclesfield-midlands card:port",
		"sell bolton>distant market card:port":                "sell bolton>distant card:port",
		"sell colne>Ellesmere Port card:Ellesmere Port":       "sell colne>ellesmere card:ellesmere",
		"rail barrow in furness-lancaster card:port":          "rail barrow-lancaster card:port",
		"build iron Barrow in Furness card:barrow-in furness": "build iron barrow card:barrow",
		"build port ellesmere port card:port":                 "build port ellesmere card:port",
		"loan £20 card:Warrington & Runcorn":                  "loan 20 card:warrington",
	} {
		m, err := g.ParseMove(in)
		if err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if got := g.FormatMove(m); got != want {
			t.Errorf("%s: parsed as %q, want %q", in, got, want)
		}
	}
}

// Audit F3: a third rail or develop, or a second canal, is refused for
// what it is. Rulebook, ACTION 2 (never two canals; one or two rails) and
// ACTION 3 (one or two counters).
func TestFixTooManyItemsInAnAction(t *testing.T) {
	st := fixture(t, periodCanal)
	st.give(t, 0, "colne", "wigan")
	st.put(t, "colne@1", 0, indCotton, 1, 0, false)
	wantRule(t, st, 0, "canal colne-yorkshire burnley-colne card:colne", "canal.one-per-action")
	wantRule(t, st, 0, "develop cotton cotton ship card:wigan", "develop.too-many")
	wantRule(t, st, 0, "develop cotton iron:market cotton ship card:wigan", "develop.too-many")
	apply(t, st, 0, "develop cotton cotton card:wigan")

	rl := fixture(t, periodRail)
	rl.give(t, 0, "wigan")
	rl.put(t, "bolton@1", 0, indCoal, 2, 3, false)
	wantRule(t, rl, 0, "rail bolton-wigan bolton-bury bolton-manchester card:wigan", "rail.too-many")
	apply(t, rl, 0, "rail bolton-wigan bolton-bury card:wigan")
}

// Audit F6: naming an empty space the engine would not pick points at the
// port-box rule only where there is a port box.
// Rulebook, ACTION 1, Lancaster and Preston.
func TestFixSpaceChoiceTopic(t *testing.T) {
	st := fixture(t, periodCanal)
	st.give(t, 0, "manchester", "lancaster")
	for _, c := range []struct{ move, topic string }{
		{"build cotton manchester@2 card:manchester", TopicNotation},
		{"build port lancaster@2 card:lancaster", TopicPortBoxes},
	} {
		_, _, err := Game{}.Apply(st, 0, mustParse(t, c.move))
		re, ok := engine.AsRule(err)
		if !ok || re.Code != "build.space-choice" || re.Topic != c.topic {
			t.Errorf("%s: %v, want build.space-choice with topic %s", c.move, err, c.topic)
		}
	}
	if !hasPortBox(theBoard().placeIndex["preston"]) || hasPortBox(theBoard().placeIndex["liverpool"]) || hasPortBox(theBoard().placeIndex["warrington"]) {
		t.Fatal("port boxes: want Lancaster and Preston only")
	}
}

func mustParse(t *testing.T, text string) engine.Move {
	t.Helper()
	m, err := Game{}.ParseMove(text)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Audit F5 (and the lead's note on place names): the narration names
// places as printed, industries in lower case, one rail in the singular,
// and a build before the cubes it takes.
func TestFixNarration(t *testing.T) {
	texts := func(evs []engine.Event) []string {
		var out []string
		for _, e := range evs {
			out = append(out, e.Text)
		}
		return out
	}
	st := fixture(t, periodCanal)
	st.give(t, 0, "warrington", "ellesmere")
	st.put(t, "wigan@1", 1, indCoal, 1, 1, false)
	st.build(t, "warrington-wigan", 1)
	st.Players[0].Next[indCotton] = 3 // a level-2 mill needs coal
	_, evs := apply(t, st, 0, "build cotton warrington cards:ellesmere+warrington")
	want := []string{
		"seat 1 plays the Ellesmere Port card",
		"seat 1 plays the Warrington & Runcorn card",
		"seat 1 builds a cotton mill 2 in Warrington & Runcorn for £14, combining two cards into one action",
		"one coal cube from seat 2's counter in Wigan goes to Warrington & Runcorn",
		"seat 2's coal mine 1 in Wigan flips: income +4 spaces",
	}
	got := texts(evs)
	if len(got) < len(want) {
		t.Fatalf("events %q", got)
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("event %d: %q, want %q", i, got[i], w)
		}
	}
	rl := fixture(t, periodRail)
	rl.give(t, 0, "coal")
	rl.put(t, "bolton@1", 0, indCoal, 2, 3, false)
	_, evs = apply(t, rl, 0, "rail bolton-wigan card:coal")
	if got := texts(evs); !slicesContains(got, "seat 1 pays £5 for the rail") {
		t.Errorf("rail events %q", got)
	}
}

func slicesContains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
