package rendertest

import (
	"bytes"
	"image"
	"image/png"
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/render"
)

// BenchFloor times a renderer's call from a position to its PNG images
// beside its floor, in the same iterations of one run (same process, same
// load): encode, the pixels of the very same images encoded alone by the
// renderer's encoder. It reports, per call, the CPU time (process user +
// system, so the garbage collector is included) and the p50 and p95 wall
// times of the whole call and of the encoding alone, the drawing (whole
// call less encoding, in CPU), the ratio whole ÷ encoding, and the largest
// image in KiB.
//
//	go test ./render/<game> -run '^$' -bench Floor -benchtime 200x
func BenchFloor(b *testing.B, images func() ([][]byte, error), encode func(image.Image) ([]byte, error)) {
	out, err := images() // warm the palette, the caches and the pools
	if err != nil {
		b.Fatal(err)
	}
	var pix []image.Image
	largest := 0
	for _, p := range out {
		img, err := png.Decode(bytes.NewReader(p))
		if err != nil {
			b.Fatal(err)
		}
		pix = append(pix, img)
		largest = max(largest, len(p))
	}
	full := make([]time.Duration, 0, b.N)
	enc := make([]time.Duration, 0, b.N)
	var fullCPU, encCPU time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		c0, t0 := CPUTime(), time.Now()
		if _, err := images(); err != nil {
			b.Fatal(err)
		}
		t1, c1 := time.Now(), CPUTime()
		for _, img := range pix {
			if _, err := encode(img); err != nil {
				b.Fatal(err)
			}
		}
		t2, c2 := time.Now(), CPUTime()
		full, enc = append(full, t1.Sub(t0)), append(enc, t2.Sub(t1))
		fullCPU, encCPU = fullCPU+c1-c0, encCPU+c2-c1
	}
	b.StopTimer()
	n := float64(b.N)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(fullCPU)/n, "cpu-ms/op")
	b.ReportMetric(ms(Quantile(full, 50)), "p50-ms")
	b.ReportMetric(ms(Quantile(full, 95)), "p95-ms")
	b.ReportMetric(ms(encCPU)/n, "enc-cpu-ms/op")
	b.ReportMetric(ms(Quantile(enc, 50)), "enc-p50-ms")
	b.ReportMetric(ms(Quantile(enc, 95)), "enc-p95-ms")
	b.ReportMetric(ms(fullCPU-encCPU)/n, "draw-cpu-ms/op")
	if encCPU > 0 {
		b.ReportMetric(float64(fullCPU)/float64(encCPU), "cpu÷enc")
	}
	b.ReportMetric(float64(len(out)), "images")
	b.ReportMetric(float64(largest)/1024, "max-KiB")
}

// Quantile is the nearest-rank q-th percentile of ds.
func Quantile(ds []time.Duration, q int) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[max((len(s)*q+99)/100-1, 0)]
}

// BenchScenes draws scs with r in order, over and over (a match in play
// when scs are its consecutive positions, the worst case when they
// alternate between matches), after one warming pass (palette, static
// layers, glyph caches). It reports per call the CPU time (process user +
// system), the p50 and p95 wall times, and, when a call draws more than
// one image, the CPU time per image.
//
//	go test ./render/<game> -run '^$' -bench 'PNGTurns|PNGMatches' -benchtime 200x
func BenchScenes(b *testing.B, r render.Renderer, scs []render.Scene) {
	images := 0
	for _, sc := range scs {
		out, err := r.Images(sc)
		if err != nil {
			b.Fatal(err)
		}
		images = max(images, len(out))
	}
	ts := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.ResetTimer()
	c0 := CPUTime()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := r.Images(scs[i%len(scs)]); err != nil {
			b.Fatal(err)
		}
		ts = append(ts, time.Since(t0))
	}
	cpu := CPUTime() - c0
	b.StopTimer()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(Quantile(ts, 95)), "p95-ms")
	b.ReportMetric(ms(Quantile(ts, 50)), "p50-ms")
	b.ReportMetric(ms(cpu)/float64(b.N), "cpu-ms/op")
	if images > 1 {
		b.ReportMetric(ms(cpu)/float64(images*b.N), "cpu-ms/image")
	}
}
