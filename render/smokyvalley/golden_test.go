package smokyvalley

import (
	"errors"
	"flag"
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/render/rendertest"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

var update = flag.Bool("update", false, "rewrite the golden PNGs in testdata")

// goldenCases are positions from seeded random play (the first turns of a
// 4-player game, a 3-player game in 1855, a 2-player game, a finished
// 4-player game) and richView.
var goldenCases = []struct {
	name         string
	seats, moves int
	seat         int
	names        []string
}{
	{"start-4p", 4, 4, engine.Spectator, nil},
	{"mid-3p", 3, 50, 1, []string{"alice", "bob", "carol"}},
	{"late-2p", 2, 140, engine.Spectator, []string{"Marion", "Angelika"}},
	{"over-4p", 4, 3000, engine.Spectator, []string{"alice", "bob", "carol", "dave"}},
	{"rich-4p", 4, 0, 0, []string{"Nicole", "a player with a very long display name indeed", "", "Marion"}},
}

func TestGolden(t *testing.T) {
	r, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			v := playedView(t, c.seats, 5, c.moves)
			if c.name == "rich-4p" {
				v = richView(t)
			}
			imgs, err := render.NewSet(r).Images(GameID, render.Scene{View: v, Seat: c.seat, Names: c.names})
			if err != nil {
				t.Fatal(err)
			}
			if names := []string{imgs[0].Name, imgs[1].Name}; len(imgs) != 2 || !slices.Equal(names, []string{"board.png", "players.png"}) {
				t.Fatalf("images %v", names)
			}
			for _, im := range imgs {
				checkGolden(t, c.name+"-"+im.Name[:len(im.Name)-4], im.PNG)
			}
			// The same board in the players' language: German for the
			// seat's view of 1855 and the fullest position, French for
			// the finished game and the fullest position.
			for _, l := range []lang.Lang{lang.German, lang.French} {
				if c.name != "rich-4p" && (c.name != "mid-3p" || l != lang.German) && (c.name != "over-4p" || l != lang.French) {
					continue
				}
				imgs, err := render.NewSet(r).Images(GameID, render.Scene{View: v, Seat: c.seat, Names: c.names, Lang: l})
				if err != nil {
					t.Fatal(err)
				}
				for _, im := range imgs {
					checkGolden(t, string(l)+"-"+c.name+"-"+im.Name[:len(im.Name)-4], im.PNG)
				}
			}
		})
	}
}

// A seat's view is drawn like the spectator's (nothing is private) but
// names the viewer's panel.
func TestSeatView(t *testing.T) {
	r, _ := New()
	g := sv.New()
	st, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for seat := -1; seat < 3; seat++ {
		if _, err := r.Images(render.Scene{View: g.View(st, seat), Seat: seat}); err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
	}
}

func TestBadViews(t *testing.T) {
	r, _ := New()
	v := playedView(t, 2, 1, 0)
	broken := v
	broken.Districts = broken.Districts[:3]
	for name, x := range map[string]engine.View{"other type": 42, "nil": (*sv.View)(nil), "3 districts": broken, "no seats": sv.View{}} {
		if _, err := r.Images(render.Scene{View: x, Seat: engine.Spectator}); !errors.Is(err, ErrView) {
			t.Errorf("%s: %v, want ErrView", name, err)
		}
	}
}

// checkGolden compares a rendered image with its golden file
// (rendertest.CheckGolden).
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	rendertest.CheckGolden(t, "smokyvalley", name, got, *update)
}

// BenchmarkImages renders and encodes both images of a finished 4-player
// game (the fullest position) and reports the p95 time and the sizes.
//
//	go test ./render/smokyvalley -run '^$' -bench Images -benchtime 200x
func BenchmarkImages(b *testing.B) {
	r, _ := New()
	v := render.Scene{View: playedView(b, 4, 5, 3000), Seat: engine.Spectator, Names: []string{"alice", "bob", "carol", "dave"}}
	if _, err := r.Images(v); err != nil {
		b.Fatal(err)
	}
	ts := make([]time.Duration, 0, b.N)
	var board, players int
	b.ReportAllocs()
	b.ResetTimer()
	c0 := rendertest.CPUTime()
	for range b.N {
		t0 := time.Now()
		imgs, err := r.Images(v)
		if err != nil {
			b.Fatal(err)
		}
		ts = append(ts, time.Since(t0))
		board, players = len(imgs[0].PNG), len(imgs[1].PNG)
	}
	cpu := rendertest.CPUTime() - c0
	b.StopTimer()
	slices.Sort(ts)
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(ts[max((len(ts)*95+99)/100-1, 0)].Microseconds())/1000, "p95-ms")
	b.ReportMetric(float64(ts[max((len(ts)*50+99)/100-1, 0)].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(board)/1024, "board-KiB")
	b.ReportMetric(float64(players)/1024, "players-KiB")
}
