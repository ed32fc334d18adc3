package smokyvalley

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/image/font"

	"github.com/smokestack/smokestack/engine/lang"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// maxCardsView is richView with the most city card lines a panel shows:
// seat A holds every city card of the game and has used the mayor's
// extra card and Poverty Reduction (the list's two lines and its "+N
// more"); seat C keeps rich-4p's nine cards.
func maxCardsView(t testing.TB) sv.View {
	v := richView(t)
	pr := sv.PrintedValues()
	v.Seats[0].Cards = nil
	for c := range pr.Cards {
		v.Seats[0].Cards = append(v.Seats[0].Cards, c)
	}
	v.Seats[0].MayorUse, v.Seats[0].Poverty = true, true
	return v
}

// inkText is a text of the players' image: what it says and the box of
// its ink.
type inkText struct {
	s string
	r image.Rectangle
}

// TestPlayersLayout draws the players' image of maxCardsView in every
// language and fails when two texts' ink overlaps, when a panel's text
// leaves its frame (the city cards' second line and the legend above all),
// or when the legend is not on its own row under the panels.
func TestPlayersLayout(t *testing.T) {
	faces := map[render.Font]font.Face{}
	defer func() {
		for _, f := range faces {
			f.Close()
		}
	}()
	v := maxCardsView(t)
	n := len(v.Seats)
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			c, err := render.NewCanvas(boardW, playersH(n))
			if err != nil {
				t.Fatal(err)
			}
			c.FillRect(0, 0, boardW, float64(playersH(n)), colPage)
			sc := render.Scene{View: v, Seat: 0, Names: []string{"Nicole", "a player with a very long display name", "", "Marion"}, Lang: l}
			var texts []inkText
			p := &pen{c: c, pr: sv.PrintedValues(), sc: sc, wd: newWords(sc), drawn: func(s string, x, y float64, f render.Font) {
				face := faces[f]
				if face == nil {
					if face, err = render.NewFace(f); err != nil {
						t.Fatal(err)
					}
					faces[f] = face
				}
				b, _ := font.BoundString(face, s)
				r := image.Rect(b.Min.X.Floor(), b.Min.Y.Floor(), b.Max.X.Ceil(), b.Max.Y.Ceil())
				texts = append(texts, inkText{s, r.Add(image.Pt(int(x+0.5), int(y+0.5)))})
			}}
			p.players(&v)
			if os.Getenv("SMOKYVALLEY_LAYOUT_PNG") != "" {
				writePNG(t, filepath.Join(os.TempDir(), fmt.Sprintf("smokyvalley-%s-max-cards-players.png", l)), c.Img)
			}
			legend := p.wd.say("legend")
			cards := p.wd.say("cards")
			var sawLegend, sawSecondLine bool
			lastFrame := 8 + (n-1)*panelH + panelH - 8
			for i, a := range texts {
				if a.s == legend {
					sawLegend = true
					if a.r.Min.Y <= lastFrame || a.r.Max.Y > playersH(n) {
						t.Errorf("the legend's ink %v is not on its row between the last panel (ending at %d) and the image's foot (%d)", a.r, lastFrame, playersH(n))
					}
				} else {
					s := (a.r.Min.Y - 8) / panelH
					frame := image.Rect(8, 8+s*panelH, 8+1184, 8+s*panelH+panelH-8)
					if s < 0 || s >= n || !a.r.In(frame) {
						t.Errorf("%q: ink %v leaves its panel's frame %v", a.s, a.r, frame)
					}
					if s == 0 && a.r.Min.X >= 760 && a.r.Min.Y > 8+210 && len(a.s) > len(cards) {
						sawSecondLine = true
					}
				}
				for _, b := range texts[i+1:] {
					if a.r.Overlaps(b.r) {
						t.Errorf("%q (ink %v) and %q (ink %v) overlap", a.s, a.r, b.s, b.r)
					}
				}
			}
			if !sawLegend || !sawSecondLine {
				t.Errorf("the legend drawn: %v; seat A's city cards on a second line: %v", sawLegend, sawSecondLine)
			}
		})
	}
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
