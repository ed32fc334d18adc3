package brass

import (
	"image/color"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// Legibility thresholds, checked on a busy real position (the one of
// docs/board.png; see also the package doc):
//
//   - previewWidth: Discord shows the board about 500 pixels wide before a
//     tap (390 on a phone, where a tap is expected anyway);
//   - minGlanceCap: at that width, the cap height of what a player reads
//     at a glance (town names, each counter's industry and level, the track
//     prices, each player's money, VP and income, the period) is at least
//     6 pixels, the size of ordinary small print on a screen;
//   - minFullCap: at full size every text is at least 10 pixels high
//     (capitals), so nothing printed needs a zoom past 100 %;
//   - colour: every seat colour differs from the board colours it is drawn
//     on, and from the last-turn yellow, by CIEDE2000 render.MinSeatDeltaE
//     in normal and simulated colour-blind vision.
const (
	previewWidth = 500.0
	minGlanceCap = 6.0
	minFullCap   = 10.0
)

// recorder is a canvas that remembers every text it drew and its font.
type recorder struct {
	*render.Canvas
	texts map[string][]render.Font
	order []string // the texts in the order drawn
}

func (r *recorder) Text(s string, x, y float64, f render.Font, c color.RGBA, align float64) {
	r.texts[s] = append(r.texts[s], f)
	r.order = append(r.order, s)
	r.Canvas.Text(s, x, y, f, c, align)
}

// capHeight is the height of a capital letter of f, in pixels.
func capHeight(t testing.TB, f render.Font) float64 {
	t.Helper()
	face, err := render.NewFace(f)
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	return float64(face.Metrics().CapHeight) / 64
}

// TestLegibility checks the busy position in every language: the sizes
// above, and that every text fits its box whole (fit never has to cut a
// word of the board short with an ellipsis).
func TestLegibility(t *testing.T) {
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) { checkLegibility(t, l) })
	}
}

func checkLegibility(t *testing.T, l lang.Lang) {
	g, st := enginePosition(t, 4, 45)
	v := g.View(st, engine.Spectator).(brass.View)
	r := newTestRenderer(t)
	c, err := render.NewCanvas(r.l.Width, r.l.Height)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
	w := wordsFor(render.Scene{Names: goldenNames, Lang: l})
	b, err := newBoard(r.l, rec, &v, w)
	if err != nil {
		t.Fatal(err)
	}
	b.drawStatic(rec, &v, w)
	b.drawDynamic(rec, &v, w)
	scale := previewWidth / float64(r.l.Width)

	for s, fs := range rec.texts {
		if strings.Contains(s, "…") && !isName(s) {
			t.Errorf("%q does not fit its box", s)
		}
		for _, f := range fs {
			if h := capHeight(t, f); h < minFullCap {
				t.Errorf("%q at %v px: capitals %.1f px high at full size, want %.0f", s, f.Size, h, minFullCap)
			}
		}
	}
	glance := []string{periodName(w, v.Period)}
	for _, p := range v.Places {
		glance = append(glance, b.labels[p.ID])
		for _, sp := range p.Spaces {
			if sp.Tile != nil {
				glance = append(glance, industryLetter[sp.Tile.Industry]+strconv.Itoa(sp.Tile.Level))
			}
		}
	}
	glance = append(glance, b.trackSlots(rec, 0, w)...)
	glance = append(glance, b.pr.cotton...)
	for _, p := range v.PlayerViews {
		glance = append(glance, w.money(p.Money), w.t("income", "money", w.money(p.Income)),
			w.t("vp-projected", "vp", strconv.Itoa(p.VP), "projected", strconv.Itoa(p.Projected)))
	}
	for _, s := range glance {
		// The largest drawing counts: "+3" is a cotton track space and,
		// smaller, the income printed on a counter.
		fs, ok := rec.texts[s]
		if !ok {
			t.Errorf("%q is not drawn", s)
			continue
		}
		h := 0.0
		for _, f := range fs {
			h = max(h, capHeight(t, f)*scale)
		}
		if h < minGlanceCap {
			t.Errorf("%q: capitals %.1f px high at %.0f px wide, want %.0f", s, h, previewWidth, minGlanceCap)
		}
	}
}

func TestBoardColoursKeepSeatsApart(t *testing.T) {
	grounds := map[string]color.RGBA{"land": colLand, "town box": colWhite, "page": colPage, "place": colPlace,
		"external": colExtern, "active panel": colActive, "last turn": colNew}
	for _, vis := range render.Visions {
		for s := range thePrinted().maxSeats {
			c := render.Simulate(seatColor(s), vis)
			for name, g := range grounds {
				if d := render.DeltaE(c, render.Simulate(g, vis)); d < render.MinSeatDeltaE {
					t.Errorf("%s: seat %s on %s: ΔE00 %.1f < %.0f", vis, seatLetter(s), name, d, render.MinSeatDeltaE)
				}
			}
		}
	}
}

// isName reports whether s is a player's name, perhaps shortened (names
// are the host's and may be cut to fit).
func isName(s string) bool {
	s = strings.TrimSuffix(s, "…")
	for _, n := range goldenNames {
		if s != "" && strings.HasPrefix(n, s) {
			return true
		}
	}
	return false
}

// longNames are display names every panel must draw whole: a default
// name from another language, computers' names, and a name of 32
// characters, the longest display name or nickname Discord allows (the
// playground allows engine.MaxPlayerName, 64; a name that long may be
// cut).
var longNames = []string{"Spieler 1", "Ordinateur 2 (facile)", "Computer 2 (leicht)", "Maximilian Alexander Wittelsbach"}

// TestNamesWhole draws the busy position with long names in every seat
// (each name in turn on the seat to play and on the viewer's), for a
// spectator, for the seat to play (also while it removes industries or
// sells more cotton) and after the game, in every language:
// no text is cut with an ellipsis, and every name is drawn whole (on one
// line, or on two that read as the name).
func TestNamesWhole(t *testing.T) {
	g, st := enginePosition(t, 4, 45)
	r := newTestRenderer(t)
	mid := g.View(st, engine.Spectator).(brass.View)
	for _, l := range lang.Supported {
		for k := range longNames {
			names := make([]string, len(longNames))
			for i := range names {
				names[i] = longNames[(i+k)%len(longNames)]
			}
			seat := g.View(st, mid.Active).(brass.View)
			over := g.View(st, (mid.Active+1)%4).(brass.View)
			over.Finished, over.Active, over.Mode = true, -1, "over"
			over.Ranking = []int{mid.Active, (mid.Active + 1) % 4, (mid.Active + 2) % 4, (mid.Active + 3) % 4}
			// The seat to play in the two steps the title words its own
			// way: removing industries for negative income, selling more
			// cotton.
			owes, sells := seat, seat
			owes.Mode, owes.Owed, owes.ActionsLeft = "liquidate", 12, 0
			sells.Mode = "sell-more"
			for name, v := range map[string]brass.View{"spectator": mid, "to-play": seat, "over": over, "liquidate": owes, "sell-more": sells} {
				rec := drawRecorded(t, r, &v, render.Scene{Names: names, Lang: l})
				checkWhole(t, string(l)+"/"+name, rec, names)
			}
		}
	}
}

// TestHandCardsWhole: the hand image draws every card's name whole in
// every language, legibly.
func TestHandCardsWhole(t *testing.T) {
	pr := thePrinted()
	var cards, labels []string
	for card := range pr.cards {
		cards = append(cards, card)
	}
	slices.Sort(cards)
	for _, l := range lang.Supported {
		w := wordsFor(render.Scene{Names: longNames, Lang: l})
		labels = labels[:0]
		for _, card := range cards {
			labels = append(labels, pr.cardLabelIn(w, card))
		}
		v := &brass.View{Seat: 2, Hand: cards}
		h := handHeaderH + handRowH*float64((len(cards)+handPerRow-1)/handPerRow) + 6
		c, err := render.NewCanvas(int(handW), int(h))
		if err != nil {
			t.Fatal(err)
		}
		rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
		drawHandImage(rec, pr, v, w, h)
		checkWhole(t, string(l)+"/hand", rec, append(labels, longNames[2]))
		for s, fs := range rec.texts {
			for _, f := range fs {
				if h := capHeight(t, f); h < minFullCap {
					t.Errorf("%s: %q at %v px: capitals %.1f px high, want %.0f", l, s, f.Size, h, minFullCap)
				}
			}
		}
	}
}

// drawRecorded draws v's board for sc on a recorder.
func drawRecorded(t *testing.T, r *Renderer, v *brass.View, sc render.Scene) *recorder {
	t.Helper()
	c, err := render.NewCanvas(r.l.Width, r.l.Height)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
	w := wordsFor(sc)
	b, err := newBoard(r.l, rec, v, w)
	if err != nil {
		t.Fatal(err)
	}
	b.drawStatic(rec, v, w)
	b.drawDynamic(rec, v, w)
	return rec
}

// checkWhole fails when a text of rec is cut with an ellipsis or one of
// whole is not drawn whole (its lines drawn one after the other).
func checkWhole(t *testing.T, what string, rec *recorder, whole []string) {
	t.Helper()
	for _, s := range rec.order {
		if strings.Contains(s, "…") {
			t.Errorf("%s: %q is cut", what, s)
		}
	}
	joined := strings.Join(rec.order, " ")
	for _, n := range whole {
		if !strings.Contains(joined, n) {
			t.Errorf("%s: %q is not drawn whole", what, n)
		}
	}
}
