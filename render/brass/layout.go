package brass

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
)

//go:embed layout.json
var layoutJSON []byte

// layout is our own schematic placement of the Lancashire map: town centres
// roughly where the towns lie (north at the top), link marker positions and
// a stylised coastline. It is not traced from any board artwork, and it
// holds no printed value: names and numbers come from the game's data.
type layout struct {
	Width  int                    `json:"width"`
	Height int                    `json:"height"`
	Map    [4]float64             `json:"map"` // x, y, w, h of the map area
	Sea    [][2]float64           `json:"sea"` // polygon of the Irish Sea
	Places map[string]placeLayout `json:"places"`
	Links  map[string]linkLayout  `json:"links"`
}

type placeLayout struct {
	X    float64 `json:"x"` // centre
	Y    float64 `json:"y"`
	Cols int     `json:"cols"` // spaces per row (0 for places without spaces)
}

type linkLayout struct {
	// Shift moves the built-link marker from the middle of the visible
	// part of the link, to keep it clear of other links.
	Shift [2]float64 `json:"shift"`
}

func parseLayout(b []byte) (*layout, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var l layout
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("render/brass: layout: %w", err)
	}
	if l.Width <= 0 || l.Height <= 0 {
		return nil, fmt.Errorf("render/brass: layout: bad canvas size %dx%d", l.Width, l.Height)
	}
	return &l, nil
}

// Geometry of a town box.
const (
	spaceSize = 58.0 // an industry space / counter
	spaceGap  = 5.0
	nameBand  = 32.0 // the town name above its spaces
	numBand   = 16.0 // the space numbers under each row, in towns of two or more spaces
)

// box is an axis-aligned rectangle.
type box struct{ X, Y, W, H float64 }

func (b box) cx() float64 { return b.X + b.W/2 }
func (b box) cy() float64 { return b.Y + b.H/2 }

// townBox returns the outline of a town with n spaces and the rectangle of
// each space. A town of two or more spaces keeps a band under each row for
// the space numbers (the @n of the move notation).
func townBox(p placeLayout, n int, nameW float64) (box, []box) {
	cols := p.Cols
	if cols <= 0 {
		cols = 1
	}
	rows := (n + cols - 1) / cols
	band := 0.0
	if n > 1 {
		band = numBand
	}
	w := float64(cols)*spaceSize + float64(cols+1)*spaceGap
	w = math.Max(w, nameW+16)
	h := nameBand + float64(rows)*(spaceSize+band) + float64(rows)*spaceGap
	b := box{math.Round(p.X - w/2), math.Round(p.Y - h/2), math.Round(w), math.Round(h)}
	spaces := make([]box, n)
	for i := range spaces {
		r, c := i/cols, i%cols
		inRow := cols
		if r == rows-1 && n%cols != 0 {
			inRow = n % cols
		}
		rowW := float64(inRow)*spaceSize + float64(inRow-1)*spaceGap
		x0 := b.X + (b.W-rowW)/2
		spaces[i] = box{math.Round(x0 + float64(c)*(spaceSize+spaceGap)), b.Y + nameBand + float64(r)*(spaceSize+band+spaceGap), spaceSize, spaceSize}
	}
	return b, spaces
}

// segment returns the part of the line between the centres of a and b that
// lies outside both boxes.
func segment(ax, ay, bx, by float64, a, b box) (x1, y1, x2, y2 float64) {
	t1 := exitT(ax, ay, bx-ax, by-ay, a)
	t2 := exitT(bx, by, ax-bx, ay-by, b)
	return ax + (bx-ax)*t1, ay + (by-ay)*t1, bx + (ax-bx)*t2, by + (ay-by)*t2
}

// exitT is the fraction of (dx, dy) after which a ray from (x, y) inside r
// leaves it.
func exitT(x, y, dx, dy float64, r box) float64 {
	t := 1.0
	if dx > 0 {
		t = math.Min(t, (r.X+r.W-x)/dx)
	} else if dx < 0 {
		t = math.Min(t, (r.X-x)/dx)
	}
	if dy > 0 {
		t = math.Min(t, (r.Y+r.H-y)/dy)
	} else if dy < 0 {
		t = math.Min(t, (r.Y-y)/dy)
	}
	return math.Max(t, 0)
}
