package smokyvalley

import (
	"bytes"
	"image"
	"image/png"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// After a seat places its Wood Depot, the view marks that depot
// (engine.Marks) and the board draws the house halo, which the board
// before the move does not show. SMOKESTACK_MARKS_DIR=dir writes the
// board there to look at.
func TestMarksHaloAfterMove(t *testing.T) {
	g := sv.Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	board := func(s engine.State) image.Image {
		imgs, err := r.Images(render.Scene{View: g.View(s, engine.Spectator), Seat: engine.Spectator})
		if err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("SMOKESTACK_MARKS_DIR"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "smoky-valley-"+imgs[0].Name), imgs[0].PNG, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		img, err := png.Decode(bytes.NewReader(imgs[0].PNG))
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	if n := highlighted(board(st)); n > 0 {
		t.Fatalf("%d highlight pixels before any move", n)
	}
	seat := g.Status(st).Active[0]
	m, err := g.DefaultMove(st, seat)
	if err != nil {
		t.Fatal(err)
	}
	next, _, err := g.Apply(st, seat, m)
	if err != nil {
		t.Fatal(err)
	}
	marks := g.View(next, engine.Spectator).(engine.Board).Marks()
	if len(marks.Keys) != 1 || marks.Keys[0][:6] != "depot:" {
		t.Fatalf("marks after %v: %+v, want one Wood Depot", m, marks)
	}
	if n := highlighted(board(next)); n < 200 {
		t.Errorf("%d highlight pixels after %v: the halo is missing", n, m)
	}
}

// highlighted counts the pixels of the house highlight.
func highlighted(img image.Image) int {
	n := 0
	hr, hg, hb, _ := render.Highlight.RGBA()
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bb, _ := img.At(x, y).RGBA(); r == hr && g == hg && bb == hb {
				n++
			}
		}
	}
	return n
}

// TestMarksEveryKind marks, one at a time, a place of every kind that
// View.BoardPlaces names (the first filled one of its kind in a rich
// position) and checks that the board or the players' image draws the
// house halo for it: every mark has somewhere to show.
func TestMarksEveryKind(t *testing.T) {
	v := richView(t)
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	places := v.BoardPlaces()
	keys := slices.Sorted(maps.Keys(places))
	seen := map[string]bool{}
	for _, k := range keys {
		kind, _, _ := strings.Cut(k, ":")
		if seen[kind] || places[k] == "" {
			continue
		}
		seen[kind] = true
		mv := v
		mv.Recent = engine.Marks{Turn: 1, Keys: []string{k}}
		imgs, err := r.Images(render.Scene{View: mv, Seat: engine.Spectator})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, im := range imgs {
			img, err := png.Decode(bytes.NewReader(im.PNG))
			if err != nil {
				t.Fatal(err)
			}
			n += highlighted(img)
		}
		if n < 60 {
			t.Errorf("%s is marked, but the images show %d highlight pixels", k, n)
		}
	}
	if len(seen) != 18 {
		t.Errorf("checked %d kinds of places, want all 18: %v", len(seen), seen)
	}
}
