package discord

import (
	"context"
	"fmt"
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
	var desc strings.Builder
	desc.WriteString("Start a match with `/play`; players join with its buttons and its creator starts it. " +
		"On your turn type your move with `/move` (suggestions list the legal moves) or press **Take your turn** " +
		"under the board to build it step by step. The bot pings only whoever has to play next.\n\n")
	for _, d := range b.definitions() {
		fmt.Fprintf(&desc, "`/%s` %s\n", d.Name, d.Description)
	}
	e := &discordgo.MessageEmbed{Title: "Smokestack help", Description: clip(desc.String(), 4096)}
	total := utf8.RuneCountInString(e.Title) + utf8.RuneCountInString(e.Description)
	rules := &discordgo.MessageEmbedField{Name: "Rules",
		Value: "`/rules topic:<word>` looks up a rule, tile, card or location of the channel's game " +
			"(suggestions list the topics as you type); `game:` picks another game. " +
			"A refused move names the rule it broke and its topic."}
	total += utf8.RuneCountInString(rules.Name) + utf8.RuneCountInString(rules.Value)
	for _, g := range games {
		f := notationField(g.Info())
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
func notationField(info engine.Info) *discordgo.MessageEmbedField {
	var v strings.Builder
	fmt.Fprintf(&v, "%s (%d to %d players)\n", info.Summary, info.MinSeats, info.MaxSeats)
	for _, x := range info.Examples {
		line := fmt.Sprintf("`%s` %s\n", x.Move, x.Meaning)
		if utf8.RuneCountInString(v.String()+line) > maxFieldValue {
			break
		}
		v.WriteString(line)
	}
	if len(info.Examples) == 0 {
		v.WriteString("Type `/move` and pick from the suggestions.\n")
	}
	for _, o := range info.Options {
		values := o.Default
		if len(o.Values) > 0 {
			values = strings.Join(o.Values, "|")
		}
		line := fmt.Sprintf("`/play options:%s=%s` %s\n", o.Key, values, o.Help)
		if utf8.RuneCountInString(v.String()+line) > maxFieldValue {
			break
		}
		v.WriteString(line)
	}
	return &discordgo.MessageEmbedField{Name: clip("Moves in "+info.Name, 256), Value: clip(strings.TrimSpace(v.String()), maxFieldValue)}
}
