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
