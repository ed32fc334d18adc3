package discord

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestDeadlineQuietEndToEnd: a deadline in the missing player's quiet
// hours waits for their end; at it the vote message names every other
// player but pings only those not in their quiet hours.
func TestDeadlineQuietEndToEnd(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()

	h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "off"), F("deadline", "1d"), F("at-deadline", "replace"))
	h.click(bob, room, "Join")
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")
	// Alice's night ends at 10:00 UTC, Erin's at noon; Bob has none.
	r := h.cmd(alice, room, "quiet", F("hours", "22-10"), F("zone", "UTC"))
	must(t, r.Ephemeral(), "alice's quiet hours: %+v", r)
	h.cmd(erin, room, "quiet", F("hours", "0-12"), F("zone", "UTC"))

	n := len(h.fd.Messages(room))
	clock.Advance(24 * time.Hour) // the deadline, Tuesday 09:00 UTC
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 0, "the deadline in alice's quiet hours: %+v", publicSince(h, room, n))
	clock.Advance(time.Hour)
	h.bot.remind(ctx)
	got := publicSince(h, room, n)
	must(t, len(got) == 1, "want the vote message at alice's morning, got %+v", got)
	vote := got[0]
	must(t, slices.Equal(vote.Pings, []string{bob}) && strings.Contains(vote.Content, "<@"+erin+">") && strings.Contains(vote.Content, "2 of your 2 votes decide"),
		"the vote names erin and bob but pings only bob: %+v", vote)
	// Erin's ballot counts all the same.
	h.click(bob, room, "Wait longer")
	h.click(erin, room, "Wait longer")
	after, _ := h.fd.Message(vote.ID)
	must(t, len(after.Components) == 0, "the vote decided by bob and erin: %+v", after)
	h.noViolations()
}

// TestDeadlineVoteOneVoter: with one other player, the vote's post says
// that player's vote decides, not "1 of your 1 votes"; in every language.
func TestDeadlineVoteOneVoter(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "off"), F("deadline", "1d"), F("at-deadline", "replace"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	n := len(h.fd.Messages(room))
	clock.Advance(25 * time.Hour)
	h.bot.remind(context.Background())
	got := publicSince(h, room, n)
	must(t, len(got) == 1 && strings.HasSuffix(got[0].Content, "Your vote decides."), "the vote with one voter: %+v", got)
	for l, want := range map[lang.Lang]string{lang.English: "Your vote decides.", lang.German: "Deine Stimme entscheidet.", lang.French: "Ta voix décide."} {
		if s := say(l, "discord.vote.decide", "count", "1", "need", "1"); s != want {
			t.Errorf("%s: %q, want %q", l, s, want)
		}
	}
	h.noViolations()
}
