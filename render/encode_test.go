package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"sync"
	"testing"
)

// The pooled encoder gives standard PNGs that decode to the same pixels,
// also when used from several goroutines, on both of its paths (a small
// palette through image/png, a board-sized one through the indexed path).
func TestEncoderRoundTrip(t *testing.T) {
	big := color.Palette{}
	for i := 0; i < 180; i++ {
		big = append(big, color.RGBA{uint8(i), 40, uint8(255 - i), 255})
	}
	for _, pal := range []color.Palette{{color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}, color.RGBA{230, 159, 0, 255}}, big} {
		roundTrip(t, pal)
	}
}

func roundTrip(t *testing.T, pal color.Palette) {
	img := image.NewPaletted(image.Rect(0, 0, 300, 170), pal)
	for i := range img.Pix {
		img.Pix[i] = uint8((i*31 + i/300) % len(pal))
	}
	e := NewEncoder()
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := e.Encode(img, 1024)
			if err != nil {
				t.Error(err)
				return
			}
			got, err := png.Decode(bytes.NewReader(b))
			if err != nil {
				t.Error(err)
				return
			}
			p, ok := got.(*image.Paletted)
			if !ok || !bytes.Equal(p.Pix, img.Pix) || len(p.Palette) != len(pal) {
				t.Error("decoded image differs")
			}
		}()
	}
	wg.Wait()
}

// A board-like paletted image (more than 16 opaque colours) takes the
// indexed path: image/png decodes it to the very same indexes and palette,
// with an offset rectangle too, and encoding it again gives the same bytes.
func TestEncoderIndexed(t *testing.T) {
	var pal color.Palette
	for i := 0; i < 200; i++ {
		pal = append(pal, color.RGBA{uint8(i), uint8(255 - i), uint8(i * 7), 255})
	}
	img := image.NewPaletted(image.Rect(10, 20, 333, 217), pal)
	for i := range img.Pix {
		img.Pix[i] = uint8((i/7*13 + i%5) % len(pal))
	}
	sub := img.SubImage(image.Rect(15, 30, 300, 200)).(*image.Paletted)
	e := NewEncoder()
	for _, im := range []*image.Paletted{img, sub} {
		b, err := e.Encode(im, 0)
		if err != nil {
			t.Fatal(err)
		}
		again, _ := e.Encode(im, 0)
		if !bytes.Equal(b, again) {
			t.Error("two encodings of one image differ")
		}
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		p, ok := got.(*image.Paletted)
		if !ok {
			t.Fatalf("decoded %T, want *image.Paletted", got)
		}
		if p.Rect.Dx() != im.Rect.Dx() || p.Rect.Dy() != im.Rect.Dy() || len(p.Palette) != len(pal) {
			t.Fatalf("decoded %v with %d colours", p.Rect, len(p.Palette))
		}
		for i, c := range pal {
			if p.Palette[i] != color.Color(c) {
				t.Fatalf("palette entry %d: %v, want %v", i, p.Palette[i], c)
			}
		}
		for y := 0; y < p.Rect.Dy(); y++ {
			for x := 0; x < p.Rect.Dx(); x++ {
				if p.ColorIndexAt(x, y) != im.ColorIndexAt(im.Rect.Min.X+x, im.Rect.Min.Y+y) {
					t.Fatalf("index at %d,%d differs", x, y)
				}
			}
		}
	}
}

// Images the indexed path does not take (small or translucent palettes,
// RGBA) still encode through image/png and decode to the same colours.
func TestEncoderFallback(t *testing.T) {
	translucent := make(color.Palette, 40)
	for i := range translucent {
		translucent[i] = color.NRGBA{uint8(i * 6), 0, 0, uint8(255 - i)}
	}
	rgba := image.NewRGBA(image.Rect(0, 0, 20, 10))
	for i := range rgba.Pix {
		rgba.Pix[i] = uint8(i)
	}
	for i := 3; i < len(rgba.Pix); i += 4 {
		rgba.Pix[i] = 255
	}
	e := NewEncoder()
	for name, img := range map[string]image.Image{
		"small palette": image.NewPaletted(image.Rect(0, 0, 20, 10), color.Palette{color.White, color.Black}),
		"translucent":   image.NewPaletted(image.Rect(0, 0, 20, 10), translucent),
		"rgba":          rgba,
	} {
		b, err := e.Encode(img, 0)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for y := 0; y < 10; y++ {
			for x := 0; x < 20; x++ {
				r1, g1, b1, a1 := got.At(x, y).RGBA()
				r2, g2, b2, a2 := img.At(x, y).RGBA()
				if r1>>8 != r2>>8 || g1>>8 != g2>>8 || b1>>8 != b2>>8 || a1>>8 != a2>>8 {
					t.Fatalf("%s: pixel %d,%d differs", name, x, y)
				}
			}
		}
	}
}
