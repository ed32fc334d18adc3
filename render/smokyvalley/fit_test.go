package smokyvalley

import (
	"strings"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// TestWordsFit draws every golden position in every language and fails
// when a word of the board (a heading, label, legend, name or note) is
// shortened to fit its box, names included (rich-4p's display name of 46
// characters), but for the list of a player's city cards, which counts
// what does not fit.
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
				if strings.HasPrefix(s, wd.say("cards")) {
					continue
				}
				t.Errorf("%s: %q is shortened to fit its box", l, s)
			}
		})
	}
}

// longNames are display names the board must draw whole: a default name
// from another language, computers' names, and a name of 32 characters,
// the longest display name or nickname Discord allows (the playground
// allows engine.MaxPlayerName, 64; a name that long may be cut).
var longNames = []string{"Spieler 1", "Ordinateur 2 (facile)", "Computer 2 (leicht)", "Maximilian Alexander Wittelsbach"}

// TestNamesFit draws the 4-player positions (the first turns, the
// fullest, the finished game) with longNames in every seat in turn, for a
// spectator and for a seat, in every language: no text holding a name
// (the mayor, who is to play, the winner, a player's panel) is cut.
func TestNamesFit(t *testing.T) {
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			r, _ := New()
			var mu sync.Mutex
			clipped := map[string]bool{}
			r.clip = func(s string) { mu.Lock(); clipped[s] = true; mu.Unlock() }
			views := map[string]sv.View{"start-4p": playedView(t, 4, 5, 4), "over-4p": playedView(t, 4, 5, 3000), "rich-4p": richView(t)}
			for k := range longNames {
				names := make([]string, len(longNames))
				for i := range names {
					names[i] = longNames[(i+k)%len(longNames)]
				}
				for _, v := range views {
					for _, seat := range []int{engine.Spectator, 0} {
						if _, err := r.Images(render.Scene{View: v, Seat: seat, Names: names, Lang: l}); err != nil {
							t.Fatal(err)
						}
					}
				}
			}
			wd := newWords(render.Scene{Lang: l})
			for s := range clipped {
				if strings.HasPrefix(s, wd.say("cards")) {
					continue
				}
				t.Errorf("%s: %q is shortened to fit its box", l, s)
			}
		})
	}
}
