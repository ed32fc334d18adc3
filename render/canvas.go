package render

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Canvas is a small antialiased drawing layer over an RGBA image: filled
// shapes through golang.org/x/image/vector (with a per-canvas cache of
// small shapes' coverage) and text through font.Drawer with a per-canvas
// glyph cache. A Canvas is not safe for concurrent use; keep one
// per goroutine (a sync.Pool of canvases works well).
type Canvas struct {
	Img *image.RGBA
	// Damage, when set, records every area drawn on.
	Damage *Damage

	z      vector.Rasterizer
	masks  maskCache // the coverage of small shapes filled (mask.go)
	faces  map[Font]*cachedFace
	src    image.Uniform
	srcCol color.RGBA // the colour in src.C
	pts    []Pt
}

// Pt is a point in canvas pixels.
type Pt struct{ X, Y float64 }

// NewCanvas returns a w×h canvas filled with transparent black.
func NewCanvas(w, h int) (*Canvas, error) {
	if _, _, err := parsedFonts(); err != nil {
		return nil, fmt.Errorf("render: embedded fonts: %w", err)
	}
	return &Canvas{Img: image.NewRGBA(image.Rect(0, 0, w, h)), faces: map[Font]*cachedFace{}}, nil
}

// CopyFrom overwrites the canvas pixels with src, which must have the same
// bounds.
func (c *Canvas) CopyFrom(src *image.RGBA) {
	copy(c.Img.Pix, src.Pix)
}

// FillRect fills an axis-aligned rectangle. Integer coordinates take a fast
// path without antialiasing.
func (c *Canvas) FillRect(x, y, w, h float64, col color.RGBA) {
	if integral(x, y, w, h) {
		if w <= 0 || h <= 0 {
			return
		}
		r := image.Rect(int(x), int(y), int(x+w), int(y+h))
		if col.A == 0xff {
			c.fillOpaque(r, col)
		} else {
			c.setSrc(col)
			draw.Draw(c.Img, r, &c.src, image.Point{}, draw.Over)
		}
		c.mark(r)
		return
	}
	c.FillPoly([]Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}, col)
}

// fillOpaque sets the pixels of r (clipped to the image) to the opaque
// colour col: what draw.Draw with draw.Src does, without its dispatch,
// which weighs on the many small rectangles a board is made of.
func (c *Canvas) fillOpaque(r image.Rectangle, col color.RGBA) {
	r = r.Intersect(c.Img.Rect)
	if r.Empty() {
		return
	}
	px := uint32(col.R) | uint32(col.G)<<8 | uint32(col.B)<<16 | uint32(col.A)<<24
	i0 := c.Img.PixOffset(r.Min.X, r.Min.Y)
	row := c.Img.Pix[i0 : i0+4*r.Dx()]
	i := 0
	for px2 := uint64(px) | uint64(px)<<32; i+8 <= len(row); i += 8 {
		binary.LittleEndian.PutUint64(row[i:], px2)
	}
	if i < len(row) {
		binary.LittleEndian.PutUint32(row[i:], px)
	}
	for y := r.Min.Y + 1; y < r.Max.Y; y++ {
		i0 += c.Img.Stride
		copy(c.Img.Pix[i0:i0+len(row)], row)
	}
}

// setSrc makes col the colour drawn with c.src. Storing a colour in the
// image.Uniform's interface allocates, so it is done only when the colour
// changes.
func (c *Canvas) setSrc(col color.RGBA) {
	if c.srcCol != col || c.src.C == nil {
		c.src.C, c.srcCol = col, col
	}
}

// FillPoly fills a closed polygon (non-zero winding).
func (c *Canvas) FillPoly(pts []Pt, col color.RGBA) {
	c.fillPaths(col, pts)
}

// fillPaths fills several closed polygons as one shape; a hole is a polygon
// wound the other way.
func (c *Canvas) fillPaths(col color.RGBA, paths ...[]Pt) {
	if len(paths) == 0 || len(paths[0]) < 3 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, p := range paths {
		for _, q := range p {
			minX, maxX = math.Min(minX, q.X), math.Max(maxX, q.X)
			minY, maxY = math.Min(minY, q.Y), math.Max(maxY, q.Y)
		}
	}
	r := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX)), int(math.Ceil(maxY))).Intersect(c.Img.Rect)
	if r.Empty() {
		return
	}
	c.writePath(r, paths)
	if r.Dx()*r.Dy() <= maskMaxPixels {
		// A small shape: its coverage is kept (mask.go).
		c.blendMask(r, c.mask(r.Dx(), r.Dy()).cov, col)
	} else {
		c.rasterize(r.Dx(), r.Dy())
		c.setSrc(col)
		c.z.Draw(c.Img, r, &c.src, image.Point{})
	}
	c.mark(r)
}

func (c *Canvas) mark(r image.Rectangle) {
	if c.Damage != nil {
		c.Damage.Mark(r)
	}
}

// Line strokes a straight segment of width lw with butt ends. Long
// diagonal lines are drawn in short overlapping pieces so the rasterizer
// only visits pixels near the line.
func (c *Canvas) Line(x1, y1, x2, y2, lw float64, col color.RGBA) {
	dx, dy := x2-x1, y2-y1
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	nx, ny := -uy*lw/2, ux*lw/2
	const piece = 24.0
	if l <= 2*piece || dx == 0 || dy == 0 {
		c.fillPaths(col, []Pt{{x1 + nx, y1 + ny}, {x2 + nx, y2 + ny}, {x2 - nx, y2 - ny}, {x1 - nx, y1 - ny}})
		return
	}
	for t := 0.0; t < l; t += piece {
		a, b := math.Max(t-0.75, 0), math.Min(t+piece, l)
		ax, ay, bx, by := x1+ux*a, y1+uy*a, x1+ux*b, y1+uy*b
		c.fillPaths(col, []Pt{{ax + nx, ay + ny}, {bx + nx, by + ny}, {bx - nx, by - ny}, {ax - nx, ay - ny}})
	}
}

// FillCircle fills a disc.
func (c *Canvas) FillCircle(x, y, r float64, col color.RGBA) {
	c.fillPaths(col, c.ellipse(x, y, r, false))
}

// StrokeCircle draws a ring of width lw centred on the circle of radius r.
func (c *Canvas) StrokeCircle(x, y, r, lw float64, col color.RGBA) {
	outer := append([]Pt(nil), c.ellipse(x, y, r+lw/2, false)...)
	c.fillPaths(col, outer, c.ellipse(x, y, r-lw/2, true))
}

// FillRoundRect fills a rectangle with rounded corners of radius rr.
func (c *Canvas) FillRoundRect(x, y, w, h, rr float64, col color.RGBA) {
	rr = math.Min(rr, math.Min(w, h)/2)
	if !integral(x, y, w, h, rr) || col.A != 0xff {
		c.fillPaths(col, RoundRectPath(x, y, w, h, rr, false))
		return
	}
	// Straight parts through the fast rectangle path, corners rasterized.
	c.FillRect(x+rr, y, w-2*rr, h, col)
	c.FillRect(x, y+rr, rr, h-2*rr, col)
	c.FillRect(x+w-rr, y+rr, rr, h-2*rr, col)
	if rr > 0 {
		for _, k := range corners(x, y, w, h, rr) {
			c.fillPaths(col, c.quarter(k, rr, 0))
		}
	}
}

// StrokeRoundRect draws the outline of a rounded rectangle, lw wide, inside
// the rectangle's bounds. The sides and corners are drawn as separate small
// shapes (overlapping rather than abutting, so no seam shows).
func (c *Canvas) StrokeRoundRect(x, y, w, h, rr, lw float64, col color.RGBA) {
	rr = math.Min(rr, math.Min(w, h)/2)
	inner := math.Max(rr-lw, 0)
	if col.A != 0xff || rr > 0 && inner == 0 {
		c.fillPaths(col, RoundRectPath(x, y, w, h, rr, false), RoundRectPath(x+lw, y+lw, w-2*lw, h-2*lw, inner, true))
		return
	}
	c.FillRect(x+rr, y, w-2*rr, lw, col)
	c.FillRect(x+rr, y+h-lw, w-2*rr, lw, col)
	c.FillRect(x, y+rr, lw, h-2*rr, col)
	c.FillRect(x+w-lw, y+rr, lw, h-2*rr, col)
	if rr == 0 {
		return
	}
	for _, k := range corners(x, y, w, h, rr) {
		c.fillPaths(col, c.quarter(k, rr, inner))
	}
}

// corner is the centre of a rounded corner and the direction (±1, ±1)
// from it towards the outside of the rectangle.
type corner struct{ cx, cy, sx, sy float64 }

func corners(x, y, w, h, r float64) [4]corner {
	return [4]corner{{x + r, y + r, -1, -1}, {x + w - r, y + r, 1, -1}, {x + r, y + h - r, -1, 1}, {x + w - r, y + h - r, 1, 1}}
}

// quarter returns the corner piece of a rounded rectangle: the quarter disc
// of radius r minus the quarter disc of radius inner.
func (c *Canvas) quarter(k corner, r, inner float64) []Pt {
	const steps = 8
	c.pts = c.pts[:0]
	for i := 0; i <= steps; i++ {
		a := math.Pi / 2 * float64(i) / steps
		c.pts = append(c.pts, Pt{k.cx + k.sx*r*math.Cos(a), k.cy + k.sy*r*math.Sin(a)})
	}
	if inner > 0 {
		for i := steps; i >= 0; i-- {
			a := math.Pi / 2 * float64(i) / steps
			c.pts = append(c.pts, Pt{k.cx + k.sx*inner*math.Cos(a), k.cy + k.sy*inner*math.Sin(a)})
		}
	} else {
		c.pts = append(c.pts, Pt{k.cx, k.cy})
	}
	return c.pts
}

func integral(vs ...float64) bool {
	for _, v := range vs {
		if v != math.Trunc(v) {
			return false
		}
	}
	return true
}

func (c *Canvas) ellipse(x, y, r float64, reverse bool) []Pt {
	n := int(math.Max(16, math.Min(64, r*1.5)))
	c.pts = c.pts[:0]
	for i := 0; i < n; i++ {
		a := 2 * math.Pi * float64(i) / float64(n)
		if reverse {
			a = -a
		}
		c.pts = append(c.pts, Pt{x + r*math.Cos(a), y + r*math.Sin(a)})
	}
	return c.pts
}

// RoundRectPath returns the outline of a rounded rectangle as a polygon,
// clockwise on screen unless reverse is set.
func RoundRectPath(x, y, w, h, r float64, reverse bool) []Pt {
	r = math.Min(r, math.Min(w, h)/2)
	var pts []Pt
	corner := func(cx, cy, a0 float64) {
		if r <= 0 {
			pts = append(pts, Pt{cx, cy})
			return
		}
		const steps = 6
		for i := 0; i <= steps; i++ {
			a := a0 + math.Pi/2*float64(i)/steps
			pts = append(pts, Pt{cx + r*math.Cos(a), cy + r*math.Sin(a)})
		}
	}
	if r <= 0 {
		pts = []Pt{{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}}
	} else {
		corner(x+w-r, y+r, -math.Pi/2)
		corner(x+w-r, y+h-r, 0)
		corner(x+r, y+h-r, math.Pi/2)
		corner(x+r, y+r, math.Pi)
	}
	if reverse {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	return pts
}
