package discord

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// stats is /stats: the finished matches of this server, or with player,
// of one player everywhere: per game, the matches, and per player the
// games played, wins, average and best score and time per turn; in the
// reader's language.
func (b *Bot) stats(ctx context.Context, r *Request) (*Response, error) {
	l := r.lang()
	req := bot.StatsRequest{Server: serverKey(r.I.GuildID)}
	none, head, who := "discord.stats.none-server", "discord.stats.head-server", ""
	if o, ok := options(r)["player"]; ok {
		id := fmt.Sprint(o.Value)
		req = bot.StatsRequest{UserID: userKey(id)}
		none, head, who = "discord.stats.none-player", "discord.stats.head-player", "<@"+id+">"
	} else if req.Server == "" {
		return nil, refusal(bot.KindInvalid, "discord.detail.stats-outside")
	}
	games, err := b.svc.Stats(ctx, req)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return private(say(l, none, "who", who)), nil
	}
	var t strings.Builder
	t.WriteString(say(l, head, "who", who) + "\n")
	for _, g := range games {
		w := b.statsWords(g, l)
		t.WriteString(say(l, "discord.stats.game", "game", w.GameName(), "n", strconv.Itoa(g.Matches)) + "\n")
		n, computers := 0, false
		for _, p := range g.Players {
			per := say(l, "discord.stats.per-turn-unknown")
			if p.PerTurn > 0 {
				per = say(l, "discord.stats.per-turn", "span", bot.SpanIn(l, p.PerTurn))
			}
			wins := say(l, "discord.stats.wins", "count", strconv.Itoa(p.Wins))
			if p.WinsVsComputers > 0 {
				wins = say(l, "discord.stats.wins-computers", "n", strconv.Itoa(p.Wins), "vs", strconv.Itoa(p.WinsVsComputers))
			}
			kv := []string{"name", p.NameIn(l), "played", strconv.Itoa(p.Played), "wins", wins,
				"avg", average(w, l, p.Average, g.Unit), "best", w.Score(p.Best)}
			line := ""
			if p.Computer != "" {
				// The computers come last, by level, apart from the people.
				if !computers {
					line, computers = say(l, "discord.stats.computers")+"\n", true
				}
				line += say(l, "discord.stats.computer", kv...) + "\n"
			} else {
				n++
				key, kv := "discord.stats.player", append(kv, "i", strconv.Itoa(n), "time", per, "left", strconv.Itoa(p.Left))
				switch {
				case p.Left > 0 && p.Played == 0:
					key = "discord.stats.only-left"
				case p.Left > 0:
					key = "discord.stats.player-left"
				}
				line = say(l, key, kv...) + "\n"
			}
			if t.Len()+len(line) > 1900 {
				t.WriteString("…\n")
				break
			}
			t.WriteString(line)
		}
	}
	return private(t.String()), nil
}

// statsWords are the words of a game /stats counts, in l (a game this
// build no longer offers keeps the names the statistics give).
func (b *Bot) statsWords(g bot.GameStats, l lang.Lang) engine.Words {
	info := engine.Info{Name: g.Game, Score: g.Score}
	if game, err := b.svc.Games().Get(g.ID); err == nil {
		info = game.Info()
	}
	return engine.WordsFor(info, l, nil)
}

// average is an average score with one decimal and the score's unit in
// l, worded by the game's score message with the decimal as its count
// (its plural form follows the decimal: French "1,5 point"), the figure
// written as l writes a decimal (lang.Lang.Decimal); in English,
// and for a game without a catalog, "3.5 VP" as the figure and unit.
func average(w engine.Words, l lang.Lang, avg float64, unit string) string {
	dec := strconv.FormatFloat(avg, 'f', 1, 64)
	english := strings.TrimSpace(dec + " " + unit)
	if l == lang.English || w.Info.Catalog == nil {
		return english
	}
	s := w.Msg(lang.M("score", lang.CountKey, dec), english)
	return strings.Replace(s, dec, l.Decimal(avg, 1), 1)
}
