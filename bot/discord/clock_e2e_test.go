package discord

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// stepClock is the service's clock in a test, moved by hand.
type stepClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stepClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// publicSince lists the public messages of channel after the first n.
func publicSince(h *harness, channel string, n int) []fakediscord.Message {
	var out []fakediscord.Message
	for _, m := range h.fd.Messages(channel)[n:] {
		if !m.Ephemeral {
			out = append(out, m)
		}
	}
	return out
}

// TestReminderEndToEnd: a match with reminders every 12 hours; the
// reminder is one message pinging exactly the player to move, its button
// opens that player's picker; /status shows the wait; /away holds the
// reminders and /back lets them come again; /clock changes the interval
// for the creator only.
func TestReminderEndToEnd(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()

	r := h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "12h"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Pebbles"), "lobby: %+v", r)
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.idle()

	n := len(h.fd.Messages(room))
	clock.Advance(12*time.Hour - time.Minute)
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 0, "a reminder before the interval: %+v", publicSince(h, room, n))

	clock.Advance(time.Minute)
	h.bot.remind(ctx)
	h.bot.remind(ctx) // a second round sends nothing more
	got := publicSince(h, room, n)
	must(t, len(got) == 1, "want one reminder, got %+v", got)
	ping := got[0]
	must(t, slices.Equal(ping.Pings, []string{alice}) && strings.Contains(ping.Content, "<@"+alice+">") &&
		strings.Contains(ping.Content, "12 hours") && len(ping.Files) == 0,
		"the reminder pings exactly alice and says how long: %+v", ping)

	// Its button opens alice's picker; bob is told it is not his turn.
	r = h.click(bob, room, "Take your turn")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "not your turn"), "bob's click: %+v", r)
	r = h.click(alice, room, "Take your turn")
	_, menu, ok := h.fd.SelectMenu(room, alice)
	must(t, r.Ephemeral() && ok && len(menu.Options) > 0, "the reminder's button opens the picker: %+v", r)

	// /status: alice has waited 12 hours; her next reminder is shown.
	r = h.cmd(bob, room, "status")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "waiting 12 hours, next reminder <t:"), "status: %q", r.Content)

	// Away for two days: no reminder meanwhile, and others see it.
	r = h.cmd(alice, room, "away", F("until", "2d"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "You are away until <t:"), "away: %q", r.Content)
	n = len(h.fd.Messages(room))
	clock.Advance(13 * time.Hour)
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 0, "a reminder while away: %+v", publicSince(h, room, n))
	r = h.cmd(bob, room, "status")
	must(t, strings.Contains(r.Content, "away until <t:"), "status while away: %q", r.Content)
	// The board post says so too.
	r = h.cmd(bob, room, "board")
	must(t, strings.Contains(r.Content, "alice is away until <t:"), "board while away: %q", r.Content)
	r = h.cmd(alice, room, "away", F("until", "tomorrow"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "neither a date"), "bad away: %q", r.Content)

	// Back: the held reminder comes at once.
	r = h.cmd(alice, room, "back")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Welcome back"), "back: %q", r.Content)
	h.bot.remind(ctx)
	got = publicSince(h, room, n)
	must(t, len(got) == 1 && slices.Equal(got[0].Pings, []string{alice}) && strings.Contains(got[0].Content, "1 day 1 hour"),
		"the reminder after /back: %+v", got)

	// Quiet hours are checked and stored.
	r = h.cmd(alice, room, "quiet", F("hours", "22-7"), F("zone", "Mars/Olympus"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "not a time zone"), "bad zone: %q", r.Content)
	r = h.cmd(alice, room, "quiet", F("hours", "22-7"), F("zone", "Europe/Berlin"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "from 22:00 to 07:00, Europe/Berlin"), "quiet: %q", r.Content)

	// /clock: bob did not create the match; alice did.
	r = h.cmd(bob, room, "clock", F("remind", "off"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Only alice"), "bob changes the clock: %q", r.Content)
	r = h.cmd(alice, room, "clock", F("remind", "5m"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "from 1 hour to 2 weeks"), "too often: %q", r.Content)
	r = h.cmd(alice, room, "clock", F("remind", "off"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no reminders"), "clock off: %q", r.Content)
	n = len(h.fd.Messages(room))
	clock.Advance(5 * 24 * time.Hour)
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 0, "a reminder with reminders off: %+v", publicSince(h, room, n))

	// Server defaults: Manage Server only.
	r = h.cmd(dave, room, "clock", F("remind", "6h"), fakediscord.Bool("server", true))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Manage Server"), "dave sets the server default: %q", r.Content)
	const frank, other = "100000000000000006", "200000000000000002"
	h.fd.AddUser(fakediscord.User{ID: frank, Name: "frank", Permissions: discordgo.PermissionManageGuild})
	h.fd.AddChannel(other, "more-games")
	r = h.cmd(frank, room, "clock", F("remind", "6h"), fakediscord.Bool("server", true))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "From now on, new matches on this server: a reminder to whoever must move every 6 hours"), "frank sets the server default: %q", r.Content)
	h.cmd(frank, other, "play", F("game", "pebbles"))
	r = h.cmd(frank, other, "clock")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "every 6 hours"), "a new match takes the server default: %q", r.Content)
	r = h.cmd(alice, room, "clock")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no reminders"), "an open match keeps its own: %q", r.Content)
	h.noViolations()
}

// TestDeadlineVoteEndToEnd: at a deadline with the vote, the others are
// pinged to vote with buttons; a majority for the default move plays it
// (narrated as such); at the next deadline they open the seat, a member
// takes it with the button and plays; /replace hands seats over for
// those allowed to.
func TestDeadlineVoteEndToEnd(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()

	h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "off"), F("deadline", "1d"), F("at-deadline", "replace"))
	h.click(bob, room, "Join")
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")
	r := h.cmd(alice, room, "clock")
	must(t, strings.Contains(r.Content, "no reminders; a turn deadline of 1 day, after which the other players vote"), "clock: %q", r.Content)
	r = h.cmd(bob, room, "status")
	must(t, strings.Contains(r.Content, "waiting less than a minute, deadline <t:"), "status with a deadline: %q", r.Content)

	n := len(h.fd.Messages(room))
	clock.Advance(24 * time.Hour)
	h.bot.remind(ctx)
	got := publicSince(h, room, n)
	must(t, len(got) == 1, "want the vote message, got %+v", got)
	vote := got[0]
	slices.Sort(vote.Pings)
	must(t, slices.Equal(vote.Pings, []string{bob, erin}) && strings.Contains(vote.Content, "<@"+alice+"> has not moved"),
		"the vote pings the others, not alice: %+v", vote)

	r = h.click(alice, room, "Play the default move")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Only the other players"), "alice votes on her own seat: %q", r.Content)
	r = h.click(bob, room, "Play the default move")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Play the default move: 1") && strings.Contains(r.Content, "2 of 2 decide"), "bob's ballot: %q", r.Content)
	n = len(h.fd.Messages(room))
	h.click(erin, room, "Play the default move")
	after, _ := h.fd.Message(vote.ID)
	must(t, strings.Contains(after.Content, "chose the default move") && len(after.Components) == 0, "the decided vote: %+v", after)
	got = publicSince(h, room, n)
	must(t, len(got) >= 2 && strings.HasPrefix(got[0].Content, "(default move)") && strings.Contains(got[0].Content, "the game plays alice's default move"),
		"the default move is narrated as such: %+v", got)
	must(t, slices.Equal(got[len(got)-1].Pings, []string{bob}), "bob is pinged for his turn: %+v", got[len(got)-1])
	r = h.cmd(bob, room, "log")
	must(t, strings.Contains(r.Content, "1. alice: take 1 (default move)"), "log: %q", r.Content)

	// Bob's deadline: alice and erin open his seat; dave takes it.
	n = len(h.fd.Messages(room))
	clock.Advance(24 * time.Hour)
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 1, "the second vote: %+v", publicSince(h, room, n))
	h.click(alice, room, "Open the seat")
	h.click(erin, room, "Open the seat")
	r = h.click(bob, room, "Take this seat")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "already have a seat"), "bob takes a seat he has: %q", r.Content)
	r = h.click(dave, room, "Take this seat")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "<@"+dave+"> now plays seat 2 in place of bob") && strings.Contains(r.Content, "your turn"), "dave takes the seat: %+v", r)
	r = h.click(dave, room, "Take your turn")
	_, menu, ok := h.fd.SelectMenu(room, dave)
	must(t, r.Ephemeral() && ok && len(menu.Options) > 0, "dave's picker: %+v", r)
	r = h.click(bob, room, "Take your turn")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no seat"), "bob after his seat was taken: %q", r.Content)

	// /replace: erin may not hand alice's seat on; carol (Manage Channels) may.
	r = h.cmd(erin, room, "replace", fakediscord.Int("seat", 1), fakediscord.UserOpt("user", carol))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Only alice, who created this match, or a moderator, or the seat's own player may do that."), "erin replaces alice: %q", r.Content)
	n = len(h.fd.Messages(room))
	r = h.cmd(carol, room, "replace", fakediscord.Int("seat", 1), fakediscord.UserOpt("user", bob))
	got = publicSince(h, room, n)
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "<@"+bob+"> now plays seat 1 in place of alice") && len(got) == 1 && slices.Equal(got[0].Pings, []string{bob}),
		"carol hands alice's seat to bob: %+v %+v", r, got)
	r = h.cmd(bob, room, "hand")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Your seat: 1"), "bob's new hand: %q", r.Content)
	r = h.cmd(erin, room, "log")
	must(t, strings.Contains(r.Content, "seat 2: dave takes over from bob") && strings.Contains(r.Content, "seat 1: bob takes over from alice"), "log with the replacements: %q", r.Content)
	h.noViolations()
}

// TestAbandonEndToEnd: 3 days before the abandon limit one message pings
// every seat, and /status shows the warning (in the core's words, as the
// playground's status bar) in a match and in a lobby; at the limit the
// match ends as abandoned, saying so without a ping, and the channel is
// free.
func TestAbandonEndToEnd(t *testing.T) {
	t0 := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	clock := &stepClock{now: t0}
	h := newHarness(t, harnessOpts{now: clock.Now, abandon: 30 * 24 * time.Hour})
	F := fakediscord.Str
	ctx := context.Background()
	const other = "200000000000000002"
	h.fd.AddChannel(other, "more-games")
	h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "off"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.cmd(bob, other, "play", F("game", "pebbles"))
	n := len(h.fd.Messages(room))
	clock.Advance(27*24*time.Hour - time.Minute)
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 0, "a warning too early: %+v", publicSince(h, room, n))
	r := h.cmd(bob, room, "status")
	must(t, r.Ephemeral() && !strings.Contains(r.Content, "abandoned"), "status before the warning: %q", r.Content)
	clock.Advance(time.Minute)
	h.bot.remind(ctx)
	got := publicSince(h, room, n)
	must(t, len(got) == 1, "want the warning, got %+v", got)
	slices.Sort(got[0].Pings)
	must(t, slices.Equal(got[0].Pings, []string{alice, bob}) && strings.Contains(got[0].Content, "has gone 3 weeks 6 days without a move. It ends as abandoned <t:"),
		"the warning pings every seat: %+v", got[0])
	// /status shows the warning with the end as a Discord timestamp.
	warning := fmt.Sprintf("No move for 3 weeks 6 days: this match ends as abandoned on <t:%d:f> unless someone moves.", t0.Add(30*24*time.Hour).Unix())
	r = h.cmd(carol, room, "status")
	lines := strings.Split(r.Content, "\n")
	must(t, r.Ephemeral() && lines[len(lines)-1] == warning && strings.Contains(r.Content, "waiting 3 weeks 6 days"), "status after the warning: %q", r.Content)
	r = h.cmd(alice, other, "status")
	must(t, r.Ephemeral() && strings.HasSuffix(r.Content, "\n"+warning) && strings.Contains(r.Content, "lobby"), "the lobby's status after the warning: %q", r.Content)
	clock.Advance(3 * 24 * time.Hour)
	h.bot.remind(ctx)
	got = publicSince(h, room, n)
	must(t, len(got) == 2 && len(got[1].Pings) == 0 && strings.Contains(got[1].Content, "ended as abandoned after 4 weeks 2 days"), "the end: %+v", got)
	r = h.cmd(alice, room, "move", F("move", "take 1"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no open match"), "a move after the end: %q", r.Content)
	r = h.cmd(alice, room, "play", F("game", "pebbles"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Pebbles"), "a new match in the channel: %+v", r)
	h.noViolations()
}

// TestReminderByDirectMessage: a player who asked for reminders by DM
// gets the reminder in a DM channel the bot opened, and nothing in the
// match's channel; its button's picker plays the move, whose board post
// and ping go to the match's channel. A player whose DMs are closed gets
// the reminder in the channel instead.
func TestReminderByDirectMessage(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()
	h.cmd(erin, room, "play", F("game", "pebbles"), F("remind", "12h"))
	h.click(alice, room, "Join")
	h.click(erin, room, "Start")
	r := h.cmd(erin, room, "notify", F("via", "dm"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "direct message"), "notify: %q", r.Content)
	_, ok := h.fd.DMChannel(erin)
	must(t, !ok, "a DM channel before any DM")

	n := len(h.fd.Messages(room))
	clock.Advance(12 * time.Hour)
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 0, "a DM reminder also posted in the channel: %+v", publicSince(h, room, n))
	dm, ok := h.fd.DMChannel(erin)
	must(t, ok, "no DM channel opened")
	msgs := h.fd.Messages(dm)
	must(t, len(msgs) == 1 && strings.Contains(msgs[0].Content, "is waiting for your move (12 hours so far)") && strings.Contains(msgs[0].Content, "<#"+room+">"),
		"the DM: %+v", msgs)

	// The DM's button opens erin's picker there; the move is posted in
	// the match's channel, where alice is pinged.
	r = h.click(erin, dm, "Take your turn")
	must(t, r.Ephemeral(), "picker in the DM: %+v", r)
	h.pick(erin, dm, "take")
	_, menu, ok := h.fd.SelectMenu(dm, erin)
	must(t, ok && len(menu.Options) > 0, "no value menu in the DM")
	h.pick(erin, dm, menu.Options[0].Value)
	h.click(erin, dm, "Confirm")
	got := publicSince(h, room, n)
	must(t, len(got) == 2 && len(got[0].Files) > 0 && strings.Contains(got[0].Content, "**erin** played") && slices.Equal(got[1].Pings, []string{alice}),
		"the move from the DM in the match's channel: %+v", got)
	must(t, len(publicSince(h, dm, 1)) == 0, "the board went to the DM: %+v", publicSince(h, dm, 1))

	// alice accepts no DMs: her reminder comes in the channel.
	h.fd.AddUser(fakediscord.User{ID: alice, Name: "alice", ClosedDMs: true})
	h.cmd(alice, room, "notify", F("via", "dm"))
	n = len(h.fd.Messages(room))
	clock.Advance(12 * time.Hour)
	h.bot.remind(ctx)
	got = publicSince(h, room, n)
	must(t, len(got) == 1 && slices.Equal(got[0].Pings, []string{alice}) && strings.Contains(got[0].Content, "waiting for your move"),
		"the fallback in the channel: %+v", got)
	h.noViolations()
}
