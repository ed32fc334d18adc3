package smokyvalley

import (
	"fmt"
	"image/color"
	"slices"
	"sort"
	"strconv"
	"strings"

	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// pen draws on one surface (a canvas, or the log of a retained drawing,
// render.OpLog) with the printed values at hand.
type pen struct {
	c  render.Surface
	pr *sv.Printed
	sc render.Scene // the viewer and the players' names
	wd words        // the board's words in the scene's language
	// clip, when set, hears of every text fit shortened (the fit tests)
	clip func(full string)
	// drawn, when set, hears of every text drawn by text or chip: its
	// left edge and baseline (the layout tests)
	drawn func(s string, x, y float64, f render.Font)
	part  int // what of the board to draw: partAll, partStatic or partDynamic
}

// The board is drawn in two parts: the static layer (frames, names and
// labels that depend only on the printed board and the player count),
// drawn once and cached, and the position on top of it. Each static piece
// is drawn before anything of the position that could overlap it, so
// the two parts together give the same pixels as drawing everything.
const (
	partAll = iota
	partStatic
	partDynamic
)

func (p *pen) st() bool { return p.part != partDynamic }
func (p *pen) dy() bool { return p.part != partStatic }

// box is a filled rounded rectangle with an outline.
func (p *pen) box(x, y, w, h float64, fill, line color.RGBA, lw float64) {
	p.c.FillRoundRect(x, y, w, h, 6, fill)
	if lw > 0 {
		p.c.StrokeRoundRect(x, y, w, h, 6, lw, line)
	}
}

// fit shortens s with an ellipsis to at most w pixels.
func (p *pen) fit(s string, f render.Font, w float64) string {
	if p.c.TextWidth(s, f) <= w {
		return s
	}
	if p.clip != nil {
		p.clip(s)
	}
	r := []rune(s)
	for len(r) > 1 {
		r = r[:len(r)-1]
		t := strings.TrimRight(string(r), " ") + "…"
		if p.c.TextWidth(t, f) <= w {
			return t
		}
	}
	return "…"
}

// fontFor is the first of fonts in which s fits w pixels, else the last.
func (p *pen) fontFor(s string, w float64, fonts ...render.Font) render.Font {
	for _, f := range fonts {
		if p.c.TextWidth(s, f) <= w {
			return f
		}
	}
	return fonts[len(fonts)-1]
}

// text draws s (shortened to w) with its baseline at y; align as
// render.Canvas.Text.
func (p *pen) text(s string, x, y, w float64, f render.Font, col color.RGBA, align float64) float64 {
	s = p.fit(s, f, w)
	p.c.Text(s, x, y, f, col, align)
	tw := p.c.TextWidth(s, f)
	if p.drawn != nil {
		p.drawn(s, x-align*tw, y, f)
	}
	return tw
}

// label is text in font f, or in small when s is wider than w in f (a
// longer word of another language), or at fTiny's size when even that
// is too wide; shortened only when that is too wide still.
func (p *pen) label(s string, x, y, w float64, f, small render.Font, col color.RGBA, align float64) float64 {
	if p.c.TextWidth(s, f) > w {
		f = small
	}
	if p.c.TextWidth(s, f) > w && f.Size > fTiny.Size {
		f = render.Font{Size: fTiny.Size, Bold: f.Bold}
	}
	return p.text(s, x, y, w, f, col, align)
}

// chip draws a label in a rounded box h high starting at x; returns its
// width.
func (p *pen) chip(s string, x, y, h float64, f render.Font, fill color.RGBA, bold bool) float64 {
	w := p.c.TextWidth(s, f) + 14
	lw := 1.5
	if bold {
		lw = 3
	}
	p.box(x, y, w, h, fill, colInk, lw)
	p.c.Text(s, x+w/2, y+h/2+f.Size*0.36, f, inkOn(fill), 0.5)
	if p.drawn != nil {
		p.drawn(s, x+7, y+h/2+f.Size*0.36, f)
	}
	return w
}

// chipW is the width chip gives s.
func (p *pen) chipW(s string, f render.Font) float64 { return p.c.TextWidth(s, f) + 14 }

// mark draws the house halo (render.HaloRect) under the rectangle x, y,
// w, h when the latest turn changed key (engine.Marks); draw it before
// the piece.
func (p *pen) mark(v *sv.View, key string, x, y, w, h float64) {
	if v.Recent.Has(key) {
		render.HaloRect(p.c, x, y, w, h)
	}
}

// seatChip draws a seat's letter on its colour, s×s; ringed when bold.
func (p *pen) seatChip(seat int, x, y, s float64, bold bool) {
	col := seatColour(seat)
	lw := 1.5
	if bold {
		lw = 3.5
	}
	p.box(x, y, s, s, col, colInk, lw)
	l := "·"
	if seat >= 0 {
		l = render.Seat(seat).Letter
	}
	f := render.Font{Size: s * 0.62, Bold: true}
	p.c.Text(l, x+s/2, y+s/2+f.Size*0.36, f, inkOn(col), 0.5)
}

// goodChip draws a good in its colour with an optional count; returns its
// width.
func (p *pen) goodChip(g int, n string, x, y, h float64, f render.Font) float64 {
	s := p.good(g)
	if n != "" {
		s += " " + n
	}
	return p.chip(s, x, y, h, f, goodColour[g], false)
}

// current is the seat that must decide now, -1 when none.
func current(v *sv.View) int {
	switch {
	case v.Mode == sv.ModeOver:
		return -1
	case len(v.Pending) > 0:
		return v.Pending[0].Seat
	case v.Mode == sv.ModeDepot:
		// seats choose their Wood Depot in reverse order of play
		for i := len(v.Order) - 1; i >= 0; i-- {
			if !hasDepot(v, v.Order[i]) {
				return v.Order[i]
			}
		}
		return -1
	}
	return v.Turn
}

func hasDepot(v *sv.View, seat int) bool {
	for _, d := range v.Districts {
		if d.Depot.Ind >= 0 && d.Depot.Owner == seat {
			return true
		}
	}
	return false
}

func yearIndex(pr *sv.Printed, y int) int { return slices.Index(pr.Years, y) }

// what is the one-line summary of what happens now.
func (p *pen) what(v *sv.View) string {
	cur := current(v)
	who := ""
	if cur >= 0 {
		who = p.seatName(cur)
	}
	year := strconv.Itoa(v.Year)
	switch {
	case v.Mode == sv.ModeOver && len(v.Ranking) > 0:
		return p.wd.say("what.won", "who", p.seatName(v.Ranking[0]))
	case v.Mode == sv.ModeOver:
		return p.wd.say("what.over")
	case v.Mode == sv.ModeDepot:
		return p.wd.say("what.depot", "who", who)
	case len(v.Pending) > 0:
		k := map[string]string{"trader": "trader", "owner": "owner", "pop-basic": "popularity",
			"pop-processed": "popularity", "priorities": "priorities"}[v.Pending[0].Kind]
		if k == "" {
			return year + ": " + who
		}
		return p.wd.say("what."+k, "year", year, "who", who)
	}
	return p.wd.say("what.turn", "year", year, "who", who)
}

// board draws the main board.
func (p *pen) board(v *sv.View) {
	p.header(v)
	x := 12.0
	for i := range v.Districts {
		p.district(v, i, x, 104, 228)
		x += 238
	}
	for m := range p.pr.Markets {
		p.market(v, m, 12+float64(m)*394, 528, 386)
	}
	p.lower(v, 846)
	p.supply(v, 1204)
}

// supply draws the industry development boards: the tiles left of each
// industry (none: grey). Wood Depots are never bought and not listed.
func (p *pen) supply(v *sv.View, y float64) {
	label := p.wd.say("tiles-left")
	if p.st() {
		p.c.Text(label, 14, y+25, fBody, colInk, 0)
	}
	if !p.dy() {
		return
	}
	x := 14 + p.c.TextWidth(label, fBody) + 12
	for i, ind := range p.pr.Industries {
		if i >= len(v.Supply) || ind.ID == "wood-depot" {
			continue
		}
		fill := colWhite
		if v.Supply[i] <= 0 {
			fill = colLight
		}
		x += p.chip(fmt.Sprintf("%s %d", p.wd.name("industry", ind.ID, ind.Name), v.Supply[i]), x, y+5, 28, fTiny, fill, false) + 5
	}
	if x-5 > boardW-8 && p.clip != nil { // the row leaves the board
		p.clip(label)
	}
}

// header: title, what happens now, the game sequence.
func (p *pen) header(v *sv.View) {
	if p.st() {
		p.c.Text(p.wd.w.GameName(), 14, 36, fTitle, colInk, 0)
	}
	if !p.dy() {
		return
	}
	// What happens now, right of the title (drawn in the static layer).
	what := p.what(v)
	room := 1186 - 14 - p.c.TextWidth(p.wd.w.GameName(), fTitle) - 24
	p.text(what, 1186, 36, room, p.fontFor(what, room, fHead, fBody, fSmall), colInk, 1)
	steps := []struct {
		label string
		year  int
		stage int // -1 the development phase; 1 council; 2 canal; 3 final
	}{}
	for i, y := range p.pr.Years {
		steps = append(steps, struct {
			label string
			year  int
			stage int
		}{strconv.Itoa(y), i, -1})
		if i == 1 || i == 3 || i == 4 {
			steps = append(steps, struct {
				label string
				year  int
				stage int
			}{p.wd.say("step.council"), i, 1})
		}
		if i == 2 {
			steps = append(steps, struct {
				label string
				year  int
				stage int
			}{p.wd.say("step.canal"), i, 2})
		}
	}
	steps = append(steps, struct {
		label string
		year  int
		stage int
	}{p.wd.say("step.final"), len(p.pr.Years) - 1, 3})
	yi := yearIndex(p.pr, v.Year)
	x := 14.0
	for _, s := range steps {
		now := false
		switch {
		case v.Mode == sv.ModeOver:
			now = s.stage == 3
		case v.Mode == sv.ModeDepot:
			now = false
		case s.year == yi && s.stage == -1:
			now = v.Stage == sv.StageDev
		case s.year == yi && s.stage == 1:
			now = v.Stage != sv.StageDev
		}
		fill := colWhite
		if s.year < yi || (s.year == yi && s.stage == -1 && v.Stage != sv.StageDev) || v.Mode == sv.ModeOver && s.stage != 3 {
			fill = colLight
		}
		if now {
			fill = colActive
		}
		w := p.chip(s.label, x, 54, 34, fBody, fill, now)
		x += w + 6
	}
	// The mayor, right of the sequence.
	mayor, room := p.wd.say("mayor", "who", p.seatName(v.Mayor)), 1186-x-10
	p.text(mayor, 1186, 80, room, p.fontFor(mayor, room, fBody, fSmall, fTiny), colInk, 1)
}

// seatName is a seat's display name with its letter: "alice (A)".
func (p *pen) seatName(s int) string {
	if s < 0 {
		return p.wd.say("no-seat")
	}
	return fmt.Sprintf("%s (%s)", p.sc.Name(s), render.Seat(s).Letter)
}

// district draws one district: name, canal and rail, Wood Depot, building
// spaces and service spaces.
func (p *pen) district(v *sv.View, i int, x, y, w float64) {
	pd := p.pr.Districts[i]
	if p.st() {
		p.box(x, y, w, 412, colLand, colGrey, 1.5)
		p.text(p.districtName(pd), x+10, y+28, w-20, fHead, colInk, 0)
		bx := x + 10
		if pd.Canal {
			bx += p.chip(p.wd.say("canal", "marker", pd.Marker), bx, y+38, 24, fSmall, colCanal, false) + 4
		}
		if pd.Rail {
			p.chip(p.wd.say("rail"), bx, y+38, 24, fSmall, colGrey, false)
		}
		p.text(p.wd.say("per-industry", "n", num(pd.Value)), x+w-8, y+57, 80, fSmall, colInk, 1)
	}
	if !p.dy() {
		return
	}
	d := v.Districts[i]
	// What the latest turn built, upgraded or placed here first gets the
	// house halo (render.HaloRect), under the tiles and tokens.
	if v.Recent.Has(fmt.Sprintf("depot:%d", i)) {
		render.HaloRect(p.c, x+8, y+70, w-16, 36)
	}
	for k := range pd.Spaces {
		if v.Recent.Has(fmt.Sprintf("space:%d/%d", i, k)) {
			render.HaloRect(p.c, x+8, y+70+40*float64(k+1), w-16, 36)
		}
	}
	for k := range pd.Services {
		if v.Recent.Has(fmt.Sprintf("service:%d/%d", i, k)) {
			render.HaloRect(p.c, x+8, y+70+40*float64(len(pd.Spaces))+46+32*float64(k), w-16, 28)
		}
	}
	ry := y + 70.0
	p.space(v, p.wd.name("industry", "wood-depot", "Wood Depot"), d.Depot, "", 2, x+8, ry, w-16)
	for k, sp := range pd.Spaces {
		ry += 40
		bonus := p.wd.say("no-bonus")
		switch {
		case sp.Bonus == "cash":
			bonus = "+" + p.wd.say("cash", "n", onePound)
		case sp.Bonus != "":
			bonus = "+" + p.wd.name("good", sp.Bonus, sp.Bonus)
		}
		p.space(v, bonus, d.Spaces[k], "", sp.MinPlayers, x+8, ry, w-16)
	}
	ry += 46
	for k, typ := range pd.Services {
		tok := -1
		if k < len(d.Services) {
			tok = d.Services[k]
		}
		fill, label := colPanel, p.serviceType(typ)
		if tok >= 0 && tok < len(p.pr.Services) {
			fill, label = colWhite, p.service(tok)
		}
		p.c.FillRect(x+8, ry, w-16, 28, fill)
		p.c.StrokeRoundRect(x+8, ry, w-16, 28, 0, 1, colGrey)
		col := colGrey
		if tok >= 0 {
			col = colInk
		}
		p.text(label, x+16, ry+20, w-32, fSmall, col, 0)
		ry += 32
	}
}

// space draws one building space (or the Wood Depot space): an industry
// on its owner's colour with the owner's letter, or what the empty space
// gives; a space not used with this many players is struck out.
func (p *pen) space(v *sv.View, empty string, t sv.Tile, _ string, minPlayers int, x, y, w float64) {
	const h = 36
	if t.Ind >= 0 && t.Ind < len(p.pr.Industries) {
		col := seatColour(t.Owner)
		lw := 1.5
		if t.Up {
			lw = 4
		}
		p.box(x, y, w, h, col, colInk, lw)
		name := p.industry(t.Ind)
		right := 38.0
		if t.Up {
			// the upgrade chip left of the owner's disc, ending at most
			// where "UP" ends (a longer word moves left)
			up := p.wd.say("up")
			ux := x + w - 66
			if over := ux + p.chipW(up, fSmall) - (x + w - 29); over > 0 {
				ux -= over
			}
			right = max(72, x+w-ux+6)
			p.chip(up, ux, y+6, 24, fSmall, colInk, false)
		}
		p.label(name, x+8, y+25, w-right-8, fBody, fSmall, inkOn(col), 0)
		letter := "n"
		if t.Owner >= 0 {
			letter = render.Seat(t.Owner).Letter
		}
		p.c.FillCircle(x+w-19, y+h/2, 13, colWhite)
		p.c.StrokeCircle(x+w-19, y+h/2, 13, 1.5, colInk)
		p.c.Text(letter, x+w-19, y+h/2+7, fBody, colInk, 0.5)
		return
	}
	used := minPlayers <= v.Players
	fill, col := colWhite, colInk
	if !used {
		fill, col = colLight, colGrey
	}
	p.c.FillRect(x, y, w, h, fill)
	p.c.StrokeRoundRect(x, y, w, h, 0, 1, colGrey)
	avail := w - 16 // the whole space, or left of the player count
	if minPlayers > 2 {
		avail = w - 60
	}
	p.label(empty, x+8, y+25, avail, fBody, fSmall, col, 0)
	if minPlayers > 2 {
		p.text(p.wd.say("min-players", "n", num(minPlayers)), x+w-8, y+25, 50, fSmall, col, 1)
	}
	if !used {
		p.c.Line(x+4, y+h/2, x+w-4, y+h/2, 2, colGrey)
	}
}

// market draws a foreign market: what it takes, its canal section with
// the ships, the export agency and the trade levels.
func (p *pen) market(v *sv.View, m int, x, y, w float64) {
	pm := p.pr.Markets[m]
	ry := y + 84
	labelFont, labelCol := p.agencyLabels() // the row labels' font, and where the tokens start
	if p.st() {
		p.box(x, y, w, 306, colWater, colCanal, 2)
		p.text(fmt.Sprintf("%s (%s)", p.wd.name("market-title", pm.ID, pm.Name), strings.ToUpper(pm.ID)), x+10, y+28, w-20, fHead, colInk, 0)
		var takes []string
		for _, g := range pm.Basic {
			takes = append(takes, p.wd.name("good", g, g))
		}
		var proc []string
		for g, extra := range pm.Processed {
			s := p.wd.name("good", g, g)
			if extra > 0 {
				s += fmt.Sprintf(" +%d", extra)
			}
			proc = append(proc, s)
		}
		sort.Strings(proc)
		p.text(p.wd.say("takes", "goods", strings.Join(append(takes, proc...), ", ")), x+10, y+52, w-20, fSmall, colInk, 0)
		p.text(p.wd.say("trader-bonus", "cost", onePound, "bonus", p.wd.say("bonus."+pm.Bonus)), x+10, y+74, w-20, fSmall, colInk, 0)
		// the labels below the three rows of the section, left of the
		// tokens
		p.text(p.wd.say("agency"), x+10, ry+150+22, 100, labelFont, colInk, 0)
		p.text(p.wd.say("levels"), x+10, ry+150+36+22, 100, labelFont, colInk, 0)
	}
	if !p.dy() {
		return
	}
	var ships []sv.Ship
	if m < len(v.Canal) {
		ships = v.Canal[m]
	}
	for row := range max(len(ships), 3) {
		if row < len(ships) && ships[row].Market >= 0 {
			p.mark(v, fmt.Sprintf("ship:%d/%d", m, row), x+8, ry, w-16, 44)
			p.ship(ships[row], x+8, ry, w-16, false)
		} else {
			p.c.FillRect(x+8, ry, w-16, 44, rgb(0xD6E6F2))
			p.text(p.wd.say("no-ship"), x+w/2, ry+28, w-20, fSmall, colGrey, 0.5)
		}
		ry += 50
	}
	ax := x + labelCol
	if m < len(v.Agency) {
		for i := range v.Agency[m] {
			if hx := ax + 32*float64(i); hx <= x+w-34 {
				p.mark(v, fmt.Sprintf("agency:%d/%d", m, i), hx, ry+2, 28, 28)
			}
		}
		for _, s := range v.Agency[m] {
			if ax > x+w-34 {
				break
			}
			p.seatChip(s, ax, ry+2, 28, false)
			ax += 32
		}
	}
	if m >= len(v.Agency) || len(v.Agency[m]) == 0 {
		p.text(p.wd.say("no-trader"), ax, ry+22, x+w-10-ax, fSmall, colGrey, 0)
	}
	ry += 36
	lx := x + labelCol
	level := func(lv int) int {
		if lv < len(p.pr.TradeLevels) {
			return p.pr.TradeLevels[lv]
		}
		return lv + 1
	}
	for s, pl := range v.Seats {
		p.mark(v, fmt.Sprintf("level:%d/%d", s, m), lx+70*float64(s), ry+2, 34+p.c.TextWidth(strconv.Itoa(level(pl.Level[m])), fBody), 28)
	}
	for s, pl := range v.Seats {
		val := level(pl.Level[m])
		p.seatChip(s, lx, ry+2, 28, false)
		p.c.Text(strconv.Itoa(val), lx+34, ry+23, fBody, colInk, 0)
		lx += 70
	}
}

// agencyLabels gives the font of a market's two row labels (the export
// agency, the trade levels) and where the rows' tokens start, from the
// market's left edge: 84, right of labels up to 70 wide in fSmall; a
// longer word of another language ("Handelswert") is drawn at fTiny's
// size and the tokens move right of it (four seats' levels still fit).
func (p *pen) agencyLabels() (render.Font, float64) {
	a, l := p.wd.say("agency"), p.wd.say("levels")
	wide := max(p.c.TextWidth(a, fSmall), p.c.TextWidth(l, fSmall))
	if wide <= 70 {
		return fSmall, 84
	}
	f := render.Font{Size: fTiny.Size, Bold: true}
	wide = max(p.c.TextWidth(a, f), p.c.TextWidth(l, f))
	return f, max(84, min(10+wide+8, 110))
}

// ship draws a ship: kind, destination (scheduled ships), owner, loads in
// the loading seats' colours, trader and foreign trade token.
func (p *pen) ship(s sv.Ship, x, y, w float64, dest bool) {
	const h = 44
	fill := colWhite
	lw := 1.5
	if s.Owner >= 0 {
		fill = seatColour(s.Owner)
		lw = 3
	}
	p.box(x, y, w, h, fill, colInk, lw)
	kind := p.wd.say("schooner")
	if s.Big {
		kind = p.wd.say("canaller")
	}
	if dest && s.Market >= 0 && s.Market < len(p.pr.Markets) {
		kind = p.wd.say("ship-to", "ship", kind, "market", strings.ToUpper(p.pr.Markets[s.Market].ID))
	}
	if s.Owner >= 0 {
		kind += " " + render.Seat(s.Owner).Letter
	}
	tx := x + 8
	tx += p.text(kind, tx, y+28, 150, fSmall, inkOn(fill), 0) + 8
	if dest {
		return // a scheduled ship is empty
	}
	capacity := p.pr.ShipCapacity[s.Big]
	for k := range capacity {
		bx := tx + float64(k)*32
		if k < len(s.Loads) {
			p.seatChip(s.Loads[k], bx, y+8, 28, false)
		} else {
			p.c.FillRect(bx, y+8, 28, 28, colPanel)
			p.c.StrokeRoundRect(bx, y+8, 28, 28, 0, 1.5, colGrey)
		}
	}
	rx := x + w - 6
	if s.Good >= 0 && s.Good < len(p.pr.Goods) {
		gw := p.c.TextWidth(p.good(s.Good), fSmall) + 14
		rx -= gw
		p.goodChip(s.Good, "", rx, y+8, 28, fSmall)
		rx -= 6
	}
	if s.Trader >= 0 && rx-tx-float64(capacity)*32 > 70 {
		rx -= 28
		p.seatChip(s.Trader, rx, y+8, 28, true)
		p.c.Text(p.wd.say("trader"), rx-4, y+28, fTiny, inkOn(fill), 1)
	}
}

// popStep is how far apart the discs of one popularity space are drawn:
// they overlap like a stack, the top one drawn over the rest, each letter
// still showing.
const popStep = 17

// lower draws the lower band: scheduled ships, order of play, passing
// track, popularity and prestige on the left; offers and the local market
// on the right.
func (p *pen) lower(v *sv.View, y float64) {
	y2 := y + 92
	y3 := y2 + 70
	y4 := y3 + 84 + popStep*float64(len(v.Seats)-1)
	if p.st() {
		p.text(p.wd.say("scheduled"), 14, y+22, 570, fHead, colInk, 0)
		p.label(p.wd.say("order"), 14, y2+26, 66, fBody, fSmall, colInk, 0)
		p.text(p.wd.say("popularity"), 14, y3+20, 570, fBody, colInk, 0)
		cw := 24.0
		for k := 0; k <= p.pr.PopMax; k++ {
			cx := 14 + float64(k)*cw
			fill := colWhite
			if _, ok := p.pr.PopBonus[k]; ok {
				fill = colActive
			}
			p.c.FillRect(cx, y3+28, cw-2, 22, fill)
			p.c.StrokeRoundRect(cx, y3+28, cw-2, 22, 0, 1, colGrey)
			if k%5 == 0 || k == p.pr.PopMax {
				p.c.Text(strconv.Itoa(k), cx+cw/2-1, y3+44, fTiny, colInk, 0.5)
			}
		}
		p.label(p.wd.say("prestige"), 14, y4+20, 92, fBody, fSmall, colInk, 0)
	}
	if p.dy() {
		p.lowerPosition(v, y, y2, y3, y4)
	}
	p.offers(v, 600, y)
}

// lowerPosition draws the position in the lower band's left part.
func (p *pen) lowerPosition(v *sv.View, y, y2, y3, y4 float64) {
	// Scheduled ships.
	sx := 14.0
	for i, s := range v.Scheduled {
		if i >= 3 {
			p.text(fmt.Sprintf("+%d", len(v.Scheduled)-3), sx, y+62, 60, fBody, colInk, 0)
			break
		}
		p.mark(v, fmt.Sprintf("scheduled:%d", i), sx, y+32, 182, 44)
		p.ship(s, sx, y+32, 182, true)
		sx += 190
	}
	if len(v.Scheduled) == 0 {
		p.text(p.wd.say("none"), 14, y+62, 570, fBody, colGrey, 0)
	}
	// Order of play and the passing track.
	cur := current(v)
	ox := 84.0
	for _, s := range v.Order {
		p.seatChip(s, ox, y2+2, 34, s == cur)
		ox += 40
	}
	ox += 14
	passed := p.wd.say("passed")
	p.c.Text(passed, ox, y2+26, fBody, colInk, 0)
	ox += p.c.TextWidth(passed, fBody) + 8
	for i, s := range v.Passing {
		bonus := ""
		if i < len(p.pr.Passing) {
			bonus = map[string]string{"": "—", "swap": p.wd.say("passing.swap"), "basic": p.wd.say("passing.basic"), "cash": p.wd.say("cash", "n", onePound)}[p.pr.Passing[i]]
		}
		bw := max(p.c.TextWidth(bonus, fTiny)+8, 40.0)
		p.box(ox, y2, bw, 56, colWhite, colGrey, 1)
		p.c.Text(bonus, ox+bw/2, y2+52, fTiny, colInk, 0.5)
		if s >= 0 {
			p.seatChip(s, ox+(bw-28)/2, y2+3, 28, false)
		}
		ox += bw + 4
	}
	// Popularity track: the discs below the cells, the halos of the
	// discs the latest turn moved first, under all of them.
	cw := 24.0
	stacks := make([][]int, p.pr.PopMax+1)
	for k := range stacks {
		// the stack on the space, its top (the last to arrive, who wins a
		// tie) nearest the track
		for s, pl := range v.Seats {
			if pl.Pop == k {
				stacks[k] = append(stacks[k], s)
			}
		}
		sort.SliceStable(stacks[k], func(a, b int) bool { return v.Seats[stacks[k][a]].Stamp > v.Seats[stacks[k][b]].Stamp })
		for n, s := range stacks[k] {
			p.mark(v, fmt.Sprintf("popularity:%d", s), 14+float64(k)*cw, y3+52+float64(n)*popStep, 22, 22)
		}
	}
	for k, stack := range stacks {
		cx := 14 + float64(k)*cw
		for n := len(stack) - 1; n >= 0; n-- { // the top drawn last, over the others
			p.seatChip(stack[n], cx, y3+52+float64(n)*popStep, 22, false)
		}
	}
	// Prestige, highest first.
	order := make([]int, len(v.Seats))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return v.Seats[order[a]].Prestige > v.Seats[order[b]].Prestige })
	px := 110.0
	for _, s := range order {
		p.mark(v, fmt.Sprintf("prestige:%d", s), px, y4, 36+p.c.TextWidth(strconv.Itoa(v.Seats[s].Prestige), fHead), 30)
		p.seatChip(s, px, y4, 30, false)
		p.c.Text(strconv.Itoa(v.Seats[s].Prestige), px+36, y4+23, fHead, colInk, 0)
		px += 96
	}
	if len(v.Priority) > 0 {
		var cs []string
		for _, c := range v.Priority {
			if c >= 0 && c < len(p.pr.Categories) {
				cs = append(cs, p.wd.say("category."+p.pr.Categories[c]))
			}
		}
		p.text(p.wd.say("priorities", "order", strings.Join(cs, " > ")), 14, y4+56, 560, fSmall, colInk, 0)
	}
}

// offers draws the service tokens, canal tiles and city cards on offer,
// the face-down stacks and the local market.
func (p *pen) offers(v *sv.View, x, y float64) {
	w := 1188 - x
	if p.st() {
		p.box(x, y, w, 352, colPanel, colGrey, 1.5)
	}
	x += 10
	w -= 20
	// the rows' positions depend only on the board: the static labels
	ry := y + 66
	for _, d := range p.pr.Districts {
		if d.Canal {
			if p.st() {
				p.text(p.districtName(d), x, ry+22, 110, fSmall, colInk, 0)
			}
			ry += 30
		}
	}
	ry += 8
	cardsY := ry
	marketY := ry + 30 + 30*float64(len(v.CardOffer)) + 6
	if p.st() {
		// the headings, left of the offers at x+100 (services), of the
		// notes right (canal tiles, city cards, local market)
		p.label(p.wd.say("services"), x, y+26, 96, fBody, fSmall, colInk, 0)
		p.text(p.wd.say("canal-tiles"), x, y+58, w-340, fBody, colInk, 0)
		p.text(p.wd.say("city-cards"), x, cardsY+22, w-340, fBody, colInk, 0)
		p.text(p.wd.say("local-market"), x, marketY+22, w-340, fBody, colInk, 0)
		p.text(p.wd.say("market-note", "cost", onePound), x+w, marketY+22, 330, fTiny, colGrey, 1)
	}
	if !p.dy() {
		return
	}
	cx := x + 100
	each := (w-100-80)/float64(max(len(v.ServiceOffer), 1)) - 6
	for _, t := range v.ServiceOffer {
		name := "—"
		if t >= 0 && t < len(p.pr.Services) {
			name = p.service(t)
			// "Cargo Train (coal)" would lose its good to the ellipsis
			if ps := p.pr.Services[t]; ps.Good != "" && p.c.TextWidth(name, fSmall) > each-14 {
				name = p.wd.say("cargo", "good", p.wd.name("good", ps.Good, ps.Good))
			}
			if p.c.TextWidth(name, fSmall) > each-14 {
				ps := p.pr.Services[t]
				name = p.wd.name("service-short", ps.ID, name)
			}
		}
		f := fSmall
		if p.c.TextWidth(name, f) > each-14 {
			f = fTiny
		}
		cx += p.chip(p.fit(name, f, each-14), cx, y+6, 28, f, colWhite, false) + 6
	}
	p.text(p.wd.say("stack-left", "n", num(v.Stacks["services"])), x+w, y+26, 110, fTiny, colGrey, 1)
	// the stack of the current era (the widening stack leaves the game in
	// the canal phase)
	era := "widening"
	if yearIndex(p.pr, v.Year) >= 3 {
		era = "modernization"
	}
	p.text(p.wd.say("era."+era, "n", num(v.Stacks["canal-"+era])), x+w, y+58, 330, fTiny, colGrey, 1)
	ry = y + 66
	k := 0
	for _, d := range p.pr.Districts {
		if !d.Canal {
			continue
		}
		cx := x + 114
		if k < len(v.CanalOffer) {
			for i, t := range v.CanalOffer[k] {
				if t < 0 || t >= len(p.pr.CanalTiles) {
					cx += p.chip("—", cx, ry+2, 28, fSmall, colWhite, false) + 6
					continue
				}
				name, _ := p.canalLabel(t, 220)
				p.mark(v, fmt.Sprintf("canal-offer:%d/%d", k, i), cx, ry+2, p.chipW(name, fSmall), 28)
				cx += p.canalChip(t, cx, ry+2, 220) + 6
			}
		}
		ry += 30
		k++
	}
	ry += 8
	// The stack's key ("cards-1850s") is the view's, not a text: the
	// decade is worded by the catalog (board.decade: "1850s", "1850er",
	// "années 1850").
	decade := []int{1840, 1850, 1860}
	di := min(max((yearIndex(p.pr, v.Year))/2, 0), 2)
	stack := fmt.Sprintf("cards-%ds", decade[di])
	p.text(p.wd.say("card-cost", "cost", onePound, "good", p.wd.name("good", p.pr.CardGood[di], p.pr.CardGood[di]), "decade", p.wd.say("decade", "year", num(decade[di])), "n", num(v.Stacks[stack])), x+w, ry+22, 330, fTiny, colGrey, 1)
	ry += 30
	for i := range v.CardOffer { // the halos first: the rows are closer than a band
		p.mark(v, fmt.Sprintf("card-offer:%d", i), x, ry+30*float64(i), w, 28)
	}
	for _, c := range v.CardOffer {
		if c < 0 || c >= len(p.pr.Cards) {
			p.c.FillRect(x, ry, w, 28, colLight)
			p.c.Text("—", x+10, ry+20, fSmall, colGrey, 0)
		} else {
			pc := p.pr.Cards[c]
			p.c.FillRect(x, ry, w, 28, colWhite)
			p.c.StrokeRoundRect(x, ry, w, 28, 0, 1, colGrey)
			about := p.wd.say("category." + pc.Category)
			if pc.Needs != "" {
				about = p.wd.say("card-needs", "category", about, "needs", p.wd.say("needs."+pc.Needs))
			}
			p.text(p.card(c), x+8, ry+21, w-210, fSmall, colInk, 0)
			p.text(about, x+w-8, ry+20, 200, fTiny, colGrey, 1)
		}
		ry += 30
	}
	// Local market: who used which of its sales this phase.
	ry += 6
	ry += 30
	// the halos first (the markers are closer than a band), then the
	// labels and markers at the same places
	for pass := range 2 {
		mx := x
		for k, label := range []string{p.wd.say("bought"), p.wd.say("sold-basic"), p.wd.say("sold-pair")} {
			if pass == 0 {
				mx += p.c.TextWidth(p.fit(label, fSmall, 140), fSmall) + 6
			} else {
				mx += p.text(label, mx, ry+20, 140, fSmall, colInk, 0) + 6
			}
			for s, pl := range v.Seats {
				if pl.Market[k] {
					if pass == 0 {
						p.mark(v, fmt.Sprintf("market:%d/%d", s, k), mx, ry+2, 24, 24)
					} else {
						p.seatChip(s, mx, ry+2, 24, false)
					}
					mx += 26
				}
			}
			mx += 14
		}
	}
}

// canalShort are the canal tiles' effects that have a short label of
// their own, the message "tile.<effect>" (a word or two: "Ship 1").
var canalShort = map[string]bool{
	"build": true, "service": true, "canal": true, "produce": true, "ship1": true,
	"swap": true, "trade": true, "upgrade": true, "board": true,
	"pop-build": true, "load2": true, "city-cost": true, "build-cost": true,
	"market": true, "prestige-service": true, "prestige-upgrade": true,
}

// canalChip draws a canal tile: an action tile white, a changing effect
// yellow with a star; returns its width.
func (p *pen) canalChip(t int, x, y, maxW float64) float64 {
	name, fill := p.canalLabel(t, maxW)
	return p.chip(name, x, y, 28, fSmall, fill, false)
}

// canalLabel is canalChip's label and fill.
func (p *pen) canalLabel(t int, maxW float64) (string, color.RGBA) {
	ct := p.pr.CanalTiles[t]
	name := ""
	if e := effectOf(ct); canalShort[e] {
		name = p.wd.say("tile." + e)
	}
	if name == "" {
		name = p.wd.name("tile", ct.ID, ct.Name)
	}
	fill := colWhite
	if ct.Kind == "changing" {
		fill = colActive
		name += " *"
	}
	return p.fit(name, fSmall, maxW-14), fill
}

// effectOf is a canal tile's effect, from its ID (w-build, m-pres-service).
func effectOf(ct sv.PrintedCanal) string {
	e := ct.ID[2:]
	if strings.HasPrefix(e, "pres-") {
		e = "prestige-" + e[5:]
	}
	return e
}

// players draws a panel per seat and, once under them, the legend of
// the navigation boards (its own row: a panel's city cards may take two
// lines down to the panel's frame).
func (p *pen) players(v *sv.View) {
	cur := current(v)
	for s := range v.Seats {
		p.playerPanel(v, s, 8+float64(s)*panelH, s == cur)
	}
	p.text(p.wd.say("legend"), 20, float64(playersH(len(v.Seats))-10), 1164, fTiny, colGrey, 0)
}

func (p *pen) playerPanel(v *sv.View, s int, y float64, now bool) {
	pl := v.Seats[s]
	fill := colPanel
	if now {
		fill = colActive
	}
	p.box(8, y, 1184, panelH-8, fill, colInk, map[bool]float64{true: 3.5, false: 1.5}[now])
	st := render.Seat(s)
	p.seatChip(s, 18, y+8, 40, now)
	colour := p.wd.say("colour." + strings.ReplaceAll(st.Colour, " ", "-"))
	key := "seat"
	if s == p.sc.Seat {
		key = "seat-you"
	}
	chips := []string{
		p.wd.say("cash", "n", num(pl.Cash)), p.wd.say("income", "n", num(pl.Income)), p.wd.say("prestige-n", "n", num(pl.Prestige)),
		p.wd.say("popularity-n", "n", num(pl.Pop)), p.wd.say("traders", "n", num(pl.Traders)),
	}
	// The name has the row but for the chips; a long one goes smaller,
	// then without its colour (the seat chip shows it).
	room := 1182.0 - 68 - 20
	for _, c := range chips {
		room -= p.chipW(c, fBody) + 8
	}
	room = max(room, 420)
	name, nf := "", fHead
	for _, k := range []string{key, key + "-short"} {
		name = p.wd.say(k, "name", p.sc.Name(s), "letter", st.Letter, "colour", colour)
		if nf = p.fontFor(name, room, fHead, fBody); p.c.TextWidth(name, nf) <= room {
			break
		}
	}
	nx := 68 + p.text(name, 68, y+36, room, nf, colInk, 0) + 20
	for i, f := range chips {
		if key := map[int]string{2: "prestige", 3: "popularity"}[i]; key != "" {
			p.mark(v, fmt.Sprintf("%s:%d", key, s), nx, y+12, p.chipW(f, fBody), 32)
		}
		nx += p.chip(f, nx, y+12, 32, fBody, colWhite, false) + 8
	}
	// Goods.
	gx := 18.0
	for g := range pl.Goods {
		gx += p.goodChip(g, strconv.Itoa(pl.Goods[g]), gx, y+54, 30, fBody) + 6
	}
	// Navigation board: the district tile on each space, the boat, the
	// canal tiles beneath.
	ny := y + 94
	for k := range pl.Nav {
		nx := 18 + float64(k)*146
		// the space's tile and canal tiles, or the boat that moved there
		p.mark(v, fmt.Sprintf("nav:%d/%d", s, k), nx, ny, 140, 124)
		if pl.Boat == k {
			p.mark(v, fmt.Sprintf("boat:%d", s), nx, ny, 140, 124)
		}
		p.box(nx, ny, 140, 124, colLand, colGrey, 1)
		d := pl.Nav[k]
		dn := "?"
		if d >= 0 && d < len(p.pr.Districts) {
			dn = p.districtName(p.pr.Districts[d])
		}
		boat := pl.Boat == k
		box := d >= 0 && d < len(pl.CityBox) && pl.CityBox[d] // a disc in the district's city box
		nameW := 128.0
		if box {
			nameW = 104
		}
		if boat {
			p.c.FillRoundRect(nx+2, ny+2, 136, 30, 5, seatColour(s))
			p.c.StrokeRoundRect(nx, ny, 140, 124, 6, 3.5, colInk)
			p.text(dn, nx+6, ny+24, nameW, fSmall, inkOn(seatColour(s)), 0)
		} else {
			p.text(dn, nx+6, ny+24, nameW, fSmall, colInk, 0)
		}
		if box {
			if v.Recent.Has(fmt.Sprintf("citybox:%d/%d", s, d)) {
				render.HaloCircle(p.c, nx+124, ny+17, 11)
			}
			p.c.FillCircle(nx+124, ny+17, 11, colWhite)
			p.c.FillCircle(nx+124, ny+17, 8, seatColour(s))
			p.c.StrokeCircle(nx+124, ny+17, 8, 1.5, colInk)
		}
		ty := ny + 36
		tiles := pl.Slots[k]
		for i := len(tiles) - 1; i >= 0 && ty < ny+100; i-- { // top first
			if tiles[i] >= 0 && tiles[i] < len(p.pr.CanalTiles) {
				p.canalChip(tiles[i], nx+4, ty, 132)
			}
			ty += 30
		}
	}
	// Right side: canal development, industry track, own ships, local
	// market, city cards.
	rx := 760.0
	p.label(p.wd.say("canal-dev"), rx, y+114, 108, fBody, fSmall, colInk, 0)
	cx := rx + 112
	k := 0
	for _, d := range p.pr.Districts {
		if !d.Canal {
			continue
		}
		label := fmt.Sprintf("%s %d", d.Marker, pl.Canal[k])
		p.mark(v, fmt.Sprintf("canal:%d/%d", s, k), cx, y+94, p.chipW(label, fBody), 28)
		cx += p.chip(label, cx, y+94, 28, fBody, colWater, false) + 6
		k++
	}
	total := 0
	for _, n := range p.pr.TrackStacks {
		total += n
	}
	p.label(p.wd.say("industries"), rx, y+148, 108, fBody, fSmall, colInk, 0)
	dx := rx + 112
	p.mark(v, fmt.Sprintf("track:%d", s), dx-1, y+129, 26*float64(total), 24)
	for i := range total {
		if i < pl.Track {
			p.c.StrokeCircle(dx+11, y+141, 10, 2, colGrey)
		} else {
			p.c.FillCircle(dx+11, y+141, 11, seatColour(s))
			p.c.StrokeCircle(dx+11, y+141, 11, 1.5, colInk)
		}
		dx += 26
	}
	p.text(p.wd.say("left", "n", num(total-pl.Track)), dx+6, y+148, 90, fSmall, colInk, 0)
	p.label(p.wd.say("own-ships"), rx, y+180, 108, fBody, fSmall, colInk, 0)
	sx := rx + 112
	for m, used := range pl.Ships {
		fill := colWhite
		if used {
			fill = colLight
		}
		label := strings.ToUpper(p.pr.Markets[m].ID)
		if used {
			label = p.wd.say("ship-used", "market", label)
		}
		sx += p.chip(label, sx, y+160, 28, fSmall, fill, false) + 6
	}
	// City cards.
	var names []string
	for _, c := range pl.Cards {
		if c >= 0 && c < len(p.pr.Cards) {
			names = append(names, p.card(c))
		}
	}
	if pl.MayorUse {
		names = append(names, p.wd.say("mayor-card-used"))
	}
	if pl.Poverty {
		names = append(names, p.wd.say("poverty-used"))
	}
	cards := fmt.Sprintf("cards:%d", s)
	if len(names) == 0 {
		none := p.wd.say("no-cards")
		p.mark(v, cards, rx-4, y+194, p.c.TextWidth(none, fSmall)+8, 22)
		p.text(none, rx, y+210, 1184-rx, fSmall, colGrey, 0)
		return
	}
	// Two lines of card names, the rest counted.
	prefix := p.wd.say("cards") + " "
	lines := []string{prefix}
	for i, n := range names {
		sep := ""
		if l := lines[len(lines)-1]; l != "" && l != prefix {
			sep = ", "
		}
		more := ""
		if len(lines) == 2 && i < len(names)-1 {
			more = ", " + p.wd.say("more", "n", "9")
		}
		if p.c.TextWidth(lines[len(lines)-1]+sep+n+more, fSmall) > 1180-rx {
			if len(lines) == 2 {
				lines[1] += ", " + p.wd.say("more", "n", num(len(names)-i))
				break
			}
			lines[0] += ","
			lines = append(lines, "")
			sep = ""
		}
		lines[len(lines)-1] += sep + n
	}
	p.mark(v, cards, rx-4, y+188, 1184-rx, 21*float64(len(lines))+4)
	for i, l := range lines {
		p.text(l, rx, y+204+float64(i)*21, 1184-rx, fSmall, colInk, 0)
	}
}

// serviceType is the printed name of a service space type: the name of
// the services of that type, less what tells them apart ("Cargo Train
// (wood)" is a "Cargo Train" space).
func (p *pen) serviceType(typ string) string {
	for k, s := range p.pr.Services {
		if s.Type == typ {
			name, _, _ := strings.Cut(p.service(k), " (")
			return name
		}
	}
	return typ
}

// good is good g's name.
func (p *pen) good(g int) string {
	return p.wd.name("good", p.pr.Goods[g], p.pr.Goods[g])
}

// districtName is a district's name.
func (p *pen) districtName(d sv.PrintedDistrict) string {
	return p.wd.name("district", d.ID, d.Name)
}

// industry is industry kind i's name.
func (p *pen) industry(i int) string {
	return p.wd.name("industry", p.pr.Industries[i].ID, p.pr.Industries[i].Name)
}

// service is service token kind k's name.
func (p *pen) service(k int) string {
	return p.wd.name("service", p.pr.Services[k].ID, p.pr.Services[k].Name)
}

// card is city card c's name.
func (p *pen) card(c int) string {
	return p.wd.name("card", p.pr.Cards[c].ID, p.pr.Cards[c].Name)
}
