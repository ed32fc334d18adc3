package urbanization

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestTieBreakWorded: the tie-break notes read as before in English (with
// the default seat names) and are worded in German and French with the
// players' names and no English left.
func TestTieBreakWorded(t *testing.T) {
	info := New().Info()
	msgs := []lang.Msg{
		lang.M("tie-break.newer", "seatA", "1", "seatB", "0", "vp", "31", "factory", "7"),
		lang.M("tie-break.shared", "seatA", "2", "seatB", "3", "vp", "20", "factory", ""),
	}
	english := "seat 2 and seat 1 tie on 31 VP: seat 2 owns the newer factory (#7); seat 3 and seat 4 tie on 20 VP with no factory to break the tie: they share the place"
	s := engine.Status{Finished: true, TieBreak: "x", TieBreakMsgs: msgs}
	if got := engine.WordsFor(info, lang.English, nil).TieBreak(s); got != english {
		t.Errorf("English: %q, want %q", got, english)
	}
	names := []string{"Ada", "Bea", "Cy", "Dot"}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		got := engine.WordsFor(info, l, names).TieBreak(s)
		if !strings.Contains(got, "Bea") || !strings.Contains(got, "Dot") || !strings.Contains(got, "7") {
			t.Errorf("%s: %q lacks names or factory", l, got)
		}
		if leak := catalog.EnglishIn(l, got); len(leak) > 0 {
			t.Errorf("%s: %q has English %q", l, got, leak)
		}
	}
}
