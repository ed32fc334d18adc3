package bot_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
)

// TestImportInvitation: a record offered in a channel seats the users
// named, starts once each confirms, and reaches the record's position; a
// refusal closes the lobby; bad offers are refused with the reason.
func TestImportInvitation(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc := memoryService(t, &now)
	undoMatch(t, svc, ctx, alice, bob, carol)
	play(t, svc, ctx, alice, "take 2")
	play(t, svc, ctx, bob, "take 2")
	play(t, svc, ctx, carol, "pass")
	if _, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: carol.ID}); err != nil {
		t.Fatal(err)
	}
	orig, _ := svc.Get(ctx, bot.InChannel("c"))
	text, err := svc.Export(ctx, bot.InChannel("c"))
	if err != nil {
		t.Fatal(err)
	}
	dave := bot.UserRef{ID: "u:dave", Name: "Dave"}
	inv, err := svc.InviteImport(ctx, bot.ImportInvite{Channel: "d", Server: "discord:g", Record: text, By: dave, Users: []bot.UserRef{alice, bob, carol}})
	if err != nil {
		t.Fatal(err)
	}
	if inv.Started || inv.Moves != 2 || len(inv.Waiting) != 3 || inv.Match.Status != bot.StatusLobby || inv.Game != "Pebbles (test game)" {
		t.Fatalf("invitation: %+v", inv)
	}
	if _, err := svc.Join(ctx, bot.InChannel("d"), dave); err == nil {
		t.Error("dave joined an invitation")
	}
	if _, err := svc.Start(ctx, bot.InChannel("d"), alice.ID); err == nil {
		t.Error("alice started it before the others confirmed")
	}
	if _, err := svc.AnswerImport(ctx, bot.InChannel("d"), dave.ID, true); !errors.Is(err, bot.ErrNotAllowed) {
		t.Errorf("dave answers: %v", err)
	}
	for _, u := range []bot.UserRef{carol, alice} {
		inv, err = svc.AnswerImport(ctx, bot.InChannel("d"), u.ID, true)
		if err != nil || inv.Started {
			t.Fatalf("%s confirms: %+v %v", u.Name, inv, err)
		}
	}
	if len(inv.Waiting) != 1 || inv.Waiting[0] != 1 {
		t.Fatalf("waiting for %v, want bob's seat", inv.Waiting)
	}
	inv, err = svc.AnswerImport(ctx, bot.InChannel("d"), bob.ID, true)
	if err != nil || !inv.Started || inv.Match.Status != bot.StatusActive || inv.Match.Server != "discord:g" {
		t.Fatalf("bob confirms last: %+v %v", inv, err)
	}
	if views(t, inv.Match) != views(t, orig) {
		t.Errorf("the imported position differs:\n%s\n%s", views(t, inv.Match), views(t, orig))
	}

	// A refusal closes the lobby and frees the channel.
	if _, err := svc.InviteImport(ctx, bot.ImportInvite{Channel: "e", Record: text, By: alice, Users: []bot.UserRef{alice, bob, carol}}); err != nil {
		t.Fatal(err)
	}
	inv, err = svc.AnswerImport(ctx, bot.InChannel("e"), bob.ID, false)
	if err != nil || inv.Declined != "Bob" || inv.Match.Status != bot.StatusAborted {
		t.Fatalf("bob declines: %+v %v", inv, err)
	}
	if _, err := svc.Get(ctx, bot.InChannel("e")); !errors.Is(err, bot.ErrNoMatch) {
		t.Errorf("the channel is still taken: %v", err)
	}

	for name, req := range map[string]bot.ImportInvite{
		"two players for three seats": {Channel: "f", Record: text, By: alice, Users: []bot.UserRef{alice, bob}},
		"a player twice":              {Channel: "f", Record: text, By: alice, Users: []bot.UserRef{alice, bob, alice}},
		"a bad line":                  {Channel: "f", Record: text + "9 s1 take 9\n", By: alice, Users: []bot.UserRef{alice, bob, carol}},
	} {
		_, err := svc.InviteImport(ctx, req)
		var be *bot.Error
		if !errors.As(err, &be) || be.Kind != bot.KindInvalid || be.Detail == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := svc.Get(ctx, bot.InChannel("f")); !errors.Is(err, bot.ErrNoMatch) {
		t.Errorf("a refused offer took the channel: %v", err)
	}
}
