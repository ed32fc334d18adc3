package smokyvalley

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// helpWords words the help in language l through the catalog, as a host
// does (Info.Catalog is set by the texts of play; the help brings its own).
func helpWords(l lang.Lang) engine.Words {
	return engine.WordsFor(engine.Info{Catalog: Catalog(), Help: New().Info().Help, Examples: New().Info().Examples}, l, nil)
}

// TestHelpEnglishFromCatalog: the English fields are the English catalog's
// wording, and every message of a topic words without a fallback.
func TestHelpEnglishFromCatalog(t *testing.T) {
	topics := New().Info().Help
	en := helpWords(lang.English).Help()
	for i, tp := range topics {
		if en[i].ID != tp.ID || en[i].Title != tp.Title || en[i].Body != tp.Body || fmt.Sprint(en[i].Keywords) != fmt.Sprint(tp.Keywords) {
			t.Errorf("topic %s in English differs from its English fields:\n%q\n%q", tp.ID, en[i].Body, tp.Body)
		}
		if tp.Title == "" || tp.Body == "" || len(tp.Keywords) == 0 {
			t.Errorf("topic %s lacks a title, body or keywords", tp.ID)
		}
		msgs := append([]lang.Msg{tp.TitleMsg, tp.KeywordsMsg}, tp.BodyMsgs...)
		if tp.TitleMsg.ID == "" {
			msgs = []lang.Msg{lang.M("help." + tp.ID + ".title"), lang.M("help." + tp.ID + ".body"), lang.M("help." + tp.ID + ".keywords")}
		}
		for _, l := range lang.Supported {
			for _, m := range msgs {
				if _, err := Catalog().Localize(l, m.ID, m.Data); err != nil {
					t.Errorf("topic %s: %v", tp.ID, err)
				}
			}
		}
	}
	for _, e := range New().Info().Examples {
		for _, l := range lang.Supported {
			id := "example." + strings.ReplaceAll(e.Move, " ", "-")
			if _, err := Catalog().Localize(l, id, nil); err != nil {
				t.Errorf("example %q: %v", e.Move, err)
			}
		}
	}
}

// TestHelpTranslated: every topic and example reads in German and French
// with no English sentence of the catalog, titles of their own (proper
// names aside), bodies within the limit, and the language's own keywords
// and titles find their topic with the host's search.
func TestHelpTranslated(t *testing.T) {
	english := New().Info().Help
	// titles that are proper names, the same in the language as in English
	sameTitle := map[lang.Lang][]string{lang.German: {"card-bank"}, lang.French: {}}
	queries := map[lang.Lang]map[string]string{
		lang.German: {"Bürgermeisterwahl": TopicCouncil, "Passenleiste": TopicPass, "Händlerbonus": TopicTraders,
			"lokaler Markt": TopicMarket, "Kanalschleuse": "card-canal-lock", "Wasserkraft": "service-water-power",
			"St. Ann": "district-stann", "West Indies": "market-wi", "Großbritannien": "market-gb", "Handelsfeld": TopicTraders,
			"Ausbau errichten": TopicService, "Schoner": TopicShips, "Frachter": TopicShips, "Verwaltungsphase": TopicAdmin,
			"Holzlager": "industry-wood-depot", "Getreidemühle": "industry-flour-mill", "Schlusswertung": TopicFinal},
		lang.French: {"élection du maire": TopicCouncil, "piste de passe": TopicPass, "bonus de marchand": TopicTraders,
			"marché local": TopicMarket, "écluse": "card-canal-lock", "énergie hydraulique": "service-water-power",
			"St. Ann": "district-stann", "Antilles": "market-wi", "Grande-Bretagne": "market-gb", "comptoir": TopicTraders,
			"goélette": TopicShips, "phase d'administration": TopicAdmin, "dépôt de bois": "industry-wood-depot",
			"minoterie": "industry-flour-mill", "décompte final": TopicFinal},
	}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		w := helpWords(l)
		topics := w.Help()
		idx := engine.NewHelpIndex(topics)
		found := func(q, id string, n int) bool {
			return slices.ContainsFunc(idx.Search(q, n), func(tp engine.HelpTopic) bool { return tp.ID == id })
		}
		for i, tp := range topics {
			text := tp.Title + "\n" + tp.Body + "\n" + strings.Join(tp.Keywords, ", ")
			// the game's title is a name, the same in every edition
			if eng := Catalog().EnglishIn(l, strings.ReplaceAll(text, w.GameName(), "")); len(eng) > 0 {
				t.Errorf("%s: topic %s keeps English %q:\n%s", l, tp.ID, eng, text)
			}
			if strings.Contains(text, "help.") || strings.Contains(text, "name.") || strings.ContainsAny(text, "{}") {
				t.Errorf("%s: topic %s shows a message ID or a placeholder:\n%s", l, tp.ID, text)
			}
			if tp.Kind != "district" && tp.Title == english[i].Title && !slices.Contains(sameTitle[l], tp.ID) {
				t.Errorf("%s: topic %s keeps its English title %q", l, tp.ID, tp.Title)
			}
			if tp.Body == english[i].Body || fmt.Sprint(tp.Keywords) == fmt.Sprint(english[i].Keywords) {
				t.Errorf("%s: topic %s keeps its English body or keywords", l, tp.ID)
			}
			if n := len([]rune(tp.Body)); n > 1500 {
				t.Errorf("%s: topic %s has %d characters (at most 1500)", l, tp.ID, n)
			}
			if !found(tp.Title, tp.ID, 3) {
				t.Errorf("%s: searching the title %q does not find %s in the first three", l, tp.Title, tp.ID)
			}
			if tp.Kind == "rule" {
				for _, k := range tp.Keywords {
					if !found(k, tp.ID, 5) {
						t.Errorf("%s: searching the keyword %q of %s finds %v", l, k, tp.ID, ids(idx.Search(k, 5)))
					}
				}
			}
		}
		for q, id := range queries[l] {
			if !found(q, id, 3) {
				t.Errorf("%s: searching %q finds %v, not %s in the first three", l, q, ids(idx.Search(q, 3)), id)
			}
		}
		for _, e := range New().Info().Examples {
			m := w.Example(e)
			if m == e.Meaning || len(Catalog().EnglishIn(l, m)) > 0 {
				t.Errorf("%s: example %q reads %q", l, e.Move, m)
			}
		}
	}
}

func ids(ts []engine.HelpTopic) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.ID)
	}
	return out
}

// TestHelpGermanCardNames: the German card titles are the printed German
// names of data/cards.json (nameDE, written there without umlauts).
func TestHelpGermanCardNames(t *testing.T) {
	ascii := strings.NewReplacer("ä", "ae", "ö", "oe", "ü", "ue", "Ä", "Ae", "Ö", "Oe", "Ü", "Ue", "ß", "ss")
	for _, c := range theData().cards {
		de, err := Catalog().Localize(lang.German, "name.card."+c.ID, nil)
		if err != nil || ascii.Replace(de) != c.NameDE {
			t.Errorf("card %s: German name %q (%v), data says %q", c.ID, de, err, c.NameDE)
		}
		if en, _ := Catalog().Localize(lang.English, "name.card."+c.ID, nil); en != c.Name {
			t.Errorf("card %s: English name %q, data says %q", c.ID, en, c.Name)
		}
	}
}

// TestHelpTileNamesArePickers: the help names each canal tile as the
// pickers, prompts and narration do (name.tile.<tile>), in every
// language: one tile, one name.
func TestHelpTileNamesArePickers(t *testing.T) {
	for _, l := range lang.Supported {
		for _, tile := range theData().canal {
			help := Catalog().Text(l, "name.help-tile."+tile.Effect, nil)
			play := Catalog().Text(l, "name.tile."+tile.ID, nil)
			if help != play {
				t.Errorf("%s: tile %s is %q in the help, %q in play", l, tile.ID, help, play)
			}
		}
	}
}
