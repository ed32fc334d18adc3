package web_test

import (
	"testing"
)

// TestAPIOpenMatches: /api/open lists the open matches as the core lists
// a player's (bot.OpenGames), the longest waiting first, with whom each
// waits for.
func TestAPIOpenMatches(t *testing.T) {
	h := newPlayground(t)
	var open []struct {
		ID, Name, Status, Since, Waited string
		Waiting                         []string
		Seat                            int
	}
	call(t, h, "GET", "/api/open", nil, 200, &open)
	if open == nil || len(open) != 0 {
		t.Fatalf("a new playground: %+v", open)
	}
	var a, b struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "3", "names": []string{"Ann", "Ben"}}, 201, &a)
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 3, "seed": "4", "names": []string{"Cy", "Di", "Ed"}}, 201, &b)
	call(t, h, "GET", "/api/open", nil, 200, &open)
	if len(open) != 2 || open[0].ID != a.Match.ID || open[1].ID != b.Match.ID {
		t.Fatalf("open matches: %+v", open)
	}
	g := open[0]
	if g.Name != "Pebbles (test game)" || g.Status != "active" || len(g.Waiting) != 1 || g.Waiting[0] != "Ann" || g.Seat != 1 || g.Waited != "less than a minute" || g.Since == "" {
		t.Errorf("match A: %+v", g)
	}
}
