package engine_test

import (
	"errors"
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestEngineCatalogComplete: the engine's own texts in every language.
func TestEngineCatalogComplete(t *testing.T) {
	if err := engine.Catalog().Check(); err != nil {
		t.Fatal(err)
	}
}

// TestWordsWithoutCatalog: a game not yet translated reads as its English
// fields say, in every language, with the seats named.
func TestWordsWithoutCatalog(t *testing.T) {
	info := engine.Info{Name: "Old", Score: engine.ScoreName{Name: "points", Short: "VP"},
		Options: []engine.OptionSpec{{Key: "x", Help: "an option"}}}
	w := engine.WordsFor(info, lang.German, []string{"Ann", "Bo"})
	ev := engine.Event{Audience: engine.Public, Seat: 1, Kind: "build", Text: "seat 2 builds seat 1's mill", Own: "you build seat 1's mill"}
	for viewer, want := range map[int]string{engine.Spectator: "Bo builds Ann's mill", 0: "Bo builds your mill", 1: "you build Ann's mill"} {
		if got := w.Event(ev, viewer); got != want {
			t.Errorf("viewer %d: %q, want %q", viewer, got, want)
		}
	}
	for got, want := range map[string]string{
		w.GameName(): "Old", w.Score(3): "3 VP", w.Option(info.Options[0]): "an option",
		w.Prompt(engine.Choices{Prompt: "Where?"}): "Where?", w.Phase(engine.Status{Phase: "Canal period"}): "Canal period",
		w.Error(engine.Rule("x.y", "x", "no coal")): "no coal", w.Card(engine.Card{Token: "a", Name: "Alpha"}): "Alpha",
		w.StatValue(engine.Stat{Key: "money", Value: 12, Text: "£12"}): "£12",
	} {
		if got != want {
			t.Errorf("%q, want %q", got, want)
		}
	}
}

// TestWordsEngineTexts: what the engine itself says, per language.
func TestWordsEngineTexts(t *testing.T) {
	for _, c := range []struct {
		l                            lang.Lang
		seat, title, turn, untracked string
	}{
		{lang.English, "seat 3", "Seat 3", "it is not your turn", "Scored before the breakdown was kept"},
		{lang.German, "Spieler 3", "Spieler 3", "du bist nicht am Zug", "Punkte aus der Zeit vor der Aufschlüsselung"},
		{lang.French, "joueur 3", "Joueur 3", "ce n’est pas ton tour", "Points marqués avant le détail du score"},
	} {
		w := engine.WordsFor(engine.Info{}, c.l, []string{"Ann", "", "", "bob"})
		if got := w.Seat(2); got != c.seat {
			t.Errorf("%s: seat 3 is %q, want %q", c.l, got, c.seat)
		}
		if got := w.SeatTitle(2); got != c.title {
			t.Errorf("%s: seat 3 beginning a sentence is %q, want %q", c.l, got, c.title)
		}
		if got := w.SeatTitle(3); got != "bob" {
			t.Errorf("%s: a player's name beginning a sentence is %q, want it as it is", c.l, got)
		}
		if got := w.Seat(0); got != "Ann" {
			t.Errorf("%s: seat 1 is %q, want Ann", c.l, got)
		}
		if got := w.Error(fmt.Errorf("apply: %w", engine.ErrNotYourTurn)); got != c.turn {
			t.Errorf("%s: %q, want %q", c.l, got, c.turn)
		}
		b := engine.ScoreBreakdown(nil, nil, 4)
		if got := w.StatLabel(b[0]); got != c.untracked {
			t.Errorf("%s: %q, want %q", c.l, got, c.untracked)
		}
		if got := w.StatValue(engine.Stat{Key: "n", Value: 12345}); got != c.l.Int(12345) {
			t.Errorf("%s: stat value %q", c.l, got)
		}
	}
}

// TestWordsPhrase: a Phrase by reference is the messages phrase.<key> and
// phrase.<key>-short; without them, its English Text and Short.
func TestWordsPhrase(t *testing.T) {
	p := engine.Phrase{Key: "x.round", Args: map[string]string{"round": "3"}, Text: "Round 3", Short: "R3"}
	if m := p.Msg(); m.ID != "phrase.x.round" || m.Data["round"] != "3" {
		t.Errorf("Msg %+v", m)
	}
	if m := p.ShortMsg(); m.ID != "phrase.x.round-short" {
		t.Errorf("ShortMsg %+v", m)
	}
	if (engine.Phrase{}).Msg().ID != "" {
		t.Error("the zero Phrase names a message")
	}
	text, short := engine.WordsFor(engine.Info{}, lang.German, nil).Phrase(p)
	if text != "Round 3" || short != "R3" {
		t.Errorf("without a catalog: %q, %q", text, short)
	}
}

// TestWordsHelp: a topic is worded by help.<id>.* or, generated from data,
// by its messages by reference; what a catalog lacks stays English.
func TestWordsHelp(t *testing.T) {
	fsys := fstest.MapFS{}
	for l, text := range map[string]string{
		"en": "[help.turns]\ntitle = \"Turns\"\nbody = \"Take turns.\"\nkeywords = \"turn, order\"\n" +
			"[help.place]\ntitle = \"{{.town}}\"\nbody = \"{{.town}} has {{.n}} spaces.\"\nport = \"It is a port.\"\nkeywords = \"{{.town}}, town\"\n",
		"de": "[help.turns]\ntitle = \"Züge\"\nbody = \"Zieht nacheinander.\"\nkeywords = \"Zug, Reihenfolge\"\n" +
			"[help.place]\ntitle = \"{{.town}}\"\nbody = \"{{.town}} hat {{.n}} Plätze.\"\nport = \"Es ist ein Hafen.\"\nkeywords = \"{{.town}}, Stadt\"\n",
		"fr": "[help.turns]\ntitle = \"Tours\"\nbody = \"Jouez chacun votre tour.\"\nkeywords = \"tour, ordre\"\n" +
			"[help.place]\ntitle = \"{{.town}}\"\nbody = \"{{.town}} a {{.n}} emplacements.\"\nport = \"C’est un port.\"\nkeywords = \"{{.town}}, ville\"\n",
	} {
		fsys["m/help."+l+".toml"] = &fstest.MapFile{Data: []byte(text)}
	}
	cat, err := lang.Load("help-test", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	if err := cat.Check(); err != nil {
		t.Fatal(err)
	}
	info := engine.Info{Catalog: cat, Help: []engine.HelpTopic{
		{ID: "turns", Title: "Turns", Body: "Take turns.", Keywords: []string{"turn", "order"}},
		{ID: "place-bolton", Title: "Bolton", Body: "Bolton has 3 spaces. It is a port.", Keywords: []string{"Bolton", "town"},
			TitleMsg:    lang.M("help.place.title", "town", "Bolton"),
			BodyMsgs:    []lang.Msg{lang.M("help.place.body", "town", "Bolton", "n", "3"), lang.M("help.place.port")},
			KeywordsMsg: lang.M("help.place.keywords", "town", "Bolton")},
		{ID: "untranslated", Title: "Loans", Body: "Borrow money."},
	}}
	de := engine.WordsFor(info, lang.German, nil).Help()
	want := []engine.HelpTopic{
		{Title: "Züge", Body: "Zieht nacheinander.", Keywords: []string{"Zug", "Reihenfolge"}},
		{Title: "Bolton", Body: "Bolton hat 3 Plätze. Es ist ein Hafen.", Keywords: []string{"Bolton", "Stadt"}},
		{Title: "Loans", Body: "Borrow money."},
	}
	for i, w := range want {
		got := de[i]
		if got.ID != info.Help[i].ID || got.Title != w.Title || got.Body != w.Body || fmt.Sprint(got.Keywords) != fmt.Sprint(w.Keywords) {
			t.Errorf("topic %d in German: %q %q %q %v, want %q %q %v", i, got.ID, got.Title, got.Body, got.Keywords, w.Title, w.Body, w.Keywords)
		}
	}
	en := engine.WordsFor(info, lang.English, nil).Help()
	for i, topic := range info.Help {
		if en[i].Title != topic.Title || en[i].Body != topic.Body || fmt.Sprint(en[i].Keywords) != fmt.Sprint(topic.Keywords) {
			t.Errorf("topic %d in English differs from its English fields: %+v", i, en[i])
		}
	}
}

// TestRuleVariant: one rule code, broken in two ways, is worded by
// rule.<code> and rule.<code>-<variant>; both match the code.
func TestRuleVariant(t *testing.T) {
	fsys := fstest.MapFS{}
	for l, text := range map[string]string{
		"en": "[rule.take]\npile = \"only {{.n}} left\"\npile-empty = \"the pile is empty\"\n",
		"de": "[rule.take]\npile = \"nur noch {{.n}} übrig\"\npile-empty = \"der Haufen ist leer\"\n",
		"fr": "[rule.take]\npile = \"il n'en reste que {{.n}}\"\npile-empty = \"le tas est vide\"\n",
	} {
		fsys["m/"+l+".toml"] = &fstest.MapFile{Data: []byte(text)}
	}
	cat, err := lang.Load("rule-test", fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	info := engine.Info{Catalog: cat}
	plain := engine.RuleMsg(cat, "take.pile", "take", "n", "2")
	empty := engine.RuleVariant(cat, "take.pile", "empty", "take")
	if plain.Msg != "only 2 left" || empty.Msg != "the pile is empty" || empty.Code != "take.pile" {
		t.Fatalf("English: %+v, %+v", plain, empty)
	}
	if !errors.Is(empty, &engine.RuleError{Code: "take.pile"}) {
		t.Error("a variant does not match its code")
	}
	de := engine.WordsFor(info, lang.German, nil)
	if got := de.Error(plain); got != "nur noch 2 übrig" {
		t.Errorf("German %q", got)
	}
	if got := de.Error(fmt.Errorf("apply: %w", empty)); got != "der Haufen ist leer" {
		t.Errorf("German variant %q", got)
	}
}
