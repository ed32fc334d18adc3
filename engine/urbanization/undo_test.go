package urbanization

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestViewShowsEverything backs Determinize leaving every card in place: every
// place a card can be in is shown to every seat, so swapping any two
// cards (in the deck, between the deck and the display, between two
// invention docks) changes what each seat sees.
func TestViewShowsEverything(t *testing.T) {
	g := New()
	positions := benchPositions(t, 2)
	if len(positions) == 0 {
		t.Fatal("no positions")
	}
	checked := 0
	for i, st := range positions {
		if i%7 != 0 {
			continue
		}
		var variants []*State
		if len(st.Deck) >= 2 {
			v := st.clone()
			v.Deck[0], v.Deck[1] = v.Deck[1], v.Deck[0]
			variants = append(variants, v)
		}
		if len(st.Deck) >= 1 && st.Display[0].Card >= 0 {
			v := st.clone()
			v.Deck[0], v.Display[0].Card = v.Display[0].Card, v.Deck[0]
			variants = append(variants, v)
		}
		var docks []int
		for q, d := range st.Docks {
			if len(d) > 0 {
				docks = append(docks, q)
			}
		}
		if len(docks) >= 2 {
			v := st.clone()
			a, b := docks[0], docks[len(docks)-1]
			v.Docks[a][0], v.Docks[b][0] = v.Docks[b][0], v.Docks[a][0]
			variants = append(variants, v)
		}
		for _, v := range variants {
			for seat := 0; seat < st.N; seat++ {
				x, _ := json.Marshal(g.View(st, seat))
				y, _ := json.Marshal(g.View(v, seat))
				if bytes.Equal(x, y) {
					t.Fatalf("position %d: seat %d cannot tell two cards apart", i, seat+1)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no variant checked")
	}
}

// TestRevealedFaceUpDeck: a move that turns the top card of the face-up
// factory deck onto the display reveals nothing (free undo), a move that
// moves the random generator does, and equal positions reveal nothing.
func TestRevealedFaceUpDeck(t *testing.T) {
	g := New()
	drew := 0
	for seed := uint64(1); seed <= 3 && drew == 0; seed++ {
		s, _, err := g.Setup(engine.Setup{Seats: 3, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		st := s.(*State)
		rng := engine.NewRNG(seed, 9)
		for st.Mode != ModeOver {
			seat := st.current()
			var m engine.Move
			for {
				ch, err := g.Choices(st, seat, m)
				if err != nil {
					t.Fatal(err)
				}
				if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
					break
				}
				m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
			}
			ns, _, err := g.Apply(st, seat, m)
			if err != nil {
				t.Fatal(err)
			}
			next := ns.(*State)
			if g.Revealed(st, st) {
				t.Fatal("Revealed between equal positions")
			}
			if len(next.Deck) < len(st.Deck) {
				drew++
				if g.Revealed(st, next) {
					t.Fatalf("%s drew %d card(s) from the face-up deck: Revealed is true", g.FormatMove(m), len(st.Deck)-len(next.Deck))
				}
			}
			st = next
		}
	}
	if drew == 0 {
		t.Fatal("no move drew from the factory deck")
	}
	s, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	moved := s.(*State).clone()
	moved.RNG.Intn(6)
	if !g.Revealed(s, moved) {
		t.Error("the random generator moved: Revealed is false")
	}
}
