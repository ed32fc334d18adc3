package smokyvalley

import (
	"image/color"
	"testing"

	"github.com/smokestack/smokestack/engine/lang"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// minFullCap is the smallest capital height, in pixels, of any text on
// the board or the players' image at full size, so nothing printed needs
// a zoom past 100 % (the threshold Brass's and Urbanization's legibility
// tests hold their boards to).
const minFullCap = 10.0

// fontRecorder is a canvas that tells of every text it draws, whichever
// of the pen's helpers drew it.
type fontRecorder struct {
	*render.Canvas
	heard func(s string, f render.Font)
}

func (r fontRecorder) Text(s string, x, y float64, f render.Font, c color.RGBA, align float64) {
	r.heard(s, f)
	r.Canvas.Text(s, x, y, f, c, align)
}

// TestLegibility draws both images of every golden position in every
// language, also with longNames in every seat (the texts that shrink to
// keep a name whole), and fails when any text is drawn with capitals
// under minFullCap pixels high.
func TestLegibility(t *testing.T) {
	caps := map[render.Font]float64{}
	capOf := func(f render.Font) float64 {
		if h, ok := caps[f]; ok {
			return h
		}
		face, err := render.NewFace(f)
		if err != nil {
			t.Fatal(err)
		}
		defer face.Close()
		caps[f] = float64(face.Metrics().CapHeight) / 64
		return caps[f]
	}
	for _, l := range lang.Supported {
		for _, c := range goldenCases {
			v := playedView(t, c.seats, 5, c.moves)
			if c.name == "rich-4p" {
				v = richView(t)
			}
			long := make([]string, len(v.Seats))
			for i := range long {
				long[i] = longNames[i%len(longNames)]
			}
			for _, names := range [][]string{c.names, long} {
				for _, part := range []string{"board", "players"} {
					canvas, err := render.NewCanvas(boardW, boardH)
					if err != nil {
						t.Fatal(err)
					}
					sc := render.Scene{View: v, Seat: c.seat, Names: names, Lang: l}
					small := map[string]float64{}
					rec := fontRecorder{Canvas: canvas, heard: func(s string, f render.Font) {
						if h := capOf(f); h < minFullCap {
							small[s] = f.Size
						}
					}}
					p := &pen{c: rec, pr: sv.PrintedValues(), sc: sc, wd: newWords(sc)}
					vv := v
					if part == "board" {
						p.board(&vv)
					} else {
						p.players(&vv)
					}
					for s, size := range small {
						t.Errorf("%s %s %s (names %q): %q at %v px has capitals under %.0f px", l, c.name, part, names, s, size, minFullCap)
					}
				}
			}
		}
	}
}
