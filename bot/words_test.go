package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestCatalog: every English message of the host has a German and a
// French one with the same placeholders and the language's plural forms
// (no silent fallback).
func TestCatalog(t *testing.T) {
	if err := bot.Catalog().Check(); err != nil {
		t.Fatal(err)
	}
}

// TestExplainInEveryLanguage: every kind of the vocabulary explains in
// German and French as a clean sentence with no English sentence of the
// host's or the game's catalog (a detail the service words itself aside:
// the examples that carry one are skipped for that check), different from
// the English, and a broken rule reads the game's words for it.
func TestExplainInEveryLanguage(t *testing.T) {
	svc, _ := loggedService(t)
	ex := servicetest.ErrorExamples()
	info := testgame.Game{}.Info()
	// The examples' rule and choices are English-only; these come
	// from the game's catalog, as a game's real ones do.
	ex[bot.KindRule] = &bot.Error{Kind: bot.KindRule, Rule: engine.RuleMsg(info.Catalog, "take.pile", "take", lang.CountKey, "3")}
	ex[bot.KindIncomplete] = &bot.Error{Kind: bot.KindIncomplete, Move: "take", Err: engine.ErrIncompleteMove,
		Choices: &engine.Choices{Prompt: "How many?", PromptMsg: lang.M("prompt.count"), Next: []engine.Choice{{Token: "1"}, {Token: "3"}}}}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		w := engine.WordsFor(info, l, nil)
		for _, k := range bot.Kinds {
			for _, err := range []error{ex[k], &bot.Error{Kind: k}} {
				en := svc.Explain(context.Background(), err)
				p := svc.ExplainIn(context.Background(), err, w)
				if p.Kind != k {
					t.Errorf("%s %s explains as %s", l, k, p.Kind)
				}
				servicetest.CheckText(t, string(l)+" "+string(k), p.Text)
				if be, ok := err.(*bot.Error); ok && be.Detail != "" && (k == bot.KindInvalid || k == bot.KindStale || k == bot.KindNotAllowed) {
					continue // the detail is the whole text
				}
				if p.Text == en.Text && k != bot.KindInternal && k != bot.KindDamaged {
					t.Errorf("%s %s reads as in English: %q", l, k, p.Text)
				}
				for _, cat := range []*lang.Catalog{bot.Catalog(), info.Catalog} {
					if eng := cat.EnglishIn(l, p.Text); len(eng) > 0 && !detailOnly(err, eng) {
						t.Errorf("%s %s: %q has English %q", l, k, p.Text, eng)
					}
				}
			}
		}
	}
	de := engine.WordsFor(info, lang.German, nil)
	if p := svc.ExplainIn(context.Background(), ex[bot.KindNotYourTurn], de); p.Text != "Du bist nicht am Zug; wir warten auf Bob." {
		t.Errorf("German not-your-turn: %q", p.Text)
	}
	who := &bot.Error{Kind: bot.KindNotYourTurn, Who: []string{"Ann", "Bob", "Cy"}}
	if p := svc.ExplainIn(context.Background(), who, engine.WordsFor(info, lang.French, nil)); p.Text != "Ce n’est pas ton tour\u00a0; on attend Ann, Bob et Cy." {
		t.Errorf("French list of people: %q", p.Text)
	}
	// A rule error of the game worded by the game's German catalog.
	rule := engine.RuleMsg(info.Catalog, "take.pile", "take", lang.CountKey, "3")
	want, err := info.Catalog.Localize(lang.German, engine.RulePrefix+"take.pile", map[string]string{lang.CountKey: "3"})
	if err != nil {
		t.Fatal(err)
	}
	if p := svc.ExplainIn(context.Background(), rule, de); p.Text != "Dieser Zug ist nicht erlaubt: "+strings.TrimSuffix(want, ".")+"." || p.Code != "take.pile" {
		t.Errorf("German rule refusal: %+v", p)
	}
	if p := svc.Explain(context.Background(), rule); p.Text != "That move is not allowed: only 3 pebbles are left." {
		t.Errorf("English rule refusal: %q", p.Text)
	}
}

// detailOnly reports that every English fragment found comes from the
// error's own Detail, which the service still words in English.
func detailOnly(err error, eng []string) bool {
	be, ok := err.(*bot.Error)
	if !ok || be.Detail == "" {
		return false
	}
	for _, f := range eng {
		if !strings.Contains(be.Detail, f) {
			return false
		}
	}
	return true
}

// TestDetailsInEveryLanguage: a refusal's detail by reference reads in the
// reader's language, with the plural forms of 0, 1 and many, and English
// exactly as before.
func TestDetailsInEveryLanguage(t *testing.T) {
	svc, _ := loggedService(t)
	ctx := context.Background()
	say := func(l lang.Lang, err error) string { return svc.ExplainIn(ctx, err, engine.Words{Lang: l}).Text }
	for _, c := range []struct {
		lo, hi, n int
		l         lang.Lang
		want      string
	}{
		{2, 2, 1, lang.English, "The number of players does not fit the game: this match needs 2 players and has 1 player."},
		{1, 1, 0, lang.English, "The number of players does not fit the game: this match needs 1 player and has 0 players."},
		{2, 4, 5, lang.English, "The number of players does not fit the game: this match needs 2 to 4 players and has 5 players."},
		{2, 2, 1, lang.German, "Die Zahl der Mitspielenden passt nicht zum Spiel: diese Partie braucht 2 Personen und hat 1 Person."},
		{2, 2, 0, lang.German, "Die Zahl der Mitspielenden passt nicht zum Spiel: diese Partie braucht 2 Personen und hat 0 Personen."},
		{2, 4, 5, lang.German, "Die Zahl der Mitspielenden passt nicht zum Spiel: diese Partie braucht 2 bis 4 Personen und hat 5 Personen."},
		{2, 2, 0, lang.French, "Le nombre de joueurs ne convient pas au jeu\u00a0: cette partie demande 2 joueurs et en a 0 joueur."},
		{2, 2, 1, lang.French, "Le nombre de joueurs ne convient pas au jeu\u00a0: cette partie demande 2 joueurs et en a 1 joueur."},
		{2, 4, 5, lang.French, "Le nombre de joueurs ne convient pas au jeu\u00a0: cette partie demande 2 à 4 joueurs et en a 5 joueurs."},
		{2, 4, 1000000, lang.French, "Le nombre de joueurs ne convient pas au jeu\u00a0: cette partie demande 2 à 4 joueurs et en a 1\u00a0000\u00a0000 de joueurs."},
	} {
		if got := say(c.l, bot.SeatCountError(c.lo, c.hi, c.n)); got != c.want {
			t.Errorf("%s %d-%d/%d:\n got %q\nwant %q", c.l, c.lo, c.hi, c.n, got, c.want)
		}
	}
}
