package brass

import (
	"context"
	"slices"
	"strconv"
	"testing"

	"github.com/smokestack/smokestack/engine"
	cplayer "github.com/smokestack/smokestack/engine/player"
)

// The distant-market tiles drawn this period were turned face up in front
// of everyone before they went under the stack, and none comes up again
// before the market closes or the period ends (at most 7 of the 12 are
// drawn). A determinization keeps them where they are, at the bottom in
// the order drawn, and shuffles only the tiles no one has seen: the
// computer knows what a person at the table knows.
func TestDeterminizeKeepsRevealedTiles(t *testing.T) {
	g := New()
	found := 0
	for seed := uint64(1); seed <= 40 && found < 6; seed++ {
		s, _, err := g.Setup(engine.Setup{Seats: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		var revealed []int // the tiles turned up this period, as the events told everyone
		for k := 0; k < 3000 && found < 6; k++ {
			status := g.Status(s)
			if status.Finished {
				break
			}
			seat := status.Active[0]
			m, err := cplayer.Choose(context.Background(), g, s, seat, cplayer.Config{Level: cplayer.Random, Seed: seed*7919 + uint64(k)})
			if err != nil {
				t.Fatal(err)
			}
			next, evs, err := g.Apply(s, seat, m)
			if err != nil {
				t.Fatal(err)
			}
			s = next
			drew := false
			for _, e := range evs {
				switch e.Kind {
				case "distant":
					n, _ := strconv.Atoi(e.Data["tile"])
					revealed = append(revealed, n)
					drew = true
				case "distant-fail", "maintenance":
					revealed = nil
				}
			}
			st := s.(*state)
			if !drew || len(st.Tiles) == 0 || g.Status(s).Finished {
				continue
			}
			found++
			r := len(revealed)
			if !slices.Equal(st.Tiles[len(st.Tiles)-r:], revealed) {
				t.Fatalf("seed %d: the stack %v does not end with the tiles revealed this period %v", seed, st.Tiles, revealed)
			}
			unseen := slices.Sorted(slices.Values(st.Tiles[:len(st.Tiles)-r]))
			for who := range st.N {
				rng := engine.NewRNG(seed, uint64(k*4+who))
				for range 25 {
					d := g.Determinize(s, who, &rng).(*state)
					if !slices.Equal(d.Tiles[len(d.Tiles)-r:], revealed) {
						t.Fatalf("seed %d, move %d, seat %d: the stack %v, determinized to %v, no longer ends with the revealed tiles %v",
							seed, k+1, who+1, st.Tiles, d.Tiles, revealed)
					}
					if got := slices.Sorted(slices.Values(d.Tiles[:len(d.Tiles)-r])); !slices.Equal(got, unseen) {
						t.Fatalf("seed %d, move %d: the unseen tiles %v determinized to %v", seed, k+1, unseen, got)
					}
				}
			}
		}
	}
	if found < 6 {
		t.Fatalf("only %d positions after a distant sale with the market open", found)
	}
}
