package web_test

import (
	"image/png"
	"net/http/httptest"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/engine/testgame"
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

// TestAPIImportFinished: a record of a game that is over imports as a
// finished match carrying its final result, as the results post on
// Discord ranks it (each seat's place, score and breakdown), with its
// score chart and its record (with the result); a match still being
// played carries none.
func TestAPIImportFinished(t *testing.T) {
	h := newPlayground(t)
	rec, err := playout.Playout(testgame.Game{}, playout.Config{Seats: []int{2}, Seed: 3, ReplayEvery: -1, ViewEvery: -1, OfferedEvery: -1}, 0)
	if err != nil {
		t.Fatal(err)
	}
	rec.Players = []string{"Ann", "Ben"}
	type result struct {
		Place, Seat, Score int
		Name               string
		Breakdown          []struct {
			Key, Label string
			Value      int
		}
	}
	var imp struct {
		Match struct {
			ID, Status string
			Moves      int
			Play       struct {
				Finished bool
				Ranking  []int
			}
			Results []result
		}
	}
	call(t, h, "POST", "/api/import", map[string]any{"record": string(rec.Format())}, 201, &imp)
	m := imp.Match
	if m.Status != "finished" || !m.Play.Finished || m.Moves != len(rec.Moves) || len(m.Results) != 2 || len(m.Play.Ranking) != 2 {
		t.Fatalf("imported: %+v", m)
	}
	win, other := m.Results[0], m.Results[1]
	if win.Place != 1 || win.Seat != m.Play.Ranking[0] || win.Score != 1 || len(win.Breakdown) != 1 || win.Breakdown[0].Label != "Last pebble taken" || win.Breakdown[0].Value != 1 ||
		win.Name != []string{"Ann", "Ben"}[win.Seat] {
		t.Errorf("the winner: %+v", win)
	}
	if other.Place != 2 || other.Seat != m.Play.Ranking[1] || other.Score != 0 || len(other.Breakdown) != 0 {
		t.Errorf("the other seat: %+v", other)
	}
	// Reading the match again gives the same result.
	var again struct{ Results []result }
	call(t, h, "GET", "/api/matches/"+m.ID, nil, 200, &again)
	if len(again.Results) != 2 || again.Results[0].Seat != win.Seat {
		t.Errorf("the match read again: %+v", again)
	}
	base := "/api/matches/" + m.ID
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", base+"/chart.png?v=1", nil))
	if cfg, err := png.DecodeConfig(w.Body); w.Code != 200 || err != nil || cfg.Width != 800 {
		t.Errorf("chart: %d %v", w.Code, err)
	}
	w = httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", base+"/record", nil))
	back, err := engine.ParseRecord(w.Body)
	if w.Code != 200 || err != nil || back.Result == "" || len(back.Moves) != len(rec.Moves) {
		t.Errorf("record: %d %+v %v", w.Code, back, err)
	}

	// A match still being played has no final result.
	var a struct {
		Match struct {
			ID      string
			Results []result
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "3"}, 201, &a)
	if a.Match.Results != nil {
		t.Errorf("a new match has results: %+v", a.Match.Results)
	}
}
