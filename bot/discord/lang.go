package discord

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// The language of a match's public posts (docs/i18n.md, "How the host
// picks the language"): /play's language option, else the server's
// setting (/clock server:true language:), else the server's own locale
// when it is one we speak (German, French), else English. Private
// replies follow each reader's locale (Request.Lang).

// languageOption is /play's and /clock's language option: the supported
// languages by their names in themselves.
func languageOption(desc string) *discordgo.ApplicationCommandOption {
	o := &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "language", Description: desc}
	for _, l := range lang.Supported {
		o.Choices = append(o.Choices, &discordgo.ApplicationCommandOptionChoice{Name: l.Name(), Value: string(l)})
	}
	return o
}

// givenLang is the language option of r, if given (refused with the list
// when unknown).
func givenLang(r *Request) (l lang.Lang, given bool, err error) {
	o, ok := options(r)["language"]
	if !ok {
		return "", false, nil
	}
	l, err = bot.ParseLang(o.StringValue())
	return l, true, err
}

// guildLang is the language of a new match in r's server when /play does
// not name one: the server's setting, else its locale.
func (b *Bot) guildLang(ctx context.Context, r *Request) (lang.Lang, error) {
	if r.I.GuildID == "" {
		return r.lang(), nil
	}
	l, ok, err := b.svc.ServerLang(ctx, serverKey(r.I.GuildID))
	if err != nil || ok {
		return l, err
	}
	if r.I.GuildLocale != nil {
		return lang.FromDiscord(string(*r.I.GuildLocale)), nil
	}
	return lang.English, nil
}

// playLang is the language of the match /play opens.
func (b *Bot) playLang(ctx context.Context, r *Request) (lang.Lang, error) {
	if l, given, err := givenLang(r); given || err != nil {
		return l, err
	}
	return b.guildLang(ctx, r)
}

// say words a message of the host's catalog in l.
func say(l lang.Lang, id string, kv ...string) string { return bot.Say(l, id, kv...) }
