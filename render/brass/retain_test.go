package brass

import (
	"bytes"
	"image"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// uncached draws sc's board the slow way: both layers on a fresh canvas,
// the whole image converted to the palette.
func uncached(t *testing.T, r *Renderer, sc render.Scene) []byte {
	t.Helper()
	bv, err := r.brassView(sc.View, sc.Seat)
	if err != nil {
		t.Fatal(err)
	}
	c, err := render.NewCanvas(r.l.Width, r.l.Height)
	if err != nil {
		t.Fatal(err)
	}
	pal, err := gamePalette()
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBoard(r.l, c, bv, wordsFor(sc))
	if err != nil {
		t.Fatal(err)
	}
	w := wordsFor(sc)
	b.drawStatic(c, bv, w)
	b.drawDynamic(c, bv, w)
	out := image.NewPaletted(c.Img.Rect, pal.Colors)
	pal.Quantize(out, c.Img)
	png, err := r.enc.Encode(out, 160<<10)
	if err != nil {
		t.Fatal(err)
	}
	return png
}

// retainedScenes are consecutive positions of a real game across the
// change from the canal to the rail period, forwards then backwards by
// threes, then a jump to another game seen by a seat in German, and back.
func retainedScenes(t *testing.T) []render.Scene {
	g, sts := engineStates(t, 4, 12)
	var scs []render.Scene
	for _, st := range sts[len(sts)-25:] {
		scs = append(scs, render.Scene{View: g.View(st, engine.Spectator), Seat: engine.Spectator, Names: goldenNames})
	}
	for i := len(scs) - 1; i >= 0; i -= 3 {
		scs = append(scs, scs[i])
	}
	g5, st5 := enginePosition(t, 5, 20)
	scs = append(scs, render.Scene{View: g5.View(st5, 2), Seat: 2, Names: goldenNames, Lang: lang.German}, scs[0], scs[1])
	return scs
}

// TestRetainedExact: a game's boards drawn one after the other on one
// renderer (each redrawing only the tiles whose drawing calls changed,
// render.Retained) give the same bytes as each drawn whole afresh; the
// hand image, drawn whole, is checked by the goldens.
func TestRetainedExact(t *testing.T) {
	r := newTestRenderer(t)
	for i, sc := range retainedScenes(t) {
		imgs, err := r.Images(sc)
		if err != nil {
			t.Fatal(err)
		}
		if want := uncached(t, r, sc); !bytes.Equal(imgs[0].PNG, want) {
			t.Errorf("image %d: the retained drawing differs from the whole one", i)
		}
	}
	if len(r.idle) != 1 {
		t.Errorf("%d idle painters after drawing one image at a time, want 1 (kept)", len(r.idle))
	}
}

// TestFootprints: every drawing call of the positions of TestRetainedExact
// and of the fixtures touches, as the canvas marks it, only tiles of its
// footprint (render.OpLog), which the retained drawing relies on.
func TestFootprints(t *testing.T) {
	r := newTestRenderer(t)
	scs := retainedScenes(t)
	for _, v := range []*brass.View{emptyView(4), midCanalView(), railView(), handView()} {
		scs = append(scs, render.Scene{View: v, Seat: v.Seat, Lang: lang.French})
	}
	for i, sc := range scs {
		bv, err := r.brassView(sc.View, sc.Seat)
		if err != nil {
			t.Fatal(err)
		}
		c, err := render.NewCanvas(r.l.Width, r.l.Height)
		if err != nil {
			t.Fatal(err)
		}
		b, err := newBoard(r.l, c, bv, wordsFor(sc))
		if err != nil {
			t.Fatal(err)
		}
		log := render.NewOpLog(c)
		b.drawDynamic(log, bv, wordsFor(sc))
		if log.Len() < 50 {
			t.Fatalf("scene %d: %d calls logged", i, log.Len())
		}
		if err := log.CheckFootprints(c); err != nil {
			t.Errorf("scene %d: %v", i, err)
		}
	}
}
