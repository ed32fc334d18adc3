package render

import "image"

// DamageTile is the side in pixels of the squares a Damage tracks.
const DamageTile = 32

// Damage records which DamageTile squares of an image were drawn on, so a
// renderer can restore or convert only those parts.
type Damage struct {
	bounds     image.Rectangle
	cols, rows int
	tiles      []bool
}

// NewDamage tracks an image with the given bounds (Min at the origin).
func NewDamage(b image.Rectangle) *Damage {
	cols := (b.Dx() + DamageTile - 1) / DamageTile
	rows := (b.Dy() + DamageTile - 1) / DamageTile
	return &Damage{bounds: b, cols: cols, rows: rows, tiles: make([]bool, cols*rows)}
}

// Reset forgets all damage.
func (d *Damage) Reset() { clear(d.tiles) }

// Mark records r as drawn on.
func (d *Damage) Mark(r image.Rectangle) {
	r = r.Intersect(d.bounds)
	if r.Empty() {
		return
	}
	for ty := r.Min.Y / DamageTile; ty <= (r.Max.Y-1)/DamageTile; ty++ {
		row := d.tiles[ty*d.cols:]
		for tx := r.Min.X / DamageTile; tx <= (r.Max.X-1)/DamageTile; tx++ {
			row[tx] = true
		}
	}
}

// All marks the whole image.
func (d *Damage) All() {
	for i := range d.tiles {
		d.tiles[i] = true
	}
}

// Rects calls f with each damaged tile's rectangle, merging horizontal runs
// of tiles.
func (d *Damage) Rects(f func(image.Rectangle)) {
	for ty := 0; ty < d.rows; ty++ {
		row := d.tiles[ty*d.cols : (ty+1)*d.cols]
		for tx := 0; tx < d.cols; {
			if !row[tx] {
				tx++
				continue
			}
			start := tx
			for tx < d.cols && row[tx] {
				tx++
			}
			r := image.Rect(start*DamageTile, ty*DamageTile, tx*DamageTile, (ty+1)*DamageTile)
			f(r.Intersect(d.bounds))
		}
	}
}

// Fraction is the share of tiles damaged, for tests and tuning.
func (d *Damage) Fraction() float64 {
	n := 0
	for _, t := range d.tiles {
		if t {
			n++
		}
	}
	return float64(n) / float64(len(d.tiles))
}

// CopyRGBA copies the damaged parts of src into dst (same bounds).
func (d *Damage) CopyRGBA(dst, src *image.RGBA) {
	d.Rects(func(r image.Rectangle) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i := dst.PixOffset(r.Min.X, y)
			copy(dst.Pix[i:i+4*r.Dx()], src.Pix[i:i+4*r.Dx()])
		}
	})
}

// CopyPaletted copies the damaged parts of src into dst (same bounds).
func (d *Damage) CopyPaletted(dst, src *image.Paletted) {
	d.Rects(func(r image.Rectangle) {
		for y := r.Min.Y; y < r.Max.Y; y++ {
			i := dst.PixOffset(r.Min.X, y)
			copy(dst.Pix[i:i+r.Dx()], src.Pix[i:i+r.Dx()])
		}
	})
}

// Restore puts a cached static layer (img, and pal, its paletted form)
// under the next position drawn on c and converted into out: whole when
// they hold another layer, else only where the last position drew (d's
// tiles). Then d tracks c's drawing afresh.
func (d *Damage) Restore(c *Canvas, out *image.Paletted, img *image.RGBA, pal *image.Paletted, whole bool) {
	if whole {
		c.Damage = nil
		c.CopyFrom(img)
		copy(out.Pix, pal.Pix)
	} else {
		d.CopyRGBA(c.Img, img)
		d.CopyPaletted(out, pal)
	}
	d.Reset()
	c.Damage = d
}
