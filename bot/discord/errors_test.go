package discord

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
)

// TestProblemReplies: every kind of the core's error vocabulary reaches a
// Discord user as a private reply with the core's text (and the rule's
// help, or the error ID), never a Go error.
func TestProblemReplies(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeHTTP})
	ctx := context.Background()
	r := &Request{I: &discordgo.Interaction{ID: "900000000000000001", Type: discordgo.InteractionApplicationCommand,
		Data: discordgo.ApplicationCommandInteractionData{Name: "move"}}, UserID: alice, Channel: room}
	ex := servicetest.ErrorExamples()
	for _, k := range bot.Kinds {
		resp := h.bot.answer(ctx, r, nil, ex[k])
		if resp.Type != discordgo.InteractionResponseChannelMessageWithSource || !resp.ephemeral() || resp.Data.AllowedMentions == nil {
			t.Errorf("%s: not a private reply that pings nobody: %+v", k, resp)
			continue
		}
		text := resp.Data.Content
		servicetest.CheckText(t, string(k), text)
		if utf8.RuneCountInString(text) > 2000 {
			t.Errorf("%s: %d characters", k, utf8.RuneCountInString(text))
		}
		want := h.svc.Explain(ctx, ex[k])
		if k == bot.KindInternal || k == bot.KindDamaged {
			// A fresh error ID per explanation: compare around it.
			if !strings.Contains(text, "(error ID ") || !strings.HasPrefix(text, want.Text[:strings.Index(want.Text, "(error ID ")]) {
				t.Errorf("%s: %q, want %q with its error ID", k, text, want.Text)
			}
			continue
		}
		if !strings.HasPrefix(text, want.Text) {
			t.Errorf("%s: %q does not start with the core's text %q", k, text, want.Text)
		}
	}
	// The rule's help is shown with where to read more.
	if text := h.bot.answer(ctx, r, nil, ex[bot.KindRule]).Data.Content; !strings.Contains(text, "Rule: **Taking** - ") || !strings.Contains(text, "`/rules topic:take`") {
		t.Errorf("rule reply without its help: %q", text)
	}
	// Autocomplete never shows an error: no choices.
	ac := &Request{I: &discordgo.Interaction{ID: "900000000000000002", Type: discordgo.InteractionApplicationCommandAutocomplete}}
	if resp := h.bot.answer(ctx, ac, nil, ex[bot.KindInternal]); resp.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		t.Errorf("autocomplete error: %+v", resp)
	}
}

// TestTypedMoveProblems plays, through the fake Discord, the typed moves
// that used to go wrong: an incomplete move (answered with the choices
// that continue it, in the picker, and then played from there), a move in
// the lobby, a move with a zero-width space, an overlong one, and Join on
// an aborted lobby.
func TestTypedMoveProblems(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway, brass: true})
	fd := h.fd
	F := fakediscord.Str

	h.cmd(alice, room, "play", F("game", "brass"))
	h.click(bob, room, "Join")
	r := h.cmd(bob, room, "move", F("move", "loan 30 card:bolton"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "The match has not started yet: alice, who created it, can start it"), "move in the lobby: %+v", r)
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")
	m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
	must(t, err == nil && m.Play != nil, "started: %v", err)
	users := map[string]string{"discord:" + alice: alice, "discord:" + bob: bob, "discord:" + erin: erin}
	first := users[m.Seats[m.Play.Active[0]].UserID]

	// Incomplete: a short note over the picker at the move so far; the
	// picker asks the question and offers the choices, so the note
	// repeats neither.
	for _, tc := range []struct{ typed, want, question string }{
		{"loan", `"loan" is not a complete move yet: choose below.`, "How much?"},
		{"build cotton", `"build cotton" is not a complete move yet: choose below.`, "Where?"},
		{"loan 10", `"loan 10" is not a complete move yet: choose below.`, "Which card?"},
	} {
		r = h.cmd(first, room, "move", F("move", tc.typed))
		must(t, r.Ephemeral() && strings.HasPrefix(r.Content, tc.want+"\n") && strings.Contains(r.Content, "**Your move:** `"+tc.typed+"`"),
			"/move %s: %+v", tc.typed, r)
		must(t, strings.Count(r.Content, tc.question) == 1 && !strings.Contains(r.Content, "goes on with"), "/move %s: the question or the choices twice: %q", tc.typed, r.Content)
		_, menu, ok := fd.SelectMenu(room, first)
		must(t, ok && len(menu.Options) > 0, "/move %s: no menu of the choices", tc.typed)
	}
	// The last picker goes on: pick a card, confirm, the loan is played.
	_, menu, _ := fd.SelectMenu(room, first)
	h.pick(first, room, menu.Options[0].Value)
	h.click(first, room, "Confirm")
	m, err = h.svc.Get(context.Background(), bot.ByID("m0001"))
	must(t, err == nil && m.Moves == 1, "the continued move was not played: %v", err)
	next := users[m.Seats[m.Play.Active[0]].UserID]

	// Invisible characters are dropped, overlong input refused: no Go
	// escapes, no 2,000-character echo.
	r = h.cmd(next, room, "move", F("move", "\u200bloan 30 card:nowhere"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, `you hold no card "nowhere"`) && strings.Contains(r.Content, "`/rules topic:loan`") && !strings.Contains(r.Content, `\u`), "zero-width space: %+v", r)
	r = h.cmd(next, room, "move", F("move", strings.Repeat("w", 2000)))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "at most 500 characters") && len(r.Content) < 200, "2000 characters: %+v", r)
	r = h.cmd(next, room, "move", F("move", strings.Repeat("w", 300)))
	must(t, r.Ephemeral() && strings.Contains(r.Content, strings.Repeat("w", 40)+`…"`) && len(r.Content) < 1000, "a 300-character word: %+v", r)

	// A second lobby, aborted: the bot could not update its message (Discord
	// failed to list the channel's messages), and its Join button says the
	// lobby is closed.
	thread := "200000000000000077"
	fd.AddChannel(thread, "other")
	h.cmd(alice, thread, "play", F("game", "pebbles"))
	fd.FailNext("/channels/"+thread+"/messages", http.StatusInternalServerError)
	h.cmd(alice, thread, "abort")
	r = h.click(bob, thread, "Join")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "This lobby was closed"), "join an aborted lobby: %+v", r)

	h.noViolations()
	transcript := brassStable(fd.Transcript(room, "m0001", "<match>") + fd.Transcript(thread, "m0002", "<match>"))
	golden(t, "problems", longRun.ReplaceAllStringFunc(transcript, func(s string) string { return fmt.Sprintf("<%d w>", len(s)) }))
}

// longRun is a long typed word, shortened in the transcript.
var longRun = regexp.MustCompile(`w{41,}`)

// TestScoresNamed: /score and the final board post label the scores with
// the game's name for them; /status lists each score once.
func TestScoresNamed(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=5"))
	h.click(bob, room, "Join")
	r := h.cmd(alice, room, "score")
	must(t, r.Ephemeral() && strings.Contains(r.Content, "has not started yet: alice, who created it"), "score in the lobby: %+v", r)
	h.click(alice, room, "Start")
	r = h.cmd(bob, room, "score")
	must(t, r.Ephemeral() && r.Content == "Scores so far:\n1. **alice** (A, vermillion): 0 wins\n2. **bob** (B, sky blue): 0 wins\n", "score: %q", r.Content)
	r = h.cmd(bob, room, "status")
	must(t, strings.Count(r.Content, " wins") == 2 && strings.Contains(r.Content, "1. alice (A, vermillion): 0 wins, cards "), "status: %q", r.Content)
	users := map[string]string{"discord:" + alice: alice, "discord:" + bob: bob}
	for range 20 {
		m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
		must(t, err == nil, "get: %v", err)
		if m.Play.Finished {
			break
		}
		u := users[m.Seats[m.Play.Active[0]].UserID]
		h.cmd(u, room, "move", F("move", autocompleteMove(t, h, u, room)))
	}
	var last string
	for _, m := range h.fd.Messages(room) {
		if len(m.Files) > 0 && !strings.Contains(m.Content, "final result") {
			last = m.Content
		}
	}
	must(t, regexp.MustCompile(`Game over\. 1\. (alice|bob) \(1 win\), 2\. (alice|bob) \(0 wins\)`).MatchString(last), "final post: %q", last)
	h.noViolations()
}
