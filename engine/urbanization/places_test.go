package urbanization

import (
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestChangedMatchesViews checks that what Apply finds changed straight
// from the states is Changed of the spectator views' BoardPlaces, after
// every move of random games with and without the Inventions expansion.
func TestChangedMatchesViews(t *testing.T) {
	g := New()
	for _, opts := range []map[string]string{nil, {OptInventions: "on"}} {
		for seats := 2; seats <= 4; seats += 2 {
			s, _, err := g.Setup(engine.Setup{Seats: seats, Seed: uint64(seats), Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			st := s.(*State)
			rng := engine.NewRNG(uint64(seats), 3)
			marked := 0
			for k := 0; st.Mode != ModeOver; k++ {
				seat := st.current()
				var m engine.Move
				for {
					ch, err := g.Choices(st, seat, m)
					if err != nil {
						t.Fatal(err)
					}
					if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
						break
					}
					m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
				}
				ns, _, err := g.Apply(st, seat, m)
				if err != nil {
					t.Fatal(err)
				}
				n := ns.(*State)
				want := engine.Changed(st.view(engine.Spectator).BoardPlaces(), n.view(engine.Spectator).BoardPlaces())
				if got := changed(st, n); !slices.Equal(got, want) {
					t.Fatalf("%d seats %v, move %d: changed %q, the views changed %q", seats, opts, k+1, got, want)
				}
				marked += len(want)
				st = n
			}
			if marked == 0 {
				t.Fatalf("%d seats %v: no move changed the board", seats, opts)
			}
		}
	}
}
