package discord

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
)

// Discord's embed limits /help keeps to.
const (
	maxFieldValue = 1024
	maxEmbedTotal = 6000
)

// helpCmd is /help, private: the commands (from their definitions), how a
// turn goes, the move notation of the channel's game with its examples and
// its options (of every game when the channel has no match), and the way
// into /rules.
func (b *Bot) helpCmd(ctx context.Context, r *Request) (*Response, error) {
	var games []engine.Game
	if m, err := b.svc.Get(ctx, bot.InChannel(r.key())); err == nil {
		games = []engine.Game{m.GameRules()}
	} else {
		games = b.svc.Games().Games()
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
	total := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	rules := &discordgo.MessageEmbedField{Name: say(l, "discord.help.rules"), Value: say(l, "discord.help.rules-how")}
	total += utf8.RuneCountInString(rules.Name) + utf8.RuneCountInString(rules.Value)
	for _, g := range games {
		f := notationField(engine.WordsFor(g.Info(), l, nil))
		n := utf8.RuneCountInString(f.Name) + utf8.RuneCountInString(f.Value)
		if total+n > maxEmbedTotal || len(e.Fields) == 23 {
			break
		}
		total += n
		e.Fields = append(e.Fields, f)
	}
	e.Fields = append(e.Fields, rules)
	d := privateData("")
	d.Embeds = []*discordgo.MessageEmbed{e}
	return privateResponse(d), nil
}

// notationField shows a game's notation by its examples, and its match
// options.
func notationField(w engine.Words) *discordgo.MessageEmbedField {
	info, l := w.Info, w.Lang
	var v strings.Builder
	fmt.Fprintf(&v, "%s (%s)\n", w.Summary(), say(l, "discord.lobby.player-range", "lo", strconv.Itoa(info.MinSeats), "hi", strconv.Itoa(info.MaxSeats)))
	for _, x := range info.Examples {
		line := fmt.Sprintf("`%s` %s\n", x.Move, w.Example(x))
		if utf8.RuneCountInString(v.String()+line) > maxFieldValue {
			break
		}
		v.WriteString(line)
	}
	if len(info.Examples) == 0 {
		v.WriteString(say(l, "discord.help.no-examples") + "\n")
	}
	for _, o := range info.Options {
		values := o.Default
		if len(o.Values) > 0 {
			values = strings.Join(o.Values, "|")
		}
		line := fmt.Sprintf("`/play options:%s=%s` %s\n", o.Key, values, w.Option(o))
		if utf8.RuneCountInString(v.String()+line) > maxFieldValue {
			break
		}
		v.WriteString(line)
	}
	return &discordgo.MessageEmbedField{Name: clip(say(l, "discord.help.moves", "game", w.GameName()), 256), Value: clip(strings.TrimSpace(v.String()), maxFieldValue)}
}
