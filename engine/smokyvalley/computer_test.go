package smokyvalley

import (
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestProjected checks the computer players' projection along whole
// games: never below the prestige held, exactly the prestige once the
// game is over, the same in every determinization (it counts only what
// every seat sees), and an industry or a city card added to a position
// raises its owner's projection by its value and no one else's.
func TestProjected(t *testing.T) {
	g := New()
	for _, seats := range []int{2, 4} {
		states := sampledStates(t, seats, 40+uint64(seats), 5)
		if n := states[0].councilsToCome(); n != 3 {
			t.Errorf("%d seats: %d councils to come at the start, want 3", seats, n)
		}
		rng := engine.NewRNG(7, 7)
		for i, st := range states {
			p := g.Projected(st)
			if len(p) != seats {
				t.Fatalf("%d seats: %d projections", seats, len(p))
			}
			for s := range seats {
				prestige := float64(st.Players[s].Prestige)
				if st.Mode == ModeOver && p[s] != prestige {
					t.Errorf("%d seats, game over: seat %d projected %v, has %v prestige", seats, s+1, p[s], prestige)
				}
				if p[s] < prestige {
					t.Errorf("%d seats, position %d: seat %d projected %v below its %v prestige", seats, i, s+1, p[s], prestige)
				}
				if d := g.Projected(g.Determinize(st, s, &rng)); !slices.Equal(d, p) {
					t.Errorf("%d seats, position %d: seat %d's determinization projects %v, the position %v", seats, i, s+1, d, p)
				}
			}
			if st.Mode != ModePlay {
				continue
			}
			// an industry for seat 0 on an empty usable space of each district
			for d := range st.Districts {
				for k := range st.Districts[d].Spaces {
					if !st.usable(d, k) || st.built(d, k) {
						continue
					}
					c := st.clone()
					c.Districts[d].Spaces[k] = Tile{Ind: 0, Owner: 0}
					want := float64(st.districtValue(d))
					for ck := range 3 {
						if canalDistrict(ck) == d {
							want += float64(theData().rules.CanalTrack[st.Players[0].Canal[ck]])
						}
					}
					q := g.Projected(c)
					if q[0]-p[0] != want || !slices.Equal(q[1:], p[1:]) {
						t.Errorf("%d seats, position %d: an industry for seat 1 in district %d: projections %v → %v, want seat 1 up by %v", seats, i, d, p, q, want)
					}
					break
				}
			}
			// a city card for the last seat
			c := st.clone()
			last := seats - 1
			c.Players[last].Cards = append(slices.Clone(c.Players[last].Cards), 0)
			q := g.Projected(c)
			if want := 2 * float64(st.councilsToCome()); q[last]-p[last] != want || !slices.Equal(q[:last], p[:last]) {
				t.Errorf("%d seats, position %d: a card for seat %d: projections %v → %v, want it up by %v", seats, i, last+1, p, q, want)
			}
		}
		if st := states[len(states)-1]; st.Mode != ModeOver || st.councilsToCome() != 0 {
			t.Errorf("%d seats: the last position is not over or has %d councils to come", seats, st.councilsToCome())
		}
	}
}

// TestProjectedSpread: one spread a year, each a positive number of
// prestige points, the one of the position's year along whole games,
// the same in every determinization.
func TestProjectedSpread(t *testing.T) {
	g := New()
	if len(projectedSpread) != len(years) {
		t.Fatalf("%d spreads for %d years", len(projectedSpread), len(years))
	}
	rng := engine.NewRNG(3, 3)
	for _, st := range sampledStates(t, 2, 44, 5) {
		sd := g.ProjectedSpread(st)
		if sd <= 0 || sd != projectedSpread[st.Year] {
			t.Errorf("year %d: spread %v, want the year's %v", years[st.Year], sd, projectedSpread[st.Year])
		}
		if d := g.ProjectedSpread(g.Determinize(st, 0, &rng)); d != sd {
			t.Errorf("year %d: a determinization's spread %v, the position's %v", years[st.Year], d, sd)
		}
	}
	if g.ProjectedSpread(nil) != 0 {
		t.Error("a state of another game has a spread")
	}
}
