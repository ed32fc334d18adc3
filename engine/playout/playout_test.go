package playout_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/engine/testgame"
)

// Broken variants of Pebbles, one per property the suite checks: each must
// be caught by the right check.

type pebbles = testgame.Game

// mutating changes its input state in Apply.
type mutating struct{ pebbles }

func (g mutating) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	n, evs, err := g.pebbles.Apply(s, seat, m)
	if err == nil {
		s.(*testgame.State).Moves += 100
	}
	return n, evs, err
}

// leaky shows the whole deck to every seat.
type leaky struct{ pebbles }

type leakyView struct {
	engine.View
	Deck []int `json:"deck"`
}

func (g leaky) View(s engine.State, seat int) engine.View {
	return leakyView{g.pebbles.View(s, seat), s.(*testgame.State).Deck}
}

// commas formats moves with commas, which the parser does not split on.
type commas struct{ pebbles }

func (commas) FormatMove(m engine.Move) string { return strings.Join(m, ",") }

// generous offers a card the seat does not hold, which Apply refuses.
type generous struct{ pebbles }

func (g generous) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	if len(m) == 2 && m[0] == "take" && m[1] == "7" {
		return engine.Choices{Complete: true}, nil
	}
	ch, err := g.pebbles.Choices(s, seat, m)
	if err == nil && len(m) == 1 && m[0] == "take" {
		ch.Next = append(ch.Next, engine.Choice{Token: "7", Label: "Take 7"})
	}
	return ch, err
}

// deadEnd offers a card it then refuses as a prefix.
type deadEnd struct{ pebbles }

func (g deadEnd) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	ch, err := g.pebbles.Choices(s, seat, m)
	if err == nil && len(m) == 1 && m[0] == "take" {
		ch.Next = append(ch.Next, engine.Choice{Token: "7", Label: "Take 7"})
	}
	return ch, err
}

// forgetful loses the turn in encoding, so a game that goes on from a
// decoded state differs from its replay.
type forgetful struct{ pebbles }

func (g forgetful) MarshalState(s engine.State) ([]byte, error) {
	c := *s.(*testgame.State)
	c.Turn = 0
	return json.Marshal(&c)
}

// panicky panics on the third move.
type panicky struct{ pebbles }

func (g panicky) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	if s.(*testgame.State).Moves == 2 {
		panic("boom")
	}
	return g.pebbles.Apply(s, seat, m)
}

// whispering sends events to a seat that does not exist.
type whispering struct{ pebbles }

func (g whispering) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	n, evs, err := g.pebbles.Apply(s, seat, m)
	return n, append(evs, engine.Event{Audience: 9, Seat: seat, Kind: "x", Text: "psst"}), err
}

// anyone lets every seat move.
type anyone struct{ pebbles }

func (g anyone) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	st := *s.(*testgame.State)
	st.Turn = seat
	return g.pebbles.Apply(&st, seat, m)
}

// vague refuses bogus actions with a plain error.
type vague struct{ pebbles }

func (g vague) Choices(s engine.State, seat int, m engine.Move) (engine.Choices, error) {
	ch, err := g.pebbles.Choices(s, seat, m)
	if _, ok := engine.AsRule(err); ok {
		return ch, errors.New("nope")
	}
	return ch, err
}

func (g vague) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	if _, err := g.Choices(s, seat, m); err != nil {
		return nil, nil, err
	}
	return g.pebbles.Apply(s, seat, m)
}

// podium ranks only the winner.
type podium struct{ pebbles }

func (g podium) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	if st.Finished {
		st.Ranking = st.Ranking[:1]
	}
	return st
}

// countdown numbers its turns downwards.
type countdown struct{ pebbles }

func (g countdown) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.Turn = 1000 - s.(*testgame.State).Moves
	return st
}

// rewinding numbers its rounds downwards.
type rewinding struct{ pebbles }

func (g rewinding) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.Round = 1000 - s.(*testgame.State).Moves
	return st
}

// roundless leaves the round number zero.
type roundless struct{ pebbles }

func (g roundless) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.Round = 0
	return st
}

// unnamed gives its rounds no name.
type unnamed struct{ pebbles }

func (g unnamed) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.RoundName = engine.Phrase{}
	return st
}

// wordy gives its rounds a short form too long for a chart's axis.
type wordy struct{ pebbles }

func (g wordy) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.RoundName.Short = "The turn " + st.RoundName.Short
	return st
}

// restless renames a round at every move within it (an argument its
// wording does not show, so that the catalog still words it as Text).
type restless struct{ pebbles }

func (g restless) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.RoundName.Args = map[string]string{"turn": st.RoundName.Args["turn"], "move": fmt.Sprint(s.(*testgame.State).Moves)}
	return st
}

// unworded names its rounds by a key its catalog does not word.
type unworded struct{ pebbles }

func (g unworded) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.RoundName.Key = "pebbles.nope"
	return st
}

// halfStaged shows a stage without its short form.
type halfStaged struct{ pebbles }

func (g halfStaged) Status(s engine.State) engine.Status {
	st := g.pebbles.Status(s)
	st.Stage = engine.Phrase{Key: "pebbles.stage", Text: "taking"}
	return st
}

func TestSuiteCatchesBrokenGames(t *testing.T) {
	tests := []struct {
		name string
		g    engine.Game
		want playout.Check
		max  int
		// offered samples CheckOffered; 0 turns it off, so that the check
		// under test is the one that finds the fault
		offered int
		text    string // the move of the failure, when it matters
		msg     string // what the failure says, when it matters
	}{
		{name: "mutating", g: mutating{}, want: playout.CheckMutation},
		{name: "leaky", g: leaky{}, want: playout.CheckView},
		{name: "commas", g: commas{}, want: playout.CheckNotation},
		{name: "generous", g: generous{}, want: playout.CheckApply},
		{name: "generous offered", g: generous{}, want: playout.CheckApply, offered: 1, text: "take 7"},
		{name: "dead end offered", g: deadEnd{}, want: playout.CheckChoices, offered: 1},
		{name: "dead end", g: deadEnd{}, want: playout.CheckChoices},
		{name: "forgetful", g: forgetful{}, want: playout.CheckReplay},
		{name: "panicky", g: panicky{}, want: playout.CheckPanic},
		{name: "whispering", g: whispering{}, want: playout.CheckEvents},
		{name: "anyone", g: anyone{}, want: playout.CheckIllegal},
		{name: "vague", g: vague{}, want: playout.CheckIllegal},
		{name: "podium", g: podium{}, want: playout.CheckStatus},
		{name: "countdown", g: countdown{}, want: playout.CheckStatus},
		{name: "rewinding", g: rewinding{}, want: playout.CheckStatus, msg: "round number went down"},
		{name: "roundless", g: roundless{}, want: playout.CheckStatus, msg: "round number is 0"},
		{name: "unnamed", g: unnamed{}, want: playout.CheckStatus, msg: "round name"},
		{name: "wordy", g: wordy{}, want: playout.CheckStatus, msg: "longer than 6"},
		{name: "restless", g: restless{}, want: playout.CheckStatus, msg: "is named both"},
		{name: "unworded round", g: unworded{}, want: playout.CheckStatus, msg: "phrase.pebbles.nope"},
		{name: "half staged", g: halfStaged{}, want: playout.CheckStatus, msg: "the stage"},
		{name: "bound", g: pebbles{}, want: playout.CheckBound, max: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := playout.Config{ViewEvery: 1, ReplayEvery: 1, MaxMoves: tt.max, OfferedEvery: -1}
			if tt.offered > 0 {
				cfg.OfferedEvery = tt.offered
			}
			var f *playout.Failure
			for i := 0; i < 20 && f == nil; i++ {
				_, err := playout.Playout(tt.g, cfg, i)
				if err != nil && !errors.As(err, &f) {
					t.Fatalf("playout %d: %v is not a *Failure", i, err)
				}
			}
			if f == nil {
				t.Fatalf("20 playouts found nothing, want a %s failure", tt.want)
			}
			if f.Check != tt.want {
				t.Fatalf("check %s, want %s: %v", f.Check, tt.want, f)
			}
			if tt.msg != "" && (f.Err == nil || !strings.Contains(f.Err.Error(), tt.msg)) {
				t.Errorf("failure %v, want one saying %q", f.Err, tt.msg)
			}
			if tt.text != "" && f.Text != tt.text {
				t.Errorf("failure about %q, want %q", f.Text, tt.text)
			}
			// The failure carries a record that parses back.
			if _, err := engine.ParseRecord(bytes.NewReader(f.Record.Format())); err != nil {
				t.Errorf("failure record does not parse: %v", err)
			}
			if !strings.Contains(f.Error(), "# Smokestack match record") {
				t.Errorf("failure message lacks the record:\n%v", f)
			}
		})
	}
}

// A move that fails to apply ends the failure record, so replaying the
// record reproduces the failure.
// So does a move the choices offer as complete that Apply refuses, found
// by CheckOffered before the move built is applied.
func TestFailureRecordReproduces(t *testing.T) {
	for _, offered := range []int{-1, 1} {
		var f *playout.Failure
		for i := 0; f == nil; i++ {
			_, err := playout.Playout(generous{}, playout.Config{OfferedEvery: offered}, i)
			errors.As(err, &f)
		}
		_, err := engine.Replay(generous{}, f.Record)
		var re *engine.ReplayError
		if !errors.As(err, &re) || re.MoveNumber != len(f.Record.Moves) || re.Move != f.Text {
			t.Errorf("OfferedEvery %d: replay of the failure record: %v; failure: %v", offered, err, f)
		}
	}
}

func TestPlayoutDeterministic(t *testing.T) {
	cfg := playout.Config{Seed: 5}
	a, err := playout.Playout(pebbles{}, cfg, 3)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := playout.Playout(pebbles{}, cfg, 3)
	// Sampling the checks differently must not change the game played.
	c, _ := playout.Playout(pebbles{}, playout.Config{Seed: 5, ViewEvery: 1, RoundTripEvery: -1}, 3)
	if !bytes.Equal(a.Format(), b.Format()) || !bytes.Equal(a.Format(), c.Format()) {
		t.Errorf("same playout, different games:\n%s\n%s\n%s", a.Format(), b.Format(), c.Format())
	}
	if a.Seats != 2 || a.Seed != 8 || len(a.Moves) == 0 {
		t.Errorf("playout 3: %d seats, seed %d, %d moves", a.Seats, a.Seed, len(a.Moves))
	}
}

// The playouts cycle through every rules version the game supports, after
// the seat counts.
func TestPlayoutsCycleRulesVersions(t *testing.T) {
	var got []int
	for i := range 6 {
		rec, err := playout.Playout(pebbles{}, playout.Config{Seats: []int{2, 3}}, i)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, rec.Rules)
	}
	if want := []int{1, 1, 2, 2, 1, 1}; !slices.Equal(got, want) {
		t.Errorf("rules versions of playouts 0 to 5: %v, want %v", got, want)
	}
}

// BenchmarkPlayout measures one Pebbles playout with the default sampling
// and with every check on every move and playout.
func BenchmarkPlayout(b *testing.B) {
	for _, bc := range []struct {
		name string
		cfg  playout.Config
	}{
		{"default", playout.Config{}},
		{"all", playout.Config{ViewEvery: 1, ReplayEvery: 1, OfferedEvery: 1}},
		{"none", playout.Config{RoundTripEvery: -1, ViewEvery: -1, ReplayEvery: -1, OfferedEvery: -1}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			moves := 0
			for i := 0; b.Loop(); i++ {
				rec, err := playout.Playout(pebbles{}, bc.cfg, i)
				if err != nil {
					b.Fatal(err)
				}
				moves += len(rec.Moves)
			}
			b.ReportMetric(float64(moves)/b.Elapsed().Seconds(), "moves/s")
		})
	}
}

// liar is Pebbles with a Revealed that never admits a draw.
type liar struct{ testgame.Game }

func (liar) Revealed(a, b engine.State) bool { return false }

// TestUndoCatchesRevealedLies: a game whose Revealed says a draw showed
// nothing fails the undo check, since the drawer's view after the move
// changes when the deck is reshuffled.
func TestUndoCatchesRevealedLies(t *testing.T) {
	_, err := playout.Playout(liar{}, playout.Config{UndoEvery: 2, Seats: []int{2}}, 0)
	var f *playout.Failure
	if !errors.As(err, &f) || f.Check != playout.CheckUndo || !strings.Contains(f.Err.Error(), "Revealed says") {
		t.Fatalf("a lying Revealed: %v", err)
	}
	if _, err := playout.Playout(testgame.Game{}, playout.Config{UndoEvery: 2, Seats: []int{2}}, 0); err != nil {
		t.Fatalf("Pebbles with an undo after every other move: %v", err)
	}
}
