package render

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
)

// Palette is a curated colour palette of at most 256 colours with a lookup
// table from every colour (6 bits per channel) to its nearest entry, so that
// converting an antialiased RGBA drawing to a paletted image costs one table
// read per pixel. A Palette is immutable and safe for concurrent use.
type Palette struct {
	Colors color.Palette
	lut    []uint8 // 1<<18 entries
}

// Ramp asks for Steps evenly spaced blends between two colours (not
// counting the ends), for antialiased edges between them.
type Ramp struct {
	A, B  color.RGBA
	Steps int
}

// NewPalette builds a palette from base colours and the blends of the ramps,
// skipping near-duplicates and stopping at 256 colours. Base colours map to
// themselves exactly.
func NewPalette(base []color.RGBA, ramps []Ramp) (*Palette, error) {
	if len(base) == 0 || len(base) > 256 {
		return nil, fmt.Errorf("render: palette needs 1 to 256 base colours, got %d", len(base))
	}
	seen := map[int]bool{}
	var cs []color.RGBA
	add := func(c color.RGBA) {
		k := lutKey(c.R, c.G, c.B)
		if seen[k] || len(cs) == 256 {
			return
		}
		seen[k] = true
		cs = append(cs, c)
	}
	for _, c := range base {
		add(c)
	}
	for _, r := range ramps {
		for i := 1; i <= r.Steps; i++ {
			add(Blend(r.A, r.B, float64(i)/float64(r.Steps+1)))
		}
	}
	p := &Palette{lut: make([]uint8, 1<<18)}
	for _, c := range cs {
		p.Colors = append(p.Colors, c)
	}
	// Nearest entry for every 6-bit colour, by a luma-weighted distance.
	for r := 0; r < 64; r++ {
		for g := 0; g < 64; g++ {
			for b := 0; b < 64; b++ {
				rr, gg, bb := r<<2|r>>4, g<<2|g>>4, b<<2|b>>4
				best, bestD := 0, 1<<62
				for i, c := range cs {
					dr, dg, db := rr-int(c.R), gg-int(c.G), bb-int(c.B)
					d := 3*dr*dr + 6*dg*dg + 2*db*db
					if d < bestD {
						best, bestD = i, d
					}
				}
				p.lut[r<<12|g<<6|b] = uint8(best)
			}
		}
	}
	for i := len(base) - 1; i >= 0; i-- {
		c := base[i]
		for j, pc := range cs {
			if pc == c {
				p.lut[lutKey(c.R, c.G, c.B)] = uint8(j)
			}
		}
	}
	return p, nil
}

func lutKey(r, g, b uint8) int { return int(r>>2)<<12 | int(g>>2)<<6 | int(b>>2) }

// Blend mixes a toward b by fraction f (0 gives a, 1 gives b), opaque.
func Blend(a, b color.RGBA, f float64) color.RGBA {
	mix := func(x, y uint8) uint8 { return uint8(float64(x)*(1-f) + float64(y)*f + 0.5) }
	return color.RGBA{mix(a.R, b.R), mix(a.G, b.G), mix(a.B, b.B), 0xff}
}

// Quantize writes src into dst (same bounds) as palette indexes. Alpha is
// ignored: src is expected to be opaque.
func (p *Palette) Quantize(dst *image.Paletted, src *image.RGBA) {
	dst.Palette = p.Colors
	p.quantizeRect(dst, src, src.Rect)
}

// QuantizeDamaged converts only the damaged parts of src; the rest of dst
// is left as it is (typically a converted copy of an unchanged background).
func (p *Palette) QuantizeDamaged(dst *image.Paletted, src *image.RGBA, d *Damage) {
	dst.Palette = p.Colors
	d.Rects(func(r image.Rectangle) { p.quantizeRect(dst, src, r) })
}

func (p *Palette) quantizeRect(dst *image.Paletted, src *image.RGBA, r image.Rectangle) {
	lut := p.lut[:1<<18]
	w := r.Dx()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		si := src.PixOffset(r.Min.X, y)
		s := src.Pix[si : si+4*w]
		di := dst.PixOffset(r.Min.X, y)
		d := dst.Pix[di : di+w]
		// Eight pixels at a time: most runs of eight in a board are one
		// colour (a fill, a page), looked up once; the others pixel by
		// pixel, without branches (a branch per pixel on "same colour as
		// the last" mispredicts on every antialiased edge).
		for len(d) >= 8 {
			a := binary.LittleEndian.Uint64(s)
			if uint32(a) == uint32(a>>32) && binary.LittleEndian.Uint64(s[8:]) == a &&
				binary.LittleEndian.Uint64(s[16:]) == a && binary.LittleEndian.Uint64(s[24:]) == a {
				binary.LittleEndian.PutUint64(d, uint64(lut[lutIndex(uint32(a))])*0x0101010101010101)
			} else {
				d, s := d[:8], s[:32]
				for x := range d {
					d[x] = lut[lutIndex(binary.LittleEndian.Uint32(s[4*x:]))]
				}
			}
			s, d = s[32:], d[8:]
		}
		for x := range d {
			d[x] = lut[lutIndex(binary.LittleEndian.Uint32(s[4*x:]))]
		}
	}
}

// lutIndex is the lookup table's index of a pixel read as a little-endian
// uint32 (R in the low byte): 6 bits per channel, as lutKey.
func lutIndex(v uint32) uint32 { return (v>>2&0x3f)<<12 | (v>>10&0x3f)<<6 | (v >> 18 & 0x3f) }
