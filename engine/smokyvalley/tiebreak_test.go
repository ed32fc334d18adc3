package smokyvalley

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestTieBreakWorded: the tie-break notes read as before in English and
// are worded in German and French with no English left.
func TestTieBreakWorded(t *testing.T) {
	info := New().Info()
	for id, english := range map[string]string{
		"tie-break.cash":   "tied on prestige; most cash wins",
		"tie-break.shared": "tied on prestige and cash: the victory is shared",
	} {
		if got := en(id); got != english {
			t.Errorf("%s in English: %q, want %q", id, got, english)
		}
		s := engine.Status{Finished: true, TieBreak: english, TieBreakMsgs: []lang.Msg{lang.M(id)}}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			got := engine.WordsFor(info, l, nil).TieBreak(s)
			if got == english || got == "" {
				t.Errorf("%s in %s not worded: %q", id, l, got)
			}
			if leak := catalog.EnglishIn(l, got); len(leak) > 0 {
				t.Errorf("%s in %s: %q has English %q", id, l, got, leak)
			}
		}
	}
}
