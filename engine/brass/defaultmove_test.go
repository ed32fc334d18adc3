package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestDefaultMovePasses: a game in which every seat only plays its
// default move is a game of passes (never a loan, a sale or a build),
// each discarding a card, and it reaches its end when the cards run out.
func TestDefaultMovePasses(t *testing.T) {
	for seats := 3; seats <= 4; seats++ {
		g := New()
		st, _, err := g.Setup(engine.Setup{Seats: seats, Seed: 42})
		if err != nil {
			t.Fatal(err)
		}
		moves := 0
		for !g.Status(st).Finished {
			seat := g.Status(st).Active[0]
			m, err := g.DefaultMove(st, seat)
			if err != nil {
				t.Fatalf("%d seats, move %d: %v", seats, moves, err)
			}
			if len(m) != 2 || m[0] != "pass" {
				t.Fatalf("%d seats, move %d: default move %q, want a pass with a card", seats, moves, g.FormatMove(m))
			}
			if st, _, err = g.Apply(st, seat, m); err != nil {
				t.Fatalf("%d seats, move %d: %q: %v", seats, moves, g.FormatMove(m), err)
			}
			if moves++; moves > 1000 {
				t.Fatal("no end after 1000 passes")
			}
		}
		// Not your turn, and a finished game, are refused.
		if _, err := g.DefaultMove(st, 0); err == nil {
			t.Errorf("%d seats: a default move after the end", seats)
		}
	}
}
