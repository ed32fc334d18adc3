package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestRandomGamesKeepPeriodRules plays 60 random games of 3 and 4 players
// (from the fourth rules audit) and checks what the rulebook states for
// every period over whole games: 8 or 10 rounds per period (Phase II), the
// same number of cards in every hand when a round starts, one action in
// the first canal turn, no loan once the rail deck is empty (ACTION 5),
// money never below zero, and the change to the rail period (Phase IV:
// level-1 counters and canals gone, markets and link stock reset, the
// rail deck dealt).
func TestRandomGamesKeepPeriodRules(t *testing.T) {
	g := Game{}
	for seed := uint64(1); seed <= 60; seed++ {
		seats := 3 + int(seed%2)
		s, evs, err := g.Setup(engine.Setup{Seats: seats, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*state)
		rng := engine.NewRNG(seed, 7)
		rounds := map[period]int{}
		countRounds := func(evs []engine.Event, p period) {
			for _, e := range evs {
				if e.Kind == "round" {
					rounds[p]++
				}
			}
		}
		countRounds(evs, periodCanal)
		for moves := 0; st.Mode != modeOver; moves++ {
			if moves > 3000 {
				t.Fatalf("seed %d: no end", seed)
			}
			seat := st.current()
			// Rulebook, ACTION 5 IMPORTANT: no loan once the rail deck is exhausted.
			if st.Mode == modePlay {
				ch, err := g.Choices(st, seat, nil)
				if err != nil {
					t.Fatal(err)
				}
				hasLoan := false
				for _, c := range ch.Next {
					hasLoan = hasLoan || c.Token == "loan"
				}
				if st.Period == periodRail && len(st.Deck) == 0 && hasLoan {
					t.Fatalf("seed %d: loan offered with the rail deck exhausted", seed)
				}
				if st.Period == periodCanal && st.Round == 1 && st.Actions != 1 {
					t.Fatalf("seed %d: first canal turn with %d actions", seed, st.Actions)
				}
			}
			m := randomMove(t, g, st, seat, &rng)
			before := st
			ns, evs, err := g.Apply(st, seat, m)
			if err != nil {
				t.Fatalf("seed %d: %v: %v", seed, m, err)
			}
			st = ns.(*state)
			p := st.Period
			if before.Period != st.Period {
				// the canal's last round ended in this move; its rounds are counted below
				p = periodCanal
			}
			for _, e := range evs {
				if e.Kind == "round" {
					if e.Data["period"] == "rail" {
						rounds[periodRail]++
					} else {
						rounds[p]++
					}
				}
			}
			for i, pl := range st.Players {
				if pl.Money < 0 {
					t.Fatalf("seed %d: seat %d money %d", seed, i, pl.Money)
				}
			}
			// every seat holds the same number of cards whenever a round starts
			if st.Mode != modeOver && (before.Round != st.Round || before.Period != st.Period) {
				for _, h := range st.Hands {
					if len(h) != len(st.Hands[0]) {
						t.Fatalf("seed %d: uneven hands at round start %v", seed, st.Hands)
					}
				}
			}
			if before.Period == periodCanal && st.Period == periodRail {
				// Rulebook, Phase IV
				for si, tl := range st.Spaces {
					if tl.Owner >= 0 && tl.Level == 1 {
						t.Fatalf("seed %d: level 1 left on %d", seed, si)
					}
				}
				for _, o := range st.Links {
					if o >= 0 {
						t.Fatalf("seed %d: a canal survived", seed)
					}
				}
				if st.Cotton != 0 || len(st.Tiles) != 12 {
					t.Fatalf("seed %d: market not reset", seed)
				}
				pc, _ := theBoard().playerCount(seats)
				want := 66 - 8*seats - pc.RemoveRail
				// the first rail round's income may be pending, but no card is drawn before play
				if len(st.Deck) != want {
					t.Fatalf("seed %d: rail deck %d, want %d", seed, len(st.Deck), want)
				}
				for _, pl := range st.Players {
					if pl.LinksLeft != 14 {
						t.Fatalf("seed %d: links left %d", seed, pl.LinksLeft)
					}
				}
			}
		}
		pc, _ := theBoard().playerCount(seats)
		if rounds[periodCanal] != pc.Rounds || rounds[periodRail] != pc.Rounds {
			t.Fatalf("seed %d (%d seats): rounds %v, want %d each", seed, seats, rounds, pc.Rounds)
		}
	}
}
