package render

import (
	"errors"
	"fmt"
	"image/color"
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// ScoreChart is a chart of every seat's score over a match, for any game:
// what ScoreChartImage draws.
type ScoreChart struct {
	Title string   // e.g. "Brass: victory points"
	Unit  string   // the score's short name, e.g. "VP"
	Steps string   // what the horizontal axis counts, e.g. "rounds", "years"
	Names []string // the players' names in seat order (Scene.Name rules)
	// Lang is the language of a seat's default name where Names has
	// none (Scene.Name); the zero value reads English.
	Lang lang.Lang
	// ScoreText, when set, words a score with its unit in Lang
	// (engine.Words.Score: "12 SP"); nil writes the number and Unit.
	ScoreText func(n int) string
	// Labels name the steps on the horizontal axis as the game names them
	// (engine.Phrase.Short: "start", "C3", "1845"), one per row of Scores;
	// a missing or empty label falls back to the step's number. As many
	// are drawn as fit without touching, at a regular spacing.
	Labels []string
	// Scores[i][seat] is each seat's score after step i (Scores[0] is the
	// start); every row has one score per seat.
	Scores [][]int
}

// LegendLabel is the legend's line for seat with its last score: its
// name (Scene.Name in c.Lang), the score and its unit (ScoreText).
func (c ScoreChart) LegendLabel(seat, score int) string {
	return c.legend(Scene{Names: c.Names, Lang: c.Lang}.Name(seat), score)
}

// legend words a name with its score in the chart's language
// (engine.Words.NameScore).
func (c ScoreChart) legend(name string, score int) string {
	text := strconv.Itoa(score)
	switch {
	case c.ScoreText != nil:
		text = c.ScoreText(score)
	case c.Unit != "":
		text += " " + c.Unit
	}
	l := c.Lang
	if l == "" {
		l = lang.English
	}
	return engine.WordsFor(engine.Info{}, l, nil).NameScore(name, text)
}

// ErrChart is returned for a chart without seats or steps, or with rows
// of different lengths.
var ErrChart = errors.New("render: bad score chart")

// Chart layout, in pixels.
const (
	chartW, chartH  = 800, 450
	chartLeft       = 56
	chartRight      = 200 // the legend's column, at least
	chartRightMost  = 360 // and at most (the plot keeps 384 pixels)
	chartTop        = 48
	chartBottom     = 44
	chartLine       = 3
	chartMaxSeats   = 26
	chartLegendRow  = 26
	chartLetterSize = 9
)

var (
	chartPaper = color.RGBA{0xff, 0xff, 0xff, 0xff}
	chartInk   = color.RGBA{0x22, 0x22, 0x22, 0xff}
	chartGrid  = color.RGBA{0xdd, 0xdd, 0xdd, 0xff}
	chartMuted = color.RGBA{0x66, 0x66, 0x66, 0xff}
)

// ScoreChartImage draws c as "chart.png": one step line per seat in the
// seat's colour (Seat), its letter at the line's end, and a legend of the
// seats with their latest scores, highest first. Seats with equal scores
// are drawn a little apart, so that no line hides another.
func ScoreChartImage(c ScoreChart) (Image, error) {
	seats := len(c.Names)
	if seats == 0 || seats > chartMaxSeats || len(c.Scores) == 0 {
		return Image{}, fmt.Errorf("%w: %d seats, %d steps", ErrChart, seats, len(c.Scores))
	}
	lo, hi := 0, 1
	for i, row := range c.Scores {
		if len(row) != seats {
			return Image{}, fmt.Errorf("%w: step %d has %d scores for %d seats", ErrChart, i, len(row), seats)
		}
		for _, v := range row {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	cv, err := NewCanvas(chartW, chartH)
	if err != nil {
		return Image{}, err
	}
	cv.FillRect(0, 0, chartW, chartH, chartPaper)
	title := c.Title
	if title == "" {
		title = "Scores"
	}
	cv.Text(clipText(cv, title, chartW-2*chartLeft, Font{Size: 18, Bold: true}), chartLeft, 30, Font{Size: 18, Bold: true}, chartInk, 0)

	x0, y0 := float64(chartLeft), float64(chartH-chartBottom)
	right := c.legendColumn(cv)
	x1, y1 := float64(chartW-right), float64(chartTop)
	step := niceStep(hi - lo)
	lo = floorTo(lo, step)
	hi = ceilTo(hi, step)
	yOf := func(v int) float64 { return y0 - (y0-y1)*float64(v-lo)/float64(hi-lo) }
	n := len(c.Scores) - 1
	xOf := func(i int) float64 {
		if n == 0 {
			return x0
		}
		return x0 + (x1-x0)*float64(i)/float64(n)
	}
	small := chartAxisFont
	for v := lo; v <= hi; v += step {
		y := yOf(v)
		cv.Line(x0, y, x1, y, 1, chartGrid)
		cv.Text(strconv.Itoa(v), x0-8, y+4, small, chartMuted, 1)
	}
	cv.Line(x0, y0, x1, y0, 1.5, chartInk)
	cv.Line(x0, y0, x0, y1, 1.5, chartInk)
	for _, tk := range c.axisTicks(cv, right) {
		cv.Line(xOf(tk.Step), y0, xOf(tk.Step), y0+5, 1, chartInk)
		cv.Text(tk.Label, xOf(tk.Step), y0+18, small, chartMuted, 0.5)
	}
	axis := c.Steps
	if axis == "" {
		axis = "steps"
	}
	cv.Text(axis, (x0+x1)/2, y0+36, small, chartMuted, 0.5)
	if c.Unit != "" {
		cv.Text(c.Unit, x0-8, y1-12, small, chartMuted, 1)
	}

	// Seats with the same score at the same step are drawn apart.
	spread := func(seat int) float64 { return (float64(seat) - float64(seats-1)/2) * chartLine * 0.9 }
	last := c.Scores[n]
	ends := make([]float64, seats)
	for seat := seats - 1; seat >= 0; seat-- { // seat A on top
		col := Seat(seat).RGB
		dy := spread(seat)
		px, py := xOf(0), yOf(c.Scores[0][seat])+dy
		for i := 1; i <= n; i++ {
			x, y := xOf(i), yOf(c.Scores[i][seat])+dy
			cv.Line(px, py, x, py, chartLine, col)
			if y != py {
				cv.Line(x, py, x, y, chartLine, col)
			}
			px, py = x, y
		}
		ends[seat] = py
	}
	// The letters at the lines' ends, pushed apart where they would touch.
	byEnd := make([]int, seats)
	for i := range byEnd {
		byEnd[i] = i
	}
	for i := 1; i < seats; i++ {
		for j := i; j > 0 && ends[byEnd[j]] < ends[byEnd[j-1]]; j-- {
			byEnd[j], byEnd[j-1] = byEnd[j-1], byEnd[j]
		}
	}
	for k := 1; k < seats; k++ {
		if gap := 2*chartLetterSize + 2.0; ends[byEnd[k]]-ends[byEnd[k-1]] < gap {
			ends[byEnd[k]] = ends[byEnd[k-1]] + gap
		}
	}
	for seat := range seats {
		chartBadge(cv, x1+14, ends[seat], seat)
	}

	// The legend: seats by their latest score, highest first.
	order := make([]int, seats)
	for i := range order {
		order[i] = i
	}
	for i := 1; i < seats; i++ {
		for j := i; j > 0 && last[order[j]] > last[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	lx := x1 + 40
	for k, seat := range order {
		y := float64(chartTop+10) + float64(k)*chartLegendRow
		if y > y0 {
			break
		}
		chartBadge(cv, lx, y, seat)
		// A long name is cut, never the score: the score is the legend's point.
		f := chartLegendFont
		room := chartW - int(lx) - 22 - int(cv.TextWidth(c.legend("", last[seat]), f))
		name := clipText(cv, Scene{Names: c.Names, Lang: c.Lang}.Name(seat), room, f)
		cv.Text(c.legend(name, last[seat]), lx+14, y+5, f, chartInk, 0)
	}
	data, err := chartEncoder.Encode(cv.Img, 64<<10)
	if err != nil {
		return Image{}, err
	}
	return Image{Name: "chart.png", PNG: data}, nil // no Title: no front end shows the chart's
}

// chartEncoder reuses its compression buffers across charts.
var chartEncoder = NewEncoder()

// chartLegendFont is the legend's font.
var chartLegendFont = Font{Size: 13}

// legendColumn is the width of the legend's column: room for the longest
// line of the legend whole ("Ordinateur (facile) : 66 PV"), between
// chartRight and chartRightMost; a line longer still has its name cut.
func (c ScoreChart) legendColumn(cv *Canvas) int {
	if len(c.Scores) == 0 {
		return chartRight
	}
	last := c.Scores[len(c.Scores)-1]
	widest := 0.0
	for seat := range c.Names {
		if seat < len(last) {
			widest = max(widest, cv.TextWidth(c.legend(Scene{Names: c.Names, Lang: c.Lang}.Name(seat), last[seat]), chartLegendFont))
		}
	}
	// The badges' column (40), the legend's badge (14), a margin (22).
	return min(chartRightMost, max(chartRight, 40+14+int(widest)+22))
}

// chartBadge is the seat's letter in a disc of its colour.
func chartBadge(cv *Canvas, x, y float64, seat int) {
	st := Seat(seat)
	cv.FillCircle(x, y, chartLetterSize, st.RGB)
	size := 12.0
	if len(st.Letter) > 1 {
		size = 8
	}
	cv.Text(st.Letter, x, y+size*0.36, Font{Size: size, Bold: true}, InkOn(st.RGB), 0.5)
}

// clipText cuts s to fit width pixels, marking a cut with "…".
func clipText(cv *Canvas, s string, width int, f Font) string {
	if cv.TextWidth(s, f) <= float64(width) {
		return s
	}
	r := []rune(s)
	for len(r) > 0 && cv.TextWidth(string(r)+"…", f) > float64(width) {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// AxisTick is one labelled step under the chart's horizontal axis.
type AxisTick struct {
	Step  int    // the row of Scores
	Label string // as drawn
}

// AxisTicks are the steps ScoreChartImage labels under its axis, with
// their labels: every step whose label fits, at a regular spacing, from
// the start.
func (c ScoreChart) AxisTicks() ([]AxisTick, error) {
	cv, err := NewCanvas(1, 1)
	if err != nil {
		return nil, err
	}
	return c.axisTicks(cv, c.legendColumn(cv)), nil
}

// chartAxisFont is the font of the axes' labels.
var chartAxisFont = Font{Size: 12}

// axisTicks labels the axis of a chart whose legend column is right
// pixels wide.
func (c ScoreChart) axisTicks(cv *Canvas, right int) []AxisTick {
	n := len(c.Scores) - 1
	if n < 0 {
		return nil
	}
	label := func(i int) string {
		if i < len(c.Labels) && c.Labels[i] != "" {
			return c.Labels[i]
		}
		return strconv.Itoa(i)
	}
	step := niceStep(n)
	if len(c.Labels) > 0 {
		step = labelStride(cv, n, float64(chartW-right-chartLeft)/float64(max(n, 1)), label, chartAxisFont)
	}
	var out []AxisTick
	for i := 0; i <= n; i += step {
		out = append(out, AxisTick{Step: i, Label: label(i)})
	}
	return out
}

// labelStride is the smallest spacing, in steps, at which the labels of
// steps 0, k, 2k ... centred under their steps (space pixels apart) leave
// at least a gap between neighbours.
func labelStride(cv *Canvas, n int, space float64, label func(int) string, f Font) int {
	const gap = 10
	for k := 1; k < n; k++ {
		fits := true
		for i := 0; i+k <= n && fits; i += k {
			fits = (cv.TextWidth(label(i), f)+cv.TextWidth(label(i+k), f))/2+gap <= float64(k)*space
		}
		if fits {
			return k
		}
	}
	return max(n, 1)
}

// niceStep is a round gridline spacing (1, 2, 5, 10, 20, 50 ...) giving
// at most about 8 lines over span.
func niceStep(span int) int {
	for base := 1; ; base *= 10 {
		for _, m := range []int{1, 2, 5} {
			if s := base * m; span/s <= 8 {
				return s
			}
		}
	}
}

func floorTo(v, step int) int {
	if v >= 0 {
		return v / step * step
	}
	return -((-v + step - 1) / step * step)
}

func ceilTo(v, step int) int {
	if v <= 0 {
		return -(-v / step * step)
	}
	return (v + step - 1) / step * step
}
