package testgame

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
	"github.com/smokestack/smokestack/engine/scenario"
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

// TestScenarios runs the Pebbles scenarios through the shared harness, with
// no words of Pebbles' own: the harness's words are enough for a game.
func TestScenarios(t *testing.T) {
	scenario.Run(t, "testdata/scenarios/*.txtar", scenario.Config{Game: Game{}})
}

// TestRecordedGames checks every move of the recorded games against the
// choices.
func TestRecordedGames(t *testing.T) {
	enginetest.Records(t, Game{}, "testdata/games/*.record")
}

func TestDeterminizeKeepsWhatSeatSees(t *testing.T) {
	st, _, err := Game{}.Setup(engine.Setup{Seats: 3, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(1, 1)
	before, _ := Game{}.MarshalState(st)
	changed := false
	for range 20 {
		p := Game{}.Determinize(st, 1, &rng).(*State)
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
		t.Error("Determinize changed its input")
	}
}

func FuzzNotation(f *testing.F) {
	enginetest.FuzzNotation(f, Game{}, []string{"take 2", "T 3", "pass", "P", "", "take", "take 1 2", "\ttake\n3"})
}

// stuckRecord is a game that ends stuck: after move 4 the pile holds 2
// pebbles and every card is a 3. Rules version 1 gives the win to the next
// seat (seat 1), version 2 to the seat that took last (seat 2).
const stuckRecord = `Game: pebbles
Rules: %d
Seed: 77
Seats: 2
Option: pile=11
Pin: deck=1,3,3,2,3,3,3,3,3,3

1 s1 take 1
2 s2 take 2
3 s1 take 3
4 s2 take 3
`

// Each record replays under the rules version it names.
func TestRulesVersionsDecideTheStuckEnding(t *testing.T) {
	for _, tc := range []struct {
		rules, winner int
		text          string
	}{
		{1, 0, "no card can be played: seat 1 wins"},
		{2, 1, "no card can be played: seat 2 took last and wins"},
	} {
		rec, err := engine.ParseRecord(strings.NewReader(fmt.Sprintf(stuckRecord, tc.rules)))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(Game{}, rec)
		if err != nil {
			t.Fatalf("rules %d: %v", tc.rules, err)
		}
		st := res.State.(*State)
		if st.Rules != tc.rules || !res.Status.Finished || res.Status.Ranking[0] != tc.winner {
			t.Errorf("rules %d: state rules %d, status %+v; want seat %d winning", tc.rules, st.Rules, res.Status, tc.winner+1)
		}
		evs := res.Moves[3].Events
		if last := evs[len(evs)-1]; last.Kind != "end" || last.Text != tc.text {
			t.Errorf("rules %d: last event %+v, want %q", tc.rules, last, tc.text)
		}
	}
	// The current version is what Setup plays by default.
	st, _, err := Game{}.Setup(engine.Setup{Seats: 2, Seed: 1})
	if err != nil || st.(*State).Rules != 2 {
		t.Errorf("default setup: rules %v, err %v", st, err)
	}
	for _, v := range []int{-1, 3} {
		if _, _, err := (Game{}).Setup(engine.Setup{Seats: 2, RulesVersion: v}); !errors.Is(err, engine.ErrRulesVersion) || !strings.Contains(err.Error(), "versions 1 to 2") {
			t.Errorf("setup under rules %d: %v", v, err)
		}
	}
}

// v1Snapshot is the state after moves 1 and 2 of stuckRecord as the build
// that knew only rules version 1 encoded it (state version 1: no rules
// field).
const v1Snapshot = `{"v":1,"pile":8,"deck":[3,3],"hands":[[3,3,3],[3,3,3]],"turn":0,"winner":-1,"moves":2,"rng":{"s":11068807917585546771,"i":3}}`

func TestDecodeVersion1State(t *testing.T) {
	g := Game{}
	s, err := g.UnmarshalState([]byte(v1Snapshot))
	if err != nil {
		t.Fatal(err)
	}
	if st := s.(*State); st.V != 2 || st.Rules != 1 || st.Pile != 8 {
		t.Fatalf("migrated state %+v", st)
	}
	// It is written back as it came, so the release that played only
	// rules 1 still reads it (a rolling upgrade runs both).
	if enc, _ := g.MarshalState(s); string(enc) != v1Snapshot {
		t.Errorf("re-encoded %s, want %s", enc, v1Snapshot)
	}
	// The migrated match plays on under rules 1: seat 1 wins the stuck end.
	for _, mv := range []struct {
		seat int
		move engine.Move
	}{{0, engine.Move{"take", "3"}}, {1, engine.Move{"take", "3"}}} {
		if s, _, err = g.Apply(s, mv.seat, mv.move); err != nil {
			t.Fatal(err)
		}
	}
	if st := g.Status(s); !st.Finished || st.Ranking[0] != 0 {
		t.Errorf("status %+v, want seat 1 winning under rules 1", st)
	}
	// A current snapshot naming a rules version out of range is refused.
	cur := s.(*State)
	cur.Rules = 2
	enc, _ := g.MarshalState(cur)
	if !strings.HasPrefix(string(enc), `{"v":2,"rules":2,`) {
		t.Errorf("rules 2 encoded as %s", enc)
	}
	bad := strings.Replace(string(enc), `"rules":2`, `"rules":9`, 1)
	if _, err := g.UnmarshalState([]byte(bad)); !errors.Is(err, engine.ErrRulesVersion) {
		t.Errorf("rules 9 snapshot: %v", err)
	}
}

func FuzzUnmarshalState(f *testing.F) {
	enginetest.FuzzState(f, Game{}, [][]byte{[]byte(`{"v":1}`), []byte(`{"v":1,"hands":[[1],[2]],"pile":3}`)})
}

// TestWords runs the suite's check of the words a player reads.
func TestWords(t *testing.T) {
	enginetest.Words(t, Game{}, enginetest.Config{Seed: 1}, nil)
}

// A take marks the pile (engine.Marks) in the turn it was played, and
// the marks survive the state encoding.
func TestMarksOfTheLatestTurn(t *testing.T) {
	g := Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 1, Options: map[string]string{"pile": "5"}})
	if err != nil {
		t.Fatal(err)
	}
	if m := g.View(st, engine.Spectator).(View).Recent; len(m.Keys) > 0 {
		t.Fatalf("marks after setup: %+v", m)
	}
	s := st.(*State)
	s.Hands[0], s.Hands[1] = []int{1}, []int{3}
	next, _, err := g.Apply(s, 0, engine.Move{"take", "1"})
	if err != nil {
		t.Fatal(err)
	}
	m := g.View(next, 1).(View).Recent
	if m.Turn != 1 || !slices.Contains(m.Keys, "pile") {
		t.Fatalf("marks after a take: %+v, want the pile in turn 1", m)
	}
	b, err := g.MarshalState(next)
	if err != nil {
		t.Fatal(err)
	}
	back, err := g.UnmarshalState(b)
	if err != nil {
		t.Fatal(err)
	}
	if got := g.View(back, engine.Spectator).(View).Recent; !slices.Equal(got.Keys, m.Keys) || got.Turn != m.Turn {
		t.Errorf("marks after a round trip: %+v, want %+v", got, m)
	}
}
