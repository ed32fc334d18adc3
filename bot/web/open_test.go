package web_test

import (
	"image/png"
	"net/http/httptest"
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

// TestAPIUndo: the playground takes the last move back for the seat that
// played it, the others agreeing at once (every seat plays at this
// screen); the history shows the undo; a seat that did not play the last
// move is refused.
func TestAPIUndo(t *testing.T) {
	h := newPlayground(t)
	var a struct {
		Match struct {
			ID    string
			Moves int
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "3", "names": []string{"Ann", "Ben"}}, 201, &a)
	base := "/api/matches/" + a.Match.ID
	var ch struct{ Next []struct{ Token string } }
	call(t, h, "GET", base+"/choices?seat=0&partial=take", nil, 200, &ch)
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": "take " + ch.Next[0].Token}, 200, nil)
	var errOut struct{ Kind, Error string }
	call(t, h, "POST", base+"/undo", map[string]any{"seat": 1}, 403, &errOut)
	if errOut.Kind != "not-allowed" || errOut.Error == "" {
		t.Errorf("ben takes back ann's move: %+v", errOut)
	}
	var u struct {
		Undone, Free bool
		Taken        string
		Notify       []int
		Match        struct{ Moves int }
	}
	call(t, h, "POST", base+"/undo", map[string]any{"seat": 0, "request_id": "r1"}, 200, &u)
	if !u.Undone || u.Free || u.Taken != "take "+ch.Next[0].Token || u.Match.Moves != 2 || len(u.Notify) != 1 || u.Notify[0] != 0 {
		t.Fatalf("undo: %+v", u)
	}
	var hist []struct {
		Seq  int
		Undo int
	}
	call(t, h, "GET", base+"/history?seat=0", nil, 200, &hist)
	if len(hist) != 3 || hist[2].Undo != 1 {
		t.Errorf("history: %+v", hist)
	}
}

// TestAPIChart: the score chart of a match, as a PNG the core draws.
func TestAPIChart(t *testing.T) {
	h := newPlayground(t)
	var a struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "3"}, 201, &a)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/matches/"+a.Match.ID+"/chart.png?v=1", nil))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("chart: %d %s", rec.Code, rec.Header())
	}
	cfg, err := png.DecodeConfig(rec.Body)
	if err != nil || cfg.Width != 800 || cfg.Height != 450 {
		t.Errorf("chart png %dx%d %v", cfg.Width, cfg.Height, err)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/matches/nosuch/chart.png", nil))
	if rec.Code != 404 {
		t.Errorf("chart of no match: %d", rec.Code)
	}
}
