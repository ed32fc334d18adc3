package urbanization

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

// goldenNames are the players' names in the golden images: short, long
// (shortened to fit its panel) and one missing ("Player 4").
var goldenNames = []string{"Ada", "Bartholomew Fortescue-Smythe", "Chidi", ""}

// goldenCases are the positions whose images are kept in testdata: real
// engine positions of seeded matches.
var goldenCases = []struct {
	name       string
	seats      int
	inventions bool
	seed       uint64
	moves      int
}{
	{"2p-hire", 2, false, 7, 3},             // turn 1, the covering tiles of 2 players
	{"4p-mid", 4, false, 7, 90},             // turn 5, buildings, factories, admin buildings
	{"3p-inventions-over", 3, true, 7, 400}, // a finished match with the invention area
	{"4p-inventions-mid", 4, true, 11, 60},  // the expansion mid-game
}

func TestGolden(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			v := enginePosition(t, c.seats, c.inventions, c.seed, c.moves)
			imgs, err := r.Images(render.Scene{View: v, Seat: engine.Spectator, Names: goldenNames})
			if err != nil {
				t.Fatal(err)
			}
			if err := render.CheckImages(imgs); err != nil {
				t.Fatal(err)
			}
			checkGolden(t, c.name, imgs[0].PNG)
		})
	}
}

// Every seat sees the same picture: nothing is hidden.
func TestSeatsSeeTheSameBoard(t *testing.T) {
	r := newTestRenderer(t)
	v := enginePosition(t, 3, true, 5, 40)
	spec, err := r.PNG(render.Scene{View: v, Seat: engine.Spectator, Names: goldenNames})
	if err != nil {
		t.Fatal(err)
	}
	for seat := 0; seat < 3; seat++ {
		imgs, err := r.Images(render.Scene{View: v, Seat: seat, Names: goldenNames})
		if err != nil {
			t.Fatal(err)
		}
		if len(imgs) != 1 || imgs[0].Name != "board.png" || !bytes.Equal(imgs[0].PNG, spec) {
			t.Errorf("seat %d: %d images, first %q, differs from the spectator's", seat, len(imgs), imgs[0].Name)
		}
	}
}

func TestRejectsOtherViews(t *testing.T) {
	r := newTestRenderer(t)
	if _, err := r.Images(render.Scene{View: struct{}{}, Seat: engine.Spectator}); !errors.Is(err, ErrView) {
		t.Errorf("a foreign view: %v, want ErrView", err)
	}
	if _, err := r.Images(render.Scene{View: urbanization.View{Players: 9}, Seat: engine.Spectator}); !errors.Is(err, ErrView) {
		t.Errorf("9 players: %v, want ErrView", err)
	}
	v := enginePosition(t, 2, false, 1, 0)
	if _, err := r.Images(render.Scene{View: &v, Seat: engine.Spectator}); err != nil {
		t.Errorf("a *View: %v", err)
	}
}

func newTestRenderer(t testing.TB) *Renderer {
	t.Helper()
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Tolerances: a channel may differ by up to chanTol, and at most
// maxBadFrac of the pixels may differ more (font rasterization and
// palette choices may shift a little across versions).
const (
	chanTol    = 24
	maxBadFrac = 0.002
)

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	if len(got) > 300<<10 {
		t.Errorf("%s: %d KiB, budget 300 KiB", name, len(got)>>10)
	}
	path := filepath.Join("testdata", name+".png")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	gi, err := png.Decode(bytes.NewReader(got))
	if err != nil {
		t.Fatal(err)
	}
	wi, err := png.Decode(bytes.NewReader(want))
	if err != nil {
		t.Fatal(err)
	}
	diff, bad, err := comparePixels(gi, wi)
	if err == nil && float64(bad) > maxBadFrac*float64(gi.Bounds().Dx()*gi.Bounds().Dy()) {
		err = fmt.Errorf("%d pixels differ by more than %d", bad, chanTol)
	}
	if err != nil {
		out := filepath.Join(os.TempDir(), "urbanization-"+name)
		_ = os.WriteFile(out+"-got.png", got, 0o644)
		if diff != nil {
			var buf bytes.Buffer
			if png.Encode(&buf, diff) == nil {
				_ = os.WriteFile(out+"-diff.png", buf.Bytes(), 0o644)
			}
		}
		t.Errorf("%s: %v; wrote %s-got.png and %s-diff.png (rerun with -update if the change is intended)", name, err, out, out)
	}
}

// comparePixels counts the pixels whose channels differ by more than chanTol
// and returns an image marking them in red over a faded copy of want.
func comparePixels(got, want image.Image) (*image.RGBA, int, error) {
	if got.Bounds() != want.Bounds() {
		return nil, 0, fmt.Errorf("size %v, want %v", got.Bounds(), want.Bounds())
	}
	b := got.Bounds()
	diff := image.NewRGBA(b)
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) >> 8
			if d > chanTol {
				bad++
				diff.Set(x, y, color.RGBA{255, 0, 0, 255})
			} else {
				l := uint8((r2 + g2 + b2) / 3 >> 8)
				l = 192 + l/4
				diff.Set(x, y, color.RGBA{l, l, l, 255})
			}
		}
	}
	return diff, bad, nil
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

// Every few positions of whole seeded matches, for every seat count with
// and without the expansion, draws within the size budget.
func TestWholeMatches(t *testing.T) {
	r := newTestRenderer(t)
	for seats := 2; seats <= 4; seats++ {
		for _, inv := range []bool{false, true} {
			for moves := 0; ; moves += 9 {
				v := enginePosition(t, seats, inv, uint64(40+seats), moves)
				b, err := r.PNG(render.Scene{View: v, Seat: engine.Spectator})
				if err != nil {
					t.Fatalf("%d seats, inventions %v, move %d: %v", seats, inv, moves, err)
				}
				if len(b) > 300<<10 {
					t.Errorf("%d seats, inventions %v, move %d: %d KiB", seats, inv, moves, len(b)>>10)
				}
				if v.Finished {
					break
				}
				if moves > 600 {
					t.Fatalf("%d seats: no end after %d moves", seats, moves)
				}
			}
		}
	}
}
