package discord

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// TestSecondGameNeedsNoFrontEndChange is the done-criterion of a
// game-neutral adapter: with Brass and Pebbles in the registry and nothing
// in this package naming either, a Pebbles match is found by autocomplete,
// opened with an option the autocomplete offers, played to the end with
// typed moves and closed, and the channel is free again.
func TestSecondGameNeedsNoFrontEndChange(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway, brass: true})
	fd := h.fd
	F := fakediscord.Str

	// With two games and no operator default, /play asks for one.
	r := h.cmd(alice, room, "play")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "Choose a game") && strings.Contains(r.Content, "Pebbles") && strings.Contains(r.Content, "Brass"),
		"/play without a game: %+v", r)
	r = h.cmd(alice, room, "play", F("game", "chess"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, `no game "chess"`), "/play game:chess: %+v", r)

	// The game option completes from the registry.
	cs, err := fd.Autocomplete(alice, room, "play", fakediscord.Focus(F("game", "")))
	must(t, err == nil && choiceValues(cs) == "brass pebbles", "games offered: %v %v", cs, err)
	cs, err = fd.Autocomplete(alice, room, "play", fakediscord.Focus(F("game", "peb")))
	must(t, err == nil && len(cs) == 1 && cs[0].Value == "pebbles" && strings.Contains(cs[0].Name, "2 to 4 players"), "game peb: %v %v", cs, err)

	// The options complete from the chosen game's keys and values.
	cs, err = fd.Autocomplete(alice, room, "play", F("game", "pebbles"), fakediscord.Focus(F("options", "")))
	must(t, err == nil && choiceValues(cs) == "pile=21" && strings.Contains(cs[0].Name, "(default)"), "pebbles options: %v %v", cs, err)
	cs, err = fd.Autocomplete(alice, room, "play", F("game", "pebbles"), fakediscord.Focus(F("options", "pile=6")))
	must(t, err == nil && choiceValues(cs) == "pile=6", "pebbles pile=6: %v %v", cs, err)
	cs, err = fd.Autocomplete(alice, room, "play", F("game", "brass"), fakediscord.Focus(F("options", "tiebreak=cash link")))
	must(t, err == nil && len(cs) > 0, "brass options: %v %v", cs, err)
	for _, c := range cs {
		must(t, strings.HasPrefix(c.Value.(string), "tiebreak=cash link-scoring="), "brass option after a first pair: %v", c)
	}

	// Open, join, start.
	r = h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=6"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Pebbles"), "lobby: %+v", r)
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	r = h.cmd(alice, room, "score")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "1. **alice** (A, vermillion): 0 wins"), "score: %+v", r)

	// Play to the end with typed moves, whoever is to move.
	users := map[string]string{"discord:" + alice: alice, "discord:" + bob: bob}
	for i := 0; ; i++ {
		m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
		must(t, err == nil, "get: %v", err)
		if m.Play.Finished {
			break
		}
		must(t, i < 20, "the match did not end in 20 moves")
		user := users[m.Seats[m.Play.Active[0]].UserID]
		r = h.cmd(user, room, "move", F("move", autocompleteMove(t, h, user, room)))
		must(t, !r.Ephemeral(), "move: %+v", r)
	}

	// Every turn was one board post with the game's images and one ping;
	// the last post gives the ranking in the game's score unit and offers
	// no buttons, and nobody is pinged after it.
	var boards []fakediscord.Message
	pings := 0
	for _, m := range fd.Messages(room) {
		if !m.Ephemeral && len(m.Files) > 0 && !strings.Contains(m.Content, "final result") {
			boards = append(boards, m)
			must(t, fileList(m) == "board.png players.png", "board post %s files %q", m.ID, fileList(m))
		}
	}
	for _, e := range fd.Entries(room) {
		if e.Kind == "post" && !e.Message.Ephemeral && len(e.Message.Pings) > 0 {
			pings++
		}
	}
	last := boards[len(boards)-1]
	must(t, pings == len(boards)-1, "%d board posts and %d pings", len(boards), pings)
	must(t, strings.Contains(last.Content, "Game over. 1. ") && strings.Contains(last.Content, " wins)") && len(last.Components) == 0,
		"final board: %+v", last)
	// The channel is free: a new match of the other game opens, and is
	// closed again.
	r = h.cmd(bob, room, "play", F("game", "Brass (Lancashire, 2007)"))
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Brass"), "a second match: %+v", r)
	r = h.cmd(bob, room, "abort")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "aborted"), "abort: %+v", r)
	h.noViolations()
	golden(t, "second-game", h.fd.Transcript(room, "m0001", "<match>"))
}

// With one game on offer /play needs no game option; an operator default
// must name a game the build offers.
func TestDefaultGame(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	r := h.cmd(alice, room, "play")
	must(t, !r.Ephemeral() && strings.Contains(r.Content, "Pebbles"), "/play with one game: %+v", r)
	if _, err := New(Config{Token: "x", DefaultGame: "chess"}, h.svc, nil); err == nil || !strings.Contains(err.Error(), "DISCORD_DEFAULT_GAME") {
		t.Errorf("default game chess: %v", err)
	}
	if _, err := New(Config{Token: "x", DefaultGame: "pebbles"}, h.svc, nil); err != nil {
		t.Errorf("default game pebbles: %v", err)
	}
}

func choiceValues(cs []fakediscord.Choice) string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Value.(string))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

func fileList(m fakediscord.Message) string {
	var out []string
	for _, f := range m.Files {
		out = append(out, f.Name)
	}
	return strings.Join(out, " ")
}
