package brass

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// surface is the small set of drawing operations the board needs. The fast
// renderer draws on a *render.Canvas; the benchmark baseline draws the same
// board through gg.
// It is render.Surface, the calls a retained drawing records.
type surface = render.Surface

// board holds the geometry shared by the static and dynamic layers, and
// the printed values they draw.
type board struct {
	l      *layout
	pr     *printed
	places map[string]box    // outline of each place
	labels map[string]string // each place's name as the map draws it, in the scene's language
	spaces map[string][]box
	sideX  float64 // left edge of the side column
}

const margin = 10.0

// newBoard computes the geometry of the places and links of v, which the
// renderer does once per static layer (a layer per language: a place's
// name, and so its box, is the language's); text widths come from the
// surface so both pipelines agree.
func newBoard(l *layout, s surface, v *brass.View, w words) (*board, error) {
	pr := thePrinted()
	b := &board{l: l, pr: pr, places: map[string]box{}, labels: map[string]string{}, spaces: map[string][]box{}, sideX: l.Map[0] + l.Map[2]}
	for _, p := range v.Places {
		b.labels[p.ID] = pr.labelIn(w, p.ID)
		pl, ok := l.Places[p.ID]
		if !ok {
			return nil, fmt.Errorf("%w: place %q", ErrNoLayout, p.ID)
		}
		if len(p.Spaces) == 0 {
			// Label, then the gold link-VP circles; a place printed
			// with an anchor also shows it on the left.
			pp := pr.places[p.ID]
			bw, h := s.TextWidth(b.labels[p.ID], fName)+34+18*float64(pp.LinkVP), 40.0
			if pp.Port {
				bw, h = bw+20, 46
			}
			b.places[p.ID] = box{math.Round(pl.X - bw/2), math.Round(pl.Y - h/2), math.Round(bw), h}
			continue
		}
		ob, sp := townBox(pl, len(p.Spaces), s.TextWidth(b.labels[p.ID], fName))
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

func (b *board) drawStatic(s surface, v *brass.View, w words) {
	l := b.l
	s.FillRect(0, 0, float64(l.Width), float64(l.Height), colPage)
	s.FillRect(l.Map[0], l.Map[1], l.Map[2], l.Map[3], colLand)
	sea := make([]render.Pt, len(l.Sea))
	for i, p := range l.Sea {
		sea[i] = render.Pt{X: p[0], Y: p[1]}
	}
	s.FillPoly(sea, colSea)
	s.Text(w.t("irish-sea"), 12, 514, fSmallB, colCanal, 0)

	for _, k := range v.Links {
		b.drawPotentialLink(s, k)
	}
	canal := map[string]bool{}
	for _, k := range v.Links {
		if k.Canal {
			canal[k.A], canal[k.B] = true, true
		}
	}
	for _, p := range v.Places {
		b.drawPlace(s, p)
		if !canal[p.ID] {
			b.drawRailOnly(s, b.places[p.ID])
		}
	}
	b.drawLegend(s, w)
	b.drawTrackFrames(s, w)
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
	pp := b.pr.places[p.ID]
	label := b.labels[p.ID]
	switch {
	case len(p.Spaces) > 0:
		s.FillRoundRect(ob.X, ob.Y, ob.W, ob.H, 7, colWhite)
		s.StrokeRoundRect(ob.X, ob.Y, ob.W, ob.H, 7, 2, colInk)
		s.Text(label, ob.cx(), ob.Y+25, fName, colInk, 0.5)
		for i, sp := range p.Spaces {
			r := b.spaces[p.ID][i]
			drawEmptySpace(s, r, sp.Allowed)
			if len(p.Spaces) > 1 {
				// The space number, for town@n in moves.
				s.Text(strconv.Itoa(i+1), r.cx(), r.Y+r.H+numBand-2, fNum, colGrey, 0.5)
			}
		}
	default:
		// An external location is a green box, another place a pill;
		// the gold circles keep clear of the pill's round end.
		textX, pad := ob.X+14, 14.0
		if p.Kind == "external" {
			s.FillRoundRect(ob.X, ob.Y, ob.W, ob.H, 4, colExtern)
			s.StrokeRoundRect(ob.X, ob.Y, ob.W, ob.H, 4, 3, colInk)
			pad = 11
		} else {
			s.FillRoundRect(ob.X, ob.Y, ob.W, ob.H, ob.H/2, colPlace)
			s.StrokeRoundRect(ob.X, ob.Y, ob.W, ob.H, ob.H/2, 2, colInk)
		}
		if pp.Port {
			drawAnchor(s, ob.X+20, ob.cy())
			textX = ob.X + 38
		}
		s.Text(label, textX, ob.cy()+9, fName, colInk, 0)
		drawGold(s, ob.X+ob.W-pad-9*float64(pp.LinkVP)+1, ob.cy(), pp.LinkVP)
	}
}

// drawRailOnly marks a place no canal reaches: a grey tag with a rail
// sample hanging from the top-left corner of its box.
func (b *board) drawRailOnly(s surface, ob box) {
	x, y := ob.X-4, ob.Y-10
	s.FillRoundRect(x, y, 30, 18, 4, colRail)
	s.Line(x+4, y+9, x+26, y+9, 2, colWhite)
	for t := x + 7; t < x+26; t += 6 {
		s.Line(t, y+4, t, y+14, 2, colWhite)
	}
}

// drawGold draws n gold link-VP circles in a row centred on x, y.
func drawGold(s surface, x, y float64, n int) {
	for i := range n {
		cx := x + 18*(float64(i)-float64(n-1)/2)
		s.FillCircle(cx, y, 8, colGold)
		s.StrokeCircle(cx, y, 8, 1.5, colInk)
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
		s.Text(industryLetter[allowed[0]], r.cx(), r.cy()+11, fTile, colInk, 0.5)
	default:
		// Split diagonally between the first two industries.
		s.FillRect(r.X, r.Y, r.W, r.H, industryTint[allowed[1]])
		s.FillPoly([]render.Pt{{X: r.X, Y: r.Y}, {X: r.X + r.W, Y: r.Y}, {X: r.X, Y: r.Y + r.H}}, industryTint[allowed[0]])
		s.Text(industryLetter[allowed[0]], r.X+16, r.Y+25, fSplit, colInk, 0.5)
		s.Text(industryLetter[allowed[1]], r.X+r.W-16, r.Y+r.H-8, fSplit, colInk, 0.5)
	}
	s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 1.5, colGrey)
}

// legendBox is where the legend goes: at the foot of the side column,
// below the panels of the most players the game seats.
func (b *board) legendBox() box {
	return box{b.sideX + margin, float64(b.l.Height) - legendH - margin, b.sideW(), legendH}
}

// drawLegend explains the marks the game does not print: the industry
// letters, space numbers, link and counter styles, the last-turn halo, the
// rail-only tag, the VP circles, the income on a counter and the price of
// an empty track.
func (b *board) drawLegend(s surface, w words) {
	lb := b.legendBox()
	x, y := lb.X, lb.Y
	s.FillRoundRect(x, y, lb.W, lb.H, 6, colPage)
	s.StrokeRoundRect(x, y, lb.W, lb.H, 6, 1.5, colGrey)
	row := func(i int) float64 { return y + 23 + 25*float64(i) }
	// Left column.
	s.Text(w.t("legend.letters1"), x+10, row(0), fSmallB, colInk, 0)
	letters2 := w.t("legend.letters2")
	s.Text(letters2, x+10, row(1), fSmallB, colInk, 0)
	sx := max(x+138, x+10+s.TextWidth(letters2, fSmallB)+14) // after the letters, however long
	s.Text("2", sx, row(1), fNum, colGrey, 0.5)
	s.Text(w.t("legend.space"), sx+10, row(1), fSmall, colInk, 0)
	for t := x + 12; t < x+52; t += 17 {
		s.Line(t, row(2)-6, t+10, row(2)-6, 3.5, colCanal)
	}
	s.Text(w.t("legend.canal"), x+58, row(2), fSmall, colInk, 0)
	s.Line(x+120, row(2)-6, x+160, row(2)-6, 2, colRail)
	for t := x + 124; t < x+160; t += 13 {
		s.Line(t, row(2)-12, t, row(2), 2.5, colRail)
	}
	s.Text(w.t("legend.rail"), x+166, row(2), fSmall, colInk, 0)
	s.FillCircle(x+22, row(3)-6, 10, colWhite)
	s.StrokeCircle(x+22, row(3)-6, 10, 2, colInk)
	s.Text(w.t("legend.built-canal"), x+38, row(3), fSmall, colInk, 0)
	s.FillRect(x+128, row(3)-16, 20, 20, colWhite)
	s.StrokeRoundRect(x+128, row(3)-16, 20, 20, 0, 2, colInk)
	s.Text(w.t("legend.rail"), x+154, row(3), fSmall, colInk, 0)
	// Unflipped / flipped counters, as drawCounter draws them, in grey.
	s.FillRect(x+12, row(4)-17, 22, 22, render.Blend(colWhite, colGrey, 0.2))
	s.StrokeRoundRect(x+12, row(4)-17, 22, 22, 0, 3, colGrey)
	s.StrokeRoundRect(x+12, row(4)-17, 22, 22, 0, 1.5, colInk)
	s.Text(w.t("legend.not-flipped"), x+40, row(4), fSmall, colInk, 0)
	s.FillRect(x+140, row(4)-17, 22, 22, colGrey)
	s.StrokeRoundRect(x+140, row(4)-17, 22, 22, 0, 2.5, colInk)
	s.FillPoly([]render.Pt{{X: x + 150, Y: row(4) + 5}, {X: x + 162, Y: row(4) + 5}, {X: x + 162, Y: row(4) - 7}}, colInk)
	s.Text(w.t("legend.flipped"), x+168, row(4), fSmall, colInk, 0)
	s.FillRect(x+10, row(5)-18, 40, 24, colLight)
	s.Text(w.money(b.pr.stock), x+30, row(5), fSmallB, colInk, 0.5)
	s.Text(w.t("legend.empty"), x+58, row(5), fSmall, colInk, 0)
	// Right column.
	rx := x + 236
	s.FillRect(rx, row(0)-17, 22, 22, colNew)
	s.StrokeRoundRect(rx, row(0)-17, 22, 22, 0, 1.5, colInk)
	s.Text(w.t("legend.last-turn"), rx+30, row(0), fSmall, colInk, 0)
	b.drawRailOnly(s, box{X: rx + 4, Y: row(1) - 5})
	s.Text(w.t("legend.rail-only"), rx+34, row(1), fSmall, colInk, 0)
	s.FillCircle(rx+11, row(2)-6, 10, colGold)
	s.StrokeCircle(rx+11, row(2)-6, 10, 1.2, colInk)
	s.Text("3", rx+11, row(2), fNum, colInk, 0.5)
	s.Text(w.t("legend.vp"), rx+30, row(2), fSmall, colInk, 0)
	s.Text("+2", rx+11, row(3), fNum, colInk, 0.5)
	s.Text(w.t("legend.income"), rx+30, row(3), fSmall, colInk, 0)
	s.Text(w.t("legend.projected1"), rx, row(4), fSmall, colInk, 0)
	s.Text(w.t("legend.projected2"), rx, row(5), fSmall, colInk, 0)
}

const legendH = 160.0

// Side column geometry.
const (
	trackTop   = 136.0
	trackRowH  = 52.0
	slotH      = 44.0
	trackLabel = 98.0 // width of the track names left of the slots
	marketTop  = trackTop + 3*trackRowH
	playerTop  = marketTop + 74
	playerH    = 148.0
	playerGap  = 6.0
	panelBar   = 46.0 // the seat-coloured band on the left of a player panel
)

func (b *board) sideW() float64 { return float64(b.l.Width) - b.sideX - 2*margin }

// slot returns the x and width of slot i of n on a track row.
func (b *board) slot(i, n int) (float64, float64) {
	w := math.Floor((b.sideW() - trackLabel) / float64(n))
	return b.sideX + margin + trackLabel + float64(i)*w, w - 4
}

// trackWidth is the number of slots a track row is divided into: the
// longest track (the cotton track with its closed space, or a demand track
// with its empty-track price).
func (b *board) trackWidth() int { return max(len(b.pr.cotton), len(b.pr.demand)+1) }

// trackSlots are the printed values of the spaces of a track row, in w's
// words: the coal and iron demand prices, then the cotton demand bonuses.
func (b *board) trackSlots(s surface, row int, w words) []string {
	if row < 2 {
		_, sw := b.slot(0, b.trackWidth())
		out := make([]string, len(b.pr.demand))
		for i, price := range b.pr.demand {
			out[i] = slotMoney(s, w, price, sw)
		}
		return out
	}
	return b.pr.cotton
}

// slotMoney is a price as a track's slot of width sw shows it: the
// language's money (w.money), its no-break space closed up when the
// amount would not fit with a margin ("5£" for "5 £" in German and
// French; the English "£5" always fits).
func slotMoney(s surface, w words, n int, sw float64) string {
	m := w.money(n)
	if s.TextWidth(m, fChip) > sw-6 {
		m = strings.ReplaceAll(m, "\u00a0", "")
	}
	return m
}

func (b *board) drawTrackFrames(s surface, w words) {
	x := b.sideX + margin
	for row, name := range []string{w.t("track.coal"), w.t("track.iron"), w.t("track.cotton")} {
		y := trackTop + float64(row)*trackRowH
		s.Text(name, x, y+slotH/2+9, fHead, colInk, 0)
		slots := b.trackSlots(s, row, w)
		n := b.trackWidth()
		for i, label := range slots {
			sx, sw := b.slot(i, n)
			s.FillRect(sx, y, sw, slotH, colWhite)
			s.StrokeRoundRect(sx, y, sw, slotH, 0, 1.5, colGrey)
			s.Text(label, sx+sw/2, y+slotH/2+8, fChip, colGrey, 0.5)
		}
		if row < 2 {
			// Beyond the track: the price of a cube when it is empty.
			sx, sw := b.slot(len(slots), n)
			s.FillRect(sx, y, sw, slotH, colLight)
			s.Text(slotMoney(s, w, b.pr.stock, sw), sx+sw/2, y+slotH/2+8, fChip, colInk, 0.5)
		}
	}
}

// ---------------------------------------------------------------------------
// Dynamic layer: the position.

// drawDynamic draws the position in w's words.
func (b *board) drawDynamic(s surface, v *brass.View, w words) {
	// The latest turn's links and counters first get the house halo
	// (render.HaloLine, render.HaloRect), under them.
	for _, k := range v.Links {
		if k.Built != "" && v.Recent.Has(brass.LinkKey(k.ID)) {
			x1, y1, x2, y2 := b.ends(k)
			render.HaloLine(s, x1, y1, x2, y2, 22-2*render.HaloBand)
		}
	}
	for _, p := range v.Places {
		for i, sp := range p.Spaces {
			if sp.Tile != nil && v.Recent.Has(brass.SpaceKey(p.ID, i)) {
				r := b.spaces[p.ID][i]
				render.HaloRect(s, r.X, r.Y, r.W, r.H)
			}
		}
	}
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
	b.drawHeader(s, v, w)
	b.drawTracks(s, v, w)
	b.drawPlayers(s, v, w)
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
	h, f, dy := 14.0, fStat, 8.5
	if n < 44 {
		h, f, dy = 10, fSmallB, 6.5
	}
	if k.Built == "rail" {
		s.FillRect(m[0]-h, m[1]-h, 2*h, 2*h, c)
		s.StrokeRoundRect(m[0]-h, m[1]-h, 2*h, 2*h, 0, 2.5, colInk)
	} else {
		s.FillCircle(m[0], m[1], h+1, c)
		s.StrokeCircle(m[0], m[1], h+1, 2.5, colInk)
	}
	s.Text(letter, m[0], m[1]+dy, f, inkOn(c), 0.5)
	// What the link scores now: a gold circle beside the marker.
	if k.Value > 0 {
		gx, gy := m[0]+uy*(h+12), m[1]-ux*(h+12)
		s.FillCircle(gx, gy, 11, colGold)
		s.StrokeCircle(gx, gy, 11, 1.5, colInk)
		s.Text(strconv.Itoa(k.Value), gx, gy+6, fNum, colInk, 0.5)
	}
}

// drawCounter draws a built industry counter. Unflipped: pale face in the
// owner's colour with a thick owner-coloured frame. Flipped: solid owner
// colour, black frame and a folded black corner. The seat letter sits in
// the top-left corner, the industry letter and level in the middle, the
// cubes (or an industry mark) along the bottom.
func drawCounter(s surface, r box, t *brass.TileView) {
	c := seatColor(t.Owner)
	const chip = 21.0
	if t.Flipped {
		s.FillRect(r.X, r.Y, r.W, r.H, c)
		s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 4, colInk)
		// A folded corner in ink keeps a flipped counter darker than an
		// unflipped one in greyscale, whatever the seat colour.
		s.FillPoly([]render.Pt{{X: r.X + r.W - 22, Y: r.Y + r.H}, {X: r.X + r.W, Y: r.Y + r.H}, {X: r.X + r.W, Y: r.Y + r.H - 22}}, colInk)
		s.FillRect(r.X, r.Y, chip, chip, colInk)
	} else {
		s.FillRect(r.X, r.Y, r.W, r.H, render.Blend(colWhite, c, 0.15))
		s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 4, c)
		s.StrokeRoundRect(r.X, r.Y, r.W, r.H, 0, 1.5, colInk)
		s.FillRect(r.X, r.Y, chip, chip, c)
	}
	s.StrokeRoundRect(r.X, r.Y, chip, chip, 0, 1.5, colInk)
	// Ink on every face: at this size and weight it reads even on the
	// darkest seat colour, and it keeps flipped counters dark in greyscale.
	chipInk, faceInk := inkOn(c), colInk
	if t.Flipped {
		chipInk, faceInk = colWhite, inkOn(c)
	}
	s.Text(seatLetter(t.Owner), r.X+chip/2, r.Y+chip/2+7, fSeat, chipInk, 0.5)
	s.Text(industryLetter[t.Industry]+strconv.Itoa(t.Level), r.cx()+4, r.Y+41, fTile, faceInk, 0.5)
	// The counter's VP in a gold circle (top right) and the income it
	// gives when flipped (between the two).
	s.FillCircle(r.X+r.W-10, r.Y+10, 9, colGold)
	s.StrokeCircle(r.X+r.W-10, r.Y+10, 9, 1.2, colInk)
	s.Text(strconv.Itoa(t.VP), r.X+r.W-10, r.Y+15, fNum, colInk, 0.5)
	if t.Income != 0 {
		s.Text(fmt.Sprintf("%+d", t.Income), r.X+chip+9, r.Y+16, fNum, faceInk, 0.5)
	}
	if t.Cubes > 0 {
		cube := colCoal
		if t.Industry == "iron" {
			cube = colIron
		}
		cw, gap := 8.0, 1.0
		if t.Cubes <= 4 {
			cw = 10
		}
		total := float64(t.Cubes)*(cw+gap) - gap
		x := math.Round(r.cx() - total/2)
		for i := 0; i < t.Cubes; i++ {
			s.FillRect(x-1, r.Y+r.H-cw-5, cw+2, cw+2, colWhite)
			s.FillRect(x, r.Y+r.H-cw-4, cw, cw, cube)
			x += cw + gap
		}
	} else {
		drawIndustryIcon(s, t.Industry, r.cx(), r.Y+r.H-8, faceInk)
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

func periodName(w words, p string) string {
	switch p {
	case "canal", "rail":
		return w.t("period." + p)
	}
	return strings.ToUpper(p)
}

func (b *board) drawHeader(s surface, v *brass.View, w words) {
	x := b.sideX + margin
	right := float64(b.l.Width) - margin
	if v.Finished {
		s.Text(w.t("game-over"), x, 38, fTitle, colInk, 0)
	} else {
		period := periodName(w, v.Period)
		round := w.t("round", "round", strconv.Itoa(v.Round), "rounds", strconv.Itoa(v.Rounds))
		f, pf := fTitle, fTitle
		if s.TextWidth(period, pf)+s.TextWidth(round, f)+16 > right-x {
			f = fHead
		}
		if s.TextWidth(period, pf)+s.TextWidth(round, f)+16 > right-x {
			pf = fHead // a long period name (KANALZEITALTER) goes smaller too
		}
		s.Text(period, x, 38, pf, colInk, 0)
		s.Text(round, right, 38, f, colInk, 1)
	}
	lines := phaseLines(s, v, w, right-x)
	s.Text(lines[0], x, 72, fHead, colInk, 0)
	if len(lines) > 1 {
		// The winner's line goes on where the turn order was (it is
		// over), and so does the rest of a debtor's or seller's.
		s.Text(lines[1], x, 104, fHead, colInk, 0)
		return
	}
	const oy = 104.0 // centre of the turn order row
	s.Text(w.t("order"), x, oy+9, fStat, colInk, 0)
	cx := x + 76
	for i, seat := range v.TurnOrder {
		if i > 0 {
			s.FillPoly([]render.Pt{{X: cx - 11, Y: oy - 8}, {X: cx - 2, Y: oy}, {X: cx - 11, Y: oy + 8}}, colGrey)
		}
		c := seatColor(seat)
		if seat == v.Active {
			s.FillCircle(cx+18, oy, 21, colInk)
		}
		s.FillCircle(cx+18, oy, 17, c)
		s.Text(seatLetter(seat), cx+18, oy+9, fStat, inkOn(c), 0.5)
		cx += 52
	}
	s.Text(w.t("deck", "n", strconv.Itoa(v.DeckSize)), right, oy+9, fStat, colInk, 1)
}

func (b *board) drawTracks(s surface, v *brass.View, w words) {
	for row, cubes := range []int{v.CoalDemand, v.IronDemand} {
		y := trackTop + float64(row)*trackRowH
		cube := colCoal
		if row == 1 {
			cube = colIron
		}
		// The cubes sit in the dearest spaces; buyers take the cheapest.
		// A filled space is drawn as a cube with its price on it.
		slots := b.trackSlots(s, row, w)
		n := len(slots)
		for i := n - clamp(cubes, 0, n); i < n; i++ {
			sx, sw := b.slot(i, b.trackWidth())
			s.FillRect(sx+3, y+3, sw-6, slotH-6, cube)
			s.Text(slots[i], sx+sw/2, y+slotH/2+8, fChip, colWhite, 0.5)
		}
	}
	// The cotton demand marker: its space drawn in ink.
	y := trackTop + 2*trackRowH
	slots := b.trackSlots(s, 2, w)
	i := clamp(v.CottonDemand, 0, len(slots)-1)
	sx, sw := b.slot(i, b.trackWidth())
	s.FillRect(sx, y, sw, slotH, colInk)
	s.Text(slots[i], sx+sw/2, y+slotH/2+8, fChip, colWhite, 0.5)

	x := b.sideX + margin
	right := float64(b.l.Width) - margin
	my := marketTop + 26
	info := w.t("distant", lang.CountKey, strconv.Itoa(v.TilesLeft))
	if v.LastTile != nil {
		info = w.t("distant-last", lang.CountKey, strconv.Itoa(v.TilesLeft), "last", stepsLabel(*v.LastTile))
	}
	infoW := right - x
	if v.MarketClosed {
		closed := w.t("closed")
		cw := s.TextWidth(closed, fStat) + 14
		s.FillRoundRect(right-cw, my-23, cw, 31, 4, colClosed)
		s.Text(closed, right-cw/2, my, fStat, colWhite, 0.5)
		infoW -= cw + 8
	}
	s.Text(fit(s, info, fStat, infoW), x, my, fStat, colInk, 0)
	last := w.t("last-card-none")
	if v.DiscardTop != "" {
		last = w.t("last-card", "card", b.pr.cardLabelIn(w, v.DiscardTop))
	}
	s.Text(fit(s, last, fStat, right-x), x, my+32, fStat, colInk, 0)
}

// phaseText is what happens now, beside the period and round shown in
// the title: the winner, a debtor or a seller who may go on (the view's
// Mode), or who is to play and with how many actions.
func phaseText(v *brass.View, w words) string { return phaseTextNamed(v, w, w.name) }

// phaseLine is phaseText fitted to width pixels: a long name is
// shortened first, so the rest of the line (the winner's VP, the actions
// left) stays whole.
func phaseLine(s surface, v *brass.View, w words, width float64) string {
	full := phaseText(v, w)
	if s.TextWidth(full, fHead) <= width {
		return full
	}
	rest := phaseTextNamed(v, w, func(int) string { return "" })
	short := phaseTextNamed(v, w, func(seat int) string {
		return fit(s, w.name(seat), fHead, width-s.TextWidth(rest, fHead))
	})
	return fit(s, short, fHead, width)
}

// phaseLines is phaseText in width pixels, on one line or, at the end,
// two: the winner's name and score whole on two lines; the one to play
// (or to remove industries, or to sell more cotton) by letter only when
// the name does not fit (their panel, marked, has it whole); else
// phaseLine.
func phaseLines(s surface, v *brass.View, w words, width float64) []string {
	full := phaseText(v, w)
	if s.TextWidth(full, fHead) <= width {
		return []string{full}
	}
	if v.Finished {
		if l := render.Wrap(s, full, fHead, width); len(l) == 2 && s.TextWidth(l[0], fHead) <= width && s.TextWidth(l[1], fHead) <= width {
			return l
		}
	} else if v.Active >= 0 {
		short := w.t("to-play-short", "letter", seatLetter(v.Active))
		if v.ActionsLeft > 0 {
			short = w.t("to-play-actions-short", "letter", seatLetter(v.Active), lang.CountKey, strconv.Itoa(v.ActionsLeft))
		}
		if v.Mode == "liquidate" || v.Mode == "sell-more" {
			// These steps say what the seat must or may do: the
			// sentence goes on two lines, in place of the turn order
			// (the step is brief), with the name, or else its letter.
			for _, text := range []string{full, phaseTextNamed(v, w, seatLetter)} {
				if l := render.Wrap(s, text, fHead, width); len(l) <= 2 && fitsAll(s, l, fHead, width) {
					return l
				}
			}
		} else if s.TextWidth(short, fHead) <= width {
			return []string{short}
		}
	}
	return []string{phaseLine(s, v, w, width)}
}

// fitsAll reports whether every line is at most width pixels wide in f.
func fitsAll(s surface, lines []string, f render.Font, width float64) bool {
	for _, l := range lines {
		if s.TextWidth(l, f) > width {
			return false
		}
	}
	return true
}

// phaseTextNamed is phaseText with the seat named by nameOf.
func phaseTextNamed(v *brass.View, w words, nameOf func(int) string) string {
	if v.Finished && len(v.Ranking) > 0 {
		win := v.Ranking[0]
		for _, p := range v.PlayerViews {
			if p.Seat == win {
				return w.t("wins", "name", nameOf(win), "vp", strconv.Itoa(p.VP))
			}
		}
	}
	if v.Finished || v.Active < 0 {
		return ""
	}
	name, letter := nameOf(v.Active), seatLetter(v.Active)
	switch v.Mode {
	case "liquidate":
		return w.t("liquidate", "name", name, "owed", w.money(v.Owed))
	case "sell-more":
		return w.t("sell-more", "name", name)
	}
	if v.ActionsLeft > 0 {
		return w.t("to-play-actions", "name", name, "letter", letter, lang.CountKey, strconv.Itoa(v.ActionsLeft))
	}
	return w.t("to-play", "name", name, "letter", letter)
}

// ordinal is a place in the ranking: 1st, 2nd ...
func ordinal(w words, n int) string {
	if n >= 1 && n <= 4 {
		return w.t("rank." + strconv.Itoa(n))
	}
	return strconv.Itoa(n)
}

func stepsLabel(n int) string {
	if n == 0 {
		return "0"
	}
	return "-" + strconv.Itoa(n)
}

func clamp(n, lo, hi int) int { return max(lo, min(hi, n)) }

// drawPanelName draws a player panel's name line at the panel's top y,
// from x, in room pixels (left of the money): the name whole, and on the
// active panel a marker and the actions left (acts). The name goes
// smaller or onto two lines before it is cut; the actions are dropped
// first, as the title says them too.
func drawPanelName(s surface, name, acts string, active bool, x, y, room float64) {
	tri := 0.0 // the active marker: a gap and a triangle
	if active {
		tri = 20
	}
	marker := func(ex, cy, half float64) {
		s.FillPoly([]render.Pt{{X: ex + 8, Y: cy - half}, {X: ex + 20, Y: cy}, {X: ex + 8, Y: cy + half}}, colInk)
	}
	if nw := s.TextWidth(name, fHead); nw+tri <= room {
		s.Text(name, x, y+30, fHead, colInk, 0)
		if active {
			marker(x+nw, y+20, 9)
			if aw := s.TextWidth(acts, fChip); nw+tri+6+aw <= room {
				s.Text(acts, x+nw+26, y+29, fChip, colInk, 0)
			}
		}
		return
	}
	for _, f := range []render.Font{fStat, fChip, fName20} {
		if nw := s.TextWidth(name, f); nw+tri <= room {
			s.Text(name, x, y+29, f, colInk, 0)
			if active {
				marker(x+nw, y+21, 8)
			}
			return
		}
	}
	lines := render.Wrap(s, name, fSmallB, room-tri)
	if len(lines) == 1 {
		l := fit(s, name, fSmallB, room-tri)
		s.Text(l, x, y+28, fSmallB, colInk, 0)
		if active {
			marker(x+s.TextWidth(l, fSmallB), y+22, 7)
		}
		return
	}
	if len(lines) > 2 {
		// Longer than the longest name Discord gives (32 characters):
		// the second line is cut.
		lines = []string{lines[0], strings.Join(lines[1:], " ")}
	}
	lines[0] = fit(s, lines[0], fSmallB, room)
	lines[1] = fit(s, lines[1], fSmallB, room-tri)
	for i, l := range lines {
		s.Text(l, x, y+19+20*float64(i), fSmallB, colInk, 0)
	}
	if active {
		marker(x+s.TextWidth(lines[1], fSmallB), y+33, 7)
	}
}

// fit shortens t with an ellipsis until it fits in w pixels.
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

func (b *board) drawPlayers(s surface, v *brass.View, w words) {
	x := b.sideX + margin
	pw := b.sideW()
	right := x + pw - 10
	for i, p := range v.PlayerViews {
		y := playerTop + float64(i)*(playerH+playerGap)
		c := seatColor(p.Seat)
		active := p.Seat == v.Active && !v.Finished
		bg := colWhite
		if active {
			bg = colActive
		}
		s.FillRoundRect(x, y, pw, playerH, 6, bg)
		s.FillRect(x, y, panelBar, playerH, c)
		if active {
			s.StrokeRoundRect(x, y, pw, playerH, 6, 4, colInk)
		} else {
			s.StrokeRoundRect(x, y, pw, playerH, 6, 1.5, colGrey)
		}
		s.Text(seatLetter(p.Seat), x+panelBar/2, y+46, fTitle, inkOn(c), 0.5)
		// Under the letter, in the seat's band: the place at the end
		// ("1st", "1er") and "you" on the viewer's own panel, so the
		// name's line keeps its room for the name.
		by := y + 76
		if v.Finished {
			if rank := slices.Index(v.Ranking, p.Seat); rank >= 0 {
				s.Text(ordinal(w, rank+1), x+panelBar/2, y+84, fHead, inkOn(c), 0.5)
				by = y + 112
			}
		}
		if p.Seat == v.Seat {
			s.Text(w.t("you"), x+panelBar/2, by, fSmallB, inkOn(c), 0.5)
		}
		tx := x + panelBar + 10
		cash := w.money(p.Money)
		cashW := s.TextWidth(cash, fMoney)
		s.Text(cash, right, y+38, fMoney, colInk, 1)
		acts := ""
		if active {
			acts = w.t("acts-to-play")
			if v.ActionsLeft > 0 {
				acts = w.t("actions", lang.CountKey, strconv.Itoa(v.ActionsLeft))
			}
		}
		drawPanelName(s, w.name(p.Seat), acts, active, tx, y, right-cashW-16-tx)
		income := w.t("income", "money", w.money(p.Income))
		s.Text(income, tx, y+64, fHead, colInk, 0)
		iw := s.TextWidth(income, fHead)
		s.Text(fmt.Sprintf("(%d)", p.IncomeSpace), tx+iw+6, y+64, fChip, colGrey, 0)
		// VP so far, and what the player would have if the period ended now.
		vp := w.t("vp", "vp", strconv.Itoa(p.VP))
		if p.Projected != p.VP && !v.Finished {
			vp = w.t("vp-projected", "vp", strconv.Itoa(p.VP), "projected", strconv.Itoa(p.Projected))
		}
		s.Text(vp, right, y+64, fHead, colInk, 1)
		s.Text(w.t("stats", "spent", w.money(p.Spent), "links", strconv.Itoa(p.LinksLeft), "cards", strconv.Itoa(p.HandSize)), tx, y+93, fChip, colInk, 0)
		// Next counter of each stack.
		stacks := len(b.pr.industries)
		cw := math.Floor((x + pw - 6 - tx) / float64(stacks))
		for j, nt := range p.NextTiles {
			if j >= stacks {
				break
			}
			cx := tx + float64(j)*cw
			cy := y + 104
			tint := industryTint[nt.Industry]
			if nt.Left == 0 {
				tint = colLight
			}
			s.FillRoundRect(cx, cy, cw-5, 36, 4, tint)
			s.StrokeRoundRect(cx, cy, cw-5, 36, 4, 1.5, colInk)
			// The tile large, how many are left smaller.
			tile, left := industryLetter[nt.Industry]+strconv.Itoa(nt.Level), "×"+strconv.Itoa(nt.Left)
			if nt.Left == 0 {
				tile, left = industryLetter[nt.Industry]+" —", ""
			}
			tileW := s.TextWidth(tile, fChip)
			tx0 := cx + (cw-5-(tileW+s.TextWidth(left, fSmallB)))/2
			s.Text(tile, tx0, cy+26, fChip, colInk, 0)
			s.Text(left, tx0+tileW, cy+26, fSmallB, colInk, 0)
		}
	}
}
