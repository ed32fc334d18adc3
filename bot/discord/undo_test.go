package discord

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// TestUndo: through Discord, a move that drew a card is taken back once
// both other players agree (the request pings them, the board post says
// so and pings the mover); the Undo button on the picker's confirmation
// asks again and a refusal ends it; a pass (nothing revealed) is taken
// back at once; taking back across another player's move is refused.
func TestUndo(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: mode})
			ctx := context.Background()
			F := fakediscord.Str
			// Alice 2 3 1, Bob 3 2 3, Carol 3 3 3, then 3s; a pile of 5.
			users := []bot.UserRef{{ID: "discord:" + alice, Name: "alice"}, {ID: "discord:" + bob, Name: "bob"}, {ID: "discord:" + carol, Name: "carol"}}
			m, err := h.svc.CreateMatch(ctx, bot.CreateRequest{Channel: "discord:" + room, Game: "pebbles", Creator: users[0],
				Pins: map[string]string{"deck": "2,3,1,3,2,3,3,3,3,3,3,3,3,3,3"}, Options: map[string]string{"pile": "5"}})
			if err != nil {
				t.Fatal(err)
			}
			for _, u := range users[1:] {
				if _, err := h.svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := h.svc.Start(ctx, bot.ByID(m.ID), users[0].ID); err != nil {
				t.Fatal(err)
			}

			h.cmd(alice, room, "move", F("move", "take 2"))
			r := h.cmd(alice, room, "undo")
			must(t, !r.Ephemeral() && strings.Contains(r.Content, "**alice** asks to take back `take 2` (move 1)") &&
				strings.Contains(r.Content, "<@"+bob+">, <@"+carol+">") && strings.Contains(r.Content, "within 1 day"), "the request: %+v", r)
			msgs := h.fd.Messages(room)
			req := msgs[len(msgs)-1]
			must(t, strings.Join(req.Pings, ",") == bob+","+carol, "the request pings %v", req.Pings)
			r = h.click(alice, room, "Agree")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "the other players answer"), "alice agrees to her own: %+v", r)
			r = h.click(dave, room, "Agree")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "no seat"), "dave: %+v", r)
			h.click(bob, room, "Agree")
			got, _ := h.fd.Message(req.ID)
			must(t, strings.Contains(got.Content, "Agreed so far: bob.") && len(got.Pings) == 2, "after bob: %+v", got)
			h.click(carol, room, "Agree")
			got, _ = h.fd.Message(req.ID)
			must(t, strings.Contains(got.Content, "Everyone agreed") && len(got.Components) == 0, "after carol: %+v", got)
			msgs = h.fd.Messages(room)
			post, ping := msgs[len(msgs)-2], msgs[len(msgs)-1]
			must(t, strings.Contains(post.Content, "**alice** took back `take 2` (move 1), as every other player agreed.") && strings.Contains(post.Content, "Next: alice") &&
				len(post.Files) == 2 && len(post.Pings) == 0, "the board post after the undo: %+v", post)
			must(t, strings.Join(ping.Pings, ",") == alice, "the ping after the undo: %+v", ping)

			// The picker's confirmation offers Undo; a refusal ends it.
			h.click(alice, room, "Take your turn")
			h.pick(alice, room, "take")
			h.pick(alice, room, "2")
			r = h.click(alice, room, "Confirm")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "You played `take 2`."), "confirm: %+v", r)
			r = h.click(alice, room, "Undo")
			must(t, strings.Contains(r.Content, "You asked the other players"), "undo button: %+v", r)
			r = h.click(bob, room, "Refuse")
			must(t, strings.Contains(r.Content, "**bob** refused: `take 2` (move 3) stands."), "refused: %+v", r)

			// A request that a move overtook is over.
			h.cmd(alice, room, "undo")
			h.cmd(bob, room, "move", F("move", "take 2"))
			r = h.click(carol, room, "Agree")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "This request to take a move back is over"), "agreeing too late: %+v", r)

			// A pass reveals nothing: taken back at once.
			h.cmd(carol, room, "move", F("move", "pass"))
			n := len(h.fd.Messages(room))
			r = h.cmd(carol, room, "undo")
			must(t, !r.Ephemeral() && strings.Contains(r.Content, "**carol** took back `pass` (move 5).") && strings.Contains(r.Content, "Next: carol"), "free undo: %+v", r)
			// Carol, who just typed /undo, is not pinged to move.
			h.idle()
			for _, m := range publicSince(h, room, n) {
				must(t, !slices.Contains(m.Pings, carol), "carol pinged after her own undo: %+v", m)
			}
			r = h.cmd(carol, room, "undo")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "Only bob can take back the last move (move 4, `take 2`)"), "across bob's move: %+v", r)
			r = h.cmd(alice, room, "catchup")
			// The move taken back and its undo are left out, and not counted.
			must(t, strings.Contains(r.Content, "Since your last move (move 3), 1 move:") && strings.Contains(r.Content, "- 4. **bob** `take 2`") &&
				!strings.Contains(r.Content, "took back") && !strings.Contains(r.Content, "`pass`"),
				"alice's catch-up: %q", r.Content)
			r = h.cmd(bob, room, "undo")
			must(t, !r.Ephemeral() && strings.Contains(r.Content, "**bob** asks to take back `take 2` (move 4)"), "bob asks: %+v", r)
			h.noViolations()
		})
	}
}

// TestUndoExpiryEndToEnd: a request nobody finished answering ends by the
// turn clock 24 hours later, once: its message (an interaction response,
// long past its token's 15 minutes) is edited with the bot token to say
// the move stands, without its buttons, and nothing else is posted.
func TestUndoExpiryEndToEnd(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	ctx := context.Background()
	F := fakediscord.Str
	users := []bot.UserRef{{ID: "discord:" + alice, Name: "alice"}, {ID: "discord:" + bob, Name: "bob"}, {ID: "discord:" + carol, Name: "carol"}}
	m, err := h.svc.CreateMatch(ctx, bot.CreateRequest{Channel: "discord:" + room, Game: "pebbles", Creator: users[0],
		Pins: map[string]string{"deck": "2,3,1,3,2,3,3,3,3,3,3,3,3,3,3"}, Options: map[string]string{"pile": "5"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range users[1:] {
		if _, err := h.svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.svc.Start(ctx, bot.ByID(m.ID), users[0].ID); err != nil {
		t.Fatal(err)
	}
	h.cmd(alice, room, "move", F("move", "take 2"))
	r := h.cmd(alice, room, "undo")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "**alice** asks to take back `take 2` (move 1)"), "the request: %+v", r)
	msgs := h.fd.Messages(room)
	req := msgs[len(msgs)-1]
	h.click(bob, room, "Agree")
	h.idle()

	n := len(h.fd.Messages(room))
	clock.Advance(bot.UndoVoteLife - time.Minute)
	h.bot.remind(ctx)
	got, _ := h.fd.Message(req.ID)
	must(t, len(got.Components) == 1 && strings.Contains(got.Content, "Agreed so far: bob."), "a minute early: %+v", got)

	clock.Advance(time.Minute)
	h.bot.remind(ctx)
	h.bot.remind(ctx) // a second round changes nothing more
	got, _ = h.fd.Message(req.ID)
	must(t, got.Content == "Nobody answered within 1 day: `take 2` (move 1) stands." && len(got.Components) == 0,
		"the request after 24 hours: %+v", got)
	must(t, len(publicSince(h, room, n)) == 0, "posted besides the edit: %+v", publicSince(h, room, n))
	cur, err := h.svc.Get(ctx, bot.ByID(m.ID))
	must(t, err == nil && cur.Moves == 1 && h.svc.PendingUndo(cur) == nil, "the match after the expiry: %v moves %d", err, cur.Moves)
	h.noViolations()
}
