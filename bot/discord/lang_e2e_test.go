package discord

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// More players: a second German and a second French reader.
const (
	doris  = "100000000000000015"
	fleur  = "100000000000000016"
	gerda  = "100000000000000017"
	henri  = "100000000000000018"
	langRm = "200000000000000041"
)

// translatedGames are the games whose texts are in the catalog
// (Info.Catalog set): the end-to-end tests in German and French run for
// each of them. Pebbles is played to its end; the others for a few turns.
func translatedGames() []engine.Game {
	var out []engine.Game
	for _, g := range []engine.Game{testgame.Game{}, brass.New(), smokyvalley.New(), urbanization.New()} {
		if g.Info().Catalog != nil {
			out = append(out, g)
		}
	}
	return out
}

// seen is everything one user reads in a channel: public messages and
// the private ones shown to them, each message's text, embeds, buttons
// and menus, every version of it (edits included).
func seen(fd *fakediscord.Server, channel, user string, public bool) []string {
	var out []string
	for _, e := range fd.Entries(channel) {
		m := e.Message
		if m.Ephemeral && m.To != user || !m.Ephemeral && !public {
			continue
		}
		out = append(out, m.Content)
		for _, em := range m.Embeds {
			out = append(out, em.Title, em.Description)
			if em.Footer != nil {
				out = append(out, em.Footer.Text)
			}
			for _, f := range em.Fields {
				out = append(out, f.Name, f.Value)
			}
		}
		var walk func(cs []fakediscord.Component)
		walk = func(cs []fakediscord.Component) {
			for _, c := range cs {
				out = append(out, c.Label, c.Placeholder)
				for _, o := range c.Options {
					out = append(out, o.Label, o.Description)
				}
				walk(c.Components)
			}
		}
		walk(m.Components)
	}
	return out
}

// autocompleted collects the names of /move's suggestions a langMatch
// offered (a test's own; the tests of this file do not run in parallel).
var autocompleted []string

// langMatch plays a match of g in channel with players in match language
// ml through the pickers (each in their own language), to its end or for
// at most moves moves, with /hand, /status, /score, /catchup and
// /board asked on the way; it returns the match.
func langMatch(t *testing.T, h *harness, g engine.Game, channel string, ml lang.Lang, players []string, opts []fakediscord.Opt, moves int) bot.Match {
	t.Helper()
	ctx := context.Background()
	F := fakediscord.Str
	r := h.cmd(players[0], channel, "play", append([]fakediscord.Opt{F("game", g.Info().ID), F("language", string(ml))}, opts...)...)
	if lo := g.Info().MinSeats; lo > 1 {
		// The plural of the players still missing, as the lobby says it.
		want := bot.Say(ml, "discord.lobby.waiting", "count", strconv.Itoa(lo-1))
		must(t, strings.HasSuffix(r.Content, want), "the lobby: %q, want it to end %q", r.Content, want)
	}
	for _, u := range players[1:] {
		h.click(u, channel, bot.Say(ml, "discord.lobby.join"))
	}
	lobby := h.fd.Messages(channel)
	must(t, len(lobby) > 0 && strings.HasSuffix(lobby[len(lobby)-1].Content, bot.Say(ml, "discord.lobby.can-start")), "the lobby can start: %+v", lobby)
	h.click(players[0], channel, bot.Say(ml, "discord.lobby.start"))
	langOf := map[string]lang.Lang{}
	for _, u := range players {
		langOf[u] = lang.FromDiscord(h.fd.User(u).Locale)
	}
	m, err := h.svc.Get(ctx, bot.InChannel(channelKey(channel)))
	if err != nil {
		t.Fatal(err)
	}
	prevMover := ""
	for n := 0; n < moves && m.Play != nil && !m.Play.Finished; n++ {
		u := discordID(m.Seats[m.Play.Active[0]].UserID)
		l := langOf[u]
		if n == 1 {
			// Every player's private replies, in their own language.
			for _, p := range players {
				h.cmd(p, channel, "hand")
				h.cmd(p, channel, "status")
				h.cmd(p, channel, "catchup")
				h.cmd(p, channel, "board")
				h.cmd(p, channel, "score", fakediscord.Bool("chart", true))
				h.cmd(p, channel, "help")
				if topics, err := h.svc.HelpIn(g.Info().ID, "", 2, langOf[p]); err == nil && len(topics) > 0 {
					h.cmd(p, channel, "rules", F("topic", topics[0].ID))
					h.cmd(p, channel, "rules", F("topic", topics[len(topics)-1].Title))
				}
			}
			cs, err := h.fd.Autocomplete(u, channel, "move", fakediscord.Focus(F("move", "")))
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cs {
				autocompleted = append(autocompleted, c.Name)
			}
		}
		// A turn of several moves goes on from the mover's private note
		// (in their language); a new turn starts from the board post.
		if u == prevMover {
			h.click(u, channel, bot.Say(l, "discord.turn.continue"))
		} else {
			h.click(u, channel, bot.Say(ml, "discord.turn.take"))
		}
		prevMover = u
		for step := 0; ; step++ {
			if step > 30 {
				t.Fatalf("move %d: the picker does not end", n)
			}
			if _, _, ok := h.fd.Button(channel, u, bot.Say(l, "discord.picker.confirm")); ok {
				h.click(u, channel, bot.Say(l, "discord.picker.confirm"))
				break
			}
			_, menu, ok := h.fd.SelectMenu(channel, u)
			if !ok || len(menu.Options) == 0 {
				var last string
				for _, e := range h.fd.Entries(channel) {
					if !e.Message.Ephemeral || e.Message.To == u {
						last += fmt.Sprintf("\n%s eph=%v %.80q %+v", e.Message.ID, e.Message.Ephemeral, e.Message.Content, e.Message.Components)
					}
				}
				t.Fatalf("move %d: no choices for %s; the last private message: %s", n, u, last)
			}
			if l != lang.English {
				// The token is taught in the description, under the
				// label, so a phone's narrow menu shows the whole label.
				for _, o := range menu.Options {
					must(t, o.Label == o.Value || !strings.Contains(o.Label, " · "+o.Value) && strings.HasSuffix(o.Description, o.Value),
						"option %q / %q: the token %q belongs in the description", o.Label, o.Description, o.Value)
				}
			}
			h.pick(u, channel, menu.Options[len(menu.Options)-1].Value)
		}
		if m, err = h.svc.Get(ctx, bot.ByID(m.ID)); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestMatchesInGermanAndFrench: a match of each translated game with
// German players and one with French players: nothing a player receives,
// public or private, holds an English sentence of the host's or the
// game's catalog; the public posts are in the match's language, the
// private replies in each reader's.
func TestMatchesInGermanAndFrench(t *testing.T) {
	for _, g := range translatedGames() {
		for _, tc := range []struct {
			l       lang.Lang
			players []fakediscord.User
		}{
			{lang.German, []fakediscord.User{{ID: dieter, Name: "dieter", Locale: "de"}, {ID: doris, Name: "doris", Locale: "de"}, {ID: gerda, Name: "gerda", Locale: "de"}}},
			{lang.French, []fakediscord.User{{ID: franck, Name: "franck", Locale: "fr"}, {ID: fleur, Name: "fleur", Locale: "fr"}, {ID: henri, Name: "henri", Locale: "fr"}}},
		} {
			t.Run(g.Info().ID+"/"+string(tc.l), func(t *testing.T) {
				h := newHarness(t, harnessOpts{mode: ModeGateway, games: gamesBesidesPebbles(g)})
				h.fd.AddChannel(langRm, "spiele")
				var ids []string
				for _, u := range tc.players {
					h.fd.AddUser(u)
					ids = append(ids, u.ID)
				}
				var opts []fakediscord.Opt
				moves := 12
				if g.Info().ID == "pebbles" {
					opts, moves = []fakediscord.Opt{fakediscord.Str("options", "pile=9")}, 100
				}
				autocompleted = nil
				m := langMatch(t, h, g, langRm, tc.l, ids, opts, moves)
				if g.Info().ID == "pebbles" {
					must(t, m.Play.Finished, "the match did not end")
				} else {
					// The last player resigns: the public post is in the
					// match's language too.
					r := h.cmd(ids[2], langRm, "resign")
					name := h.fd.User(ids[2]).Name
					must(t, !r.Ephemeral() && strings.Contains(r.Content, bot.Say(tc.l, "event.resign", "seat", name)), "the resignation: %q", r.Content)
				}
				all := strings.Join(seen(h.fd, langRm, ids[0], true), "\n")
				if testing.Verbose() {
					t.Log(all)
				}
				w := m.Words()
				for _, want := range []string{bot.Say(tc.l, "discord.lobby.started-by", "who", h.fd.User(ids[0]).Name),
					bot.Say(tc.l, "discord.picker.confirm"), bot.Say(tc.l, "discord.hand.seat", "n", "1", "colour", colourIn(0, tc.l)), w.GameName()} {
					must(t, strings.Contains(all, want), "%s never read %q", ids[0], want)
				}
				if m.Play.Finished {
					must(t, strings.Contains(all, bot.Say(tc.l, "discord.results.final", "game", w.GameName())), "no results post")
				}
				for i, u := range ids {
					texts := seen(h.fd, langRm, u, i == 0)
					if i == 0 {
						texts = append(texts, autocompleted...)
					}
					for _, text := range texts {
						for _, c := range []*lang.Catalog{bot.Catalog(), g.Info().Catalog} {
							// the game's name is a name, the same in every edition
							if eng := c.EnglishIn(tc.l, strings.ReplaceAll(text, w.GameName(), "")); len(eng) > 0 {
								t.Errorf("%s reads English %q in %q", u, eng, text)
							}
						}
					}
				}
				h.noViolations()
			})
		}
	}
}

// gamesBesidesPebbles is the harness's games option for g (Pebbles is
// always there).
func gamesBesidesPebbles(g engine.Game) []engine.Game {
	if g.Info().ID == "pebbles" {
		return nil
	}
	return []engine.Game{g}
}

// TestHostPlurals: the host's plural forms in German and French for 0, 1
// and many (French "many": a million).
func TestHostPlurals(t *testing.T) {
	for _, tc := range []struct {
		l    lang.Lang
		id   string
		want map[int]string
	}{
		{lang.German, "discord.lobby.waiting", map[int]string{0: "Es fehlen noch 0 Personen.", 1: "Es fehlt noch 1 Person.", 3: "Es fehlen noch 3 Personen."}},
		{lang.French, "discord.lobby.waiting", map[int]string{0: "Il manque encore 0 personne.", 1: "Il manque encore 1 personne.", 3: "Il manque encore 3 personnes.", 1000000: "Il manque encore 1\u00a0000\u00a0000 de personnes."}},
		{lang.German, "discord.catchup.earlier", map[int]string{0: "… 0 frühere Zeilen (siehe `/log`)", 1: "… 1 frühere Zeile (siehe `/log`)", 5: "… 5 frühere Zeilen (siehe `/log`)"}},
		{lang.French, "moves", map[int]string{0: "0 coup", 1: "1 coup", 2: "2 coups", 1000000: "1\u00a0000\u00a0000 de coups"}},
		{lang.English, "moves", map[int]string{0: "0 moves", 1: "1 move", 2: "2 moves"}},
		{lang.English, "discord.prefs.matches", map[int]string{1: "1 match", 3: "3 matches"}},
		{lang.German, "discord.prefs.matches", map[int]string{1: "1 Partie", 3: "3 Partien"}},
		{lang.French, "discord.prefs.matches", map[int]string{0: "0 partie", 1: "1 partie", 3: "3 parties", 1000000: "1\u00a0000\u00a0000 de parties"}},
		{lang.English, "discord.stats.games", map[int]string{0: "0 games", 1: "1 game", 2: "2 games"}},
		{lang.German, "discord.stats.games", map[int]string{0: "0 Partien", 1: "1 Partie", 2: "2 Partien"}},
		{lang.French, "discord.stats.games", map[int]string{0: "0 partie jouée", 1: "1 partie jouée", 2: "2 parties jouées", 1000000: "1\u00a0000\u00a0000 de parties jouées"}},
		{lang.English, "discord.stats.wins", map[int]string{0: "0 wins", 1: "1 win", 2: "2 wins"}},
		{lang.German, "discord.stats.wins", map[int]string{0: "0 Siege", 1: "1 Sieg", 2: "2 Siege"}},
		{lang.French, "discord.stats.wins", map[int]string{0: "0 victoire", 1: "1 victoire", 2: "2 victoires", 1000000: "1\u00a0000\u00a0000 de victoires"}},
		{lang.English, "discord.detail.computer", map[int]string{0: "0 computers", 1: "1 computer", 2: "2 computers"}},
		{lang.German, "discord.detail.computer", map[int]string{0: "0 Computer", 1: "1 Computer", 2: "2 Computer"}},
		{lang.French, "discord.detail.computer", map[int]string{0: "0 ordinateur", 1: "1 ordinateur", 2: "2 ordinateurs", 1000000: "1\u00a0000\u00a0000 d’ordinateurs"}},
	} {
		for n, want := range tc.want {
			if got := bot.Say(tc.l, tc.id, "count", strconv.Itoa(n)); got != want {
				t.Errorf("%s %s %d: %q, want %q", tc.l, tc.id, n, got, want)
			}
		}
	}
}

// TestMixedTable: alice reads English, dieter German, in a match whose
// posts are German and then in one whose posts are English: each reads
// the private replies (picker, hand, status, the mover's note) in their
// own language and the public posts in the match's; players whose Discord
// speaks Spanish or Brazilian Portuguese read English.
func TestMixedTable(t *testing.T) {
	for _, ml := range []lang.Lang{lang.German, lang.English} {
		t.Run(string(ml), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: ModeGateway})
			h.fd.AddChannel(langRm, "spiele")
			h.fd.AddUser(fakediscord.User{ID: dieter, Name: "dieter", Locale: "de"})
			langMatch(t, h, testgame.Game{}, langRm, ml, []string{alice, dieter}, []fakediscord.Opt{fakediscord.Str("options", "pile=9")}, 100)
			public := strings.Join(seen(h.fd, langRm, alice, true), "\n")
			for _, want := range []string{bot.Say(ml, "discord.lobby.started-by", "who", "alice"), bot.Say(ml, "discord.turn.take"), bot.Say(ml, "discord.results.final", "game", testgame.Game{}.Info().Name)} {
				if ml == lang.German {
					want = strings.ReplaceAll(want, testgame.Game{}.Info().Name, "Kiesel (Testspiel)")
				}
				must(t, strings.Contains(public, want), "the public posts lack %q", want)
			}
			for _, tc := range []struct {
				user string
				l    lang.Lang
			}{{alice, lang.English}, {dieter, lang.German}} {
				private := strings.Join(seen(h.fd, langRm, tc.user, false), "\n")
				for _, want := range []string{
					bot.Say(tc.l, "discord.your-move", "move", "take"),
					bot.Say(tc.l, "discord.picker.complete"),
					bot.Say(tc.l, "discord.hand.seat", "n", "1", "colour", colourIn(0, tc.l))[:10],
					bot.Say(tc.l, "discord.turn.only-you"),
				} {
					must(t, strings.Contains(private, want), "%s's private replies lack %q:\n%s", tc.user, want, private)
				}
				if tc.l == lang.English {
					for _, text := range seen(h.fd, langRm, tc.user, false) {
						must(t, !strings.Contains(text, "Dein") && !strings.Contains(text, "Zug"), "alice reads German: %q", text)
					}
				} else {
					for _, text := range seen(h.fd, langRm, tc.user, false) {
						for _, c := range []*lang.Catalog{bot.Catalog(), testgame.Game{}.Info().Catalog} {
							if eng := c.EnglishIn(lang.German, text); len(eng) > 0 {
								t.Errorf("dieter reads English %q in %q", eng, text)
							}
						}
					}
				}
			}
			h.noViolations()
		})
	}
	// Spanish and Brazilian Portuguese clients read English, on a server
	// whose locale is Spanish too.
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	h.fd.AddChannel(langRm, "juegos")
	h.fd.SetGuildLocale(h.fd.GuildID, "es-ES")
	h.fd.AddUser(fakediscord.User{ID: pablo, Name: "pablo", Locale: "es-ES"})
	h.fd.AddUser(fakediscord.User{ID: joao, Name: "joao", Locale: "pt-BR"})
	r := h.cmd(pablo, langRm, "play", fakediscord.Str("game", "pebbles"))
	must(t, strings.HasPrefix(r.Content, "**Pebbles (test game)** lobby: 2 to 4 players"), "a Spanish server's lobby: %q", r.Content)
	h.click(joao, langRm, "Join")
	h.click(pablo, langRm, "Start")
	r = h.click(joao, langRm, "Take your turn")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "It is not your turn; waiting for pablo."), "joao out of turn: %q", r.Content)
	r = h.click(pablo, langRm, "Take your turn")
	must(t, r.Ephemeral() && strings.HasPrefix(r.Content, "**Your move:** `…`\nAction?"), "pablo's picker: %q", r.Content)
	r = h.cmd(joao, langRm, "hand")
	must(t, r.Ephemeral() && strings.HasPrefix(r.Content, "Your seat: 2 (B, sky blue).\nYour hand: card "), "joao's hand: %q", r.Content)
	h.noViolations()
}
