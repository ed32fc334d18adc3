package render

import "image/color"

// The marks of the latest turn (engine.Marks): every renderer draws what
// the latest turn changed with the same halo, so that a player reads it
// alike on every game's board. A halo goes under the piece it marks (draw
// it first), so it never hides what it marks: a band of Highlight around
// the piece's outline, edged in HighlightEdge so that it stands out from
// light grounds too.
var (
	// Highlight is Okabe–Ito yellow, a colour none of the first
	// DistinctSeats seats uses: it differs from each of them by at least
	// MinSeatDeltaE in normal vision and as simulated for the three
	// dichromacies (marks_test.go checks it).
	Highlight = color.RGBA{0xF0, 0xE4, 0x42, 0xff}
	// HighlightEdge outlines a halo: near-black, contrast at least 3
	// against Highlight and the light grounds boards use.
	HighlightEdge = color.RGBA{0x16, 0x16, 0x16, 0xff}
)

// HaloBand is how far a halo reaches beyond the outline of what it marks,
// in pixels.
const HaloBand = 6

// HaloSurface is what drawing a halo needs; *Canvas implements it, and so
// may a renderer's recording surface.
type HaloSurface interface {
	FillRect(x, y, w, h float64, col color.RGBA)
	StrokeRoundRect(x, y, w, h, rr, lw float64, col color.RGBA)
	Line(x1, y1, x2, y2, lw float64, col color.RGBA)
	FillCircle(x, y, r float64, col color.RGBA)
	StrokeCircle(x, y, r, lw float64, col color.RGBA)
}

var _ HaloSurface = (*Canvas)(nil)

// HaloRect marks the rectangle x, y, w, h (a tile, a counter, a card): a
// band HaloBand wide around it, edged. Draw it before the piece.
func HaloRect(s HaloSurface, x, y, w, h float64) {
	b := float64(HaloBand)
	s.FillRect(x-b, y-b, w+2*b, h+2*b, Highlight)
	s.StrokeRoundRect(x-b, y-b, w+2*b, h+2*b, 0, 1.5, HighlightEdge)
}

// HaloCircle marks the disc of centre x, y and radius r (a token, a
// meeple's base): a ring HaloBand wide around it, edged. Draw it before
// the piece.
func HaloCircle(s HaloSurface, x, y, r float64) {
	b := float64(HaloBand)
	s.FillCircle(x, y, r+b, Highlight)
	s.StrokeCircle(x, y, r+b, 1.5, HighlightEdge)
}

// HaloLine marks a line of width lw from x1, y1 to x2, y2 (a link, a
// route): a band HaloBand wide on either side. Draw it before the line.
func HaloLine(s HaloSurface, x1, y1, x2, y2, lw float64) {
	s.Line(x1, y1, x2, y2, lw+2*HaloBand, Highlight)
}
