package web_test

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
)

// fuzzEndpoints are the playground's POST endpoints; {id} is a match
// created for the fuzz run (a Brass one, whose notation is the richest).
var fuzzEndpoints = []string{"/api/matches", "/api/import", "/api/matches/{id}/moves"}

// apiSeeds are realistic bodies for the POST endpoints, good and bad.
var apiSeeds = []string{
	`{"game":"pebbles","seats":2,"seed":5,"options":{"pile":"30"}}`,
	`{"game":"brass","seats":3,"seed":5}`,
	`{"game":"brass","seats":99}`,
	`{"game":"","seats":-1,"options":{"":""}}`,
	`{"record":"# Smokestack match record\nGame: pebbles\nRules: 2\nSeed: 5\nSeats: 2\n\n1 s1 take 3\n"}`,
	`{"record":"\ufeffGame: brass\nRules: 1\nSeed: 1\nSeats: 3\n1 s1 loan 10 card:bolton\n"}`,
	`{"record":"Game: brass\nSeats: 999999999999\n"}`,
	`{"seat":1,"move":"loan 10 card:bolton","version":0}`,
	`{"seat":1,"move":"build cotton manchester card:manchester"}`,
	`{"seat":-5,"move":"","version":-1,"request_id":"r"}`,
	`{"seat":1e308,"move":["x"]}`,
	`{"seat":1,"move":"00000000000000000000>port::CoAl"}`,
	`[]`, `null`, `"x"`, `{`, ``,
}

// checkAPI posts body to an endpoint and checks the answer: never a
// server error for bad input, always the core's JSON problem (or a
// result) with a status that fits.
func checkAPI(t *testing.T, h http.Handler, path string, body []byte) {
	t.Helper()
	req := httptest.NewRequest("POST", path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code >= 500 && rec.Code != http.StatusServiceUnavailable {
		t.Fatalf("POST %s %q: %d %s", path, body, rec.Code, rec.Body)
	}
	var v any
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("POST %s %q: %d, not a JSON answer: %q", path, body, rec.Code, rec.Body)
	}
	if rec.Code >= 400 {
		var p bot.Problem
		json.Unmarshal(rec.Body.Bytes(), &p)
		if p.Kind == "" || p.Text == "" {
			t.Fatalf("POST %s %q: %d without the core's problem: %s", path, body, rec.Code, rec.Body)
		}
	}
}

// fuzzServer is a playground on a fresh store with one Brass match.
func fuzzServer(t testing.TB) (http.Handler, []string) {
	svc, err := bot.New(bot.Config{Games: testGames, Store: servicetest.Store(t), Renderers: testRenderers(),
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	h := web.New(svc, nil).AllowHosts("example.com")
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/matches", strings.NewReader(`{"game":"brass","seats":3,"seed":5}`))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	var created struct {
		Match struct{ ID string } `json:"match"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &created); err != nil || created.Match.ID == "" {
		t.Fatalf("create: %d %s", rec.Code, rec.Body)
	}
	paths := make([]string, len(fuzzEndpoints))
	for i, p := range fuzzEndpoints {
		paths[i] = strings.ReplaceAll(p, "{id}", created.Match.ID)
	}
	return h, paths
}

// FuzzPlaygroundAPI posts arbitrary JSON bodies to every POST endpoint of
// the playground: no input may panic it or get a 500. The seed corpus and
// TestPlaygroundAPIMutations run in every `go test`; see docs/testing.md
// for a longer run.
func FuzzPlaygroundAPI(f *testing.F) {
	for i, s := range apiSeeds {
		for e := range fuzzEndpoints {
			f.Add(uint8((i+e)%len(fuzzEndpoints)), []byte(s))
		}
	}
	h, paths := fuzzServer(f)
	f.Fuzz(func(t *testing.T, endpoint uint8, body []byte) {
		checkAPI(t, h, paths[int(endpoint)%len(paths)], body)
	})
}

// TestPlaygroundAPIMutations posts a fixed set of 600 mutations of the
// seed bodies (servicetest.Mutations, a fixed PRNG seed) to each POST
// endpoint: the bounded part of the fuzzing that runs in every test run.
func TestPlaygroundAPIMutations(t *testing.T) {
	h, paths := fuzzServer(t)
	seeds := make([][]byte, len(apiSeeds))
	for i, s := range apiSeeds {
		seeds[i] = []byte(s)
	}
	for i, body := range servicetest.Mutations(seeds, 600, 1) {
		checkAPI(t, h, paths[i%len(paths)], body)
	}
}
