package brass

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
)

// scaledSurface draws on c what a surface k times larger would: every
// coordinate, length, radius, line width and font size times k. It exists
// for BenchmarkSizeByScale only; the product draws at full size.
type scaledSurface struct {
	c *render.Canvas
	k float64
}

func (s scaledSurface) FillRect(x, y, w, h float64, c color.RGBA) {
	s.c.FillRect(x*s.k, y*s.k, w*s.k, h*s.k, c)
}

func (s scaledSurface) FillRoundRect(x, y, w, h, r float64, c color.RGBA) {
	s.c.FillRoundRect(x*s.k, y*s.k, w*s.k, h*s.k, r*s.k, c)
}

func (s scaledSurface) StrokeRoundRect(x, y, w, h, r, lw float64, c color.RGBA) {
	s.c.StrokeRoundRect(x*s.k, y*s.k, w*s.k, h*s.k, r*s.k, lw*s.k, c)
}

func (s scaledSurface) FillCircle(x, y, r float64, c color.RGBA) {
	s.c.FillCircle(x*s.k, y*s.k, r*s.k, c)
}

func (s scaledSurface) StrokeCircle(x, y, r, lw float64, c color.RGBA) {
	s.c.StrokeCircle(x*s.k, y*s.k, r*s.k, lw*s.k, c)
}

func (s scaledSurface) Line(x1, y1, x2, y2, lw float64, c color.RGBA) {
	s.c.Line(x1*s.k, y1*s.k, x2*s.k, y2*s.k, lw*s.k, c)
}

func (s scaledSurface) FillPoly(pts []render.Pt, c color.RGBA) {
	q := make([]render.Pt, len(pts))
	for i, p := range pts {
		q[i] = render.Pt{X: p.X * s.k, Y: p.Y * s.k}
	}
	s.c.FillPoly(q, c)
}

func (s scaledSurface) Text(t string, x, y float64, f render.Font, c color.RGBA, align float64) {
	f.Size *= s.k
	s.c.Text(t, x*s.k, y*s.k, f, c, align)
}

func (s scaledSurface) TextWidth(t string, f render.Font) float64 {
	f.Size *= s.k
	return s.c.TextWidth(t, f) / s.k
}

// BenchmarkSizeByScale answers whether a smaller board would meet issue
// 21's 64 KiB per image: it draws the public golden positions whole at
// a fraction k of full size (the same layout, every length and font size
// times k), converts and encodes them as the renderer does, and reports
// the PNG's size in KiB. At k = 1 the bytes must be the renderer's own,
// so what is measured is the product's drawing.
//
//	go test ./render/brass -run '^$' -bench SizeByScale -benchtime 1x
func BenchmarkSizeByScale(b *testing.B) {
	r := newTestRenderer(b)
	pal, err := gamePalette()
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range goldenCases() {
		if c.seat != engine.Spectator {
			continue
		}
		for _, k := range []float64{1, 0.8, 0.7, 0.6, 0.5} {
			b.Run(fmt.Sprintf("%s/k=%.1f", c.name, k), func(b *testing.B) {
				var png []byte
				for b.Loop() {
					cv, err := render.NewCanvas(int(float64(r.l.Width)*k+0.5), int(float64(r.l.Height)*k+0.5))
					if err != nil {
						b.Fatal(err)
					}
					s := scaledSurface{cv, k}
					w := wordsFor(render.Scene{View: c.v, Seat: c.seat})
					bd, err := newBoard(r.l, s, c.v, w)
					if err != nil {
						b.Fatal(err)
					}
					bd.drawStatic(s, c.v, w)
					bd.drawDynamic(s, c.v, w)
					out := image.NewPaletted(cv.Img.Rect, pal.Colors)
					pal.Quantize(out, cv.Img)
					if png, err = r.enc.Encode(out, 160<<10); err != nil {
						b.Fatal(err)
					}
				}
				if k == 1 {
					want, err := r.PNG(c.v, c.seat)
					if err != nil {
						b.Fatal(err)
					}
					if !bytes.Equal(png, want) {
						b.Fatalf("at full size the drawing is not the renderer's (%d bytes, renderer %d)", len(png), len(want))
					}
				}
				b.ReportMetric(float64(len(png))/1024, "KiB")
			})
		}
	}
}
