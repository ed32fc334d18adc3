package enginetest_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
	"github.com/smokestack/smokestack/engine/testgame"
)

type pebbles = testgame.Game

// recorder is a testing.TB that keeps what the suite reports instead of
// failing the test; Fatal ends the goroutine like the real one.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	msgs []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, fmt.Sprintf(format, args...))
}

func (r *recorder) Error(args ...any) { r.Errorf("%s", fmt.Sprint(args...)) }

func (r *recorder) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Fatal(args ...any) { r.Fatalf("%s", fmt.Sprint(args...)) }

func (r *recorder) Logf(string, ...any) {}

func (r *recorder) Failed() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.msgs) > 0
}

// report runs f on a recorder and returns what it reported.
func report(t *testing.T, f func(tb testing.TB)) string {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return strings.Join(r.msgs, "\n")
}

// shy does not offer the card 3, which Apply still takes.
type shy struct{ pebbles }

func (g shy) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	ch, err := g.pebbles.Choices(s, seat, m)
	if err == nil && len(m) == 1 {
		for i, c := range ch.Next {
			if c.Token == "3" && len(ch.Next) > 1 {
				ch.Next = append(ch.Next[:i:i], ch.Next[i+1:]...)
				break
			}
		}
	}
	return ch, err
}

var record = engine.Record{Game: "pebbles", Rules: 1, Seed: 1, Seats: 2,
	Pins:  map[string]string{"deck": "1,2,3,3,3,1,2,2,1"},
	Moves: []engine.RecordMove{{Seat: 0, Text: "take 2"}, {Seat: 1, Text: "t 3"}, {Seat: 0, Text: "take 3"}}}

func TestCheckRecord(t *testing.T) {
	if got := report(t, func(tb testing.TB) { enginetest.CheckRecord(tb, pebbles{}, record) }); got != "" {
		t.Fatalf("a good record fails: %s", got)
	}
	got := report(t, func(tb testing.TB) { enginetest.CheckRecord(tb, shy{}, record) })
	for _, want := range []string{`move 2 by seat 2 "take 3": after "take" Choices does not offer "3"`, `move 3 by seat 1 "take 3"`} {
		if !strings.Contains(got, want) {
			t.Errorf("report %q lacks %q", got, want)
		}
	}
	bad := record
	bad.Moves = append(bad.Moves[:2:2], engine.RecordMove{Seat: 0, Text: "take 9"})
	if got := report(t, func(tb testing.TB) { enginetest.CheckRecord(tb, pebbles{}, bad) }); !strings.Contains(got, "replay:") {
		t.Errorf("a record with an illegal move reports %q", got)
	}
}

func TestRun(t *testing.T) {
	enginetest.Run(t, pebbles{}, enginetest.Config{Playouts: 20, Seed: 9})
	s := enginetest.Playouts(t, pebbles{}, enginetest.Config{Playouts: 30})
	if s.Playouts != 30 || s.Moves == 0 {
		t.Errorf("stats %+v", s)
	}
	got := report(t, func(tb testing.TB) { enginetest.Playouts(tb, shy{}, enginetest.Config{Playouts: 30, OfferedEvery: 1}) })
	if got != "" {
		t.Errorf("shy offers a subset of the moves, which no playout check can see; got %s", got)
	}
}

// peeking determinizes by reshuffling the hidden cards in their real
// order, so the copy depends on where the real cards are.
type peeking struct{ pebbles }

func (peeking) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	st := *s.(*testgame.State)
	st.Deck = slices.Clone(st.Deck)
	rng.Shuffle(len(st.Deck), func(i, j int) { st.Deck[i], st.Deck[j] = st.Deck[j], st.Deck[i] })
	return &st
}

// frozen returns the position itself: its generator is never re-seeded,
// so a search could foresee every draw.
type frozen struct{ pebbles }

func (frozen) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State { return s }

// showing changes a card of the seat's own hand, which the seat sees.
type showing struct{ pebbles }

func (g showing) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	st := g.pebbles.Determinize(s, seat, rng).(*testgame.State)
	if h := st.Hands[seat]; len(h) > 0 {
		h[0] = 4 - h[0]%3
	}
	return st
}

func TestHonesty(t *testing.T) {
	if got := report(t, func(tb testing.TB) { enginetest.Honesty(tb, pebbles{}, enginetest.Config{Seed: 3}) }); got != "" {
		t.Fatalf("Pebbles fails: %s", got)
	}
	for _, tc := range []struct {
		g    engine.Game
		want string
	}{
		{peeking{}, "Determinize depends on what the seat cannot see"},
		{frozen{}, "same copy for two different generators"},
		{showing{}, "depend on what seat 3 cannot see"}, // the random player catches it first
	} {
		got := report(t, func(tb testing.TB) { enginetest.Honesty(tb, tc.g, enginetest.Config{Seed: 3, Seats: []int{3}}) })
		if !strings.Contains(got, tc.want) {
			t.Errorf("%T: report %q lacks %q", tc.g, got, tc.want)
		}
	}
}
