package bot_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
)

// logBuffer is a concurrency-safe log sink.
type logBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func loggedService(t *testing.T, games ...engine.Game) (*bot.Service, *logBuffer) {
	t.Helper()
	if len(games) == 0 {
		games = []engine.Game{testgame.Game{}}
	}
	var log logBuffer
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(games...), Store: servicetest.Store(t),
		Log: slog.New(slog.NewTextHandler(&log, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return svc, &log
}

// TestExplainEveryKind: every kind of the vocabulary explains as itself,
// in a clear sentence with no Go error text, and internal errors carry an
// ID that is in the log with the real error.
func TestExplainEveryKind(t *testing.T) {
	svc, log := loggedService(t)
	ex := servicetest.ErrorExamples()
	if len(ex) != len(bot.Kinds) {
		t.Fatalf("%d examples for %d kinds", len(ex), len(bot.Kinds))
	}
	seen := map[string]bool{}
	for _, k := range bot.Kinds {
		err, ok := ex[k]
		if !ok {
			t.Fatalf("no example of %s", k)
		}
		p := svc.Explain(context.Background(), err)
		if p.Kind != k {
			t.Errorf("%s explains as %s: %q", k, p.Kind, p.Text)
		}
		servicetest.CheckText(t, string(k), p.Text)
		if !strings.HasSuffix(p.Text, ".") || strings.ToUpper(p.Text[:1]) != p.Text[:1] {
			t.Errorf("%s: %q is not a sentence", k, p.Text)
		}
		if seen[p.Text] {
			t.Errorf("%s: %q says the same as another kind", k, p.Text)
		}
		seen[p.Text] = true
		// A bare error of the kind (no facts attached) reads well too.
		bare := svc.Explain(context.Background(), &bot.Error{Kind: k})
		if bare.Kind != k {
			t.Errorf("bare %s explains as %s", k, bare.Kind)
		}
		servicetest.CheckText(t, "bare "+string(k), bare.Text)
		switch k {
		case bot.KindInternal, bot.KindDamaged:
			if len(p.ErrorID) != 6 || !strings.Contains(p.Text, "error ID "+p.ErrorID) {
				t.Errorf("%s: %q does not show its error ID %q", k, p.Text, p.ErrorID)
			}
			if !strings.Contains(log.String(), "error_id="+p.ErrorID) || !strings.Contains(log.String(), "disk on fire") {
				t.Errorf("%s: the log lacks error %s with its cause:\n%s", k, p.ErrorID, log)
			}
		default:
			if p.ErrorID != "" {
				t.Errorf("%s has an error ID", k)
			}
		}
	}
	if p := svc.Explain(context.Background(), ex[bot.KindRule]); p.Code != "take.pile" || p.TopicID != "take" || p.Topic == nil ||
		p.Text != `That move is not allowed: only 3 pebbles are left, not "[zero-width space]9".` {
		t.Errorf("rule: %+v", p)
	}
	if p := svc.Explain(context.Background(), ex[bot.KindIncomplete]); p.Move != "take" || p.Choices == nil ||
		p.Text != `"take" is not a complete move. How many? It goes on with: 1, 3.` {
		t.Errorf("incomplete: %+v", p)
	}
	rv := &bot.RulesVersionError{Match: "m1", Game: "pebbles", Name: "Pebbles", Version: 3, Oldest: 1, Current: 2}
	if p := svc.Explain(context.Background(), fmt.Errorf("bot: load: %w", rv)); p.Text != "This match cannot be continued here: it was played under version 3 of the Pebbles rules, by a newer build, and this build plays versions 1 to 2. If the bot is being upgraded, try again in a few minutes; otherwise it can still be aborted. Other matches are not affected." {
		t.Errorf("rules version: %+v", p)
	}
	rv.Version, rv.Oldest = 1, 2
	if p := svc.Explain(context.Background(), rv); p.Text != "This match cannot be continued here: it was played under version 1 of the Pebbles rules, by an older build, and this build plays version 2. It can still be aborted; other matches are not affected." {
		t.Errorf("rules version of an older build: %+v", p)
	}
	if p := svc.Explain(context.Background(), ex[bot.KindInvalid]); !strings.Contains(p.Text, `"[zero-width space]yyy`) || !strings.Contains(p.Text, "…\"") {
		t.Errorf("invalid input is not echoed short and visible: %q", p.Text)
	}
	if p := svc.Explain(context.Background(), fmt.Errorf("x: %w", storage.ErrUnconfirmed)); !strings.Contains(p.Text, "could not confirm") || p.ErrorID != "" {
		t.Errorf("an unconfirmed commit explains as %+v, want it said as such", p)
	}
	// Errors from below the core are mapped, never shown.
	for err, want := range map[error]bot.Kind{
		engine.Rule("x.y", "", "no %q here", "a"):    bot.KindRule,
		engine.ErrIncompleteMove:                     bot.KindIncomplete,
		storage.ErrCorrupt:                           bot.KindDamaged,
		errors.New("engine: something unforeseen"):   bot.KindInternal,
		context.DeadlineExceeded:                     bot.KindBusy,
		fmt.Errorf("x: %w", storage.ErrUnconfirmed):  bot.KindBusy,
		&engine.RecordError{Line: 3, Msg: "no seed"}: bot.KindInvalid,
		&bot.RulesVersionError{Match: "m1", Game: "pebbles", Name: "Pebbles", Version: 3, Oldest: 1, Current: 2}: bot.KindRulesVersion,
	} {
		p := svc.Explain(context.Background(), err)
		if p.Kind != want {
			t.Errorf("%v explains as %s, want %s", err, p.Kind, want)
		}
		servicetest.CheckText(t, err.Error(), p.Text)
	}
}

func TestEcho(t *testing.T) {
	for in, want := range map[string]string{
		"loan":                    "loan",
		"\u200bloan":              "[zero-width space]loan",
		"a\tb\nc":                 "a b c",
		"x\x07":                   "x[control character U+0007]",
		"\u202eevil":              "[right-to-left override]evil",
		strings.Repeat("é", 41):   strings.Repeat("é", 40) + "…",
		strings.Repeat("é", 40):   strings.Repeat("é", 40),
		string([]byte{0xff, 'a'}): "[invalid character]a",
	} {
		if got := bot.Echo(in); got != want {
			t.Errorf("Echo(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestMoveProblems plays refused moves through the service and checks what
// a user is told.
func TestMoveProblems(t *testing.T) {
	ctx := context.Background()
	svc, _ := loggedService(t)
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, Seed: 7, Pins: map[string]string{"deck": "1,2,3,1,2,3,3,3,3"}})
	if err != nil {
		t.Fatal(err)
	}
	explain := func(err error) bot.Problem {
		t.Helper()
		if err == nil {
			t.Fatal("no error")
		}
		p := svc.Explain(ctx, err)
		servicetest.CheckText(t, p.Text, p.Text)
		return p
	}
	// A move in the lobby says who can start the match.
	_, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel("c"), UserID: alice.ID, Move: "take 1"})
	if p := explain(err); p.Kind != bot.KindNotStarted || !strings.Contains(p.Text, "Alice, who created it, can start it") {
		t.Errorf("move in the lobby: %+v", p)
	}
	if _, err := svc.Join(ctx, bot.ByID(m.ID), bob); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID); err != nil {
		t.Fatal(err)
	}
	submit := func(u bot.UserRef, move string) bot.Problem {
		t.Helper()
		_, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel("c"), UserID: u.ID, Move: move})
		return explain(err)
	}
	if p := submit(bob, "take 1"); p.Kind != bot.KindNotYourTurn || !strings.Contains(p.Text, "waiting for Alice") {
		t.Errorf("out of turn: %+v", p)
	}
	// An incomplete move lists the ways to go on.
	if p := submit(alice, "take"); p.Kind != bot.KindIncomplete || p.Move != "take" || p.Choices == nil || len(p.Choices.Next) == 0 ||
		!strings.Contains(p.Text, "How many?") || !strings.Contains(p.Text, p.Choices.Next[0].Token) {
		t.Errorf("incomplete: %+v", p)
	}
	// A broken rule comes with its help topic.
	if p := submit(alice, "pass"); p.Kind != bot.KindRule || p.Topic == nil || p.Topic.ID != "pass" {
		t.Errorf("rule: %+v", p)
	}
	// Echoes: invisible characters are dropped before parsing, long words
	// cut short, overlong input refused.
	if p := submit(alice, "\u200btake\u200b 9"); p.Kind != bot.KindRule || strings.Contains(p.Text, "zero-width") {
		t.Errorf("zero-width space: %+v", p)
	}
	word := strings.Repeat("w", 400)
	if p := submit(alice, word); p.Kind != bot.KindRule || !strings.Contains(p.Text, `"`+strings.Repeat("w", 40)+`…"`) || len(p.Text) > 200 {
		t.Errorf("a long word: %+v", p)
	}
	if p := submit(alice, strings.Repeat("w", 2000)); p.Kind != bot.KindTooLarge || !strings.Contains(p.Text, "at most 500 characters") {
		t.Errorf("a 2000-character move: %+v", p)
	}
	// The match is still as it was, and a clean move plays.
	if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel("c"), UserID: alice.ID, Move: "\u200btake 1"}); err != nil {
		t.Errorf("a move with a zero-width space: %v", err)
	}
	// After an abort: a move says it is over, Join says the match is over.
	if _, err := svc.Abort(ctx, bot.InChannel("c"), alice.ID, false); err != nil {
		t.Fatal(err)
	}
	if p := submit(bob, "take 1"); p.Kind != bot.KindNoMatch {
		t.Errorf("the channel after the abort: %+v", p)
	}
	_, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: bob.ID, Move: "take 1"})
	if p := explain(err); p.Kind != bot.KindFinished || !strings.Contains(p.Text, "aborted") {
		t.Errorf("move after the abort: %+v", p)
	}
}

// TestLobbyProblems: Join on a closed lobby says so; Start by another
// player names the creator.
func TestLobbyProblems(t *testing.T) {
	ctx := context.Background()
	svc, _ := loggedService(t)
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.ByID(m.ID), bob); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Start(ctx, bot.ByID(m.ID), bob.ID)
	if p := svc.Explain(ctx, err); p.Kind != bot.KindNotAllowed || p.Text != "Only Alice, who created this match, may do that." {
		t.Errorf("start by bob: %+v", p)
	}
	_, err = svc.Abort(ctx, bot.ByID(m.ID), bob.ID, false)
	if p := svc.Explain(ctx, err); p.Kind != bot.KindNotAllowed || p.Text != "Only Alice, who created this match, or a moderator may do that." {
		t.Errorf("abort by bob: %+v", p)
	}
	if _, err := svc.Abort(ctx, bot.ByID(m.ID), alice.ID, false); err != nil {
		t.Fatal(err)
	}
	for what, err := range map[string]error{
		"join":  func() error { _, err := svc.Join(ctx, bot.ByID(m.ID), carol); return err }(),
		"leave": func() error { _, err := svc.Leave(ctx, bot.ByID(m.ID), bob.ID); return err }(),
		"start": func() error { _, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID); return err }(),
	} {
		if p := svc.Explain(ctx, err); p.Kind != bot.KindLobbyClosed || !strings.Contains(p.Text, "closed") {
			t.Errorf("%s on a closed lobby: %+v", what, p)
		}
	}
	_, err = svc.CreateMatch(ctx, bot.CreateRequest{Channel: "d", Game: "pebbles", Creator: alice, Options: map[string]string{"pile": "zero"}})
	if p := svc.Explain(ctx, err); p.Kind != bot.KindInvalid || p.Text != `Option pile="zero" must be a number from 5 to 99.` {
		t.Errorf("bad option: %+v", p)
	}
	_, err = svc.CreateMatch(ctx, bot.CreateRequest{Channel: "d", Game: "chess", Creator: alice})
	if p := svc.Explain(ctx, err); p.Kind != bot.KindInvalid || p.Text != `There is no game "chess" here; the games are pebbles.` {
		t.Errorf("unknown game: %+v", p)
	}
}

// TestIncompleteBrassMoves: the typed moves players left unfinished are
// explained with the choices that continue them.
func TestIncompleteBrassMoves(t *testing.T) {
	ctx := context.Background()
	svc, _ := loggedService(t, brass.New())
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "b", Game: "brass", Creator: alice, Seed: 99})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []bot.UserRef{bob, carol} {
		if _, err := svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	user := o.Match.Seats[o.Match.Play.Active[0]].UserID
	for _, move := range []string{"loan 10", "loan", "build cotton", "build"} {
		_, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: user, Move: move})
		p := svc.Explain(ctx, err)
		servicetest.CheckText(t, move, p.Text)
		if p.Kind != bot.KindIncomplete || p.Move != move || p.Choices == nil || len(p.Choices.Next) == 0 {
			t.Errorf("%q: %+v", move, p)
			continue
		}
		if !strings.HasPrefix(p.Text, `"`+move+`" is not a complete move. `+p.Choices.Prompt) || !strings.Contains(p.Text, p.Choices.Next[0].Token) {
			t.Errorf("%q explains as %q", move, p.Text)
		}
	}
}
