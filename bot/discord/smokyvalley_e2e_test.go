package discord

import (
	"bytes"
	"context"
	"image/png"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
	smokyrender "github.com/smokestack/smokestack/render/smokyvalley"
)

// TestSmokyValleyEndToEnd plays the start of a 2-player Smoky Valley match
// through the fake Discord with no change to the adapter: the lobby, both
// Wood Depot choices and the first turns typed or picked, an illegal move
// explained, a rules topic, and every turn's board post with the board and
// players images.
func TestSmokyValleyEndToEnd(t *testing.T) {
	sr, err := smokyrender.New()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, harnessOpts{mode: ModeGateway, games: []engine.Game{smokyvalley.New()}, renderers: []render.Renderer{sr}})
	F := fakediscord.Str
	fd := h.fd

	r := h.cmd(alice, room, "play", F("game", "smoky-valley"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "The Smoky Valley"), "lobby: %+v", r)
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")

	users := map[string]string{"discord:" + alice: alice, "discord:" + bob: bob}
	active := func() string {
		m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
		must(t, err == nil && m.Play != nil && len(m.Play.Active) == 1, "match: %v", err)
		return users[m.Seats[m.Play.Active[0]].UserID]
	}

	// An illegal typed move is explained privately and changes nothing.
	first := active()
	r = h.cmd(first, room, "move", F("move", "depot nowhere"))
	must(t, r.Ephemeral() && r.Content != "", "illegal move: %+v", r)

	// Six moves, typed with autocompletion or picked with the buttons.
	for i := range 6 {
		u := active()
		if i%2 == 0 {
			r = h.cmd(u, room, "move", F("move", autocompleteMove(t, h, u, room)))
			must(t, !r.Ephemeral(), "typed move %d: %+v", i, r)
		} else {
			// A turn spans several moves: after a typed move that goes on
			// with the turn, the board's button is stale and answers
			// privately with the current board and a fresh button.
			r := h.click(u, room, "Take your turn")
			must(t, r.Ephemeral(), "turn button: %+v", r)
			if strings.Contains(r.Content, "moved on") {
				must(t, fileList(fakediscord.Message{Files: r.Files}) == "board.png players.png", "fresh board: %+v", r.Files)
			}
			pickMove(t, h, u, room)
		}
	}
	m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
	must(t, err == nil && m.Moves == 6, "moves applied: %d %v", m.Moves, err)

	// /status names the year and its phase; /catchup heads the moves with
	// the year they were played in.
	r = h.cmd(bob, room, "status")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "\nNow: 1840, development phase\n"), "/status: %q", r.Content)
	r = h.cmd(alice, room, "catchup")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "__1840__\n- "), "/catchup: %q", r.Content)

	// A rules topic of the game.
	cs, err := fd.Autocomplete(bob, room, "rules", fakediscord.Focus(F("topic", "navigation")))
	must(t, err == nil && len(cs) > 0, "rules autocomplete: %v %v", cs, err)
	r = h.cmd(bob, room, "rules", F("topic", cs[0].Value.(string)))
	must(t, r.Ephemeral() && len(r.Embeds) == 1, "rules: %+v", r)

	// Every board post carries the board and the players' boards, drawn
	// at their sizes.
	posts, text := 0, ""
	for _, msg := range fd.Messages(room) {
		if !msg.Ephemeral {
			text += msg.Content + "\n"
		}
		if msg.Ephemeral || len(msg.Files) == 0 {
			continue
		}
		posts++
		must(t, fileList(msg) == "board.png players.png", "board post %s files %q", msg.ID, fileList(msg))
		for _, f := range msg.Files {
			img, err := png.Decode(bytes.NewReader(f.Data))
			must(t, err == nil && img.Bounds().Dx() == 1200, "%s: %v", f.Name, err)
		}
	}
	must(t, posts >= 3, "%d board posts", posts)
	// What the players read: the set-up, the phase, the narration, pings.
	for _, want := range []string{"places their Wood Depot in", "1840 development phase", "your turn in The Smoky Valley"} {
		must(t, strings.Contains(text, want), "the channel never says %q:\n%s", want, text)
	}
	checkPings(t, h, room, false)
	h.noViolations()
}
