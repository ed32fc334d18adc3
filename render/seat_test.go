package render

import (
	"image/color"
	"testing"
)

func TestSeatStyles(t *testing.T) {
	want := []struct{ letter, colour string }{{"A", "orange"}, {"B", "sky blue"}, {"C", "purple"}, {"D", "black"}, {"E", "green"}}
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

// Legibility thresholds of the seat colours, checked in normal vision and
// as simulated for the three dichromacies (Simulate):
//   - MinSeatDeltaE: CIEDE2000 between any two of the first DistinctSeats
//     seats, and between each of them and the light backgrounds boards draw
//     them on (ΔE00 20 is "clearly different colours at a glance"; the
//     chosen colours reach 22.8 at worst, tritanopia orange on beige);
//   - the seat letter, drawn in InkOn's colour on the seat colour, has a
//     WCAG contrast of at least 4.5 (normal text, level AA).
const (
	MinSeatDeltaE = 20.0
	DistinctSeats = 4
)

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
