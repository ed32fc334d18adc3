package smokyvalley

import (
	"strings"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// TestWordsFit draws every golden position in every language and fails
// when a word of the board (a heading, label, legend, name or note) is
// shortened to fit its box. Only texts holding a player's name may be
// (the long display name of rich-4p), and the list of a player's city
// cards, which counts what does not fit.
func TestWordsFit(t *testing.T) {
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			r, _ := New()
			var mu sync.Mutex
			clipped := map[string]bool{}
			r.clip = func(s string) { mu.Lock(); clipped[s] = true; mu.Unlock() }
			for _, c := range goldenCases {
				v := playedView(t, c.seats, 5, c.moves)
				if c.name == "rich-4p" {
					v = richView(t)
				}
				if _, err := r.Images(render.Scene{View: v, Seat: c.seat, Names: c.names, Lang: l}); err != nil {
					t.Fatal(err)
				}
			}
			wd := newWords(render.Scene{Lang: l})
			for s := range clipped {
				if strings.Contains(s, "a player with a very long display name") || strings.HasPrefix(s, wd.say("cards")) {
					continue
				}
				t.Errorf("%s: %q is shortened to fit its box", l, s)
			}
		})
	}
}
