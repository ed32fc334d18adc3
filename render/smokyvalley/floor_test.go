package smokyvalley

import (
	"image"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkFloor times both images of BenchmarkImages's position (a
// finished 4-player game) beside their floor, the same pixels encoded
// alone (rendertest.BenchFloor).
//
//	go test ./render/smokyvalley -run '^$' -bench Floor -benchtime 200x
func BenchmarkFloor(b *testing.B) {
	r, err := New()
	if err != nil {
		b.Fatal(err)
	}
	sc := render.Scene{View: playedView(b, 4, 5, 3000), Seat: engine.Spectator, Names: []string{"alice", "bob", "carol", "dave"}}
	rendertest.BenchFloor(b, func() ([][]byte, error) {
		imgs, err := r.Images(sc)
		var out [][]byte
		for _, im := range imgs {
			out = append(out, im.PNG)
		}
		return out, err
	}, func(img image.Image) ([]byte, error) { return r.enc.Encode(img, 96<<10) })
}
