package lang

import (
	"strings"
	"testing"
	"testing/fstest"
)

// TestTopicInTemplate: {{topic "id"}} words a reference to a help topic
// as the topic's title in the reader's language (message
// help.<id>.title), and Check requires every language to refer to the
// topics English does, and each of them to exist.
func TestTopicInTemplate(t *testing.T) {
	fsys := fstest.MapFS{
		"m/en.toml": {Data: []byte("see = \"Cards are dealt (see \\\"{{topic \\\"deck\\\"}}\\\").\"\n" +
			"[help.deck]\ntitle = \"The deck\"\n")},
		"m/de.toml": {Data: []byte("see = \"Karten werden verteilt (siehe „{{topic \\\"deck\\\"}}“).\"\n" +
			"[help.deck]\ntitle = \"Der Kartenstapel\"\n")},
		"m/fr.toml": {Data: []byte("see = \"On distribue les cartes (voir «\u00a0{{topic \\\"deck\\\"}}\u00a0»).\"\n" +
			"[help.deck]\ntitle = \"La pioche\"\n")},
	}
	c, err := Load("topic", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(); err != nil {
		t.Fatal(err)
	}
	for l, want := range map[Lang]string{
		English: `Cards are dealt (see "The deck").`,
		German:  "Karten werden verteilt (siehe „Der Kartenstapel“).",
		French:  "On distribue les cartes (voir «\u00a0La pioche\u00a0»).",
	} {
		if got := c.Text(l, "see", nil); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}

	// A translation that refers to another topic, or to one that does
	// not exist, fails Check.
	fsys["m/de.toml"] = &fstest.MapFile{Data: []byte("see = \"Karten werden verteilt (siehe „{{topic \\\"hand\\\"}}“).\"\n" +
		"[help.deck]\ntitle = \"Der Kartenstapel\"\n")}
	c, err = Load("topic", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	err = c.Check()
	if err == nil || !strings.Contains(err.Error(), `"help.hand.title"`) {
		t.Errorf("Check passes a reference to a missing topic: %v", err)
	}
	// A reference to a topic the catalog lacks reads as the ID.
	if got := c.Text(German, "see", nil); got != "Karten werden verteilt (siehe „hand“)." {
		t.Errorf("a missing topic reads %q", got)
	}
}
