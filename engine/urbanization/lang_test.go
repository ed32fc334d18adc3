package urbanization

import (
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/playout"
)

// TestCatalogComplete is the completeness test of Urbanization's catalog
// (strict: every English message in German and French, the same
// placeholders, each language's plural forms).
func TestCatalogComplete(t *testing.T) {
	if err := catalog.Check(); err != nil {
		t.Fatal(err)
	}
}

// catalogInfo is Info, with its catalog.
func catalogInfo() engine.Info {
	info := New().Info()
	if info.Catalog != catalog {
		panic("Info.Catalog is not the catalog")
	}
	return info
}

// TestEnglishFieldsMatchCatalog: the English fields converted so far read
// as the English catalog words them.
func TestEnglishFieldsMatchCatalog(t *testing.T) {
	info := catalogInfo()
	w := engine.WordsFor(info, lang.English, nil)
	for _, n := range []int{0, 1, 2, 17} {
		if got, want := w.Score(n), info.Score.Of(n); got != want {
			t.Errorf("score %d: catalog %q, Info.Score %q", n, got, want)
		}
	}
	if got := w.ScoreName(); got != info.Score.Name {
		t.Errorf("score name %q, want %q", got, info.Score.Name)
	}
	if w.GameName() != info.Name || w.Summary() != info.Summary {
		t.Errorf("name, summary: %q, %q", w.GameName(), w.Summary())
	}
	for _, o := range info.Options {
		if got := w.Option(o); got != o.Help {
			t.Errorf("option %s: %q, want %q", o.Key, got, o.Help)
		}
	}
	for _, c := range info.Scoring {
		if got := w.Category(c); got != c.Label {
			t.Errorf("category %s: %q, want %q", c.Key, got, c.Label)
		}
	}
	if text, short := w.Phrase(info.Rounds); text != "game turns" || short != "turns" {
		t.Errorf("rounds: %q, %q", text, short)
	}
}

// TestRoundNamesUnchanged: the English round names and stages read as
// before the catalog (docs/architecture.md, "Round names").
func TestRoundNamesUnchanged(t *testing.T) {
	r := theData().rules
	for _, c := range []struct {
		st          State
		text, short string
		stage       string
		stageShort  string
	}{
		{State{Mode: ModeFirstHouse, Turn: 0}, "Game turn 1 of 6", "T1", "preparation", "prep"},
		{State{Mode: ModeHire, Turn: 2}, "Game turn 2 of 6", "T2", "hiring characters", "hire"},
		{State{Mode: ModeAction, Turn: 3, Phase: 2}, "Game turn 3 of 6", "T3", "action phase 2 of 4", "A2"},
		{State{Mode: ModeExchange, Turn: 6}, "Game turn 6 of 6", "T6", "administration", "admin"},
	} {
		if r.Turns.Value != 6 || r.ActionPhases.Value != 4 {
			t.Fatalf("rules changed: %d turns, %d phases", r.Turns.Value, r.ActionPhases.Value)
		}
		rn, sg := c.st.roundName(), c.st.stage()
		if rn.Text != c.text || rn.Short != c.short || sg.Text != c.stage || sg.Short != c.stageShort {
			t.Errorf("mode %d: %q %q / %q %q, want %q %q / %q %q", c.st.Mode, rn.Text, rn.Short, sg.Text, sg.Short,
				c.text, c.short, c.stage, c.stageShort)
		}
		if sg.Args["stage"] == "" {
			t.Errorf("mode %d: stage without its arg", c.st.Mode)
		}
	}
}

// TestPlurals: the score for 0, 1 and many, and money, in each language.
func TestPlurals(t *testing.T) {
	info := catalogInfo()
	nb := "\u00a0"
	for _, c := range []struct {
		l     lang.Lang
		n     int
		score string
		money string
	}{
		{lang.English, 0, "0 VP", "$0"},
		{lang.English, 1, "1 VP", "$1"},
		{lang.English, 1234, "1,234 VP", "$1,234"},
		{lang.German, 0, "0 SP", "0" + nb + "$"},
		{lang.German, 1, "1 SP", "1" + nb + "$"},
		{lang.German, 1234, "1.234 SP", "1.234" + nb + "$"},
		{lang.French, 0, "0" + nb + "PV", "0" + nb + "$"},
		{lang.French, 1, "1" + nb + "PV", "1" + nb + "$"},
		{lang.French, 1234, "1" + nb + "234" + nb + "PV", "1" + nb + "234" + nb + "$"},
	} {
		w := engine.WordsFor(info, c.l, nil)
		if got := w.Score(c.n); got != c.score {
			t.Errorf("%s score %d = %q, want %q", c.l, c.n, got, c.score)
		}
		if got := w.StatValue(engine.Stat{Key: "money", Value: c.n, Text: dollars(c.n)}); got != c.money {
			t.Errorf("%s money %d = %q, want %q", c.l, c.n, got, c.money)
		}
	}
	// work orders: the total and each colour with the language's letter
	p := Player{}
	p.Orders[White], p.Orders[Grey], p.Orders[Orange] = 2, 0, 1
	st := &State{N: 1, Players: []Player{p}}
	var orders engine.Stat
	for _, x := range New().Status(st).Seats[0].Stats {
		if x.Key == "orders" {
			orders = x
		}
	}
	for l, want := range map[lang.Lang]string{lang.English: "3 (2W 0G 1O)", lang.German: "3 (2W 0G 1O)", lang.French: "3 (2B 0G 1O)"} {
		if got := engine.WordsFor(info, l, nil).StatValue(orders); got != want {
			t.Errorf("%s: work orders read %q, want %q", l, got, want)
		}
	}
	if orders.Text != "3 (2W 0G 1O)" {
		t.Errorf("English field of the work orders: %q", orders.Text)
	}
	// French words 0 with the singular: its form "one" says the count,
	// not "1" (a player with no citizen, no grain left after feeding).
	for id, want := range map[string]string{
		"event.citizens": "Anna a 0 citoyen (maisons 2, grain 0, ordres de travail 3)\u00a0: +0\u00a0PV",
		"grain":          "0 grain",
		"goods":          "0 marchandise",
		"citizens":       "0 citoyen",
		"price-markers":  "0 marqueur de prix",
	} {
		data := map[string]string{"count": "0", "Seat": "Anna", "houses": "2", "grain": "0", "orders": "3", "vp": "0"}
		if got, err := catalog.Localize(lang.French, id, data); err != nil || got != want {
			t.Errorf("French %s with 0: %q %v, want %q", id, got, err, want)
		}
	}
}

// TestStatusInThreeLanguages walks whole games and words every status
// (phase, round name, stage, stat labels and values) in English, German
// and French: English as the English fields say, the translations
// complete and with no English sentence of the catalog in them.
func TestStatusInThreeLanguages(t *testing.T) {
	g := New()
	info := catalogInfo()
	stages := map[string]bool{}
	for k, opts := range []map[string]string{nil, {OptInventions: "on"}} {
		cfg := playout.Config{Options: opts, Seed: 19190101 + uint64(k), Workers: 1,
			RoundTripEvery: -1, ViewEvery: -1, OfferedEvery: -1, ReplayEvery: -1, UndoEvery: -1}
		rec, err := playout.Playout(g, cfg, 2)
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range res.Moves {
			st := g.Status(p.State)
			stages[st.Stage.Key] = true
			for _, l := range lang.Supported {
				w := engine.WordsFor(info, l, nil)
				texts := []string{w.Phase(st), phraseText(w, st.RoundName), phraseShort(w, st.RoundName)}
				if !st.Stage.IsZero() {
					texts = append(texts, phraseText(w, st.Stage), phraseShort(w, st.Stage))
				}
				for _, s := range st.Seats {
					for _, x := range s.Stats {
						texts = append(texts, w.StatLabel(x), w.StatValue(x))
					}
					for _, x := range s.Breakdown {
						texts = append(texts, w.StatLabel(x))
					}
				}
				if l == lang.English {
					want := []string{st.Phase, st.RoundName.Text, st.RoundName.Short}
					if !st.Stage.IsZero() {
						want = append(want, st.Stage.Text, st.Stage.Short)
					}
					for j, s := range want {
						if texts[j] != s {
							t.Errorf("move %d: English %q, field %q", i+1, texts[j], s)
						}
					}
					continue
				}
				for _, s := range texts {
					if s == "" {
						t.Errorf("move %d: %s: an empty text", i+1, l)
					}
					if en := catalog.EnglishIn(l, s); len(en) > 0 {
						t.Errorf("move %d: %s %q has English %q", i+1, l, s, en)
					}
				}
				if short := phraseShort(w, st.RoundName); len([]rune(short)) > engine.MaxShort {
					t.Errorf("%s short round name %q is longer than %d", l, short, engine.MaxShort)
				}
				if !st.Stage.IsZero() {
					if short := phraseShort(w, st.Stage); len([]rune(short)) > engine.MaxShort {
						t.Errorf("%s short stage %q is longer than %d", l, short, engine.MaxShort)
					}
				}
			}
		}
	}
	for _, k := range []string{"urbanization.stage-hire", "urbanization.stage-action", "urbanization.stage-administration", ""} {
		if !stages[k] {
			t.Errorf("the games never reach stage %q", k)
		}
	}
	_ = strconv.Itoa
}

func phraseText(w engine.Words, p engine.Phrase) string  { t, _ := w.Phrase(p); return t }
func phraseShort(w engine.Words, p engine.Phrase) string { _, s := w.Phrase(p); return s }

// TestNotOfferedRepeatsEveryQuestion: a token not offered at a decision is
// refused with the decision's own question (rule.move.not-offered-<prompt>)
// for every prompt the game asks, so no refusal falls back to the bare
// sentence; TestNarrateWholeGames words such refusals in every language.
func TestNotOfferedRepeatsEveryQuestion(t *testing.T) {
	n := 0
	for _, id := range catalog.IDs() {
		p, ok := strings.CutPrefix(id, "prompt.")
		if !ok {
			continue
		}
		n++
		if !catalog.Has(lang.Fallback, "rule.move.not-offered-"+p) {
			t.Errorf("%s has no rule.move.not-offered-%s", id, p)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			got := engine.WordsFor(catalogInfo(), l, nil).Error(notOffered(lang.M(id, "n", "2", "of", "3", "colour", "grey", "card", "bakery", "territory", "t02"), "", "zz"))
			if !strings.Contains(got, "zz") || len(englishIn(l, got)) > 0 || strings.Contains(got, "{{") {
				t.Errorf("%s %s: %q", id, l, got)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d prompts", n)
	}
}
