package brass

import (
	"bytes"
	"image/png"
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// The gg baseline draws the same board: its pixels stay close to ours, so
// the comparison is like for like.
func TestBaselineDrawsSameBoard(t *testing.T) {
	r := newTestRenderer(t)
	v := railView()
	fast, err := r.PNG(v, engine.Spectator)
	if err != nil {
		t.Fatal(err)
	}
	slow, err := ggPNG(r.l, v)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := png.Decode(bytes.NewReader(fast))
	if err != nil {
		t.Fatal(err)
	}
	si, err := png.Decode(bytes.NewReader(slow))
	if err != nil {
		t.Fatal(err)
	}
	_, bad, err := rendertest.ComparePixels(fi, si, 24)
	if err != nil {
		t.Fatal(err)
	}
	// Antialiasing and palette rounding differ along edges only: count
	// the pixels off by more than a tenth of a channel.
	if n := fi.Bounds().Dx() * fi.Bounds().Dy(); bad > n/20 {
		t.Errorf("%d of %d pixels differ between the pipelines", bad, n)
	}
}

// BenchmarkBoard renders and encodes a full rail-period board with both
// pipelines, interleaved in the same run, and reports the p95 time and PNG
// size of each and their ratio.
//
//	go test ./render/brass -run '^$' -bench Board -benchtime 200x
func BenchmarkBoard(b *testing.B) {
	r := newTestRenderer(b)
	v := railView()
	// Warm the static layer, the glyph caches and the palette.
	if _, err := r.PNG(v, engine.Spectator); err != nil {
		b.Fatal(err)
	}
	var fastT, ggT []time.Duration
	var fastCPU, ggCPU time.Duration
	var fastSize, ggSize int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0, c0 := time.Now(), rendertest.CPUTime()
		out, err := r.PNG(v, engine.Spectator)
		if err != nil {
			b.Fatal(err)
		}
		t1, c1 := time.Now(), rendertest.CPUTime()
		base, err := ggPNG(r.l, v)
		if err != nil {
			b.Fatal(err)
		}
		t2, c2 := time.Now(), rendertest.CPUTime()
		fastT, ggT = append(fastT, t1.Sub(t0)), append(ggT, t2.Sub(t1))
		fastCPU, ggCPU = fastCPU+c1-c0, ggCPU+c2-c1
		fastSize, ggSize = len(out), len(base)
	}
	b.StopTimer()
	pf, pg := p95(fastT), p95(ggT)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(pf), "p95-ms")
	b.ReportMetric(ms(p50(fastT)), "p50-ms")
	b.ReportMetric(ms(fastCPU)/float64(b.N), "cpu-ms/op")
	b.ReportMetric(float64(fastSize)/1024, "KiB")
	b.ReportMetric(ms(pg), "gg-p95-ms")
	b.ReportMetric(ms(p50(ggT)), "gg-p50-ms")
	b.ReportMetric(ms(ggCPU)/float64(b.N), "gg-cpu-ms/op")
	b.ReportMetric(float64(ggSize)/1024, "gg-KiB")
	b.ReportMetric(float64(pg)/float64(pf), "p95-ratio")
	b.ReportMetric(0, "ns/op") // the per-pipeline figures above are the result
}

// BenchmarkPNG is the renderer alone (allocations included), with its own
// p95: the gg pipeline's garbage does not disturb it here.
func BenchmarkPNG(b *testing.B) {
	r := newTestRenderer(b)
	v := railView()
	if _, err := r.PNG(v, engine.Spectator); err != nil {
		b.Fatal(err)
	}
	ts := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := r.PNG(v, engine.Spectator); err != nil {
			b.Fatal(err)
		}
		ts = append(ts, time.Since(t0))
	}
	b.ReportMetric(float64(p95(ts).Microseconds())/1000, "p95-ms")
}

func p50(ds []time.Duration) time.Duration { return quantile(ds, 50) }

func p95(ds []time.Duration) time.Duration { return quantile(ds, 95) }

// quantile is the nearest-rank q-th percentile.
func quantile(ds []time.Duration, q int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[max((len(s)*q+99)/100-1, 0)]
}

// BenchmarkImages is what a host asks for after a turn in a late game: the
// public images of a real engine position deep in the rail period (seed 4,
// 45 moves into it, the docs/board.png position), players named, with p95
// wall time and PNG size; and a seat's images (board and hand.png).
//
//	go test ./render/brass -run '^$' -bench Images -benchtime 200x
func BenchmarkImages(b *testing.B) {
	g, st := enginePosition(b, 4, 45)
	r := newTestRenderer(b)
	for _, c := range []struct {
		name string
		seat int
	}{{"public", engine.Spectator}, {"seat", 2}} {
		b.Run(c.name, func(b *testing.B) {
			sc := render.Scene{View: g.View(st, c.seat), Seat: c.seat, Names: goldenNames}
			if _, err := r.Images(sc); err != nil {
				b.Fatal(err)
			}
			ts := make([]time.Duration, 0, b.N)
			size := 0
			c0 := rendertest.CPUTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				imgs, err := r.Images(sc)
				if err != nil {
					b.Fatal(err)
				}
				ts = append(ts, time.Since(t0))
				size = 0
				for _, im := range imgs {
					size += len(im.PNG)
				}
			}
			cpu := rendertest.CPUTime() - c0
			b.ReportMetric(float64(p95(ts).Microseconds())/1000, "p95-ms")
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(size)/1024, "KiB")
		})
	}
}
