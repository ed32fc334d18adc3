package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
)

// Retained drawing: a renderer whose image is a cached static layer with
// the position drawn over it can redraw only what changed since the last
// image. The position is drawn in two passes: first on an OpLog, which
// only writes down every drawing call with its arguments and the tiles
// (DamageTile squares) it may touch, its footprint, a bound of what the
// canvas marks as damaged; then Retained.Draw restores, draws and
// converts only the tiles whose list of calls differs from the previous
// image's over the same static layer. A tile's pixels are the static
// layer's with the calls touching it applied in order, each call's effect
// on a pixel depending only on its arguments and that pixel; so a tile
// whose calls are the same, in the same order, already holds the right
// pixels. A call that touches both a tile to draw and a tile kept is
// drawn whole: what it draws on the kept tile is not converted, so only
// the paletted image holds the whole picture; the canvas holds it in the
// tiles drawn, and is scratch elsewhere.
//
// A renderer using it checks, in its tests, consecutive positions drawn
// this way against whole drawings byte for byte, and that every call of
// its positions stays in its footprint (OpLog.CheckFootprints).

// Surface is the drawing calls a board is drawn with: *Canvas draws them,
// *OpLog writes them down.
type Surface interface {
	FillRect(x, y, w, h float64, c color.RGBA)
	FillRoundRect(x, y, w, h, r float64, c color.RGBA)
	StrokeRoundRect(x, y, w, h, r, lw float64, c color.RGBA)
	FillCircle(x, y, r float64, c color.RGBA)
	StrokeCircle(x, y, r, lw float64, c color.RGBA)
	Line(x1, y1, x2, y2, lw float64, c color.RGBA)
	FillPoly(pts []Pt, c color.RGBA)
	Text(s string, x, y float64, f Font, c color.RGBA, align float64)
	TextWidth(s string, f Font) float64
}

var (
	_ Surface     = (*Canvas)(nil)
	_ Surface     = (*OpLog)(nil)
	_ HaloSurface = (*OpLog)(nil)
)

// Kinds of drawing calls.
const (
	opFillRect = iota
	opFillRoundRect
	opStrokeRoundRect
	opFillCircle
	opStrokeCircle
	opLine
	opFillPoly
	opText
)

// op is one drawing call: its kind and arguments, and its footprint in
// tiles (tx0, ty0 to tx1, ty1 inclusive).
type op struct {
	kind               uint8
	a                  [6]float64
	col                color.RGBA
	s                  string
	f                  Font
	pts                []Pt
	tx0, ty0, tx1, ty1 int
}

func (o *op) same(p *op) bool {
	return o.kind == p.kind && o.a == p.a && o.col == p.col && o.s == p.s && o.f == p.f && slices.Equal(o.pts, p.pts)
}

// draw makes the call on c.
func (o *op) draw(c *Canvas) {
	a := o.a
	switch o.kind {
	case opFillRect:
		c.FillRect(a[0], a[1], a[2], a[3], o.col)
	case opFillRoundRect:
		c.FillRoundRect(a[0], a[1], a[2], a[3], a[4], o.col)
	case opStrokeRoundRect:
		c.StrokeRoundRect(a[0], a[1], a[2], a[3], a[4], a[5], o.col)
	case opFillCircle:
		c.FillCircle(a[0], a[1], a[2], o.col)
	case opStrokeCircle:
		c.StrokeCircle(a[0], a[1], a[2], a[3], o.col)
	case opLine:
		c.Line(a[0], a[1], a[2], a[3], a[4], o.col)
	case opFillPoly:
		c.FillPoly(o.pts, o.col)
	case opText:
		c.Text(o.s, a[0], a[1], o.f, o.col, a[2])
	}
}

// OpLog is a Surface that writes the calls down instead of drawing; it
// measures texts with the canvas it was made for.
type OpLog struct {
	c    *Canvas
	ops  []op
	pts  []Pt // the polygons' points, shared by ops (reset per image)
	cols int  // tiles per row
	rows int
}

// NewOpLog returns an empty log of calls for images of c's size.
func NewOpLog(c *Canvas) *OpLog {
	b := c.Img.Rect
	return &OpLog{c: c, cols: (b.Dx() + DamageTile - 1) / DamageTile, rows: (b.Dy() + DamageTile - 1) / DamageTile}
}

// Len is the number of calls logged.
func (l *OpLog) Len() int { return len(l.ops) }

// reset empties the log.
func (l *OpLog) reset() { l.ops, l.pts = l.ops[:0], l.pts[:0] }

// footMargin is added around every footprint: antialiasing and the
// canvas's own damage margins reach a pixel or two past a shape.
const footMargin = 3

func (l *OpLog) add(o op, x0, y0, x1, y1 float64) {
	t := float64(DamageTile)
	clampT := func(v float64, n int) int { return min(max(int(math.Floor(v/t)), 0), n-1) }
	o.tx0, o.ty0 = clampT(math.Min(x0, x1)-footMargin, l.cols), clampT(math.Min(y0, y1)-footMargin, l.rows)
	o.tx1, o.ty1 = clampT(math.Max(x0, x1)+footMargin, l.cols), clampT(math.Max(y0, y1)+footMargin, l.rows)
	l.ops = append(l.ops, o)
}

// FillRect implements Surface.
func (l *OpLog) FillRect(x, y, w, h float64, c color.RGBA) {
	l.add(op{kind: opFillRect, a: [6]float64{x, y, w, h}, col: c}, x, y, x+w, y+h)
}

// FillRoundRect implements Surface.
func (l *OpLog) FillRoundRect(x, y, w, h, r float64, c color.RGBA) {
	l.add(op{kind: opFillRoundRect, a: [6]float64{x, y, w, h, r}, col: c}, x, y, x+w, y+h)
}

// StrokeRoundRect implements Surface.
func (l *OpLog) StrokeRoundRect(x, y, w, h, r, lw float64, c color.RGBA) {
	l.add(op{kind: opStrokeRoundRect, a: [6]float64{x, y, w, h, r, lw}, col: c}, x-lw, y-lw, x+w+lw, y+h+lw)
}

// FillCircle implements Surface.
func (l *OpLog) FillCircle(x, y, r float64, c color.RGBA) {
	l.add(op{kind: opFillCircle, a: [6]float64{x, y, r}, col: c}, x-r, y-r, x+r, y+r)
}

// StrokeCircle implements Surface.
func (l *OpLog) StrokeCircle(x, y, r, lw float64, c color.RGBA) {
	e := r + lw
	l.add(op{kind: opStrokeCircle, a: [6]float64{x, y, r, lw}, col: c}, x-e, y-e, x+e, y+e)
}

// Line implements Surface.
func (l *OpLog) Line(x1, y1, x2, y2, lw float64, c color.RGBA) {
	l.add(op{kind: opLine, a: [6]float64{x1, y1, x2, y2, lw}, col: c}, math.Min(x1, x2)-lw, math.Min(y1, y2)-lw, math.Max(x1, x2)+lw, math.Max(y1, y2)+lw)
}

// FillPoly implements Surface.
func (l *OpLog) FillPoly(pts []Pt, c color.RGBA) {
	if len(pts) == 0 {
		return
	}
	i := len(l.pts)
	l.pts = append(l.pts, pts...)
	x0, y0, x1, y1 := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	l.add(op{kind: opFillPoly, pts: l.pts[i:len(l.pts):len(l.pts)], col: c}, x0, y0, x1, y1)
}

// Text implements Surface.
func (l *OpLog) Text(s string, x, y float64, f Font, c color.RGBA, align float64) {
	w := l.c.TextWidth(s, f)
	left := x - align*w
	// The canvas marks the font's ascent and descent and 2 or 3 pixels
	// more; no face rises above 1.5 sizes or falls below 0.6
	// (CheckFootprints holds a renderer's texts to it).
	l.add(op{kind: opText, a: [6]float64{x, y, align}, s: s, f: f, col: c}, left-3, y-1.5*f.Size, left+w+3, y+0.6*f.Size)
}

// TextWidth implements Surface.
func (l *OpLog) TextWidth(s string, f Font) float64 { return l.c.TextWidth(s, f) }

// CheckFootprints draws every call logged on c (of the log's size), one
// by one, and returns an error naming the calls whose damage, as the
// canvas marks it, leaves their footprint, which retained drawing relies
// on; nil when all stay in. For tests; c's pixels are overwritten.
func (l *OpLog) CheckFootprints(c *Canvas) error {
	d := NewDamage(c.Img.Rect)
	old := c.Damage
	defer func() { c.Damage = old }()
	c.Damage = d
	var errs []error
	for i := range l.ops {
		o := &l.ops[i]
		d.Reset()
		o.draw(c)
		foot := image.Rect(o.tx0*DamageTile, o.ty0*DamageTile, (o.tx1+1)*DamageTile, (o.ty1+1)*DamageTile)
		d.Rects(func(r image.Rectangle) {
			if !r.In(foot) && len(errs) < 20 {
				errs = append(errs, fmt.Errorf("call %d (kind %d %v %q) marks %v outside its footprint %v", i, o.kind, o.a, o.s, r, foot))
			}
		})
	}
	return errors.Join(errs...)
}

// Retained is what a renderer's painter keeps of the last position drawn
// over its static layer: its calls and, per tile, the indexes of the
// calls touching it, in order. It belongs to one canvas size.
type Retained struct {
	log   OpLog
	tiles [][]int32
	// the other frame's buffers, swapped in for the next image
	oldOps   []op
	oldPts   []Pt
	oldTiles [][]int32
	dirty    []bool
	todo     []int32 // the calls to draw
	dmg      *Damage
}

// NewRetained returns an empty Retained for images of c's size.
func NewRetained(c *Canvas) *Retained {
	l := NewOpLog(c)
	n := l.cols * l.rows
	return &Retained{log: *l, tiles: make([][]int32, n), oldTiles: make([][]int32, n),
		dirty: make([]bool, n), dmg: NewDamage(c.Img.Rect)}
}

// Log empties and returns the log to write the next position's calls on;
// Draw then draws them.
func (r *Retained) Log() *OpLog {
	r.log.reset()
	return &r.log
}

// Fraction is the share of the image's tiles the last Draw drew again.
func (r *Retained) Fraction() float64 { return r.dmg.Fraction() }

// index lists, per tile, the calls of the log touching it.
func (r *Retained) index() {
	for i := range r.tiles {
		r.tiles[i] = r.tiles[i][:0]
	}
	for i := range r.log.ops {
		o := &r.log.ops[i]
		for ty := o.ty0; ty <= o.ty1; ty++ {
			for tx := o.tx0; tx <= o.tx1; tx++ {
				k := ty*r.log.cols + tx
				r.tiles[k] = append(r.tiles[k], int32(i))
			}
		}
	}
}

// changed reports whether tile k's calls differ from the last image's.
func (r *Retained) changed(k int) bool {
	a, b := r.tiles[k], r.oldTiles[k]
	if len(a) != len(b) {
		return true
	}
	for i := range a {
		if !r.log.ops[a[i]].same(&r.oldOps[b[i]]) {
			return true
		}
	}
	return false
}

// Draw puts the position logged (Log) on out, converted with pal, over
// the static layer st (stPal: st converted with pal), drawing it on c
// first. With whole (out holds another layer, or nothing known) c and out
// are first reset to the static layer and every tile with a call is
// drawn; else out holds the last position drawn over st, and only the
// tiles whose calls changed since are restored, drawn and converted
// again. Afterwards c holds the position in the tiles drawn; its other
// pixels may have been drawn over by calls reaching into them, and are
// not the image's (out is). c.Damage is left nil.
func (r *Retained) Draw(c *Canvas, out *image.Paletted, pal *Palette, st *image.RGBA, stPal *image.Paletted, whole bool) {
	r.index()
	cols := r.log.cols
	if whole {
		c.Damage = nil
		c.CopyFrom(st)
		copy(out.Pix, stPal.Pix)
	}
	r.dmg.Reset()
	drawn := false
	for k := range r.tiles {
		r.dirty[k] = whole && len(r.tiles[k]) > 0 || !whole && r.changed(k)
		if r.dirty[k] {
			drawn = true
			tx, ty := k%cols, k/cols
			r.dmg.Mark(image.Rect(tx*DamageTile, ty*DamageTile, (tx+1)*DamageTile, (ty+1)*DamageTile))
		}
	}
	if drawn {
		if !whole {
			// Only the pixels: every tile to draw is converted into out
			// afterwards.
			r.dmg.CopyRGBA(c.Img, st)
		}
		// The calls to draw: those touching a tile to draw.
		r.todo = r.todo[:0]
		for i := range r.log.ops {
			o := &r.log.ops[i]
		hit:
			for ty := o.ty0; ty <= o.ty1; ty++ {
				for tx := o.tx0; tx <= o.tx1; tx++ {
					if r.dirty[ty*cols+tx] {
						r.todo = append(r.todo, int32(i))
						break hit
					}
				}
			}
		}
		c.Damage = nil
		for _, i := range r.todo {
			r.log.ops[i].draw(c)
		}
		pal.QuantizeDamaged(out, c.Img, r.dmg)
	}
	// This image's calls are the next one's old calls.
	r.oldOps, r.log.ops = r.log.ops, r.oldOps[:0]
	r.oldPts, r.log.pts = r.log.pts, r.oldPts[:0]
	r.oldTiles, r.tiles = r.tiles, r.oldTiles
}
