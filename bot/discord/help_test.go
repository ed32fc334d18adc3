package discord

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/testgame"
)

// /help privately lists every command, how to write moves with examples
// (of every game without a match, of the channel's game with one) and the
// way into /rules.
func TestHelp(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway, brass: true})
	r := h.cmd(dave, room, "help")
	must(t, r.Ephemeral() && len(r.Embeds) == 1, "help: %+v", r)
	e := r.Embeds[0]
	for _, c := range h.bot.definitions() {
		must(t, strings.Contains(e.Description, "`/"+c.Name+"` "+c.Description), "/%s is not listed:\n%s", c.Name, e.Description)
	}
	text := func(e fakediscord.Embed) string {
		var b strings.Builder
		for _, f := range e.Fields {
			b.WriteString(f.Name + "\n" + f.Value + "\n")
		}
		return b.String()
	}
	all := text(e)
	for _, g := range []string{testgame.Game{}.Info().Name, brass.New().Info().Name} {
		must(t, strings.Contains(all, "Moves in "+g), "no notation of %s:\n%s", g, all)
	}
	for _, x := range brass.New().Info().Examples {
		must(t, strings.Contains(all, "`"+x.Move+"` "+x.Meaning), "example %q missing:\n%s", x.Move, all)
	}
	must(t, strings.Contains(all, "/rules topic:"), "no way into /rules:\n%s", all)
	for _, o := range brass.New().Info().Options {
		must(t, strings.Contains(all, "options:"+o.Key+"="), "option %s missing:\n%s", o.Key, all)
	}

	// With a Pebbles match in the channel: its notation only.
	h.cmd(alice, room, "play", fakediscord.Str("game", "pebbles"))
	r = h.cmd(alice, room, "help")
	one := text(r.Embeds[0])
	must(t, strings.Contains(one, "`take 2` play your 2 card") && !strings.Contains(one, brass.New().Info().Name), "help in a Pebbles channel:\n%s", one)
	h.noViolations()
}
