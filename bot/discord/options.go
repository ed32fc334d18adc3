package discord

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
)

// checkOptions compares the options of a command interaction with the
// command's definition: every option must be defined, and its value must
// have the defined type (and range, for numbers). Discord only ever sends
// well-typed options, so a mismatch comes from a forged or garbled payload
// (which the signature check lets through only with the application's own
// key) or from a definition changed while Discord still had the old one;
// either way the handler must not read it. discordgo's StringValue and
// IntValue panic on a value of another type.
func checkOptions(def *discordgo.ApplicationCommand, opts []*discordgo.ApplicationCommandInteractionDataOption) error {
	defs := map[string]*discordgo.ApplicationCommandOption{}
	for _, d := range def.Options {
		defs[d.Name] = d
	}
	seen := map[string]bool{}
	focused := false
	for _, o := range opts {
		if o == nil {
			return fmt.Errorf("an empty option")
		}
		d, ok := defs[o.Name]
		if !ok {
			return fmt.Errorf("/%s has no option %q", def.Name, clip(o.Name, 32))
		}
		if seen[o.Name] {
			return fmt.Errorf("option %q given twice", o.Name)
		}
		seen[o.Name] = true
		if o.Type != d.Type {
			return fmt.Errorf("option %q has type %d, not %d", o.Name, o.Type, d.Type)
		}
		if len(o.Options) > 0 {
			return fmt.Errorf("option %q has sub-options", o.Name)
		}
		if o.Focused {
			// What the user is typing for autocompletion arrives as
			// text whatever the option's type; handlers read it as text.
			if _, ok := o.Value.(string); !ok {
				return fmt.Errorf("the option being typed, %q, is not text", o.Name)
			}
			focused = true
			continue
		}
		switch d.Type {
		case discordgo.ApplicationCommandOptionString:
			s, ok := o.Value.(string)
			if !ok {
				return fmt.Errorf("option %q is not text", o.Name)
			}
			if len(s) > 6000 { // Discord's longest option value
				return fmt.Errorf("option %q is longer than Discord allows", o.Name)
			}
		case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
			f, ok := o.Value.(float64)
			if !ok || math.IsNaN(f) || math.IsInf(f, 0) {
				return fmt.Errorf("option %q is not a number", o.Name)
			}
			if d.Type == discordgo.ApplicationCommandOptionInteger && (f != math.Trunc(f) || math.Abs(f) > 1<<53) {
				return fmt.Errorf("option %q is not a whole number", o.Name)
			}
			if (d.MinValue != nil && f < *d.MinValue) || (d.MaxValue != 0 && f > d.MaxValue) {
				return fmt.Errorf("option %q is out of range", o.Name)
			}
		case discordgo.ApplicationCommandOptionBoolean:
			if _, ok := o.Value.(bool); !ok {
				return fmt.Errorf("option %q is not true or false", o.Name)
			}
		case discordgo.ApplicationCommandOptionUser:
			// A user's snowflake, which Discord resolves in the data.
			s, ok := o.Value.(string)
			if !ok || s == "" || len(s) > 20 || strings.Trim(s, "0123456789") != "" {
				return fmt.Errorf("option %q is not a user", o.Name)
			}
		case discordgo.ApplicationCommandOptionAttachment:
			// The attachment's snowflake, which Discord resolves in the data.
			if s, ok := o.Value.(string); !ok || s == "" || len(s) > 20 || strings.Trim(s, "0123456789") != "" {
				return fmt.Errorf("option %q is not an attachment", o.Name)
			}
		default:
			return fmt.Errorf("option %q has a type this bot does not use", o.Name)
		}
	}
	for _, d := range def.Options {
		// An autocompletion comes before the user has filled every option.
		if d.Required && !seen[d.Name] && !focused {
			return fmt.Errorf("the required option %q is missing", d.Name)
		}
	}
	return nil
}

// badOptions answers a command whose options do not fit its definition
// with an invalid-input error, which answer presents (autocomplete: no
// choices).
func badOptions(why error) Handler {
	return func(ctx context.Context, r *Request) (*Response, error) {
		e := refusal(bot.KindInvalid, "discord.detail.bad-options", "why", why.Error())
		e.Err = why
		return nil, e
	}
}
