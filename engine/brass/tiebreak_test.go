package brass

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestTieBreakWorded: a final tie-break reads as before in English and is
// worded in German and French with no English left, for every set of
// criteria (income, money, turn order) the ranking can use.
func TestTieBreakWorded(t *testing.T) {
	st := fixture(t, periodRail)
	st.Players[0].VP, st.Players[1].VP, st.Players[2].VP = 51, 50, 50
	st.Players[0].Money, st.Players[1].Money, st.Players[2].Money = 9, 19, 19
	st.Players[1].Space, st.Players[2].Space = 20, 22
	st.Order = []int{1, 2, 0}
	var evs []engine.Event
	st.finish(&evs)
	if st.TieBreak != "" || st.TieBy != "income" {
		t.Fatalf("tie-break %q by %q: the state keeps the criteria, not a sentence", st.TieBreak, st.TieBy)
	}
	info := New().Info()
	for _, by := range []string{"income", "money", "order", "income,money", "income,order", "money,order", "income,money,order"} {
		m := tieBreakMsg(by)
		s := engine.Status{Finished: true, TieBreak: "english", TieBreakMsgs: []lang.Msg{m}}
		want := "tied on VP; decided by " + strings.ReplaceAll(strings.ReplaceAll(by, ",", ", then "), "order", "turn order")
		if got := engine.WordsFor(info, lang.English, nil).TieBreak(s); got != want {
			t.Errorf("%s in English: %q, want %q", by, got, want)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			got := engine.WordsFor(info, l, nil).TieBreak(s)
			if got == "english" || got == "" {
				t.Errorf("%s in %s not worded: %q", by, l, got)
			}
			if leak := catalog.EnglishIn(l, got); len(leak) > 0 {
				t.Errorf("%s in %s: %q has English %q", by, l, got, leak)
			}
		}
	}
	// The state round-trips TieBy and the status carries the message.
	st.Mode = modeOver
	raw, back := roundTrip(t, st)
	s := New().Status(back)
	if s.TieBreak != "tied on VP; decided by income" || len(s.TieBreakMsgs) != 1 || s.TieBreakMsgs[0].ID != "tie-break.vp" {
		t.Fatalf("status tie-break %q %v", s.TieBreak, s.TieBreakMsgs)
	}
	if got := engine.WordsFor(info, lang.German, nil).TieBreak(s); !strings.Contains(got, "Einkommen") {
		t.Fatalf("status tie-break in German: %q", got)
	}
	if strings.Contains(string(raw), "tieBreak") {
		t.Fatalf("the state holds an English sentence: %s", raw)
	}
}

// TestTieBreakOldState: a finished state saved before TieBy held the
// English sentence alone; its status still shows it.
func TestTieBreakOldState(t *testing.T) {
	st := fixture(t, periodRail)
	st.Mode = modeOver
	st.Ranking = []int{2, 1, 0}
	st.TieBreak = "tied on VP; decided by income"
	_, back := roundTrip(t, st)
	if s := New().Status(back); s.TieBreak != st.TieBreak || len(s.TieBreakMsgs) != 0 {
		t.Fatalf("old state's tie-break %q %v", s.TieBreak, s.TieBreakMsgs)
	}
}

// roundTrip saves st and reads it back, as the store does.
func roundTrip(t *testing.T, st *state) ([]byte, engine.State) {
	t.Helper()
	raw, err := New().MarshalState(st)
	if err != nil {
		t.Fatal(err)
	}
	back, err := New().UnmarshalState(raw)
	if err != nil {
		t.Fatal(err)
	}
	return raw, back
}
