package render

import (
	"bytes"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"golang.org/x/image/vector"
)

// fillDirect fills paths as the canvas did before it kept coverage:
// rasterized and drawn by vector.Rasterizer.
func fillDirect(img *image.RGBA, col color.RGBA, paths ...[]Pt) {
	minX, minY, maxX, maxY := 1e9, 1e9, -1e9, -1e9
	for _, p := range paths {
		for _, q := range p {
			minX, maxX = min(minX, q.X), max(maxX, q.X)
			minY, maxY = min(minY, q.Y), max(maxY, q.Y)
		}
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).Intersect(img.Rect)
	if r.Empty() {
		return
	}
	var z vector.Rasterizer
	z.Reset(r.Dx(), r.Dy())
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	for _, p := range paths {
		if len(p) < 3 {
			continue
		}
		z.MoveTo(float32(p[0].X)-ox, float32(p[0].Y)-oy)
		for _, q := range p[1:] {
			z.LineTo(float32(q.X)-ox, float32(q.Y)-oy)
		}
		z.ClosePath()
	}
	z.Draw(img, r, image.NewUniform(col), image.Point{})
}

// TestMaskExact: shapes filled through the kept coverage (the first time
// and again, over other pixels, opaque and translucent, partly outside
// the image, with holes) give the pixels vector.Rasterizer gives.
func TestMaskExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	c, err := NewCanvas(160, 120)
	if err != nil {
		t.Fatal(err)
	}
	want := image.NewRGBA(c.Img.Rect)
	type shape struct {
		paths [][]Pt
		col   color.RGBA
	}
	var shapes []shape
	for range 60 {
		x, y, r := rng.Float64()*180-10, rng.Float64()*140-10, 1+rng.Float64()*40
		col := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		if rng.IntN(3) == 0 { // translucent, premultiplied
			a := uint8(rng.IntN(256))
			col = color.RGBA{col.R / 2 * a / 255, col.G / 2 * a / 255, col.B / 2 * a / 255, a}
		}
		outer := append([]Pt(nil), c.ellipse(x, y, r, false)...)
		s := shape{paths: [][]Pt{outer}, col: col}
		switch rng.IntN(3) {
		case 0: // a ring
			s.paths = append(s.paths, append([]Pt(nil), c.ellipse(x, y, r/2, true)...))
		case 1: // a thin piece of a line
			s.paths = [][]Pt{{{x, y}, {x + r, y + r/3}, {x + r - 0.7, y + r/3 + 1.9}, {x - 0.7, y + 1.9}}}
		}
		shapes = append(shapes, s)
	}
	for round := range 3 {
		// Other pixels under the shapes each round.
		for i := range c.Img.Pix {
			c.Img.Pix[i] = uint8(rng.IntN(256))
		}
		copy(want.Pix, c.Img.Pix)
		for _, s := range shapes {
			c.fillPaths(s.col, s.paths...)
			fillDirect(want, s.col, s.paths...)
		}
		if !bytes.Equal(c.Img.Pix, want.Pix) {
			t.Fatalf("round %d: the pixels differ from the rasterizer's", round)
		}
	}
	if len(c.masks.m) == 0 {
		t.Error("no coverage kept")
	}
	if c.masks.bytes > maskMaxBytes {
		t.Errorf("%d bytes of coverage kept, at most %d", c.masks.bytes, maskMaxBytes)
	}
}
