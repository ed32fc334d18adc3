package render

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"testing"
)

// scene draws a made-up position n on s: a few shapes of every kind, some
// moving with n, some not.
func scene(s Surface, n int) {
	red := color.RGBA{200, 40, 30, 255}
	blue := color.RGBA{30, 60, 200, 255}
	ink := color.RGBA{20, 20, 20, 255}
	s.FillRect(10, 10, 60, 40, blue) // the same in every position
	s.FillRect(float64(20+7*n%90), 70, 33.5, 21, red)
	s.FillRoundRect(150, 20+float64(n%3)*9, 50, 30, 6, red)
	s.StrokeRoundRect(148, 18, 54, 64, 6, 2, ink)
	s.FillCircle(90+float64(n%4)*11, 120, 14, blue)
	s.StrokeCircle(60, 130, 9+float64(n%2), 1.5, ink)
	s.Line(5, 140, 230, 100-float64(n%5)*13, 3, ink)
	s.FillPoly([]Pt{{200, 110}, {235, 140 - float64(n%3)*5}, {180, 145}}, blue)
	s.Text(fmt.Sprint("Turn ", n%6), 120, 60, Font{Size: 18, Bold: true}, ink, 0.5)
	s.Text("kept", 10, 100, Font{Size: 14}, ink, 0)
}

func testPalette(t *testing.T) *Palette {
	p, err := NewPalette([]color.RGBA{{245, 240, 230, 255}, {200, 40, 30, 255}, {30, 60, 200, 255}, {20, 20, 20, 255}},
		[]Ramp{{A: color.RGBA{245, 240, 230, 255}, B: color.RGBA{20, 20, 20, 255}, Steps: 16}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRetainedDraw: positions drawn one after the other with Retained
// (forwards, repeated, backwards, over another static layer) give the
// same pixels and palette indexes as each drawn whole on its static layer.
func TestRetainedDraw(t *testing.T) {
	pal := testPalette(t)
	const w, h = 240, 150
	layer := func(col color.RGBA) (*image.RGBA, *image.Paletted) {
		c, err := NewCanvas(w, h)
		if err != nil {
			t.Fatal(err)
		}
		c.FillRect(0, 0, w, h, col)
		c.FillRect(0, 0, w, 8, color.RGBA{20, 20, 20, 255})
		p := image.NewPaletted(c.Img.Rect, pal.Colors)
		pal.Quantize(p, c.Img)
		return c.Img, p
	}
	stA, palA := layer(color.RGBA{245, 240, 230, 255})
	stB, palB := layer(color.RGBA{200, 40, 30, 255})
	c, err := NewCanvas(w, h)
	if err != nil {
		t.Fatal(err)
	}
	out := image.NewPaletted(c.Img.Rect, pal.Colors)
	ret := NewRetained(c)
	held := -1 // which layer c and out hold
	for i, step := range []struct{ n, layer int }{{0, 0}, {1, 0}, {2, 0}, {2, 0}, {3, 0}, {1, 0}, {7, 1}, {8, 1}, {8, 0}, {9, 0}, {0, 0}} {
		st, sp := stA, palA
		if step.layer == 1 {
			st, sp = stB, palB
		}
		scene(ret.Log(), step.n)
		ret.Draw(c, out, pal, st, sp, held != step.layer)
		held = step.layer
		want, err := NewCanvas(w, h)
		if err != nil {
			t.Fatal(err)
		}
		want.CopyFrom(st)
		scene(want, step.n)
		wantPal := image.NewPaletted(c.Img.Rect, pal.Colors)
		pal.Quantize(wantPal, want.Img)
		if !bytes.Equal(out.Pix, wantPal.Pix) {
			t.Errorf("image %d (position %d on layer %d): the retained drawing differs from the whole one", i, step.n, step.layer)
		}
		// The canvas holds the position in the tiles drawn (elsewhere it
		// is scratch).
		ret.dmg.Rects(func(r image.Rectangle) {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				a, b := c.Img.PixOffset(r.Min.X, y), c.Img.PixOffset(r.Max.X, y)
				if !bytes.Equal(c.Img.Pix[a:b], want.Img.Pix[a:b]) {
					t.Errorf("image %d: the canvas differs from the whole drawing in %v, which was drawn", i, r)
					return
				}
			}
		})
	}
}

// TestOpLogFootprints: every kind of call stays in its footprint, and
// CheckFootprints notices a call that does not.
func TestOpLogFootprints(t *testing.T) {
	c, err := NewCanvas(240, 150)
	if err != nil {
		t.Fatal(err)
	}
	for n := range 6 {
		l := NewOpLog(c)
		scene(l, n)
		if l.Len() != 10 {
			t.Fatalf("%d calls logged, want 10", l.Len())
		}
		if err := l.CheckFootprints(c); err != nil {
			t.Errorf("position %d: %v", n, err)
		}
	}
	l := NewOpLog(c)
	l.FillRect(100, 60, 10, 10, color.RGBA{255, 0, 0, 255})
	l.ops[0].tx1, l.ops[0].ty1 = l.ops[0].tx0, l.ops[0].ty0 // a footprint too small
	l.ops[0].a[2] = 60
	if l.CheckFootprints(c) == nil {
		t.Error("a call marking outside its footprint passed")
	}
}
