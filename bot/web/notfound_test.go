package web_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestUnknownMatch: every endpoint of a match answers 404 with the core's
// "not found" problem for an ID that names no match (the log endpoint
// once answered 500), and for an ID that could not be a match ID at all.
func TestUnknownMatch(t *testing.T) {
	h := newPlayground(t)
	for _, id := range []string{"0123456789abcdef", "no%20such%20match", "x"} {
		for _, path := range []string{"", "/log", "/history", "/record", "/images", "/hand?seat=1", "/choices?seat=1", "/suggest?seat=1&q=take"} {
			var p bot.Problem
			call(t, h, "GET", "/api/matches/"+id+path, nil, http.StatusNotFound, &p)
			if p.Kind != bot.KindNotFound || p.Text == "" {
				t.Errorf("GET %s%s: %+v, want the not-found problem", id, path, p)
			}
		}
		var p bot.Problem
		call(t, h, "POST", "/api/matches/"+id+"/moves", map[string]any{"seat": 1, "move": "take 1"}, http.StatusNotFound, &p)
		if p.Kind != bot.KindNotFound {
			t.Errorf("POST moves to %s: %+v", id, p)
		}
	}
}

// TestDamagedMatch: a match whose stored log lost entries (in a real
// Redis) is answered on every endpoint with the core's damage problem,
// the same text Discord shows (its ID and who can abort it), never as a
// missing match or a bare internal error.
func TestDamagedMatch(t *testing.T) {
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	prefix := storagetest.RedisPrefix(t)
	st := redisstore.New(srv.Client(), prefix, storage.Options{})
	t.Cleanup(func() { st.Close() })
	svc, err := bot.New(bot.Config{Games: testGames, Store: st, Renderers: testRenderers()})
	if err != nil {
		t.Fatal(err)
	}
	h := web.New(svc, nil).AllowHosts("example.com")
	var created struct {
		Match struct{ ID string } `json:"match"`
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": 9}, 201, &created)
	id := created.Match.ID
	raw := srv.Client()
	defer raw.Close()
	if err := raw.HSet(t.Context(), prefix+":{m:"+id+"}:match", "rec", "{").Err(); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"", "/log", "/history", "/record", "/images", "/hand?seat=1"} {
		var p bot.Problem
		call(t, h, "GET", "/api/matches/"+id+path, nil, http.StatusInternalServerError, &p)
		if p.Kind != bot.KindDamaged || p.MatchID != id || !strings.Contains(p.Text, id) || !strings.Contains(p.Text, "abort") {
			t.Errorf("GET %s: %+v; want the damage of match %s", path, p, id)
		}
	}
}
