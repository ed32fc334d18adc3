package urbanization

import (
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkPNG renders and encodes a busy 4-player position with the
// Inventions expansion (the tallest image), reporting the p95 time and the
// PNG size.
//
//	go test ./render/urbanization -run '^$' -bench PNG -benchtime 200x
func BenchmarkPNG(b *testing.B) {
	r := newTestRenderer(b)
	v := enginePosition(b, 4, true, 11, 60)
	sc := render.Scene{View: v, Seat: engine.Spectator, Names: goldenNames}
	out, err := r.Images(sc)
	if err != nil { // warm the palette and the glyph caches
		b.Fatal(err)
	}
	size := len(out[0].PNG)
	ts := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := rendertest.CPUTime()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := r.Images(sc); err != nil {
			b.Fatal(err)
		}
		ts = append(ts, time.Since(t0))
	}
	cpu := rendertest.CPUTime() - c0
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(quantile(ts, 95)), "p95-ms")
	b.ReportMetric(ms(quantile(ts, 50)), "p50-ms")
	b.ReportMetric(ms(cpu)/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(size)/1024, "KiB")
}

// quantile is the nearest-rank q-th percentile.
func quantile(ds []time.Duration, q int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[max((len(s)*q+99)/100-1, 0)]
}

// BenchmarkPNGTurns draws what a match shows turn after turn: the
// positions after 40 to 64 moves of BenchmarkPNG's game, in order, over
// and over (each image after the previous turn's, so the renderer redraws
// what the turn changed; the jump from the last back to the first is
// drawn too). BenchmarkPNG draws one position again and again, which now
// redraws nothing but encodes; this is the figure for a match in play.
//
//	go test ./render/urbanization -run '^$' -bench PNGTurns -benchtime 200x
func BenchmarkPNGTurns(b *testing.B) {
	var scs []render.Scene
	for m := 40; m <= 64; m++ {
		scs = append(scs, render.Scene{View: enginePosition(b, 4, true, 11, m), Seat: engine.Spectator, Names: goldenNames})
	}
	benchScenes(b, scs)
}

// BenchmarkPNGMatches draws two matches' positions by turns (4 players
// with the expansion, seeds 11 and 12, 60 moves each): every image
// follows the other match's, the worst case for redrawing only what
// changed (most tiles change).
//
//	go test ./render/urbanization -run '^$' -bench PNGMatches -benchtime 200x
func BenchmarkPNGMatches(b *testing.B) {
	benchScenes(b, []render.Scene{
		{View: enginePosition(b, 4, true, 11, 60), Seat: engine.Spectator, Names: goldenNames},
		{View: enginePosition(b, 4, true, 12, 60), Seat: engine.Spectator, Names: goldenNames},
	})
}

// benchScenes draws scs' images in order, over and over
// (rendertest.BenchScenes).
func benchScenes(b *testing.B, scs []render.Scene) {
	rendertest.BenchScenes(b, newTestRenderer(b), scs)
}
