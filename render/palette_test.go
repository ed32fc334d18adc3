package render

import (
	"image"
	"image/color"
	"math/rand/v2"
	"testing"
)

func TestPaletteMapsBaseColoursExactly(t *testing.T) {
	base := []color.RGBA{{255, 255, 255, 255}, {0, 0, 0, 255}, {230, 159, 0, 255}, {86, 180, 233, 255}, {0, 0, 1, 255}}
	p, err := NewPalette(base, []Ramp{{A: base[0], B: base[1], Steps: 3}})
	if err != nil {
		t.Fatal(err)
	}
	// {0,0,1} falls in the same 6-bit cell as black and is dropped.
	if got, want := len(p.Colors), 4+3; got != want {
		t.Fatalf("%d colours, want %d", got, want)
	}
	src := image.NewRGBA(image.Rect(0, 0, 5, 2))
	for x, c := range base[:4] {
		src.SetRGBA(x, 0, c)
		src.SetRGBA(x, 1, c)
	}
	src.SetRGBA(4, 0, color.RGBA{128, 128, 128, 255}) // the middle of the ramp
	src.SetRGBA(4, 1, color.RGBA{250, 250, 250, 255})
	dst := image.NewPaletted(src.Rect, nil)
	p.Quantize(dst, src)
	for x, c := range base[:4] {
		for y := 0; y < 2; y++ {
			if got := dst.At(x, y); got != color.Color(c) {
				t.Errorf("pixel %d,%d: %v, want %v", x, y, got, c)
			}
		}
	}
	if got := dst.At(4, 0); got != color.Color(color.RGBA{128, 128, 128, 255}) {
		t.Errorf("grey: %v, want the ramp's middle", got)
	}
	if got := dst.At(4, 1); got != color.Color(base[0]) {
		t.Errorf("near white: %v, want white", got)
	}
}

func TestDamageRects(t *testing.T) {
	d := NewDamage(image.Rect(0, 0, 100, 70))
	d.Mark(image.Rect(5, 5, 10, 10))
	d.Mark(image.Rect(40, 40, 90, 45))
	d.Mark(image.Rect(200, 200, 300, 300)) // outside: ignored
	var got []image.Rectangle
	d.Rects(func(r image.Rectangle) { got = append(got, r) })
	want := []image.Rectangle{image.Rect(0, 0, 32, 32), image.Rect(32, 32, 96, 64)}
	if len(got) != len(want) {
		t.Fatalf("rects %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("rect %d: %v, want %v", i, got[i], want[i])
		}
	}
	d.Reset()
	if f := d.Fraction(); f != 0 {
		t.Errorf("after reset: %v damaged", f)
	}
}

// TestQuantizeRuns: the conversion, which takes runs of eight equal
// pixels at once, gives every pixel its own colour's entry, whatever the
// width, the offset of the rectangle and the mix of runs and single
// pixels.
func TestQuantizeRuns(t *testing.T) {
	p := testPalette(t)
	rng := rand.New(rand.NewPCG(1, 2))
	cols := []color.RGBA{{245, 240, 230, 255}, {200, 40, 30, 255}, {30, 60, 200, 255}, {20, 20, 20, 255}}
	for w := 1; w <= 41; w += 4 {
		src := image.NewRGBA(image.Rect(0, 0, w, 64))
		for i := 0; i < len(src.Pix); i += 4 {
			c := cols[rng.IntN(len(cols))]
			if rng.IntN(3) > 0 && i >= 4 { // a run: the pixel before's colour
				c = color.RGBA{src.Pix[i-4], src.Pix[i-3], src.Pix[i-2], 255}
			} else if rng.IntN(2) == 0 { // an antialiased pixel
				c = color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
			}
			src.Pix[i], src.Pix[i+1], src.Pix[i+2], src.Pix[i+3] = c.R, c.G, c.B, c.A
		}
		dst := image.NewPaletted(src.Rect, nil)
		d := NewDamage(src.Rect)
		d.Mark(image.Rect(0, 32, w, 64))
		p.Quantize(dst, src)
		p.QuantizeDamaged(dst, src, d)
		for y := 0; y < 64; y++ {
			for x := 0; x < w; x++ {
				c := src.RGBAAt(x, y)
				if got, want := dst.ColorIndexAt(x, y), p.lut[lutKey(c.R, c.G, c.B)]; got != want {
					t.Fatalf("width %d, pixel %d,%d (%v): index %d, want %d", w, x, y, c, got, want)
				}
			}
		}
	}
}
