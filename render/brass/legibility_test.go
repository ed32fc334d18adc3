package brass

import (
	"fmt"
	"image/color"
	"strconv"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
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
}

func (r *recorder) Text(s string, x, y float64, f render.Font, c color.RGBA, align float64) {
	r.texts[s] = append(r.texts[s], f)
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

func TestLegibility(t *testing.T) {
	g, st := enginePosition(t, 4, 45)
	v := g.View(st, engine.Spectator).(brass.View)
	r := newTestRenderer(t)
	c, err := render.NewCanvas(r.l.Width, r.l.Height)
	if err != nil {
		t.Fatal(err)
	}
	rec := &recorder{Canvas: c, texts: map[string][]render.Font{}}
	b, err := newBoard(r.l, rec, &v)
	if err != nil {
		t.Fatal(err)
	}
	b.drawStatic(rec, &v)
	b.drawDynamic(rec, &v, render.Scene{Names: goldenNames}.Name)
	scale := previewWidth / float64(r.l.Width)

	for s, fs := range rec.texts {
		for _, f := range fs {
			if h := capHeight(t, f); h < minFullCap {
				t.Errorf("%q at %v px: capitals %.1f px high at full size, want %.0f", s, f.Size, h, minFullCap)
			}
		}
	}
	glance := []string{periodName(v.Period)}
	for _, p := range v.Places {
		glance = append(glance, b.pr.label(p.ID))
		for _, sp := range p.Spaces {
			if sp.Tile != nil {
				glance = append(glance, industryLetter[sp.Tile.Industry]+strconv.Itoa(sp.Tile.Level))
			}
		}
	}
	glance = append(glance, b.pr.demand...)
	glance = append(glance, b.pr.cotton...)
	for _, p := range v.PlayerViews {
		glance = append(glance, money(p.Money), "Income "+money(p.Income), fmt.Sprintf("VP %d → %d", p.VP, p.Projected))
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
