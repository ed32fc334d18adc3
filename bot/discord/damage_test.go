package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
)

// TestDamagedMatchInChannel: a match whose log lost entries in Redis (an
// eviction, a stray command) stays in its channel. /status, /hand, /move
// and /board say privately that this channel's match is damaged, name it
// and say who can abort it with /abort; /play refuses to open a new match
// over it with the same explanation. /abort by a member without the right
// is refused; by a moderator it attaches what could be read as a match
// record marked incomplete to a private answer, tells the channel, and
// frees it for a new match.
func TestDamagedMatchInChannel(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) { damagedMatchInChannel(t, mode) })
	}
}

func damagedMatchInChannel(t *testing.T, mode Mode) {
	h := newHarness(t, harnessOpts{mode: mode, redis: true})
	F := fakediscord.Str
	ctx := context.Background()
	h.cmd(alice, room, "play", F("game", "pebbles"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.cmd(alice, room, "move", F("move", autocompleteMove(t, h, alice, room)))
	h.cmd(bob, room, "move", F("move", autocompleteMove(t, h, bob, room)))
	// The log keeps only its first entry.
	raw := h.redis.Client()
	defer raw.Close()
	if err := raw.LTrim(ctx, h.prefix+":{m:m0001}:log", 0, 0).Err(); err != nil {
		t.Fatal(err)
	}

	damage := func(what string, r fakediscord.Response) {
		t.Helper()
		for _, want := range []string{"m0001", "damaged", "alice", "moderator", "`/abort`", "Manage Channels", "error ID"} {
			if !r.Ephemeral() || !strings.Contains(r.Content, want) {
				t.Errorf("%s: %q (private: %v); want a private answer saying %q", what, r.Content, r.Ephemeral(), want)
				return
			}
		}
	}
	damage("/status", h.cmd(alice, room, "status"))
	damage("/hand", h.cmd(bob, room, "hand"))
	damage("/board", h.cmd(dave, room, "board"))
	damage("/move", h.cmd(alice, room, "move", F("move", "take 1")))
	damage("/play over it", h.cmd(dave, room, "play", F("game", "pebbles")))

	r := h.cmd(dave, room, "abort")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Only alice") && strings.Contains(r.Content, "moderator") && len(r.Files) == 0,
		"/abort by a member without Manage Channels: %+v", r)
	r = h.cmd(carol, room, "abort")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "m0001") && len(r.Files) == 1, "/abort by a moderator: %+v", r)
	f := r.Files[0]
	rec := string(f.Data)
	must(t, f.Name == "match-m0001-salvaged.txt" && strings.Contains(rec, "# INCOMPLETE") && strings.Contains(rec, "Game: pebbles"),
		"salvaged record %s:\n%s", f.Name, rec)
	parsed, err := engine.ParseRecord(strings.NewReader(rec))
	must(t, err == nil && len(parsed.Moves) == 1, "the salvaged record reads back with its one intact move: %+v %v", parsed, err)
	var told bool
	for _, m := range h.fd.Messages(room) {
		if !m.Ephemeral && strings.Contains(m.Content, "aborted the damaged match m0001") {
			told = true
		}
	}
	must(t, told, "the channel was not told that the damaged match was aborted")
	r = h.cmd(dave, room, "play", F("game", "pebbles"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "lobby"), "a new match in the freed channel: %+v", r)
	h.noViolations()
}

// TestDamagedMatchInThread: a damaged match played in a thread is named
// as the thread's, and its abort frees the thread, in what its players
// read (the refusal, the private answer to /abort and the thread's note).
func TestDamagedMatchInThread(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeHTTP, redis: true})
	F := fakediscord.Str
	ctx := context.Background()
	h.cmd(alice, room, "play", F("game", "pebbles"), fakediscord.Bool("thread", true))
	th := h.fd.Threads(room)[0]
	h.click(bob, th, "Join")
	h.click(alice, th, "Start")
	h.cmd(alice, th, "move", F("move", autocompleteMove(t, h, alice, th)))
	h.cmd(bob, th, "move", F("move", autocompleteMove(t, h, bob, th)))
	raw := h.redis.Client()
	defer raw.Close()
	if err := raw.LTrim(ctx, h.prefix+":{m:m0001}:log", 0, 0).Err(); err != nil {
		t.Fatal(err)
	}
	r := h.cmd(alice, th, "status")
	for _, want := range []string{"This thread's match (ID m0001) is damaged", "that frees the thread for a new match", "`/abort` in this thread"} {
		must(t, r.Ephemeral() && strings.Contains(r.Content, want), "/status: %q, want %q", r.Content, want)
	}
	must(t, !strings.Contains(r.Content, "channel"), "/status names a channel: %q", r.Content)
	r = h.cmd(carol, th, "abort")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "this thread is free for a new match") && len(r.Files) == 1, "/abort: %+v", r)
	var told bool
	for _, m := range h.fd.Messages(th) {
		if !m.Ephemeral && strings.Contains(m.Content, "aborted the damaged match m0001; this thread is free for a new match") {
			told = true
		}
	}
	must(t, told, "the thread was not told that the damaged match was aborted and it is free")
	h.noViolations()
}
