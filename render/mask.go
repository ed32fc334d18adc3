package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"
)

// Coverage masks. Filling a path rasterizes it (vector.Rasterizer) into a
// coverage per pixel, 0 to 0xffff, and blends the colour into the image
// by it. A board draws the same small shapes image after image (a chip,
// a rounded corner, a piece of an edge), so a canvas keeps the coverage
// of the small shapes it fills, keyed by the exact coordinates it gives
// the rasterizer, and the next time blends from it with the rasterizer's
// own arithmetic (blendMask): the same pixels, without rasterizing again.

const (
	// maskMaxPixels is the largest shape, by its box, a canvas keeps.
	maskMaxPixels = 64 * 64
	// maskMaxBytes bounds the coverage a canvas keeps; past it, the
	// canvas forgets all and starts afresh.
	maskMaxBytes = 1 << 20
)

// maskEntry is the coverage of one shape: w×h values, row by row.
type maskEntry struct {
	w, h int
	path []float32 // the rasterizer's input (writePath)
	cov  []uint16
}

// maskCache is a canvas's shapes' coverage by a hash of their path.
type maskCache struct {
	m     map[uint64]*maskEntry
	bytes int
	path  []float32 // the path being filled
}

// coverage is a maskEntry as the image the rasterizer draws the coverage
// on: its Set keeps a pixel's alpha, without the conversion through a
// colour model that image.Alpha16's makes.
type coverage maskEntry

func (m *coverage) ColorModel() color.Model { return color.Alpha16Model }
func (m *coverage) Bounds() image.Rectangle { return image.Rect(0, 0, m.w, m.h) }
func (m *coverage) At(x, y int) color.Color { return color.Alpha16{A: m.cov[y*m.w+x]} }
func (m *coverage) Set(x, y int, c color.Color) {
	_, _, _, a := c.RGBA()
	m.cov[y*m.w+x] = uint16(a)
}

// writePath writes down, in c.masks.path, the coordinates the rasterizer
// gets for paths over r: for each path of 3 or more points its length,
// then its points relative to r.Min, in float32 as the rasterizer takes
// them.
func (c *Canvas) writePath(r image.Rectangle, paths [][]Pt) {
	ox, oy := float32(r.Min.X), float32(r.Min.Y)
	k := c.masks.path[:0]
	for _, p := range paths {
		if len(p) < 3 {
			continue
		}
		k = append(k, float32(len(p)))
		for _, q := range p {
			k = append(k, float32(q.X)-ox, float32(q.Y)-oy)
		}
	}
	c.masks.path = k
}

// pathHash is the FNV-1a hash of the path written down and its box's size.
func (mc *maskCache) pathHash(w, h int) uint64 {
	x := uint64(14695981039346656037)
	mix := func(v uint32) {
		x ^= uint64(v)
		x *= 1099511628211
	}
	mix(uint32(w))
	mix(uint32(h))
	for _, v := range mc.path {
		mix(math.Float32bits(v))
	}
	return x
}

// rasterize fills the rasterizer with the path written down (writePath),
// for a box of w×h pixels.
func (c *Canvas) rasterize(w, h int) {
	c.z.Reset(w, h)
	k := c.masks.path
	for len(k) > 0 {
		n := int(k[0])
		pts := k[1 : 1+2*n]
		c.z.MoveTo(pts[0], pts[1])
		for i := 2; i < len(pts); i += 2 {
			c.z.LineTo(pts[i], pts[i+1])
		}
		c.z.ClosePath()
		k = k[1+2*n:]
	}
}

// mask returns the coverage of the path written down (writePath) in a
// box of w×h pixels, rasterizing it the first time.
func (c *Canvas) mask(w, ht int) *maskEntry {
	mc := &c.masks
	h := mc.pathHash(w, ht)
	if e := mc.m[h]; e != nil && e.w == w && e.h == ht && slicesEqualF32(e.path, mc.path) {
		return e
	}
	c.rasterize(w, ht)
	e := &maskEntry{w: w, h: ht, path: append([]float32(nil), mc.path...), cov: make([]uint16, w*ht)}
	// The coverage itself: drawing an opaque white with draw.Src onto an
	// image the rasterizer has no fast path for gives every pixel's alpha
	// as the coverage (vector.Rasterizer's general path: sa * ma / 0xffff
	// with sa = 0xffff).
	c.z.DrawOp = draw.Src
	c.z.Draw((*coverage)(e), image.Rect(0, 0, w, ht), image.Opaque, image.Point{})
	c.z.DrawOp = draw.Over
	size := 2*len(e.cov) + 4*len(e.path) + 64
	if mc.m == nil || mc.bytes+size > maskMaxBytes {
		mc.m, mc.bytes = map[uint64]*maskEntry{}, 0
	}
	mc.m[h] = e
	mc.bytes += size
	return e
}

func slicesEqualF32(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float32bits(a[i]) != math.Float32bits(b[i]) {
			return false
		}
	}
	return true
}

// blendMask blends col into r of the image by the coverage cov (r's size),
// with the arithmetic of vector.Rasterizer drawing a uniform colour onto
// an RGBA image with draw.Over, so that the pixels are the same as when it
// draws them. A pixel without coverage is left as it is and a fully
// covered one takes an opaque colour as it is, which that arithmetic gives
// too.
func (c *Canvas) blendMask(r image.Rectangle, cov []uint16, col color.RGBA) {
	sr, sg, sb, sa := col.RGBA()
	r8, g8, b8, a8 := uint8(sr>>8), uint8(sg>>8), uint8(sb>>8), uint8(sa>>8)
	w := r.Dx()
	img := c.Img
	for y := 0; y < r.Dy(); y++ {
		i0 := img.PixOffset(r.Min.X, r.Min.Y+y)
		pix := img.Pix[i0 : i0+4*w]
		for x, m := range cov[y*w : (y+1)*w] {
			ma := uint32(m)
			if ma == 0 {
				continue
			}
			p := pix[4*x : 4*x+4]
			if ma == 0xffff && sa == 0xffff {
				p[0], p[1], p[2], p[3] = r8, g8, b8, a8
				continue
			}
			a := 0xffff - (sa * ma / 0xffff)
			p[0] = uint8(((uint32(p[0])*0x101*a + sr*ma) / 0xffff) >> 8)
			p[1] = uint8(((uint32(p[1])*0x101*a + sg*ma) / 0xffff) >> 8)
			p[2] = uint8(((uint32(p[2])*0x101*a + sb*ma) / 0xffff) >> 8)
			p[3] = uint8(((uint32(p[3])*0x101*a + sa*ma) / 0xffff) >> 8)
		}
	}
}
