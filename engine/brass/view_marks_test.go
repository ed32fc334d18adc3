package brass

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// Along random games: the view's phase is the status's (PhaseMsg); each
// seat's projected VP (view and status) is its VP
// plus what its built links and flipped counters would score now and, in
// the rail period, 1 VP per full £10 of its money; built
// links carry that value; and the view marks as recent exactly what the
// latest turn that changed the board built or flipped.
func TestProjectedAndRecentMarks(t *testing.T) {
	g := Game{}
	for _, seed := range []uint64{3, 11} {
		s, _, err := g.Setup(engine.Setup{Seats: 4, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*state)
		rng := engine.NewRNG(seed, 5)
		var marked map[string]bool // recent marks the view may show
		markedTurn := 0            // the turn they were made in
		sawRecent, sawLinkRecent := false, false
		for moves := 0; st.Mode != modeOver; moves++ {
			if moves > 2000 {
				t.Fatal("game does not end")
			}
			seat := st.current()
			m := randomMove(t, g, st, seat, &rng)
			before := st.view(engine.Spectator)
			ns, _, err := g.Apply(st, seat, m)
			if err != nil {
				t.Fatalf("seed %d: %v: %v", seed, m, err)
			}
			turn := st.turnNumber()
			st = ns.(*state)
			v := st.view(engine.Spectator)

			// What this move built or flipped, read off the two views.
			changed := map[string]bool{}
			for p := range v.Places {
				for i, sp := range v.Places[p].Spaces {
					old := before.Places[p].Spaces[i].Tile
					if sp.Tile != nil && (old == nil || old.Owner != sp.Tile.Owner || old.Industry != sp.Tile.Industry || old.Level != sp.Tile.Level || old.Flipped != sp.Tile.Flipped) {
						changed[SpaceKey(v.Places[p].ID, i)] = true
					}
				}
			}
			for i, k := range v.Links {
				if k.Built != "" && before.Links[i].Built == "" {
					changed[LinkKey(k.ID)] = true
				}
			}
			// A turn's first change replaces the earlier turn's marks;
			// a move that changes nothing leaves them.
			switch {
			case len(changed) == 0:
			case turn == markedTurn:
				maps.Copy(marked, changed)
			default:
				marked, markedTurn = changed, turn
			}
			got := map[string]bool{}
			for _, k := range v.Recent.Keys {
				got[k] = true
				if strings.HasPrefix(k, "link:") {
					sawLinkRecent = true
				} else {
					sawRecent = true
				}
			}
			for k := range got {
				if !marked[k] {
					t.Fatalf("seed %d move %d (%v): %s marked recent, want only %v", seed, moves, m, k, slices.Sorted(maps.Keys(marked)))
				}
			}
			for k := range changed {
				if !got[k] {
					t.Fatalf("seed %d move %d (%v): %s built or flipped but not marked", seed, moves, m, k)
				}
			}

			// Projected VP and link values.
			status := g.Status(st)
			// The view's phase is the status's, by reference.
			if !maps.Equal(v.PhaseMsg.Data, status.PhaseMsg.Data) || v.PhaseMsg.ID != status.PhaseMsg.ID {
				t.Fatalf("seed %d move %d: view phase %+v, status phase %+v", seed, moves, v.PhaseMsg, status.PhaseMsg)
			}
			proj := make([]int, st.N)
			for _, k := range v.Links {
				if k.Built == "" {
					continue
				}
				want := 0
				for _, end := range []string{k.A, k.B} {
					for _, p := range v.Places {
						if p.ID != end {
							continue
						}
						want += PrintedValues().Places[slices.IndexFunc(PrintedValues().Places, func(pp PrintedPlace) bool { return pp.ID == end })].LinkVP
						for _, sp := range p.Spaces {
							if sp.Tile != nil && (sp.Tile.Flipped || st.LinkAll) {
								want++
							}
						}
					}
				}
				if k.Value != want {
					t.Fatalf("seed %d: link %s value %d, want %d", seed, k.ID, k.Value, want)
				}
				proj[k.Owner] += want
			}
			for _, p := range v.Places {
				for _, sp := range p.Spaces {
					if sp.Tile != nil && sp.Tile.Flipped {
						proj[sp.Tile.Owner] += sp.Tile.VP
					}
				}
			}
			for s, p := range v.PlayerViews {
				want := p.VP + proj[s]
				if v.Period == "rail" {
					want += p.Money / 10
				}
				if v.Finished {
					want = p.VP
				}
				if p.Projected != want {
					t.Fatalf("seed %d move %d: seat %d projected %d, want %d", seed, moves, s, p.Projected, want)
				}
				stat := status.Seats[s].Stats[len(status.Seats[s].Stats)-1]
				if stat.Key != engine.StatProjected || stat.Value != want {
					t.Fatalf("seed %d: seat %d status stat %+v, want projected %d", seed, s, stat, want)
				}
			}
		}
		if !sawRecent || !sawLinkRecent {
			t.Fatalf("seed %d: no counter (%v) or no link (%v) was ever marked recent", seed, sawRecent, sawLinkRecent)
		}
	}
}

// In the rail period the projection adds the cash VP that the game's end
// scores (Rulebook, Phase III Victory points): with 10 VP, £39 and nothing
// on the board, 13 in the view and in the status; in the canal period
// cash scores nothing, so 10.
func TestProjectedRailCash(t *testing.T) {
	for _, c := range []struct {
		period period
		want   int
	}{{periodRail, 13}, {periodCanal, 10}} {
		st := fixture(t, c.period)
		st.Players[0].VP, st.Players[0].Money = 10, 39
		if got := st.view(engine.Spectator).PlayerViews[0].Projected; got != c.want {
			t.Errorf("%s period: view projected %d, want %d", c.period, got, c.want)
		}
		stats := Game{}.Status(st).Seats[0].Stats
		if stat := stats[len(stats)-1]; stat.Key != engine.StatProjected || stat.Value != c.want {
			t.Errorf("%s period: status stat %+v, want projected %d", c.period, stat, c.want)
		}
		// The computer players' projection counts the money and the
		// income still to come at £10 a VP in both periods (Projected's
		// comment says why), not cash VP alone.
		left := st.rounds() - st.Round
		if c.period == periodCanal {
			left += st.rounds()
		}
		want := 10 + float64(39+st.income(0)*left)/10
		if got := (Game{}).Projected(st); len(got) != st.N || got[0] != want {
			t.Errorf("%s period: the computers' projection %v, want %v for seat 1", c.period, got, want)
		}
	}
}
