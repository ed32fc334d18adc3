package brass

import (
	"fmt"
	"image"
	"math"
	"strconv"

	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// The hand image: a compact picture of one seat's cards, for that seat
// only (Discord's /hand, the playground). Discord shows an image this
// small at its own size, so its text is the board's glance size or more.
const (
	handW       = 640.0
	handPerRow  = 3
	handCardH   = 56.0
	handRowH    = 64.0
	handHeaderH = 58.0
)

// HandPNG draws the hand of the view's seat. The view must hold a hand.
func (r *Renderer) HandPNG(v *brass.View, sc render.Scene) ([]byte, error) {
	if v.Hand == nil {
		return nil, fmt.Errorf("%w: the view holds no hand", ErrView)
	}
	pal, err := gamePalette()
	if err != nil {
		return nil, err
	}
	rows := max(1, (len(v.Hand)+handPerRow-1)/handPerRow)
	h := int(handHeaderH + handRowH*float64(rows) + 6)
	c, err := render.NewCanvas(int(handW), h)
	if err != nil {
		return nil, err
	}
	w := wordsFor(sc)
	drawHandImage(c, thePrinted(), v, w, float64(h))
	out := image.NewPaletted(c.Img.Rect, pal.Colors)
	pal.Quantize(out, c.Img)
	return r.enc.Encode(out, 16<<10)
}

// drawHandImage draws the seat's name in its colour and letter, then its
// cards: town cards on white, industry cards in their industry's tint.
func drawHandImage(s surface, pr *printed, v *brass.View, w words, h float64) {
	c := seatColor(v.Seat)
	s.FillRect(0, 0, handW, h, colPage)
	s.FillRect(0, 0, panelBar, h, c)
	s.Text(seatLetter(v.Seat), panelBar/2, 40, fTitle, inkOn(c), 0.5)
	x := panelBar + 12
	title := w.t("hand", "name", w.name(v.Seat), lang.CountKey, strconv.Itoa(len(v.Hand)))
	s.Text(fit(s, title, fHead, handW-x-10), x, 38, fHead, colInk, 0)
	if len(v.Hand) == 0 {
		s.Text(w.t("no-cards"), x, handHeaderH+38, fChip, colGrey, 0)
	}
	cw := math.Floor((handW - x - 6) / handPerRow)
	for i, card := range v.Hand {
		cx := x + float64(i%handPerRow)*cw
		cy := handHeaderH + float64(i/handPerRow)*handRowH
		tint := colWhite
		if t, ok := industryTint[card]; ok {
			tint = t
		}
		s.FillRoundRect(cx, cy, cw-8, handCardH, 6, tint)
		s.StrokeRoundRect(cx, cy, cw-8, handCardH, 6, 2, colInk)
		lines, f := cardLines(s, pr.cardLabelIn(w, card), industryLetter[card], cw-20)
		mid := cx + (cw-8)/2
		if len(lines) == 1 {
			s.Text(lines[0], mid, cy+handCardH/2+9, f, colInk, 0.5)
			continue
		}
		s.Text(lines[0], mid, cy+25, f, colInk, 0.5)
		s.Text(lines[1], mid, cy+48, f, colInk, 0.5)
	}
}

// cardLines is a card's name in w pixels, whole: after the industry's
// letter on one line ("M Cotton mill"); else smaller, on two lines split
// at a space ("C Mine de" / "charbon"); else smaller without the letter
// (the card's tint says the industry too): "Kohlebergwerk",
// "Baumwollspinnerei".
func cardLines(s surface, name, letter string, w float64) ([]string, render.Font) {
	label := name
	if letter != "" {
		label = letter + " " + name
	}
	if s.TextWidth(label, fHead) <= w {
		return []string{label}, fHead
	}
	if l := render.Wrap(s, label, fChip, w); len(l) == 2 && l[0] != letter &&
		s.TextWidth(l[0], fChip) <= w && s.TextWidth(l[1], fChip) <= w {
		return l, fChip
	}
	for _, f := range []render.Font{fChip, fSmallB} {
		if s.TextWidth(name, f) <= w {
			return []string{name}, f
		}
	}
	if l := render.Wrap(s, name, fSmallB, w); len(l) == 2 && s.TextWidth(l[0], fSmallB) <= w {
		return []string{l[0], fit(s, l[1], fSmallB, w)}, fSmallB
	}
	return []string{fit(s, name, fSmallB, w)}, fSmallB
}
