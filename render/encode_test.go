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
// also when used from several goroutines.
func TestEncoderRoundTrip(t *testing.T) {
	pal := color.Palette{color.RGBA{255, 255, 255, 255}, color.RGBA{0, 0, 0, 255}, color.RGBA{230, 159, 0, 255}}
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
