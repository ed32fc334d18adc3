package urbanization

import (
	"bytes"
	"errors"
	"flag"
	"testing"

	"github.com/smokestack/smokestack/render/rendertest"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
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
// TestGoldenTranslated: the board's words in German (the longest of the
// three languages) and French: headings, legends, names, the phase.
func TestGoldenTranslated(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range goldenCases {
		for _, l := range []lang.Lang{lang.German, lang.French} {
			if c.name != "4p-inventions-mid" && (c.name != "3p-inventions-over" || l != lang.German) {
				continue
			}
			t.Run(c.name+"-"+string(l), func(t *testing.T) {
				v := enginePosition(t, c.seats, c.inventions, c.seed, c.moves)
				imgs, err := r.Images(render.Scene{View: v, Seat: engine.Spectator, Names: goldenNames, Lang: l})
				if err != nil {
					t.Fatal(err)
				}
				checkGolden(t, c.name+"-"+string(l), imgs[0].PNG)
			})
		}
	}
}

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
	// The header words what happens now from the segment and the seat to
	// act; a game not over without one is not a position the engine makes
	// (TestViewSaysWhatHappensNowAsData), and no text can stand in for it.
	for _, seg := range []string{"first-house", "hire", "actions", "exchange"} {
		w := enginePosition(t, 2, false, 1, 0)
		w.Segment, w.Active = seg, []int{}
		if _, err := r.Images(render.Scene{View: w, Seat: engine.Spectator, Lang: lang.German}); !errors.Is(err, ErrView) {
			t.Errorf("segment %s with no seat to act: %v, want ErrView", seg, err)
		}
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

// checkGolden compares a rendered image with its golden file
// (rendertest.CheckGolden).
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	rendertest.CheckGolden(t, "urbanization", name, got, *update)
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
