package discord

import (
	"context"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// checkOptions compares the options of a command interaction with the
// command's definition: every option must be defined, and its value must
// have the defined type (and range, for numbers). Discord only ever sends
// well-typed options, so a mismatch comes from a forged or garbled payload
// (which the signature check lets through only with the application's own
// key) or from a definition changed while Discord still had the old one;
// either way the handler must not read it. discordgo's StringValue and
// IntValue panic on a value of another type.
func checkOptions(def *discordgo.ApplicationCommand, opts []*discordgo.ApplicationCommandInteractionDataOption) *optionMismatch {
	defs := map[string]*discordgo.ApplicationCommandOption{}
	for _, d := range def.Options {
		defs[d.Name] = d
	}
	seen := map[string]bool{}
	focused := false
	for _, o := range opts {
		if o == nil {
			return optionProblem("empty", "")
		}
		d, ok := defs[o.Name]
		if !ok {
			return optionProblem("unknown", clip(o.Name, 32))
		}
		if seen[o.Name] {
			return optionProblem("twice", o.Name)
		}
		seen[o.Name] = true
		if o.Type != d.Type {
			return optionProblem("type", o.Name)
		}
		if len(o.Options) > 0 {
			return optionProblem("sub-options", o.Name)
		}
		if o.Focused {
			// What the user is typing for autocompletion arrives as
			// text whatever the option's type; handlers read it as text.
			if _, ok := o.Value.(string); !ok {
				return optionProblem("typed-not-text", o.Name)
			}
			focused = true
			continue
		}
		switch d.Type {
		case discordgo.ApplicationCommandOptionString:
			s, ok := o.Value.(string)
			if !ok {
				return optionProblem("not-text", o.Name)
			}
			if len(s) > 6000 { // Discord's longest option value
				return optionProblem("too-long", o.Name)
			}
		case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
			f, ok := o.Value.(float64)
			if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
				return optionProblem("not-number", o.Name)
			}
			if d.Type == discordgo.ApplicationCommandOptionInteger && (f != math.Trunc(f) || math.Abs(f) > 1<<53) {
				return optionProblem("not-whole", o.Name)
			}
			if (d.MinValue != nil && f < *d.MinValue) || (d.MaxValue != 0 && f > d.MaxValue) {
				return optionProblem("range", o.Name)
			}
		case discordgo.ApplicationCommandOptionBoolean:
			if _, ok := o.Value.(bool); !ok {
				return optionProblem("not-bool", o.Name)
			}
		case discordgo.ApplicationCommandOptionUser:
			// A user's snowflake, which Discord resolves in the data.
			s, ok := o.Value.(string)
			if !ok || s == "" || len(s) > 20 || strings.Trim(s, "0123456789") != "" {
				return optionProblem("not-user", o.Name)
			}
		case discordgo.ApplicationCommandOptionAttachment:
			// The attachment's snowflake, which Discord resolves in the data.
			if s, ok := o.Value.(string); !ok || s == "" || len(s) > 20 || strings.Trim(s, "0123456789") != "" {
				return optionProblem("not-attachment", o.Name)
			}
		default:
			return optionProblem("unused-type", o.Name)
		}
	}
	for _, d := range def.Options {
		// An autocompletion comes before the user has filled every option.
		if d.Required && !seen[d.Name] && !focused {
			return optionProblem("missing", d.Name)
		}
	}
	return nil
}

// optionMismatch is how an option does not fit its command's definition:
// the message discord.option-problem.<why> of the host's catalog, about
// the option named.
type optionMismatch struct {
	why, option string
}

func optionProblem(why, option string) *optionMismatch { return &optionMismatch{why, option} }

// Error is the English wording, for logs.
func (e *optionMismatch) Error() string {
	return bot.Say(lang.English, e.id(), "option", e.option)
}

func (e *optionMismatch) id() string { return "discord.option-problem." + e.why }

// badOptions answers a command whose options do not fit its definition
// with an invalid-input error, which answer presents (autocomplete: no
// choices), its cause worded in the reader's language.
func badOptions(why *optionMismatch) Handler {
	return func(ctx context.Context, r *Request) (*Response, error) {
		e := refusal(bot.KindInvalid, "discord.detail.bad-options", "cause", why.id(), "option", bot.Echoed(why.option))
		e.Err = why
		return nil, e
	}
}
