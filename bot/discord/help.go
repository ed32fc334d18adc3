package discord

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Discord's embed limits /help keeps to.
const (
	maxFieldValue = 1024
	maxFields     = 25
	maxEmbedTotal = 6000
)

// helpCmd is /help, private: the commands (from their definitions), how a
// turn goes and the way into /rules. Without a match in the channel and
// without game:, each game on offer by its summary and how to see its
// details (/help game:); with one, a second private message shows that
// game's match options and every example of its notation (gameHelp). The
// two do not fit Discord's 6000 characters of one message together.
func (b *Bot) helpCmd(ctx context.Context, r *Request) (*Response, error) {
	var game engine.Game
	if o, ok := options(r)["game"]; ok && strings.TrimSpace(o.StringValue()) != "" {
		g, err := b.game(o.StringValue(), r.lang())
		if err != nil {
			return nil, err
		}
		game = g
	} else if m, err := b.svc.Get(ctx, bot.InChannel(r.key())); err == nil {
		game = m.GameRules()
	}
	l := r.lang()
	var desc strings.Builder
	desc.WriteString(say(l, "discord.help.intro", "take", say(l, "discord.turn.take")) + "\n\n")
	for _, d := range b.definitions() {
		text := d.Description
		if d.DescriptionLocalizations != nil {
			if s := (*d.DescriptionLocalizations)[localeOf(l)]; s != "" {
				text = s
			}
		}
		fmt.Fprintf(&desc, "`/%s` %s\n", d.Name, text)
	}
	e := &discordgo.MessageEmbed{Title: say(l, "discord.help.title"), Description: clip(desc.String(), 4096)}
	rules := &discordgo.MessageEmbedField{Name: say(l, "discord.help.rules"), Value: say(l, r.Place.ID("discord.help.rules-how"))}
	if game == nil {
		b.gameSummaries(e, l, embedSize(e)+fieldSize(rules))
	}
	e.Fields = append(e.Fields, rules)
	d := privateData("")
	d.Embeds = []*discordgo.MessageEmbed{e}
	resp := privateResponse(d)
	if game != nil {
		details := privateData("")
		details.Embeds = []*discordgo.MessageEmbed{gameHelp(engine.WordsFor(game.Info(), l, nil))}
		resp.After = func(ctx context.Context, p *poster) { p.followup(ctx, details) }
	}
	return resp, nil
}

// completeHelp autocompletes /help's game with the games on offer.
func (b *Bot) completeHelp(ctx context.Context, r *Request) (*Response, error) {
	typed, _ := focused(r)
	return choices(b.gameChoices(typed, r.lang())), nil
}

// gameSummaries adds a field per game on offer to e: its summary, player
// range and how to see its moves and options. Games that would take e
// past Discord's limits (size, the characters e and the fields still to
// come already use) are named together in a last field, never left out.
func (b *Bot) gameSummaries(e *discordgo.MessageEmbed, l lang.Lang, size int) {
	games := b.svc.Games().Games()
	for i, g := range games {
		w := engine.WordsFor(g.Info(), l, nil)
		f := &discordgo.MessageEmbedField{Name: clip(w.GameName(), 256),
			Value: clip(summaryLine(w)+"\n"+say(l, "discord.help.details", "id", g.Info().ID), maxFieldValue)}
		rest := moreGames(games[i+1:], l)
		if size+fieldSize(f)+fieldSize(rest) > maxEmbedTotal || len(e.Fields)+3 > maxFields {
			if rest = moreGames(games[i:], l); rest != nil {
				e.Fields = append(e.Fields, rest)
			}
			return
		}
		size += fieldSize(f)
		e.Fields = append(e.Fields, f)
	}
}

// moreGames is the field naming games /help had no room to describe, nil
// for none.
func moreGames(games []engine.Game, l lang.Lang) *discordgo.MessageEmbedField {
	if len(games) == 0 {
		return nil
	}
	var ids []string
	for _, g := range games {
		ids = append(ids, "`"+g.Info().ID+"`")
	}
	return &discordgo.MessageEmbedField{Name: say(l, "discord.help.more-games"),
		Value: clipWords(say(l, "discord.help.more-games-how", "games", strings.Join(ids, ", ")), maxFieldValue, 0)}
}

// summaryLine is a game's summary and player range.
func summaryLine(w engine.Words) string {
	return fmt.Sprintf("%s (%s)", w.Summary(), playerRangeIn(w.Lang, w.Info.MinSeats, w.Info.MaxSeats))
}

// gameHelp is one game's details as /help shows them: its summary, its
// match options in a field of their own, then every example of its
// notation over as many fields as they take. Should a game ever have more
// than Discord's limits hold, the last field says where the rest is (the
// suggestions of /play options: and of /move).
func gameHelp(w engine.Words) *discordgo.MessageEmbed {
	l, info := w.Lang, w.Info
	e := &discordgo.MessageEmbed{Title: clip(say(l, "discord.help.moves", "game", w.GameName()), 256), Description: clip(summaryLine(w), 4096)}
	var opts, examples []string
	for _, o := range info.Options {
		values := o.Default
		if len(o.Values) > 0 {
			values = strings.Join(o.Values, "|")
		}
		opts = append(opts, fmt.Sprintf("`/play options:%s=%s` %s", o.Key, values, w.Option(o)))
	}
	for _, x := range info.Examples {
		examples = append(examples, fmt.Sprintf("`%s` %s", x.Move, w.Example(x)))
	}
	if len(examples) == 0 {
		examples = []string{say(l, "discord.help.no-examples")}
	}
	size, full := embedSize(e), false
	add := func(name, more string, lines []string) {
		parts := chunks(lines, maxFieldValue)
		for i, v := range parts {
			f := &discordgo.MessageEmbedField{Name: name, Value: v}
			if len(parts) > 1 {
				f.Name = fmt.Sprintf("%s (%d/%d)", name, i+1, len(parts))
			}
			f.Name = clip(f.Name, 256)
			note := &discordgo.MessageEmbedField{Name: f.Name, Value: more}
			// Room is kept for the note: a cut list always says so.
			if full || size+fieldSize(f)+fieldSize(note) > maxEmbedTotal || len(e.Fields)+2 > maxFields {
				if !full {
					e.Fields = append(e.Fields, note)
				}
				full = true
				return
			}
			size += fieldSize(f)
			e.Fields = append(e.Fields, f)
		}
	}
	if len(opts) > 0 {
		add(say(l, "discord.help.options"), say(l, "discord.help.more-options"), opts)
	}
	add(say(l, "discord.help.examples"), say(l, "discord.help.no-examples"), examples)
	return e
}

// chunks joins lines, one a line, into values of at most max characters,
// a line never split (a longer one is clipped).
func chunks(lines []string, max int) []string {
	var out []string
	var cur strings.Builder
	for _, line := range lines {
		line = clip(line, max)
		if cur.Len() > 0 && utf8.RuneCountInString(cur.String())+1+utf8.RuneCountInString(line) > max {
			out = append(out, cur.String())
			cur.Reset()
		}
		if cur.Len() > 0 {
			cur.WriteString("\n")
		}
		cur.WriteString(line)
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}

// embedSize and fieldSize are what count towards an embed's 6000
// characters.
func embedSize(e *discordgo.MessageEmbed) int {
	n := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	for _, f := range e.Fields {
		n += fieldSize(f)
	}
	return n
}

func fieldSize(f *discordgo.MessageEmbedField) int {
	if f == nil {
		return 0
	}
	return utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
}
