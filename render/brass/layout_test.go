package brass

import (
	"errors"
	"testing"
)

// Every place and link of the game's board has layout coordinates, every
// layout entry is used, and no two places overlap, touch or leave the map.
func TestLayoutCoversBoard(t *testing.T) {
	l, err := parseLayout(layoutJSON)
	if err != nil {
		t.Fatal(err)
	}
	v := emptyView(4)
	places := map[string]bool{}
	for _, p := range v.Places {
		places[p.ID] = true
		if _, ok := l.Places[p.ID]; !ok {
			t.Errorf("place %q has no layout", p.ID)
		}
	}
	links := map[string]bool{}
	for _, k := range v.Links {
		links[k.ID] = true
		if _, ok := l.Links[k.ID]; !ok {
			t.Errorf("link %q has no layout", k.ID)
		}
	}
	for id := range l.Places {
		if !places[id] {
			t.Errorf("layout place %q is not on the board", id)
		}
	}
	for id := range l.Links {
		if !links[id] {
			t.Errorf("layout link %q is not on the board", id)
		}
	}

	r := newTestRenderer(t)
	p, err := r.painter()
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBoard(l, p.c, v, english)
	if err != nil {
		t.Fatal(err)
	}
	mapBox := box{l.Map[0], l.Map[1], l.Map[2], l.Map[3]}
	legend := b.legendBox()
	// The legend stays below the panels of the most players.
	if last := playerTop + float64(thePrinted().maxSeats)*(playerH+playerGap); legend.Y < last {
		t.Errorf("the legend at y %.0f overlaps the player panels, which end at %.0f", legend.Y, last)
	}
	// Places keep clear of each other by a few pixels, so that the link
	// between two neighbours stays visible.
	const clear = 8.0
	near := func(a, b box) bool {
		return a.X-clear < b.X+b.W && b.X-clear < a.X+a.W && a.Y-clear < b.Y+b.H && b.Y-clear < a.Y+a.H
	}
	for id, pb := range b.places {
		if pb.X < mapBox.X || pb.Y < mapBox.Y || pb.X+pb.W > mapBox.X+mapBox.W || pb.Y+pb.H > mapBox.Y+mapBox.H {
			t.Errorf("place %q at %+v leaves the map area %+v", id, pb, mapBox)
		}
		if near(pb, legend) {
			t.Errorf("place %q at %+v touches the legend %+v", id, pb, legend)
		}
		for id2, pb2 := range b.places {
			if id < id2 && near(pb, pb2) {
				t.Errorf("places %q %+v and %q %+v overlap or touch", id, pb, id2, pb2)
			}
		}
	}
}

func TestLayoutMissingPlace(t *testing.T) {
	l, err := parseLayout(layoutJSON)
	if err != nil {
		t.Fatal(err)
	}
	delete(l.Places, "bury")
	r := newTestRenderer(t)
	p, err := r.painter()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := newBoard(l, p.c, emptyView(3), english); !errors.Is(err, ErrNoLayout) {
		t.Fatalf("newBoard without bury: %v, want ErrNoLayout", err)
	}
}

func TestLayoutStrict(t *testing.T) {
	if _, err := parseLayout([]byte(`{"width": 10, "height": 10, "colour": "red"}`)); err == nil {
		t.Fatal("unknown layout field accepted")
	}
}

// No link runs across a third place: a built link is drawn over the
// places, and would hide their names and counters.
func TestLinksMissOtherPlaces(t *testing.T) {
	l, err := parseLayout(layoutJSON)
	if err != nil {
		t.Fatal(err)
	}
	r := newTestRenderer(t)
	p, err := r.painter()
	if err != nil {
		t.Fatal(err)
	}
	v := emptyView(4)
	b, err := newBoard(l, p.c, v, english)
	if err != nil {
		t.Fatal(err)
	}
	const half = 7.0 // half the width of a built link, and a pixel more
	for _, k := range v.Links {
		x1, y1, x2, y2 := b.ends(k)
		for id, pb := range b.places {
			if id == k.A || id == k.B {
				continue
			}
			grown := box{pb.X - half, pb.Y - half, pb.W + 2*half, pb.H + 2*half}
			if segmentHitsBox(x1, y1, x2, y2, grown) {
				t.Errorf("link %s crosses %s", k.ID, id)
			}
		}
	}
}

// segmentHitsBox samples the segment finely; the boxes are far larger than
// the step.
func segmentHitsBox(x1, y1, x2, y2 float64, r box) bool {
	for i := 0; i <= 200; i++ {
		f := float64(i) / 200
		x, y := x1+(x2-x1)*f, y1+(y2-y1)*f
		if x > r.X && x < r.X+r.W && y > r.Y && y < r.Y+r.H {
			return true
		}
	}
	return false
}
