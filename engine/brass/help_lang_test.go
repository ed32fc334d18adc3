package brass

import (
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// helpInfo is Brass's help with its catalog (Info.Catalog itself is set
// by the texts of play), as a host words it.
func helpInfo() engine.Info {
	info := New().Info()
	return engine.Info{Catalog: catalog, Help: info.Help, Examples: info.Examples}
}

// helpRuleText is one rule topic as English reads it (the catalog's English
// messages worded with the data), for the tests that read the texts.
type helpRuleText struct {
	id, title string
	keywords  []string
	body      string
}

// helpRuleTexts are the rule topics in English, in helpRuleIDs' order
// (help_test.go reads them).
var helpRuleTexts = func() []helpRuleText {
	var out []helpRuleText
	for _, t := range helpTopics() {
		if t.Kind == "rule" {
			out = append(out, helpRuleText{id: t.ID, title: t.Title, keywords: t.Keywords, body: t.Body})
		}
	}
	return out
}()

// englishIn is Catalog.EnglishIn without the fragments that have no
// letter (")\n-", "- @"): those are the lists' punctuation every language
// shares, not English.
func englishIn(l lang.Lang, text string) []string {
	var out []string
	for _, f := range catalog.EnglishIn(l, text) {
		if strings.IndexFunc(f, unicode.IsLetter) >= 0 {
			out = append(out, f)
		}
	}
	return out
}

// TestHelpEnglishFromCatalog: the English fields of every topic are the
// English messages as Words words them (one source), keywords without
// repeats.
func TestHelpEnglishFromCatalog(t *testing.T) {
	info := helpInfo()
	en := engine.WordsFor(info, lang.English, nil).Help()
	for i, tp := range info.Help {
		got := en[i]
		if got.ID != tp.ID || got.Title != tp.Title || got.Body != tp.Body || !slices.Equal(helpUniq(got.Keywords), tp.Keywords) {
			t.Errorf("topic %q: Words.Help in English %q %q %v, Info.Help %q %q %v", tp.ID, got.Title, got.Body, got.Keywords, tp.Title, tp.Body, tp.Keywords)
		}
		if tp.TitleMsg.ID == "" || len(tp.BodyMsgs) == 0 || tp.KeywordsMsg.ID == "" {
			t.Errorf("topic %q is not given by reference: %+v", tp.ID, tp)
		}
		// A "See also" worded by {{topic .topic}} names a topic with a title.
		for _, m := range tp.BodyMsgs {
			if id := m.Data["topic"]; id != "" && !catalog.Has(lang.English, lang.TopicTitle(id)) {
				t.Errorf("topic %q refers to topic %q, which has no title", tp.ID, id)
			}
		}
	}
	// The names of the industries in the help (the play texts' name.industry*) are the data's.
	b := theBoard()
	for i := industry(0); i < numIndustries; i++ {
		if got := catalog.Text(lang.English, "name.industry-title."+i.String(), nil); got != b.names[i] {
			t.Errorf("name.industry-title.%s = %q, tiles.json says %q", i, got, b.names[i])
		}
		if got := catalog.Text(lang.English, "name.industry."+i.String(), nil); got != b.lower[i] {
			t.Errorf("name.industry.%s = %q, tiles.json says %q", i, got, b.lower[i])
		}
	}
}

// TestHelpTranslated: every topic in German and French is worded by the
// catalog: no English sentence of the catalog in its title, body or
// keywords, no placeholder left, the body within the contract's 1500
// characters, and every notation example's meaning translated.
func TestHelpTranslated(t *testing.T) {
	info := helpInfo()
	for _, l := range []lang.Lang{lang.German, lang.French} {
		longest := 0
		for i, tp := range engine.WordsFor(info, l, nil).Help() {
			en := info.Help[i]
			if tp.ID != en.ID || tp.Kind != en.Kind {
				t.Fatalf("%s: topic %d is %q %q, want %q %q", l, i, tp.ID, tp.Kind, en.ID, en.Kind)
			}
			if tp.Body == en.Body || len(tp.Keywords) == 0 || slices.Equal(tp.Keywords, en.Keywords) {
				t.Errorf("%s: topic %q is not translated: %q %v", l, tp.ID, tp.Body, tp.Keywords)
			}
			if tp.Title == en.Title && strings.Contains(en.Title, " ") && !strings.HasPrefix(tp.ID, "place-") && tp.ID != TopicBarrow {
				t.Errorf("%s: topic %q has the English title %q", l, tp.ID, tp.Title)
			}
			texts := append([]string{tp.Title, tp.Body}, tp.Keywords...)
			for _, s := range texts {
				if f := englishIn(l, s); len(f) > 0 {
					t.Errorf("%s: topic %q has English %q in %q", l, tp.ID, f, s)
				}
				if strings.ContainsAny(s, "{}") || strings.Contains(s, "<no value>") {
					t.Errorf("%s: topic %q has a placeholder left: %q", l, tp.ID, s)
				}
			}
			n := utf8.RuneCountInString(tp.Body)
			longest = max(longest, n)
			if n > 1500 {
				t.Errorf("%s: topic %q body has %d characters, limit 1500", l, tp.ID, n)
			}
		}
		t.Logf("%s: longest body %d characters", l, longest)
		w := engine.WordsFor(info, l, nil)
		for _, e := range info.Examples {
			got := w.Example(e)
			if got == e.Meaning || len(englishIn(l, got)) > 0 {
				t.Errorf("%s: example %q reads %q", l, e.Move, got)
			}
		}
	}
	// The names the generated topics use (name.help-*) escape Check's test
	// for untranslated text: a German or French one of two words or more
	// is not the English.
	for _, id := range catalog.IDs() {
		if !strings.HasPrefix(id, "name.help-") {
			continue
		}
		en := catalog.Text(lang.English, id, nil)
		for _, l := range []lang.Lang{lang.German, lang.French} {
			if s, err := catalog.Localize(l, id, nil); err != nil || (s == en && strings.Contains(en, " ")) {
				t.Errorf("%s: %s reads %q (%v)", l, id, s, err)
			}
		}
	}
}

// TestHelpExamplesFromCatalog: Info.Examples' meanings are the English
// messages example.<move>.
func TestHelpExamplesFromCatalog(t *testing.T) {
	w := engine.WordsFor(helpInfo(), lang.English, nil)
	for _, e := range helpInfo().Examples {
		id := "example." + strings.ReplaceAll(e.Move, " ", "-")
		if !catalog.Has(lang.English, id) || w.Example(e) != e.Meaning {
			t.Errorf("example %q: message %s reads %q, Info says %q", e.Move, id, w.Example(e), e.Meaning)
		}
	}
}

// TestHelpKeywordsFindTopic: in every language, the host's help search
// (engine.NewHelpIndex over Words.Help) finds each topic by each of its
// keywords, and by its first keyword among the first three (a rule topic
// may rank first: "barrow" is a rule and a place); and German
// and French players' own words find the rule they mean.
func TestHelpKeywordsFindTopic(t *testing.T) {
	info := helpInfo()
	for _, l := range lang.Supported {
		topics := engine.WordsFor(info, l, nil).Help()
		index := engine.NewHelpIndex(topics)
		for _, tp := range topics {
			for k, kw := range tp.Keywords {
				hits := index.Search(kw, 0)
				if !slices.ContainsFunc(hits, func(h engine.HelpTopic) bool { return h.ID == tp.ID }) {
					t.Errorf("%s: keyword %q does not find topic %q", l, kw, tp.ID)
				}
				if k == 0 && !slices.ContainsFunc(hits[:min(3, len(hits))], func(h engine.HelpTopic) bool { return h.ID == tp.ID }) {
					t.Errorf("%s: first keyword %q of %q finds %q first", l, kw, tp.ID, helpIDs(hits, 3))
				}
			}
		}
	}
	for _, tc := range []struct {
		l           lang.Lang
		query, want string
	}{
		{lang.German, "kredit", TopicLoan},
		{lang.German, "geld leihen", TopicLoan},
		{lang.German, "kohle", TopicCoal},
		{lang.German, "kohlebergwerk", TopicCoalMine},
		{lang.German, "eisenhütte", TopicIronWorks},
		{lang.German, "werft", TopicShipyard},
		{lang.German, "baumwolle verkaufen", TopicSellCotton},
		{lang.German, "fernmarkt", TopicDistantMarket},
		{lang.German, "zugreihenfolge", TopicTurnOrder},
		{lang.German, "wer beginnt", TopicTurnOrder},
		{lang.German, "überbauen", TopicOverbuild},
		{lang.German, "entwickeln", TopicDevelop},
		{lang.German, "umdrehen", TopicFlipping},
		{lang.German, "negatives einkommen", TopicNegativeIncome},
		{lang.German, "schlusswertung", TopicFinalScoring},
		{lang.German, "gleichstand", TopicTieBreak},
		{lang.German, "14 verbindungen", TopicLinkLimit},
		{lang.German, "virtuelle verbindung", TopicVirtualLink},
		{lang.German, "passen", TopicDiscard},
		{lang.German, "spinnerei stufe 2", "tile-cotton-2"},
		{lang.German, "eisenhütte 3", "tile-iron-3"},
		{lang.German, "manchester", "place-manchester"},
		{lang.German, "karte wigan", "card-wigan"},
		{lang.French, "emprunt", TopicLoan},
		{lang.French, "charbon", TopicCoal},
		{lang.French, "mine de charbon", TopicCoalMine},
		{lang.French, "sidérurgie", TopicIronWorks},
		{lang.French, "chantier naval", TopicShipyard},
		{lang.French, "vendre du coton", TopicSellCotton},
		{lang.French, "marché extérieur", TopicDistantMarket},
		{lang.French, "ordre du tour", TopicTurnOrder},
		{lang.French, "qui commence", TopicTurnOrder},
		{lang.French, "recouvrir", TopicOverbuild},
		{lang.French, "se développer", TopicDevelop},
		{lang.French, "retourner", TopicFlipping},
		{lang.French, "revenu négatif", TopicNegativeIncome},
		{lang.French, "décompte final", TopicFinalScoring},
		{lang.French, "égalité", TopicTieBreak},
		{lang.French, "14 liaisons", TopicLinkLimit},
		{lang.French, "liaison virtuelle", TopicVirtualLink},
		{lang.French, "passer", TopicDiscard},
		{lang.French, "filature niveau 2", "tile-cotton-2"},
		{lang.French, "sidérurgie 3", "tile-iron-3"},
		{lang.French, "manchester", "place-manchester"},
		{lang.French, "carte wigan", "card-wigan"},
	} {
		hits := engine.SearchHelp(engine.WordsFor(info, tc.l, nil).Help(), tc.query, 3)
		if len(hits) == 0 || hits[0].ID != tc.want {
			t.Errorf("%s: search %q finds %v, want %q first", tc.l, tc.query, helpIDs(hits, 3), tc.want)
		}
	}
}

func helpIDs(topics []engine.HelpTopic, n int) []string {
	var ids []string
	for i, tp := range topics {
		if i == n {
			break
		}
		ids = append(ids, tp.ID)
	}
	return ids
}
