package discord

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// startPebbles opens a Pebbles match in channel with alice and bob and
// starts it; alice moves first.
func startPebbles(t *testing.T, h *harness, channel, creator, other string) {
	t.Helper()
	F := fakediscord.Str
	r := h.cmd(creator, channel, "play", F("game", "pebbles"), F("options", "pile=21"))
	must(t, !r.Ephemeral(), "lobby: %+v", r)
	h.click(other, channel, "Join")
	h.click(creator, channel, "Start")
}

// TestGamesAndCatchup: /games lists a player's open matches in two
// servers and three channels with jump links, theirs to play first;
// /catchup narrates what happened since their last move with their own
// private draws only, and shows their board and hand.
func TestGamesAndCatchup(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: mode})
			const (
				other  = "900000000000000077" // a second server
				room2  = "200000000000000002"
				room3  = "200000000000000003"
				lobbyr = "200000000000000004"
			)
			h.fd.AddChannel(room2, "more-games")
			h.fd.AddGuildChannel(other, room3, "elsewhere")
			h.fd.AddGuildChannel(other, lobbyr, "lobby")
			F := fakediscord.Str

			r := h.cmd(alice, room, "games")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "no open match"), "no games yet: %+v", r)

			startPebbles(t, h, room, alice, bob)  // alice to move
			startPebbles(t, h, room2, bob, alice) // bob to move
			startPebbles(t, h, room3, alice, bob) // alice to move
			h.cmd(erin, lobbyr, "play", F("game", "pebbles"))
			h.click(alice, lobbyr, "Join")
			// alice moves in room: bob's turn there now.
			h.cmd(alice, room, "move", F("move", "take 1"))

			r = h.cmd(alice, room2, "games")
			must(t, r.Ephemeral(), "/games is private: %+v", r)
			lines := strings.Split(strings.TrimSpace(r.Content), "\n")
			must(t, len(lines) == 5 && strings.HasPrefix(lines[0], "Your open matches (4)"), "/games: %q", r.Content)
			must(t, strings.Contains(lines[1], "https://discord.com/channels/"+other+"/"+room3) && strings.Contains(lines[1], "**your turn**"),
				"first: alice's turn in the other server: %q", lines[1])
			must(t, strings.Contains(lines[2], "https://discord.com/channels/"+h.fd.GuildID+"/"+room2) && strings.Contains(lines[2], "waiting for bob"),
				"then the oldest waiting on others: %q", lines[2])
			// The lobby waits since alice joined it, before her move in room.
			must(t, strings.Contains(lines[3], "lobby in https://discord.com/channels/"+other+"/"+lobbyr) && strings.Contains(lines[3], "waiting for erin to start"),
				"the lobby: %q", lines[3])
			must(t, strings.Contains(lines[4], "https://discord.com/channels/"+h.fd.GuildID+"/"+room+":") && strings.Contains(lines[4], "waiting for bob"),
				"room, where alice just moved: %q", lines[4])
			r = h.cmd(dave, room, "games")
			must(t, strings.Contains(r.Content, "no open match"), "dave: %+v", r)

			// bob plays twice in room (alice between), then alice catches up.
			h.cmd(bob, room, "move", F("move", "take 1"))
			r = h.cmd(alice, room, "catchup")
			must(t, r.Ephemeral(), "catchup is private: %+v", r)
			must(t, strings.Contains(r.Content, "Since your last move (move 1), 1 move:") && strings.Contains(r.Content, "**bob** `take 1`") &&
				strings.Contains(r.Content, "bob draws a card") && !strings.Contains(r.Content, "you draw a") &&
				strings.Contains(r.Content, "Your hand:") && strings.Contains(r.Content, "Next: alice"),
				"alice's catch-up: %q", r.Content)
			must(t, fileNames(r) == "board.png players.png hand.png", "catch-up pictures: %q", fileNames(r))
			r = h.cmd(bob, room, "catchup")
			must(t, strings.Contains(r.Content, "Nothing has happened since your last move (move 2)"), "bob: %q", r.Content)
			r = h.cmd(dave, room, "catchup")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "no seat"), "dave: %+v", r)
			// alice's own draw after her move shows in her catch-up only
			// from her next one on; bob never reads her card.
			h.cmd(alice, room, "move", F("move", "take 1"))
			r = h.cmd(bob, room, "catchup")
			must(t, strings.Contains(r.Content, "alice draws a card") && !strings.Contains(r.Content, "you draw a") && !strings.Contains(r.Content, "alice draws a 1"),
				"bob's catch-up shows alice's card: %q", r.Content)
			h.noViolations()
		})
	}
}
