package web_test

import (
	"net/http"
	"testing"

	"github.com/smokestack/smokestack/bot"
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
