package urbanization

import (
	"image/color"
	"strconv"
	"testing"

	"github.com/smokestack/smokestack/render"
)

// Legibility thresholds, as Brass's (render/brass/legibility_test.go):
// Discord previews the board about previewWidth pixels wide; there the
// capitals of what a player reads at a glance are at least minGlanceCap
// pixels high, and at full size every text's capitals are at least
// minFullCap pixels high.
const (
	previewWidth = 500.0
	minGlanceCap = 6.0
	minFullCap   = 10.0
)

// recorder is a canvas that remembers every text it drew and its font.
type recorder struct {
	*render.Canvas
	texts map[string][]render.Font
}

func (r *recorder) Text(s string, x, y float64, f render.Font, c color.RGBA, align float64) {
	r.texts[s] = append(r.texts[s], f)
	r.Canvas.Text(s, x, y, f, c, align)
}

func capHeight(t testing.TB, f render.Font) float64 {
	t.Helper()
	face, err := render.NewFace(f)
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	return float64(face.Metrics().CapHeight) / 64
}

func TestLegibility(t *testing.T) {
	v := enginePosition(t, 4, true, 11, 60)
	l := newLayout(&v)
	c, err := render.NewCanvas(width, l.h)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
	sc := render.Scene{View: v, Names: goldenNames}
	drawBoard(rec, l, &v, sc.Name)
	for s, fs := range rec.texts {
		for _, f := range fs {
			if h := capHeight(t, f); h < minFullCap {
				t.Errorf("%q at %v px: capitals %.1f px high at full size, want %.0f", s, f.Size, h, minFullCap)
			}
		}
	}
	// At a glance: every territory id and price, each player's name,
	// money and VP, the phase and what happens now, and the factory
	// numbers on the display.
	glance := []string{v.Label, "Turn", "Phase", "Ada", "Chidi", "Player 4"}
	for _, tv := range v.Territories {
		glance = append(glance, tv.ID)
		if tv.Markers > 0 && !tv.Covered {
			glance = append(glance, "$"+strconv.Itoa(tv.Markers))
		}
	}
	for _, p := range v.PlayerViews {
		glance = append(glance, "$"+strconv.Itoa(p.Money), strconv.Itoa(p.VP)+" VP")
	}
	for _, sl := range v.Display {
		if sl.Card != nil {
			glance = append(glance, strconv.Itoa(sl.Card.Number))
		}
	}
	scale := previewWidth / width
	for _, s := range glance {
		fs, ok := rec.texts[s]
		if !ok {
			t.Errorf("%q is not drawn", s)
			continue
		}
		for _, f := range fs {
			if h := capHeight(t, f) * scale; h < minGlanceCap {
				t.Errorf("%q at %v px: capitals %.1f px high at %v px wide, want %.0f", s, f.Size, h, previewWidth, minGlanceCap)
			}
		}
	}
}
