package engine_test

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestRecordUndo: an undo line reads back, formats canonically, and the
// replay returns to the position before the move it takes back, so the
// same move played again draws the same card.
func TestRecordUndo(t *testing.T) {
	text := "# Smokestack match record\nGame: pebbles\nRules: 2\nSeed: 5\nSeats: 2\nPin: deck=1,2,3,1,2,3,3,2,1,3,2,1\n\n1 s1 take 1\n2 UNDO 1\n3 s1 take 1\n4 s2 take 2\n5 undo 4\n"
	rec, err := engine.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if m := rec.Moves[1]; !m.IsUndo() || m.Undo != 1 || m.Seat != 0 || m.Text != engine.UndoText {
		t.Fatalf("undo line: %+v", m)
	}
	want := strings.Replace(text, "UNDO", "undo", 1)
	if got := string(rec.Format()); got != want {
		t.Errorf("format:\n%s\nwant\n%s", got, want)
	}
	if err := rec.Validate(); err != nil {
		t.Fatal(err)
	}
	g := testgame.Game{}
	res, err := engine.Replay(g, rec, engine.KeepStates())
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.Standing(rec.Moves); len(got) != 1 || got[0] != 2 {
		t.Errorf("standing %v, want [2]", got)
	}
	a, _ := g.MarshalState(res.Moves[0].State)
	b, _ := g.MarshalState(res.Moves[2].State)
	if !bytes.Equal(a, b) {
		t.Errorf("the same move after an undo gives another position:\n%s\n%s", a, b)
	}
	// After undoing move 4 the position is the one after move 3.
	c, _ := g.MarshalState(res.Moves[4].State)
	if !bytes.Equal(b, c) || res.Moves[4].Undo != 4 || res.Moves[4].Seat != 1 {
		t.Errorf("undo of move 4: %+v", res.Moves[4])
	}
	if !g.Revealed(res.Moves[1].State, res.Moves[2].State) {
		t.Error("take draws a card: Revealed is false")
	}
}

func TestRecordUndoErrors(t *testing.T) {
	head := "Game: pebbles\nRules: 2\nSeed: 5\nSeats: 2\nPin: deck=1,2,3,1,2,3,3,2,1,3,2,1\n\n"
	for name, moves := range map[string]string{
		"no move yet":    "1 undo 1\n",
		"a later move":   "1 s1 take 1\n2 undo 3\n",
		"not a number":   "1 s1 take 1\n2 undo x\n",
		"an undo undone": "1 s1 take 1\n2 undo 1\n3 undo 2\n",
	} {
		if _, err := engine.ParseRecord(strings.NewReader(head + moves)); !errors.Is(err, engine.ErrBadRecord) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// Only the latest standing move can be taken back.
	rec, err := engine.ParseRecord(strings.NewReader(head + "1 s1 take 1\n2 s2 take 1\n3 undo 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	var re *engine.ReplayError
	if _, err := engine.Replay(testgame.Game{}, rec); !errors.As(err, &re) || !errors.Is(err, engine.ErrUndo) || re.MoveNumber != 3 {
		t.Errorf("undo of move 1 after move 2: %v", err)
	}
	// Taking back twice in a row walks back two moves.
	rec, err = engine.ParseRecord(strings.NewReader(head + "1 s1 take 1\n2 s2 take 1\n3 undo 2\n4 undo 1\n"))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := engine.Replay(testgame.Game{}, rec); err != nil || len(engine.Standing(rec.Moves)) != 0 || res.Status.Active[0] != 0 {
		t.Errorf("two undos: %v", err)
	}
}
