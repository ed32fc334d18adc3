package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

func TestDefaultByChoices(t *testing.T) {
	g := testgame.Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	seat := g.Status(st).Active[0]
	m, err := engine.DefaultByChoices(g, st, seat, nil, nil)
	if err != nil || len(m) == 0 {
		t.Fatalf("default move %q: %v", g.FormatMove(m), err)
	}
	if _, _, err := g.Apply(st, seat, m); err != nil {
		t.Fatalf("the default move %q is refused: %v", g.FormatMove(m), err)
	}
	if _, err := engine.DefaultByChoices(g, st, 1-seat, nil, nil); !errors.Is(err, engine.ErrNotYourTurn) {
		t.Fatalf("the seat not to act: %v", err)
	}
	if _, err := engine.DefaultByChoices(g, st, seat, nil, []string{"take", "pass"}); err == nil {
		t.Fatal("a default move with every way avoided")
	}
}

func TestRecordNote(t *testing.T) {
	r := engine.Record{Game: "pebbles", Rules: 1, Seed: 1, Seats: 2,
		Moves: []engine.RecordMove{{Seat: 0, Text: "take 1", Note: "default move:\n  the deadline passed"}, {Seat: 1, Text: "take 2"}}}
	text := string(r.Format())
	if !strings.Contains(text, "1 s1 take 1 # default move: the deadline passed\n2 s2 take 2\n") {
		t.Fatalf("record:\n%s", text)
	}
	back, err := engine.ParseRecord(strings.NewReader(text))
	if err != nil || len(back.Moves) != 2 || back.Moves[0].Text != "take 1" {
		t.Fatalf("parsed %+v %v", back.Moves, err)
	}
}
