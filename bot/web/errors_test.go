package web

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestProblemResponses: every kind of the core's error vocabulary reaches
// the page as JSON with the core's text under an HTTP status that fits
// the kind, never a Go error.
func TestProblemResponses(t *testing.T) {
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	s := New(svc, nil).AllowHosts("example.com") // httptest.NewRequest's host
	want := map[bot.Kind]int{
		bot.KindRule: 422, bot.KindIncomplete: 422, bot.KindNotYourTurn: 409, bot.KindNotSeated: 403,
		bot.KindNoMatch: 404, bot.KindNotFound: 404, bot.KindFinished: 409, bot.KindNotStarted: 409,
		bot.KindStale: 409, bot.KindRulesVersion: 409, bot.KindTooLarge: 413, bot.KindInvalid: 400,
		bot.KindBusy: 503, bot.KindLobbyFull: 409, bot.KindAlreadySeated: 409, bot.KindAlreadyStarted: 409,
		bot.KindLobbyClosed: 409, bot.KindChannelTaken: 409, bot.KindSeatCount: 400, bot.KindNotAllowed: 403,
		bot.KindNoHelp: 404, bot.KindNoBoard: 404, bot.KindDamaged: 500, bot.KindInternal: 500,
	}
	ex := servicetest.ErrorExamples()
	for _, k := range bot.Kinds {
		rec := httptest.NewRecorder()
		s.fail(rec, httptest.NewRequest("GET", "/api/matches/m1", nil), ex[k])
		var got bot.Problem
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
			t.Fatalf("%s: %v in %s", k, err, rec.Body)
		}
		if rec.Code != want[k] || got.Kind != k || rec.Header().Get("Content-Type") != "application/json" {
			t.Errorf("%s: %d %+v, want status %d", k, rec.Code, got, want[k])
		}
		servicetest.CheckText(t, string(k), got.Text)
		servicetest.CheckText(t, string(k)+" (whole body)", strings.ReplaceAll(rec.Body.String(), `\u0026`, "&"))
		exp := svc.Explain(t.Context(), ex[k])
		if k != bot.KindInternal && k != bot.KindDamaged && got.Text != exp.Text {
			t.Errorf("%s: %q, want the core's text %q", k, got.Text, exp.Text)
		}
		if (k == bot.KindInternal || k == bot.KindDamaged) && (len(got.ErrorID) != 6 || !strings.Contains(got.Text, got.ErrorID)) {
			t.Errorf("%s: no error ID in %+v", k, got)
		}
	}
	rec := httptest.NewRecorder()
	s.fail(rec, httptest.NewRequest("POST", "/api/matches/m1/moves", nil), ex[bot.KindIncomplete])
	var p bot.Problem
	json.Unmarshal(rec.Body.Bytes(), &p)
	if p.Move != "take" || p.Choices == nil || len(p.Choices.Next) != 2 {
		t.Errorf("incomplete without its choices: %s", rec.Body)
	}
	rec = httptest.NewRecorder()
	s.fail(rec, httptest.NewRequest("POST", "/api/matches/m1/moves", nil), ex[bot.KindRule])
	json.Unmarshal(rec.Body.Bytes(), &p)
	if p.Code != "take.pile" || p.TopicID != "take" || p.Topic == nil || p.Topic.Title != "Taking" {
		t.Errorf("rule without its help: %s", rec.Body)
	}
	// Bodies: not JSON, one JSON value with more after it (text, or a
	// second value, which would otherwise be dropped unseen), too large,
	// a form.
	for body, code := range map[string]int{
		`{"seat":`: 400,
		`{"seat":0,"move":"take 1"} this is not JSON {{{`:      400,
		`{"seat":0,"move":"take 1"}{"seat":0,"move":"take 2"}`: 400,
		`{"move":"` + strings.Repeat("x", 1<<17) + `"}`:        413,
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/matches/m1/moves", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		s.ServeHTTP(rec, req)
		if rec.Code != code {
			t.Errorf("body of %d bytes: %d %s, want %d", len(body), rec.Code, rec.Body, code)
		}
		servicetest.CheckText(t, "body", rec.Body.String())
	}
	// A body with trailing data creates nothing; trailing white space is
	// still one JSON value.
	for body, code := range map[string]int{
		`{"game":"pebbles","seats":2} this is not JSON {{{`: 400,
		"{\"game\":\"pebbles\",\"seats\":2}\r\n \n":         201,
	} {
		rec := httptest.NewRecorder()
		req := httptest.NewRequest("POST", "/api/matches", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		s.ServeHTTP(rec, req)
		if rec.Code != code {
			t.Errorf("create with %q: %d %s, want %d", body, rec.Code, rec.Body, code)
		}
	}
	rec = httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("POST", "/api/matches", strings.NewReader(`{}`)))
	if rec.Code != http.StatusUnsupportedMediaType || !strings.Contains(rec.Body.String(), "application/json") {
		t.Errorf("a form post: %d %s", rec.Code, rec.Body)
	}
}
