package render

import (
	"image"
	"image/color"
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
