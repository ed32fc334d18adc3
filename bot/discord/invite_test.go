package discord

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/engine/testgame"
)

// importRecord is a three-seat Pebbles record: two moves played, one
// taken back and played again.
const importRecord = `# Smokestack match record
Game: pebbles
Rules: 2
Seed: 5
Seats: 3
Option: pile=5
Pin: deck=2,3,1,3,2,3,3,3,3,3,3,3,3,3,3

1 s1 take 2
2 undo 1
3 s1 take 2
4 s2 take 2
`

// TestImportThroughDiscord: /import with an attached record offers it to
// the players named (pinging those who must confirm); the last
// confirmation starts the match where the record ends, with its board and
// a ping; a refusal frees the channel; a bad record is refused privately
// with its line.
func TestImportThroughDiscord(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: mode})
			const room2 = "200000000000000002"
			h.fd.AddChannel(room2, "other")
			U := fakediscord.UserOpt
			file := fakediscord.Attach("record", "game.txt", []byte(importRecord))

			r := h.cmd(alice, room, "import", file, U("player1", bob), U("player2", alice), U("player3", carol))
			must(t, !r.Ephemeral() && strings.Contains(r.Content, "**alice** offers to play on from a **Pebbles (test game)** match record here (2 moves)") &&
				strings.Contains(r.Content, "1. <@"+bob+"> (A, vermillion): to confirm") && strings.Contains(r.Content, "2. <@"+alice+"> (B, sky blue): confirmed"),
				"the offer: %+v", r)
			msgs := h.fd.Messages(room)
			offer := msgs[len(msgs)-1]
			must(t, strings.Join(offer.Pings, ",") == bob+","+carol, "the offer pings %v", offer.Pings)
			r = h.click(dave, room, "Confirm")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "Only the players named"), "dave confirms: %+v", r)
			r = h.cmd(dave, room, "play")
			must(t, r.Ephemeral(), "the offer holds the channel: %+v", r)
			h.click(bob, room, "Confirm")
			got, _ := h.fd.Message(offer.ID)
			must(t, strings.Contains(got.Content, "1. <@"+bob+"> (A, vermillion): confirmed") && strings.Contains(got.Content, "3. <@"+carol+"> (C, purple): to confirm"),
				"after bob: %q", got.Content)
			h.click(carol, room, "Confirm")
			got, _ = h.fd.Message(offer.ID)
			must(t, strings.Contains(got.Content, "Everyone confirmed") && len(got.Components) == 0, "after carol: %+v", got)
			msgs = h.fd.Messages(room)
			post, ping := msgs[len(msgs)-2], msgs[len(msgs)-1]
			must(t, strings.Contains(post.Content, "plays on from its record (2 moves)") && strings.Contains(post.Content, "1 pebble left. Next: carol.") && len(post.Files) == 2,
				"the board post: %+v", post)
			must(t, strings.Join(ping.Pings, ",") == carol, "the ping: %+v", ping)
			m, err := h.svc.Get(context.Background(), bot.InChannel("discord:"+room))
			must(t, err == nil && m.Moves == 2 && m.Seats[0].UserID == "discord:"+bob && m.Server == "discord:"+h.fd.GuildID, "the match: %+v %v", m, err)

			// A refusal frees the channel.
			h.cmd(alice, room2, "import", fakediscord.Attach("record", "game.txt", []byte(importRecord)), U("player1", alice), U("player2", bob), U("player3", carol))
			r = h.click(carol, room2, "Decline")
			must(t, strings.Contains(r.Content, "**carol** declined") && len(r.Components) == 0, "decline: %+v", r)
			r = h.cmd(alice, room2, "play", fakediscord.Str("game", "pebbles"))
			must(t, !r.Ephemeral(), "the channel is free: %+v", r)

			// Refusals, privately.
			h.fd.AddChannel("200000000000000003", "third")
			r = h.cmd(alice, "200000000000000003", "import", fakediscord.Attach("record", "game.txt", []byte(importRecord+"5 s3 take 9\n")), U("player1", alice), U("player2", bob), U("player3", carol))
			must(t, r.Ephemeral() && strings.Contains(r.Content, "line 13 (move 5)"), "a bad move: %+v", r)
			r = h.cmd(alice, "200000000000000003", "import", fakediscord.Attach("record", "game.txt", []byte(importRecord)), U("player1", alice), U("player2", bob))
			must(t, r.Ephemeral() && strings.Contains(r.Content, "3 players") && strings.Contains(r.Content, "2 players"), "two players for three seats: %+v", r)
			r = h.cmd(alice, "200000000000000003", "import", fakediscord.Attach("record", "game.txt", []byte(importRecord)), U("player1", alice), U("player3", bob))
			must(t, r.Ephemeral() && strings.Contains(r.Content, "without a gap"), "a gap: %+v", r)
			h.noViolations()
		})
	}
}

// TestImportFinishedThroughDiscord: a record of a game that is over, once
// confirmed, posts the final position and then the same results post as a
// match played to its end: the ranking with the breakdown, the score chart
// and the record; nobody is pinged to move.
func TestImportFinishedThroughDiscord(t *testing.T) {
	rec, err := playout.Playout(testgame.Game{}, playout.Config{Seats: []int{2}, Seed: 3, ReplayEvery: -1, ViewEvery: -1, OfferedEvery: -1}, 0)
	must(t, err == nil, "playout: %v", err)
	res, err := engine.Replay(testgame.Game{}, rec)
	must(t, err == nil && res.Status.Finished, "the playout's game is not over: %v", err)
	text := rec.Format()
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: mode})
			U := fakediscord.UserOpt
			h.cmd(alice, room, "import", fakediscord.Attach("record", "game.txt", text), U("player1", alice), U("player2", bob))
			h.click(bob, room, "Confirm")
			msgs := h.fd.Messages(room)
			must(t, len(msgs) >= 2, "messages: %+v", msgs)
			post, results := msgs[len(msgs)-2], msgs[len(msgs)-1]
			must(t, strings.Contains(post.Content, "is of a game that is over") && len(post.Pings) == 0 && !strings.Contains(post.Content, "plays on"),
				"the board post: %+v", post)
			must(t, !results.Ephemeral && len(results.Pings) == 0 && strings.Contains(results.Content, "**Pebbles (test game): final result**") &&
				strings.Contains(results.Content, "1. **") && strings.Contains(results.Content, "1 win - Last pebble taken 1") && strings.Contains(results.Content, "2. **"),
				"the results post: %+v", results.Content)
			names := []string{}
			for _, f := range results.Files {
				names = append(names, f.Name)
			}
			must(t, strings.Join(names, " ") == "chart.png smokestack-pebbles-m0001.txt" && results.Files[0].Width == 800, "results files: %v", names)
			back, err := engine.ParseRecord(bytes.NewReader(results.Files[1].Data))
			must(t, err == nil && back.Result != "" && len(back.Moves) == len(rec.Moves), "the record posted: %+v %v, want %+v", back, err, rec)
			pings := 0 // the offer's, to confirm
			for _, e := range h.fd.Entries(room) {
				if e.Kind == "post" && len(e.Message.Pings) > 0 {
					pings++
				}
			}
			must(t, pings == 1, "%d posts ping, want only the offer", pings)
			m, err := h.svc.Get(context.Background(), bot.InChannel("discord:"+room))
			must(t, err != nil || m.Status != bot.StatusActive, "the finished import holds the channel: %+v", m)
			h.noViolations()
		})
	}
}
