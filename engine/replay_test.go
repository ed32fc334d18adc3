package engine_test

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

// pebblesRecord is a short Pebbles game with a pinned deck: seat 1 holds
// 3 1 1, seat 2 holds 2 2 2, and seat 2 takes the last pebbles.
const pebblesRecord = `Game: pebbles
Rules: 1
Seed: 7
Seats: 2
Option: pile=5
Pin: deck=3,1,1,2,2,2,1,1,1,3
Result: ranking 2 1; scores 0 1

1 s1 take 3
2 s2 t 2   # the parser expands the alias
`

func parse(t *testing.T, text string) engine.Record {
	t.Helper()
	r, err := engine.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestReplay(t *testing.T) {
	g := testgame.Game{}
	res, err := engine.Replay(g, parse(t, pebblesRecord), engine.KeepStates())
	if err != nil {
		t.Fatal(err)
	}
	if !res.Status.Finished || res.Status.Ranking[0] != 1 {
		t.Errorf("status = %+v, want seat 2 winning", res.Status)
	}
	if len(res.Moves) != 2 || res.Moves[1].Seat != 1 || !slices.Equal(res.Moves[1].Move, engine.Move{"take", "2"}) {
		t.Fatalf("moves = %+v", res.Moves)
	}
	if res.Moves[0].State.(*testgame.State).Pile != 2 || res.Moves[1].State != res.State {
		t.Errorf("kept states wrong: %+v", res.Moves)
	}
	// Setup: a shuffle and two events per card dealt; each move: take and
	// draw (two events); the last move also ends the game.
	if got, want := len(res.Events()), 1+2*6+3+4; got != want {
		t.Errorf("%d events, want %d", got, want)
	}
	// Without KeepStates no intermediate state is kept.
	res2, err := engine.Replay(g, parse(t, pebblesRecord))
	if err != nil || res2.Moves[0].State != nil {
		t.Errorf("replay without KeepStates: err %v, state %v", err, res2.Moves[0].State)
	}
}

func TestReplayIllegalMove(t *testing.T) {
	text := strings.Replace(pebblesRecord, "2 s2 t 2   # the parser expands the alias", "2 s2 take 3", 1)
	res, err := engine.Replay(testgame.Game{}, parse(t, text))
	var re *engine.ReplayError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v, want a ReplayError", err)
	}
	if re.Line != 10 || re.MoveNumber != 2 || re.Seat != 1 || re.Move != "take 3" {
		t.Errorf("ReplayError = %+v", re)
	}
	rule, ok := engine.AsRule(err)
	if !ok || rule.Code != "take.card" {
		t.Errorf("rule = %v, want take.card", rule)
	}
	if !errors.Is(err, &engine.RuleError{Code: "take.card"}) {
		t.Errorf("errors.Is by rule code fails for %v", err)
	}
	msg := err.Error()
	for _, part := range []string{"line 10", "move 2", `"take 3"`, "you hold no card", "take.card"} {
		if !strings.Contains(msg, part) {
			t.Errorf("message %q does not mention %q", msg, part)
		}
	}
	// The result holds the game up to the failing move.
	if len(res.Moves) != 1 || res.State.(*testgame.State).Pile != 2 {
		t.Errorf("partial result = %+v", res)
	}
}

func TestReplayErrors(t *testing.T) {
	g := testgame.Game{}
	tests := []struct {
		name string
		edit func(r *engine.Record)
		want error
	}{
		{"other game", func(r *engine.Record) { r.Game = "brass" }, engine.ErrRecordGame},
		{"newer rules version", func(r *engine.Record) { r.Rules = 3 }, engine.ErrRulesVersion},
		{"rules version 0", func(r *engine.Record) { r.Rules = 0 }, engine.ErrRulesVersion},
		{"result", func(r *engine.Record) { r.Result = "ranking 1 2; scores 1 0" }, engine.ErrResultMismatch},
		{"unfinished with result", func(r *engine.Record) { r.Moves = r.Moves[:1] }, engine.ErrResultMismatch},
		{"wrong turn", func(r *engine.Record) { r.Moves[1].Seat = 0 }, engine.ErrNotYourTurn},
		{"incomplete", func(r *engine.Record) { r.Moves[1].Text = "take" }, engine.ErrIncompleteMove},
		{"garbled", func(r *engine.Record) { r.Moves[1].Text = " " }, &engine.RuleError{Code: "notation.empty"}},
		{"after the end", func(r *engine.Record) { r.Append(0, "take 1"); r.Result = "" }, engine.ErrGameOver},
		{"bad seat index", func(r *engine.Record) { r.Moves[1].Seat = 5 }, engine.ErrBadSeat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := parse(t, pebblesRecord)
			tt.edit(&r)
			_, err := engine.Replay(g, r)
			if !errors.Is(err, tt.want) {
				t.Errorf("err = %v, want %v", err, tt.want)
			}
		})
	}
	r := parse(t, pebblesRecord)
	r.Options = map[string]string{"pile": "1000"}
	if _, err := engine.Replay(g, r); err == nil || !strings.Contains(err.Error(), "setup") {
		t.Errorf("bad option: err = %v", err)
	}
}

func TestRecordOfExportsAndReplays(t *testing.T) {
	g := testgame.Game{}
	setup := engine.Setup{Seats: 3, Seed: 99, Options: map[string]string{"pile": "12"}}
	st, _, err := g.Setup(setup)
	if err != nil {
		t.Fatal(err)
	}
	var log []engine.RecordMove
	for !g.Status(st).Finished {
		seat := g.Status(st).Active[0]
		ch, err := g.Choices(st, seat, nil)
		if err != nil {
			t.Fatal(err)
		}
		m := engine.Move{ch.Next[0].Token}
		if m[0] == "take" {
			ch, _ = g.Choices(st, seat, m)
			m = append(m, ch.Next[len(ch.Next)-1].Token)
		}
		if st, _, err = g.Apply(st, seat, m); err != nil {
			t.Fatal(err)
		}
		// Logs keep whatever the player typed; export canonicalises.
		text := g.FormatMove(m)
		if m[0] == "take" {
			text = "T " + m[1]
		}
		log = append(log, engine.RecordMove{Seat: seat, Text: text})
	}
	r, err := engine.RecordOf(g, engine.MatchInfo{Setup: setup, Players: []string{"Ann", "Bo", "Cy"}, Moves: log, Final: st})
	if err != nil {
		t.Fatal(err)
	}
	if r.Result == "" || !strings.HasPrefix(r.Moves[0].Text, "take ") {
		t.Errorf("export: result %q, first move %q", r.Result, r.Moves[0].Text)
	}
	back, err := engine.ParseRecord(bytes.NewReader(r.Format()))
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Replay(g, back)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := g.MarshalState(st)
	got, _ := g.MarshalState(res.State)
	if !bytes.Equal(want, got) {
		t.Errorf("replayed state differs:\n%s\n%s", got, want)
	}

	// A match played under a rules version this build no longer plays
	// exports that version, which this build then refuses to replay.
	setup7 := setup
	setup7.RulesVersion = 7
	old, err := engine.RecordOf(g, engine.MatchInfo{Setup: setup7, Moves: log[:1]})
	if err != nil || old.Rules != 7 || r.Rules != g.Info().RulesVersion {
		t.Errorf("rules versions: exported %d (err %v), current export %d", old.Rules, err, r.Rules)
	}
	if _, err := engine.Replay(g, old); !errors.Is(err, engine.ErrRulesVersion) {
		t.Errorf("replay of a rules 7 record: %v", err)
	}
	if _, err := engine.RecordOf(g, engine.MatchInfo{Setup: setup, Players: []string{"one"}}); !errors.Is(err, engine.ErrBadRecord) {
		t.Errorf("RecordOf with 1 name for 3 seats: err = %v", err)
	}
	if _, err := engine.RecordOf(g, engine.MatchInfo{Setup: setup, Moves: []engine.RecordMove{{Text: ""}}}); err == nil {
		t.Errorf("RecordOf with an empty move: no error")
	}
}
