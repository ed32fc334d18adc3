package brass

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

func FuzzNotation(f *testing.F) {
	enginetest.FuzzNotation(f, Game{}, []string{
		"build cotton manchester card:manchester",
		"build coal wigan@1 cards:bury+wigan",
		"rail bury-bolton coal:wigan@2 wigan-bolton card:port",
		"sell manchester:mill>port:liverpool, bury>distant card:coal",
		"loan £30 card:barrow-in-furness",
		"develop ironworks iron:market card:mill",
		"liquidate bolton@2", "stop", "pass card:ellesmere-port",
		"develop coal mine iron works card:iron works", "canal Ellesmere Port-The Midlands card:port",
		"sell bolton>distant market card:Warrington & Runcorn",
	})
}

// Words typed after the end of a move are refused as extra words, naming
// them, whatever the card before them: not for the card, which the player
// may well hold.
func TestExtraWordsAfterTheCard(t *testing.T) {
	st := fixture(t, periodCanal)
	st.give(t, 0, "bolton", "colne", "lancaster")
	g := Game{}
	for text, extra := range map[string]string{
		"build cotton bolton card:bolton card:bolton extra words": "card:bolton extra words",
		"build cotton bolton card:colne extra words":              "extra words",
		"build cotton bolton card:wigan extra":                    "extra",
		"build cotton bolton cards:colne+lancaster extra":         "extra",
		"loan 30 card:bolton card:colne":                          "card:colne",
		"pass card:bolton now":                                    "now",
	} {
		m, err := g.ParseMove(text)
		if err != nil {
			t.Fatal(err)
		}
		_, _, err = g.Apply(st, 0, m)
		re, ok := engine.AsRule(err)
		if !ok || re.Code != "move.too-long" || !strings.Contains(re.Msg, `"`+extra+`"`) {
			t.Errorf("%s: want move.too-long naming %q, got %v", text, extra, err)
		}
	}
	// Without the extra words the move plays.
	apply(t, st, 0, "build cotton bolton card:bolton")
}
