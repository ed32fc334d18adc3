package discord

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// Leaving a lobby, closing it, a match in a new thread, and a resignation.
func TestLobbyThreadAndResign(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	F := fakediscord.Str
	ctx := context.Background()

	h.cmd(alice, room, "play", F("game", "pebbles"))
	h.click(bob, room, "Join")
	h.click(bob, room, "Leave")
	r := h.cmd(bob, room, "leave")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no seat"), "bob has no seat: %+v", r)
	r = h.cmd(bob, room, "play", F("game", "pebbles"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "already has an open match"), "one match per channel: %+v", r)
	r = h.cmd(alice, room, "leave")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "closed"), "alice leaves: %+v", r)
	m, err := h.svc.Get(ctx, bot.ByID("m0001"))
	must(t, err == nil && m.Status == bot.StatusAborted, "lobby closed: %v %v", m.Status, err)

	// A match in its own thread: the channel gets a pointer, the lobby goes
	// into the thread with the bot token.
	r = h.cmd(alice, room, "play", F("game", "pebbles"), fakediscord.Bool("thread", true))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "<#"), "thread pointer: %+v", r)
	threads := h.fd.Threads(room)
	must(t, len(threads) == 1, "threads %v", threads)
	th := threads[0]
	h.click(bob, th, "Join")
	h.click(alice, th, "Start")
	m, err = h.svc.Get(ctx, bot.InChannel(channelKey(th)))
	must(t, err == nil && m.Status == bot.StatusActive, "thread match: %v", err)
	r = h.cmd(bob, th, "resign")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "resign"), "resign: %+v", r)
	m, err = h.svc.Get(ctx, bot.ByID(m.ID))
	must(t, err == nil && m.Status == bot.StatusAborted && m.Seats[1].Left, "resigned: %+v %v", m.Status, err)
	// The thread is free for a new match.
	h.cmd(alice, th, "play", F("game", "pebbles"))

	h.noViolations()
	golden(t, "lifecycle-channel", h.fd.Transcript(room, "m0001", "<match1>", "m0003", "<match2>"))
	golden(t, "lifecycle-thread", h.fd.Transcript(th, "m0003", "<match2>", "m0004", "<match3>"))
}

// Every interaction deferred: the placeholders are filled
// in or replaced, nothing is answered twice, the moves apply once.
func TestAutoDefer(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) { autoDefer(t, mode) })
	}
}

func autoDefer(t *testing.T, mode Mode) {
	h := newHarness(t, harnessOpts{mode: mode})
	h.bot.alwaysDefer = true
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.cmd(alice, room, "move", F("move", "take 7")) // illegal: private reply
	h.cmd(alice, room, "move", F("move", autocompleteMove(t, h, alice, room)))
	h.cmd(bob, room, "hand")
	h.click(bob, room, "Take your turn")
	h.pick(bob, room, "take")
	_, menu, ok := h.fd.SelectMenu(room, bob)
	must(t, ok, "no value menu")
	h.pick(bob, room, menu.Options[0].Value)
	h.click(bob, room, "Confirm")
	h.cmd(bob, room, "rules", F("topic", "take"))
	m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
	must(t, err == nil && m.Moves == 2, "moves applied: %d %v", m.Moves, err)
	must(t, h.fd.Deferrals() > 0, "nothing was deferred")
	checkPings(t, h, room, true)
	h.noViolations()
	golden(t, "deferred", h.fd.Transcript(room, "m0001", "<match>"))
}

type testClock struct {
	mu  sync.Mutex
	off time.Duration
}

func (c *testClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return time.Now().Add(c.off)
}

func (c *testClock) add(d time.Duration) {
	c.mu.Lock()
	c.off += d
	c.mu.Unlock()
}

// After the interaction token's 15 minutes, public posts go out with the
// bot token and private ones are dropped (Discord could not show them).
func TestPostsAfterTokenExpiry(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	clock := &testClock{}
	h.fd.SetClock(clock.now)
	h.bot.cfg.Now = clock.now
	it, _, err := h.fd.Command(alice, room, "play", fakediscord.Str("game", "pebbles"))
	if err != nil {
		t.Fatal(err)
	}
	h.idle()
	req := &Request{I: &discordgo.Interaction{ID: it.ID, Token: it.Token, AppID: h.fd.AppID}, Channel: room, Received: clock.now()}
	p := &poster{b: h.bot, r: req}
	p.send(context.Background(), room, &discordgo.InteractionResponseData{Content: "within the window", AllowedMentions: noPings()})
	clock.add(16 * time.Minute)
	p.send(context.Background(), room, &discordgo.InteractionResponseData{Content: "after the window", AllowedMentions: noPings()})
	p.send(context.Background(), room, &discordgo.InteractionResponseData{Content: "private, too late", Flags: discordgo.MessageFlagsEphemeral})
	es := h.fd.Entries(room)
	must(t, len(es) == 3, "entries %d", len(es))
	must(t, es[1].Via == "followup" && es[1].Message.Content == "within the window", "first: %+v", es[1])
	must(t, es[2].Via == "bot" && es[2].Message.Content == "after the window", "second: %+v", es[2])
	h.noViolations()
}

// Discord's errors and rate limits are logged and never stop the bot.
func TestDiscordErrorsDoNotStopTheBot(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"))
	h.click(bob, room, "Join")
	// The follow-ups after Start: one rate limit (discordgo waits and
	// retries), then a server error that loses the ping.
	h.fd.FailNext("/webhooks/", 429)
	h.click(alice, room, "Start")
	must(t, h.fd.RateLimited() == 1, "rate limited %d", h.fd.RateLimited())
	_, _, ok := h.fd.Button(room, alice, "Take your turn")
	must(t, ok, "the board post was retried after the rate limit")
	h.fd.FailNext("/interactions/", 500)
	_, _, err := h.fd.Command(alice, room, "board")
	must(t, err != nil, "the failed response should leave the interaction unanswered")
	h.idle()
	// The bot still serves.
	r := h.cmd(alice, room, "status")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Next: alice"), "status after errors: %+v", r)
}

// Discord moves the session (RECONNECT, op 7): the bot resumes without a
// new IDENTIFY and keeps playing.
func TestGatewayReconnect(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"))
	h.click(bob, room, "Join")
	h.fd.Reconnect()
	time.Sleep(200 * time.Millisecond)
	must(t, h.fd.WaitReady(20*time.Second), "the bot did not come back")
	h.click(alice, room, "Start")
	r := h.cmd(alice, room, "move", F("move", autocompleteMove(t, h, alice, room)))
	must(t, !r.Ephemeral() && len(r.Files) == 2, "move after the reconnect: %+v", r)
	id, res := h.fd.Identifies()
	must(t, id == 1 && res >= 1, "identify %d resume %d", id, res)
	h.noViolations()
}

// /leave and /abort change a lobby without touching its message; the bot
// updates the message so that it never shows a player who left or offers
// Join in a closed lobby.
func TestCommandsUpdateTheLobbyMessage(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	F := fakediscord.Str
	lobby := func(channel string) fakediscord.Message {
		t.Helper()
		for _, m := range h.fd.Messages(channel) {
			if strings.Contains(m.Content, "Pebbles (test game)** lobby") && !m.Ephemeral {
				return m
			}
		}
		t.Fatalf("no lobby message in %s", channel)
		return fakediscord.Message{}
	}
	seated := func(m fakediscord.Message, name string) bool { return strings.Contains(m.Content, ". "+name+" (") }

	h.cmd(alice, room, "play", F("game", "pebbles"))
	id := lobby(room).ID
	h.click(bob, room, "Join")
	h.click(erin, room, "Join")
	must(t, seated(lobby(room), "bob") && seated(lobby(room), "erin"), "joined: %q", lobby(room).Content)
	h.cmd(bob, room, "leave")
	m, _ := h.fd.Message(id)
	must(t, !seated(m, "bob") && seated(m, "erin") && seated(m, "alice"), "after bob's /leave: %q", m.Content)
	// The creator leaves: erin is the creator now; then erin leaves last.
	h.cmd(alice, room, "leave")
	m, _ = h.fd.Message(id)
	must(t, !seated(m, "alice") && strings.Contains(m.Content, "erin (A, vermillion) - creator"), "after alice's /leave: %q", m.Content)
	h.cmd(erin, room, "leave")
	m, _ = h.fd.Message(id)
	must(t, strings.Contains(m.Content, "lobby closed") && len(m.Components) == 0, "after the last /leave: %q %v", m.Content, m.Components)

	// An aborted lobby, in a thread this time (its lobby is a bot post).
	h.cmd(alice, room, "play", F("game", "pebbles"), fakediscord.Bool("thread", true))
	th := h.fd.Threads(room)[0]
	h.click(bob, th, "Join")
	h.cmd(alice, th, "abort")
	m = lobby(th)
	must(t, strings.Contains(m.Content, "lobby closed") && len(m.Components) == 0, "after /abort: %q %v", m.Content, m.Components)
	_, _, ok := h.fd.Button(th, dave, "Join")
	must(t, !ok, "a closed lobby still offers Join")
	h.noViolations()
}

// A match command in the channel whose match is played in a thread points
// to the thread, for players and onlookers, also once Discord has archived
// the quiet thread; with no match anywhere it still says there is none.
func TestMatchCommandsPointToTheThread(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	F := fakediscord.Str
	r := h.cmd(alice, room, "status")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no open match"), "no match at all: %+v", r)

	h.cmd(alice, room, "play", F("game", "pebbles"), fakediscord.Bool("thread", true))
	th := h.fd.Threads(room)[0]
	h.click(bob, th, "Join")
	h.click(alice, th, "Start")
	for _, c := range []struct{ user, cmd string }{{alice, "status"}, {dave, "board"}, {bob, "hand"}, {alice, "move"}, {bob, "leave"}} {
		var opts []fakediscord.Opt
		if c.cmd == "move" {
			opts = append(opts, F("move", "take 1"))
		}
		r := h.cmd(c.user, room, c.cmd, opts...)
		must(t, r.Ephemeral() && strings.Contains(r.Content, "<#"+th+">"), "/%s in the parent channel: %+v", c.cmd, r)
	}
	h.fd.ArchiveThread(th)
	r = h.cmd(dave, room, "score")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "<#"+th+">"), "archived thread: %+v", r)

	// A second thread match: both are listed. The channel's own match wins.
	h.cmd(bob, room, "play", F("game", "pebbles"), fakediscord.Bool("thread", true))
	r = h.cmd(dave, room, "status")
	must(t, strings.Count(r.Content, "<#") == 2, "two threads: %+v", r)
	h.cmd(carol, room, "play", F("game", "pebbles"))
	r = h.cmd(dave, room, "status")
	must(t, strings.Contains(r.Content, "lobby") && !strings.Contains(r.Content, "<#"), "the channel's own match: %+v", r)
	// Nothing was played in the parent channel.
	m, err := h.svc.Get(context.Background(), bot.InChannel(channelKey(th)))
	must(t, err == nil && m.Moves == 0, "moves in the thread match: %d %v", m.Moves, err)
	h.noViolations()
}

// The calls made with interactions' tokens go through a session renewed
// after hookLife, so that discordgo's per-endpoint rate-limit buckets
// (one per token, never dropped) do not pile up; play goes on across it.
func TestInteractionSessionRenewed(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	clock := &testClock{}
	h.fd.SetClock(clock.now)
	h.bot.cfg.Now = clock.now
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"))
	first := h.bot.hook()
	must(t, h.bot.hook() == first, "the session was renewed within its life")
	h.click(bob, room, "Join")
	clock.add(hookLife + time.Minute)
	h.click(alice, room, "Start")
	must(t, h.bot.hook() != first, "the session was not renewed after %v", hookLife)
	r := h.cmd(alice, room, "move", F("move", "take 1"))
	must(t, strings.Contains(r.Content, "played") && len(r.Files) > 0, "a move after the renewal: %+v", r)
	checkPings(t, h, room, false)
	h.noViolations()
}

// TestPlayThreadInAThread: Discord opens no thread inside a thread, so
// /play thread:true used in a match's thread opens the new match's
// thread beside it, in the thread's channel, where the channel's match
// commands point to it; /play without it in the thread is refused as the
// channel's would be, naming the thread, its advice (a new thread) one
// that works there. In every language.
func TestPlayThreadInAThread(t *testing.T) {
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			h := newHarness(t, harnessOpts{})
			x := h.fd.User(alice)
			x.Locale = string(l)
			h.fd.AddUser(x)
			F := fakediscord.Str
			r := h.cmd(alice, room, "play", F("game", "pebbles"), F("language", string(l)), fakediscord.Bool("thread", true))
			must(t, !r.Ephemeral(), "the first thread: %+v", r)
			first := h.fd.Threads(room)
			must(t, len(first) == 1, "threads %v", first)
			th := first[0]

			r = h.cmd(alice, th, "play", F("game", "pebbles"))
			must(t, r.Ephemeral() && r.Content == say(l, "error.channel-taken-thread"), "/play in the match's thread: %q", r.Content)

			r = h.cmd(alice, th, "play", F("game", "pebbles"), F("language", string(l)), fakediscord.Bool("thread", true))
			threads := h.fd.Threads(room)
			must(t, len(threads) == 2 && len(h.fd.Threads(th)) == 0, "threads of the channel %v, of the thread %v", threads, h.fd.Threads(th))
			must(t, !r.Ephemeral() && strings.Contains(r.Content, "<#"+threads[1]+">"), "/play thread:true in a thread: %q", r.Content)
			lobby := h.fd.Messages(threads[1])
			must(t, len(lobby) == 1 && strings.Contains(lobby[0].Content, say(l, "discord.lobby.join")) || len(lobby[0].Components) > 0, "the new thread's lobby: %+v", lobby)
			r = h.cmd(alice, room, "status")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "<#"+th+">") && strings.Contains(r.Content, "<#"+threads[1]+">"), "the channel points to both: %q", r.Content)
			h.noViolations()
		})
	}
}
