package urbanization

import (
	"sort"
	"testing"

	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

// Every factory card's and invention card's name, in every language (the
// data's names in English), is drawn whole (not shortened) in its box:
// the cards on the display, three at a time, and the invention cards on
// the docking spaces, two at a time.
func TestNamesFit(t *testing.T) {
	v := enginePosition(t, 4, true, 11, 60)
	cards := urbanization.FactoryCards()
	inv := urbanization.InventionNames()
	var invIDs []string
	for id := range inv {
		invIDs = append(invIDs, id)
	}
	sort.Strings(invIDs)
	if len(cards) != 18 || len(invIDs) != 18 || len(v.Docks) != 9 {
		t.Fatalf("%d factory cards, %d inventions and %d docking spaces, want 18, 18 and 9", len(cards), len(invIDs), len(v.Docks))
	}
	for _, l := range lang.Supported {
		for round := 0; round*3 < len(cards); round++ {
			for k := range v.Display {
				c := cards[(round*3+k)%len(cards)]
				v.Display[k].Card = &c
			}
			for d := range v.Docks {
				a, b := invIDs[d*2], invIDs[d*2+1]
				v.Docks[d].Cards, v.Docks[d].Names = []string{a, b}, []string{inv[a], inv[b]}
			}
			lay := newLayout(&v)
			c, err := render.NewCanvas(width, lay.h)
			if err != nil {
				t.Fatal(err)
			}
			rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
			sc := render.Scene{View: v, Names: goldenNames, Lang: l}
			wd := newWords(sc)
			drawBoard(rec, lay, &v, sc.Name, wd)
			for k := range v.Display {
				cd := v.Display[k].Card
				name := wd.name("factory", cd.ID, cd.Name)
				if l == lang.English && name != cd.Name {
					t.Errorf("factory card %s: English %q, data %q", cd.ID, name, cd.Name)
				}
				if len(rec.texts[name]) == 0 {
					t.Errorf("%s: factory card %q is not drawn whole on the display", l, name)
				}
			}
			for d := range v.Docks {
				for k, id := range v.Docks[d].Cards {
					name := wd.name("invention", id, v.Docks[d].Names[k])
					if l == lang.English && name != inv[id] {
						t.Errorf("invention %s: English %q, data %q", id, name, inv[id])
					}
					if len(rec.texts[name]) == 0 {
						t.Errorf("%s: invention %q is not drawn whole on docking space %s", l, name, v.Docks[d].Space)
					}
				}
			}
		}
	}
}

// The image's title (the caption the playground shows under it) is in the
// scene's language, as the other games' are.
func TestImageTitleInEveryLanguage(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	v := enginePosition(t, 2, false, 3, 10)
	want := map[lang.Lang]string{lang.English: "Board", lang.German: "Spielplan", lang.French: "Plateau"}
	for _, l := range lang.Supported {
		imgs, err := r.Images(render.Scene{View: v, Names: goldenNames, Lang: l})
		if err != nil {
			t.Fatal(err)
		}
		if len(imgs) != 1 || imgs[0].Title != want[l] {
			t.Errorf("%s: image %q titled %q, want %q", l, imgs[0].Name, imgs[0].Title, want[l])
		}
	}
}
