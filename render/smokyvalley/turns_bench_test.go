package smokyvalley

import (
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkPNGTurns draws what a match shows turn after turn: both images
// (board and players) of a 4-player game after 100 to 125 moves (of 150), in
// order, over and over (each after the previous turn's, so the renderer
// redraws what the turn changed; the jump from the last back to the first
// is drawn too), players named, for spectators. BenchmarkImages draws one
// position again and again; this is the figure for a match in play.
// cpu-ms/op is per call (two images), cpu-ms/image half of it.
//
//	go test ./render/smokyvalley -run '^$' -bench PNGTurns -benchtime 200x
func BenchmarkPNGTurns(b *testing.B) {
	var scs []render.Scene
	for _, v := range playedViews(b, 4, 5, 100, 125) {
		scs = append(scs, render.Scene{View: v, Seat: engine.Spectator, Names: []string{"alice", "bob", "carol", "dave"}})
	}
	benchScenes(b, scs)
}

// BenchmarkPNGMatches draws two 4-player matches' images by turns (seeds
// 5 and 6, 110 moves each): every call follows the other match's, the
// worst case for redrawing only what changed.
//
//	go test ./render/smokyvalley -run '^$' -bench PNGMatches -benchtime 200x
func BenchmarkPNGMatches(b *testing.B) {
	names := []string{"alice", "bob", "carol", "dave"}
	benchScenes(b, []render.Scene{
		{View: playedView(b, 4, 5, 110), Seat: engine.Spectator, Names: names},
		{View: playedView(b, 4, 6, 110), Seat: engine.Spectator, Names: names},
	})
}

// benchScenes draws scs' images in order, over and over, reporting the
// CPU time per call and per image, p50 and p95 per call.
func benchScenes(b *testing.B, scs []render.Scene) {
	r, err := New()
	if err != nil {
		b.Fatal(err)
	}
	for _, sc := range scs { // warm the palette, the static layers and the glyph caches
		if _, err := r.Images(sc); err != nil {
			b.Fatal(err)
		}
	}
	ts := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := rendertest.CPUTime()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := r.Images(scs[i%len(scs)]); err != nil {
			b.Fatal(err)
		}
		ts = append(ts, time.Since(t0))
	}
	cpu := rendertest.CPUTime() - c0
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	q := func(p int) time.Duration {
		s := slices.Clone(ts)
		slices.Sort(s)
		return s[max((len(s)*p+99)/100-1, 0)]
	}
	b.ReportMetric(ms(q(95)), "p95-ms")
	b.ReportMetric(ms(q(50)), "p50-ms")
	b.ReportMetric(ms(cpu)/float64(b.N), "cpu-ms/op")
	b.ReportMetric(ms(cpu)/float64(2*b.N), "cpu-ms/image")
}
