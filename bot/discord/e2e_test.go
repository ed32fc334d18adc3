package discord

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// playSequence is a short match as players would play it: lobby, join, a
// refused start, start, typed and clicked moves, an illegal move, a move
// out of turn, a stale button, the hand shown privately, a rules lookup, a
// duplicate delivery and an abort with and without permission.
func playSequence(t *testing.T, h *harness) {
	t.Helper()
	fd := h.fd
	F := fakediscord.Str

	r := h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Pebbles"), "lobby: %+v", r)
	h.click(bob, room, "Join")
	r = h.click(bob, room, "Start")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Only alice, who created this match,"), "bob may not start: %+v", r)
	h.click(alice, room, "Start")

	// alice is seat 1 and moves first; bob may not.
	r = h.cmd(bob, room, "move", F("move", "take 1"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "not your turn"), "out of turn: %+v", r)

	// Typed: the autocomplete offers the legal moves, the illegal one is
	// explained privately with its rule.
	cs, err := fd.Autocomplete(alice, room, "move", fakediscord.Focus(F("move", "")))
	must(t, err == nil && len(cs) > 0 && len(cs) <= 25, "autocomplete: %v %v", cs, err)
	cs, err = fd.Autocomplete(alice, room, "move", fakediscord.Focus(F("move", "take ")))
	must(t, err == nil && len(cs) > 0, "autocomplete take: %v %v", cs, err)
	r = h.cmd(alice, room, "move", F("move", "take 7"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Taking pebbles"), "illegal move: %+v", r)
	oldBoard, oldTurn, ok := fd.Button(room, alice, "Take your turn")
	must(t, ok, "no board post after start")
	it, r, err := fd.Command(alice, room, "move", F("move", fmt.Sprint(cs[0].Value)))
	must(t, err == nil && !r.Ephemeral() && len(r.Files) == 0 && strings.Contains(r.Content, "played"),
		"typed move: the post is the answer, its pictures follow: %+v %v", r, err)
	h.idle()
	r = fd.Seen(it)
	must(t, fileNames(r) == "board.png players.png", "typed move: the pictures were not added to the post: %+v", r)

	// A duplicate delivery of the same interaction applies once.
	if err := fd.Redeliver(it); err != nil {
		t.Fatal(err)
	}
	h.idle()

	// The hand, privately.
	r = h.cmd(bob, room, "hand")
	must(t, r.Ephemeral() && fileNames(r) == "board.png players.png hand.png" && strings.Contains(r.Content, "Your hand"), "hand: %+v", r)
	r = h.click(alice, room, "My hand")
	must(t, r.Ephemeral() && len(r.Files) == 3 && strings.Contains(r.Content, "Your seat: 1"), "my hand button: %+v", r)
	r = h.click(dave, room, "My hand")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "no seat"), "my hand without a seat: %+v", r)

	// Clicked: bob opens the picker and builds his move step by step.
	r = h.click(bob, room, "Take your turn")
	must(t, r.Ephemeral(), "picker must be private: %+v", r)
	h.pick(bob, room, "take")
	_, menu, ok := fd.SelectMenu(room, bob)
	must(t, ok && len(menu.Options) > 0, "no value menu")
	h.pick(bob, room, menu.Options[0].Value)
	h.click(bob, room, "Back")
	h.pick(bob, room, menu.Options[len(menu.Options)-1].Value)
	h.click(bob, room, "Confirm")

	// alice presses the button of a board that is no longer current.
	it, _, err = fd.Click(alice, oldBoard, oldTurn)
	h.idle()
	r = fd.Seen(it)
	must(t, err == nil && r.Ephemeral() && strings.Contains(r.Content, "moved on") && len(r.Files) == 2, "stale: %+v %v", r, err)

	// Rules: autocomplete, then the topic.
	cs, err = fd.Autocomplete(bob, room, "rules", fakediscord.Focus(F("topic", "pass")))
	must(t, err == nil && len(cs) > 0 && cs[0].Value == "pass", "rules autocomplete: %v %v", cs, err)
	r = h.cmd(bob, room, "rules", F("topic", "pass"))
	must(t, r.Ephemeral() && len(r.Embeds) == 1 && r.Embeds[0].Title == "Passing", "rules: %+v", r)

	h.cmd(alice, room, "status")
	h.cmd(alice, room, "log")

	// dave may not abort; carol (Manage Channels) may.
	r = h.cmd(dave, room, "abort")
	must(t, r.Ephemeral(), "dave abort: %+v", r)
	r = h.cmd(carol, room, "abort")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "aborted"), "carol abort: %+v", r)

	// Exactly the two moves were applied, once each.
	m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
	must(t, err == nil && m.Moves == 2, "moves applied: %d %v", m.Moves, err)
	checkPings(t, h, room, false)
}

// checkPings: board posts are silent and ping nobody; every ping names
// exactly one user; each applied move is followed by one ping while the
// game goes on. A deferred answer cannot be silent (Discord allows no flag
// but ephemeral on a deferred message), so loud says that is expected.
func checkPings(t *testing.T, h *harness, channel string, loud bool) {
	t.Helper()
	boards, pings := 0, 0
	for _, m := range h.fd.Messages(channel) {
		if m.Ephemeral || len(m.Files) == 0 {
			continue
		}
		boards++
		if (m.Flags&fakediscord.FlagSuppressNotifications == 0 && !loud) || len(m.Pings) > 0 {
			t.Errorf("board post %s is not silent or pings %v", m.ID, m.Pings)
		}
	}
	for _, e := range h.fd.Entries(channel) {
		if e.Kind != "post" || e.Message.Ephemeral || len(e.Message.Pings) == 0 {
			continue
		}
		pings++
		if len(e.Message.Pings) != 1 || len(e.Message.Files) > 0 {
			t.Errorf("message %s pings %v", e.Message.ID, e.Message.Pings)
		}
	}
	if boards != pings {
		t.Errorf("%d board posts but %d pings", boards, pings)
	}
}

func TestGatewayEndToEnd(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway, redis: true})
	if n := h.fd.CommandPuts(""); n != 1 {
		t.Errorf("commands sent %d times, want 1", n)
	}
	// A second start with the same definitions sends nothing.
	if sent, err := h.bot.Register(context.Background()); err != nil || sent {
		t.Errorf("re-register: sent=%v err=%v", sent, err)
	}
	playSequence(t, h)
	h.noViolations()
	golden(t, "gateway", h.fd.Transcript(room, "m0001", "<match>"))
}

func TestHTTPInteractionsEndToEnd(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeHTTP, redis: true})
	fd := h.fd
	playSequence(t, h)
	h.noViolations()
	golden(t, "http", fd.Transcript(room, "m0001", "<match>"))
}

func TestHTTPSignatures(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeHTTP})
	fd := h.fd
	hh, _ := h.bot.HTTPHandler()
	srv := newTestServer(t, hh)
	ping := []byte(`{"id":"1","application_id":"` + fd.AppID + `","type":1,"token":"x","version":1}`)
	now := strconv.FormatInt(time.Now().Unix(), 10)
	cases := []struct {
		name string
		ts   string
		sig  string
		want int
	}{
		{"valid ping", now, fd.Sign(now, ping), http.StatusOK},
		{"bad signature", now, strings.Repeat("00", 64), http.StatusUnauthorized},
		{"signature of another body", now, fd.Sign(now, []byte("{}")), http.StatusUnauthorized},
		{"no signature", now, "", http.StatusUnauthorized},
		{"stale timestamp", strconv.FormatInt(time.Now().Add(-6*time.Minute).Unix(), 10), "", http.StatusUnauthorized},
		{"future timestamp", strconv.FormatInt(time.Now().Add(time.Minute).Unix(), 10), "", http.StatusUnauthorized},
	}
	for _, c := range cases {
		sig := c.sig
		if sig == "" && c.name != "no signature" {
			sig = fd.Sign(c.ts, ping) // correctly signed, but at the wrong time
		}
		code, body, err := fd.PostRaw(srv, ping, c.ts, sig)
		if err != nil {
			t.Fatal(err)
		}
		if code != c.want {
			t.Errorf("%s: status %d, want %d (%s)", c.name, code, c.want, body)
		}
		if c.want == http.StatusOK && strings.TrimSpace(string(body)) != `{"type":1}` {
			t.Errorf("%s: body %s, want PONG", c.name, body)
		}
	}
}

// HTTP-interactions mode: the turn's ping and the mover's private note
// reach Discord. The bot answers through the callback endpoint and only
// then (202 to the HTTP request) follows up; a follow-up racing Discord's
// processing of an answer written into the HTTP body would be refused with
// Unknown Webhook, and the next player never pinged. The fake takes its
// time to register body answers, so the wrong order fails here every time.
func TestHTTPFollowUpsAfterTheResponse(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeHTTP})
	h.fd.SetBodyDelay(200 * time.Millisecond)
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	it, r, err := h.fd.Command(alice, room, "move", F("move", "take 1"))
	must(t, err == nil, "move: %v", err)
	h.idle()
	var note, ping bool
	for _, e := range h.fd.Entries(room) {
		if e.Kind == "post" && e.Via == "followup" && strings.Contains(e.Trigger, "/move") {
			note = note || (e.Message.Ephemeral && strings.Contains(e.Message.Content, "Only you see this"))
			ping = ping || slices.Equal(e.Message.Pings, []string{bob})
		}
	}
	must(t, note && ping, "after the move: private note %v, ping of bob %v", note, ping)
	must(t, len(h.fd.Seen(it).Files) == 2, "the pictures were not added to the post")
	must(t, r.HTTPStatus == http.StatusAccepted, "the HTTP request is answered %d, want 202 after the callback", r.HTTPStatus)
	checkPings(t, h, room, false)
	h.noViolations()
}

// Discord can refuse a webhook call with Unknown Webhook for a moment
// even after it has the initial response; the bot tries again a few times
// and the post's picture and the ping still arrive.
func TestUnknownWebhookIsRetried(t *testing.T) {
	saved := webhookRetries
	webhookRetries = []time.Duration{10 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond}
	t.Cleanup(func() { webhookRetries = saved })
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.fd.FailNextCode("/webhooks/", 3, http.StatusNotFound, fakediscord.CodeUnknownWebhook)
	r := h.cmd(alice, room, "move", F("move", "take 1"))
	must(t, len(r.Files) == 2, "the picture edit was not retried: %+v", r)
	checkPings(t, h, room, false)
	// More refusals than retries: the bot gives up (and logs), the
	// interaction still got its answer.
	h.fd.FailNextCode("/webhooks/", len(webhookRetries)+1, http.StatusNotFound, fakediscord.CodeUnknownWebhook)
	r = h.cmd(bob, room, "move", F("move", autocompleteMove(t, h, bob, room)))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "played") && len(r.Files) == 0, "after too many refusals: %+v", r)
	h.noViolations()
}
