package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/render"
)

// enginePosition plays a seeded 4-player game with the real engine,
// choosing among the legal tokens with the engine's seeded RNG (favouring
// builds, links and sales), until extra moves into the rail period.
func enginePosition(t testing.TB, seed uint64, extra int) (engine.Game, engine.State) {
	t.Helper()
	g, sts := engineStates(t, seed, extra)
	return g, sts[len(sts)-1]
}

// engineStates is enginePosition's game: every position from the setup
// to extra moves into the rail period, in order.
func engineStates(t testing.TB, seed uint64, extra int) (engine.Game, []engine.State) {
	t.Helper()
	g := brass.New()
	st, _, err := g.Setup(engine.Setup{Seats: 4, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed, 7)
	weight := map[string]int{"build": 40, "canal": 25, "rail": 30, "sell": 60, "develop": 5, "loan": 4, "pass": 1}
	after := -1
	sts := []engine.State{st}
	for moves := 0; moves < 400; moves++ {
		v := g.View(st, engine.Spectator).(brass.View)
		if v.Finished {
			t.Fatalf("game over after %d moves", moves)
		}
		if v.Period == "rail" && after < 0 {
			after = 0
		}
		if after >= extra {
			return g, sts
		}
		if after >= 0 {
			after++
		}
		seat := v.Active
		var m engine.Move
		for {
			ch, err := g.Choices(st, seat, m)
			if err != nil {
				t.Fatalf("choices %v: %v", m, err)
			}
			if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
				break
			}
			if len(ch.Next) == 0 {
				t.Fatalf("dead end at %v", m)
			}
			pick := rng.Intn(len(ch.Next))
			if len(m) == 0 {
				total := 0
				for _, c := range ch.Next {
					total += max(weight[c.Token], 1)
				}
				r := rng.Intn(total)
				for i, c := range ch.Next {
					if r -= max(weight[c.Token], 1); r < 0 {
						pick = i
						break
					}
				}
			}
			m = append(m, ch.Next[pick].Token)
		}
		if st, _, err = g.Apply(st, seat, m); err != nil {
			t.Fatalf("apply %v: %v", m, err)
		}
		sts = append(sts, st)
	}
	t.Fatal("the rail period never came")
	return nil, nil
}

// A real engine position, early in the rail period, as seat 2 sees it.
func TestGoldenEngine(t *testing.T) {
	g, st := enginePosition(t, 20261122, 10)
	r := newTestRenderer(t)
	const seat = 2
	imgs, err := r.Images(render.Scene{View: g.View(st, seat), Seat: seat, Names: goldenNames})
	if err != nil {
		t.Fatal(err)
	}
	if len(imgs) != 2 || imgs[0].Name != "board.png" || imgs[1].Name != "hand.png" {
		t.Fatalf("a seat's images: %v, want board.png and hand.png", imgs)
	}
	checkGolden(t, "engine-rail-seat3", imgs[0].PNG)
	checkGolden(t, "engine-rail-seat3-hand", imgs[1].PNG)
	// The spectator image of the same position renders too, without a hand.
	if sv := g.View(st, engine.Spectator).(brass.View); sv.Hand != nil {
		t.Fatal("spectator view has a hand")
	}
	if _, err := r.PNG(g.View(st, engine.Spectator), engine.Spectator); err != nil {
		t.Fatal(err)
	}
}

// A busy real engine position late in the rail period, as a spectator
// sees it. docs/board.png (the README image) is a copy of this golden.
func TestGoldenEngineSpectator(t *testing.T) {
	g, st := enginePosition(t, 4, 45)
	r := newTestRenderer(t)
	v := g.View(st, engine.Spectator)
	if bv := v.(brass.View); bv.Period != "rail" || bv.Hand != nil {
		t.Fatalf("period %q, hand %v: want a rail-period spectator view", bv.Period, bv.Hand)
	}
	imgs, err := r.Images(render.Scene{View: v, Seat: engine.Spectator, Names: goldenNames})
	if err != nil {
		t.Fatal(err)
	}
	if len(imgs) != 1 {
		t.Fatalf("%d public images, want the board only", len(imgs))
	}
	checkGolden(t, "engine-rail-spectator", imgs[0].PNG)
}

// goldenNames are the players' display names of the engine goldens: one
// long name (shortened on the board) and one seat without a name.
var goldenNames = []string{"Ada", "Bartholomew Fortescue-Smythe", "Chidi", ""}

// Every industry of the game's data has the tint and the letter the board
// draws it with.
func TestStyleCoversIndustries(t *testing.T) {
	for _, ind := range brass.PrintedValues().Industries {
		if _, ok := industryTint[ind.ID]; !ok {
			t.Errorf("industry %q has no tint", ind.ID)
		}
		if _, ok := industryLetter[ind.ID]; !ok {
			t.Errorf("industry %q has no letter", ind.ID)
		}
	}
	if n := len(brass.PrintedValues().Industries); len(industryTint) != n || len(industryLetter) != n {
		t.Errorf("%d tints and %d letters for %d industries", len(industryTint), len(industryLetter), n)
	}
}
