package urbanization

import (
	"image/color"
	"strconv"
	"testing"

	"github.com/smokestack/smokestack/engine/lang"
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

// recorder is a canvas that remembers every text it drew, its font and
// where.
type recorder struct {
	*render.Canvas
	texts   map[string][]render.Font
	drawn   []drawnText
	circles []drawnCircle
}

// drawnCircle is a disc as drawn: its centre and radius.
type drawnCircle struct{ x, y, r float64 }

func (r *recorder) FillCircle(x, y, rad float64, c color.RGBA) {
	r.circles = append(r.circles, drawnCircle{x, y, rad})
	r.Canvas.FillCircle(x, y, rad, c)
}

// drawnText is a text as drawn: its left edge, width and baseline.
type drawnText struct {
	s       string
	x, w, y float64
	f       render.Font
}

func (r *recorder) Text(s string, x, y float64, f render.Font, c color.RGBA, align float64) {
	r.texts[s] = append(r.texts[s], f)
	w := r.Canvas.TextWidth(s, f)
	r.drawn = append(r.drawn, drawnText{s, x - align*w, w, y, f})
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
	for _, lg := range lang.Supported {
		t.Run(string(lg), func(t *testing.T) { legibility(t, lg) })
	}
}

// legibility draws a board with the expansion in language lg: every text
// is big enough, what a player reads at a glance bigger still, and every
// text fits its box (checkFits, checkPanelLines).
func legibility(t *testing.T, lg lang.Lang) {
	v := enginePosition(t, 4, true, 11, 60)
	l := newLayout(&v)
	c, err := render.NewCanvas(width, l.h)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
	sc := render.Scene{View: v, Names: goldenNames, Lang: lg}
	wd := newWords(sc)
	drawBoard(rec, l, &v, sc.Name, wd)
	checkPanelLines(t, rec, l, len(v.PlayerViews))
	checkFits(t, rec, l)
	for s, fs := range rec.texts {
		for _, f := range fs {
			if h := capHeight(t, f); h < minFullCap {
				t.Errorf("%q at %v px: capitals %.1f px high at full size, want %.0f", s, f.Size, h, minFullCap)
			}
		}
	}
	glance := []string{wd.label(&v, sc.Name), wd.say("turn"), wd.say("phase"), "Ada", "Chidi", sc.Name(3)}
	for _, tv := range v.Territories {
		glance = append(glance, tv.ID)
		if tv.Markers > 0 && !tv.Covered {
			glance = append(glance, wd.money(tv.Markers))
		}
	}
	for _, p := range v.PlayerViews {
		glance = append(glance, wd.money(p.Money), wd.w.Score(p.VP))
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

// checkFits fails when a text leaves the image, when a text that starts
// in the right column (grain, factory display, characters) leaves it, or
// when two texts on one baseline overlap (a heading and its note, a label
// and its value).
func checkFits(t *testing.T, rec *recorder, l *layout) {
	t.Helper()
	for i, a := range rec.drawn {
		if a.x < 0 || a.x+a.w > width {
			t.Errorf("%q (x %.0f to %.0f) leaves the image", a.s, a.x, a.x+a.w)
		}
		if a.y > l.boardY && a.y < l.boardY+l.boardH && a.x >= l.colX && a.x+a.w > l.colX+l.colW {
			t.Errorf("%q (x %.0f to %.0f) leaves the right column (to %.0f)", a.s, a.x, a.x+a.w, l.colX+l.colW)
		}
		for _, b := range rec.drawn[i+1:] {
			if a.y == b.y && a.s != "" && b.s != "" && a.x < b.x+b.w && b.x < a.x+a.w {
				t.Errorf("%q (x %.0f to %.0f) and %q (x %.0f to %.0f) overlap on baseline %.0f", a.s, a.x, a.x+a.w, b.s, b.x, b.x+b.w, a.y)
			}
		}
	}
}

// checkPanelLines fails when a text of a player panel reaches below the
// panel's bottom edge (less a margin) or overlaps a text of another line
// of the same panel: the capitals' top to the descent below the baseline.
func checkPanelLines(t *testing.T, rec *recorder, l *layout, seats int) {
	t.Helper()
	const margin = 4
	bottom := l.panelY + l.panelH - margin
	type box struct {
		d           drawnText
		top, bottom float64
	}
	var boxes []box
	for _, d := range rec.drawn {
		if d.y < l.panelY || d.y > l.panelY+l.panelH+40 {
			continue
		}
		face, err := render.NewFace(d.f)
		if err != nil {
			t.Fatal(err)
		}
		m := face.Metrics()
		face.Close()
		b := box{d, d.y - float64(m.CapHeight)/64, d.y + float64(m.Descent)/64}
		if b.bottom > bottom {
			t.Errorf("%q (baseline %.0f) reaches %.0f, below the panels' bottom edge %.0f less %d", d.s, d.y, b.bottom, l.panelY+l.panelH, margin)
		}
		boxes = append(boxes, b)
	}
	pw := (float64(width) - 2*margin) / float64(seats)
	for i, a := range boxes {
		for _, b := range boxes[i+1:] {
			if a.d.y == b.d.y || int(a.d.x/pw) != int(b.d.x/pw) {
				continue // the same line, or another panel
			}
			if a.d.x < b.d.x+b.d.w && b.d.x < a.d.x+a.d.w && a.top < b.bottom && b.top < a.bottom {
				t.Errorf("%q (baseline %.0f) and %q (baseline %.0f) overlap in a panel", a.d.s, a.d.y, b.d.s, b.d.y)
			}
		}
	}
	if len(boxes) == 0 {
		t.Error("no text drawn in the player panels")
	}
}
