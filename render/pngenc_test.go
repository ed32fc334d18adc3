package render

import (
	"bytes"
	"hash/adler32"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func TestAdler32Combine(t *testing.T) {
	data := make([]byte, 200000)
	for i := range data {
		data[i] = byte(i*7 + i/300)
	}
	for _, cut := range []int{0, 1, 65520, 65521, 100000, len(data)} {
		a, b := data[:cut], data[cut:]
		got := adler32Combine(adler32.Checksum(a), adler32.Checksum(b), int64(len(b)))
		if want := adler32.Checksum(data); got != want {
			t.Errorf("cut %d: %08x, want %08x", cut, got, want)
		}
	}
}

// The banded encoder writes PNGs that the standard decoder reads back
// pixel for pixel, for sizes around the band boundaries.
func TestEncodePalettedRoundTrip(t *testing.T) {
	pal := color.Palette{color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}, color.RGBA{230, 159, 0, 255}, color.NRGBA{10, 20, 30, 128}}
	for _, size := range []image.Point{{1, 1}, {7, 3}, {300, 17}, {640, 481}} {
		img := image.NewPaletted(image.Rect(0, 0, size.X, size.Y), pal)
		for i := range img.Pix {
			img.Pix[i] = uint8((i*31 + i/size.X) % len(pal))
		}
		b, err := EncodePaletted(img)
		if err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%v: decode: %v", size, err)
		}
		if got.Bounds() != img.Bounds() {
			t.Fatalf("%v: bounds %v", size, got.Bounds())
		}
		for y := 0; y < size.Y; y++ {
			for x := 0; x < size.X; x++ {
				r1, g1, b1, a1 := got.At(x, y).RGBA()
				r2, g2, b2, a2 := img.At(x, y).RGBA()
				if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 || a1>>8 != a2>>8 {
					t.Fatalf("%v: pixel %d,%d: %v, want %v", size, x, y, got.At(x, y), img.At(x, y))
				}
			}
		}
	}
}
