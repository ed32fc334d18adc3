package urbanization

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

const (
	width  = 1280
	margin = 12.0
	gap    = 10.0
	scoreH = 120.0 // the scoring track
)

// surface is the drawing operations the board needs: a *render.Canvas in
// the renderer, a recorder of the texts in the legibility test.
// It is render.Surface, the calls a retained drawing records.
type surface = render.Surface

// layout is where the parts of the image go; it depends only on the
// shape of the view (player count, the grid, the expansion).
type layout struct {
	h                int
	headH            float64
	boardX, boardY   float64 // top-left of the building area
	side, triH       float64 // triangle side and height
	rows             int
	rowN             map[int]int // triangles per strip
	boardW, boardH   float64
	colX, colW       float64 // the right column
	scoreY           float64
	inventY, inventH float64 // 0 height without the expansion
	panelY, panelH   float64
}

func newLayout(v *urbanization.View) *layout {
	l := &layout{headH: 92, rowN: map[int]int{}}
	maxN := 1
	for _, t := range v.Territories {
		l.rowN[t.Strip] = max(l.rowN[t.Strip], t.Pos+1)
		l.rows = max(l.rows, t.Strip+1)
		maxN = max(maxN, l.rowN[t.Strip])
	}
	l.boardX, l.boardY = margin, l.headH+8
	l.boardW = 704
	l.side = math.Floor(l.boardW / (float64(maxN+1) / 2))
	l.triH = l.side * math.Sqrt(3) / 2
	l.boardH = math.Ceil(math.Max(float64(l.rows)*l.triH+16, 596))
	l.colX = l.boardX + l.boardW + gap
	l.colW = width - margin - l.colX
	l.scoreY = l.boardY + l.boardH + gap
	y := l.scoreY + scoreH + gap
	if len(v.Docks) > 0 {
		l.inventY, l.inventH = y, 150
		y += l.inventH + gap
	}
	l.panelY, l.panelH = y, panelHeight(len(v.Docks) > 0)
	l.h = int(l.panelY + l.panelH + margin)
	return l
}

// drawBoard paints the whole image: the static layer, then the position
// over it.
// name gives a seat's display name (render.Scene.Name).
// wd words the texts in the scene's language.
func drawBoard(c surface, l *layout, v *urbanization.View, name func(int) string, wd words) {
	drawStatic(c, l, v, wd)
	drawDynamic(c, l, v, name, wd)
}

// The image is drawn in two layers so that the renderer can draw the first
// once and keep it (Renderer.staticFor). The static layer is what does not
// depend on the position: the page, the title, the frames and titles of
// the building area, the sections, the scoring track (with its scale) and
// the inventions, and the players' panels' outer frames. It depends only
// on the layout (staticKey), the number of players, the top of the scoring
// scale and the language. Everything the static layer draws comes, in the
// painting order of the whole image, before anything of the position that
// touches the same pixels, so that drawing it first and the position over
// it gives the same image byte for byte (the goldens check it).

// staticKey identifies what the static layer depends on.
func staticKey(l *layout, v *urbanization.View, wd words) string {
	return fmt.Sprintf("%s|%d|%g|%g|%g|%d|%d", wd.w.Lang, l.h, l.boardH, l.inventH, l.panelH, len(v.PlayerViews), scoreTop(v))
}

// drawStatic paints the static layer (see above).
func drawStatic(c surface, l *layout, v *urbanization.View, wd words) {
	c.FillRect(0, 0, width, float64(l.h), colPage)
	c.Text(wd.w.GameName(), margin, 38, fTitle, colInk, 0)
	c.FillRoundRect(l.boardX, l.boardY, l.boardW, l.boardH, 8, colWhite)
	c.StrokeRoundRect(l.boardX, l.boardY, l.boardW, l.boardH, 8, 1.5, colLight)
	c.Text(wd.say("building-area"), l.boardX+10, l.boardY+24, fSmall, colInk, 0)
	y := l.boardY
	title := wd.say("grain")
	section(c, l.colX, y, l.colW, grainH, title)
	note := fit(c, wd.say("sell-note"), fTiny, l.colW-30-c.TextWidth(title, fHead))
	c.Text(note, l.colX+l.colW-10, y+28, fTiny, colGrey, 1)
	y += grainH + gap
	section(c, l.colX, y, l.colW, factoriesH, wd.say("factory-display"))
	y += factoriesH + gap
	section(c, l.colX, y, l.colW, l.boardY+l.boardH-y, wd.say("characters"))
	drawScoringStatic(c, l, v, wd)
	if l.inventH > 0 {
		x0, y := margin, l.inventY
		w := float64(width) - 2*margin
		c.FillRoundRect(x0, y, w, l.inventH, 8, colWhite)
		c.StrokeRoundRect(x0, y, w, l.inventH, 8, 1.5, colLight)
		title := wd.say("inventions")
		c.Text(title, x0+10, y+28, fHead, colInk, 0)
		nx := math.Max(x0+160, x0+10+c.TextWidth(title, fHead)+20)
		c.Text(fit(c, wd.say("invent-note"), fTiny, x0+w-10-nx), nx, y+27, fTiny, colGrey, 0)
	}
	n := len(v.PlayerViews)
	pw := (float64(width) - 2*margin - float64(n-1)*gap) / float64(n)
	for i := range v.PlayerViews {
		x := math.Round(margin + float64(i)*(pw+gap))
		c.FillRoundRect(x, l.panelY, math.Floor(pw), l.panelH, 8, colInk)
	}
}

// drawDynamic paints the position over the static layer.
func drawDynamic(c surface, l *layout, v *urbanization.View, name func(int) string, wd words) {
	drawHeader(c, l, v, name, wd)
	drawBuildingArea(c, l, v, wd)
	y := drawGrain(c, l, v, l.boardY, wd)
	y = drawFactories(c, l, v, y+gap, wd)
	drawCharacters(c, l, v, y+gap, wd)
	drawScoring(c, l, v, wd)
	if l.inventH > 0 {
		drawInventions(c, l, v, wd)
	}
	drawPanels(c, l, v, name, wd)
}

// words words the board's texts in one language: the messages board.*
// and name.* of Urbanization's catalog (render.Scene.Words).
type words struct{ w engine.Words }

func newWords(sc render.Scene) words { return words{sc.Words(urbanization.New().Info())} }

// say is the message board.<id> with data kv.
func (x words) say(id string, kv ...string) string { return x.w.Msg(lang.M("board."+id, kv...), "") }

// name is the name of a token (name.<kind>.<token>), english without one.
func (x words) name(kind, tok, english string) string {
	return x.w.Msg(lang.M("name."+kind+"."+tok), english)
}

// money is an amount with the game's currency, as the language writes it.
func (x words) money(n int) string {
	return x.w.StatValue(engine.Stat{Key: "money", Value: n, Text: "$" + strconv.Itoa(n)})
}

// letter is the one-letter abbreviation of a work-order colour.
func (x words) letter(colour string) string {
	switch colour {
	case "white", "grey", "orange":
		return x.say("letter." + colour)
	}
	return "?"
}

// label is what happens now and who is to act, in the reader's language,
// from the view's segment, turn, phase and seat to act (board.label.*). A
// view not over has a seat to act: the engine's views always do
// (TestViewSaysWhatHappensNowAsData in engine/urbanization) and checkView
// refuses one that has not.
func (x words) label(v *urbanization.View, name func(int) string) string {
	turn, turns := strconv.Itoa(v.Turn), strconv.Itoa(v.Turns)
	switch {
	case v.Segment == "over":
		return x.say("label.over")
	case v.Segment == "first-house":
		return x.say("label.first-house", "seat", name(v.Active[0]))
	case v.Segment == "hire":
		return x.say("label.hire", "turn", turn, "turns", turns, "seat", name(v.Active[0]))
	case v.Segment == "exchange":
		return x.say("label.exchange", "turn", turn, "turns", turns, "seat", name(v.Active[0]))
	}
	return x.say("label.actions", "turn", turn, "turns", turns, "phase", strconv.Itoa(v.Phase), "phases", strconv.Itoa(v.Phases))
}

func isActive(v *urbanization.View, s int) bool {
	for _, a := range v.Active {
		if a == s {
			return true
		}
	}
	return false
}

// chip draws a seat's round marker with its letter.
func chip(c surface, x, y, r float64, s int) {
	col := seatColor(s)
	c.FillCircle(x, y, r, col)
	c.StrokeCircle(x, y, r-0.75, 1.5, colInk)
	f := fSeat
	if r < 12 {
		f = render.Font{Size: 15, Bold: true}
	}
	c.Text(seatLetter(s), x, y+f.Size*0.36, f, inkOn(col), 0.5)
}

func drawHeader(c surface, l *layout, v *urbanization.View, name func(int) string, wd words) {
	title := wd.w.GameName() // drawn in the static layer
	x := margin + c.TextWidth(title, fTitle) + 30
	track := func(name string, cur, n int) {
		c.Text(name, x, 36, fHead, colInk, 0)
		x += c.TextWidth(name, fHead) + 8
		for i := 1; i <= n; i++ {
			bg, fg := colWhite, colInk
			if i == cur {
				bg, fg = colInk, colWhite
			} else if i < cur {
				bg, fg = colLight, colGrey
			}
			c.FillRoundRect(x, 10, 34, 34, 5, bg)
			c.StrokeRoundRect(x, 10, 34, 34, 5, 1.5, colInk)
			c.Text(strconv.Itoa(i), x+17, 36, fChip, fg, 0.5)
			x += 38
		}
		x += 24
	}
	turn := v.Turn
	if v.Segment == "first-house" {
		turn = 0
	}
	track(wd.say("turn"), turn, v.Turns)
	track(wd.say("phase"), v.Phase, v.Phases)
	// What happens now, and who is to act, naming the players.
	label := wd.label(v, name)
	c.Text(label, margin, 80, fHead, colInk, 0)
	x = margin + c.TextWidth(label, fHead) + 14
	for _, s := range v.Active {
		c.FillRoundRect(x, 56, 150, 32, 6, colActive)
		c.StrokeRoundRect(x, 56, 150, 32, 6, 1.5, colInk)
		chip(c, x+17, 72, 12, s)
		c.Text(fit(c, wd.say("to-act"), fChip, 150-40), x+36, 80, fChip, colInk, 0)
		x += 160
	}
	if v.Finished && len(v.Ranking) > 0 {
		// The final ranking, winner first, with the tie-break if one was
		// needed.
		ranking := wd.say("ranking")
		c.Text(ranking, x, 80, fHead, colInk, 0)
		x += c.TextWidth(ranking, fHead) + 10
		for i, s := range v.Ranking {
			t := strconv.Itoa(i+1) + "."
			c.Text(t, x, 80, fHead, colInk, 0)
			x += c.TextWidth(t, fHead) + 18
			chip(c, x, 72, 14, s)
			x += 28
		}
		if tb := wd.w.TieBreak(engine.Status{TieBreak: v.TieBreak, TieBreakMsgs: v.TieBreakMsgs}); tb != "" {
			c.Text(fit(c, tb, fTiny, float64(width)-margin-x-8), x+8, 80, fTiny, colGrey, 0)
		}
	}
}

// triangle returns the corners of territory t.
func (l *layout) triangle(t urbanization.TerritoryView) [3]render.Pt {
	n := l.rowN[t.Strip]
	cx := l.boardX + l.boardW/2
	left := cx - float64(n+1)/4*l.side + float64(t.Pos)*l.side/2
	top := l.boardY + 8 + float64(t.Strip)*l.triH
	bot := top + l.triH
	if t.Points == "down" {
		return [3]render.Pt{{X: left, Y: top}, {X: left + l.side, Y: top}, {X: left + l.side/2, Y: bot}}
	}
	return [3]render.Pt{{X: left, Y: bot}, {X: left + l.side, Y: bot}, {X: left + l.side/2, Y: top}}
}

// drawBuildingArea draws the territories (the frame and title are in the
// static layer).
func drawBuildingArea(c surface, l *layout, v *urbanization.View, wd words) {
	for _, t := range v.Territories {
		p := l.triangle(t)
		fill := colLand
		switch {
		case t.Covered:
			fill = colCovered
		case t.Owner >= 0:
			fill = tint(seatColor(t.Owner))
		}
		fillTriangle(c, p, fill)
	}
	// What the latest turn changed in a territory (its owner, price
	// markers, buildings, seeds) gets the house halo along its edges,
	// under the edges and what stands in it.
	for _, t := range v.Territories {
		if territoryMarked(v, t) {
			p := l.triangle(t)
			for i := range 3 {
				render.HaloLine(c, p[i].X, p[i].Y, p[(i+1)%3].X, p[(i+1)%3].Y, 2)
			}
		}
	}
	// Edges over the fills (which hide their stepped borders), each once.
	type edge struct{ a, b render.Pt }
	drawn := map[edge]bool{}
	for _, t := range v.Territories {
		p := l.triangle(t)
		for i := range 3 {
			a, b := p[i], p[(i+1)%3]
			if b.X < a.X || b.X == a.X && b.Y < a.Y {
				a, b = b, a
			}
			e := edge{a, b}
			if drawn[e] {
				continue
			}
			drawn[e] = true
			c.Line(a.X, a.Y, b.X, b.Y, 2, colGrey)
		}
	}
	for _, t := range v.Territories {
		drawTerritory(c, l, t, wd)
	}
}

// territoryMarked reports whether the latest turn changed territory t or
// one of its building grounds (engine.Marks, urbanization.View.BoardPlaces).
func territoryMarked(v *urbanization.View, t urbanization.TerritoryView) bool {
	if v.Recent.Has("territory:" + t.ID) {
		return true
	}
	for i := range t.Grounds {
		if v.Recent.Has("ground:" + t.ID + "/" + strconv.Itoa(i+1)) {
			return true
		}
	}
	return false
}

// fillTriangle fills a triangle with a flat side on top or bottom (p[2] is
// the apex) row by row through the canvas's fast rectangle path: the
// rasterizer would blend every pixel of its bounding box, several times
// slower, and the edges drawn over the fill hide its stepped border.
// Consecutive rows of the same span are filled as one rectangle.
func fillTriangle(c surface, p [3]render.Pt, col color.RGBA) {
	base, apex := p[0].Y, p[2].Y
	y0, y1 := math.Round(math.Min(base, apex)), math.Round(math.Max(base, apex))
	var ra, rb, ry float64 // the run of rows from ry spanning ra to rb
	for y := y0; y < y1; y++ {
		f := (y + 0.5 - apex) / (base - apex) // 0 at the apex, 1 at the base
		half := f * (p[1].X - p[0].X) / 2
		xa, xb := math.Round(p[2].X-half), math.Round(p[2].X+half)
		if y > y0 && (xa != ra || xb != rb) {
			c.FillRect(ra, ry, rb-ra, y-ry, col)
		}
		if y == y0 || xa != ra || xb != rb {
			ra, rb, ry = xa, xb, y
		}
	}
	if y1 > y0 {
		c.FillRect(ra, ry, rb-ra, y1-ry, col)
	}
}

// drawTerritory draws a territory's id, price markers, grounds and
// administrative buildings.
func drawTerritory(c surface, l *layout, t urbanization.TerritoryView, wd words) {
	p := l.triangle(t)
	cx := p[2].X
	s, h := l.side, l.triH
	up := t.Points != "down"
	top := math.Min(p[0].Y, p[2].Y)
	if t.Covered {
		cy := top + h*2/3
		if !up {
			cy = top + h/3
		}
		c.Text(t.ID, cx, cy+4, fSmall, colWhite, 0.5)
		c.Text(fit(c, wd.say("covered"), fTiny, s*0.6), cx, cy+22, fTiny, colWhite, 0.5)
		return
	}
	g := 44.0               // ground size
	var grounds []render.Pt // top-left corners
	var idY, coinX, coinY, admX, admY float64
	if up {
		// Grounds along the base, the id above them, the price markers
		// and administrative buildings towards the apex.
		gy := top + h - g - 4
		grounds = []render.Pt{{X: cx - g/2, Y: gy}}
		if len(t.Grounds) >= 2 {
			grounds = []render.Pt{{X: cx - g - 3, Y: gy}, {X: cx + 3, Y: gy}}
		}
		idY = gy - 7
		coinX, coinY = cx, gy-43
		admX, admY = cx-11, gy-50
		if t.Markers > 0 && t.Admin > 0 {
			coinX, admX = cx+12, cx-30
		}
	} else {
		// Grounds under the top edge, the price markers to their right
		// and the administrative buildings to their left, the id below.
		gy := top + 8
		grounds = []render.Pt{{X: cx - g/2, Y: gy}}
		if len(t.Grounds) >= 2 {
			grounds = []render.Pt{{X: cx - g - 3, Y: gy}, {X: cx + 3, Y: gy}}
		}
		idY = gy + g + 24
		coinX, coinY = cx+s*0.27, top+28
		admX, admY = cx-s*0.27-11, top+18
	}
	c.Text(t.ID, cx, idY, fID, colInk, 0.5)
	if t.Markers > 0 {
		c.FillCircle(coinX, coinY, 17, colCoin)
		c.StrokeCircle(coinX, coinY, 16.25, 1.5, colInk)
		c.Text(wd.money(t.Markers), coinX, coinY+8, fChip, colInk, 0.5)
	}
	for i, gv := range t.Grounds {
		if i >= len(grounds) {
			break
		}
		drawGround(c, grounds[i].X, grounds[i].Y, g, gv, t.Owner)
	}
	if t.Admin > 0 {
		// An administrative building: a column-fronted block, with the
		// count when there are several.
		x, y := math.Round(admX), math.Round(admY)
		c.FillRect(x, y, 22, 20, colInk)
		c.FillRect(x+2, y+5, 18, 13, colWhite)
		for j := 0; j < 3; j++ {
			c.FillRect(x+4+float64(j)*6, y+7, 3, 11, colInk)
		}
		if t.Admin > 1 {
			c.Text("×"+strconv.Itoa(t.Admin), x+11, y+36, fSmall, colInk, 0.5)
		}
	}
}

// drawGround draws one building ground and what stands or grows on it.
func drawGround(c surface, x, y, g float64, gv urbanization.GroundView, owner int) {
	x, y = math.Round(x), math.Round(y)
	col := seatColor(owner)
	switch gv.Building {
	case "house":
		c.FillPoly([]render.Pt{{X: x + 4, Y: y + 18}, {X: x + g/2, Y: y + 2}, {X: x + g - 4, Y: y + 18}, {X: x + g - 4, Y: y + g - 2}, {X: x + 4, Y: y + g - 2}}, colInk)
		c.FillPoly([]render.Pt{{X: x + 7, Y: y + 19}, {X: x + g/2, Y: y + 6}, {X: x + g - 7, Y: y + 19}, {X: x + g - 7, Y: y + g - 5}, {X: x + 7, Y: y + g - 5}}, col)
		c.Text(seatLetter(owner), x+g/2, y+g-10, fSeat, inkOn(col), 0.5)
	case "skyscraper":
		c.FillRect(x+9, y-4, g-18, g+2, colInk)
		c.FillRect(x+12, y-1, g-24, g-4, col)
		for k := 0; k < 3; k++ {
			c.FillRect(x+15, y+3+float64(k)*6, g-30, 2, inkOn(col))
		}
		c.Text(seatLetter(owner), x+g/2, y+g-8, fSeat, inkOn(col), 0.5)
	case "factory":
		// A sawtooth roof and the factory number.
		c.FillPoly([]render.Pt{{X: x, Y: y + g}, {X: x, Y: y + 8}, {X: x + g/3, Y: y}, {X: x + g/3, Y: y + 8}, {X: x + 2*g/3, Y: y}, {X: x + 2*g/3, Y: y + 8}, {X: x + g, Y: y}, {X: x + g, Y: y + g}}, colInk)
		c.FillRect(x+3, y+11, g-6, g-14, col)
		c.Text(strconv.Itoa(gv.Number), x+g/2, y+g-9, fID, inkOn(col), 0.5)
	default:
		// An empty ground: a pale square, so that buildings stand out.
		c.FillRect(x, y, g, g, colGrey)
		c.FillRect(x+2, y+2, g-4, g-4, colWhite)
	}
	if gv.Seeds > 0 {
		// Sown grain: an ochre disc with the count, at the ground's corner.
		c.FillCircle(x+g-6, y+g-6, 13, colGrain)
		c.StrokeCircle(x+g-6, y+g-6, 12.25, 1.5, colInk)
		c.Text(strconv.Itoa(gv.Seeds), x+g-6, y+g-6+6, fSmall, colInk, 0.5)
	}
}

// section draws a titled box (in the static layer); sectionTop is the y
// below its title.
func section(c surface, x, y, w, h float64, title string) {
	c.FillRoundRect(x, y, w, h, 8, colWhite)
	c.StrokeRoundRect(x, y, w, h, 8, 1.5, colLight)
	c.Text(title, x+10, y+28, fHead, colInk, 0)
}

func sectionTop(y float64) float64 { return y + 36 }

// The heights of the grain and factory sections.
const (
	grainH     = 118
	factoriesH = 244
)

func drawGrain(c surface, l *layout, v *urbanization.View, y float64, wd words) float64 {
	const h = grainH
	y0 := sectionTop(y)
	gr := v.Grain
	type bin struct {
		name  string
		count int
		cap   int
		price int
		fill  color.RGBA
	}
	var bins []bin
	for i, b := range gr.Barns {
		bins = append(bins, bin{wd.say("barn", "n", strconv.Itoa(i+1)), b.Count, b.Capacity, b.Price, colBarn})
	}
	bins = append(bins, bin{wd.say("field"), gr.Field.Count, gr.Field.Capacity, gr.Field.Price, colField})
	bins = append(bins, bin{wd.say("return"), gr.Return, -1, 0, colLight})
	bw := (l.colW - 20 - float64(len(bins)-1)*6) / float64(len(bins))
	for i, b := range bins {
		x := math.Round(l.colX + 10 + float64(i)*(bw+6))
		c.FillRoundRect(x, y0, math.Floor(bw), 72, 6, b.fill)
		c.Text(fit(c, b.name, fSmall, bw-6), x+bw/2, y0+19, fSmall, colInk, 0.5)
		n := strconv.Itoa(b.count)
		if b.cap >= 0 {
			n += "/" + strconv.Itoa(b.cap)
		}
		c.Text(n, x+bw/2, y0+45, fID, colInk, 0.5)
		if b.cap >= 0 {
			c.Text(fit(c, wd.say("each", "price", strconv.Itoa(b.price)), fTiny, bw-6), x+bw/2, y0+66, fTiny, colInk, 0.5)
		} else {
			c.Text(fit(c, wd.say("keeps", "n", strconv.Itoa(gr.ReturnKeep)), fTiny, bw-6), x+bw/2, y0+66, fTiny, colInk, 0.5)
		}
	}
	// The note right of the title is in the static layer.
	return y + h
}

// orderChip draws a work-order square of colour col with text.
func orderChip(c surface, x, y, w float64, colour, text string) {
	col := orderColour(colour)
	c.FillRoundRect(math.Round(x), math.Round(y), w, 26, 4, colInk)
	c.FillRoundRect(math.Round(x)+1.5, math.Round(y)+1.5, w-3, 23, 3, col)
	c.Text(text, x+w/2, y+20, fSmall, inkOn(col), 0.5)
}

func drawFactories(c surface, l *layout, v *urbanization.View, y float64, wd words) float64 {
	const h = factoriesH
	y0 := sectionTop(y)
	// The deck and the work-order supply on the title line.
	deck := wd.say("deck", "n", strconv.Itoa(len(v.Deck)))
	c.Text(deck, l.colX+l.colW-10, y+27, fChip, colInk, 1)
	sx := l.colX + 230
	for _, o := range []struct {
		colour string
		n      int
	}{{"white", v.Supply.White}, {"grey", v.Supply.Grey}, {"orange", v.Supply.Orange}} {
		orderChip(c, sx, y+7, 52, o.colour, wd.letter(o.colour)+strconv.Itoa(o.n))
		sx += 56
	}
	cw := (l.colW - 20 - 2*8) / 3
	for i, sl := range v.Display {
		if v.Recent.Has("display:" + strconv.Itoa(sl.Space)) {
			x := math.Round(l.colX + 10 + float64(i)*(cw+8))
			render.HaloRect(c, x, y0, math.Floor(cw), h-46)
		}
	}
	for i, sl := range v.Display {
		x := math.Round(l.colX + 10 + float64(i)*(cw+8))
		drawCard(c, x, y0, math.Floor(cw), h-46, sl, wd)
	}
	return y + h
}

func drawCard(c surface, x, y, w, h float64, sl urbanization.SlotView, wd words) {
	c.FillRoundRect(x, y, w, h, 6, colInk)
	if sl.Card == nil {
		c.FillRoundRect(x+2, y+2, w-4, h-4, 5, colLight)
		c.Text(fit(c, wd.say("space", "n", strconv.Itoa(sl.Space)), fChip, w-12), x+w/2, y+h/2, fChip, colGrey, 0.5)
		c.Text(fit(c, wd.say("empty"), fSmall, w-12), x+w/2, y+h/2+24, fSmall, colGrey, 0.5)
		return
	}
	cd := sl.Card
	c.FillRoundRect(x+2, y+2, w-4, h-4, 5, colCard)
	band := orderColour(cd.Colour)
	c.FillRect(x+2, y+2, w-4, 40, band)
	c.Text(strconv.Itoa(cd.Number), x+10, y+33, fBig, inkOn(band), 0)
	c.Text(wd.name("colour", cd.Colour, cd.Colour), x+w-8, y+28, fTiny, inkOn(band), 1)
	// The name, whole, under the band: in bold, a size or two smaller
	// when it is too long for the card.
	cname := wd.name("factory", cd.ID, cd.Name)
	f := fSmall
	for _, smaller := range []render.Font{fTinyBold, fMicroBold} {
		if c.TextWidth(cname, f) <= w-12 {
			break
		}
		f = smaller
	}
	c.Text(fit(c, cname, f, w-12), x+w/2, y+63, f, colInk, 0.5)
	// Work-order spaces, left to right, each covered by the action marker
	// that filled it.
	n := len(cd.Orders)
	sw := math.Min(48, (w-16-float64(n-1)*6)/float64(max(n, 1)))
	ox := x + (w-(float64(n)*sw+float64(n-1)*6))/2
	for k, o := range cd.Orders {
		bx := ox + float64(k)*(sw+6)
		orderChip(c, bx, y+74, sw, o.Colour, strconv.Itoa(o.Count)+wd.letter(o.Colour))
		if k < len(sl.Markers) {
			chip(c, bx+sw/2, y+122, 15, sl.Markers[k])
		} else {
			c.StrokeCircle(bx+sw/2, y+122, 14, 1.5, colLight)
		}
	}
	// Production.
	makes := wd.say("makes")
	c.Text(makes, x+10, y+h-18, fSmall, colInk, 0)
	px := x + 10 + c.TextWidth(makes, fSmall) + 6
	orderChip(c, px, y+h-38, 46, cd.GoodsColour, strconv.Itoa(cd.Goods)+wd.letter(cd.GoodsColour))
	if cd.Back != "" {
		c.Text(cd.Back, x+w-10, y+h-18, fSmall, colGrey, 1)
	}
	_ = sl.Space
}

// drawPanelName draws a player's name in the band at the top y of a
// panel, from x, in room pixels, whole: smaller if need be, then on two
// lines of the band. Only a name longer than Discord's longest (32
// characters) may be cut.
func drawPanelName(c surface, name string, x, y, room float64, fg color.RGBA) {
	for _, f := range []render.Font{fHead, fChip, fSmall} {
		if c.TextWidth(name, f) <= room {
			c.Text(name, x, y+31, f, fg, 0)
			return
		}
	}
	for _, f := range []render.Font{fSmall, fTinyBold} {
		lines := render.Wrap(c, name, f, room)
		if len(lines) == 2 && c.TextWidth(lines[0], f) <= room && c.TextWidth(lines[1], f) <= room || f == fTinyBold {
			if len(lines) > 2 {
				lines = []string{lines[0], strings.Join(lines[1:], " ")}
			}
			if len(lines) == 1 {
				c.Text(fit(c, lines[0], f, room), x, y+31, f, fg, 0)
				return
			}
			c.Text(fit(c, lines[0], f, room), x, y+21, f, fg, 0)
			c.Text(fit(c, lines[1], f, room), x, y+39, f, fg, 0)
			return
		}
	}
}

// fit shortens s with an ellipsis until it fits in w pixels.
func fit(c surface, s string, f render.Font, w float64) string {
	if c.TextWidth(s, f) <= w {
		return s
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		t := strings.TrimSpace(string(r)) + "…"
		if c.TextWidth(t, f) <= w {
			return t
		}
	}
	return s
}

func drawCharacters(c surface, l *layout, v *urbanization.View, y float64, wd words) {
	h := l.boardY + l.boardH - y
	y0 := sectionTop(y)
	var cs []urbanization.CharacterView
	for _, ch := range v.Characters {
		if ch.InPlay {
			cs = append(cs, ch)
		}
	}
	const cols = 3
	rows := (len(cs) + cols - 1) / cols
	cw := (l.colW - 20 - (cols-1)*6) / cols
	ch := math.Min(48, (h-46-float64(rows-1)*6)/float64(max(rows, 1)))
	for i, cv := range cs {
		if v.Recent.Has("character:" + cv.ID) {
			render.HaloRect(c, math.Round(l.colX+10+float64(i%cols)*(cw+6)), math.Round(y0+float64(i/cols)*(ch+6)), math.Floor(cw), ch)
		}
	}
	for i, cv := range cs {
		x := math.Round(l.colX + 10 + float64(i%cols)*(cw+6))
		yy := math.Round(y0 + float64(i/cols)*(ch+6))
		bg := colCard
		if cv.Holder >= 0 {
			bg = tint(seatColor(cv.Holder))
		}
		c.FillRoundRect(x, yy, math.Floor(cw), ch, 5, bg)
		c.StrokeRoundRect(x, yy, math.Floor(cw), ch, 5, 1.5, colGrey)
		tx := x + 8
		if cv.Holder >= 0 {
			chip(c, x+16, yy+ch/2, 11, cv.Holder)
			tx = x + 31
		}
		fg := colInk
		if cv.Played {
			fg = colGrey
		}
		// The name in bold, a size smaller when it is too long for the box.
		cname, f := wd.name("character", cv.ID, cv.Name), fSmall
		if c.TextWidth(cname, f) > x+cw-tx-4 {
			f = fTinyBold
		}
		cname = fit(c, cname, f, x+cw-tx-4)
		c.Text(cname, tx, yy+ch/2+6, f, fg, 0)
		if cv.Played {
			c.Line(tx, yy+ch/2, tx+c.TextWidth(cname, f), yy+ch/2, 2, colGrey)
		}
	}
}

// scoreTop is the top of the scoring track's scale: 50, or more in
// steps of 25 when a score passes it.
func scoreTop(v *urbanization.View) int {
	top := 50
	for _, p := range v.PlayerViews {
		for top < p.VP+1 {
			top += 25
		}
	}
	return top
}

// drawScoringStatic draws the scoring track's frame, title and scale (in
// the static layer).
func drawScoringStatic(c surface, l *layout, v *urbanization.View, wd words) {
	x0, y := margin, l.scoreY
	w := float64(width) - 2*margin
	c.FillRoundRect(x0, y, w, scoreH, 8, colWhite)
	c.StrokeRoundRect(x0, y, w, scoreH, 8, 1.5, colLight)
	c.Text(fit(c, wd.say("points"), fHead, 96), x0+10, y+30, fHead, colInk, 0)
	top := scoreTop(v)
	tx := x0 + 110
	tw := w - 130
	step := tw / float64(top)
	ly := y + 90
	c.FillRect(math.Round(tx), math.Round(ly)-2, math.Round(tw), 4, colLight)
	for i := 0; i <= top; i += 5 {
		x := tx + float64(i)*step
		c.FillRect(math.Round(x)-1, math.Round(ly)-8, 2, 16, colGrey)
		if i%10 == 0 {
			c.Text(strconv.Itoa(i), x, y+scoreH-6, fTiny, colGrey, 0.5)
		}
	}
}

// drawScoring draws every seat's marker on the scoring track and the
// scores in figures.
func drawScoring(c surface, l *layout, v *urbanization.View, wd words) {
	x0, y := margin, l.scoreY
	w := float64(width) - 2*margin
	top := scoreTop(v)
	tx := x0 + 110
	tw := w - 130
	step := tw / float64(top)
	ly := y + 90
	// Markers; seats on one space stack upwards.
	seen := map[int]int{}
	for _, p := range v.PlayerViews {
		k := seen[p.VP]
		seen[p.VP]++
		x := tx + float64(p.VP)*step
		chip(c, x, ly-float64(k)*15, 13, p.Seat)
	}
	// The scores in figures on the title line.
	sx := x0 + 110
	for _, p := range v.PlayerViews {
		chip(c, sx+12, y+22, 12, p.Seat)
		c.Text(wd.w.Score(p.VP), sx+28, y+30, fChip, colInk, 0)
		sx += 110
	}
}

// dockBox is where docking space i of n is drawn: its left edge and top,
// its width (the box is math.Floor(w) wide; what is inside is placed from
// w) and its height.
func dockBox(l *layout, n, i int) (x, y, w, h float64) {
	w = (float64(width) - 2*margin - 20 - float64(n-1)*6) / float64(n)
	return math.Round(margin + 10 + float64(i)*(w+6)), l.inventY + 38, w, l.inventH - 48
}

func drawInventions(c surface, l *layout, v *urbanization.View, wd words) {
	// The frame, title and note are in the static layer.
	n := len(v.Docks)
	for i, d := range v.Docks {
		if v.Recent.Has("dock:" + d.Space) {
			x, yy, dw, dh := dockBox(l, n, i)
			render.HaloRect(c, x, yy, math.Floor(dw), dh)
		}
	}
	for i, d := range v.Docks {
		x, yy, dw, dh := dockBox(l, n, i)
		c.FillRoundRect(x, yy, math.Floor(dw), dh, 5, colInvent)
		c.Text(d.Space, x+8, yy+22, fChip, colInk, 0)
		// The markers stand in a row right of the space's name, the
		// first at the right, as long as they fit there. A space holding
		// a card holds at most one (the marker that took the other), so
		// only a space whose cards are taken can hold more: they fill
		// rows below its name (dockCrowd).
		lw := c.TextWidth(d.Space, fChip)
		crowded := len(d.Cards) == 0 && float64(len(d.Markers)-1)*22 > dw-39-lw
		if crowded {
			dockCrowd(c, x, yy, dw, d.Markers)
			c.Text(fit(c, wd.say("taken"), fTiny, dw-lw-24), x+lw+16, yy+22, fTiny, colGrey, 0)
			continue
		}
		for k, s := range d.Markers {
			chip(c, x+dw-14-float64(k)*22, yy+15, 11, s)
		}
		names := make([]string, len(d.Names))
		for k, name := range d.Names {
			names[k] = name
			if k < len(d.Cards) {
				names[k] = wd.name("invention", d.Cards[k], name)
			}
		}
		top, step := float64(dockName), float64(dockLine)
		lines, whole := dockLines(c, names, dw-10, int((dh-dockName-6)/dockLine)+1)
		if !whole {
			// closer lines, one more of them, before shortening a name
			if tight, ok := dockLines(c, names, dw-10, int((dh-dockNameTight-6)/dockLineTight)+1); ok {
				lines, top, step = tight, dockNameTight, dockLineTight
			}
		}
		for _, ln := range lines {
			c.Text(ln.s, x+6+ln.indent, yy+top+float64(ln.n)*step, fTiny, colInk, 0)
		}
		if len(d.Cards) == 0 {
			c.Text(fit(c, wd.say("taken"), fTiny, dw-10), x+dw/2, yy+56, fTiny, colGrey, 0.5)
		}
	}
}

// dockCrowd draws the markers on a crowded docking space (x, y, w: its
// box) in three rows below its name, left to right, five to a row; more
// than fifteen markers on one space close up and overlap.
func dockCrowd(c surface, x, y, w float64, markers []int) {
	const rows, r = 3, 11
	cols := max(5, (len(markers)+rows-1)/rows)
	step := math.Min(24, (w-12-2*r)/float64(cols-1))
	for k, s := range markers {
		chip(c, x+6+r+float64(k%cols)*step, y+40+float64(k/cols)*23, r, s)
	}
}

// A docking space's invention names: the first line's baseline below the
// space's top, the lines' spacing, and how far a name's further lines
// are indented ("Récolte / supplémentaire", TestInventionNamesFit).
const (
	dockName   = 48
	dockLine   = 20
	dockIndent = 6
)

// The same, closer, when the names need a line more than dockName and
// dockLine give them (two German names of two lines each: "Orangefarbene
// / Produktion" beside "Orangefarbene / Punkte").
const (
	dockNameTight = 42
	dockLineTight = 17
)

// dockText is a line of a docking space's names: the n-th, indented or
// not.
type dockText struct {
	s      string
	n      int
	indent float64
}

// dockLines lays out invention names in lines of fTiny w pixels wide, at
// most lines of them: each name whole, on as many lines as it needs (broken at its
// spaces, the further lines indented), when all fit; otherwise each name
// on one line, shortened with an ellipsis (TestInventionNamesFit keeps
// every name of the catalogs out of that case).
func dockLines(c surface, names []string, w float64, lines int) (_ []dockText, whole bool) {
	var out []dockText
	whole = true
	for _, name := range names {
		line, indent := "", 0.0
		for _, word := range strings.Fields(name) {
			if line == "" {
				line = word
				continue
			}
			if c.TextWidth(line+" "+word, fTiny) <= w-indent {
				line += " " + word
				continue
			}
			whole = whole && c.TextWidth(line, fTiny) <= w-indent
			out = append(out, dockText{line, len(out), indent})
			line, indent = word, dockIndent
		}
		whole = whole && c.TextWidth(line, fTiny) <= w-indent
		out = append(out, dockText{line, len(out), indent})
	}
	if whole && len(out) <= lines {
		return out, true
	}
	out = out[:0]
	for k, name := range names {
		out = append(out, dockText{fit(c, name, fTiny, w), k, 0})
	}
	return out, false
}

func characterName(v *urbanization.View, id string, wd words) string {
	for _, ch := range v.Characters {
		if ch.ID == id {
			return wd.name("character", id, ch.Name)
		}
	}
	return id
}

func drawPanels(c surface, l *layout, v *urbanization.View, name func(int) string, wd words) {
	n := len(v.PlayerViews)
	pw := (float64(width) - 2*margin - float64(n-1)*gap) / float64(n)
	for i, p := range v.PlayerViews {
		x := math.Round(margin + float64(i)*(pw+gap))
		drawPanel(c, x, l.panelY, math.Floor(pw), l.panelH, v, p, name(p.Seat), wd)
	}
}

// The lines at a panel's foot, below the factories (panelBase from the
// panel's top): with the expansion the inventions line and the invention
// names, then the seeds line; each has its own line, so nothing overlaps,
// and the panel ends panelFoot below the last (the legibility test checks
// that every text stays inside its panel).
const (
	panelBase   = 276
	panelInvent = 28 // "Inventions N · on s1 s7"
	panelLine   = 22 // a line of fTiny: the invention names, the seeds
	panelFoot   = 10
)

// panelHeight is the height of every player panel: all the lines are
// kept, so the image keeps its size all game long.
func panelHeight(inventions bool) float64 {
	h := float64(panelBase + panelLine + panelFoot)
	if inventions {
		h += panelInvent + panelLine
	}
	return h
}

func drawPanel(c surface, x, y, w, h float64, v *urbanization.View, p urbanization.PlayerView, name string, wd words) {
	bg := colWhite
	if isActive(v, p.Seat) {
		bg = colActive
	}
	col := seatColor(p.Seat)
	// The outer frame, in colInk, is in the static layer.
	c.FillRoundRect(x+2, y+2, w-4, h-4, 7, bg)
	c.FillRoundRect(x+2, y+2, w-4, 42, 7, col)
	fg := inkOn(col)
	c.Text(seatLetter(p.Seat), x+12, y+33, fBig, fg, 0)
	var tags []string
	if p.Seat == v.Start {
		tags = append(tags, wd.say("start"))
	}
	if p.Mayor {
		tags = append(tags, wd.say("mayor"))
	}
	vp := wd.w.Score(p.VP)
	c.Text(vp, x+w-12, y+33, fHead, fg, 1)
	drawPanelName(c, name, x+44, y, w-44-24-c.TextWidth(vp, fHead), fg)
	ly := y + 82
	money := wd.money(p.Money)
	c.Text(money, x+12, ly, fBig, colInk, 0)
	mx := x + 12 + c.TextWidth(money, fBig) + 14
	c.Text(fit(c, strings.Join(tags, " · "), fChip, x+w-10-mx), mx, ly-4, fChip, colInk, 0)
	// Action markers left, drawn as pips.
	ly += 30
	c.Text(wd.say("markers", "n", strconv.Itoa(p.Markers)), x+12, ly, fStat, colInk, 0)
	px := x + 16 + c.TextWidth(wd.say("markers", "n", "10"), fStat)
	for k := 0; k < p.Markers && px+float64(k)*13 < x+w-10; k++ {
		c.FillCircle(px+float64(k)*13, ly-7, 5, col)
		c.StrokeCircle(px+float64(k)*13, ly-7, 5, 1.2, colInk)
	}
	// The tracking card rows.
	rows := []struct {
		label string
		val   string
	}{
		{wd.say("citizens"), strconv.Itoa(p.Citizens)},
		{wd.say("houses"), strconv.Itoa(p.Houses)},
		{wd.say("grain-row"), strconv.Itoa(p.Grain)},
		{wd.say("taxes"), strconv.Itoa(p.Taxes)},
	}
	ly += 8
	colW := math.Min((w-24)/2, 200)
	for i, r := range rows {
		rx, ry := x+12+float64(i%2)*colW, ly+26*float64(i/2+1)
		c.Text(fit(c, r.label, fStat, colW-14-c.TextWidth(r.val, fStat)-8), rx, ry, fStat, colGrey, 0)
		c.Text(r.val, rx+colW-14, ry, fStat, colInk, 1)
	}
	ly += 26 * 2
	ly += 8
	orders := wd.say("orders")
	c.Text(orders, x+12, ly+20, fStat, colGrey, 0)
	ox := x + 12 + math.Max(88, c.TextWidth(orders, fStat)+10)
	for _, o := range []struct {
		colour string
		n      int
	}{{"white", p.Orders.White}, {"grey", p.Orders.Grey}, {"orange", p.Orders.Orange}} {
		orderChip(c, ox, ly, 50, o.colour, wd.letter(o.colour)+strconv.Itoa(o.n))
		ox += 54
	}
	ly += 34
	if p.Character != "" {
		t := wd.say("hired", "name", characterName(v, p.Character, wd))
		fgc := colInk
		if p.Played {
			t = wd.say("hired-used", "name", characterName(v, p.Character, wd))
			fgc = colGrey
		}
		c.Text(fit(c, t, fChip, w-24), x+12, ly+20, fChip, fgc, 0)
	} else {
		c.Text(fit(c, wd.say("no-character"), fChip, w-24), x+12, ly+20, fChip, colGrey, 0)
	}
	ly += 30
	// Factories: number and territory.
	factories := wd.say("factories")
	c.Text(factories, x+12, ly+20, fStat, colGrey, 0)
	fx := x + 12 + c.TextWidth(factories, fStat) + 8
	if len(p.Factories) == 0 {
		c.Text(wd.say("none"), fx, ly+20, fStat, colInk, 0)
	}
	for _, f := range p.Factories {
		t := strconv.Itoa(f.Number)
		tw := c.TextWidth(t, fChip) + 14
		if fx+tw > x+w-8 {
			break
		}
		fc := col
		c.FillRoundRect(math.Round(fx), ly+2, math.Round(tw), 26, 4, colInk)
		c.FillRoundRect(math.Round(fx)+1.5, ly+3.5, math.Round(tw)-3, 23, 3, fc)
		c.Text(t, fx+tw/2, ly+22, fChip, inkOn(fc), 0.5)
		if f.Produced {
			c.Line(fx+3, ly+26, fx+tw-3, ly+26, 2, colInk)
		}
		fx += tw + 5
	}
	ly = y + panelBase
	if _, ok := v.Options["inventions"]; ok && v.Options["inventions"] == "on" {
		t := wd.say("inventions-n", "n", strconv.Itoa(len(p.Inventions)))
		if len(p.Docked) > 0 {
			t = wd.say("inventions-on", "n", strconv.Itoa(len(p.Inventions)), "spaces", strings.Join(p.Docked, " "))
		}
		c.Text(fit(c, t, fStat, w-24), x+12, ly+20, fStat, colInk, 0)
		ly += panelInvent
		if len(p.Inventions) > 0 {
			names := make([]string, len(p.InventNames))
			for k, n := range p.InventNames {
				names[k] = n
				if k < len(p.Inventions) {
					names[k] = wd.name("invention", p.Inventions[k], n)
				}
			}
			c.Text(fit(c, strings.Join(names, ", "), fTiny, w-24), x+12, ly+16, fTiny, colInk, 0)
		}
		ly += panelLine
	}
	if p.Sown > 0 || p.FarmerSeeds > 0 {
		t := wd.say("sown", "n", strconv.Itoa(p.Sown))
		if p.FarmerSeeds > 0 {
			t = wd.say("sown-farmer", "n", strconv.Itoa(p.Sown), "farmer", strconv.Itoa(p.FarmerSeeds))
		}
		c.Text(fit(c, t, fTiny, w-24), x+12, ly+16, fTiny, colGrey, 0)
	}
}
