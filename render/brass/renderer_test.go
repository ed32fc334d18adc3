package brass

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/render"
)

func TestPNGRejects(t *testing.T) {
	r := newTestRenderer(t)
	if _, err := r.PNG("not a view", engine.Spectator); !errors.Is(err, ErrView) {
		t.Errorf("string view: %v, want ErrView", err)
	}
	// A seat's hand must never be drawn for someone else.
	if _, err := r.PNG(handView(), engine.Spectator); !errors.Is(err, ErrSeat) {
		t.Errorf("hand view as spectator: %v, want ErrSeat", err)
	}
	if _, err := r.PNG(handView(), 2); !errors.Is(err, ErrSeat) {
		t.Errorf("hand view of seat 1 for seat 2: %v, want ErrSeat", err)
	}
	// Both the value and the pointer are accepted.
	if _, err := r.PNG(*midCanalView(), engine.Spectator); err != nil {
		t.Errorf("value view: %v", err)
	}
}

func TestRegistersInSet(t *testing.T) {
	set := render.NewSet(newTestRenderer(t))
	imgs, err := set.Images("brass", render.Scene{View: emptyView(3), Seat: engine.Spectator})
	if err != nil {
		t.Fatal(err)
	}
	if len(imgs) != 1 || imgs[0].Name != "board.png" || imgs[0].Title != "Board" {
		t.Fatalf("images %+v, want one board.png titled Board", imgs)
	}
	img, err := png.Decode(bytes.NewReader(imgs[0].PNG))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds(); got != image.Rect(0, 0, 1280, 1160) {
		t.Errorf("bounds %v", got)
	}
}

// Renders from several goroutines at once (run with -race) must give the
// same bytes as one at a time.
func TestConcurrentRender(t *testing.T) {
	r := newTestRenderer(t)
	views := []struct {
		v    *brass.View
		seat int
	}{{emptyView(4), engine.Spectator}, {midCanalView(), engine.Spectator}, {railView(), engine.Spectator}, {handView(), 1}}
	want := make([][]byte, len(views))
	for i, c := range views {
		b, err := r.PNG(c.v, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	fresh := newTestRenderer(t) // cold caches, filled concurrently
	var wg sync.WaitGroup
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; n < 2; n++ {
				i := (g + n) % len(views)
				b, err := fresh.PNG(views[i].v, views[i].seat)
				if err != nil {
					t.Error(err)
					return
				}
				if !bytes.Equal(b, want[i]) {
					t.Errorf("goroutine %d: view %d differs from the sequential render", g, i)
				}
			}
		}()
	}
	wg.Wait()
}

// Flipped and unflipped counters differ in lightness for every seat, so they
// are told apart without colour vision.
func TestFlipVisibleInGrey(t *testing.T) {
	for seat := 0; seat < 4; seat++ {
		var lum [2]float64
		for i, flipped := range []bool{false, true} {
			c, err := render.NewCanvas(spaceSize+14, spaceSize+14)
			if err != nil {
				t.Fatal(err)
			}
			c.FillRect(0, 0, spaceSize+14, spaceSize+14, colWhite)
			drawCounter(c, box{7, 7, spaceSize, spaceSize}, &brass.TileView{Owner: seat, Industry: "cotton", Level: 2, Flipped: flipped})
			lum[i] = meanLuma(c.Img, image.Rect(7, 7, 7+spaceSize, 7+spaceSize))
		}
		if d := lum[0] - lum[1]; d < 40 {
			t.Errorf("seat %d: unflipped luma %.0f, flipped %.0f: too close", seat, lum[0], lum[1])
		}
	}
}

// Player colours keep distinct lightness, as a back-up to the seat letters.
func TestSeatColoursDistinctLightness(t *testing.T) {
	seats := thePrinted().maxSeats
	for i := range seats {
		for j := i + 1; j < seats; j++ {
			ci, cj := seatColor(i), seatColor(j)
			a, b := luma(ci.R, ci.G, ci.B), luma(cj.R, cj.G, cj.B)
			if d := a - b; d > -25 && d < 25 {
				t.Errorf("seats %d and %d have luma %.0f and %.0f", i, j, a, b)
			}
		}
	}
}

func luma(r, g, b uint8) float64 { return 0.299*float64(r) + 0.587*float64(g) + 0.114*float64(b) }

func meanLuma(img *image.RGBA, r image.Rectangle) float64 {
	sum := 0.0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := img.RGBAAt(x, y)
			sum += luma(c.R, c.G, c.B)
		}
	}
	return sum / float64(r.Dx()*r.Dy())
}

// Every golden position stays within the Discord-friendly size budget.
func TestSizeBudget(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range goldenCases() {
		b, err := r.PNG(c.v, c.seat)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) > 300<<10 {
			t.Errorf("%s: %d KiB, budget 300 KiB", c.name, len(b)>>10)
		}
	}
}

// Converting only the damaged tiles, after restoring only what the previous
// position drew, gives exactly the image a full redraw and full conversion
// give, across a sequence of different positions on one painter.
func TestDamageMatchesFullRedraw(t *testing.T) {
	r := newTestRenderer(t)
	p, err := r.painter()
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range []*brass.View{midCanalView(), railView(), emptyView(4), handView(), midCanalView(), emptyView(3)} {
		if err := r.draw(p, v, render.Scene{View: v, Seat: v.Seat}); err != nil {
			t.Fatal(err)
		}
		st, err := r.staticFor(p, v, english)
		if err != nil {
			t.Fatal(err)
		}
		fresh, err := render.NewCanvas(r.l.Width, r.l.Height)
		if err != nil {
			t.Fatal(err)
		}
		fresh.CopyFrom(st.img)
		st.b.drawDynamic(fresh, v, english)
		// Only the paletted image is compared: the canvas holds the
		// position in the tiles drawn, and is scratch elsewhere
		// (render.Retained.Draw).
		full := image.NewPaletted(fresh.Img.Rect, p.pal.Colors)
		p.pal.Quantize(full, fresh.Img)
		if !bytes.Equal(full.Pix, p.out.Pix) {
			t.Errorf("position %d: damaged conversion differs from a full one", i)
		}
		if f := p.ret.Fraction(); f > 0.7 {
			t.Errorf("position %d: %.0f%% of the board redrawn", i, 100*f)
		}
	}
}
