package enginetest

import (
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// SetupRefusal is a setup a game refuses, for SetupRefusals: Setup is
// refused with the message "setup."+Key, and the error's text (Error) is
// English exactly.
type SetupRefusal struct {
	Setup   engine.Setup
	Key     string
	English string
}

// SetupRefusals checks a game's refusals of setups a person can ask for
// (a pin or an option it does not know or with a bad value, a seat count):
// each is an *engine.SetupError naming its message, whose Error() is the
// English given and whose Msg the English catalog words from its Data; in
// every other language Words.Error words it from the game's catalog, with
// each value of its Data (the typed text as QuotedData has it, the
// numbers, the keys) in the text, and no English sentence of the game's or the engine's catalog.
// Every "setup.*" message of the catalog must be met by a case.
func SetupRefusals(t *testing.T, g engine.Game, cases []SetupRefusal) {
	t.Helper()
	info := g.Info()
	if info.Catalog == nil {
		t.Fatalf("%s has no catalog", info.ID)
	}
	met := map[string]bool{}
	for _, c := range cases {
		_, _, err := g.Setup(c.Setup)
		var se *engine.SetupError
		if !errors.As(err, &se) {
			t.Errorf("%s: Setup(%+v) = %v, want a SetupError", c.Key, c.Setup, err)
			continue
		}
		met[se.MsgID()] = true
		if se.Key != c.Key {
			t.Errorf("%s: refused with %q: %v", c.Key, se.Key, err)
		}
		if err.Error() != c.English {
			t.Errorf("%s: English changed:\n got %q\nwant %q", c.Key, err.Error(), c.English)
		}
		if got := engine.WordsFor(info, lang.English, nil).Error(err); got != se.Msg {
			t.Errorf("%s: Words in English %q, Msg %q", c.Key, got, se.Msg)
		}
		for _, l := range lang.Supported {
			if l == lang.English {
				continue
			}
			if _, lerr := info.Catalog.Localize(l, se.MsgID(), se.Data); lerr != nil {
				t.Errorf("%s %s: %v", c.Key, l, lerr)
			}
			got := engine.WordsFor(info, l, nil).Error(err)
			if got == se.Msg || got == "" {
				t.Errorf("%s %s reads as in English: %q", c.Key, l, got)
			}
			for k, v := range se.QuotedData() {
				if !strings.Contains(got, v) {
					t.Errorf("%s %s: %q lacks its %s %q", c.Key, l, got, k, v)
				}
			}
			for _, cat := range []*lang.Catalog{info.Catalog, engine.Catalog()} {
				if eng := cat.EnglishIn(l, got); len(eng) > 0 {
					t.Errorf("%s %s: %q has English %q", c.Key, l, got, eng)
				}
			}
		}
	}
	for _, id := range info.Catalog.IDs() {
		if strings.HasPrefix(id, engine.SetupPrefix) && !met[id] {
			t.Errorf("no case meets %s", id)
		}
	}
	if len(met) == 0 {
		t.Error("no refusal checked")
	}
}
