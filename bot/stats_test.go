package bot_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
)

// flakyResults is a store whose AddResult fails while fail is set.
type flakyResults struct {
	storage.Store
	fail bool
}

func (f *flakyResults) AddResult(ctx context.Context, r storage.Result) error {
	if f.fail {
		return errors.New("disk full")
	}
	return f.Store.AddResult(ctx, r)
}

// TestStats: finished matches count per server and per player: games,
// wins, average and best score and time per turn; a result lost to a
// failed write is added when a player asks.
func TestStats(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	st := &flakyResults{Store: servicetest.Store(t)}
	n := 0
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: st, Now: func() time.Time { return now },
		NewID: func() string { n++; return "m" + string(rune('0'+n)) }})
	if err != nil {
		t.Fatal(err)
	}
	// Alice takes 2, then the second player takes the last 3 and wins.
	game := func(channel, server string, first, second bot.UserRef, wait time.Duration) {
		t.Helper()
		m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Server: server, Game: "pebbles", Creator: first,
			Pins: map[string]string{"deck": "2,3,1,3,2,3,3,3,3,3"}, Options: map[string]string{"pile": "5"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Join(ctx, bot.ByID(m.ID), second); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Start(ctx, bot.ByID(m.ID), first.ID); err != nil {
			t.Fatal(err)
		}
		now = now.Add(time.Hour)
		if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: first.ID, Move: "take 2"}); err != nil {
			t.Fatal(err)
		}
		now = now.Add(wait)
		o, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: second.ID, Move: "take 3"})
		if err != nil || !o.Match.Play.Finished {
			t.Fatalf("the game did not end: %v", err)
		}
	}
	game("c1", "discord:g1", alice, bob, 30*time.Minute)
	game("c2", "discord:g1", bob, alice, 10*time.Minute)
	st.fail = true
	game("c3", "discord:g2", carol, alice, 20*time.Minute) // its result is not kept at first
	st.fail = false

	gs, err := svc.Stats(ctx, bot.StatsRequest{Server: "discord:g1"})
	if err != nil {
		t.Fatal(err)
	}
	if len(gs) != 1 || gs[0].Game != "Pebbles (test game)" || gs[0].Matches != 2 || len(gs[0].Players) != 2 {
		t.Fatalf("server g1: %+v", gs)
	}
	for _, p := range gs[0].Players {
		if p.Played != 2 || p.Wins != 1 || p.Best != 1 || p.Average != 0.5 {
			t.Errorf("%s in g1: %+v", p.Name, p)
		}
	}
	if p := gs[0].Players[0]; p.Name == "Alice" && p.PerTurn != 10*time.Minute || p.Name == "Bob" && p.PerTurn != 30*time.Minute {
		t.Errorf("time per turn: %+v", gs[0].Players)
	}
	if gs, _ := svc.Stats(ctx, bot.StatsRequest{Server: "discord:g2"}); len(gs) != 0 {
		t.Errorf("server g2 before anyone asked: %+v", gs)
	}
	// Alice asks for her own: the lost result of c3 is added.
	gs, err = svc.Stats(ctx, bot.StatsRequest{UserID: alice.ID})
	if err != nil || len(gs) != 1 || gs[0].Matches != 3 || len(gs[0].Players) != 1 {
		t.Fatalf("alice: %+v %v", gs, err)
	}
	if p := gs[0].Players[0]; p.Played != 3 || p.Wins != 2 || p.PerTurn != 15*time.Minute {
		t.Errorf("alice everywhere: %+v", p)
	}
	if gs, _ := svc.Stats(ctx, bot.StatsRequest{Server: "discord:g2"}); len(gs) != 1 || gs[0].Matches != 1 {
		t.Errorf("server g2 after the backfill: %+v", gs)
	}
}
