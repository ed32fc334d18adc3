package discord

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/bot"
)

// stats is /stats: the finished matches of this server, or with player,
// of one player everywhere: per game, the matches, and per player the
// games played, wins, average and best score and time per turn.
func (b *Bot) stats(ctx context.Context, r *Request) (*Response, error) {
	req := bot.StatsRequest{Server: serverKey(r.I.GuildID)}
	title := "this server"
	if o, ok := options(r)["player"]; ok {
		id := fmt.Sprint(o.Value)
		req = bot.StatsRequest{UserID: userKey(id)}
		title = "<@" + id + ">"
	} else if req.Server == "" {
		return nil, bot.Invalid("outside a server, name a player: /stats player:@someone")
	}
	games, err := b.svc.Stats(ctx, req)
	if err != nil {
		return nil, err
	}
	if len(games) == 0 {
		return private(fmt.Sprintf("No finished match counts for %s yet.", title)), nil
	}
	var t strings.Builder
	fmt.Fprintf(&t, "**Statistics for %s** (finished matches)\n", title)
	for _, g := range games {
		fmt.Fprintf(&t, "**%s**: %s\n", g.Game, plural(g.Matches, "match"))
		n, computers := 0, false
		for _, p := range g.Players {
			per := "time per turn unknown"
			if p.PerTurn > 0 {
				per = bot.Span(p.PerTurn) + " per turn"
			}
			avg := strconv.FormatFloat(p.Average, 'f', 1, 64)
			wins := plural(p.Wins, "win")
			if p.WinsVsComputers > 0 {
				wins += fmt.Sprintf(" (%d against computers)", p.WinsVsComputers)
			}
			line := ""
			if p.Computer != "" {
				// The computers come last, by level, apart from the people.
				if !computers {
					line, computers = "Computer players:\n", true
				}
				line += fmt.Sprintf("- %s: %s, %s, average %s, best %s\n", p.Name, plural(p.Played, "game"), wins,
					strings.TrimSpace(avg+" "+g.Unit), g.Score.Of(p.Best))
			} else {
				n++
				line = fmt.Sprintf("%d. %s: %s, %s, average %s, best %s, %s\n", n, p.Name, plural(p.Played, "game"), wins,
					strings.TrimSpace(avg+" "+g.Unit), g.Score.Of(p.Best), per)
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
