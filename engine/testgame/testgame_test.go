package testgame

import (
	"fmt"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

// cardsConserved checks that no card appears or vanishes: the deck, the
// hands and the pebbles taken account for the 30 cards.
func cardsConserved(s engine.State) error {
	st := s.(*State)
	n := len(st.Deck)
	for i, h := range st.Hands {
		if len(h) > 3 {
			return fmt.Errorf("seat %d holds %d cards", i+1, len(h))
		}
		n += len(h)
		for _, c := range h {
			if c < 1 || c > 3 {
				return fmt.Errorf("seat %d holds card %d", i+1, c)
			}
		}
	}
	if st.Pile < 0 || n > 30 {
		return fmt.Errorf("pile %d, %d cards in deck and hands", st.Pile, n)
	}
	return nil
}

func TestConformance(t *testing.T) {
	t.Parallel()
	enginetest.Run(t, Game{}, enginetest.Config{Playouts: 300, Seed: 1, Invariant: cardsConserved})
}

func TestConformanceSmallPile(t *testing.T) {
	t.Parallel()
	enginetest.Playouts(t, Game{}, enginetest.Config{
		Playouts: 200, Seed: 1000, Seats: []int{4}, Options: map[string]string{"pile": "5"},
		Invariant: cardsConserved, ViewEvery: 1, ReplayEvery: 1,
	})
}

func TestPermuteHiddenKeepsWhatSeatSees(t *testing.T) {
	st, _, err := Game{}.Setup(engine.Setup{Seats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(1, 1)
	before, _ := Game{}.MarshalState(st)
	changed := false
	for range 20 {
		p := Game{}.PermuteHidden(st, 1, &rng).(*State)
		orig := st.(*State)
		if fmt.Sprint(p.Hands[1]) != fmt.Sprint(orig.Hands[1]) || len(p.Deck) != len(orig.Deck) {
			t.Fatalf("seat 2's hand or the deck size changed: %v", p)
		}
		changed = changed || fmt.Sprint(p.Hands, p.Deck) != fmt.Sprint(orig.Hands, orig.Deck)
	}
	if !changed {
		t.Error("20 permutations left every hidden card in place")
	}
	if after, _ := (Game{}).MarshalState(st); string(after) != string(before) {
		t.Error("PermuteHidden changed its input")
	}
}

func FuzzNotation(f *testing.F) {
	enginetest.FuzzNotation(f, Game{}, []string{"take 2", "T 3", "pass", "P", "", "take", "take 1 2", "\ttake\n3"})
}
