package playground_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/smokestack/smokestack/bot/playground"
	"github.com/smokestack/smokestack/bot/service"
	"github.com/smokestack/smokestack/bot/service/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
)

// e2eGame is one game the browser test plays.
type e2eGame struct {
	game        string
	seats, seed int
	illegal     string // a move the first seat may not make at the start
	illegalMsg  string // the rule message it must show
	typedPrefix string // what the user types before picking suggestions
	helpQuery   string
}

var e2eGames = []e2eGame{
	{game: "pebbles", seats: 2, seed: 5, illegal: "pass", illegalMsg: "you may only pass when no card in your hand can be played", typedPrefix: "t", helpQuery: "pass"},
}

func newPlayground(t testing.TB) *playground.Server {
	t.Helper()
	svc, err := service.New(service.Config{
		Games:     engine.NewRegistry(testgame.Game{}),
		Store:     servicetest.NewMemory(),
		Renderers: render.NewSet(servicetest.Pebbles{}),
	})
	if err != nil {
		t.Fatal(err)
	}
	return playground.New(svc, nil)
}

func call(t *testing.T, h http.Handler, method, path string, body any, want int, out any) {
	t.Helper()
	var rd bytes.Buffer
	if body != nil {
		json.NewEncoder(&rd).Encode(body)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, &rd))
	if rec.Code != want {
		t.Fatalf("%s %s: %d %s, want %d", method, path, rec.Code, rec.Body, want)
	}
	if out != nil {
		if err := json.Unmarshal(rec.Body.Bytes(), out); err != nil {
			t.Fatalf("%s %s: %v", method, path, err)
		}
	}
}

func TestAPI(t *testing.T) {
	h := newPlayground(t)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if rec.Code != 200 || !bytes.Contains(rec.Body.Bytes(), []byte("app.js")) {
		t.Fatalf("index: %d", rec.Code)
	}
	var games []struct{ ID string }
	call(t, h, "GET", "/api/games", nil, 200, &games)
	if len(games) != 1 || games[0].ID != "pebbles" {
		t.Fatalf("games %+v", games)
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 9}, 400, nil)
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "options": map[string]string{"pile": "x"}}, 400, nil)
	var created struct {
		Match struct {
			ID      string
			Version int64
			Status  string
			Seats   []struct{ Name string }
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 3, "seed": 9, "options": map[string]string{"pile": "30"}}, 201, &created)
	m := created.Match
	if m.Status != "active" || len(m.Seats) != 3 {
		t.Fatalf("created %+v", m)
	}
	base := "/api/matches/" + m.ID
	var errOut struct{ Kind, Code, Topic string }
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 1, "move": "take 1"}, 409, &errOut)
	if errOut.Kind != "not-your-turn" {
		t.Errorf("out of turn: %+v", errOut)
	}
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": "pass"}, 422, &errOut)
	if errOut.Kind != "rule" || errOut.Code != "pass.playable" || errOut.Topic != "pass" {
		t.Errorf("illegal: %+v", errOut)
	}
	var sug []engine.Suggestion
	call(t, h, "GET", base+"/suggest?seat=0&q=take+", nil, 200, &sug)
	if len(sug) == 0 || !sug[0].Complete {
		t.Fatalf("suggestions %+v", sug)
	}
	var moved struct {
		Move   string
		Events []engine.Event
		Match  struct{ Version int64 }
	}
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": sug[0].Text, "version": m.Version, "request_id": "x1"}, 200, &moved)
	if moved.Match.Version != m.Version+1 || len(moved.Events) == 0 {
		t.Errorf("moved %+v", moved)
	}
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 1, "move": "take 1", "version": m.Version}, 409, &errOut)
	if errOut.Kind != "stale" {
		t.Errorf("stale: %+v", errOut)
	}
	var ch engine.Choices
	call(t, h, "GET", base+"/choices?seat=1&partial=", nil, 200, &ch)
	if len(ch.Next) == 0 {
		t.Errorf("choices %+v", ch)
	}
	var priv struct {
		Seat int
		View testgame.View
	}
	call(t, h, "GET", base+"/hand?seat=2", nil, 200, &priv)
	if priv.Seat != 2 || len(priv.View.Hand) != 3 {
		t.Errorf("hand %+v", priv)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", base+"/board.png?seat=-1", nil))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Errorf("board: %d %s", rec.Code, rec.Body)
	}
	call(t, h, "GET", base+"/board.png?seat=7", nil, 400, nil)
	var log []struct{ Move string }
	call(t, h, "GET", base+"/log", nil, 200, &log)
	if len(log) != 1 {
		t.Errorf("log %+v", log)
	}
	var topics []engine.HelpTopic
	call(t, h, "GET", "/api/help?game=pebbles&q=take", nil, 200, &topics)
	if len(topics) == 0 {
		t.Error("no help")
	}
	call(t, h, "GET", "/api/matches/nope", nil, 404, nil)
}
