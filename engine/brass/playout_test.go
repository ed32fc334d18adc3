package brass

import (
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// randomGame plays a game to the end choosing random tokens from Choices.
func randomGame(t testing.TB, seats int, seed uint64) (*state, int) {
	t.Helper()
	g := Game{}
	s, _, err := g.Setup(engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	st := s.(*state)
	rng := engine.NewRNG(seed, 99)
	total := seats * theBoard().rules.StartMoney
	moves := 0
	for st.Mode != modeOver {
		seat := st.current()
		var m engine.Move
		for {
			ch, err := g.Choices(st, seat, m)
			if err != nil {
				t.Fatalf("seed %d: choices %v: %v", seed, m, err)
			}
			if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
				break
			}
			if len(ch.Next) == 0 {
				t.Fatalf("seed %d: dead end at %v (%s)", seed, m, ch.Prompt)
			}
			if ch.Prompt == "" {
				t.Fatalf("seed %d: no prompt at %v", seed, m)
			}
			for _, c := range ch.Next {
				if c.Label == "" || len([]rune(c.Label)) > 80 || strings.ContainsAny(c.Token, " \t") {
					t.Fatalf("seed %d: bad choice %+v at %v", seed, c, m)
				}
			}
			m = append(m, pickToken(&rng, m, ch.Next))
		}
		before, _ := g.MarshalState(st)
		ns, _, err := g.Apply(st, seat, m)
		if err != nil {
			t.Fatalf("seed %d: legal move %v failed: %v", seed, m, err)
		}
		after, _ := g.MarshalState(st)
		if string(before) != string(after) {
			t.Fatalf("seed %d: Apply mutated its input", seed)
		}
		st = ns.(*state)
		moves++
		checkInvariants(t, st, total)
		if moves > 2000 {
			t.Fatalf("seed %d: game does not end", seed)
		}
	}
	return st, moves
}

// randomMove builds seat's next move token by token from the choices
// (pickToken), stopping at a complete move a third of the time or when
// nothing more can follow.
func randomMove(t testing.TB, g Game, st *state, seat int, rng *engine.RNG) engine.Move {
	t.Helper()
	var m engine.Move
	for {
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
			return m
		}
		m = append(m, pickToken(rng, m, ch.Next))
	}
}

// pickToken chooses the next token, favouring the actions that make a game
// move (build, links, sell) over loans and passes so playouts reach deep
// positions; any legal token may still be chosen.
func pickToken(rng *engine.RNG, m engine.Move, next []engine.Choice) string {
	if len(m) == 0 && len(next) > 1 {
		weight := map[string]int{"build": 40, "canal": 20, "rail": 25, "sell": 60, "develop": 6, "loan": 4, "pass": 1}
		total := 0
		for _, c := range next {
			total += max(weight[c.Token], 1)
		}
		r := rng.Intn(total)
		for _, c := range next {
			r -= max(weight[c.Token], 1)
			if r < 0 {
				return c.Token
			}
		}
	}
	return next[rng.Intn(len(next))].Token
}

func checkInvariants(t testing.TB, st *state, total int) {
	t.Helper()
	sum := st.Bank
	for seat, p := range st.Players {
		sum += p.Money + p.Spent
		if p.Money < 0 {
			t.Fatalf("seat %d has negative money %d", seat, p.Money)
		}
		if p.Space < 0 || p.Space > 99 {
			t.Fatalf("seat %d income space %d", seat, p.Space)
		}
		if p.LinksLeft < 0 || p.LinksLeft > 14 {
			t.Fatalf("seat %d links left %d", seat, p.LinksLeft)
		}
		for ind := industry(0); ind < numIndustries; ind++ {
			if p.Next[ind] > len(theBoard().stacks[ind]) {
				t.Fatalf("seat %d stack %s overdrawn", seat, ind)
			}
		}
	}
	if st.Round < 1 || st.Round > st.rounds() {
		t.Fatalf("round %d of %d", st.Round, st.rounds())
	}
	if sum != total {
		t.Fatalf("money not conserved: %d, want %d", sum, total)
	}
	if st.Coal < 0 || st.Coal > 8 || st.Iron < 0 || st.Iron > 8 || st.Cotton < 0 || st.Cotton > 8 {
		t.Fatalf("tracks out of range: coal %d iron %d cotton %d", st.Coal, st.Iron, st.Cotton)
	}
	// Cards: hands + deck + removed + discards = 66.
	n := len(st.Deck) + len(st.Removed) + len(st.Discards)
	for _, h := range st.Hands {
		n += len(h)
	}
	if n != 66 {
		t.Fatalf("cards: %d, want 66", n)
	}
	// Tiles: built counters never exceed what was taken off the stacks.
	var onBoard [4][numIndustries]int
	for _, tl := range st.Spaces {
		if tl.Owner >= 0 {
			onBoard[tl.Owner][tl.Ind]++
			if tl.Cubes < 0 || (tl.Ind != indCoal && tl.Ind != indIron && tl.Cubes != 0) {
				t.Fatalf("bad cubes on %+v", tl)
			}
		}
	}
	for seat := range st.Players {
		for ind := industry(0); ind < numIndustries; ind++ {
			if onBoard[seat][ind] > st.Players[seat].Next[ind] {
				t.Fatalf("seat %d has more %s on the board than taken", seat, ind)
			}
		}
	}
	if st.Mode != modeOver && len(st.Tiles) != 0 && len(st.Tiles) != 12 {
		t.Fatalf("distant tiles %d", len(st.Tiles))
	}
}

func TestRandomPlayouts(t *testing.T) {
	n := 25
	if testing.Short() {
		n = 5
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		for _, seats := range []int{3, 4} {
			st, _ := randomGame(t, seats, seed)
			if len(st.Ranking) != seats || st.Round != st.rounds() || st.Period != periodRail {
				t.Fatalf("ended with ranking %v in round %d of the %s period", st.Ranking, st.Round, st.Period)
			}
		}
	}
}

func TestWrongSeat(t *testing.T) {
	g := Game{}
	s, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 1, Pins: map[string]string{"first": "2"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Choices(s, 0, nil); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("want ErrNotYourTurn, got %v", err)
	}
}
