package urbanization

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// helpGolden holds the English help topics and notation examples as they
// read before the help moved into the catalog: the English fields filled
// from the English messages must read exactly so (regenerate with
// -update only for a deliberate change of the English wording).
var helpGolden = filepath.Join("testdata", "help-en.json")

type helpSnapshot struct {
	Help     []engine.HelpTopic `json:"help"`
	Examples []engine.Example   `json:"examples"`
}

func TestHelpEnglishUnchanged(t *testing.T) {
	info := New().Info()
	got, err := json.MarshalIndent(helpSnapshot{info.Help, info.Examples}, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	if *updateGolden {
		if err := os.WriteFile(helpGolden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(helpGolden)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		var w helpSnapshot
		if err := json.Unmarshal(want, &w); err != nil {
			t.Fatal(err)
		}
		for i, tp := range info.Help {
			if i >= len(w.Help) {
				t.Errorf("topic %s is new", tp.ID)
				continue
			}
			o := w.Help[i]
			if tp.ID != o.ID || tp.Title != o.Title || tp.Kind != o.Kind || tp.Body != o.Body || !equalStrings(tp.Keywords, o.Keywords) {
				t.Errorf("topic %d changed:\n got %q %q %q %q\n%q\nwant %q %q %q %q\n%q", i, tp.ID, tp.Title, tp.Kind, tp.Keywords, tp.Body, o.ID, o.Title, o.Kind, o.Keywords, o.Body)
			}
		}
		if len(w.Help) != len(info.Help) {
			t.Errorf("%d topics, want %d", len(info.Help), len(w.Help))
		}
		for i, e := range info.Examples {
			if i >= len(w.Examples) || e != w.Examples[i] {
				t.Errorf("example %d changed: %+v", i, e)
			}
		}
	}
}

func equalStrings(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
