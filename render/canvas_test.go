package render

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"testing"
)

// Rounded rectangles and rings are symmetric top to bottom and left to
// right, whatever their proportions (a pill has no straight sides).
func TestRoundShapesSymmetric(t *testing.T) {
	ink := color.RGBA{0, 0, 0, 255}
	shapes := map[string]func(c *Canvas){
		"pill":        func(c *Canvas) { c.FillRoundRect(10, 10, 80, 34, 17, ink) },
		"card":        func(c *Canvas) { c.FillRoundRect(10, 10, 80, 60, 6, ink) },
		"pill-stroke": func(c *Canvas) { c.StrokeRoundRect(10, 10, 80, 34, 17, 2, ink) },
		"box-stroke":  func(c *Canvas) { c.StrokeRoundRect(10, 10, 80, 60, 0, 1.5, ink) },
		"ring":        func(c *Canvas) { c.StrokeCircle(50, 40, 20, 3, ink) },
	}
	for name, draw := range shapes {
		c, err := NewCanvas(100, 80)
		if err != nil {
			t.Fatal(err)
		}
		draw(c)
		b := c.Img.Bounds()
		covered := 0
		for y := 0; y < b.Dy(); y++ {
			for x := 0; x < b.Dx(); x++ {
				a := int(c.Img.RGBAAt(x, y).A)
				if a > 0 {
					covered++
				}
				// Mirror around the shape's centre (50, 40) for the ring and (50, 27/40) for the rectangles.
				cy := 2*shapeCentreY(name) - 1 - y
				mx := 99 - x
				if cy < 0 || cy >= b.Dy() {
					continue
				}
				if d := a - int(c.Img.RGBAAt(x, cy).A); d > 40 || d < -40 {
					t.Errorf("%s: (%d,%d) alpha %d, vertical mirror %d", name, x, y, a, c.Img.RGBAAt(x, cy).A)
					break
				}
				if d := a - int(c.Img.RGBAAt(mx, y).A); d > 40 || d < -40 {
					t.Errorf("%s: (%d,%d) alpha %d, horizontal mirror %d", name, x, y, a, c.Img.RGBAAt(mx, y).A)
					break
				}
			}
		}
		if covered == 0 {
			t.Errorf("%s: nothing drawn", name)
		}
	}
}

func shapeCentreY(name string) int {
	switch name {
	case "pill", "pill-stroke":
		return 27
	}
	return 40
}

// TestFillRectExact: a whole-pixel rectangle gives the pixels draw.Draw
// gives (draw.Src for an opaque colour, draw.Over otherwise), whatever
// its width and however the image's edges cut it.
func TestFillRectExact(t *testing.T) {
	c, err := NewCanvas(40, 30)
	if err != nil {
		t.Fatal(err)
	}
	want := image.NewRGBA(c.Img.Rect)
	for i := range c.Img.Pix {
		c.Img.Pix[i] = uint8(i * 7)
	}
	copy(want.Pix, c.Img.Pix)
	n := 0
	for x := -3; x < 40; x += 5 {
		for w := 1; w <= 11; w++ {
			n++
			col := color.RGBA{uint8(n * 13), uint8(n * 29), uint8(n * 3), 255}
			op := draw.Src
			if n%4 == 0 {
				col, op = color.RGBA{col.R / 2, col.G / 2, col.B / 2, 128}, draw.Over
			}
			y := n%33 - 2
			c.FillRect(float64(x), float64(y), float64(w), 3, col)
			draw.Draw(want, image.Rect(x, y, x+w, y+3), image.NewUniform(col), image.Point{}, op)
			if !bytes.Equal(c.Img.Pix, want.Pix) {
				t.Fatalf("rectangle %d,%d %dx3: the pixels differ from draw.Draw's", x, y, w)
			}
		}
	}
}
