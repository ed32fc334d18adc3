package urbanization

import (
	"math"
	"sort"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

// Every factory card's name, in every language (the data's names in
// English), is drawn whole (not shortened) in its box on the display,
// three cards at a time. The invention cards are TestInventionNamesFit's.
func TestNamesFit(t *testing.T) {
	v := enginePosition(t, 4, true, 11, 60)
	cards := urbanization.FactoryCards()
	if len(cards) != 18 {
		t.Fatalf("%d factory cards, want 18", len(cards))
	}
	for _, l := range lang.Supported {
		for round := 0; round*3 < len(cards); round++ {
			for k := range v.Display {
				c := cards[(round*3+k)%len(cards)]
				v.Display[k].Card = &c
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
		}
	}
}

// Every invention card's name, in every language (the data's names in
// English), is drawn whole on its docking space beside any other card:
// the texts drawn inside the space's box, read in order, are the two
// names (a name too long for a line goes on over the next), and every
// one of them stays inside the box. It looks at the box itself, as a
// name is drawn whole elsewhere too (in the panel of a player holding
// only that card, where TestNamesFit once found "Récolte supplémentaire"
// while the docking space showed "Récolte suppl…"). Every pair of the 18
// cards shares a space once: 17 boards of 9 pairs (a round robin).
func TestInventionNamesFit(t *testing.T) {
	v := enginePosition(t, 4, true, 11, 60)
	inv := urbanization.InventionNames()
	var ids []string
	for id := range inv {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	n := len(ids)
	if n != 18 || len(v.Docks) != n/2 {
		t.Fatalf("%d inventions and %d docking spaces, want 18 and 9", n, len(v.Docks))
	}
	l := newLayout(&v)
	for _, lg := range lang.Supported {
		wd := newWords(render.Scene{View: v, Names: goldenNames, Lang: lg})
		for round := 0; round < n-1; round++ {
			for d := range v.Docks {
				a, b := round, n-1
				if d > 0 {
					a, b = (round+d)%(n-1), (round-d+n-1)%(n-1)
				}
				v.Docks[d].Cards = []string{ids[a], ids[b]}
				v.Docks[d].Names = []string{inv[ids[a]], inv[ids[b]]}
				v.Docks[d].Markers = []int{} // a space holding both its cards holds no marker
			}
			rec := newRecorder(t, l)
			drawInventions(rec, l, &v, wd)
			for d, dv := range v.Docks {
				var want []string
				for k, id := range dv.Cards {
					name := wd.name("invention", id, dv.Names[k])
					if lg == lang.English && name != inv[id] {
						t.Errorf("invention %s: English %q, data %q", id, name, inv[id])
					}
					want = append(want, name)
				}
				var got []string
				for _, dt := range inDock(t, rec, l, &v, d) {
					if dt.s != dv.Space {
						got = append(got, dt.s)
					}
				}
				if strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("%s: docking space %s shows %q, want %q whole", lg, dv.Space, got, want)
				}
			}
		}
	}
}

// newRecorder is a recorder on a canvas of the board's size.
func newRecorder(t testing.TB, l *layout) *recorder {
	t.Helper()
	c, err := render.NewCanvas(width, l.h)
	if err != nil {
		t.Fatal(err)
	}
	return &recorder{Canvas: c, texts: map[string][]render.Font{}}
}

// inDock is the texts drawn from inside docking space d's box, in the
// order drawn; it fails when one of them reaches out of the box (its
// capitals' top to its descent, with a margin of 2 pixels at the sides).
func inDock(t *testing.T, rec *recorder, l *layout, v *urbanization.View, d int) []drawnText {
	t.Helper()
	x, y, w, h := dockBox(l, len(v.Docks), d)
	w = math.Floor(w)
	var out []drawnText
	for _, dt := range rec.drawn {
		if dt.y < y || dt.y > y+h || dt.x+dt.w/2 < x || dt.x+dt.w/2 > x+w {
			continue
		}
		top, bottom := textBox(t, dt)
		if dt.x < x+2 || dt.x+dt.w > x+w-2 || top < y || bottom > y+h {
			t.Errorf("%q (x %.0f to %.0f, y %.0f to %.0f) leaves docking space %s (x %.0f to %.0f, y %.0f to %.0f)",
				dt.s, dt.x, dt.x+dt.w, top, bottom, v.Docks[d].Space, x, x+w, y, y+h)
		}
		out = append(out, dt)
	}
	return out
}

// textBox is a drawn text's capitals' top and its descent's bottom.
func textBox(t testing.TB, dt drawnText) (top, bottom float64) {
	t.Helper()
	face, err := render.NewFace(dt.f)
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	m := face.Metrics()
	return dt.y - float64(m.CapHeight)/64, dt.y + float64(m.Descent)/64
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

// A docking space crowded with action markers shows them all, each
// whole and inside the space, over neither another marker, the space's
// name nor the word saying its cards are taken: markers pile up on a
// space whose cards are gone (six on s1 in a seeded four-player game;
// a new marker may stop there for free), while a space holding a card
// holds at most the one marker that took the other. Up to fifteen
// markers on one space are drawn apart (dockCrowd).
func TestCrowdedDock(t *testing.T) {
	v := enginePosition(t, 4, true, 11, 60)
	l := newLayout(&v)
	for _, lg := range lang.Supported {
		wd := newWords(render.Scene{View: v, Names: goldenNames, Lang: lg})
		for n := 0; n <= 15; n++ {
			for d := range v.Docks {
				v.Docks[d].Cards, v.Docks[d].Names, v.Docks[d].Markers = []string{}, []string{}, []int{}
				for k := range n {
					v.Docks[d].Markers = append(v.Docks[d].Markers, (k+d)%4)
				}
			}
			// One space keeps a card and the marker that took the other.
			v.Docks[4].Cards, v.Docks[4].Names, v.Docks[4].Markers = []string{"harvest-one"}, []string{"Extra harvest"}, []int{2}
			rec := newRecorder(t, l)
			drawInventions(rec, l, &v, wd)
			for d, dv := range v.Docks {
				x, y, w, h := dockBox(l, len(v.Docks), d)
				w = math.Floor(w)
				texts := inDock(t, rec, l, &v, d)
				var chips []drawnCircle
				for _, c := range rec.circles {
					if c.x >= x && c.x <= x+w && c.y >= y && c.y <= y+h {
						chips = append(chips, c)
					}
				}
				if len(chips) != len(dv.Markers) {
					t.Errorf("%s, %d markers: docking space %s shows %d", lg, n, dv.Space, len(chips))
				}
				for i, a := range chips {
					if a.x-a.r < x || a.x+a.r > x+w || a.y-a.r < y || a.y+a.r > y+h {
						t.Errorf("%s, %d markers: a marker at (%.0f, %.0f) leaves docking space %s", lg, n, a.x, a.y, dv.Space)
					}
					for _, b := range chips[i+1:] {
						if math.Hypot(a.x-b.x, a.y-b.y) < a.r+b.r-0.5 {
							t.Errorf("%s, %d markers: markers at (%.0f, %.0f) and (%.0f, %.0f) overlap on docking space %s", lg, n, a.x, a.y, b.x, b.y, dv.Space)
						}
					}
					for _, dt := range texts {
						if len(dt.s) == 1 && math.Abs(dt.x+dt.w/2-a.x) < 1 {
							continue // the marker's own letter
						}
						top, bottom := textBox(t, dt)
						if dt.x < a.x+a.r && a.x-a.r < dt.x+dt.w && top < a.y+a.r && a.y-a.r < bottom {
							t.Errorf("%s, %d markers: a marker at (%.0f, %.0f) covers %q on docking space %s", lg, n, a.x, a.y, dt.s, dv.Space)
						}
					}
				}
				for i, a := range texts {
					at, ab := textBox(t, a)
					for _, b := range texts[i+1:] {
						bt, bb := textBox(t, b)
						if a.x < b.x+b.w && b.x < a.x+a.w && at < bb && bt < ab {
							t.Errorf("%s, %d markers: %q and %q overlap on docking space %s", lg, n, a.s, b.s, dv.Space)
						}
					}
				}
			}
		}
	}
}

// longNames are display names the board must draw whole: a default name
// from another language, computers' names, and a name of 32 characters,
// the longest display name or nickname Discord allows (the playground
// allows engine.MaxPlayerName, 64; a name that long may be cut).
var longNames = []string{"Spieler 1", "Ordinateur 2 (facile)", "Computer 2 (leicht)", "Maximilian Alexander Wittelsbach"}

// TestPlayerNamesWhole draws a 4-player position, mid-game and finished,
// with longNames in every seat in turn, in every language: every name is
// drawn whole (in the players' panels, and in the line saying who is to
// act), and no name is cut.
func TestPlayerNamesWhole(t *testing.T) {
	mid := enginePosition(t, 4, true, 11, 60)
	over := mid
	over.Finished, over.Active, over.Ranking = true, nil, []int{2, 0, 3, 1}
	for _, l := range lang.Supported {
		for k := range longNames {
			names := make([]string, len(longNames))
			for i := range names {
				names[i] = longNames[(i+k)%len(longNames)]
			}
			for what, v := range map[string]urbanization.View{"mid": mid, "over": over} {
				lay := newLayout(&v)
				c, err := render.NewCanvas(width, lay.h)
				if err != nil {
					t.Fatal(err)
				}
				rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
				sc := render.Scene{View: v, Names: names, Lang: l}
				drawBoard(rec, lay, &v, sc.Name, newWords(sc))
				var all []string
				for _, d := range rec.drawn {
					all = append(all, d.s)
				}
				joined := strings.Join(all, " ")
				for _, n := range names {
					if !strings.Contains(joined, n) {
						t.Errorf("%s/%s: %q is not drawn whole", l, what, n)
					}
				}
				for _, s := range all {
					cut := strings.TrimSpace(strings.TrimSuffix(s, "…"))
					for _, n := range names {
						if cut != s && cut != "" && strings.HasPrefix(n, cut) {
							t.Errorf("%s/%s: %q cuts %q", l, what, s, n)
						}
					}
				}
			}
		}
	}
}
