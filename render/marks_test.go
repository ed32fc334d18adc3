package render

import "testing"

// The highlight of the latest turn stays apart from the seat colours it
// is drawn beside (and under) for everyone, and its edge stands out from
// it and from the light grounds boards use.
func TestHighlightDistinct(t *testing.T) {
	for _, v := range Visions {
		h := Simulate(Highlight, v)
		for i := 0; i < DistinctSeats; i++ {
			if d := DeltaE(h, Simulate(Seat(i).RGB, v)); d < MinSeatDeltaE {
				t.Errorf("%s: highlight and seat %s (%s): ΔE00 %.1f < %.0f", v, Seat(i).Letter, Seat(i).Colour, d, MinSeatDeltaE)
			}
		}
	}
	if c := Contrast(Highlight, HighlightEdge); c < 3 {
		t.Errorf("halo edge on the highlight: contrast %.2f < 3", c)
	}
	for _, bg := range seatBackgrounds {
		if c := Contrast(bg, HighlightEdge); c < 3 {
			t.Errorf("halo edge on background %v: contrast %.2f < 3", bg, c)
		}
	}
}
