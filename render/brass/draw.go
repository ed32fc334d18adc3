package brass

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/render"
)

// surface is the small set of drawing operations the board needs. The fast
// renderer draws on a *render.Canvas; the benchmark baseline draws the same
// board through gg.
type surface interface {
	FillRect(x, y, w, h float64, c color.RGBA)
	FillRoundRect(x, y, w, h, r float64, c color.RGBA)
	StrokeRoundRect(x, y, w, h, r, lw float64, c color.RGBA)
	FillCircle(x, y, r float64, c color.RGBA)
	StrokeCircle(x, y, r, lw float64, c color.RGBA)
	Line(x1, y1, x2, y2, lw float64, c color.RGBA)
	FillPoly(pts []render.Pt, c color.RGBA)
	Text(s string, x, y float64, f render.Font, c color.RGBA, align float64)
	TextWidth(s string, f render.Font) float64
}

var _ surface = (*render.Canvas)(nil)

// board holds the geometry shared by the static and dynamic layers.
type board struct {
	l      *layout
	places map[string]box // outline of each place
	spaces map[string][]box
	sideX  float64 // left edge of the side column
}

const margin = 10.0

// place geometry is computed once per renderer; text widths come from the
// surface so both pipelines agree.
func newBoard(l *layout, s surface, v *brass.View) (*board, error) {
	b := &board{l: l, places: map[string]box{}, spaces: map[string][]box{}, sideX: l.Map[0] + l.Map[2]}
	for _, p := range v.Places {
		pl, ok := l.Places[p.ID]
		if !ok {
			return nil, fmt.Errorf("%w: place %q", ErrNoLayout, p.ID)
		}
		if len(p.Spaces) == 0 {
			// Label, then the two gold circles; external locations
			// also show an anchor on the left.
			w, h := s.TextWidth(pl.Label, fName)+70, 34.0
			if p.Kind == "external" {
				w, h = w+18, 40
			}
			b.places[p.ID] = box{math.Round(pl.X - w/2), math.Round(pl.Y - h/2), math.Round(w), h}
			continue
		}
		ob, sp := townBox(pl, len(p.Spaces), s.TextWidth(pl.Label, fName))
		b.places[p.ID] = ob
		b.spaces[p.ID] = sp
	}
	for _, k := range v.Links {
		if _, ok := l.Links[k.ID]; !ok {
			return nil, fmt.Errorf("%w: link %q", ErrNoLayout, k.ID)
		}
		if _, ok := b.places[k.A]; !ok {
			return nil, fmt.Errorf("%w: link %q end %q", ErrNoLayout, k.ID, k.A)
		}
		if _, ok := b.places[k.B]; !ok {
			return nil, fmt.Errorf("%w: link %q end %q", ErrNoLayout, k.ID, k.B)
		}
	}
	return b, nil
}

// ends returns the visible part of a link: from the edge of one place to
// the edge of the other.
func (b *board) ends(k brass.LinkView) (x1, y1, x2, y2 float64) {
	pa, pb := b.l.Places[k.A], b.l.Places[k.B]
	return segment(pa.X, pa.Y, pb.X, pb.Y, b.places[k.A], b.places[k.B])
}

// ---------------------------------------------------------------------------
// Static layer: everything that does not depend on the position.

func (b *board) drawStatic(s surface, v *brass.View) {
	l := b.l
	s.FillRect(0, 0, float64(l.Width), float64(l.Height), colPage)
	s.FillRect(l.Map[0], l.Map[1], l.Map[2], l.Map[3], colLand)
	sea := make([]render.Pt, len(l.Sea))
	for i, p := range l.Sea {
		sea[i] = render.Pt{X: p[0], Y: p[1]}
	}
	s.FillPoly(sea, colSea)
	s.Text("Irish Sea", 12, 30, fSmallB, colCanal, 0)

	for _, k := range v.Links {
		b.drawPotentialLink(s, k)
	}
	for _, p := range v.Places {
		b.drawPlace(s, p)
	}
	b.drawLegend(s)
	b.drawTrackFrames(s)
}

func (b *board) drawPotentialLink(s surface, k brass.LinkView) {
	x1, y1, x2, y2 := b.ends(k)
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	if k.Rail {
		// Sleepers across a thin rail.
		s.Line(x1, y1, x2, y2, 2, colRail)
		for t := 4.0; t < n-2; t += 13 {
			cx, cy := x1+ux*t, y1+uy*t
			s.Line(cx-uy*6, cy+ux*6, cx+uy*6, cy-ux*6, 2.5, colRail)
		}
	}
	if k.Canal {
		ox, oy := 0.0, 0.0
		if k.Rail {
			// Run the canal alongside the rail so both stay visible.
			ox, oy = -uy*9, ux*9
		}
		for t := 0.0; t < n; t += 17 {
			e := math.Min(t+10, n)
			s.Line(x1+ux*t+ox, y1+uy*t+oy, x1+ux*e+ox, y1+uy*e+oy, 3.5, colCanal)
		}
	}
}

func (b *board) drawPlace(s surface, p brass.PlaceView) {
	ob := b.places[p.ID]
	label := b.l.Places[p.ID].Label
	switch {
	case len(p.Spaces) > 0:
		s.FillRoundRect(ob.X, ob.Y, ob.W, ob.H, 7, colWhite)
		s.StrokeRoundRect(ob.X, ob.Y, ob.W, ob.H, 7, 2, colInk)
		s.Text(label, ob.cx(), ob.Y+19, fName, colInk, 0.5)
		for i, sp := range p.Spaces {
			drawEmptySpace(s, b.spaces[p.ID][i], sp.Allowed)
		}
	case p.Kind == "external":
		s.FillRoundRect(ob.X, ob.Y, ob.W, ob.H, 4, colExtern)
		s.StrokeRoundRect(ob.X, ob.Y, ob.W, ob.H, 4, 3, colInk)
		drawAnchor(s, ob.X+20, ob.cy())
		s.Text(label, ob.X+36, ob.cy()+7, fName, colInk, 0)
		drawGoldPair(s, ob.X+ob.W-26, ob.cy())
	default:
		s.FillRoundRect(ob.X, ob.Y, ob.W, ob.H, ob.H/2, colPlace)
		s.StrokeRoundRect(ob.X, ob.Y, ob.W, ob.H, ob.H/2, 2, colInk)
		s.Text(label, ob.X+14, ob.cy()+7, fName, colInk, 0)
		drawGoldPair(s, ob.X+ob.W-30, ob.cy())
	}
}

// drawGoldPair draws the two gold link-VP circles centred on x, y.
func drawGoldPair(s surface, x, y float64) {
	for _, dx := range []float64{-8, 8} {
		s.FillCircle(x+dx, y, 7, colGold)
		s.StrokeCircle(x+dx, y, 7, 1.5, colInk)
	}
}

// drawAnchor draws a small anchor (the port mark) centred on x, y.
func drawAnchor(s surface, x, y float64) {
	s.StrokeCircle(x, y-10, 3.5, 2, colInk)
	s.Line(x, y-6.5, x, y+11, 2.5, colInk)
	s.Line(x-6, y-3, x+6, y-3, 2.5, colInk)
	pts := []render.Pt{}
	for a := 20.0; a <= 160; a += 20 {
		r := a * math.Pi / 180
		pts = append(pts, render.Pt{X: x + 10*math.Cos(r), Y: y + 1 + 10*math.Sin(r)})
	}
	for i := 1; i < len(pts); i++ {
		s.Line(pts[i-1].X, pts[i-1].Y, pts[i].X, pts[i].Y, 2.5, colInk)
	}
	s.FillPoly([]render.Pt{{X: x + 11, Y: y + 1}, {X: x + 6, Y: y + 2}, {X: x + 10, Y: y + 6}}, colInk)
	s.FillPoly([]render.Pt{{X: x - 11, Y: y + 1}, {X: x - 6, Y: y + 2}, {X: x - 10, Y: y + 6}}, colInk)
}

// drawEmptySpace shows what an empty space accepts: the industry tint(s)
// and letter(s).
func drawEmptySpace(s surface, r box, allowed []string) {
	switch len(allowed) {
	case 0:
		s.FillRect(r.X, r.Y, r.W, r.H, colLight)
	case 1:
		s.FillRect(r.X, r.Y, r.W, r.H, industryTint[allowed[0]])
		s.Text(industryLetter[allowed[0]], r.cx(), r.cy()+8, fBig, colInk, 0.5)
	default:
		// Split diagonally between the first two industries.
		s.FillRect(r.X, r.Y, r.W, r.H, industryTint[allowed[1]])
		s.FillPoly([]render.Pt{{X: r.X, Y: r.Y}, {X: r.X + r.W, Y: r.Y}, {X: r.X, Y: r.Y + r.H}}, industryTint[allowed[0]])
		s.Text(industryLetter[allowed[0]], r.X+13, r.Y+21, fTile, colInk, 0.5)
		s.Text(industryLetter[allowed[1]], r.X+r.W-13, r.Y+r.H-7, fTile, colInk, 0.5)
	}
	s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 1.5, colGrey)
}

func (b *board) drawLegend(s surface) {
	x, y := 10.0, float64(b.l.Height)-132
	s.FillRoundRect(x, y, 290, 122, 6, colPage)
	s.StrokeRoundRect(x, y, 290, 122, 6, 1.5, colGrey)
	s.Text("M mill  P port  C coal  I iron  S ship", x+10, y+24, fSmallB, colInk, 0)
	// Canal and rail samples.
	for t := x + 12; t < x+52; t += 17 {
		s.Line(t, y+44, t+10, y+44, 3.5, colCanal)
	}
	s.Text("canal", x+60, y+49, fSmall, colInk, 0)
	s.Line(x+120, y+44, x+160, y+44, 2, colRail)
	for t := x + 124; t < x+160; t += 13 {
		s.Line(t, y+38, t, y+50, 2.5, colRail)
	}
	s.Text("rail", x+168, y+49, fSmall, colInk, 0)
	s.FillCircle(x+22, y+74, 10, colWhite)
	s.StrokeCircle(x+22, y+74, 10, 2, colInk)
	s.Text("built canal", x+38, y+79, fSmall, colInk, 0)
	s.FillRect(x+142, y+64, 20, 20, colWhite)
	s.StrokeRoundRect(x+142, y+64, 20, 20, 0, 2, colInk)
	s.Text("built rail", x+170, y+79, fSmall, colInk, 0)
	// Unflipped / flipped counters, as drawCounter draws them, in grey.
	s.FillRect(x+12, y+93, 22, 22, render.Blend(colWhite, colGrey, 0.2))
	s.StrokeRoundRect(x+12, y+93, 22, 22, 0, 3, colGrey)
	s.StrokeRoundRect(x+12, y+93, 22, 22, 0, 1.5, colInk)
	s.Text("not flipped", x+40, y+109, fSmall, colInk, 0)
	s.FillRect(x+142, y+93, 22, 22, colGrey)
	s.StrokeRoundRect(x+142, y+93, 22, 22, 0, 2.5, colInk)
	s.FillPoly([]render.Pt{{X: x + 154, Y: y + 93}, {X: x + 164, Y: y + 93}, {X: x + 164, Y: y + 103}}, colInk)
	s.Text("flipped", x+172, y+109, fSmall, colInk, 0)
}

// Side column geometry.
const (
	trackTop  = 108.0
	trackRowH = 68.0
	slotH     = 40.0
	marketTop = trackTop + 3*trackRowH
	playerTop = marketTop + 58
	playerH   = 116.0
	playerGap = 5.0
)

func (b *board) sideW() float64 { return float64(b.l.Width) - b.sideX - 2*margin }

// slot returns the x and width of slot i of n on a track row.
func (b *board) slot(i, n int) (float64, float64) {
	w := math.Floor(b.sideW() / float64(n))
	return b.sideX + margin + float64(i)*w, w - 4
}

var trackPrices = []int{1, 1, 2, 2, 3, 3, 4, 4}
var cottonBonus = []string{"+3", "+3", "+2", "+2", "+1", "+1", "+0", "+0", "X"}

func (b *board) drawTrackFrames(s surface) {
	x := b.sideX + margin
	for row, name := range []string{"Coal demand", "Iron demand", "Cotton demand"} {
		y := trackTop + float64(row)*trackRowH
		s.Text(name, x, y+18, fName, colInk, 0)
		n := 8
		if row == 2 {
			n = 9
			s.Text("income bonus", float64(b.l.Width)-margin, y+18, fSmall, colGrey, 1)
		} else {
			s.Text("empty: £5", float64(b.l.Width)-margin, y+18, fSmall, colGrey, 1)
		}
		for i := 0; i < n; i++ {
			sx, sw := b.slot(i, n)
			s.FillRect(sx, y+24, sw, slotH, colWhite)
			s.StrokeRoundRect(sx, y+24, sw, slotH, 0, 1.5, colGrey)
			label := ""
			if row < 2 {
				label = "£" + strconv.Itoa(trackPrices[i])
			} else {
				label = cottonBonus[i]
			}
			s.Text(label, sx+4, y+24+slotH-6, fSmallB, colGrey, 0)
		}
	}
}

// ---------------------------------------------------------------------------
// Dynamic layer: the position.

func (b *board) drawDynamic(s surface, v *brass.View) {
	for _, k := range v.Links {
		if k.Built != "" {
			b.drawBuiltLink(s, k)
		}
	}
	for _, p := range v.Places {
		for i, sp := range p.Spaces {
			if sp.Tile != nil {
				drawCounter(s, b.spaces[p.ID][i], sp.Tile)
			}
		}
	}
	b.drawHeader(s, v)
	b.drawTracks(s, v)
	b.drawPlayers(s, v)
	if v.Hand != nil {
		b.drawHand(s, v)
	}
}

func (b *board) drawBuiltLink(s surface, k brass.LinkView) {
	x1, y1, x2, y2 := b.ends(k)
	c := seatColor(k.Owner)
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	ux, uy := dx/n, dy/n
	if k.Built == "rail" {
		for t := 4.0; t < n-4; t += 14 {
			cx, cy := x1+ux*t, y1+uy*t
			s.Line(cx-uy*10, cy+ux*10, cx+uy*10, cy-ux*10, 3, colInk)
		}
	}
	s.Line(x1, y1, x2, y2, 12, colInk)
	s.Line(x1, y1, x2, y2, 8, c)
	sh := b.l.Links[k.ID].Shift
	m := [2]float64{(x1+x2)/2 + sh[0], (y1+y2)/2 + sh[1]}
	letter := seatLetter(k.Owner)
	// A smaller marker where the visible link is too short for the full one.
	h, f, dy := 12.0, fName, 6.0
	if n < 40 {
		h, f, dy = 9, fSmallB, 5
	}
	if k.Built == "rail" {
		s.FillRect(m[0]-h, m[1]-h, 2*h, 2*h, c)
		s.StrokeRoundRect(m[0]-h, m[1]-h, 2*h, 2*h, 0, 2.5, colInk)
	} else {
		s.FillCircle(m[0], m[1], h+1, c)
		s.StrokeCircle(m[0], m[1], h+1, 2.5, colInk)
	}
	s.Text(letter, m[0], m[1]+dy, f, inkOn(c), 0.5)
}

// drawCounter draws a built industry counter. Unflipped: pale face in the
// owner's colour with a thick owner-coloured frame. Flipped: solid owner colour, black frame and a
// folded black corner. The seat letter sits in the top-left corner.
func drawCounter(s surface, r box, t *brass.TileView) {
	c := seatColor(t.Owner)
	if t.Flipped {
		s.FillRect(r.X, r.Y, r.W, r.H, c)
		s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 4, colInk)
		s.FillPoly([]render.Pt{{X: r.X + r.W - 20, Y: r.Y}, {X: r.X + r.W, Y: r.Y}, {X: r.X + r.W, Y: r.Y + 20}}, colInk)
		s.FillRect(r.X, r.Y, 16, 16, colWhite)
	} else {
		s.FillRect(r.X, r.Y, r.W, r.H, render.Blend(colWhite, c, 0.2))
		s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 3.5, c)
		s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 1.5, colInk)
		s.FillRect(r.X, r.Y, 16, 16, c)
	}
	s.StrokeRoundRect(r.X, r.Y, 16, 16, 0, 1, colInk)
	// Ink on every face: at this size and weight it reads even on the
	// darkest seat colour, and it keeps flipped counters dark in greyscale.
	chipInk, faceInk := inkOn(c), colInk
	if t.Flipped {
		chipInk = colInk
	}
	s.Text(seatLetter(t.Owner), r.X+8, r.Y+13, fSmallB, chipInk, 0.5)
	s.Text(industryLetter[t.Industry]+strconv.Itoa(t.Level), r.cx()+3, r.Y+33, fTile, faceInk, 0.5)
	if t.Cubes > 0 {
		cube := colCoal
		if t.Industry == "iron" {
			cube = colIron
		}
		const cw, gap = 7.0, 1.0
		total := float64(t.Cubes)*(cw+gap) - gap
		x := r.cx() - total/2
		for i := 0; i < t.Cubes; i++ {
			s.FillRect(x-1, r.Y+r.H-11, cw+2, cw+2, colWhite)
			s.FillRect(x, r.Y+r.H-10, cw, cw, cube)
			x += cw + gap
		}
	} else {
		drawIndustryIcon(s, t.Industry, r.cx(), r.Y+r.H-7, faceInk)
	}
}

// drawIndustryIcon draws a small mark for the industry, about 14×9 pixels
// centred on x, y: a bale for cotton, an anchor for a port, a hull for a
// shipyard, an empty cube for a coal mine or iron works with no cubes left.
func drawIndustryIcon(s surface, ind string, x, y float64, c color.RGBA) {
	switch ind {
	case "cotton":
		s.StrokeCircle(x-5, y, 3, 1.5, c)
		s.StrokeCircle(x+5, y, 3, 1.5, c)
		s.StrokeCircle(x, y-1, 3.5, 1.5, c)
	case "port":
		s.Line(x, y-5, x, y+4, 1.8, c)
		s.Line(x-3.5, y-3, x+3.5, y-3, 1.8, c)
		s.Line(x-6, y+1, x-3, y+4, 1.8, c)
		s.Line(x-3, y+4, x+3, y+4, 1.8, c)
		s.Line(x+3, y+4, x+6, y+1, 1.8, c)
	case "ship":
		s.FillPoly([]render.Pt{{X: x - 8, Y: y + 1}, {X: x + 8, Y: y + 1}, {X: x + 5, Y: y + 5}, {X: x - 5, Y: y + 5}}, c)
		s.Line(x, y+1, x, y-6, 1.5, c)
		s.FillPoly([]render.Pt{{X: x + 1, Y: y - 6}, {X: x + 6, Y: y - 1}, {X: x + 1, Y: y - 1}}, c)
	case "coal", "iron":
		s.StrokeRoundRect(x-4, y-4, 8, 8, 0, 1.5, c)
	}
}

func periodName(p string) string {
	switch p {
	case "canal":
		return "CANAL PERIOD"
	case "rail":
		return "RAIL PERIOD"
	}
	return strings.ToUpper(p)
}

func (b *board) drawHeader(s surface, v *brass.View) {
	x := b.sideX + margin
	right := float64(b.l.Width) - margin
	if v.Finished {
		s.Text("GAME OVER", x, 34, fTitle, colInk, 0)
	} else {
		s.Text(periodName(v.Period), x, 34, fTitle, colInk, 0)
		s.Text(fmt.Sprintf("Round %d/%d", v.Round, v.Rounds), right, 34, fTitle, colInk, 1)
	}
	s.Text(fit(s, phaseText(v), fBody, right-x), x, 60, fBody, colInk, 0)
	s.Text("Order", x, 92, fBold, colInk, 0)
	cx := x + 64
	for i, seat := range v.TurnOrder {
		if i > 0 {
			s.FillPoly([]render.Pt{{X: cx - 10, Y: 78}, {X: cx - 2, Y: 85}, {X: cx - 10, Y: 92}}, colGrey)
		}
		c := seatColor(seat)
		if seat == v.Active {
			s.FillCircle(cx+16, 85, 18, colInk)
		}
		s.FillCircle(cx+16, 85, 14, c)
		s.Text(seatLetter(seat), cx+16, 92, fBold, inkOn(c), 0.5)
		cx += 46
	}
	s.Text(fmt.Sprintf("Deck %d", v.DeckSize), right, 92, fBold, colInk, 1)
}

func (b *board) drawTracks(s surface, v *brass.View) {
	for row, cubes := range []int{v.CoalDemand, v.IronDemand} {
		y := trackTop + float64(row)*trackRowH + 24
		cube := colCoal
		if row == 1 {
			cube = colIron
		}
		// The cubes sit in the dearest spaces; buyers take the cheapest.
		for i := 8 - clamp(cubes, 0, 8); i < 8; i++ {
			sx, sw := b.slot(i, 8)
			s.FillRect(sx+sw-27, y+6, 22, 22, colWhite)
			s.FillRect(sx+sw-26, y+7, 20, 20, cube)
		}
	}
	y := trackTop + 2*trackRowH + 24
	sx, sw := b.slot(clamp(v.CottonDemand, 0, 8), 9)
	s.FillCircle(sx+sw-14, y+slotH/2, 11, colInk)
	s.FillCircle(sx+sw-14, y+slotH/2, 5, colWhite)

	x := b.sideX + margin
	right := float64(b.l.Width) - margin
	my := marketTop + 18
	info := fmt.Sprintf("Distant market: %d tiles", v.TilesLeft)
	if v.LastTile != nil {
		info += fmt.Sprintf(", last %s", stepsLabel(*v.LastTile))
	}
	s.Text(info, x, my, fBold, colInk, 0)
	if v.MarketClosed {
		w := s.TextWidth("CLOSED", fName) + 14
		s.FillRoundRect(right-w, my-20, w, 27, 4, colClosed)
		s.Text("CLOSED", right-w/2, my, fName, colWhite, 0.5)
	}
	last := "none"
	if v.DiscardTop != "" {
		last = b.cardLabel(v.DiscardTop)
	}
	s.Text("Last card played: "+last, x, my+25, fBody, colInk, 0)
}

// money formats pounds with the sign in front: £5, −£6.
func money(n int) string {
	if n < 0 {
		return "−£" + strconv.Itoa(-n)
	}
	return "£" + strconv.Itoa(n)
}

// phaseText is what the phase label adds to the period and round shown in
// the title (the engine's label starts with them).
func phaseText(v *brass.View) string {
	if v.Finished && len(v.Ranking) > 0 {
		w := v.Ranking[0]
		for _, p := range v.PlayerViews {
			if p.Seat == w {
				return fmt.Sprintf("Player %d wins with %d VP", w+1, p.VP)
			}
		}
	}
	t := v.Phase
	if i := strings.Index(t, fmt.Sprintf("round %d of %d", v.Round, v.Rounds)); i >= 0 {
		t = strings.TrimLeft(t[i+len(fmt.Sprintf("round %d of %d", v.Round, v.Rounds)):], ":;,. ")
	}
	if t == "" && v.Active >= 0 && !v.Finished {
		t = fmt.Sprintf("Player %d to play", v.Active+1)
	}
	return t
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return strconv.Itoa(n) + "th"
}

func stepsLabel(n int) string {
	if n == 0 {
		return "0"
	}
	return "-" + strconv.Itoa(n)
}

func clamp(n, lo, hi int) int { return max(lo, min(hi, n)) }

// fit shortens s with an ellipsis until it fits in w pixels.
func fit(s surface, t string, f render.Font, w float64) string {
	if s.TextWidth(t, f) <= w {
		return t
	}
	r := []rune(t)
	for len(r) > 0 && s.TextWidth(string(r)+"…", f) > w {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

func (b *board) cardLabel(card string) string {
	if n, ok := industryName[card]; ok {
		return n
	}
	if p, ok := b.l.Places[card]; ok {
		return p.Label
	}
	return card
}

func (b *board) drawPlayers(s surface, v *brass.View) {
	x := b.sideX + margin
	w := b.sideW()
	for i, p := range v.PlayerViews {
		y := playerTop + float64(i)*(playerH+playerGap)
		c := seatColor(p.Seat)
		active := p.Seat == v.Active && !v.Finished
		bg := colWhite
		if active {
			bg = colActive
		}
		s.FillRoundRect(x, y, w, playerH, 6, bg)
		s.FillRect(x, y, 40, playerH, c)
		if active {
			s.StrokeRoundRect(x, y, w, playerH, 6, 4, colInk)
		} else {
			s.StrokeRoundRect(x, y, w, playerH, 6, 1.5, colGrey)
		}
		s.Text(seatLetter(p.Seat), x+20, y+42, fTitle, inkOn(c), 0.5)
		name := fmt.Sprintf("Player %d", p.Seat+1)
		if p.Seat == v.Seat {
			name += " (you)"
		}
		tx := x + 50
		s.Text(name, tx, y+25, fName, colInk, 0)
		if active {
			acts := "to play"
			if v.ActionsLeft > 0 {
				acts = fmt.Sprintf("%d action", v.ActionsLeft)
				if v.ActionsLeft > 1 {
					acts += "s"
				}
			}
			nw := s.TextWidth(name, fName)
			s.FillPoly([]render.Pt{{X: tx + nw + 8, Y: y + 9}, {X: tx + nw + 20, Y: y + 18}, {X: tx + nw + 8, Y: y + 27}}, colInk)
			s.Text(acts, tx+nw+26, y+25, fBold, colInk, 0)
		}
		if v.Finished {
			if rank := slices.Index(v.Ranking, p.Seat); rank >= 0 {
				nw := s.TextWidth(name, fName)
				s.Text(ordinal(rank+1)+" place", tx+nw+14, y+25, fBold, colInk, 0)
			}
		}
		s.Text(money(p.Money), x+w-10, y+28, fBig, colInk, 1)
		s.Text(fmt.Sprintf("Income %s (%d)  VP %d  Spent %s", money(p.Income), p.IncomeSpace, p.VP, money(p.Spent)), tx, y+50, fBody, colInk, 0)
		s.Text(fmt.Sprintf("Links %d/14  Cards %d", p.LinksLeft, p.HandSize), tx, y+73, fBody, colInk, 0)
		// Next counter of each stack.
		cw := math.Floor((w - 54) / 5)
		for j, nt := range p.NextTiles {
			if j >= 5 {
				break
			}
			cx := tx + float64(j)*cw
			cy := y + 81
			tint := industryTint[nt.Industry]
			label := industryLetter[nt.Industry] + strconv.Itoa(nt.Level) + "×" + strconv.Itoa(nt.Left)
			if nt.Left == 0 {
				tint = colLight
				label = industryLetter[nt.Industry] + " —"
			}
			s.FillRoundRect(cx, cy, cw-5, 30, 4, tint)
			s.StrokeRoundRect(cx, cy, cw-5, 30, 4, 1.5, colInk)
			s.Text(label, cx+(cw-5)/2, cy+22, fBold, colInk, 0.5)
		}
	}
}

func (b *board) drawHand(s surface, v *brass.View) {
	x := b.sideX + margin
	y := playerTop + float64(len(v.PlayerViews))*(playerH+playerGap)
	w := b.sideW()
	rows := (len(v.Hand) + 3) / 4
	h := math.Min(float64(b.l.Height)-margin-y, 34+31*float64(rows))
	s.FillRoundRect(x, y, w, h, 6, colWhite)
	s.StrokeRoundRect(x, y, w, h, 6, 3, colInk)
	s.Text(fmt.Sprintf("Your hand, %s: %d cards", seatLetter(v.Seat), len(v.Hand)), x+10, y+21, fBold, colInk, 0)
	cw := math.Floor((w - 16) / 4)
	for i, card := range v.Hand {
		cx := x + 8 + float64(i%4)*cw
		cy := y + 28 + float64(i/4)*31
		if cy+28 > y+h {
			break
		}
		tint := colPage
		if t, ok := industryTint[card]; ok {
			tint = t
		}
		s.FillRoundRect(cx, cy, cw-5, 28, 4, tint)
		s.StrokeRoundRect(cx, cy, cw-5, 28, 4, 1.5, colInk)
		f, label := fCard, b.cardLabel(card)
		if s.TextWidth(label, f) > cw-11 {
			f = fCardSmall
		}
		s.Text(fit(s, label, f, cw-11), cx+(cw-5)/2, cy+20, f, colInk, 0.5)
	}
}
