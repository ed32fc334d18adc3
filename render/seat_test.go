package render

import (
	"image/color"
	"testing"
)

func TestSeatStyles(t *testing.T) {
	want := []struct{ letter, colour string }{{"A", "vermillion"}, {"B", "sky blue"}, {"C", "purple"}, {"D", "black"}, {"E", "green"}}
	for i, w := range want {
		if s := Seat(i); s.Letter != w.letter || s.Colour != w.colour || s.RGB.A != 0xff {
			t.Errorf("Seat(%d) = %+v, want %s %s, opaque", i, s, w.letter, w.colour)
		}
	}
	names, rgbs := map[string]bool{}, map[color.RGBA]bool{}
	for i := 0; i < SeatColours; i++ {
		s := Seat(i)
		if names[s.Colour] || rgbs[s.RGB] {
			t.Errorf("Seat(%d) repeats %q", i, s.Colour)
		}
		names[s.Colour], rgbs[s.RGB] = true, true
	}
	if s := Seat(SeatColours); s.RGB != Seat(0).RGB || s.Letter == Seat(0).Letter {
		t.Errorf("Seat(%d) = %+v: want seat 0's colour with its own letter", SeatColours, s)
	}
	if s := Seat(26); s.Letter != "S27" {
		t.Errorf("Seat(26).Letter = %q, want S27", s.Letter)
	}
	if s := Seat(-1); s.Letter != "?" || s.Colour != "grey" {
		t.Errorf("Seat(-1) = %+v, want grey ?", s)
	}
}

// Backgrounds a board draws seat colours on: white boxes, a light page and
// a beige land (render/brass uses these three).
var seatBackgrounds = []color.RGBA{{0xFF, 0xFF, 0xFF, 0xff}, {0xFA, 0xF7, 0xF0, 0xff}, {0xE9, 0xE0, 0xC6, 0xff}}

func TestSeatColoursDistinct(t *testing.T) {
	for _, v := range Visions {
		for i := 0; i < DistinctSeats; i++ {
			a := Simulate(Seat(i).RGB, v)
			for _, bg := range seatBackgrounds {
				if d := DeltaE(a, Simulate(bg, v)); d < MinSeatDeltaE {
					t.Errorf("%s: seat %s (%s) on background %v: ΔE00 %.1f < %.0f", v, Seat(i).Letter, Seat(i).Colour, bg, d, MinSeatDeltaE)
				}
			}
			for j := i + 1; j < DistinctSeats; j++ {
				if d := DeltaE(a, Simulate(Seat(j).RGB, v)); d < MinSeatDeltaE {
					t.Errorf("%s: seats %s (%s) and %s (%s): ΔE00 %.1f < %.0f", v, Seat(i).Letter, Seat(i).Colour, Seat(j).Letter, Seat(j).Colour, d, MinSeatDeltaE)
				}
			}
		}
	}
	for i := 0; i < SeatColours; i++ {
		s := Seat(i)
		if c := Contrast(s.RGB, InkOn(s.RGB)); c < 4.5 {
			t.Errorf("seat %s (%s): letter contrast %.2f < 4.5", s.Letter, s.Colour, c)
		}
	}
}

// The first DistinctSeats colours differ in lightness too, as a back-up
// to the seat letters in greyscale.
func TestSeatColoursLightness(t *testing.T) {
	luma := func(c color.RGBA) float64 { return 0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B) }
	for i := 0; i < DistinctSeats; i++ {
		for j := i + 1; j < DistinctSeats; j++ {
			if d := luma(Seat(i).RGB) - luma(Seat(j).RGB); d > -25 && d < 25 {
				t.Errorf("seats %s and %s: luma %.0f and %.0f", Seat(i).Letter, Seat(j).Letter, luma(Seat(i).RGB), luma(Seat(j).RGB))
			}
		}
	}
}
