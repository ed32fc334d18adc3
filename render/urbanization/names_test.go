package urbanization

import (
	"sort"
	"testing"

	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

// Every factory card's and invention card's name, as the game's data
// prints it, is drawn whole (not shortened) in its box: the cards on the
// display, three at a time, and the invention cards on the docking spaces,
// two at a time.
func TestNamesFit(t *testing.T) {
	v := enginePosition(t, 4, true, 11, 60)
	cards := urbanization.FactoryCards()
	inv := urbanization.InventionNames()
	var invNames []string
	for _, n := range inv {
		invNames = append(invNames, n)
	}
	sort.Strings(invNames)
	if len(cards) != 18 || len(invNames) != 18 || len(v.Docks) != 9 {
		t.Fatalf("%d factory cards, %d inventions and %d docking spaces, want 18, 18 and 9", len(cards), len(invNames), len(v.Docks))
	}
	for round := 0; round*3 < len(cards); round++ {
		for k := range v.Display {
			c := cards[(round*3+k)%len(cards)]
			v.Display[k].Card = &c
		}
		for d := range v.Docks {
			v.Docks[d].Names = []string{invNames[d*2], invNames[d*2+1]}
		}
		l := newLayout(&v)
		c, err := render.NewCanvas(width, l.h)
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
		drawBoard(rec, l, &v, render.Scene{View: v, Names: goldenNames}.Name)
		for k := range v.Display {
			if name := v.Display[k].Card.Name; len(rec.texts[name]) == 0 {
				t.Errorf("factory card %q is not drawn whole on the display", name)
			}
		}
		for d := range v.Docks {
			for _, name := range v.Docks[d].Names {
				if len(rec.texts[name]) == 0 {
					t.Errorf("invention %q is not drawn whole on docking space %s", name, v.Docks[d].Space)
				}
			}
		}
	}
}
