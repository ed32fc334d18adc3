package discord

import (
	"context"
	"strings"

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

// The locales the command table is described in besides English:
// Discord's locale codes for our languages (docs/i18n.md, "Discord's
// command table").
var commandLocales = []struct {
	locale discordgo.Locale
	lang   lang.Lang
}{{discordgo.German, lang.German}, {discordgo.French, lang.French}}

// localeOf is the Discord locale of a language of ours ("" for English,
// the commands' own language).
func localeOf(l lang.Lang) discordgo.Locale {
	for _, cl := range commandLocales {
		if cl.lang == l {
			return cl.locale
		}
	}
	return ""
}

// cmdKey is the host catalog's message for a command's or option's
// description ("cmd.play", "cmd.play_game"); numbered options (import's
// player1 ...) share one message with the number as "n".
func cmdKey(path ...string) (id string, kv []string) {
	last := path[len(path)-1]
	if base := strings.TrimRight(last, "0123456789"); base != last && base != "" {
		path[len(path)-1] = base
		kv = []string{"n", last[len(base):]}
	}
	return "cmd." + strings.Join(path, "_"), kv
}

// localize adds the German and French descriptions to a command, its
// options and the names of their fixed choices, from the host's catalog
// ("cmd.*"). Names stay English: one set of commands in every language.
func localize(c *discordgo.ApplicationCommand) {
	if d := descriptions(c.Name); d != nil {
		c.DescriptionLocalizations = &d
	}
	var walk func(path []string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path []string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			p := append(append([]string(nil), path...), o.Name)
			o.DescriptionLocalizations = descriptions(p...)
			for _, ch := range o.Choices {
				if v, ok := ch.Value.(string); ok && bot.Catalog().Has(lang.English, "cmd.choice_"+v) {
					ch.NameLocalizations = translations("cmd.choice_" + v)
				}
			}
			walk(p, o.Options)
		}
	}
	walk([]string{c.Name}, c.Options)
}

// descriptions are the German and French of a command's or option's
// description; nil when the catalog has none.
func descriptions(path ...string) map[discordgo.Locale]string {
	id, kv := cmdKey(path...)
	if !bot.Catalog().Has(lang.English, id) {
		return nil
	}
	return translations(id, kv...)
}

func translations(id string, kv ...string) map[discordgo.Locale]string {
	out := map[discordgo.Locale]string{}
	for _, cl := range commandLocales {
		out[cl.locale] = say(cl.lang, id, kv...)
	}
	return out
}

// refusal is a refusal of kind whose detail is message id of the host's
// catalog (a clause, no final stop), worded in the reader's language when
// it is explained; Detail keeps the English for logs.
func refusal(kind bot.Kind, id string, kv ...string) *bot.Error {
	return bot.Refusal(kind, id, kv...)
}
