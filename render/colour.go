package render

import (
	"image/color"
	"math"
)

// Colour measures used by the legibility checks of the renderers: how far
// apart two colours look (CIEDE2000), how they look to people with a
// colour-vision deficiency (Machado, Oliveira and Fernandes 2009, full
// severity), and the WCAG 2 contrast ratio of text on a background.

// Vision is a way of seeing colours.
type Vision int

// The visions the checks cover: normal trichromacy and the three
// dichromacies.
const (
	Normal Vision = iota
	Protanopia
	Deuteranopia
	Tritanopia
)

// Visions lists every Vision, for checks that loop over them.
var Visions = []Vision{Normal, Protanopia, Deuteranopia, Tritanopia}

func (v Vision) String() string {
	return [...]string{"normal", "protanopia", "deuteranopia", "tritanopia"}[v]
}

// machado are the simulation matrices (severity 1.0) on linear RGB.
var machado = [...][9]float64{
	Protanopia:   {0.152286, 1.052583, -0.204868, 0.114503, 0.786281, 0.099216, -0.003882, -0.048116, 1.051998},
	Deuteranopia: {0.367322, 0.860646, -0.227968, 0.280085, 0.672501, 0.047413, -0.011820, 0.042940, 0.968881},
	Tritanopia:   {1.255528, -0.076749, -0.178779, -0.078411, 0.930809, 0.147602, 0.004733, 0.691367, 0.303900},
}

func toLinear(c uint8) float64 {
	v := float64(c) / 255
	if v <= 0.04045 {
		return v / 12.92
	}
	return math.Pow((v+0.055)/1.055, 2.4)
}

func fromLinear(v float64) uint8 {
	v = math.Max(0, math.Min(1, v))
	if v <= 0.0031308 {
		v *= 12.92
	} else {
		v = 1.055*math.Pow(v, 1/2.4) - 0.055
	}
	return uint8(math.Round(v * 255))
}

// Simulate returns c as a person with vision v sees it.
func Simulate(c color.RGBA, v Vision) color.RGBA {
	if v == Normal {
		return c
	}
	m := machado[v]
	r, g, b := toLinear(c.R), toLinear(c.G), toLinear(c.B)
	return color.RGBA{
		fromLinear(m[0]*r + m[1]*g + m[2]*b),
		fromLinear(m[3]*r + m[4]*g + m[5]*b),
		fromLinear(m[6]*r + m[7]*g + m[8]*b),
		0xff,
	}
}

// Luminance is the WCAG relative luminance of c, 0 (black) to 1 (white).
func Luminance(c color.RGBA) float64 {
	return 0.2126*toLinear(c.R) + 0.7152*toLinear(c.G) + 0.0722*toLinear(c.B)
}

// Contrast is the WCAG 2 contrast ratio of two colours, 1 to 21.
func Contrast(a, b color.RGBA) float64 {
	la, lb := Luminance(a), Luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// lab converts sRGB to CIELAB (D65).
func lab(c color.RGBA) (float64, float64, float64) {
	r, g, b := toLinear(c.R), toLinear(c.G), toLinear(c.B)
	x := (0.4124564*r + 0.3575761*g + 0.1804375*b) / 0.95047
	y := 0.2126729*r + 0.7151522*g + 0.0721750*b
	z := (0.0193339*r + 0.1191920*g + 0.9503041*b) / 1.08883
	f := func(t float64) float64 {
		if t > 216.0/24389 {
			return math.Cbrt(t)
		}
		return (24389.0/27*t + 16) / 116
	}
	fx, fy, fz := f(x), f(y), f(z)
	return 116*fy - 16, 500 * (fx - fy), 200 * (fy - fz)
}

// DeltaE is the CIEDE2000 colour difference of a and b: about 2 is just
// noticeable side by side, above 20 two colours are not mistaken for each
// other at a glance.
func DeltaE(a, b color.RGBA) float64 {
	l1, a1, b1 := lab(a)
	l2, a2, b2 := lab(b)
	return deltaELab(l1, a1, b1, l2, a2, b2)
}

func deltaELab(l1, a1, b1, l2, a2, b2 float64) float64 {
	rad := math.Pi / 180
	c1, c2 := math.Hypot(a1, b1), math.Hypot(a2, b2)
	cm := (c1 + c2) / 2
	cm7 := math.Pow(cm, 7)
	g := 0.5 * (1 - math.Sqrt(cm7/(cm7+math.Pow(25, 7))))
	a1p, a2p := a1*(1+g), a2*(1+g)
	c1p, c2p := math.Hypot(a1p, b1), math.Hypot(a2p, b2)
	hue := func(b, a float64) float64 {
		if a == 0 && b == 0 {
			return 0
		}
		h := math.Atan2(b, a) / rad
		if h < 0 {
			h += 360
		}
		return h
	}
	h1p, h2p := hue(b1, a1p), hue(b2, a2p)
	dl, dc := l2-l1, c2p-c1p
	var dh float64
	switch {
	case c1p*c2p == 0:
		dh = 0
	case math.Abs(h2p-h1p) <= 180:
		dh = h2p - h1p
	case h2p-h1p > 180:
		dh = h2p - h1p - 360
	default:
		dh = h2p - h1p + 360
	}
	dH := 2 * math.Sqrt(c1p*c2p) * math.Sin(dh/2*rad)
	lm, cmp := (l1+l2)/2, (c1p+c2p)/2
	var hm float64
	switch {
	case c1p*c2p == 0:
		hm = h1p + h2p
	case math.Abs(h1p-h2p) <= 180:
		hm = (h1p + h2p) / 2
	case h1p+h2p < 360:
		hm = (h1p + h2p + 360) / 2
	default:
		hm = (h1p + h2p - 360) / 2
	}
	t := 1 - 0.17*math.Cos((hm-30)*rad) + 0.24*math.Cos(2*hm*rad) + 0.32*math.Cos((3*hm+6)*rad) - 0.20*math.Cos((4*hm-63)*rad)
	dTheta := 30 * math.Exp(-math.Pow((hm-275)/25, 2))
	cmp7 := math.Pow(cmp, 7)
	rc := 2 * math.Sqrt(cmp7/(cmp7+math.Pow(25, 7)))
	sl := 1 + 0.015*math.Pow(lm-50, 2)/math.Sqrt(20+math.Pow(lm-50, 2))
	sc := 1 + 0.045*cmp
	sh := 1 + 0.015*cmp*t
	rt := -math.Sin(2*dTheta*rad) * rc
	return math.Sqrt(math.Pow(dl/sl, 2) + math.Pow(dc/sc, 2) + math.Pow(dH/sh, 2) + rt*(dc/sc)*(dH/sh))
}
