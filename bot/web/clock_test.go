package web_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
)

// TestWaits: the page gets each seat's turn clock from the same service
// call as Discord's /status: how long the seat to move has waited, and
// that a player is away.
func TestWaits(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	svc, err := bot.New(bot.Config{Games: testGames, Store: servicetest.Store(t), Renderers: testRenderers(), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	h := web.New(svc, nil).AllowHosts("example.com")
	var created struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "9"}, 201, &created)
	mu.Lock()
	now = now.Add(26 * time.Hour)
	mu.Unlock()
	// The second seat's player (the playground's hotseat user 2) is away.
	if _, err := svc.SetAway(context.Background(), "web:seat:2", clock().Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Play  struct{ Active []int }
		Waits []struct {
			Seat    int
			Text    string
			Waiting bool
		}
	}
	call(t, h, "GET", "/api/matches/"+created.Match.ID, nil, 200, &got)
	if len(got.Waits) != 2 || len(got.Play.Active) != 1 {
		t.Fatalf("waits %+v, active %v", got.Waits, got.Play.Active)
	}
	active := got.Play.Active[0]
	for _, w := range got.Waits {
		want := ""
		if w.Seat == active {
			want = "waiting 1 day 2 hours"
		}
		if w.Seat == 1 {
			if want != "" {
				want += ", "
			}
			want += "away until Thu 5 Mar 11:00 UTC"
		}
		if w.Text != want || w.Waiting != (w.Seat == active) {
			t.Errorf("seat %d: %+v, want %q", w.Seat, w, want)
		}
	}
}
