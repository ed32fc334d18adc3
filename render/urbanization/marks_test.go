package urbanization

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	urb "github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

// After a seat places its first house, the view marks the territory and
// its building ground (engine.Marks) and the board draws the house halo, which the board
// before the move does not show. SMOKESTACK_MARKS_DIR=dir writes the
// board there to look at.
func TestMarksHaloAfterMove(t *testing.T) {
	g := urb.Game{}
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
			if err := os.WriteFile(filepath.Join(dir, "urbanization-"+imgs[0].Name), imgs[0].PNG, 0o644); err != nil {
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
	if !slices.ContainsFunc(marks.Keys, func(k string) bool { return strings.HasPrefix(k, "ground:") }) {
		t.Fatalf("marks after %v: %+v, want a building ground", m, marks)
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
