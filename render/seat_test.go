package render

import (
	"image/color"
	"testing"
)

func TestSeatStyles(t *testing.T) {
	want := []struct{ letter, colour string }{{"A", "yellow"}, {"B", "sky blue"}, {"C", "vermillion"}, {"D", "blue"}, {"E", "green"}}
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
