package engine

import "testing"

func TestNameSeats(t *testing.T) {
	names := []string{"alice", "bob", "", "dora", "eve", "fay", "gus", "hal", "ida", "jo"}
	tests := []struct {
		name, text, want string
		names            []string
	}{
		{"lower case", "seat 1 builds a cotton mill 1 in Blackburn for £12", "alice builds a cotton mill 1 in Blackburn for £12", names},
		{"capital", "Seat 2 passes", "bob passes", names},
		{"several", "seat 1 and seat 2 flip: seat 1 scores", "alice and bob flip: alice scores", names},
		{"seat 10 is not seat 1", "seat 10 wins", "jo wins", names},
		{"seat 10 without a name", "seat 10 wins", "seat 10 wins", names[:2]},
		{"seat 1 before a digit-free suffix", "seat 1's cards, seat 1.", "alice's cards, alice.", names},
		{"not a whole word", "myseat 1, seat 1x, seats 1, seat1", "myseat 1, seat 1x, seats 1, seat1", names},
		{"empty name", "seat 3 resigns", "seat 3 resigns", names},
		{"out of range", "seat 0 and seat 11 and seat 99999999999999999999", "seat 0 and seat 11 and seat 99999999999999999999", names},
		{"no names", "seat 1 passes", "seat 1 passes", nil},
		{"no seats", "the deck is shuffled", "the deck is shuffled", names},
		{"SEAT is not a seat", "SEAT 1", "SEAT 1", names},
		{"possessive", "one coal cube from seat 2's counter", "one coal cube from bob's counter", names},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := NameSeats(tc.text, tc.names); got != tc.want {
				t.Errorf("NameSeats(%q) = %q, want %q", tc.text, got, tc.want)
			}
		})
	}
}

func TestNameSeatsFor(t *testing.T) {
	names := []string{"Ann", "Ben", "Cy"}
	tests := []struct {
		text   string
		viewer int
		want   string
	}{
		{"one coal cube from seat 3's counter in Wigan goes to seat 1", 2, "one coal cube from your counter in Wigan goes to Ann"},
		{"seat 3's cotton mill 1 in Bolton flips", 2, "Your cotton mill 1 in Bolton flips"},
		{"Mill in Bolton to seat 3's port in Preston", 2, "Mill in Bolton to your port in Preston"},
		{"Mill in Bolton to seat 3's port in Preston", 1, "Mill in Bolton to Cy's port in Preston"},
		{"seat 3 builds; seat 2's mill flips. seat 3's port too", 2, "Cy builds; Ben's mill flips. Your port too"},
		{"seat 3's port", Spectator, "Cy's port"},
		{"seat 4's port", 3, "seat 4's port"},
		{"seat 3'sx", 2, "Cy'sx"},
	}
	for _, tc := range tests {
		if got := NameSeatsFor(tc.text, names, tc.viewer); got != tc.want {
			t.Errorf("NameSeatsFor(%q, seat %d) = %q, want %q", tc.text, tc.viewer+1, got, tc.want)
		}
	}
}
