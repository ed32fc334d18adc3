package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
	pebblesrender "github.com/smokestack/smokestack/render/testgame"
)

// memoryService is a Pebbles service whose clock the test moves.
func memoryService(t *testing.T, now *time.Time) *bot.Service {
	t.Helper()
	n := 0
	svc, err := bot.New(bot.Config{
		Games:     engine.NewRegistry(testgame.Game{}),
		Store:     servicetest.Store(t),
		Renderers: render.NewSet(pebblesrender.Pebbles{}),
		Now:       func() time.Time { return *now },
		NewID: func() string {
			n++
			return "m" + string(rune('0'+n))
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// TestOpenGames: every open match a user sits in, across channels and
// servers, waiting on them first, each group longest waiting first;
// finished matches and other users' matches are left out.
func TestOpenGames(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc := memoryService(t, &now)
	open := func(channel, server string, creator bot.UserRef, others ...bot.UserRef) bot.Match {
		t.Helper()
		m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Server: server, Game: "pebbles", Creator: creator, Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		for _, u := range others {
			if _, err := svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
				t.Fatal(err)
			}
		}
		if len(others) > 0 {
			o, err := svc.Start(ctx, bot.ByID(m.ID), creator.ID)
			if err != nil {
				t.Fatal(err)
			}
			m = o.Match
		}
		now = now.Add(time.Hour)
		return m
	}
	a := open("discord:1", "discord:g1", alice, bob) // alice to move
	b := open("discord:2", "discord:g2", bob, alice) // bob to move
	c := open("discord:3", "discord:g1", alice)      // a lobby
	d := open("discord:4", "discord:g2", alice, bob) // alice to move, newer
	e := open("discord:5", "discord:g3", bob, carol) // not alice's
	_ = e
	// A finished match is not listed.
	f := open("discord:6", "", alice, bob)
	if _, err := svc.Resign(ctx, bot.ByID(f.ID), bob.ID); err != nil {
		t.Fatal(err)
	}
	list, err := svc.OpenGames(ctx, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range list {
		ids = append(ids, g.ID)
	}
	want := []string{a.ID, d.ID, b.ID, c.ID}
	if strings.Join(ids, " ") != strings.Join(want, " ") {
		t.Fatalf("alice's games %v, want %v", ids, want)
	}
	if !list[0].YourTurn || list[0].Server != "discord:g1" || list[0].Channel != "discord:1" || list[0].Game != "Pebbles (test game)" {
		t.Errorf("first entry %+v", list[0])
	}
	if got := list[0].Waited(now); got != 6*time.Hour {
		t.Errorf("waited %v, want 6h", got)
	}
	if list[2].YourTurn || strings.Join(list[2].Waiting, ",") != "Bob" {
		t.Errorf("bob's match: %+v", list[2])
	}
	if list[3].Status != bot.StatusLobby || strings.Join(list[3].Waiting, ",") != "Alice" {
		t.Errorf("lobby: %+v", list[3])
	}
	if list, _ := svc.OpenGames(ctx, "u:nobody"); list == nil || len(list) != 0 {
		t.Errorf("a user without matches: %v", list)
	}
}

// TestCatchUp: what happened since a seat's last move, with its own
// private events and never another seat's.
func TestCatchUp(t *testing.T) {
	ctx := context.Background()
	st := servicetest.Store(t)
	svc := newService(t, st)
	// Alice holds 1 2 3, Bob 1 2 3; the next cards are 3 3 3 2 ...
	started(t, ctx, svc, "c", "1,2,3,1,2,3,3,3,3,2,2,2,1,1,1")
	ref := bot.InChannel("c")
	c, err := svc.CatchUp(ctx, ref, bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Since != 0 || c.Moves != 0 || len(c.Turns) != 1 || c.Turns[0].Seq != 0 {
		t.Errorf("before any move: %+v", c)
	}
	for _, mv := range []struct {
		u    bot.UserRef
		move string
	}{{alice, "take 3"}, {bob, "take 1"}, {alice, "take 2"}, {bob, "take 2"}, {alice, "take 1"}} {
		if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: mv.u.ID, Move: mv.move}); err != nil {
			t.Fatalf("%s %s: %v", mv.u.Name, mv.move, err)
		}
	}
	c, err = svc.CatchUp(ctx, ref, bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Since != 4 || c.Moves != 1 || len(c.Turns) != 1 || c.Turns[0].Seq != 5 || c.Turns[0].Move != "take 1" {
		t.Fatalf("bob's catch-up: %+v", c)
	}
	var text []string
	for _, e := range c.Turns[0].Events {
		text = append(text, e.Text)
		if e.Audience != engine.Public && e.Audience != 1 {
			t.Errorf("bob sees another seat's private event %+v", e)
		}
	}
	if got := strings.Join(text, "; "); !strings.Contains(got, "Alice draws a card") || strings.Contains(got, "draw a") {
		t.Errorf("bob reads %q: want Alice's public draw and not her card", got)
	}
	if len(c.Private.Holding.Cards) == 0 {
		t.Errorf("bob's hand missing: %+v", c.Private.Holding)
	}
	// Alice's catch-up since her move 5: nothing yet.
	c, err = svc.CatchUp(ctx, ref, alice.ID)
	if err != nil || c.Since != 5 || c.Moves != 0 || len(c.Turns) != 0 {
		t.Errorf("alice's catch-up: %+v %v", c, err)
	}
	// Bob's own private draw after his move is his to read.
	if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: bob.ID, Move: "take 3"}); err != nil {
		t.Fatal(err)
	}
	c, err = svc.CatchUp(ctx, ref, alice.ID)
	if err != nil || c.Moves != 1 {
		t.Fatalf("alice after bob: %+v %v", c, err)
	}
	for _, e := range c.Turns[0].Events {
		if e.Audience == 1 {
			t.Errorf("alice sees bob's private event %+v", e)
		}
	}
	if _, err := svc.CatchUp(ctx, ref, carol.ID); err == nil {
		t.Error("carol has no seat and got a catch-up")
	}
}
