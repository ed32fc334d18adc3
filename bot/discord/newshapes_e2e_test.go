package discord

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// Channels of the move-shape tests.
const (
	shapeRm1 = "200000000000000051"
	shapeRm2 = "200000000000000052"
)

// shapeReader is a language and the two players reading it (none:
// alice and bob).
type shapeReader struct {
	l     lang.Lang
	users []fakediscord.User
}

// shapeReaders are two players reading each language.
func shapeReaders() []shapeReader {
	return []shapeReader{
		{lang.English, nil}, // alice and bob
		{lang.German, []fakediscord.User{{ID: dieter, Name: "dieter", Locale: "de"}, {ID: doris, Name: "doris", Locale: "de"}}},
		{lang.French, []fakediscord.User{{ID: franck, Name: "franck", Locale: "fr"}, {ID: fleur, Name: "fleur", Locale: "fr"}}},
	}
}

// startPinned opens a match of game in channel with the match language l,
// the seed and pins given, seated by users in order, starts it and plays
// moves ("p<seat> <notation>") typed with /move.
func startPinned(t *testing.T, h *harness, channel, game string, l lang.Lang, seed uint64, pins map[string]string, users []string, moves ...string) {
	t.Helper()
	ctx := context.Background()
	refs := make([]bot.UserRef, len(users))
	for i, u := range users {
		refs[i] = bot.UserRef{ID: "discord:" + u, Name: h.fd.User(u).Name}
	}
	m, err := h.svc.CreateMatch(ctx, bot.CreateRequest{Channel: channelKey(channel), Game: game, Creator: refs[0], Pins: pins, Seed: seed, ExactSeed: true, Lang: l})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range refs[1:] {
		if _, err := h.svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.svc.Start(ctx, bot.ByID(m.ID), refs[0].ID); err != nil {
		t.Fatal(err)
	}
	for _, mv := range moves {
		var seat int
		if _, err := fmt.Sscanf(mv, "p%d", &seat); err != nil {
			t.Fatalf("%q: %v", mv, err)
		}
		r := h.cmd(users[seat-1], channel, "move", fakediscord.Str("move", mv[strings.Index(mv, " ")+1:]))
		must(t, !r.Ephemeral(), "%s: %+v", mv, r)
	}
}

// menuOf is the one select menu of a picker step (none: the zero value).
func menuOf(r fakediscord.Response) fakediscord.Component {
	for _, row := range r.Components {
		for _, c := range row.Components {
			if c.Type == 3 {
				return c
			}
		}
	}
	return fakediscord.Component{}
}

// buttonsOf lists a response's button labels.
func buttonsOf(r fakediscord.Response) []string {
	var out []string
	for _, row := range r.Components {
		for _, c := range row.Components {
			if c.Type == 2 {
				out = append(out, c.Label)
			}
		}
	}
	return out
}

// tokensOf lists a menu's option values.
func tokensOf(c fakediscord.Component) string {
	var out []string
	for _, o := range c.Options {
		out = append(out, o.Value)
	}
	return strings.Join(out, " ")
}

// optionOf is the option of menu c with value tok.
func optionOf(t *testing.T, c fakediscord.Component, tok string) fakediscord.Option {
	t.Helper()
	for _, o := range c.Options {
		if o.Value == tok {
			return o
		}
	}
	t.Fatalf("no option %q in %s", tok, tokensOf(c))
	return fakediscord.Option{}
}

// checkStep checks a picker step as its reader l sees it: private, the
// move so far, the prompt both above and in the menu, the options, and
// in German and French each option's token under its label.
func checkStep(t *testing.T, l lang.Lang, r fakediscord.Response, move, prompt, tokens string, complete bool) {
	t.Helper()
	menu := menuOf(r)
	must(t, r.Ephemeral() && strings.Contains(r.Content, "`"+move+"`") && strings.Contains(r.Content, "\n"+prompt) && menu.Placeholder == prompt,
		"step %q: want the prompt %q:\n%s", move, prompt, r.Content)
	must(t, tokensOf(menu) == tokens, "step %q offers %q, want %q", move, tokensOf(menu), tokens)
	for _, o := range menu.Options {
		must(t, o.Label != "" && o.Label != o.Value, "step %q: option %q has no label in %s", move, o.Value, l)
		if l != lang.English {
			must(t, strings.HasSuffix(o.Description, o.Value), "step %q: option %q / %q: the token belongs under the label", move, o.Label, o.Description)
		}
	}
	confirm := slices.Contains(buttonsOf(r), bot.Say(l, "discord.picker.confirm"))
	must(t, confirm == complete && strings.Contains(r.Content, bot.Say(l, "discord.picker.complete")) == complete,
		"step %q: complete %v, but the buttons are %q:\n%s", move, complete, buttonsOf(r), r.Content)
	must(t, slices.Contains(buttonsOf(r), bot.Say(l, "discord.picker.back")), "step %q: no way back: %q", move, buttonsOf(r))
}

// suggestion is the /move suggestion whose value is text.
func suggestion(t *testing.T, h *harness, user, channel, typed, text string) fakediscord.Choice {
	t.Helper()
	cs, err := h.fd.Autocomplete(user, channel, "move", fakediscord.Focus(fakediscord.Str("move", typed)))
	must(t, err == nil, "autocomplete %q: %v", typed, err)
	for _, c := range cs {
		if c.Value == text {
			return c
		}
	}
	t.Fatalf("typing %q does not suggest %q: %v", typed, text, cs)
	return fakediscord.Choice{}
}

// noEnglish fails on an English sentence of the host's or the game's
// catalog in what a German or French reader read in channel.
func noEnglish(t *testing.T, h *harness, channel, user string, public bool, l lang.Lang, game *lang.Catalog, extra ...string) {
	t.Helper()
	if l == lang.English {
		return
	}
	for _, text := range append(seen(h.fd, channel, user, public), extra...) {
		for _, c := range []*lang.Catalog{bot.Catalog(), game} {
			if eng := c.EnglishIn(l, text); len(eng) > 0 {
				t.Errorf("%s reads English %q in %q", user, eng, text)
			}
		}
	}
}

// lastPublic is the newest public message of channel that is not a ping.
func lastPublic(h *harness, channel string) fakediscord.Message {
	msgs := h.fd.Messages(channel)
	for i := len(msgs) - 1; i >= 0; i-- {
		if !msgs[i].Ephemeral && len(msgs[i].Pings) == 0 {
			return msgs[i]
		}
	}
	return fakediscord.Message{}
}

// shapeHarness is a harness playing g, with rd's two readers as its users
// (returned by ID) and the two channels, one played with the pickers and
// one typed.
func shapeHarness(t *testing.T, g engine.Game, rd shapeReader) (h *harness, a, b string) {
	t.Helper()
	h = newHarness(t, harnessOpts{mode: ModeGateway, games: []engine.Game{g}})
	users := []string{alice, bob}
	for i, u := range rd.users {
		h.fd.AddUser(u)
		users[i] = u.ID
	}
	h.fd.AddChannel(shapeRm1, "picked")
	h.fd.AddChannel(shapeRm2, "typed")
	return h, users[0], users[1]
}

// TestCityActionThroughDiscord: in The Smoky Valley (rules version 4) a
// city card with "take 1 city action" goes on, in the card's move, with
// one district action in the current district or none; a player reading
// English, German or French plays it through the step-by-step picker
// (the card alone offers no Confirm; the city action's prompt and its
// options, the decline included, in the reader's words) and typed with
// /move and its suggestions (a typed card alone opens the picker at the
// city action), and the turn post and /catchup tell both in the match's
// and the reader's language.
func TestCityActionThroughDiscord(t *testing.T) {
	g := smokyvalley.New()
	cat := g.Info().Catalog
	// Seed 7 (the harness's) with these pins lets the first player buy
	// the Bank in McCord on their first turn.
	pins := map[string]string{"first": "1", "cards-1840s": "bank,waste-management,newspaper"}
	opening := []string{"p2 depot stann", "p1 depot mccord", "p1 go mccord"}
	for _, rd := range shapeReaders() {
		t.Run(string(rd.l), func(t *testing.T) {
			l := rd.l
			h, a, b := shapeHarness(t, g, rd)
			name := h.fd.User(a).Name
			prompt := cat.Text(l, "prompt.city-action", nil)
			actions := "build upgrade produce service trader none"
			took := cat.Text(l, "event.city-action-take", map[string]string{"Seat": name})
			declined := cat.Text(l, "event.city-action-none", map[string]string{"Seat": name})

			// The picker: the card, then the city action.
			startPinned(t, h, shapeRm1, g.Info().ID, l, 7, pins, []string{a, b}, opening...)
			h.click(a, shapeRm1, bot.Say(l, "discord.turn.take")) // a move old: a fresh button
			h.click(a, shapeRm1, bot.Say(l, "discord.turn.take"))
			h.pick(a, shapeRm1, "card")
			r := h.pick(a, shapeRm1, "bank")
			checkStep(t, l, r, "card bank", prompt, actions, false)
			none := optionOf(t, menuOf(r), "none")
			must(t, none.Label == cat.Text(l, "choice.city-action-none", nil), "the decline reads %q", none.Label)
			r = h.pick(a, shapeRm1, "produce")
			must(t, tokensOf(menuOf(r)) == "depot", "produce where: %q", tokensOf(menuOf(r)))
			r = h.pick(a, shapeRm1, "depot")
			must(t, slices.Contains(buttonsOf(r), bot.Say(l, "discord.picker.confirm")), "card bank produce depot: no Confirm: %q", buttonsOf(r))
			r = h.click(a, shapeRm1, bot.Say(l, "discord.picker.confirm"))
			must(t, strings.Contains(r.Content, say(l, "discord.turn.you-played", "move", "card bank produce depot")), "confirmed: %q", r.Content)
			post := lastPublic(h, shapeRm1)
			must(t, strings.Contains(post.Content, "`card bank produce depot`") && strings.Contains(post.Content, took), "the narration: %q, want %q", post.Content, took)
			r = h.cmd(b, shapeRm1, "catchup")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "`card bank produce depot`") && strings.Contains(r.Content, took), "/catchup: %q", r.Content)
			noEnglish(t, h, shapeRm1, a, true, l, cat)
			noEnglish(t, h, shapeRm1, b, false, l, cat)

			// Typed: the suggestions after the card, a card alone, then
			// the decline.
			startPinned(t, h, shapeRm2, g.Info().ID, l, 7, pins, []string{a, b}, opening...)
			var names []string
			for _, typed := range []string{"card bank ", "card bank n"} {
				c := suggestion(t, h, a, shapeRm2, typed, "card bank none")
				must(t, strings.Contains(c.Name, none.Label) && !strings.Contains(c.Name, "…"), "%q suggests %q", typed, c.Name)
				names = append(names, c.Name)
			}
			c := suggestion(t, h, a, shapeRm2, "card bank ", "card bank build")
			must(t, strings.Contains(c.Name, "…"), "the build goes on: %q", c.Name)
			names = append(names, c.Name)
			r = h.cmd(a, shapeRm2, "move", fakediscord.Str("move", "card bank"))
			checkStep(t, l, r, "card bank", prompt, actions, false)
			must(t, strings.Contains(r.Content, prompt), "the explanation names the city action: %q", r.Content)
			r = h.cmd(a, shapeRm2, "move", fakediscord.Str("move", "card bank none"))
			must(t, !r.Ephemeral() && strings.Contains(r.Content, "`card bank none`") && strings.Contains(r.Content, declined) && !strings.Contains(r.Content, took),
				"the narration: %q, want %q", r.Content, declined)
			r = h.cmd(b, shapeRm2, "catchup")
			must(t, r.Ephemeral() && strings.Contains(r.Content, declined), "/catchup: %q", r.Content)
			noEnglish(t, h, shapeRm2, a, true, l, cat, names...)
			noEnglish(t, h, shapeRm2, b, false, l, cat)
			h.noViolations()
		})
	}
}

// TestGrainSourcesThroughDiscord: in Urbanization "grain buy <n>" is
// complete after the count (cheapest first) and may go on to name where
// each grain comes from; a player reading English, German or French
// plays both through the picker (after the count it offers Confirm and
// the sources at once, each with its price, in the reader's words) and
// typed with /move and its suggestions, and the turn post and /catchup
// tell what each purchase cost.
func TestGrainSourcesThroughDiscord(t *testing.T) {
	g := urbanization.New()
	cat := g.Info().Catalog
	pins := map[string]string{"first": "1"}
	opening := []string{"p1 start t08 t03", "p2 start t10 t04", "p1 hire architect", "p2 hire millworker"}
	for _, rd := range shapeReaders() {
		t.Run(string(rd.l), func(t *testing.T) {
			l := rd.l
			h, a, b := shapeHarness(t, g, rd)
			bought := func(u, grain, money string) string {
				return cat.Text(l, "event.grain-buy", map[string]string{"Seat": h.fd.User(u).Name, "grain": grain, "money": money})
			}
			// told checks the turn post and the other player's /catchup.
			told := func(channel, reader, move, event string) {
				t.Helper()
				post := lastPublic(h, channel)
				must(t, strings.Contains(post.Content, "`"+move+"`") && strings.Contains(post.Content, event), "the turn post: %q, want %q", post.Content, event)
				r := h.cmd(reader, channel, "catchup")
				must(t, r.Ephemeral() && strings.Contains(r.Content, "`"+move+"`") && strings.Contains(r.Content, event), "/catchup: %q, want %q", r.Content, event)
			}

			// The picker, naming the sources: Barn 2, then the field.
			startPinned(t, h, shapeRm1, g.Info().ID, l, 1, pins, []string{a, b}, opening...)
			h.click(a, shapeRm1, bot.Say(l, "discord.turn.take"))
			h.pick(a, shapeRm1, "grain")
			r := h.pick(a, shapeRm1, "buy")
			checkStep(t, l, r, "grain buy", cat.Text(l, "prompt.grain-buy", nil), "1 2 3 4 5", false)
			two := optionOf(t, menuOf(r), "2")
			must(t, two.Label == cat.Text(l, "choice.buy", map[string]string{"n": "2", "cost": "2"}) && strings.HasPrefix(two.Description, cat.Text(l, "choice.buy-help", nil)),
				"buy 2 reads %q / %q", two.Label, two.Description)
			r = h.pick(a, shapeRm1, "2")
			// Complete after the count, and the sources go on.
			checkStep(t, l, r, "grain buy 2", cat.Text(l, "prompt.grain-cheapest", map[string]string{"n": "1", "of": "2"}), "barn1 barn2 barn3 barn4 field", true)
			barn2 := optionOf(t, menuOf(r), "barn2")
			must(t, barn2.Label == cat.Text(l, "choice.grain-from", map[string]string{"source": "barn2", "cost": "1"}) &&
				strings.HasPrefix(barn2.Description, cat.Text(l, "choice.grain-from-help", map[string]string{"held": "2", "total": "1"})),
				"barn 2 reads %q / %q", barn2.Label, barn2.Description)
			must(t, !strings.Contains(barn2.Label, "barn2"), "the barn is named in the reader's words: %q", barn2.Label)
			r = h.pick(a, shapeRm1, "barn2")
			// Only later barns and the field may follow a barn.
			checkStep(t, l, r, "grain buy 2 barn2", cat.Text(l, "prompt.grain-from", map[string]string{"n": "2", "of": "2"}), "barn3 barn4 field", false)
			field := optionOf(t, menuOf(r), "field")
			must(t, field.Label == cat.Text(l, "choice.grain-from", map[string]string{"source": "field", "cost": "3"}) &&
				strings.HasPrefix(field.Description, cat.Text(l, "choice.grain-from-help", map[string]string{"held": "2", "total": "4"})),
				"the field reads %q / %q", field.Label, field.Description)
			r = h.pick(a, shapeRm1, "field")
			must(t, slices.Contains(buttonsOf(r), bot.Say(l, "discord.picker.confirm")) && menuOf(r).Type == 0, "two sources named: %q", buttonsOf(r))
			h.click(a, shapeRm1, bot.Say(l, "discord.picker.confirm"))
			told(shapeRm1, b, "grain buy 2 barn2 field", bought(a, "2", "4"))

			// Typed, complete after the count: the suggestions after it
			// offer it first and the sources after it.
			var names []string
			c := suggestion(t, h, b, shapeRm1, "grain buy ", "grain buy 2")
			must(t, !strings.Contains(c.Name, "…"), "grain buy 2 is complete: %q", c.Name)
			names = append(names, c.Name)
			cs, err := h.fd.Autocomplete(b, shapeRm1, "move", fakediscord.Focus(fakediscord.Str("move", "grain buy 2 ")))
			must(t, err == nil && len(cs) > 1 && cs[0].Value == "grain buy 2" && !strings.Contains(cs[0].Name, "…"), "after the count: %v %v", cs, err)
			for _, c := range cs[1:] {
				must(t, strings.HasPrefix(c.Value.(string), "grain buy 2 "), "after the count: %v", c)
				names = append(names, c.Name)
			}
			c = suggestion(t, h, b, shapeRm1, "grain buy 2 ", "grain buy 2 barn1")
			must(t, strings.Contains(c.Name, "…") && strings.Contains(c.Name, cat.Text(l, "choice.grain-from", map[string]string{"source": "barn1", "cost": "1"})), "barn 1 suggested as %q", c.Name)
			r = h.cmd(b, shapeRm1, "move", fakediscord.Str("move", "grain buy 2"))
			must(t, !r.Ephemeral(), "grain buy 2: %+v", r)
			told(shapeRm1, a, "grain buy 2", bought(b, "2", "2"))
			noEnglish(t, h, shapeRm1, a, true, l, cat)
			noEnglish(t, h, shapeRm1, b, false, l, cat, names...)

			// The picker's Confirm right after the count; a typed source,
			// then one out of order, refused in the reader's words.
			startPinned(t, h, shapeRm2, g.Info().ID, l, 1, pins, []string{a, b}, opening...)
			h.click(a, shapeRm2, bot.Say(l, "discord.turn.take"))
			h.pick(a, shapeRm2, "grain")
			h.pick(a, shapeRm2, "buy")
			h.pick(a, shapeRm2, "2")
			h.click(a, shapeRm2, bot.Say(l, "discord.picker.confirm"))
			told(shapeRm2, b, "grain buy 2", bought(a, "2", "2"))
			r = h.cmd(b, shapeRm2, "move", fakediscord.Str("move", "grain buy 2 field barn3"))
			must(t, r.Ephemeral() && strings.Contains(r.Content, cat.Text(l, "rule.grain.source-order-field", map[string]string{"number": "3"})), "out of order: %q", r.Content)
			// A typed purchase that stops after a source opens the picker
			// at the next one.
			r = h.cmd(b, shapeRm2, "move", fakediscord.Str("move", "grain buy 2 barn1"))
			checkStep(t, l, r, "grain buy 2 barn1", cat.Text(l, "prompt.grain-from", map[string]string{"n": "2", "of": "2"}), "barn2 barn3 barn4 field", false)
			c = suggestion(t, h, b, shapeRm2, "grain buy 1 ", "grain buy 1 field")
			names = []string{c.Name}
			r = h.cmd(b, shapeRm2, "move", fakediscord.Str("move", c.Value.(string)))
			must(t, !r.Ephemeral(), "grain buy 1 field: %+v", r)
			told(shapeRm2, a, "grain buy 1 field", bought(b, "1", "3"))
			noEnglish(t, h, shapeRm2, a, true, l, cat)
			noEnglish(t, h, shapeRm2, b, false, l, cat, names...)
			h.noViolations()
		})
	}
}
