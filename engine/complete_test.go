package engine_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

// pebblesAt sets up two seats with a pinned deck: seat 1 holds 3 1 1 and
// seat 2 holds 2 2 2, and the pile has 10 pebbles.
func pebblesAt(t *testing.T) engine.State {
	t.Helper()
	st, _, err := testgame.Game{}.Setup(engine.Setup{Seats: 2, Options: map[string]string{"pile": "10"},
		Pins: map[string]string{"deck": "3,1,1,2,2,2,1,1,1,3"}})
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestSuggest(t *testing.T) {
	g := testgame.Game{}
	st := pebblesAt(t)
	tests := []struct {
		seat  int
		typed string
		limit int
		want  []engine.Suggestion
	}{
		// Nothing typed: the first word; two cards fit, so it stops there,
		// and its two continuations follow it.
		{0, "", 0, []engine.Suggestion{{Text: "take", Label: "Take pebbles"},
			{Text: "take 1", Label: "Take pebbles Take 1", Complete: true}, {Text: "take 3", Label: "Take pebbles Take 3", Complete: true}}},
		// Without room for both continuations, only the word.
		{0, "", 2, []engine.Suggestion{{Text: "take", Label: "Take pebbles"}}},
		// A fragment, or an alias of one, completes the word (and offers
		// what follows).
		{0, "ta", 3, []engine.Suggestion{{Text: "take", Label: "Take pebbles"},
			{Text: "take 1", Label: "Take pebbles Take 1", Complete: true}, {Text: "take 3", Label: "Take pebbles Take 3", Complete: true}}},
		{0, "T", 2, []engine.Suggestion{{Text: "take", Label: "Take pebbles"}}},
		// After a space: every next token, complete moves.
		{0, "take ", 0, []engine.Suggestion{{Text: "take 1", Label: "Take 1", Complete: true}, {Text: "take 3", Label: "Take 3", Complete: true}}},
		{0, "t 3", 0, []engine.Suggestion{{Text: "take 3", Label: "Take 3", Complete: true}}},
		{0, "take ", 1, []engine.Suggestion{{Text: "take 1", Label: "Take 1", Complete: true}}},
		// A complete move typed with a space after it offers to submit it.
		{0, "take 3 ", 0, []engine.Suggestion{{Text: "take 3", Label: "submit", Complete: true}}},
		// Nothing for: a seat not to move, a card not held, a pass while a
		// card fits, an unknown word.
		{1, "", 0, nil},
		{0, "take 2", 0, nil},
		{0, "pass", 0, nil},
		{0, "fly ", 0, nil},
	}
	for _, tt := range tests {
		got := engine.Suggest(g, st, tt.seat, tt.typed, tt.limit)
		if d := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(engine.Suggestion{}, "Parts")); d != "" {
			t.Errorf("Suggest(seat %d, %q) (-want +got):\n%s", tt.seat+1, tt.typed, d)
		}
		// The label is its parts' labels, for hosts to word in another
		// language; the submission of the typed move has none.
		for _, sg := range got {
			var labels []string
			for _, c := range sg.Parts {
				labels = append(labels, c.Label)
			}
			if want := strings.Join(labels, " "); sg.Label != want && !(sg.Label == "submit" && len(sg.Parts) == 0) {
				t.Errorf("Suggest(seat %d, %q): %q has parts %q", tt.seat+1, tt.typed, sg.Label, want)
			}
		}
	}
}

func TestSuggestFollowsForcedChoices(t *testing.T) {
	g := testgame.Game{}
	st, _, err := g.Apply(pebblesAt(t), 0, engine.Move{"take", "1"})
	if err != nil {
		t.Fatal(err)
	}
	// Seat 2 holds only 2s: "take" has one continuation, so the whole move
	// is suggested as complete.
	want := []engine.Suggestion{{Text: "take 2", Label: "Take pebbles Take 2", Complete: true}}
	if d := cmp.Diff(want, engine.Suggest(g, st, 1, "", 5), cmpopts.IgnoreFields(engine.Suggestion{}, "Parts")); d != "" {
		t.Errorf("Suggest (-want +got):\n%s", d)
	}
}
