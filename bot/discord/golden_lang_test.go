package discord

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// goldenTable is what a translated golden transcript plays of a game:
// its seats, a move the rules refuse at the start, a word the players
// look up with /rules in each language, and the record whose last moves
// end the match (a path under engine/).
type goldenTable struct {
	game    engine.Game
	seats   int
	refused string
	lookup  map[lang.Lang]string
	record  string // a game's test record, under engine/
	last    int    // the record's moves played through Discord
}

// TestGoldenGermanAndFrench: a short match of each translated game with
// German players (match language de, Discord locale de) and one with
// French players, through the real discordgo client and the strict fake
// Discord, in plain channels, kept as golden transcripts
// (testdata/<game>-<lang>.golden; rewrite with -update and review the
// diff as a reader of that language). In the first channel: the lobby and
// its buttons, the start, a turn button pressed out of turn, a move the
// rules refuse, a typed move, a move through the picker (with one step
// back), another typed move, /status, /board, /hand and a /rules lookup.
// In a second channel the end of a match: a game's test record without
// its last moves is imported (the invitation and its confirmations), and
// its last moves are played, which ends the match and posts its results.
// The select menus show their labels (TranscriptLabelled).
func TestGoldenGermanAndFrench(t *testing.T) {
	const importRm = "200000000000000045"
	tables := []goldenTable{
		{game: brass.New(), seats: 3, refused: "loan 40",
			lookup: map[lang.Lang]string{lang.German: "Kohle", lang.French: "charbon"},
			record: "brass/testdata/games/greedy-3p.record", last: 2},
		{game: smokyvalley.New(), seats: 2, refused: "depot nowhere",
			lookup: map[lang.Lang]string{lang.German: "Schiff", lang.French: "navire"},
			record: "smokyvalley/testdata/games/busy-2p.record", last: 2},
		{game: urbanization.New(), seats: 2, refused: "sow t01",
			lookup: map[lang.Lang]string{lang.German: "Getreide", lang.French: "grain"},
			record: "urbanization/testdata/games/greedy-2p.record", last: 2},
	}
	for _, g := range tables {
		for _, tc := range []struct {
			l       lang.Lang
			room    string // the channel's name
			players []fakediscord.User
		}{
			{lang.German, "spiele", []fakediscord.User{{ID: dieter, Name: "dieter", Locale: "de"}, {ID: doris, Name: "doris", Locale: "de"}, {ID: gerda, Name: "gerda", Locale: "de"}}},
			{lang.French, "parties", []fakediscord.User{{ID: franck, Name: "franck", Locale: "fr"}, {ID: fleur, Name: "fleur", Locale: "fr"}, {ID: henri, Name: "henri", Locale: "fr"}}},
		} {
			id := g.game.Info().ID
			t.Run(id+"/"+string(tc.l), func(t *testing.T) {
				clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
				h := newHarness(t, harnessOpts{mode: ModeGateway, games: []engine.Game{g.game}, now: clock.Now})
				l := tc.l
				h.fd.SetGuildLocale(h.fd.GuildID, string(l)) // the import's match language
				h.fd.AddChannel(langRm, tc.room)
				h.fd.AddChannel(importRm, "import")
				F, U := fakediscord.Str, fakediscord.UserOpt
				var ids []string
				for _, u := range tc.players[:g.seats] {
					h.fd.AddUser(u)
					ids = append(ids, u.ID)
				}
				ctx := context.Background()
				active := func(channel string) string {
					m, err := h.svc.Get(ctx, bot.InChannel(channelKey(channel)))
					must(t, err == nil && m.Play != nil && len(m.Play.Active) == 1, "the match in %s: %v", channel, err)
					return discordID(m.Seats[m.Play.Active[0]].UserID)
				}
				other := func(u string) string {
					for _, v := range ids {
						if v != u {
							return v
						}
					}
					return ""
				}

				// The lobby, its buttons, the start.
				h.cmd(ids[0], langRm, "play", F("game", id), F("language", string(l)))
				for _, u := range ids[1:] {
					h.click(u, langRm, say(l, "discord.lobby.join"))
				}
				h.click(ids[0], langRm, say(l, "discord.lobby.start"))

				// Out of turn, a refused move, a typed move, a picked one
				// (the turn's button is the board post's, or the mover's
				// note's when the turn goes on), a typed one.
				u := active(langRm)
				h.click(other(u), langRm, say(l, "discord.turn.take"))
				r := h.cmd(u, langRm, "move", F("move", g.refused))
				must(t, r.Ephemeral(), "%s is refused privately: %+v", g.refused, r)
				h.cmd(u, langRm, "move", F("move", autocompleteMove(t, h, u, langRm)))
				open := say(l, "discord.turn.take")
				if next := active(langRm); next == u {
					open = say(l, "discord.turn.continue")
				} else {
					u = next
				}
				pickMoveIn(t, h, l, u, langRm, open, "")
				u = active(langRm)
				h.cmd(u, langRm, "move", F("move", autocompleteMove(t, h, u, langRm)))

				// What a player asks on the way.
				h.cmd(ids[1], langRm, "status")
				h.cmd(ids[0], langRm, "board")
				h.cmd(ids[0], langRm, "hand")
				cs, err := h.fd.Autocomplete(ids[1], langRm, "rules", fakediscord.Focus(F("topic", g.lookup[l])))
				must(t, err == nil && len(cs) > 0, "/rules suggests nothing for %q: %v", g.lookup[l], err)
				h.cmd(ids[1], langRm, "rules", F("topic", cs[0].Value.(string)))

				// The end: the record without its last moves, imported
				// and confirmed, then its last moves.
				data, err := os.ReadFile(filepath.Join("..", "..", "engine", filepath.FromSlash(g.record)))
				must(t, err == nil, "the record: %v", err)
				rec, err := engine.ParseRecord(strings.NewReader(string(data)))
				must(t, err == nil && rec.Seats == g.seats, "the record: %v", err)
				last := rec.Moves[len(rec.Moves)-g.last:]
				rec.Moves, rec.Result, rec.Players = rec.Moves[:len(rec.Moves)-g.last], "", nil
				opts := []fakediscord.Opt{fakediscord.Attach("record", "partie.txt", rec.Format())}
				for i, u := range ids {
					opts = append(opts, U("player"+string(rune('1'+i)), u))
				}
				h.cmd(ids[0], importRm, "import", opts...)
				for _, u := range ids[1:] {
					h.click(u, importRm, say(l, "discord.invite.confirm"))
				}
				for _, mv := range last {
					r := h.cmd(ids[mv.Seat], importRm, "move", F("move", mv.Text))
					must(t, !r.Ephemeral(), "the record's move %q: %+v", mv.Text, r)
				}
				m, err := h.svc.Get(ctx, bot.ByID("m0002"))
				must(t, err == nil && m.Status == bot.StatusFinished, "the imported match did not end: %v %v", m.Status, err)

				h.noViolations()
				golden(t, id+"-"+string(l), h.fd.TranscriptLabelled(langRm, "m0001", "<match>")+
					"\n######## #import\n\n"+h.fd.TranscriptLabelled(importRm, "m0002", "<match2>"))
			})
		}
	}
}
