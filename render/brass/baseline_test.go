package brass

import (
	"bytes"
	"image/color"
	"image/png"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"

	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/render"
)

// ggSurface is the straightforward pipeline the renderer is measured
// against: the same board code drawn through gg (gg text drawing, gg paths),
// no cached static layer, and the default png.Encode of the RGBA result.
type ggSurface struct {
	dc    *gg.Context
	faces map[render.Font]font.Face
}

func newGGSurface(w, h int) *ggSurface {
	return &ggSurface{dc: gg.NewContext(w, h), faces: map[render.Font]font.Face{}}
}

func (g *ggSurface) face(f render.Font) font.Face {
	fc, ok := g.faces[f]
	if !ok {
		var err error
		if fc, err = render.NewFace(f); err != nil {
			panic(err) // embedded fonts; test-only code
		}
		g.faces[f] = fc
	}
	return fc
}

func (g *ggSurface) FillRect(x, y, w, h float64, c color.RGBA) {
	g.dc.DrawRectangle(x, y, w, h)
	g.dc.SetColor(c)
	g.dc.Fill()
}

func (g *ggSurface) FillRoundRect(x, y, w, h, r float64, c color.RGBA) {
	g.dc.DrawRoundedRectangle(x, y, w, h, r)
	g.dc.SetColor(c)
	g.dc.Fill()
}

func (g *ggSurface) StrokeRoundRect(x, y, w, h, r, lw float64, c color.RGBA) {
	g.dc.DrawRoundedRectangle(x+lw/2, y+lw/2, w-lw, h-lw, max(r-lw/2, 0))
	g.dc.SetColor(c)
	g.dc.SetLineWidth(lw)
	g.dc.Stroke()
}

func (g *ggSurface) FillCircle(x, y, r float64, c color.RGBA) {
	g.dc.DrawCircle(x, y, r)
	g.dc.SetColor(c)
	g.dc.Fill()
}

func (g *ggSurface) StrokeCircle(x, y, r, lw float64, c color.RGBA) {
	g.dc.DrawCircle(x, y, r)
	g.dc.SetColor(c)
	g.dc.SetLineWidth(lw)
	g.dc.Stroke()
}

func (g *ggSurface) Line(x1, y1, x2, y2, lw float64, c color.RGBA) {
	g.dc.DrawLine(x1, y1, x2, y2)
	g.dc.SetColor(c)
	g.dc.SetLineWidth(lw)
	g.dc.SetLineCapButt()
	g.dc.Stroke()
}

func (g *ggSurface) FillPoly(pts []render.Pt, c color.RGBA) {
	for i, p := range pts {
		if i == 0 {
			g.dc.MoveTo(p.X, p.Y)
		} else {
			g.dc.LineTo(p.X, p.Y)
		}
	}
	g.dc.ClosePath()
	g.dc.SetColor(c)
	g.dc.Fill()
}

func (g *ggSurface) Text(s string, x, y float64, f render.Font, c color.RGBA, align float64) {
	g.dc.SetFontFace(g.face(f))
	g.dc.SetColor(c)
	g.dc.DrawStringAnchored(s, x, y, align, 0)
}

func (g *ggSurface) TextWidth(s string, f render.Font) float64 {
	g.dc.SetFontFace(g.face(f))
	w, _ := g.dc.MeasureString(s)
	return w
}

// ggPNG renders v the straightforward way: a new gg context, the whole
// board, png.Encode.
func ggPNG(l *layout, v *brass.View) ([]byte, error) {
	s := newGGSurface(l.Width, l.Height)
	b, err := newBoard(l, s, v, english)
	if err != nil {
		return nil, err
	}
	b.drawStatic(s, v, english)
	b.drawDynamic(s, v, english)
	var buf bytes.Buffer
	if err := png.Encode(&buf, s.dc.Image()); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
