package discord

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestOptionTypes feeds commands whose options do not match their
// definitions, as only a signed (forged or garbled) payload can, and checks
// that each is refused with a message instead of reaching a handler that
// would panic reading it.
func TestOptionTypes(t *testing.T) {
	b, err := New(Config{Token: "t"}, testService(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, data string
		auto       bool
	}{
		{"game as a number", `{"name":"play","options":[{"name":"game","type":3,"value":5}]}`, false},
		{"players as text", `{"name":"play","options":[{"name":"players","type":4,"value":"four"}]}`, false},
		{"players fractional", `{"name":"play","options":[{"name":"players","type":4,"value":2.5}]}`, false},
		{"players out of range", `{"name":"play","options":[{"name":"players","type":4,"value":-3}]}`, false},
		{"thread as text", `{"name":"play","options":[{"name":"thread","type":5,"value":"yes"}]}`, false},
		{"type lies", `{"name":"play","options":[{"name":"thread","type":3,"value":"yes"}]}`, false},
		{"unknown option", `{"name":"move","options":[{"name":"move","type":3,"value":"pass"},{"name":"extra","type":3,"value":"x"}]}`, false},
		{"required missing", `{"name":"move","options":[]}`, false},
		{"duplicate", `{"name":"move","options":[{"name":"move","type":3,"value":"a"},{"name":"move","type":3,"value":"b"}]}`, false},
		{"move as object", `{"name":"move","options":[{"name":"move","type":3,"value":{"a":1}}]}`, false},
		{"sub-options", `{"name":"move","options":[{"name":"move","type":3,"value":"a","options":[{"name":"x","type":3,"value":"y"}]}]}`, false},
		{"focused number", `{"name":"move","options":[{"name":"move","type":3,"value":7,"focused":true}]}`, true},
		{"rules topic as bool", `{"name":"rules","options":[{"name":"topic","type":3,"value":true,"focused":true}]}`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			var data discordgo.ApplicationCommandInteractionData
			if err := json.Unmarshal([]byte(c.data), &data); err != nil {
				t.Fatal(err)
			}
			typ := discordgo.InteractionApplicationCommand
			if c.auto {
				typ = discordgo.InteractionApplicationCommandAutocomplete
			}
			i := &discordgo.Interaction{ID: "1", Type: typ, Data: data, ChannelID: "2",
				Member: &discordgo.Member{User: &discordgo.User{ID: "3", Username: "ann"}}}
			r := newRequest(i, nil, time.Now())
			h, _ := b.route(r)
			var resp *Response
			func() {
				defer func() {
					if p := recover(); p != nil {
						t.Fatalf("the handler panicked: %v", p)
					}
				}()
				resp, err = h(context.Background(), r)
			}()
			// What the user sees of the handler's answer (serve's step).
			resp = b.answer(context.Background(), r, resp, err)
			if c.auto {
				if resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult || len(resp.Data.Choices) != 0 {
					t.Errorf("autocomplete answered %+v, want no choices", resp.Data)
				}
				return
			}
			if resp.Data == nil || !strings.Contains(resp.Data.Content, "options do not match") || resp.Data.Flags&discordgo.MessageFlagsEphemeral == 0 ||
				strings.Contains(resp.Data.Content, "wrong") {
				t.Errorf("reply %+v, want a private refusal", resp.Data)
			}
			// The cause is worded in the reader's language too (it was
			// English inside a German or French sentence).
			for _, l := range []lang.Lang{lang.German, lang.French} {
				i.Locale = discordgo.Locale(l)
				r := newRequest(i, nil, time.Now())
				resp, err := h(context.Background(), r)
				resp = b.answer(context.Background(), r, resp, err)
				if resp.Data == nil || strings.Contains(resp.Data.Content, "option \"") || len(bot.Catalog().EnglishIn(l, resp.Data.Content)) > 0 {
					t.Errorf("%s reply %+v, want it all in %s", l, resp.Data, l)
				}
			}
		})
	}
	// The cause names the option in the reader's way of quoting.
	var data0 discordgo.ApplicationCommandInteractionData
	json.Unmarshal([]byte(`{"name":"play","options":[{"name":"players","type":4,"value":-3}]}`), &data0)
	for l, want := range map[lang.Lang]string{
		lang.English: `(option "players" is out of range)`,
		lang.German:  "(die Option „players“ liegt außerhalb des erlaubten Bereichs)",
		lang.French:  "(l’option «\u00a0players\u00a0» est hors des limites permises)",
	} {
		i := &discordgo.Interaction{ID: "1", Type: discordgo.InteractionApplicationCommand, Data: data0, ChannelID: "2", Locale: discordgo.Locale(l),
			Member: &discordgo.Member{User: &discordgo.User{ID: "3", Username: "ann"}}}
		r := newRequest(i, nil, time.Now())
		h, _ := b.route(r)
		resp, err := h(context.Background(), r)
		resp = b.answer(context.Background(), r, resp, err)
		if resp.Data == nil || !strings.Contains(resp.Data.Content, want) {
			t.Errorf("%s: %+v, want it to contain %q", l, resp.Data, want)
		}
	}
	// Well-typed options still reach the handler.
	var data discordgo.ApplicationCommandInteractionData
	json.Unmarshal([]byte(`{"name":"move","options":[{"name":"move","type":3,"value":"take 1","focused":true}]}`), &data)
	if err := checkOptions(b.cmds["move"].def, data.Options); err != nil {
		t.Errorf("a well-typed autocompletion refused: %v", err)
	}
	var play discordgo.ApplicationCommandInteractionData
	json.Unmarshal([]byte(`{"name":"play","options":[{"name":"players","type":4,"value":3},{"name":"thread","type":5,"value":true}]}`), &play)
	if err := checkOptions(b.cmds["play"].def, play.Options); err != nil {
		t.Errorf("well-typed /play options refused: %v", err)
	}
}
