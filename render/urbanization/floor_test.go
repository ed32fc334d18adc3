package urbanization

import (
	"image"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkFloor times BenchmarkPNG's position (4 players with the
// Inventions expansion, the tallest image) beside its floor, the same
// pixels encoded alone (rendertest.BenchFloor).
//
//	go test ./render/urbanization -run '^$' -bench Floor -benchtime 200x
func BenchmarkFloor(b *testing.B) {
	r := newTestRenderer(b)
	sc := render.Scene{View: enginePosition(b, 4, true, 11, 60), Seat: engine.Spectator, Names: goldenNames}
	rendertest.BenchFloor(b, func() ([][]byte, error) {
		imgs, err := r.Images(sc)
		var out [][]byte
		for _, im := range imgs {
			out = append(out, im.PNG)
		}
		return out, err
	}, func(img image.Image) ([]byte, error) { return r.enc.Encode(img, 128<<10) })
}
