package discord

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestHostTextsInGermanAndFrench: German and French players go through
// the host's commands around a match: /games, /stats (a finished match
// with a computer), /log (a seat handed to a computer, computer moves),
// /export, /rules, the pointers to matches in threads, /import's whole
// flow, and refusals of a game, an option, a date and too many computers.
// Each reads the private replies in their own language and the public
// posts in the match's, the data (names, counts, averages) in them, and
// no English sentence of the host's or Pebbles' catalog. English readers
// are checked by the English tests (memory_test, computer_e2e_test,
// invite_test, the goldens), which are unchanged.
func TestHostTextsInGermanAndFrench(t *testing.T) {
	const (
		ch3 = "200000000000000043"
		ch4 = "200000000000000044"
	)
	for _, tc := range []struct {
		l       lang.Lang
		players []fakediscord.User
		avg     [2]string // the winner's and the loser's average, as /stats words it
	}{
		{lang.German, []fakediscord.User{{ID: dieter, Name: "dieter", Locale: "de"}, {ID: doris, Name: "doris", Locale: "de"}, {ID: gerda, Name: "gerda", Locale: "de"}},
			[2]string{"im Schnitt 1,0 Siege", "im Schnitt 0,0 Siege"}},
		{lang.French, []fakediscord.User{{ID: franck, Name: "franck", Locale: "fr"}, {ID: fleur, Name: "fleur", Locale: "fr"}, {ID: henri, Name: "henri", Locale: "fr"}},
			[2]string{"en moyenne 1,0 victoire", "en moyenne 0,0 victoire"}},
	} {
		t.Run(string(tc.l), func(t *testing.T) {
			ctx := context.Background()
			clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
			h := newHarness(t, harnessOpts{now: clock.Now})
			h.fd.AddChannel(langRm, "spiele")
			h.fd.AddChannel(ch3, "import")
			h.fd.AddChannel(ch4, "import2")
			F, U := fakediscord.Str, fakediscord.UserOpt
			l := tc.l
			var ids []string
			for _, u := range tc.players {
				h.fd.AddUser(u)
				ids = append(ids, u.ID)
			}
			u1, u2, u3 := ids[0], ids[1], ids[2]
			name1, name3 := tc.players[0].Name, tc.players[2].Name
			game := engine.WordsFor(testgame.Game{}.Info(), l, nil).GameName()
			must(t, game != testgame.Game{}.Info().Name, "Pebbles has no %s name", l)
			private := func(what string, r fakediscord.Response, want ...string) {
				t.Helper()
				must(t, r.Ephemeral(), "%s is public: %q", what, r.Content)
				for _, w := range want {
					must(t, strings.Contains(r.Content, w), "%s: %q lacks %q", what, r.Content, w)
				}
			}

			// Nothing yet.
			private("/games, none", h.cmd(u1, room, "games"), say(l, "discord.games.none"))
			private("/stats, none", h.cmd(u1, room, "stats"), say(l, "discord.stats.none-server"))
			private("/stats player, none", h.cmd(u1, room, "stats", U("player", u2)), say(l, "discord.stats.none-player", "who", "<@"+u2+">"))

			// Refusals in the reader's language, naming the input and the games.
			private("unknown game", h.cmd(u1, room, "play", F("game", "chess")), `chess`, game+" (`pebbles`)")
			private("bad option", h.cmd(u1, room, "play", F("game", "pebbles"), F("options", "pile")), "pile", "key=value")
			private("too many computers", h.cmd(u1, room, "play", F("game", "pebbles"), fakediscord.Int("players", 2), fakediscord.Int("computers", 2)),
				bot.Say(l, "seats", "count", "2"), bot.Say(l, "discord.detail.computer", "count", "1"))
			private("a bad date", h.cmd(u1, room, "away", F("until", "someday")), "someday", "2026-12-24")

			// /play's game suggestions, and a game named as the reader's
			// language names it.
			cs, err := h.fd.Autocomplete(u1, room, "play", fakediscord.Focus(F("game", "")))
			must(t, err == nil && len(cs) == 1 && cs[0].Name == game+" ("+say(l, "discord.lobby.player-range", "lo", "2", "hi", "4")+")", "/play's suggestions: %+v %v", cs, err)
			r := h.cmd(u1, ch4, "play", F("game", game), F("language", string(l)))
			must(t, !r.Ephemeral(), "/play game:%s: %q", game, r.Content)
			r = h.cmd(u1, ch4, "abort")
			must(t, r.Content == say(l, "discord.lobby.aborted", "who", name1, "game", game), "/abort: %q", r.Content)

			// A match in room: u1 and u2, then u2's seat goes to a computer.
			h.cmd(u1, room, "play", F("game", "pebbles"), F("options", "pile=9"), F("language", string(l)))
			h.click(u2, room, say(l, "discord.lobby.join"))
			private("/games, a lobby", h.cmd(u2, room, "games"), say(l, "discord.games.head", "n", "1"), "**"+game+"**", name1)
			h.click(u1, room, say(l, "discord.lobby.start"))
			started, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
			must(t, err == nil, "the match: %v", err)
			private("/log, nothing", h.cmd(u1, room, "log"), say(l, "discord.log.none"))
			private("/export, playing", h.cmd(u2, room, "export"), strings.SplitN(say(l, "discord.detail.export-open"), " ", 2)[1]) // begun with a capital
			private("/games, playing", h.cmd(u1, room, "games"), say(l, "discord.games.head", "n", "1"), "**"+game+"**")
			r = h.cmd(u1, room, "replace", fakediscord.Int("seat", 2), F("computer", "easy"))
			must(t, !r.Ephemeral(), "the seat handed on: %+v", r)
			var log fakediscord.Response // the last /log while the match is on
			var moves int64
			for range 100 {
				m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
				if err != nil || m.Status != bot.StatusActive {
					break
				}
				if m.Moves > 0 {
					log, moves = h.cmd(u2, room, "log"), m.Moves
				}
				if m.Seats[m.Play.Active[0]].Computer == "" {
					h.cmd(u1, room, "move", F("move", personMove(t, h, u1)))
				} else {
					clock.Advance(3 * time.Second)
					h.bot.remind(ctx)
				}
				h.idle()
			}
			m, err := h.svc.Get(ctx, bot.ByID(started.ID))
			must(t, err == nil && m.Status == bot.StatusFinished, "the match did not end: %v %v", m.Status, err)
			computer := m.Seats[1].NameIn(l)
			private("/log", log, say(l, "discord.log.head", "from", "1", "to", strconv.FormatInt(moves, 10), "n", strconv.FormatInt(moves, 10)),
				say(l, "discord.log.replaced", "n", "2", "to", computer, "from", tc.players[1].Name))
			r = h.cmd(u1, room, "export")
			must(t, !r.Ephemeral() && r.Content == say(l, "discord.export.public", "n", strconv.FormatInt(m.Moves, 10), "who", name1), "/export, over: %q", r.Content)
			won := m.Play.Ranking[0] == 0
			wins, avg := "0", tc.avg[1]
			if won {
				wins, avg = "1", tc.avg[0]
			}
			r = h.cmd(u1, room, "stats")
			private("/stats", r, say(l, "discord.stats.head-server"), say(l, "discord.stats.game", "game", game, "n", "1"),
				"1. "+name1, bot.Say(l, "discord.stats.games", "count", "1"), bot.Say(l, "discord.stats.wins", "count", wins), avg,
				say(l, "discord.stats.computers")+"\n- ")
			if won {
				must(t, strings.Contains(r.Content, say(l, "discord.stats.wins-computers", "n", "1", "vs", "1")), "the win against computers: %q", r.Content)
			}
			private("/stats player", h.cmd(u2, room, "stats", U("player", u1)), say(l, "discord.stats.head-player", "who", "<@"+u1+">"))
			// The rules: the topic's kind in the footer and the suggestions.
			topics, err := h.svc.HelpIn("pebbles", "", 1, l)
			must(t, err == nil && len(topics) == 1, "pebbles' help: %v", err)
			r = h.cmd(u1, room, "rules", F("topic", topics[0].ID))
			kind := engine.WordsFor(testgame.Game{}.Info(), l, nil).TopicKind(topics[0].Kind)
			must(t, kind != topics[0].Kind, "the kind %q is not worded in %s", kind, l)
			must(t, r.Ephemeral() && len(r.Embeds) == 1 && r.Embeds[0].Footer != nil && r.Embeds[0].Footer.Text == "pebbles · "+kind+" · "+topics[0].ID,
				"/rules' footer: %+v", r.Embeds)
			cs, err = h.fd.Autocomplete(u1, room, "rules", fakediscord.Focus(F("topic", "")))
			must(t, err == nil && len(cs) > 0 && strings.HasSuffix(cs[0].Name, " ("+kind+")"), "/rules' suggestions: %+v %v", cs, err)

			// Matches in threads of langRm: the channel points to them.
			r = h.cmd(u1, langRm, "play", F("game", "pebbles"), fakediscord.Bool("thread", true), F("language", string(l)))
			threads := h.fd.Threads(langRm)
			must(t, len(threads) == 1 && r.Content == say(l, "discord.threads.opened", "who", name1, "game", game, "thread", "<#"+threads[0]+">"),
				"the pointer: %q", r.Content)
			private("one thread", h.cmd(u2, langRm, "status"), say(l, "discord.threads.single", "thread", "<#"+threads[0]+">"))
			h.cmd(u2, langRm, "play", F("game", "pebbles"), fakediscord.Bool("thread", true), F("language", string(l)))
			threads = h.fd.Threads(langRm)
			must(t, len(threads) == 2, "threads: %v", threads)
			private("two threads", h.cmd(u3, langRm, "hand"), say(l, "discord.threads.several", "threads", "<#"+threads[0]+">, <#"+threads[1]+">"))
			h.click(u3, threads[0], say(l, "discord.lobby.join"))
			r = h.cmd(u3, threads[0], "leave")
			must(t, !r.Ephemeral() && r.Content == say(l, "discord.lobby.left", "who", name3), "/leave: %q", r.Content)
			private("/games, two lobbies", h.cmd(u1, room, "games"), say(l, "discord.games.head", "n", "1"))

			// /import in a server that speaks l: the offer, the answers and
			// the board post in l (French puts a no-break space before a colon).
			colon := map[lang.Lang]string{lang.German: ": ", lang.French: "\u00a0: "}
			h.fd.SetGuildLocale(h.fd.GuildID, string(l))
			file := fakediscord.Attach("record", "game.txt", []byte(importRecord))
			r = h.cmd(u1, ch3, "import", file, U("player1", u1), U("player2", u2), U("player3", u3))
			must(t, !r.Ephemeral() && strings.HasPrefix(r.Content, say(l, "discord.invite.offer", "by", name1, "game", game, "n", "2")) &&
				strings.Contains(r.Content, "2. <@"+u2+"> ("+colourIn(1, l)+")"+colon[l]+say(l, "discord.invite.to-confirm")) &&
				strings.Contains(r.Content, "1. <@"+u1+"> ("+colourIn(0, l)+")"+colon[l]+say(l, "discord.invite.confirmed")), "the offer: %q", r.Content)
			h.click(u2, ch3, say(l, "discord.invite.confirm"))
			h.click(u3, ch3, say(l, "discord.invite.confirm"))
			msgs := h.fd.Messages(ch3)
			all := ""
			for _, m := range msgs {
				all += m.Content + "\n"
			}
			must(t, strings.Contains(all, say(l, "discord.invite.all-confirmed", "game", game)) &&
				strings.Contains(all, say(l, "discord.invite.started", "game", game, "n", "2")), "the import started: %s", all)
			h.cmd(u1, ch4, "import", file, U("player1", u1), U("player2", u2), U("player3", u3))
			r = h.click(u3, ch4, say(l, "discord.invite.decline"))
			must(t, r.Content == say(l, "discord.invite.declined", "who", name3, "game", game), "declined: %q", r.Content)
			private("a gap", h.cmd(u1, ch4, "import", file, U("player1", u1), U("player3", u2)), say(l, "discord.detail.player-gap")[2:])
			// A record that cannot be read: the engine's sentence in l,
			// the excerpt's invisible character named in l; a rules
			// version this build lacks names the game in l.
			bad := strings.Replace(importRecord, "Seats: 3\n", "Seats: 3\nhello\u200bworld\n", 1)
			private("a bad record", h.cmd(u1, ch4, "import", fakediscord.Attach("record", "bad.txt", []byte(bad)), U("player1", u1), U("player2", u2), U("player3", u3)),
				engine.Catalog().Text(l, "record.line", map[string]string{"text": bot.EchoIn(l, "hello\u200bworld")}))
			newer := strings.Replace(importRecord, "Rules: 2", "Rules: 7", 1)
			private("a newer record", h.cmd(u1, ch4, "import", fakediscord.Attach("record", "new.txt", []byte(newer)), U("player1", u1), U("player2", u2), U("player3", u3)),
				game, "7")

			// Nothing anyone read is English.
			for i, u := range ids {
				var texts []string
				for _, ch := range append([]string{room, langRm, ch3, ch4}, threads...) {
					texts = append(texts, seen(h.fd, ch, u, i == 0)...)
				}
				for _, text := range texts {
					for _, c := range []*lang.Catalog{bot.Catalog(), testgame.Game{}.Info().Catalog, engine.Catalog()} {
						if eng := c.EnglishIn(l, strings.ReplaceAll(text, game, "")); len(eng) > 0 {
							t.Errorf("%s reads English %q in %q", u, eng, text)
						}
					}
				}
			}
			h.noViolations()
		})
	}
}

// TestLogHowInLanguages: /log's note on a move its player did not make
// (a computer in a person's seat, the default move of a deadline vote),
// from the notes the core writes, in each language; English as LogEntry.How.
func TestLogHowInLanguages(t *testing.T) {
	computer := bot.LogEntry{Note: "computer move (strong): the computer plays this seat until its player is back"}
	def := bot.LogEntry{Note: "default move: the deadline passed and the other players chose it"}
	for _, tc := range []struct {
		l             lang.Lang
		computer, def string
	}{
		{lang.English, "computer move (strong)", "default move"},
		{lang.German, "Computerzug (stark)", "Standardzug"},
		{lang.French, "coup de l’ordinateur (fort)", "coup par défaut"},
	} {
		must(t, howIn(tc.l, computer) == tc.computer, "%s: %q", tc.l, howIn(tc.l, computer))
		must(t, howIn(tc.l, def) == tc.def, "%s: %q", tc.l, howIn(tc.l, def))
		must(t, howIn(tc.l, bot.LogEntry{}) == "", "%s: a move its player made has a note", tc.l)
	}
	must(t, howIn(lang.English, computer) == computer.How() && howIn(lang.English, def) == def.How(), "English is LogEntry.How")
}

// TestStatsAverage: /stats' average score has the language's decimal
// comma and the plural form of its decimal (French "1,5 victoire"); in
// English it reads as before, figure and the game's short unit.
func TestStatsAverage(t *testing.T) {
	info := testgame.Game{}.Info()
	for _, tc := range []struct {
		l    lang.Lang
		avg  float64
		want string
	}{
		{lang.English, 1.5, "1.5 " + info.Score.Short},
		{lang.English, 0, "0.0 " + info.Score.Short},
		{lang.German, 1.5, "1,5 Siege"},
		{lang.German, 1, "1,0 Siege"},
		{lang.French, 1.5, "1,5 victoire"},
		{lang.French, 2.5, "2,5 victoires"},
		// The language's grouping too (lang.Lang.Decimal).
		{lang.German, 1234.5, "1.234,5 Siege"},
		{lang.French, 1234.5, "1\u00a0234,5 victoires"},
	} {
		got := average(engine.WordsFor(info, tc.l, nil), tc.l, tc.avg, info.Score.Short)
		must(t, got == tc.want, "%s %v: %q, want %q", tc.l, tc.avg, got, tc.want)
	}
}
