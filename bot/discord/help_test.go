package discord

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// productGames are the games cmd/smokestack offers (its productGames);
// /help is tested with each of them.
func productGames() []engine.Game {
	return []engine.Game{brass.New(), urbanization.New(), smokyvalley.New()}
}

// helpReaders are a reader per language of the catalogs.
var helpReaders = []struct {
	user string
	l    lang.Lang
}{{alice, lang.English}, {dieter, lang.German}, {franck, lang.French}}

func addHelpReaders(h *harness) {
	h.fd.AddUser(fakediscord.User{ID: dieter, Name: "dieter", Locale: "de"})
	h.fd.AddUser(fakediscord.User{ID: franck, Name: "franck", Locale: "fr"})
}

// helpSeen sends /help and returns what its reader sees: every message
// answering it, in order, each as its embeds' text.
func helpSeen(t *testing.T, h *harness, user, channel string, opts ...fakediscord.Opt) []string {
	t.Helper()
	it, _, err := h.fd.Command(user, channel, "help", opts...)
	if err != nil {
		t.Fatalf("/help: %v", err)
	}
	h.idle()
	var out []string
	for _, m := range h.fd.Messages(channel) {
		if m.Interaction != it.ID {
			continue
		}
		must(t, m.Ephemeral && m.To == user && len(m.Embeds) == 1, "/help answers publicly or without one embed: %+v", m)
		out = append(out, embedText(m.Embeds[0]))
	}
	return out
}

func embedText(e fakediscord.Embed) string {
	var b strings.Builder
	b.WriteString(e.Title + "\n" + e.Description + "\n")
	for _, f := range e.Fields {
		b.WriteString(f.Name + "\n" + f.Value + "\n")
	}
	return b.String()
}

// checkCommands: the general help lists every command with its
// description in the reader's language, and the way into /rules.
func checkCommands(t *testing.T, h *harness, l lang.Lang, text string) {
	t.Helper()
	for _, c := range h.bot.definitions() {
		desc := c.Description
		if s := (*c.DescriptionLocalizations)[localeOf(l)]; l != lang.English && s != "" {
			desc = s
		}
		must(t, strings.Contains(text, "`/"+c.Name+"` "+desc), "%s: /%s is not listed:\n%s", l, c.Name, text)
	}
	must(t, strings.Contains(text, say(l, "discord.help.rules-how")), "%s: no way into /rules:\n%s", l, text)
}

// checkGameHelp: a game's details show every match option and every
// example of its notation, as the reader's language words them, and no
// other game.
func checkGameHelp(t *testing.T, g engine.Game, l lang.Lang, text string) {
	t.Helper()
	w := engine.WordsFor(g.Info(), l, nil)
	must(t, strings.Contains(text, say(l, "discord.help.moves", "game", w.GameName())) && strings.Contains(text, w.Summary()),
		"%s %s: no title or summary:\n%s", g.Info().ID, l, text)
	for _, o := range g.Info().Options {
		values := o.Default
		if len(o.Values) > 0 {
			values = strings.Join(o.Values, "|")
		}
		must(t, strings.Contains(text, "`/play options:"+o.Key+"="+values+"` "+w.Option(o)), "%s %s: option %s missing:\n%s", g.Info().ID, l, o.Key, text)
	}
	for _, x := range g.Info().Examples {
		must(t, strings.Contains(text, "`"+x.Move+"` "+w.Example(x)), "%s %s: example %q missing:\n%s", g.Info().ID, l, x.Move, text)
	}
	for _, other := range productGames() {
		if other.Info().ID != g.Info().ID {
			name := engine.WordsFor(other.Info(), l, nil).GameName()
			must(t, !strings.Contains(text, name), "%s %s: shows %s too:\n%s", g.Info().ID, l, name, text)
		}
	}
	must(t, !strings.Contains(text, say(l, "discord.help.more-options")) && !strings.Contains(text, say(l, "discord.help.no-examples")) || len(g.Info().Examples) == 0,
		"%s %s: a list is cut:\n%s", g.Info().ID, l, text)
}

// TestHelp: /help privately lists every command, how a turn goes and the
// way into /rules. Without a match it names every game on offer with its
// summary and how to see its details; in a channel with a match, or with
// game:, a second private message shows that game only: every match
// option and every example of its notation. For every product game, in
// English, German and French, within Discord's limits (the strict fake
// refuses anything past them).
func TestHelp(t *testing.T) {
	games := productGames()
	h := newHarness(t, harnessOpts{mode: ModeGateway, games: games})
	addHelpReaders(h)
	for _, rd := range helpReaders {
		seen := helpSeen(t, h, rd.user, room)
		must(t, len(seen) == 1, "%s: /help without a match: %d messages", rd.l, len(seen))
		checkCommands(t, h, rd.l, seen[0])
		for _, g := range append(games, testgame.Game{}) {
			w := engine.WordsFor(g.Info(), rd.l, nil)
			must(t, strings.Contains(seen[0], w.GameName()+"\n"+w.Summary()) &&
				strings.Contains(seen[0], say(rd.l, "discord.help.details", "id", g.Info().ID)),
				"%s: %s is not named with its summary and /help game:\n%s", rd.l, g.Info().ID, seen[0])
		}
	}
	for i, g := range games {
		id := g.Info().ID
		// game: in a channel without a match.
		for _, rd := range helpReaders {
			seen := helpSeen(t, h, rd.user, room, fakediscord.Str("game", id))
			must(t, len(seen) == 2, "%s %s: /help game: gives %d messages", id, rd.l, len(seen))
			checkCommands(t, h, rd.l, seen[0])
			checkGameHelp(t, g, rd.l, seen[1])
		}
		// A channel with a match of the game.
		ch := fmt.Sprintf("2000000000000002%02d", i)
		h.fd.AddChannel(ch, id)
		h.cmd(alice, ch, "play", fakediscord.Str("game", id))
		for _, rd := range helpReaders {
			seen := helpSeen(t, h, rd.user, ch)
			must(t, len(seen) == 2, "%s %s: /help in a match channel gives %d messages", id, rd.l, len(seen))
			checkCommands(t, h, rd.l, seen[0])
			checkGameHelp(t, g, rd.l, seen[1])
		}
	}
	// game: suggests the games on offer; an unknown one is refused.
	cs, err := h.fd.Autocomplete(alice, room, "help", fakediscord.Focus(fakediscord.Str("game", "urb")))
	must(t, err == nil && len(cs) == 1 && cs[0].Value == "urbanization", "/help game: suggestions: %+v %v", cs, err)
	r := h.cmd(alice, room, "help", fakediscord.Str("game", "chess"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "chess"), "/help game:chess: %+v", r)
	h.noViolations()
}

// TestHelpOverHTTP: with interactions over HTTP the game's details follow
// the general help as a second private message too.
func TestHelpOverHTTP(t *testing.T) {
	g := urbanization.New()
	h := newHarness(t, harnessOpts{mode: ModeHTTP, games: []engine.Game{g}})
	seen := helpSeen(t, h, alice, room, fakediscord.Str("game", g.Info().ID))
	must(t, len(seen) == 2, "/help game: over HTTP gives %d messages", len(seen))
	checkCommands(t, h, lang.English, seen[0])
	checkGameHelp(t, g, lang.English, seen[1])
	h.noViolations()
}

// renamed is a game offered under another ID and name, to offer many.
type renamed struct {
	engine.Game
	n int
}

func (g renamed) Info() engine.Info {
	info := g.Game.Info()
	info.ID = fmt.Sprintf("%s-%d", info.ID, g.n)
	info.Name = fmt.Sprintf("%s %d", info.Name, g.n)
	return info
}

// TestHelpManyGames: when the games on offer do not fit one /help, the
// ones left over are named in a last field with the way to their details,
// never dropped without a word.
func TestHelpManyGames(t *testing.T) {
	var games []engine.Game
	for n := 1; n <= 30; n++ {
		games = append(games, renamed{urbanization.New(), n})
	}
	h := newHarness(t, harnessOpts{mode: ModeGateway, games: games})
	addHelpReaders(h)
	for _, rd := range helpReaders {
		seen := helpSeen(t, h, rd.user, room)
		must(t, len(seen) == 1 && strings.Contains(seen[0], say(rd.l, "discord.help.more-games")), "%s: no field of more games:\n%s", rd.l, seen)
		checkCommands(t, h, rd.l, seen[0])
		for _, g := range games {
			must(t, strings.Contains(seen[0], "`"+g.Info().ID+"`") || strings.Contains(seen[0], "game:"+g.Info().ID+"`"),
				"%s: %s is left out:\n%s", rd.l, g.Info().ID, seen[0])
		}
	}
	h.noViolations()
}

// TestGameHelpLimits: a game with more options and examples than one
// message holds fills it up to Discord's limits and says where the rest
// is; each field holds whole lines.
func TestGameHelpLimits(t *testing.T) {
	info := urbanization.New().Info()
	for i := 0; i < 6; i++ {
		info.Examples = append(info.Examples, info.Examples...)
	}
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		e := gameHelp(engine.WordsFor(info, l, nil))
		must(t, embedSize(e) <= maxEmbedTotal && len(e.Fields) <= maxFields, "%s: %d characters in %d fields", l, embedSize(e), len(e.Fields))
		last := e.Fields[len(e.Fields)-1]
		must(t, last.Value == say(l, "discord.help.no-examples"), "%s: the cut is not said: %+v", l, last)
		for _, f := range e.Fields {
			must(t, utf8.RuneCountInString(f.Value) <= maxFieldValue && utf8.RuneCountInString(f.Name) <= 256, "%s: field %q too long", l, f.Name)
		}
	}
}

// TestRulesQuestions: /rules with a question typed in full answers with
// the final scoring topic in every product game and language, and its
// "See also" names each further topic by its title, with the ID to type.
func TestRulesQuestions(t *testing.T) {
	games := productGames()
	h := newHarness(t, harnessOpts{mode: ModeGateway, games: games})
	addHelpReaders(h)
	question := map[lang.Lang]string{lang.English: "end of game", lang.German: "Spielende", lang.French: "fin de partie"}
	for _, g := range games {
		for _, rd := range helpReaders {
			x := engine.NewHelpIndex(engine.WordsFor(g.Info(), rd.l, nil).Help())
			final, _ := x.Topic("final-scoring")
			r := h.cmd(rd.user, room, "rules", fakediscord.Str("topic", question[rd.l]), fakediscord.Str("game", g.Info().ID))
			must(t, r.Ephemeral() && len(r.Embeds) == 1 && r.Embeds[0].Title == final.Title, "%s %s: /rules %q: %+v", g.Info().ID, rd.l, question[rd.l], r)
			also := x.Search(question[rd.l], 6)[1:]
			for _, tp := range also {
				must(t, strings.Contains(r.Embeds[0].Description, tp.Title+" (`"+tp.ID+"`)"), "%s %s: see also %s by title:\n%s", g.Info().ID, rd.l, tp.ID, r.Embeds[0].Description)
			}
		}
	}
	h.noViolations()
}
