package smokyvalley

import (
	"fmt"
	"slices"
	"strconv"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// A busy player: unlike the conformance suite's uniform random player,
// which mostly passes, it prefers district, canal and city actions, so its
// games reach the rules the random games seldom do. Its games check the
// invariant after every move and that every seat's prestige is the sum of
// the prestige events about it.

var actionWords = []string{"build", "upgrade", "produce", "service", "canal", "card", "trader", "ship", "tile"}

func busyMove(g engine.Game, st engine.State, seat int, rng *engine.RNG) (engine.Move, error) {
	var m engine.Move
	for {
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			return nil, fmt.Errorf("choices after %q: %w", m, err)
		}
		if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
			return m, nil
		}
		if len(ch.Next) == 0 {
			return nil, fmt.Errorf("dead end after %q", m)
		}
		if len(m) == 0 {
			var acts, goes []string
			for _, c := range ch.Next {
				switch {
				case slices.Contains(actionWords, c.Token):
					acts = append(acts, c.Token)
				case c.Token == "go":
					goes = append(goes, c.Token)
				}
			}
			switch {
			case len(acts) > 0 && rng.Intn(8) > 0:
				m = append(m, acts[rng.Intn(len(acts))])
			case len(goes) > 0 && rng.Intn(6) > 0:
				m = append(m, "go")
			default:
				m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
			}
			continue
		}
		m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
	}
}

// playBusy plays a whole busy game and returns its record.
func playBusy(t testing.TB, seats int, seed uint64, opts map[string]string) engine.Record {
	g := New()
	rec := engine.Record{Game: "smoky-valley", Rules: 1, Seed: seed, Seats: seats, Options: opts}
	st, _, err := g.Setup(rec.Setup())
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed, 99)
	prestige := make([]int, seats)
	for k := 0; ; k++ {
		if err := invariant(st); err != nil {
			t.Fatalf("seed %d move %d: %v\n%s", seed, k, err, rec.Format())
		}
		status := g.Status(st)
		if status.Finished {
			break
		}
		if k > 3000 {
			t.Fatalf("seed %d: no end after 3000 moves", seed)
		}
		seat := status.Active[0]
		m, err := busyMove(g, st, seat, &rng)
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, rec.Format())
		}
		next, evs, err := g.Apply(st, seat, m)
		if err != nil {
			t.Fatalf("seed %d: apply %q: %v\n%s", seed, g.FormatMove(m), err, rec.Format())
		}
		rec.Append(seat, g.FormatMove(m))
		for _, e := range evs {
			if e.Kind == "prestige" {
				n, _ := strconv.Atoi(e.Data["prestige"])
				prestige[e.Seat] += n
			}
		}
		st = next
	}
	for s, p := range st.(*State).Players {
		if p.Prestige != prestige[s] {
			t.Errorf("seed %d: seat %d has %d prestige, its events add up to %d", seed, s+1, p.Prestige, prestige[s])
		}
	}
	return rec
}

func TestBusyGames(t *testing.T) {
	n := 90
	if testing.Short() {
		n = 15
	}
	optSets := []map[string]string{nil, {"st-ann-rail": "yes", "card-texts": "de", "pop22": "each-council", "trade-center-level": "no", "port-authority-covered": "no"}}
	for i := range n {
		playBusy(t, 2+i%3, uint64(1000+i), optSets[i/3%2])
	}
}
