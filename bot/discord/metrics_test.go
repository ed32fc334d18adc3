package discord

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// recorder is a bot.Metrics that keeps what it is told, for assertions.
type recorder struct {
	mu     sync.Mutex
	events []string
	acks   map[string][]time.Duration
}

func (r *recorder) add(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, fmt.Sprintf(format, args...))
}

func (r *recorder) Interaction(command, outcome string, ack, total time.Duration) {
	r.add("interaction %s %s", command, outcome)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.acks == nil {
		r.acks = map[string][]time.Duration{}
	}
	if ack > 0 && total >= ack {
		r.acks[command] = append(r.acks[command], ack)
	}
}
func (r *recorder) Move(game, outcome string)                  { r.add("move %s %s", game, outcome) }
func (r *recorder) CASRetry()                                  { r.add("cas retry") }
func (r *recorder) Render(game string, _ time.Duration, n int) { r.add("render %s %v", game, n > 0) }
func (r *recorder) Store(op string, _ time.Duration, failed bool) {
	r.add("store %s %v", op, failed)
}
func (r *recorder) DiscordError(status string)    { r.add("discord error %s", status) }
func (r *recorder) RateLimitWait(d time.Duration) { r.add("rate limit wait") }

func (r *recorder) count(event string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, e := range r.events {
		if e == event {
			n++
		}
	}
	return n
}

// What the metrics see of a short match through the real adapter: each
// interaction by command and outcome with its acknowledgement time, moves
// applied and refused, pictures drawn, store calls, and Discord's refusals
// and rate limits.
func TestMetricsRecorded(t *testing.T) {
	rec := &recorder{}
	h := newHarness(t, harnessOpts{mode: ModeGateway, metrics: rec})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.fd.Autocomplete(alice, room, "move", fakediscord.Focus(F("move", "")))
	h.cmd(bob, room, "move", F("move", "take 1")) // not bob's turn
	h.cmd(alice, room, "move", F("move", "take 99"))
	mv := autocompleteMove(t, h, alice, room)
	h.fd.FailNext("/webhooks/", 500) // the board edit or the ping after the move, refused once
	h.cmd(alice, room, "move", F("move", mv))
	h.fd.FailNext("/interactions/", 429) // the answer to /status is rate limited once, then retried
	h.cmd(bob, room, "status")
	h.idle()
	for _, want := range []string{
		"interaction play ok", "interaction button:lobby-join ok", "interaction button:lobby-start ok",
		"interaction autocomplete:move ok", "interaction move refused", "interaction move ok", "interaction status ok",
		"move pebbles refused", "move pebbles applied", "render pebbles true",
		"store commit false", "store get false", "store channel false", "discord error 500", "discord error 429", "rate limit wait",
	} {
		if rec.count(want) == 0 {
			t.Errorf("no %q recorded; got:\n%s", want, strings.Join(rec.events, "\n"))
		}
	}
	if n := rec.count("move pebbles refused"); n != 2 {
		t.Errorf("%d refused moves recorded, want 2", n)
	}
	if n := rec.count("move pebbles applied"); n != 1 {
		t.Errorf("%d applied moves recorded, want 1", n)
	}
	if len(rec.acks["move"]) != 3 || len(rec.acks["play"]) != 1 {
		t.Errorf("acknowledgement times: %v", rec.acks)
	}
}
