package servicetest

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
)

// Secret is the text of the Go errors behind the internal examples: it
// must never reach a user.
const Secret = "storage: write /var/lib/smokestack/log: disk on fire"

// ErrorExamples returns one error of every kind of the vocabulary
// (bot.Kinds), each with the facts the service attaches where it fails, so
// that every front end can show that each kind reads well.
func ErrorExamples() map[bot.Kind]error {
	long := strings.Repeat("y", 300)
	out := map[bot.Kind]error{
		bot.KindRule: &bot.Error{Kind: bot.KindRule,
			Rule:  engine.Rule("take.pile", "take", "only %d pebbles are left, not %q", 3, "\u200b9"),
			Topic: &engine.HelpTopic{ID: "take", Title: "Taking", Kind: "rule", Body: "Take as many pebbles as a card in your hand shows."}},
		bot.KindIncomplete: &bot.Error{Kind: bot.KindIncomplete, Move: "take", Err: engine.ErrIncompleteMove,
			Choices: &engine.Choices{Prompt: "How many?", Next: []engine.Choice{{Token: "1", Label: "Take 1"}, {Token: "3", Label: "Take 3"}}}},
		bot.KindNotYourTurn:    &bot.Error{Kind: bot.KindNotYourTurn, Who: []string{"Bob"}},
		bot.KindNotSeated:      bot.ErrNotSeated,
		bot.KindNoMatch:        bot.ErrNoMatch,
		bot.KindNotFound:       fmt.Errorf("bot: load: %w", bot.ErrNotFound),
		bot.KindFinished:       &bot.Error{Kind: bot.KindFinished, Detail: "it was aborted"},
		bot.KindNotStarted:     &bot.Error{Kind: bot.KindNotStarted, Who: []string{"Alice"}},
		bot.KindStale:          bot.ErrStale,
		bot.KindRulesVersion:   &bot.Error{Kind: bot.KindRulesVersion, Detail: "it was played under version 1 of the Pebbles rules, and this build plays version 2"},
		bot.KindTooLarge:       bot.TooLarge("a move has at most %d characters, this one has %d", bot.MaxMoveLen, 2000),
		bot.KindInvalid:        bot.Invalid("option pile cannot be %q; it is a number", "\u200b"+long),
		bot.KindBusy:           &bot.Error{Kind: bot.KindBusy, Err: errors.New(Secret)},
		bot.KindLobbyFull:      &bot.Error{Kind: bot.KindLobbyFull, Detail: "all 2 seats are taken"},
		bot.KindAlreadySeated:  bot.ErrAlreadySeated,
		bot.KindAlreadyStarted: bot.ErrAlreadyStarted,
		bot.KindLobbyClosed:    bot.ErrLobbyClosed,
		bot.KindChannelTaken:   bot.ErrChannelTaken,
		bot.KindSeatCount:      &bot.Error{Kind: bot.KindSeatCount, Detail: "this match needs 2 players and has 1 player"},
		bot.KindNotAllowed:     &bot.Error{Kind: bot.KindNotAllowed, Who: []string{"Alice"}, Moderators: true},
		bot.KindNoHelp:         bot.ErrNoHelp,
		bot.KindNoBoard:        &bot.Error{Kind: bot.KindNoBoard},
		bot.KindDamaged:        &bot.Error{Kind: bot.KindDamaged, MatchID: "m1", Who: []string{"Alice"}, Err: errors.New(Secret)},
		bot.KindInternal:       fmt.Errorf("bot: commit match m1: %w", errors.New(Secret)),
	}
	return out
}

var goPrefix = regexp.MustCompile(`(^|: )[a-z][a-z0-9-]*: `)

// CheckText fails when a user-facing text shows what users must not see:
// Go error text or package prefixes, Go escapes of invisible characters,
// formatting mistakes, or long echoes of input.
func CheckText(t testing.TB, what, text string) {
	t.Helper()
	if strings.TrimSpace(text) == "" {
		t.Errorf("%s: empty text", what)
	}
	// A Go error prefix ("brass: ", "smoky-valley: ..."): a lower-case
	// word and a colon opening the text or following another such prefix.
	if m := goPrefix.FindString(text); m != "" {
		t.Errorf("%s: %q shows the error prefix %q", what, text, m)
	}
	for _, bad := range []string{"bot:", "service:", "engine:", "storage:", "playground:", "discord:",
		"disk on fire", `\u`, `\x`, "%!", "<nil>", "goroutine", ".go:", "\u200b", "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy"} {
		if strings.Contains(text, bad) {
			t.Errorf("%s: %q shows %q", what, text, bad)
		}
	}
}
