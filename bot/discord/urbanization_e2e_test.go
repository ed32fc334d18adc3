package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
	urbanrender "github.com/smokestack/smokestack/render/urbanization"
)

// TestUrbanizationThroughDiscord offers Urbanization (with its renderer)
// beside Pebbles and plays the opening of a two-player match with the
// Inventions expansion through the real discordgo client and the fake
// Discord: the lobby shows the game and its options, the first houses, the
// character draft and the first actions go in as typed moves completed by
// autocompletion and one through the step-by-step picker, and every turn
// is a board post with the game's board image. The bot's code knows
// nothing of Urbanization: all of it comes through the engine contract.
func TestUrbanizationThroughDiscord(t *testing.T) {
	ur, err := urbanrender.New()
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, harnessOpts{mode: ModeGateway, games: []engine.Game{urbanization.New()}, renderers: []render.Renderer{ur}})
	fd := h.fd
	F := fakediscord.Str

	// The game and its options complete from the registry.
	cs, err := fd.Autocomplete(alice, room, "play", fakediscord.Focus(F("game", "urb")))
	must(t, err == nil && len(cs) == 1 && cs[0].Value == "urbanization" && strings.Contains(cs[0].Name, "2 to 4 players"), "game urb: %v %v", cs, err)
	cs, err = fd.Autocomplete(alice, room, "play", F("game", "urbanization"), fakediscord.Focus(F("options", "inv")))
	must(t, err == nil && strings.Contains(choiceValues(cs), "inventions=on"), "urbanization options: %v %v", cs, err)

	r := h.cmd(alice, room, "play", F("game", "urbanization"), F("options", "inventions=on"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Urbanization"), "lobby: %+v", r)
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")

	users := map[string]string{"discord:" + alice: alice, "discord:" + bob: bob}
	match := func() bot.Match {
		m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
		must(t, err == nil, "get: %v", err)
		return m
	}
	// Two first houses, two hires, then actions: typed moves, and one
	// through the picker.
	const moves = 8
	for i := 0; i < moves; i++ {
		m := match()
		must(t, !m.Play.Finished && len(m.Play.Active) == 1, "move %d: %+v", i, m.Play)
		user := users[m.Seats[m.Play.Active[0]].UserID]
		if i == 5 {
			r = pickMove(t, h, user, room)
		} else {
			r = h.cmd(user, room, "move", F("move", autocompleteMove(t, h, user, room)))
			must(t, !r.Ephemeral(), "move %d: %+v", i, r)
		}
	}
	m := match()
	must(t, m.Moves == moves && !m.Play.Finished, "%d moves applied, want %d: %+v", m.Moves, moves, m.Play)

	// Every board post carries the Urbanization board, drawn at its full
	// width; the last one says what happens now.
	var boards []fakediscord.Message
	for _, m := range fd.Messages(room) {
		if !m.Ephemeral && len(m.Files) > 0 {
			boards = append(boards, m)
			f := m.Files[0]
			must(t, fileList(m) == "board.png" && f.Width == 1280 && f.Height > 1000 && f.Size < 300<<10,
				"board post %s files %q (%dx%d, %d bytes)", m.ID, fileList(m), f.Width, f.Height, f.Size)
		}
	}
	must(t, len(boards) >= moves, "%d board posts for %d moves", len(boards), moves)
	last := boards[len(boards)-1]
	must(t, strings.Contains(last.Content, "Action phase "), "last board: %q", last.Content)

	// /status names the game turn and the part of it being played, and
	// /catchup heads the moves with the game turn they were played in.
	r = h.cmd(bob, room, "status")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "\nNow: Game turn 1 of 6, action phase "), "/status: %q", r.Content)
	r = h.cmd(alice, room, "catchup")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "__Game turn 1 of 6__\n- "), "/catchup: %q", r.Content)

	r = h.cmd(alice, room, "abort")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "aborted"), "abort: %+v", r)
	h.noViolations()
	golden(t, "urbanization", h.fd.Transcript(room, "m0001", "<match>"))
}
