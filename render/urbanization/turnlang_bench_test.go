package urbanization

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkTurnLang narrates the events of one move with engine.Words and
// renders the board with Scene.Lang, as a host does after a turn, in
// English and in German (issue 19: the languages should cost the same).
//
//	go test ./render/urbanization -run '^$' -bench TurnLang -count 5
func BenchmarkTurnLang(b *testing.B) {
	g := urbanization.New()
	st, _, err := g.Setup(engine.Setup{Seats: 4, Seed: 11, Options: map[string]string{"inventions": "on"}})
	if err != nil {
		b.Fatal(err)
	}
	rng := engine.NewRNG(11, 11)
	var evs []engine.Event
	var before engine.State
	for n := 0; n < 60; n++ {
		v := g.View(st, engine.Spectator).(urbanization.View)
		if v.Finished || len(v.Active) == 0 {
			break
		}
		seat := v.Active[0]
		var m engine.Move
		for {
			ch, err := g.Choices(st, seat, m)
			if err != nil {
				b.Fatal(err)
			}
			if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
				break
			}
			if len(ch.Next) == 0 {
				b.Fatalf("dead end at %v", m)
			}
			m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
		}
		before = st
		if st, evs, err = g.Apply(st, seat, m); err != nil {
			b.Fatal(err)
		}
	}
	// The board before and after the move, drawn in turn: the renderer
	// redraws what a turn changed, as it does for a match in play (drawing
	// one position again and again would redraw nothing).
	views := []any{g.View(before, engine.Spectator), g.View(st, engine.Spectator)}
	r := newTestRenderer(b)
	for _, l := range []lang.Lang{lang.English, lang.German} {
		b.Run(string(l), func(b *testing.B) {
			scs := [2]render.Scene{}
			for i, v := range views {
				scs[i] = render.Scene{View: v, Seat: engine.Spectator, Names: goldenNames, Lang: l}
			}
			sc := scs[1]
			w := engine.WordsFor(g.Info(), l, goldenNames)
			if _, err := r.Images(sc); err != nil { // warm the caches
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			c0 := rendertest.CPUTime()
			for i := range b.N {
				sc = scs[i%2]
				for _, ev := range evs {
					if w.Event(ev, engine.Spectator) == "" {
						b.Fatal("empty narration")
					}
				}
				if _, err := r.Images(sc); err != nil {
					b.Fatal(err)
				}
			}
			// CPU time (process user + system) is less at the mercy of a
			// loaded machine than the wall time.
			b.ReportMetric(float64((rendertest.CPUTime()-c0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
		})
	}
}
