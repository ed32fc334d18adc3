package urbanization

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
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

// helpInfo is Info with the catalog, as a host sees it once Info.Catalog
// is set: the help worded by reference.
func helpInfo() engine.Info {
	return engine.Info{Catalog: Catalog(), Help: New().Info().Help, Examples: New().Info().Examples}
}

// TestHelpTranslated words every help topic and notation example in German
// and French: each is translated (no English sentence of the catalog in
// it, a title and body unlike the English), complete, and short enough.
func TestHelpTranslated(t *testing.T) {
	info := helpInfo()
	for _, l := range []lang.Lang{lang.German, lang.French} {
		w := engine.WordsFor(info, l, nil)
		topics := w.Help()
		if len(topics) != len(info.Help) {
			t.Fatalf("%s: %d topics, want %d", l, len(topics), len(info.Help))
		}
		for i, tp := range topics {
			en := info.Help[i]
			if tp.ID != en.ID || tp.Kind != en.Kind {
				t.Errorf("%s: topic %d is %s/%s, want %s/%s", l, i, tp.ID, tp.Kind, en.ID, en.Kind)
			}
			if tp.Title == "" || strings.TrimSpace(tp.Body) == "" || len(tp.Keywords) == 0 {
				t.Errorf("%s: topic %s is incomplete: %+v", l, tp.ID, tp)
			}
			if tp.Body == en.Body || (tp.Title == en.Title && len(strings.Fields(en.Title)) > 1) {
				t.Errorf("%s: topic %s reads as in English", l, tp.ID)
			}
			if strings.ContainsAny(tp.Body, "{}%") || strings.Contains(tp.Body, "help.") {
				t.Errorf("%s: topic %s has an unfilled placeholder or a message ID: %s", l, tp.ID, tp.Body)
			}
			// The contract allows 1500 characters; the package keeps every
			// language to maxHelpBody bytes, as in English.
			if n := len(tp.Body); n > maxHelpBody || utf8.RuneCountInString(tp.Body) > 1500 {
				t.Errorf("%s: topic %s body has %d bytes, limit %d", l, tp.ID, n, maxHelpBody)
			}
			for _, s := range append([]string{tp.Title, tp.Body}, tp.Keywords...) {
				if found := Catalog().EnglishIn(l, s); len(found) > 0 {
					t.Errorf("%s: topic %s: %q has English %q", l, tp.ID, s, found)
				}
			}
			for _, k := range tp.Keywords {
				if k != strings.ToLower(k) {
					t.Errorf("%s: topic %s keyword %q is not lower case", l, tp.ID, k)
				}
			}
		}
		for _, ex := range info.Examples {
			s := w.Example(ex)
			if s == "" || s == ex.Meaning {
				t.Errorf("%s: example %q is not translated: %q", l, ex.Move, s)
			}
			if found := Catalog().EnglishIn(l, s); len(found) > 0 {
				t.Errorf("%s: example %q: %q has English %q", l, ex.Move, s, found)
			}
		}
	}
}

// TestHelpEnglishFromCatalog: the English fields of Info.Help and
// Info.Examples are what the English messages say.
func TestHelpEnglishFromCatalog(t *testing.T) {
	info := helpInfo()
	w := engine.WordsFor(info, lang.English, nil)
	for i, tp := range w.Help() {
		en := info.Help[i]
		if tp.Title != en.Title || tp.Body != en.Body || !equalStrings(tp.Keywords, en.Keywords) {
			t.Errorf("topic %s: the catalog's English differs from the English fields: %+v", en.ID, tp)
		}
	}
	for _, ex := range info.Examples {
		if got := w.Example(ex); got != ex.Meaning {
			t.Errorf("example %q: catalog %q, field %q", ex.Move, got, ex.Meaning)
		}
	}
}

// digits are the numbers a text states, sorted.
var digitRun = regexp.MustCompile(`[0-9]+`)

func digits(s string) []string {
	out := digitRun.FindAllString(s, -1)
	sort.Strings(out)
	return out
}

// TestHelpNumbersAgree: every topic states the same numbers in German and
// French as in English (a card's numbers are written in its messages, so
// a corrected value must be corrected in every language).
func TestHelpNumbersAgree(t *testing.T) {
	info := helpInfo()
	for _, l := range []lang.Lang{lang.German, lang.French} {
		for i, tp := range engine.WordsFor(info, l, nil).Help() {
			en := info.Help[i]
			if got, want := digits(tp.Body), digits(en.Body); !equalStrings(got, want) {
				t.Errorf("%s: topic %s states %v, English %v", l, tp.ID, got, want)
			}
		}
		for _, ex := range info.Examples {
			if got, want := digits(engine.WordsFor(info, l, nil).Example(ex)), digits(ex.Meaning); !equalStrings(got, want) {
				t.Errorf("%s: example %q states %v, English %v", l, ex.Move, got, want)
			}
		}
	}
}

// TestHelpSearchInEachLanguage indexes the worded topics as a host does
// (engine.NewHelpIndex over Words.Help, once per language): every topic is
// found first by one of its own keywords (the Mayor's card and rule topic
// share theirs: either may come first), and what a player would type
// finds the right topic first.
func TestHelpSearchInEachLanguage(t *testing.T) {
	shared := map[string]bool{TopicMayor: true, TopicCharacterPrefix + "mayor": true}
	queries := map[lang.Lang]map[string]string{
		lang.German: {
			"hochhaus":           TopicSkyscraper,
			"müller":             TopicCharacterPrefix + "millworker",
			"börse":              TopicFactoryPrefix + "stock-market",
			"kornspeicher":       TopicInventionPrefix + "grain-points",
			"abdeckplättchen":    TopicSmallGames,
			"bürger":             TopicCitizens,
			"scheunen auffüllen": TopicBarnRefill,
			"steuern":            TopicTaxes,
			"preismarker":        TopicPriceMarkers,
			"zehn marker":        TopicActionMarkers,
			"professor":          TopicCharacterPrefix + "professor",
			"startgeld":          TopicSetup,
			"angenommen":         TopicAssumed,
			"aufwerten":          TopicUpgrade,
			"ernte":              TopicHarvest,
			"erfindungsleiste":   TopicInventions,
			"getreide verkaufen": TopicSellGrain,
			"arbeitsaufträge":    TopicOrders,
			"schlusswertung":     TopicFinalScoring,
			"windmühle":          TopicFactoryPrefix + "windmill",
			"makler":             TopicCharacterPrefix + "agent",
			"verwaltungsgebäude": TopicAdmin,
			"notation":           TopicNotation,
			"zwei spieler":       TopicSmallGames,
			"erfindung erwerben": TopicAcquire,
			"gleichstand":        TopicTieBreak,
			"säen":               TopicSow,
			"land kaufen":        TopicBuyLand,
			"passen":             TopicPass,
			"ernährung":          TopicFeeding,
		},
		lang.French: {
			"gratte-ciel":            TopicSkyscraper,
			"meunier":                TopicCharacterPrefix + "millworker",
			"bourse":                 TopicFactoryPrefix + "stock-market",
			"grenier":                TopicInventionPrefix + "grain-points",
			"tuiles de recouvrement": TopicSmallGames,
			"citoyens":               TopicCitizens,
			"remplir les granges":    TopicBarnRefill,
			"impôts":                 TopicTaxes,
			"marqueurs de prix":      TopicPriceMarkers,
			"dix marqueurs":          TopicActionMarkers,
			"professeur":             TopicCharacterPrefix + "professor",
			"argent de départ":       TopicSetup,
			"supposé":                TopicAssumed,
			"améliorer":              TopicUpgrade,
			"récolte":                TopicHarvest,
			"piste des inventions":   TopicInventions,
			"vendre du grain":        TopicSellGrain,
			"ordres de travail":      TopicOrders,
			"décompte final":         TopicFinalScoring,
			"moulin à vent":          TopicFactoryPrefix + "windmill",
			"agent immobilier":       TopicCharacterPrefix + "agent",
			"bâtiment administratif": TopicAdmin,
			"notation":               TopicNotation,
			"deux joueurs":           TopicSmallGames,
			"acquérir une invention": TopicAcquire,
			"égalité":                TopicTieBreak,
			"semer":                  TopicSow,
			"acheter un terrain":     TopicBuyLand,
			"passer":                 TopicPass,
			"nourrir":                TopicFeeding,
		},
	}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		topics := engine.WordsFor(helpInfo(), l, nil).Help()
		x := engine.NewHelpIndex(topics)
		for _, tp := range topics {
			best := -1
			for _, k := range tp.Keywords {
				for r, g := range x.Search(k, 2) {
					if g.ID == tp.ID && (best < 0 || r < best) {
						best = r
					}
				}
			}
			if best < 0 || (best > 0 && !shared[tp.ID]) {
				t.Errorf("%s: no keyword of topic %s (%q) finds it first (best rank %d)", l, tp.ID, tp.Keywords, best)
			}
		}
		for q, want := range queries[l] {
			got := x.Search(q, 3)
			if len(got) == 0 || got[0].ID != want {
				var ids []string
				for _, g := range got {
					ids = append(ids, g.ID)
				}
				t.Errorf("%s: search %q: got %v, want %s first", l, q, ids, want)
			}
		}
	}
}

// TestHelpPlurals: the counts of the help in each language's forms.
func TestHelpPlurals(t *testing.T) {
	nb := "\u00a0"
	for _, c := range []struct {
		l    lang.Lang
		id   string
		n    string
		want string
	}{
		{lang.English, "help.n.houses", "1", "1 house"},
		{lang.English, "help.n.houses", "12", "12 houses"},
		{lang.English, "help.n.grain", "8", "8 grain"},
		{lang.German, "help.n.houses", "1", "1 Haus"},
		{lang.German, "help.n.houses", "12", "12 Häuser"},
		{lang.German, "help.n.orange-orders", "1", "1 orangefarbenen Arbeitsauftrag"},
		{lang.German, "help.n.orange-orders", "2", "2 orangefarbene Arbeitsaufträge"},
		{lang.German, "help.n.spaces", "9", "9 Andockfeldern"},
		{lang.French, "help.n.houses", "1", "1 maison"},
		{lang.French, "help.n.houses", "0", "0 maison"},
		{lang.French, "help.n.houses", "12", "12 maisons"},
		{lang.French, "help.n.grain", "1000000", "1" + nb + "000" + nb + "000 de grains"},
		{lang.French, "help.n.work-orders", "1000000", "1" + nb + "000" + nb + "000 d’ordres de travail"},
	} {
		got, err := Catalog().Localize(c.l, c.id, map[string]string{lang.CountKey: c.n})
		if err != nil || got != c.want {
			t.Errorf("%s %s %s = %q (%v), want %q", c.l, c.id, c.n, got, err, c.want)
		}
	}
}

// TestHelpNamesCardsAsTheGameDoes: in every language, the help topic of a
// factory names the invention whose final-scoring bonus it carries, and
// the topic of that invention names the factory, exactly as the game's
// texts name them (the cards' names in name.invention / name.factory),
// so a player who reads one can find the other.
func TestHelpNamesCardsAsTheGameDoes(t *testing.T) {
	info := New().Info()
	for _, l := range lang.Supported {
		w := engine.WordsFor(info, l, nil)
		bodies := map[string]string{}
		for _, tp := range w.Help() {
			bodies[tp.ID] = tp.Body
		}
		n := 0
		for _, inv := range theData().inventions {
			if inv.bonusFactory < 0 {
				continue
			}
			n++
			f := theData().factories[inv.bonusFactory]
			invName := w.Msg(msg("name.invention."+inv.ID), inv.Name)
			facName := w.Msg(msg("name.factory."+f.ID), f.Name)
			if b := bodies[TopicFactoryPrefix+f.ID]; !strings.Contains(strings.ToLower(b), strings.ToLower(invName)) {
				t.Errorf("%s: the topic of %s does not name the invention %q: %q", l, f.ID, invName, b)
			}
			if b := bodies[TopicInventionPrefix+inv.ID]; !strings.Contains(strings.ToLower(b), strings.ToLower(facName)) {
				t.Errorf("%s: the topic of %s does not name the factory %q: %q", l, inv.ID, facName, b)
			}
		}
		if n < 10 {
			t.Fatalf("only %d factory bonuses", n)
		}
	}
}
