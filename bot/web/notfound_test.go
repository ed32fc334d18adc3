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

// TestOtherFrontEndsMatch: a playground on a store it shares with the
// Discord bot does not show or play the bot's matches. Every endpoint of
// a Discord match answers as for a match that does not exist, as the
// clock always did; before, the hands were shown and moves were played in
// the Discord players' names.
func TestOtherFrontEndsMatch(t *testing.T) {
	svc := newService(t, testGames, testRenderers())
	h := web.New(svc, nil).AllowHosts("example.com")
	ctx := t.Context()
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "discord:200000000000000001", Game: "pebbles",
		Creator: bot.UserRef{ID: "discord:1", Name: "alice"}, MinSeats: 2, MaxSeats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.ByID(m.ID), bot.UserRef{ID: "discord:2", Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	started, err := svc.Start(ctx, bot.ByID(m.ID), "discord:1")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"", "/log", "/history", "/record", "/images", "/chart.png", "/hand?seat=1", "/hand?seat=2", "/choices?seat=1", "/suggest?seat=1&q=take"} {
		var p bot.Problem
		call(t, h, "GET", "/api/matches/"+m.ID+path, nil, http.StatusNotFound, &p)
		if p.Kind != bot.KindNotFound {
			t.Errorf("GET %s: %+v, want the not-found problem", path, p)
		}
	}
	posts := map[string]any{
		"/moves": map[string]any{"seat": 1, "move": "take 1"},
		"/undo":  map[string]any{"seat": 1},
		"/clock": map[string]any{"remind": "off"},
	}
	for path, body := range posts {
		var p bot.Problem
		call(t, h, "POST", "/api/matches/"+m.ID+path, body, http.StatusNotFound, &p)
		if p.Kind != bot.KindNotFound {
			t.Errorf("POST %s: %+v, want the not-found problem", path, p)
		}
	}
	after, err := svc.Get(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	if after.Version != started.Match.Version || after.Moves != 0 {
		t.Errorf("the Discord match changed: version %d, %d moves", after.Version, after.Moves)
	}
}
