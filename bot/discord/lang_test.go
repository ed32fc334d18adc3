package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

// Players whose Discord clients speak German, French, Spanish and
// Brazilian Portuguese.
const (
	dieter = "100000000000000011"
	franck = "100000000000000012"
	pablo  = "100000000000000013"
	joao   = "100000000000000014"
)

// TestRefusalsInTheReadersLanguage: a refusal is a private reply in the
// language of the user's Discord locale: German and French read the
// host's and the game's German and French words (no English sentence of
// either catalog), es-ES and pt-BR read English, and an English player at
// the same table keeps reading English.
func TestRefusalsInTheReadersLanguage(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	for _, u := range []fakediscord.User{{ID: dieter, Name: "dieter", Locale: "de"}, {ID: franck, Name: "franck", Locale: "fr"},
		{ID: pablo, Name: "pablo", Locale: "es-ES"}, {ID: joao, Name: "joao", Locale: "pt-BR"}} {
		h.fd.AddUser(u)
	}
	F := fakediscord.Str
	game := testgame.Game{}.Info().Catalog
	clean := func(l lang.Lang, what, text string) {
		t.Helper()
		for _, c := range []*lang.Catalog{bot.Catalog(), game} {
			if eng := c.EnglishIn(l, text); len(eng) > 0 {
				t.Errorf("%s %s: %q has English %q", l, what, text, eng)
			}
		}
	}

	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"))
	// Before the start: each reads who may start it in their language.
	r := h.cmd(dieter, room, "move", F("move", "take 1"))
	must(t, r.Ephemeral() && r.Content == "Die Partie hat noch nicht begonnen: alice hat sie eröffnet und kann sie starten, sobald genug Mitspielende beigetreten sind.", "German: %q", r.Content)
	clean(lang.German, "not started", r.Content)
	r = h.cmd(franck, room, "move", F("move", "take 1"))
	must(t, r.Ephemeral() && strings.HasPrefix(r.Content, "La partie n’a pas encore commencé\u00a0: alice l’a ouverte"), "French: %q", r.Content)
	clean(lang.French, "not started", r.Content)
	english := "The match has not started yet: alice, who created it, can start it once enough players have joined."
	for _, u := range []string{pablo, joao, bob} {
		r = h.cmd(u, room, "move", F("move", "take 1"))
		must(t, r.Ephemeral() && r.Content == english, "%s reads English: %q", u, r.Content)
	}

	// A mixed table: alice (English) and dieter (German).
	h.click(dieter, room, "Join")
	r = h.click(dieter, room, "Start")
	must(t, r.Ephemeral() && strings.HasPrefix(r.Content, "Nur alice, die Person, die diese Partie eröffnet hat,"), "dieter may not start: %q", r.Content)
	clean(lang.German, "start", r.Content)
	h.click(alice, room, "Start")
	r = h.cmd(dieter, room, "move", F("move", "take 1"))
	must(t, r.Ephemeral() && r.Content == "Du bist nicht am Zug; wir warten auf alice.", "dieter out of turn: %q", r.Content)
	r = h.cmd(alice, room, "move", F("move", "take 7"))
	must(t, r.Ephemeral() && strings.HasPrefix(r.Content, "That move is not allowed: ") && strings.Contains(r.Content, "Rule: **Taking pebbles** - "), "alice's refusal in English: %q", r.Content)
	h.cmd(alice, room, "move", F("move", "take 1"))
	// A broken rule: the game's German words for it and its German help.
	r = h.cmd(dieter, room, "move", F("move", "take 7"))
	must(t, r.Ephemeral() && strings.HasPrefix(r.Content, "Dieser Zug ist nicht erlaubt: ") && strings.Contains(r.Content, "Regel: **") &&
		strings.Contains(r.Content, "Mehr dazu: `/rules topic:take`"), "dieter's rule refusal: %q", r.Content)
	clean(lang.German, "rule", r.Content)
	// An incomplete move: a German note over the picker, which asks the
	// game's German prompt once and lists no choices in the text.
	r = h.cmd(dieter, room, "move", F("move", "take"))
	must(t, r.Ephemeral() && strings.HasPrefix(r.Content, "„take“ ist noch kein vollständiger Zug: wähle unten aus.\n") &&
		strings.Count(r.Content, "Wie viele?") == 1 && !strings.Contains(r.Content, "Weiter geht es mit"), "dieter's incomplete move: %q", r.Content)
	h.noViolations()
}

// TestCommandLocalizations: every command, option and fixed choice of the
// command table is described in German and French (the choices of
// /play's and /clock's language are named in their own language), and
// the English description is the catalog's (one source); Discord (the
// fake, as strict as Discord: locales from its list, lengths) accepts the
// table.
func TestCommandLocalizations(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	check := func(what, english string, loc map[discordgo.Locale]string, path ...string) {
		t.Helper()
		id, kv := cmdKey(path...)
		if got := bot.Say(lang.English, id, kv...); got != english {
			t.Errorf("%s: the code says %q, the catalog %q", what, english, got)
		}
		for _, l := range []discordgo.Locale{discordgo.German, discordgo.French} {
			if s := loc[l]; s == "" || len([]rune(s)) > 100 || s == english {
				t.Errorf("%s: %s description %q", what, l, s)
			}
		}
	}
	n := 0
	for _, c := range h.bot.definitions() {
		must(t, c.DescriptionLocalizations != nil, "/%s has no localizations", c.Name)
		must(t, c.NameLocalizations == nil, "/%s: names stay English", c.Name)
		check("/"+c.Name, c.Description, *c.DescriptionLocalizations, c.Name)
		for _, o := range c.Options {
			must(t, o.NameLocalizations == nil, "/%s %s: names stay English", c.Name, o.Name)
			check("/"+c.Name+" "+o.Name, o.Description, o.DescriptionLocalizations, c.Name, o.Name)
			for _, ch := range o.Choices {
				n++
				if o.Name == "language" {
					continue
				}
				for _, l := range []discordgo.Locale{discordgo.German, discordgo.French} {
					must(t, ch.NameLocalizations[l] != "" && ch.NameLocalizations[l] != ch.Name, "/%s %s %s: %s name %q", c.Name, o.Name, ch.Name, l, ch.NameLocalizations[l])
				}
			}
		}
	}
	must(t, n > 10, "only %d choices", n)
	if _, err := h.bot.Register(context.Background()); err != nil {
		t.Fatal(err)
	}
	h.noViolations()
}

// TestSeatOptionsFitTheGames: every option that names a seat or a number
// of players stops at the most seats any game on offer has (4), so
// Discord's picker offers no seat that no game has.
func TestSeatOptionsFitTheGames(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	most := 0
	for _, g := range h.bot.svc.Games().Games() {
		most = max(most, g.Info().MaxSeats)
	}
	seen := 0
	for _, c := range h.bot.definitions() {
		for _, o := range c.Options {
			if o.Type != discordgo.ApplicationCommandOptionInteger || (o.Name != "seat" && o.Name != "players") {
				continue
			}
			seen++
			if o.MaxValue != float64(most) {
				t.Errorf("/%s %s: at most %v, want %d (the most seats of any game)", c.Name, o.Name, o.MaxValue, most)
			}
		}
	}
	must(t, seen >= 2, "only %d seat options found", seen)
}

// TestWithColour: a seat's letter and colour follow a name in
// parentheses, in brackets after a name that ends in parentheses of its
// own (a computer's), bold or not.
func TestWithColour(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"alice", "alice (B, sky blue)"},
		{"Computer (easy)", "Computer (easy) [B, sky blue]"},
		{"**Computer 2 (normal)**", "**Computer 2 (normal)** [B, sky blue]"},
	} {
		if got := withColour(c.name, 1, lang.English); got != c.want {
			t.Errorf("withColour(%q) = %q, want %q", c.name, got, c.want)
		}
	}
	if got := withColour("Computer (leicht)", 1, lang.German); got != "Computer (leicht) [B, himmelblau]" {
		t.Errorf("German: %q", got)
	}
}
