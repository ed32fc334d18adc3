package web_test

import (
	"fmt"
	"image/png"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
	pebblesrender "github.com/smokestack/smokestack/render/testgame"
	urbanrender "github.com/smokestack/smokestack/render/urbanization"
)

// TestUrbanizationThroughAPI offers Urbanization beside Pebbles and plays
// the opening of a three-player match with the Inventions expansion
// through the playground's API, as the page does: the game and its options
// as Info describes them, every move built token by token from the
// step-by-step choices, the board image after each, a broken rule named
// with its help topic, and rules help found by keyword. The playground's
// code knows nothing of Urbanization.
func TestUrbanizationThroughAPI(t *testing.T) {
	h := urbanizationPlayground(t)

	var games []struct {
		ID, Name string
		Min, Max int
		Score    engine.ScoreName
		Options  []engine.OptionSpec
		Help     bool
	}
	call(t, h, "GET", "/api/games", nil, 200, &games)
	if len(games) != 2 || games[1].ID != "urbanization" {
		t.Fatalf("games %+v, want pebbles and urbanization", games)
	}
	if g := games[1]; g.Name != "Urbanization" || g.Min != 2 || g.Max != 4 || g.Score.Short != "VP" || !g.Help || len(g.Options) == 0 || g.Options[0].Key != "inventions" {
		t.Errorf("urbanization offered as %+v", g)
	}

	var created struct {
		Match struct {
			ID      string
			Version int64
			Status  string
			Options map[string]string
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "urbanization", "seats": 3, "seed": 4, "options": map[string]string{"inventions": "on"}}, 201, &created)
	if created.Match.Status != "active" || created.Match.Options["inventions"] != "on" {
		t.Fatalf("created %+v", created.Match)
	}
	base := "/api/matches/" + created.Match.ID

	type matchJSON struct {
		Version int64
		Moves   int64
		Play    *engine.Status
	}
	var errOut struct{ Error, Kind, Code, Topic string }
	const moves = 12
	for i := 0; i < moves; i++ {
		var m matchJSON
		call(t, h, "GET", base, nil, 200, &m)
		if m.Play == nil || m.Play.Finished || len(m.Play.Active) != 1 {
			t.Fatalf("move %d: %+v", i, m.Play)
		}
		seat := m.Play.Active[0]
		if i == 6 {
			// A move the rules refuse: a territory under a covering tile
			// (t24 with 3 players) cannot be bought. The state is unchanged.
			call(t, h, "POST", base+"/moves", map[string]any{"seat": seat, "move": "land t24", "version": m.Version}, 422, &errOut)
			if errOut.Kind != "rule" || errOut.Code != "territory.covered" || errOut.Topic == "" ||
				!strings.Contains(errOut.Error, "Territory 24 is under a covering tile") {
				t.Errorf("an illegal move: %+v", errOut)
			}
			var after matchJSON
			call(t, h, "GET", base, nil, 200, &after)
			if after.Version != m.Version {
				t.Errorf("the refused move changed the match: version %d -> %d", m.Version, after.Version)
			}
		}
		// Build the move from the choices, as the page's picker does,
		// preferring anything to passing.
		var toks []string
		for step := 0; ; step++ {
			if step > 30 {
				t.Fatalf("move %d never completes: %v", i, toks)
			}
			var ch engine.Choices
			call(t, h, "GET", base+"/choices?seat="+strconv.Itoa(seat)+"&partial="+strings.Join(toks, "+"), nil, 200, &ch)
			if ch.Complete && (len(ch.Next) == 0 || len(toks) > 1) {
				break
			}
			if len(ch.Next) == 0 {
				t.Fatalf("move %d: a dead end at %v", i, toks)
			}
			pick := ch.Next[0].Token
			if pick == "pass" && len(ch.Next) > 1 {
				pick = ch.Next[1].Token
			}
			toks = append(toks, pick)
		}
		var moved struct {
			Events []engine.Event
			Match  struct{ Version int64 }
		}
		call(t, h, "POST", base+"/moves", map[string]any{"seat": seat, "move": strings.Join(toks, " "), "version": m.Version}, 200, &moved)
		if moved.Match.Version != m.Version+1 || len(moved.Events) == 0 {
			t.Errorf("move %d %q: %+v", i, strings.Join(toks, " "), moved)
		}
	}

	var m matchJSON
	call(t, h, "GET", base, nil, 200, &m)
	// The phase says what happens now; the game turn is the round name's.
	if m.Moves != moves || !strings.HasPrefix(m.Play.Phase, "Action phase ") || m.Play.RoundName.Text != "Game turn 1 of 6" {
		t.Errorf("after %d moves: %d moves, phase %q, round %q", moves, m.Moves, m.Play.Phase, m.Play.RoundName.Text)
	}
	// The seats' figures are the game's typed stats.
	if st := m.Play.Seats[0].Stats; len(st) == 0 || st[0].Key != "money" || st[len(st)-1].Key != "inventions" {
		t.Errorf("seat 1's stats %+v", st)
	}

	// One picture, the board, the same for spectators and seats.
	for _, seat := range []string{"-1", "0"} {
		var imgs []struct{ Name, Title, URL string }
		call(t, h, "GET", base+"/images?seat="+seat, nil, 200, &imgs)
		if len(imgs) != 1 || imgs[0].Name != "board.png" {
			t.Fatalf("seat %s images %+v", seat, imgs)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", imgs[0].URL, nil))
		img, err := png.Decode(rec.Body)
		if rec.Code != 200 || err != nil || img.Bounds().Dx() != 1280 || img.Bounds().Dy() < 1000 {
			t.Errorf("%s: %d %v", imgs[0].URL, rec.Code, err)
		}
	}

	var topics []engine.HelpTopic
	call(t, h, "GET", "/api/help?game=urbanization&q=grain", nil, 200, &topics)
	if len(topics) == 0 {
		t.Error("no help on grain")
	}
	var log []struct{ Move string }
	call(t, h, "GET", base+"/log", nil, 200, &log)
	if len(log) != moves || !strings.HasPrefix(log[0].Move, "start ") {
		t.Errorf("log %+v", log)
	}
}

// TestTieBreakNamesTheSeats: a tie-break that names seats (Urbanization's
// newer factory) names them as the page does, in English too: the
// engine's English text says "seat 3", which no one at the table is
// called.
func TestTieBreakNamesTheSeats(t *testing.T) {
	h := urbanizationPlayground(t)
	id := importGameRecord(t, h, "urbanization", "greedy-3p.record")
	for l, want := range map[lang.Lang]string{
		lang.English: "%[3]s and %[1]s tie on 32 VP: %[3]s owns the newer factory (#12)",
		lang.German:  "%[3]s und %[1]s haben gleich viele Siegpunkte (32): %[3]s besitzt die neuere Fabrik (Nr. 12)",
		lang.French:  "%[3]s et %[1]s sont à égalité avec 32\u00a0points de victoire\u00a0: %[3]s possède l’usine la plus récente (nº 12)",
	} {
		var got struct {
			Play  engine.Status
			Seats []struct{ Name string }
		}
		getIn(t, h, "/api/matches/"+id, string(l), "", &got)
		if len(got.Seats) != 3 {
			t.Fatalf("%s: %d seats", l, len(got.Seats))
		}
		want = fmt.Sprintf(want, got.Seats[0].Name, got.Seats[1].Name, got.Seats[2].Name)
		if !got.Play.Finished || got.Play.TieBreak != want || strings.Contains(got.Play.TieBreak, "seat 3") {
			t.Errorf("%s: finished %v, tie-break %q, want %q", l, got.Play.Finished, got.Play.TieBreak, want)
		}
	}
}

// urbanizationPlayground is a playground offering Pebbles and
// Urbanization, drawn by their renderers, on a fresh store.
func urbanizationPlayground(t *testing.T) *web.Server {
	t.Helper()
	ur, err := urbanrender.New()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{
		Games:     engine.NewRegistry(testgame.Game{}, urbanization.New()),
		Store:     servicetest.Store(t),
		Renderers: render.NewSet(pebblesrender.Pebbles{}, ur),
	})
	if err != nil {
		t.Fatal(err)
	}
	return web.New(svc, nil).AllowHosts("example.com")
}
