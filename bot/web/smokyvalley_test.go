package web_test

import (
	"bytes"
	"fmt"
	"image/png"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
	smokyrender "github.com/smokestack/smokestack/render/smokyvalley"
)

// TestSmokyValleyThroughAPI plays the start of a 3-player Smoky Valley
// match through the playground API with no change to the playground: the
// game offered, a match created, an illegal move explained with its rule
// topic, moves built from the game's choices, the log, and both images.
func TestSmokyValleyThroughAPI(t *testing.T) {
	sr, err := smokyrender.New()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{
		Games:     engine.NewRegistry(smokyvalley.New()),
		Store:     servicetest.Store(t),
		Renderers: render.NewSet(sr),
	})
	if err != nil {
		t.Fatal(err)
	}
	h := web.New(svc, nil).AllowHosts("example.com")

	var games []struct {
		ID, Name string
		Min, Max int
		Score    engine.ScoreName
	}
	call(t, h, "GET", "/api/games", nil, 200, &games)
	if len(games) != 1 || games[0].ID != "smoky-valley" || games[0].Name != "The Smoky Valley" || games[0].Min != 2 || games[0].Max != 4 || games[0].Score.Name != "prestige" {
		t.Fatalf("games %+v", games)
	}

	type matchOut struct {
		ID      string
		Status  string
		Version int64
		Play    engine.Status
	}
	var created struct{ Match matchOut }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "smoky-valley", "seats": 3, "seed": 4}, 201, &created)
	m := created.Match
	base := "/api/matches/" + m.ID
	if m.Status != "active" || len(m.Play.Active) != 1 || !strings.Contains(m.Play.Phase, "Wood Depot") {
		t.Fatalf("created %+v", m)
	}

	// An illegal move names its rule's topic; nothing changes.
	var problem struct{ Kind, Error, Topic string }
	call(t, h, "POST", base+"/moves", map[string]any{"seat": m.Play.Active[0], "move": "depot nowhere", "version": m.Version}, 422, &problem)
	if problem.Error == "" || problem.Topic == "" {
		t.Errorf("illegal move: %+v", problem)
	}

	// Eight moves, each built token by token from the game's choices.
	for range 8 {
		seat := m.Play.Active[0]
		partial := ""
		for {
			var ch engine.Choices
			call(t, h, "GET", fmt.Sprintf("%s/choices?seat=%d&partial=%s", base, seat, url.QueryEscape(partial)), nil, 200, &ch)
			if ch.Complete {
				break
			}
			if len(ch.Next) == 0 {
				t.Fatalf("no way on from %q", partial)
			}
			partial = strings.TrimSpace(partial + " " + ch.Next[0].Token)
		}
		var out struct{ Match matchOut }
		call(t, h, "POST", base+"/moves", map[string]any{"seat": seat, "move": partial, "version": m.Version}, 200, &out)
		if out.Match.Version <= m.Version {
			t.Fatalf("move %q did not advance the match", partial)
		}
		m = out.Match
	}
	if !strings.HasPrefix(m.Play.Phase, "Development phase") || m.Play.RoundName.Text != "1840" {
		t.Errorf("phase after the set-up: %q in round %q, want the 1840 development phase", m.Play.Phase, m.Play.RoundName.Text)
	}

	// The log narrates the moves.
	var log []struct{ Move string }
	call(t, h, "GET", base+"/log", nil, 200, &log)
	if len(log) != 8 {
		t.Errorf("log has %d moves, want 8", len(log))
	}

	// Both images, for a seat and for a spectator, at their sizes.
	for _, seat := range []int{0, -1} {
		var imgs []struct{ Name, Title, URL string }
		call(t, h, "GET", fmt.Sprintf("%s/images?seat=%d", base, seat), nil, 200, &imgs)
		if len(imgs) != 2 || imgs[0].Name != "board.png" || imgs[1].Name != "players.png" {
			t.Fatalf("images %+v", imgs)
		}
		for i, im := range imgs {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("GET", im.URL, nil))
			img, err := png.Decode(bytes.NewReader(rec.Body.Bytes()))
			if rec.Code != 200 || err != nil {
				t.Fatalf("%s: %d %v", im.URL, rec.Code, err)
			}
			if want := []int{1240, 8 + 3*250 + 22}[i]; img.Bounds().Dx() != 1200 || img.Bounds().Dy() != want {
				t.Errorf("%s is %v, want 1200x%d", im.Name, img.Bounds(), want)
			}
		}
	}
}
