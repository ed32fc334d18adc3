package playout_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/engine/testgame"
)

// secret does not offer the seat's highest card, which Apply still takes.
type secret struct{ pebbles }

func (g secret) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	ch, err := g.pebbles.Choices(s, seat, m)
	if err == nil && len(m) == 1 && m[0] == "take" && len(ch.Next) > 1 {
		ch.Next = ch.Next[:len(ch.Next)-1]
	}
	return ch, err
}

// hesitant never calls a take complete, though Apply plays it.
type hesitant struct{ pebbles }

func (g hesitant) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	ch, err := g.pebbles.Choices(s, seat, m)
	if len(m) == 2 {
		ch.Complete = false
	}
	return ch, err
}

// strict refuses in Apply every take of 1, which Choices offers.
type strict struct{ pebbles }

func (g strict) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	if len(m) == 2 && m[1] == "1" {
		return nil, nil, engine.Rule("take.one", "take", "no")
	}
	return g.pebbles.Apply(s, seat, m)
}

// start sets Pebbles up with a pinned deck: seat 1 holds 1, 2, 3.
func start(t *testing.T) engine.State {
	t.Helper()
	st, _, err := pebbles{}.Setup(engine.Setup{Seats: 2, Seed: 1, Pins: map[string]string{"deck": "1,2,3,1,2,3,1,2,3"}})
	if err != nil {
		t.Fatal(err)
	}
	if h := st.(*testgame.State).Hands[0]; !slices.Equal(h, []int{1, 2, 3}) {
		t.Fatalf("seat 1 holds %v", h)
	}
	return st
}

func TestCheckMove(t *testing.T) {
	st := start(t)
	take := func(n int) engine.Move { return engine.Move{"take", strconv.Itoa(n)} }
	for n := 1; n <= 3; n++ {
		if err := playout.CheckMove(pebbles{}, st, 0, take(n)); err != nil {
			t.Errorf("take %d: %v", n, err)
		}
	}
	for _, c := range []struct {
		name string
		g    engine.Game
		m    engine.Move
		want string
	}{
		{"not offered", secret{}, take(3), `does not offer "3"`},
		{"never complete", hesitant{}, take(2), "but Choices does not call it complete"},
		{"offered but refused", generous{}, take(1), `the move "take 7", which Choices offers as complete, is refused by Apply`},
		{"dead end offered", deadEnd{}, take(1), `offers "7", then refuses`},
		{"complete sibling refused", strict{}, take(2), `the move "take 1", which Choices offers as complete, is refused by Apply`},
		{"empty", pebbles{}, nil, "empty move"},
	} {
		err := playout.CheckMove(c.g, st, 0, c.m)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: CheckMove(%q) = %v, want an error containing %q", c.name, c.m, err, c.want)
		}
	}
}

func TestCheckUnreachable(t *testing.T) {
	st := start(t)
	// Refused moves the choices do not lead to: a card not held, a word
	// after the end, an incomplete move, the wrong seat.
	for _, c := range []struct {
		seat int
		m    engine.Move
	}{{0, engine.Move{"take", "4"}}, {0, engine.Move{"take", "1", "1"}}, {0, engine.Move{"take"}}, {1, engine.Move{"take", "1"}}} {
		if err := playout.CheckUnreachable(pebbles{}, st, c.seat, c.m); err != nil {
			t.Errorf("seat %d %q: %v", c.seat+1, c.m, err)
		}
	}
	// strict refuses take 1, which its choices offer as complete.
	if err := playout.CheckUnreachable(strict{}, st, 0, engine.Move{"take", "1"}); err == nil || !strings.Contains(err.Error(), "Choices offers it token by token and calls it complete") {
		t.Errorf("strict take 1: %v, want an error", err)
	}
}

func TestSameSetup(t *testing.T) {
	su := engine.Setup{Seats: 3, Seed: 4}
	st, evs, err := pebbles{}.Setup(su)
	if err != nil {
		t.Fatal(err)
	}
	if err := playout.SameSetup(pebbles{}, su, st, evs); err != nil {
		t.Error(err)
	}
	other, _, _ := pebbles{}.Setup(engine.Setup{Seats: 3, Seed: 5})
	if err := playout.SameSetup(pebbles{}, su, other, evs); err == nil || !strings.Contains(err.Error(), "differ") {
		t.Errorf("another seed: %v", err)
	}
	if err := playout.SameSetup(pebbles{}, su, st, evs[1:]); err == nil || !strings.Contains(err.Error(), "narrate") {
		t.Errorf("other events: %v", err)
	}
}

func TestRun(t *testing.T) {
	s, failures := playout.Run(pebbles{}, playout.Config{Playouts: 30, Workers: 2})
	if len(failures) > 0 {
		t.Fatal(failures[0])
	}
	if s.Playouts != 30 || s.Moves == 0 || s.Workers != 2 {
		t.Errorf("stats %+v", s)
	}
	s, failures = playout.Run(generous{}, playout.Config{Playouts: 30, MaxFailures: 2})
	if len(failures) != 2 || failures[0].Playout > failures[1].Playout || s.Playouts >= 30 {
		t.Errorf("%d failures in %d playouts, want it to stop after 2, in playout order", len(failures), s.Playouts)
	}
}
