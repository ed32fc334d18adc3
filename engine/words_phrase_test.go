package engine_test

import (
	"testing"
	"testing/fstest"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestWordsPhrase: a round name is worded by its key and args, its short
// form by key+"-short"; without the message the English stays.
func TestWordsPhrase(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.toml": {Data: []byte("[x]\nround = \"Round {{.n}}\"\nround-short = \"R{{.n}}\"\n")},
		"m/de.toml": {Data: []byte("[x]\nround = \"Runde {{.n}}\"\nround-short = \"R{{.n}}\"\n")},
		"m/fr.toml": {Data: []byte("[x]\nround = \"Manche {{.n}}\"\nround-short = \"M{{.n}}\"\n")},
	}
	cat, err := lang.Load("x", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	p := engine.Phrase{Key: "x.round", Args: map[string]string{"n": "3"}, Text: "Round 3", Short: "R3"}
	other := engine.Phrase{Key: "x.other", Text: "Other", Short: "O"}
	for _, c := range []struct {
		l           lang.Lang
		p           engine.Phrase
		text, short string
	}{
		{lang.English, p, "Round 3", "R3"},
		{lang.German, p, "Runde 3", "R3"},
		{lang.French, p, "Manche 3", "M3"},
		{lang.French, other, "Other", "O"},
		{lang.French, engine.Phrase{}, "", ""},
	} {
		w := engine.Words{Lang: c.l, Info: engine.Info{Catalog: cat}}
		if got := w.Phrase(c.p); got != c.text {
			t.Errorf("%s %s: %q, want %q", c.l, c.p.Key, got, c.text)
		}
		if got := w.PhraseShort(c.p); got != c.short {
			t.Errorf("%s %s short: %q, want %q", c.l, c.p.Key, got, c.short)
		}
	}
}
