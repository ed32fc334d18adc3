package brass

import (
	"context"
	"math"
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

// A build is worth more to the computers' evaluation than a pass: in the
// canal period before its last round, at every position of seeded games
// where the seat to act holds £20 or more and may build, its best build projects higher for it
// than passing (Projected). The evaluation once counted only flipped
// industries, so a build that did not flip within a playout scored as a
// pass and normal passed with £50 to £80 in hand.
func TestProjectedBuildBeatsPass(t *testing.T) {
	g := New()
	checked := 0
	for seed := uint64(1); seed <= 4 && checked < 40; seed++ {
		s, _, err := g.Setup(engine.Setup{Seats: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for k := 0; k < 3000; k++ {
			st := s.(*state)
			if st.Period != periodCanal || g.Status(s).Finished {
				break
			}
			seat := g.Status(s).Active[0]
			if st.Mode == modePlay && st.Round < st.rounds() && st.Players[seat].Money >= 20 {
				builds, passes := completeMoves(t, g, s, seat, "build"), completeMoves(t, g, s, seat, "pass")
				if len(builds) > 0 && len(passes) > 0 {
					value := func(m engine.Move) float64 {
						next, _, err := g.Apply(s, seat, m)
						if err != nil {
							t.Fatalf("%v: %v", m, err)
						}
						return g.Projected(next)[seat]
					}
					best := math.Inf(-1)
					for _, m := range builds {
						if next, _, _ := g.Apply(s, seat, m); counters(next.(*state), seat) > counters(st, seat) {
							best = max(best, value(m))
						}
					}
					if math.IsInf(best, -1) {
						continue // overbuilding only: it may well be worth less
					}
					checked++
					if pass := value(passes[0]); best <= pass {
						t.Errorf("seed %d, move %d, seat %d with £%d: the best of %d builds (%q...) projects %.2f, a pass %.2f",
							seed, k+1, seat+1, st.Players[seat].Money, len(builds), g.FormatMove(builds[0]), best, pass)
					}
				}
			}
			m, err := cplayer.Choose(context.Background(), g, s, seat, cplayer.Config{Level: cplayer.Random, Seed: seed*7919 + uint64(k)})
			if err != nil {
				t.Fatal(err)
			}
			if s, _, err = g.Apply(s, seat, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// completeMoves lists seat's complete moves in s that begin with first,
// through the choices (at most 5000).
func completeMoves(t *testing.T, g Game, s engine.State, seat int, first string) []engine.Move {
	t.Helper()
	var out []engine.Move
	var walk func(m engine.Move)
	walk = func(m engine.Move) {
		if len(out) >= 5000 {
			return
		}
		ch, err := g.Choices(s, seat, m)
		if err != nil {
			t.Fatalf("choices %v: %v", m, err)
		}
		if ch.Complete && len(m) > 0 {
			out = append(out, slices.Clone(m))
		}
		for _, c := range ch.Next {
			if len(m) == 0 && c.Token != first {
				continue
			}
			walk(append(slices.Clone(m), c.Token))
		}
	}
	walk(nil)
	return out
}

// counters is how many industries seat has on the board.
func counters(st *state, seat int) int {
	n := 0
	for _, t := range st.Spaces {
		if t.Owner == seat {
			n++
		}
	}
	return n
}
