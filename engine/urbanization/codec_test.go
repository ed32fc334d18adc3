package urbanization

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
	"github.com/smokestack/smokestack/engine/playout"
)

// midGame plays a random game with the Inventions expansion until turn 3.
func midGame(t testing.TB) *State {
	g := New()
	rec, err := playout.Playout(g, playout.Config{Seats: []int{4}, Seed: 77, Options: map[string]string{OptInventions: "on"}, ViewEvery: -1, ReplayEvery: -1}, 0)
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Replay(g, rec, engine.KeepStates())
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Moves {
		if st := p.State.(*State); st.Turn == 3 && st.Mode == ModeAction {
			return st
		}
	}
	t.Fatal("the game never reached turn 3")
	return nil
}

func TestStateRoundTrip(t *testing.T) {
	g := New()
	st := midGame(t)
	a, err := g.MarshalState(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := g.UnmarshalState(a)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := g.MarshalState(back)
	if !bytes.Equal(a, b) {
		t.Fatal("encode, decode, encode differs")
	}
	if !strings.HasPrefix(string(a), `{"v":1,`) {
		t.Errorf("the encoding does not start with its version: %.20s", a)
	}
}

// TestStateDamage checks that damaged snapshots are refused with an error
// instead of being accepted and crashing later.
func TestStateDamage(t *testing.T) {
	g := New()
	a, _ := g.MarshalState(midGame(t))
	var doc map[string]any
	if err := json.Unmarshal(a, &doc); err != nil {
		t.Fatal(err)
	}
	damage := map[string]func(map[string]any){
		"seat count":      func(d map[string]any) { d["n"] = 7 },
		"turn":            func(d map[string]any) { d["turn"] = 9 },
		"mode":            func(d map[string]any) { d["mode"] = 12 },
		"territory owner": func(d map[string]any) { d["terrs"].([]any)[0].(map[string]any)["owner"] = 9 },
		"territories":     func(d map[string]any) { d["terrs"] = []any{} },
		"display card":    func(d map[string]any) { d["display"].([]any)[0].(map[string]any)["card"] = 99 },
		"deck card":       func(d map[string]any) { d["deck"] = []any{-4} },
		"hired":           func(d map[string]any) { d["players"].([]any)[0].(map[string]any)["hired"] = 40 },
		"unknown field":   func(d map[string]any) { d["bonus"] = 1 },
		"option":          func(d map[string]any) { d["options"].(map[string]any)["grainCap"] = "never" },
		"docks":           func(d map[string]any) { d["docks"] = []any{} },
	}
	for name, f := range damage {
		var c map[string]any
		_ = json.Unmarshal(a, &c)
		f(c)
		b, _ := json.Marshal(c)
		if _, err := g.UnmarshalState(b); err == nil {
			t.Errorf("%s: the damaged state decodes", name)
		}
	}
	if _, err := g.UnmarshalState(a[:len(a)/2]); err == nil {
		t.Error("a truncated state decodes")
	}
	for _, v := range []string{`{"v":2}`, `{"v":0,"n":3}`, `{}`} {
		if _, err := g.UnmarshalState([]byte(v)); !errors.Is(err, engine.ErrStateVersion) {
			t.Errorf("%s: %v, want ErrStateVersion", v, err)
		}
	}
}

// FuzzUnmarshalState fuzzes the state decoding (the suite's target): it never
// panics, and a state that decodes can be read.
func FuzzUnmarshalState(f *testing.F) {
	a, _ := New().MarshalState(midGame(f))
	enginetest.FuzzState(f, New(), [][]byte{a, []byte(`{"v":1}`)})
}

func FuzzNotation(f *testing.F) {
	var seeds []string
	for _, ex := range Examples() {
		seeds = append(seeds, ex.Move)
	}
	seeds = append(seeds, "produce Windmill:OW", "land T9 to t1", "hire Mill Worker", "s01", "$5", "t99", "windmill:2:3")
	enginetest.FuzzNotation(f, New(), seeds)
}

// TestViewSlicesIndependent checks that changing a view's slices leaves the
// state alone (front ends may keep and edit views).
func TestViewSlicesIndependent(t *testing.T) {
	g := New()
	st := midGame(t)
	before, _ := g.MarshalState(st)
	v := g.View(st, 0).(View)
	for i := range v.PlayerViews {
		for j := range v.PlayerViews[i].Census {
			v.PlayerViews[i].Census[j] = 99
		}
	}
	for i := range v.Display {
		for j := range v.Display[i].Markers {
			v.Display[i].Markers[j] = 99
		}
	}
	for i := range v.Territories {
		for j := range v.Territories[i].Adjacent {
			v.Territories[i].Adjacent[j] = "x"
		}
	}
	v.TurnOrder[0] = 99
	if after, _ := g.MarshalState(st); !bytes.Equal(before, after) {
		t.Error("editing a view changed the state")
	}
	if w := g.View(st, 0).(View); w.Territories[0].Adjacent[0] == "x" {
		t.Error("editing a view changed the data")
	}
}

// TestViewIsWholeState checks that nothing is hidden: every seat's view is
// the spectator's but for the viewer field, and Holding is empty.
func TestViewIsWholeState(t *testing.T) {
	g := New()
	st := midGame(t)
	spec, _ := json.Marshal(g.View(st, engine.Spectator))
	for s := 0; s < st.N; s++ {
		v := g.View(st, s).(View)
		v.Seat = engine.Spectator
		b, _ := json.Marshal(v)
		if !bytes.Equal(b, spec) {
			t.Errorf("seat %d sees something the spectator does not", s+1)
		}
		if h := g.Holding(st, s); len(h.Cards) != 0 || h.Cards == nil || len(h.Stats) != 0 {
			t.Errorf("seat %d holds %+v", s+1, h)
		}
	}
}
