package urbanization

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// enginePosition plays a seeded match with the real engine, choosing among
// the legal tokens with the engine's seeded RNG (passing rarely, buying
// grain cheapest first), for the given number of moves or until the match
// ends.
func enginePosition(t testing.TB, seats int, inventions bool, seed uint64, moves int) urbanization.View {
	t.Helper()
	g := urbanization.New()
	opts := map[string]string{"inventions": "off"}
	if inventions {
		opts["inventions"] = "on"
	}
	st, _, err := g.Setup(engine.Setup{Seats: seats, Seed: seed, Options: opts})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed, 11)
	for n := 0; n < moves; n++ {
		v := g.View(st, engine.Spectator).(urbanization.View)
		if v.Finished {
			return v
		}
		if len(v.Active) == 0 {
			t.Fatalf("no seat to act after %d moves", n)
		}
		seat := v.Active[0]
		var m engine.Move
		for {
			ch, err := g.Choices(st, seat, m)
			if err != nil {
				t.Fatalf("choices %v: %v", m, err)
			}
			// A grain purchase stops at its count, the cheapest grain,
			// without naming sources: the positions (and the goldens
			// drawn from them) stay those of before buyers could name
			// where their grain comes from.
			cheapest := len(m) >= 2 && m[len(m)-2] == "buy"
			if ch.Complete && (len(ch.Next) == 0 || cheapest || rng.Intn(3) == 0) {
				break
			}
			if len(ch.Next) == 0 {
				t.Fatalf("dead end at %v", m)
			}
			pick := rng.Intn(len(ch.Next))
			if len(m) == 0 && ch.Next[pick].Token == "pass" && len(ch.Next) > 1 && rng.Intn(6) != 0 {
				pick = (pick + 1 + rng.Intn(len(ch.Next)-1)) % len(ch.Next)
			}
			m = append(m, ch.Next[pick].Token)
		}
		if st, _, err = g.Apply(st, seat, m); err != nil {
			t.Fatalf("apply %v: %v", m, err)
		}
	}
	return g.View(st, engine.Spectator).(urbanization.View)
}
