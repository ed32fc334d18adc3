package urbanization

import (
	"bytes"
	"fmt"
	"image"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

// layerCase is a scene of the golden positions in one language.
type layerCase struct {
	name string
	sc   render.Scene
}

// layerCases are the golden positions in English, German and French,
// interleaved so that a renderer switches static layer (layout, players,
// scale, language) and position from one image to the next.
func layerCases(t *testing.T) []layerCase {
	var cs []layerCase
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		for _, c := range goldenCases {
			v := enginePosition(t, c.seats, c.inventions, c.seed, c.moves)
			name := c.name
			if l != lang.English {
				name += "-" + string(l)
			}
			cs = append(cs, layerCase{name, render.Scene{View: v, Seat: engine.Spectator, Names: goldenNames, Lang: l}})
		}
	}
	// The same positions again, each after a different one.
	for i := range cs {
		if i%2 == 1 {
			cs = append(cs, cs[i])
		}
	}
	return cs
}

// uncached draws sc's image the slow way: both layers on a fresh canvas,
// the whole image converted to the palette.
func uncached(t *testing.T, r *Renderer, sc render.Scene) []byte {
	t.Helper()
	v := sc.View.(urbanization.View)
	l := newLayout(&v)
	c, err := render.NewCanvas(width, l.h)
	if err != nil {
		t.Fatal(err)
	}
	pal, err := gamePalette()
	if err != nil {
		t.Fatal(err)
	}
	drawBoard(c, l, &v, sc.Name, newWords(sc))
	out := image.NewPaletted(c.Img.Rect, pal.Colors)
	pal.Quantize(out, c.Img)
	b, err := r.enc.Encode(out, 160<<10)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestStaticLayerExact: drawing over the cached static layer, and over what
// the previous position left (restored where it was drawn), gives the same
// bytes as drawing the whole image afresh (the golden test tolerates small
// differences; the cache must not make any).
func TestStaticLayerExact(t *testing.T) {
	r := newTestRenderer(t)
	for i, c := range layerCases(t) {
		got, err := r.PNG(c.sc)
		if err != nil {
			t.Fatal(err)
		}
		if want := uncached(t, r, c.sc); !bytes.Equal(got, want) {
			t.Errorf("%d %s: the cached drawing differs from the whole one", i, c.name)
		}
	}
	if len(r.static) < 3 {
		t.Errorf("%d static layers cached, want one per layout and language (3 or more)", len(r.static))
	}
}

// TestStaticLayerConcurrent: goroutines drawing on one renderer, each
// through the cases in its own order, give the images one goroutine gives.
func TestStaticLayerConcurrent(t *testing.T) {
	cs := layerCases(t)
	want := make([][]byte, len(cs))
	ref := newTestRenderer(t)
	for i, c := range cs {
		b, err := ref.PNG(c.sc)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	r := newTestRenderer(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4*len(cs))
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range cs {
				i := (k*(g+1) + g) % len(cs)
				b, err := r.PNG(cs[i].sc)
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b, want[i]) {
					errs <- fmt.Errorf("goroutine %d, %s: differs", g, cs[i].name)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// TestRetainedExact: a game's positions drawn one after the other on one
// renderer (each redrawing only the tiles whose drawing calls changed,
// render.Retained), forwards, backwards and with a jump to another game and
// language, give the same bytes as each drawn whole afresh.
func TestRetainedExact(t *testing.T) {
	r := newTestRenderer(t)
	var scs []render.Scene
	for m := 40; m <= 64; m++ {
		scs = append(scs, render.Scene{View: enginePosition(t, 4, true, 11, m), Seat: engine.Spectator, Names: goldenNames})
	}
	for i := len(scs) - 1; i >= 0; i -= 3 {
		scs = append(scs, scs[i])
	}
	g := render.Scene{View: enginePosition(t, 3, false, 5, 30), Seat: engine.Spectator, Names: goldenNames, Lang: lang.German}
	scs = append(scs, g, scs[0], scs[1])
	for i, sc := range scs {
		got, err := r.PNG(sc)
		if err != nil {
			t.Fatal(err)
		}
		if want := uncached(t, r, sc); !bytes.Equal(got, want) {
			t.Errorf("image %d: the retained drawing differs from the whole one", i)
		}
	}
}

// TestFootprints: every drawing call of the golden positions touches, as
// the canvas marks it, only tiles of its footprint (render.OpLog), which
// the retained drawing relies on.
func TestFootprints(t *testing.T) {
	for _, c := range layerCases(t)[:len(goldenCases)*3] {
		v := c.sc.View.(urbanization.View)
		l := newLayout(&v)
		cv, err := render.NewCanvas(width, l.h)
		if err != nil {
			t.Fatal(err)
		}
		log := render.NewOpLog(cv)
		drawDynamic(log, l, &v, c.sc.Name, newWords(c.sc))
		if log.Len() < 100 {
			t.Fatalf("%s: %d calls logged", c.name, log.Len())
		}
		if err := log.CheckFootprints(cv); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}
