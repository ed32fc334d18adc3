package brass

import (
	"flag"
	"testing"

	"github.com/smokestack/smokestack/render/rendertest"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

// goldenCases are the positions whose images are kept in testdata.
func goldenCases() []struct {
	name string
	v    *brass.View
	seat int
} {
	return []struct {
		name string
		v    *brass.View
		seat int
	}{
		{"empty-spectator", emptyView(4), engine.Spectator},
		{"mid-canal", midCanalView(), engine.Spectator},
		{"rail-flips", railView(), engine.Spectator},
		{"private-hand", handView(), 1},
	}
}

func TestGolden(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range goldenCases() {
		t.Run(c.name, func(t *testing.T) {
			b, err := r.PNG(c.v, c.seat)
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, b)
		})
	}
}

func newTestRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkGolden compares a rendered image with its golden file
// (rendertest.CheckGolden).
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	rendertest.CheckGolden(t, "brass", name, got, *update)
}

// TestGoldenLanguages keeps a board in German and a hand in French: the
// images' words (period, headings, legends, labels) in the scene's
// language, the towns keeping their names.
func TestGoldenLanguages(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range []struct {
		name  string
		v     *brass.View
		seat  int
		l     lang.Lang
		image int
	}{
		{"mid-canal-de", midCanalView(), engine.Spectator, lang.German, 0},
		{"rail-flips-fr", railView(), engine.Spectator, lang.French, 0},
		{"private-hand-fr", handView(), 1, lang.French, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			imgs, err := r.Images(render.Scene{View: c.v, Seat: c.seat, Lang: c.l})
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, imgs[c.image].PNG)
		})
	}
}
