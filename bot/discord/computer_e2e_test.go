package discord

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// personMove is a legal move of the user in the channel's match, built
// from the first choices.
func personMove(t *testing.T, h *harness, user string) string {
	t.Helper()
	move := ""
	for {
		ch, _, err := h.svc.Choices(context.Background(), bot.InChannel(channelKey(room)), userKey(user), move)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Complete || len(ch.Next) == 0 {
			return move
		}
		move = strings.TrimSpace(move + " " + ch.Next[0].Token)
	}
}

// TestComputerEndToEnd: alice and two computers play Pebbles to its end
// through the fake Discord. Each computer move is posted (board post when
// a turn begins) after the pause, once; alice is pinged once per turn,
// no computer ever is; the results close the match.
func TestComputerEndToEnd(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()

	r := h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"), fakediscord.Int("computers", 2), F("level", "easy"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "2. Computer (easy)") && strings.Contains(r.Content, "3. Computer 2 (easy)"), "lobby: %q", r.Content)
	h.click(alice, room, "Start")
	h.idle()

	turns, computerMoves := 0, 0
	for range 100 {
		m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
		if err != nil || m.Status != bot.StatusActive {
			break
		}
		seat := m.Play.Active[0]
		if m.Seats[seat].Computer == "" {
			turns++
			r := h.cmd(alice, room, "move", F("move", personMove(t, h, alice)))
			must(t, !r.Ephemeral(), "alice's move: %+v", r)
			h.idle()
			continue
		}
		n := len(h.fd.Messages(room))
		clock.Advance(2 * time.Second)
		h.bot.remind(ctx)
		must(t, len(publicSince(h, room, n)) == 0, "a computer moved before its pause: %+v", publicSince(h, room, n))
		clock.Advance(time.Second)
		h.bot.remind(ctx)
		h.bot.remind(ctx) // a second round posts nothing more
		got := publicSince(h, room, n)
		must(t, len(got) >= 1 && strings.Contains(got[0].Content, "**"+m.Seats[seat].Name+"** played `"),
			"the computer's move is posted as a move: %+v", got)
		if strings.Contains(got[0].Content, "Next:") {
			must(t, len(got[0].Files) > 0, "the computer's board post has no board: %+v", got[0])
		}
		computerMoves++
	}
	m, err := h.svc.Get(ctx, bot.ByID("m0001"))
	must(t, err == nil && m.Status == bot.StatusFinished, "match: %v %v", m.Status, err)
	must(t, computerMoves > 0 && turns > 0, "computer moves %d, alice's turns %d", computerMoves, turns)

	pings := 0
	for _, msg := range h.fd.Messages(room) {
		for _, p := range msg.Pings {
			must(t, p == alice, "someone else was pinged: %+v", msg)
			pings++
		}
	}
	must(t, pings == turns, "alice was pinged %d times for %d turns", pings, turns)
	last := h.fd.Messages(room)
	must(t, strings.Contains(last[len(last)-1].Content, "final result"), "the results: %+v", last[len(last)-1])
	r = h.cmd(alice, room, "stats")
	must(t, strings.Contains(r.Content, "1. alice: 1 game") && strings.Contains(r.Content, "Computer players:\n- Computer (easy): 2 games"), "stats: %q", r.Content)
	if m.Play.Ranking[0] == 0 {
		must(t, strings.Contains(r.Content, "1 win (1 against computers)"), "alice's win: %q", r.Content)
	}
	h.noViolations()
}

// TestComputerRefusals: bad input about computers is refused privately
// and changes nothing.
func TestComputerRefusals(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()

	r := h.cmd(alice, room, "play", F("game", "pebbles"), fakediscord.Int("players", 3), fakediscord.Int("computers", 3))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "you and at most 2 computers"), "too many computers: %q", r.Content)
	_, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
	must(t, err != nil, "a refused /play opened a lobby")
	r = h.cmdUnchecked(alice, room, "play", F("game", "pebbles"), F("level", "grandmaster"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "the levels are easy, normal, strong"), "unknown level: %q", r.Content)

	r = h.cmd(alice, room, "play", F("game", "pebbles"), fakediscord.Int("players", 3))
	h.click(alice, room, "Add computer (normal)")
	r = h.click(bob, room, "Add computer (strong)")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Only alice"), "bob adds a computer: %q", r.Content)
	r = h.click(alice, room, "Leave")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "at least one"), "the last person leaves: %q", r.Content)
	h.click(bob, room, "Join")
	before, _ := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
	must(t, len(before.Seats) == 3, "seats %+v", before.Seats)
	// Full: the buttons that add a computer are disabled (the core refuses
	// one more anyway: bot's TestComputerLobby).
	_, _, ok := h.fd.Button(room, alice, "Add computer (easy)")
	must(t, !ok, "a full lobby offers a computer")
	h.click(alice, room, "Start")
	h.idle()

	m, _ := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
	// Alice moves; then bob; then the computer's turn.
	for m.Seats[m.Play.Active[0]].Computer == "" {
		user := discordID(m.Seats[m.Play.Active[0]].UserID)
		h.cmd(user, room, "move", F("move", personMove(t, h, user)))
		h.idle()
		m, _ = h.svc.Get(ctx, bot.ByID(m.ID))
	}
	r = h.click(alice, room, "Take your turn")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Computer (normal)"), "alice's button in the computer's turn: %q", r.Content)
	// /games names the computer the match waits for in the reader's
	// language (bob, reading German for a moment).
	for _, l := range []lang.Lang{lang.German, lang.English} {
		h.fd.AddUser(fakediscord.User{ID: bob, Name: "bob", Locale: map[lang.Lang]string{lang.German: "de"}[l]})
		r = h.cmd(bob, room, "games")
		must(t, r.Ephemeral() && strings.Contains(r.Content, bot.ComputerNameIn(l, "normal", 1)), "%s /games in the computer's turn: %q", l, r.Content)
	}
	r = h.click(dave, room, "My hand")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "seat"), "dave's hand: %q", r.Content)
	r = h.cmd(alice, room, "replace", fakediscord.Int("seat", 2), fakediscord.UserOpt("user", bob))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "already"), "a seated player takes the computer's seat: %q", r.Content)
	r = h.cmd(alice, room, "replace", fakediscord.Int("seat", 2))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "either the user or the computer"), "replace naming nobody: %q", r.Content)
	after, _ := h.svc.Get(ctx, bot.ByID(m.ID))
	must(t, after.Version == m.Version, "a refusal changed the match")

	// The creator hands bob's seat to a computer, and the computer's to dave.
	r = h.cmd(alice, room, "replace", fakediscord.Int("seat", 3), F("computer", "strong"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Computer (strong) now plays seat 3 in place of bob"), "to the computer: %q", r.Content)
	r = h.cmd(alice, room, "replace", fakediscord.Int("seat", 2), fakediscord.UserOpt("user", dave))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "<@"+dave+"> now plays seat 2 in place of Computer (normal)"), "to dave: %+v", r)
	m, _ = h.svc.Get(ctx, bot.ByID(m.ID))
	must(t, m.Seats[2].Computer == "strong" && m.Seats[1].UserID == userKey(dave), "seats %+v", m.Seats)
}

// TestComputerTakesOverEndToEnd: at a deadline the others let the
// computer play alice's seat; its move is posted and logged as the
// computer's; alice takes the seat back with /back.
func TestComputerTakesOverEndToEnd(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()

	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=40"), F("remind", "off"), F("deadline", "1d"), F("at-deadline", "replace"))
	h.click(bob, room, "Join")
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")
	h.idle()
	clock.Advance(24 * time.Hour)
	h.bot.remind(ctx)
	_, _, ok := h.fd.Button(room, bob, "Computer plays")
	must(t, ok, "the vote offers the computer")
	h.click(bob, room, "Computer plays")
	h.click(erin, room, "Computer plays")
	n := len(h.fd.Messages(room))
	h.bot.remind(ctx) // the seat has waited long enough: the computer moves now
	got := publicSince(h, room, n)
	must(t, len(got) >= 1 && strings.Contains(got[0].Content, "the computer plays alice's move"), "the computer's move: %+v", got)
	must(t, slices.Equal(got[len(got)-1].Pings, []string{bob}), "bob is pinged next: %+v", got)
	r := h.cmd(bob, room, "log")
	must(t, strings.Contains(r.Content, "1. alice: ") && strings.Contains(r.Content, "(computer move (normal))"), "log: %q", r.Content)

	for _, u := range []string{bob, erin} {
		h.cmd(u, room, "move", F("move", personMove(t, h, u)))
		h.idle()
	}
	// Alice's turn again: the computer plays it after the pause, and
	// alice was not pinged.
	n = len(h.fd.Messages(room))
	clock.Advance(3 * time.Second)
	h.bot.remind(ctx)
	got = publicSince(h, room, n)
	must(t, len(got) >= 1 && strings.Contains(got[0].Content, "the computer plays alice's move"), "the computer's second move: %+v", got)
	for _, u := range []string{bob, erin} {
		h.cmd(u, room, "move", F("move", personMove(t, h, u)))
		h.idle()
	}
	r = h.cmd(alice, room, "back")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no longer plays your seat"), "back: %q", r.Content)
	n = len(h.fd.Messages(room))
	clock.Advance(time.Minute)
	h.bot.remind(ctx)
	must(t, len(publicSince(h, room, n)) == 0, "the computer moved after /back: %+v", publicSince(h, room, n))
	m, _ := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
	must(t, m.IsActive(0) && m.Seats[0].Standin == "", "alice's seat: %+v", m.Seats[0])
	h.noViolations()
}

// TestComputersFinishEndToEnd: the abandon warning of an active match
// offers to let the computers finish it; a player's click hands every
// seat to a computer, which then moves.
func TestComputersFinishEndToEnd(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now, abandon: 10 * 24 * time.Hour})
	F := fakediscord.Str
	ctx := context.Background()
	h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "off"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.idle()
	clock.Advance(8 * 24 * time.Hour)
	h.bot.remind(ctx)
	r := h.click(dave, room, "Computers finish it")
	must(t, r.Ephemeral(), "dave, not seated, lets the computers finish: %+v", r)
	r = h.click(bob, room, "Computers finish it")
	must(t, strings.Contains(r.Content, "bob let the computers finish this match") && len(r.Components) == 0, "the warning after the click: %+v", r)
	n := len(h.fd.Messages(room))
	h.bot.remind(ctx) // the seat has waited long enough: a computer moves now
	got := publicSince(h, room, n)
	must(t, len(got) >= 1 && strings.Contains(got[0].Content, "the computer plays"), "the computer's move: %+v", got)
	for _, msg := range got {
		must(t, len(msg.Pings) == 0, "a ping while the computers play every seat: %+v", msg)
	}
}
