package smokyvalley

import (
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestChangedMatchesViews checks that what Apply finds changed straight
// from the states is Changed of the spectator views' BoardPlaces, after
// every move of busy games of 2 to 4 seats.
func TestChangedMatchesViews(t *testing.T) {
	g := New()
	for seats := 2; seats <= 4; seats++ {
		rec := playBusy(t, seats, uint64(40+seats), nil)
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		prev, _, err := g.Setup(rec.Setup())
		if err != nil {
			t.Fatal(err)
		}
		marked := 0
		for i, mv := range res.Moves {
			a, b := prev.(*State), mv.State.(*State)
			want := engine.Changed(a.view(engine.Spectator).BoardPlaces(), b.view(engine.Spectator).BoardPlaces())
			if got := changed(a, b); !slices.Equal(got, want) {
				t.Fatalf("%d seats, move %d: changed %q, the views changed %q", seats, i+1, got, want)
			}
			marked += len(want)
			prev = mv.State
		}
		if marked == 0 {
			t.Fatalf("%d seats: no move changed the board", seats)
		}
	}
}
