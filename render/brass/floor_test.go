package brass

import (
	"image"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkFloor times the late-game images of BenchmarkImages (the public
// board; a seat's board and hand) beside their floor, the same pixels
// encoded alone (rendertest.BenchFloor).
//
//	go test ./render/brass -run '^$' -bench Floor -benchtime 200x
func BenchmarkFloor(b *testing.B) {
	g, st := enginePosition(b, 4, 45)
	r := newTestRenderer(b)
	for _, c := range []struct {
		name string
		seat int
	}{{"public", engine.Spectator}, {"seat", 2}} {
		b.Run(c.name, func(b *testing.B) {
			sc := render.Scene{View: g.View(st, c.seat), Seat: c.seat, Names: goldenNames}
			rendertest.BenchFloor(b, func() ([][]byte, error) {
				imgs, err := r.Images(sc)
				var out [][]byte
				for _, im := range imgs {
					out = append(out, im.PNG)
				}
				return out, err
			}, func(img image.Image) ([]byte, error) { return r.enc.Encode(img, 160<<10) })
		})
	}
}
