package render

import (
	"image"
	"image/color"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Font selects one of the embedded Go fonts at a pixel size.
type Font struct {
	Size float64
	Bold bool
}

var (
	fontsOnce           sync.Once
	fontRegular, fontBd *sfnt.Font
	fontsErr            error
)

func parsedFonts() (*sfnt.Font, *sfnt.Font, error) {
	fontsOnce.Do(func() {
		fontRegular, fontsErr = opentype.Parse(goregular.TTF)
		if fontsErr != nil {
			return
		}
		fontBd, fontsErr = opentype.Parse(gobold.TTF)
	})
	return fontRegular, fontBd, fontsErr
}

// NewFace returns a new face of the embedded Go fonts. A font.Face is not
// safe for concurrent use: each goroutine needs its own.
func NewFace(f Font) (font.Face, error) {
	reg, bold, err := parsedFonts()
	if err != nil {
		return nil, err
	}
	sf := reg
	if f.Bold {
		sf = bold
	}
	return opentype.NewFace(sf, &opentype.FaceOptions{Size: f.Size, DPI: 72, Hinting: font.HintingFull})
}

// cachedFace keeps the rasterized glyphs of a face, at four sub-pixel
// horizontal offsets, so a canvas that is reused draws each glyph once.
type cachedFace struct {
	font.Face
	glyphs   map[glyphKey]glyph
	advances map[rune]glyphAdvance
	metrics  font.Metrics
}

type glyphAdvance struct {
	adv fixed.Int26_6
	ok  bool
}

func (f *cachedFace) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	a, hit := f.advances[r]
	if !hit {
		a.adv, a.ok = f.Face.GlyphAdvance(r)
		f.advances[r] = a
	}
	return a.adv, a.ok
}

func (f *cachedFace) Metrics() font.Metrics { return f.metrics }

type glyphKey struct {
	r  rune
	fx fixed.Int26_6
}

type glyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	advance fixed.Int26_6
	ok      bool
}

func (f *cachedFace) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	fx := dot.X & 63 &^ 15
	k := glyphKey{r, fx}
	g, hit := f.glyphs[k]
	if !hit {
		dr, mask, maskp, adv, ok := f.Face.Glyph(fixed.Point26_6{X: fx}, r)
		g = glyph{dr: dr, advance: adv, ok: ok}
		if ok && mask != nil {
			m := image.NewAlpha(dr.Sub(dr.Min))
			for y := 0; y < dr.Dy(); y++ {
				for x := 0; x < dr.Dx(); x++ {
					_, _, _, a := mask.At(maskp.X+x, maskp.Y+y).RGBA()
					m.Pix[y*m.Stride+x] = uint8(a >> 8)
				}
			}
			g.mask = m
		}
		f.glyphs[k] = g
	}
	off := image.Pt(int((dot.X-fx)>>6), int(dot.Y>>6))
	if g.mask == nil {
		return image.Rectangle{}, nil, image.Point{}, g.advance, g.ok
	}
	return g.dr.Add(off), g.mask, image.Point{}, g.advance, g.ok
}

func (c *Canvas) face(f Font) *cachedFace {
	if cf, ok := c.faces[f]; ok {
		return cf
	}
	fc, err := NewFace(f)
	if err != nil {
		// The embedded fonts are part of the binary; failing to parse
		// them is a build defect, not a runtime condition.
		panic("render: embedded font: " + err.Error())
	}
	cf := &cachedFace{Face: fc, glyphs: map[glyphKey]glyph{}, advances: map[rune]glyphAdvance{}, metrics: fc.Metrics()}
	c.faces[f] = cf
	return cf
}

// TextWidth is the advance width of s in pixels.
func (c *Canvas) TextWidth(s string, f Font) float64 {
	return float64(font.MeasureString(c.face(f), s)) / 64
}

// Text draws s with its baseline at y. align places x: 0 at the left edge
// of the text, 0.5 at its centre, 1 at its right edge.
func (c *Canvas) Text(s string, x, y float64, f Font, col color.RGBA, align float64) {
	fc := c.face(f)
	w := float64(font.MeasureString(fc, s)) / 64
	x -= align * w
	c.setSrc(col)
	d := font.Drawer{Dst: c.Img, Src: &c.src, Face: fc, Dot: fixed.Point26_6{X: fixed.Int26_6(math.Round(x * 64)), Y: fixed.I(int(math.Round(y)))}}
	if c.Damage != nil {
		m := fc.metrics
		c.mark(image.Rect(int(x)-2, int(y)-m.Ascent.Ceil()-2, int(x+w)+3, int(y)+m.Descent.Ceil()+2))
	}
	d.DrawString(s)
}

// Measurer measures text as a Canvas or a Surface does.
type Measurer interface {
	TextWidth(s string, f Font) float64
}

// Wrap breaks t at spaces into lines of at most w pixels in f, filling
// each line in turn. A word wider than w is a line of its own (and too
// wide: callers that must fit check the lines).
func Wrap(m Measurer, t string, f Font, w float64) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(t) {
		switch {
		case line == "":
			line = word
		case m.TextWidth(line+" "+word, f) <= w:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	return append(lines, line)
}
