package render

import (
	"image/color"
	"math"
	"testing"
)

// Pairs from Sharma, Wu and Dalal's CIEDE2000 test data.
func TestDeltaE2000(t *testing.T) {
	for _, c := range []struct{ l1, a1, b1, l2, a2, b2, want float64 }{
		{50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425},
		{50, -1.3802, -84.2814, 50, 0, -82.7485, 1.0000},
		{50, 2.5, 0, 50, 0, -2.5, 4.3065},
		{60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644},
		{22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373},
	} {
		if got := deltaELab(c.l1, c.a1, c.b1, c.l2, c.a2, c.b2); math.Abs(got-c.want) > 1e-4 {
			t.Errorf("ΔE00 %v = %.4f, want %.4f", c, got, c.want)
		}
	}
	if d := DeltaE(color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}); d < 99 || d > 101 {
		t.Errorf("black to white ΔE00 %.1f, want 100", d)
	}
}

func TestContrastAndSimulate(t *testing.T) {
	if c := Contrast(color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255}); math.Abs(c-21) > 1e-9 {
		t.Errorf("black on white %.2f, want 21", c)
	}
	grey := color.RGBA{119, 119, 119, 255}
	for _, v := range Visions {
		if s := Simulate(grey, v); DeltaE(s, grey) > 1 {
			t.Errorf("%s: grey became %v", v, s)
		}
	}
	// Red and green are far apart in normal vision, close for a deuteranope.
	red, green := color.RGBA{200, 60, 40, 255}, color.RGBA{90, 140, 40, 255}
	if DeltaE(red, green) < 30 || DeltaE(Simulate(red, Deuteranopia), Simulate(green, Deuteranopia)) > 15 {
		t.Errorf("red/green: normal %.1f, deuteranopia %.1f", DeltaE(red, green), DeltaE(Simulate(red, Deuteranopia), Simulate(green, Deuteranopia)))
	}
}
