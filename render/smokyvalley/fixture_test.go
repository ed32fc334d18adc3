package smokyvalley

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
)

// playedView sets up a game of n seats with seed and plays moves random
// legal moves (from the engine's own choices, with a seeded generator),
// returning the spectator view.
func playedView(t testing.TB, n int, seed uint64, moves int) sv.View {
	t.Helper()
	return sv.New().View(playedState(t, n, seed, moves), engine.Spectator).(sv.View)
}

// playedState is playedView's position.
func playedState(t testing.TB, n int, seed uint64, moves int) *sv.State {
	t.Helper()
	return play(t, n, seed, moves, nil)
}

// playedViews are the spectator views of playedView's game after from to
// to moves (fewer when it ends before), in order.
func playedViews(t testing.TB, n int, seed uint64, from, to int) []sv.View {
	t.Helper()
	var vs []sv.View
	play(t, n, seed, to, func(i int, st engine.State) {
		if i >= from {
			vs = append(vs, sv.New().View(st, engine.Spectator).(sv.View))
		}
	})
	return vs
}

// play is playedState, calling visit (when not nil) with each position
// and the number of moves made to it.
func play(t testing.TB, n int, seed uint64, moves int, visit func(int, engine.State)) *sv.State {
	t.Helper()
	g := sv.New()
	st, _, err := g.Setup(engine.Setup{Seats: n, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed, 99)
	for i := range moves {
		if visit != nil {
			visit(i, st)
		}
		status := g.Status(st)
		if status.Finished || len(status.Active) == 0 {
			break
		}
		seat := status.Active[0]
		var m engine.Move
		for {
			cs, err := g.Choices(st, seat, m)
			if err != nil {
				t.Fatalf("choices %v: %v", m, err)
			}
			if cs.Complete && (len(cs.Next) == 0 || rng.Intn(3) == 0) {
				break
			}
			if len(cs.Next) == 0 {
				t.Fatalf("dead end at %v", m)
			}
			m = append(m, cs.Next[rng.Intn(len(cs.Next))].Token)
		}
		st, _, err = g.Apply(st, seat, m)
		if err != nil {
			t.Fatalf("apply %v: %v", m, err)
		}
		if visit != nil && i == moves-1 {
			visit(moves, st)
		}
	}
	return st.(*sv.State)
}

// richView is a 4-player position from play, dressed by hand with what
// random play rarely reaches, so the golden image shows every kind of
// piece: canal tiles under the navigation spaces, city cards, canal
// development, loaded ships with traders, player ships, upgraded
// industries, a decision pending for another seat, discs in the city box,
// Poverty Reduction used, a popularity tie stacked by arrival.
func richView(t testing.TB) sv.View {
	v := playedView(t, 4, 9, 60)
	pr := sv.PrintedValues()
	tile := func(id string) int {
		for i, c := range pr.CanalTiles {
			if c.ID == id {
				return i
			}
		}
		t.Fatalf("no canal tile %s", id)
		return -1
	}
	v.Seats[0].Slots[1] = []int{tile("w-build"), tile("w-board")}
	v.Seats[0].Slots[3] = []int{tile("m-pres-upgrade")}
	v.Seats[1].Slots[0] = []int{tile("w-produce"), tile("w-market"), tile("m-load2")}
	v.Seats[0].Cards = []int{0, 1}
	v.Seats[2].Cards = []int{8, 9, 10, 11, 2, 3, 4, 5, 6}
	v.Seats[2].MayorUse = true
	v.Seats[2].Poverty = true
	v.Seats[0].CityBox = [5]bool{true, false, false, true, false} // St. Gabriel and McCord
	v.Seats[2].CityBox = [5]bool{true, true, true, true, true}
	// a tie on the popularity track: D arrived last, so D is on top
	v.Seats[1].Pop, v.Seats[3].Pop = 7, 7
	v.Seats[1].Stamp, v.Seats[3].Stamp = 10, 11
	v.Seats[0].Canal = [3]int{3, 0, 5}
	v.Seats[3].Canal = [3]int{1, 10, 0}
	v.Seats[1].Ships = [3]bool{true, false, false}
	v.Seats[1].Market = [3]bool{true, false, true}
	v.Districts[0].Spaces[1] = sv.Tile{Ind: 7, Owner: 2, Up: true}
	v.Districts[2].Spaces[0] = sv.Tile{Ind: 10, Owner: 1}
	v.Canal[0] = []sv.Ship{
		{Big: true, Market: 0, Owner: -1, Trader: 3, Good: 5, Loads: []int{0, 3}},
		{Market: 0, Owner: 1, Trader: -1, Good: -1, Loads: []int{1}},
	}
	v.Canal[1] = []sv.Ship{{Big: true, Market: 1, Owner: -1, Trader: 2, Good: 6, Loads: []int{2, 2, 0}}}
	v.Agency[1] = []int{2, 0}
	v.Seats[0].Level = [3]int{0, 2, 5}
	v.Pending = []sv.Pending{{Seat: 2, Kind: "trader", Market: 1}}
	return v
}
