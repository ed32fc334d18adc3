package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	pebblesrender "github.com/smokestack/smokestack/render/testgame"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
	brassrender "github.com/smokestack/smokestack/render/brass"
)

// e2eGame is a game the browser tests play.
type e2eGame struct {
	game        string
	seats, seed int
	illegal     string // a move the first seat may not make at the start
}

var e2eGames = []e2eGame{
	{game: "brass", seats: 3, seed: 5, illegal: "rail bolton-bury card:bolton"},
	{game: "pebbles", seats: 2, seed: 5, illegal: "pass"},
}

// ruleError is the engine's refusal of the illegal move at the start.
func (tc e2eGame) ruleError(t *testing.T) *engine.RuleError {
	t.Helper()
	g, err := testGames.Get(tc.game)
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := g.Setup(engine.Setup{Seats: tc.seats, Seed: uint64(tc.seed)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := g.ParseMove(tc.illegal)
	if err == nil {
		_, _, err = g.Apply(st, g.Status(st).Active[0], m)
	}
	re, ok := engine.AsRule(err)
	if !ok {
		t.Fatalf("%s: %q is not a rule error at the start: %v", tc.game, tc.illegal, err)
	}
	return re
}

// ruleMessage is what a person is told of the illegal move at the start:
// the core's explanation of the engine's rule error.
func (tc e2eGame) ruleMessage(t *testing.T) string {
	t.Helper()
	return "That move is not allowed: " + tc.ruleError(t).Msg + "."
}

// ruleTopic is the help topic the refusal names.
func (tc e2eGame) ruleTopic(t *testing.T) engine.HelpTopic {
	t.Helper()
	g, _ := testGames.Get(tc.game)
	re := tc.ruleError(t)
	topic, ok := engine.FindTopic(g.Info().Help, re.Topic)
	if !ok {
		t.Fatalf("%s: the rule %s names no topic (%q)", tc.game, re.Code, re.Topic)
	}
	return topic
}

// optionHelp is a game's help text of an option.
func optionHelp(t *testing.T, game, key string) string {
	t.Helper()
	g, err := testGames.Get(game)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range g.Info().Options {
		if o.Key == key {
			return o.Help
		}
	}
	t.Fatalf("%s has no option %s", game, key)
	return ""
}

var testGames = engine.NewRegistry(testgame.Game{}, brass.New())

var testRenderers = sync.OnceValue(func() *render.Set {
	br, err := brassrender.New()
	if err != nil {
		panic(err)
	}
	return render.NewSet(pebblesrender.Pebbles{}, br)
})

func newPlayground(t testing.TB) *web.Server {
	t.Helper()
	// httptest.NewRequest names the host example.com.
	return web.New(newService(t, testGames, testRenderers()), nil).AllowHosts("example.com")
}

// newService is a service for games drawn by renderers, on a fresh store.
func newService(t testing.TB, games *engine.Registry, renderers *render.Set) *bot.Service {
	t.Helper()
	svc, err := bot.New(bot.Config{Games: games, Store: servicetest.Store(t), Renderers: renderers})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// importGameRecord imports a game's test record
// (engine/<game>/testdata/games/<name>) and returns the new match's ID.
func importGameRecord(t *testing.T, h http.Handler, game, name string) string {
	t.Helper()
	rec, err := os.ReadFile(filepath.Join("..", "..", "engine", game, "testdata", "games", name))
	if err != nil {
		t.Fatal(err)
	}
	var imported struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/import", map[string]string{"record": string(rec)}, 201, &imported)
	return imported.Match.ID
}

func call(t *testing.T, h http.Handler, method, path string, body any, want int, out any) {
	t.Helper()
	var rd bytes.Buffer
	if body != nil {
		json.NewEncoder(&rd).Encode(body)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(method, path, &rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	h.ServeHTTP(rec, req)
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
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("POST", "/api/matches", strings.NewReader(`{"game":"pebbles","seats":2}`)))
	if rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("a form post: %d", rec.Code)
	}
	var games []struct{ ID string }
	call(t, h, "GET", "/api/games", nil, 200, &games)
	if len(games) != 2 || games[0].ID != "brass" || games[1].ID != "pebbles" {
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
			Styles  []struct{ Letter, Colour, CSS string }
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 3, "seed": "9", "options": map[string]string{"pile": "30"}}, 201, &created)
	m := created.Match
	if m.Status != "active" || len(m.Seats) != 3 || len(m.Styles) != 3 {
		t.Fatalf("created %+v", m)
	}
	// Seats are styled as the board draws them.
	for i, y := range m.Styles {
		want := render.Seat(i)
		if y.Letter != want.Letter || y.Colour != want.Colour || y.CSS != fmt.Sprintf("#%02x%02x%02x", want.RGB.R, want.RGB.G, want.RGB.B) {
			t.Errorf("seat %d styled %+v, want %+v", i, y, want)
		}
	}
	if m.Styles[1].Colour != "sky blue" || m.Styles[1].Letter != "B" {
		t.Errorf("seat 2 is %+v, want B sky blue", m.Styles[1])
	}
	base := "/api/matches/" + m.ID
	var errOut struct{ Error, Kind, Code, Topic string }
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 1, "move": "take 1"}, 409, &errOut)
	if errOut.Kind != "not-your-turn" {
		t.Errorf("out of turn: %+v", errOut)
	}
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": "pass"}, 422, &errOut)
	if errOut.Kind != "rule" || errOut.Code != "pass.playable" || errOut.Topic != "pass" ||
		errOut.Error != "That move is not allowed: you may only pass when no card in your hand can be played." {
		t.Errorf("illegal: %+v", errOut)
	}
	// An incomplete move comes with the choices that continue it.
	var incomplete struct {
		Error, Kind, Move string
		Choices           engine.Choices
	}
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": "take"}, 422, &incomplete)
	if incomplete.Kind != "incomplete" || incomplete.Move != "take" || len(incomplete.Choices.Next) == 0 ||
		!strings.HasPrefix(incomplete.Error, `"take" is not a complete move. How many? It goes on with: `) {
		t.Errorf("incomplete: %+v", incomplete)
	}
	var sug []engine.Suggestion
	call(t, h, "GET", base+"/suggest?seat=0&q=take+", nil, 200, &sug)
	if len(sug) == 0 || !sug[0].Complete {
		t.Fatalf("suggestions %+v", sug)
	}
	var moved struct {
		Move    string
		Events  []engine.Event
		Match   struct{ Version int64 }
		NewTurn bool  `json:"new_turn"`
		Notify  []int `json:"notify"`
	}
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": sug[0].Text, "version": m.Version, "request_id": "x1"}, 200, &moved)
	if moved.Match.Version != m.Version+1 || len(moved.Events) == 0 {
		t.Errorf("moved %+v", moved)
	}
	if !moved.NewTurn || len(moved.Notify) != 1 || moved.Notify[0] != 1 {
		t.Errorf("after seat 1's move: new turn %v for %v, want seat 2's turn", moved.NewTurn, moved.Notify)
	}
	// The mover reads its own move in the second person.
	if e := moved.Events[0].Text; !strings.HasPrefix(e, "you take ") {
		t.Errorf("the move narrates %q to its mover, want \"you take\"", e)
	}
	// The same request again, as a client retries after a dropped
	// connection: a duplicate, answered with the move that was played.
	var again struct {
		Move      string
		Seat      int
		Duplicate bool
		Match     struct{ Version int64 }
	}
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": sug[0].Text, "version": m.Version, "request_id": "x1"}, 200, &again)
	if !again.Duplicate || again.Move != moved.Move || again.Move == "" || again.Seat != 0 || again.Match.Version != moved.Match.Version {
		t.Errorf("the retried move answered %+v, want a duplicate of move %q by seat 0 at version %d", again, moved.Move, moved.Match.Version)
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
	// The pictures: the public ones for the spectators, and a seat's own
	// besides for that seat, each fetched by its URL.
	var imgs []struct{ Name, Title, URL string }
	call(t, h, "GET", base+"/images?seat=-1", nil, 200, &imgs)
	if len(imgs) != 2 || imgs[0].Name != "board.png" || imgs[1].Name != "players.png" {
		t.Errorf("public images %+v", imgs)
	}
	call(t, h, "GET", base+"/images?seat=2", nil, 200, &imgs)
	if len(imgs) != 3 || imgs[2].Name != "hand.png" || imgs[2].Title != "Your hand" {
		t.Errorf("seat 3's images %+v", imgs)
	}
	for _, im := range imgs {
		rec = httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", im.URL, nil))
		if _, err := png.Decode(rec.Body); rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" || err != nil {
			t.Errorf("%s: %d %v", im.URL, rec.Code, err)
		}
	}
	call(t, h, "GET", base+"/images?seat=7", nil, 400, nil)
	call(t, h, "GET", base+"/images/nothing.png?seat=-1", nil, 400, nil)
	var log []struct{ Move string }
	call(t, h, "GET", base+"/log", nil, 200, &log)
	if len(log) != 1 {
		t.Errorf("log %+v", log)
	}
	var hist []bot.Turn
	call(t, h, "GET", base+"/history?seat=1", nil, 200, &hist)
	if len(hist) != 2 || len(hist[1].Events) == 0 {
		t.Fatalf("history %+v", hist)
	}
	if e := hist[1].Events[0].Text; !strings.HasPrefix(e, "Player 1 takes ") {
		t.Errorf("the history narrates %q, want the player's name", e)
	}
	var topics []engine.HelpTopic
	call(t, h, "GET", "/api/help?game=pebbles&q=take", nil, 200, &topics)
	if len(topics) == 0 {
		t.Error("no help")
	}
	call(t, h, "GET", "/api/matches/nope", nil, 404, nil)

	// Import a record and play on.
	record := "Game: pebbles\nRules: 1\nSeed: 3\nSeats: 2\nPlayers: Ann, Ben\nPin: deck=1,2,3,1,2,3,3,3,3\n\n1 s1 take 3\n2 s2 take 3\n"
	var imported struct {
		Match struct {
			ID    string
			Moves int64
			Seats []struct{ Name string }
		}
	}
	call(t, h, "POST", "/api/import", map[string]string{"record": record}, 201, &imported)
	if imported.Match.Moves != 2 || imported.Match.Seats[1].Name != "Ben" {
		t.Errorf("imported %+v", imported)
	}
	call(t, h, "POST", "/api/matches/"+imported.Match.ID+"/moves", map[string]any{"seat": 0, "move": "take 1"}, 200, nil)
	call(t, h, "POST", "/api/import", map[string]string{"record": strings.Replace(record, "2 s2 take 3", "2 s2 pass", 1)}, 400, &errOut)
	if errOut.Kind != "invalid" || !strings.Contains(errOut.Error, "line 9") || errOut.Code != "pass.playable" || errOut.Topic != "pass" {
		t.Errorf("bad import: %+v", errOut)
	}
}

// TestAPIListsSeedsAndLimits: the list of matches, seeds as text, the
// stated record limit, rules topics by ID and the record as a download.
func TestAPIListsSeedsAndLimits(t *testing.T) {
	h := newPlayground(t)
	var list []struct{ ID string }
	call(t, h, "GET", "/api/matches", nil, 200, &list)
	if len(list) != 0 {
		t.Fatalf("a new playground lists %+v", list)
	}
	type matchOut struct {
		ID, Seed string
		Seats    []struct{ Name string }
		Play     engine.Status
	}
	var a, b struct{ Match matchOut }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "18446744073709551615", "names": []string{" Ann  Lee ", ""}}, 201, &a)
	if a.Match.Seed != "18446744073709551615" || a.Match.Seats[0].Name != "Ann Lee" || a.Match.Seats[1].Name != "Player 2" {
		t.Errorf("created %+v", a.Match)
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "brass", "seats": 3, "seed": "0"}, 201, &b)
	if b.Match.Seed != "0" {
		t.Errorf("seed 0 became %q", b.Match.Seed)
	}
	// A JSON number is read from its digits, never through a float.
	var c struct{ Match matchOut }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": uint64(1<<64 - 1)}, 201, &c)
	if c.Match.Seed != "18446744073709551615" {
		t.Errorf("the largest seed as a number became %q", c.Match.Seed)
	}
	var bad bot.Problem
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": 1.5}, 400, &bad)
	if bad.Text != `A seed is a whole number from 0 to 18446744073709551615, and "1.5" is not.` {
		t.Errorf("seed 1.5: %+v", bad)
	}
	call(t, h, "GET", "/api/matches", nil, 200, &list)
	if len(list) != 3 || list[0].ID != c.Match.ID || list[1].ID != b.Match.ID || list[2].ID != a.Match.ID {
		t.Errorf("the list is %+v, want the brass match then the pebbles one", list)
	}
	var p bot.Problem
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "-1"}, 400, &p)
	if p.Kind != bot.KindInvalid || p.Text != `A seed is a whole number from 0 to 18446744073709551615, and "-1" is not.` {
		t.Errorf("a bad seed: %+v", p)
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "names": []string{strings.Repeat("n", 65)}}, 413, &p)
	if p.Kind != bot.KindTooLarge {
		t.Errorf("a long name: %+v", p)
	}
	var limits struct {
		RecordBytes    int    `json:"record_bytes"`
		RecordLimit    string `json:"record_limit"`
		RecordTooLarge string `json:"record_too_large"`
	}
	call(t, h, "GET", "/api/limits", nil, 200, &limits)
	if limits.RecordBytes != engine.MaxRecordSize || limits.RecordLimit != "16 MiB" || limits.RecordTooLarge != "That is too long: a match record has at most 16 MiB." {
		t.Errorf("limits %+v", limits)
	}
	// An oversize import: a short answer in the core's words, none of the
	// record repeated.
	for _, size := range []int{engine.MaxRecordSize + 1, 3 * engine.MaxRecordSize} {
		rec := httptest.NewRecorder()
		body := `{"record":"` + strings.Repeat("x", size) + `"}`
		req := httptest.NewRequest("POST", "/api/import", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		h.ServeHTTP(rec, req)
		if rec.Code != 413 || rec.Body.Len() > 300 || !strings.Contains(rec.Body.String(), "That is too long: a match record has at most 16") {
			t.Errorf("an import of %d bytes: %d %.300s", size, rec.Code, rec.Body)
		}
	}
	// A rules topic by the ID a refusal names.
	var topic engine.HelpTopic
	call(t, h, "GET", "/api/help/pass?game=pebbles", nil, 200, &topic)
	if topic.ID != "pass" || topic.Title != "Passing" {
		t.Errorf("topic %+v", topic)
	}
	call(t, h, "GET", "/api/help/nothing?game=pebbles", nil, 400, &p)
	call(t, h, "GET", "/api/help/pass?game=chess", nil, 400, &p)
	// The record downloads as a file.
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/matches/"+a.Match.ID+"/record", nil))
	if want := "attachment; filename=smokestack-pebbles-" + a.Match.ID + ".txt"; rec.Code != 200 || rec.Header().Get("Content-Disposition") != want ||
		!strings.Contains(rec.Body.String(), "Seed: 18446744073709551615\n") {
		t.Errorf("record: %d %q %s", rec.Code, rec.Header().Get("Content-Disposition"), rec.Body)
	}
}

// TestSecondGameThroughAPI is the done-criterion of a game-neutral
// playground: with Brass and Pebbles in the registry, both are offered as
// their Info describes them, and a Pebbles match is started, played to the
// end through the step-by-step choices, and refuses moves once over.
func TestSecondGameThroughAPI(t *testing.T) {
	h := newPlayground(t)
	var games []struct {
		ID, Name, Summary string
		Min, Max          int
		Score             engine.ScoreName
		Options           []engine.OptionSpec
	}
	call(t, h, "GET", "/api/games", nil, 200, &games)
	if len(games) != 2 || games[0].ID != "brass" || games[1].ID != "pebbles" {
		t.Fatalf("games %+v, want brass and pebbles", games)
	}
	for i, g := range []engine.Game{brass.New(), testgame.Game{}} {
		info := g.Info()
		if games[i].Name != info.Name || games[i].Summary != info.Summary || games[i].Min != info.MinSeats || games[i].Max != info.MaxSeats ||
			games[i].Score != info.Score || len(games[i].Options) != len(info.Options) {
			t.Errorf("game %s offered as %+v", info.ID, games[i])
		}
	}

	type matchOut struct {
		ID      string
		Status  string
		Version int64
		Score   engine.ScoreName
		Play    engine.Status
	}
	var created struct {
		Match   matchOut
		NewTurn bool  `json:"new_turn"`
		Notify  []int `json:"notify"`
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "3", "options": map[string]string{"pile": "7"}}, 201, &created)
	m := created.Match
	if m.Score.Name != "wins" || !created.NewTurn || len(created.Notify) != 1 || created.Notify[0] != m.Play.Active[0] {
		t.Fatalf("created %+v", created)
	}
	base := "/api/matches/" + m.ID
	var last struct {
		Match   matchOut
		NewTurn bool  `json:"new_turn"`
		Notify  []int `json:"notify"`
	}
	for moves := 0; m.Status == "active"; moves++ {
		if moves == 20 {
			t.Fatal("the match did not end in 20 moves")
		}
		seat := m.Play.Active[0]
		partial := ""
		for {
			var ch engine.Choices
			call(t, h, "GET", fmt.Sprintf("%s/choices?seat=%d&partial=%s", base, seat, url.QueryEscape(partial)), nil, 200, &ch)
			if ch.Complete {
				break
			}
			partial = strings.TrimSpace(partial + " " + ch.Next[0].Token)
		}
		call(t, h, "POST", base+"/moves", map[string]any{"seat": seat, "move": partial, "version": m.Version}, 200, &last)
		m = last.Match
		if !m.Play.Finished && (!last.NewTurn || len(last.Notify) != 1 || last.Notify[0] == seat) {
			t.Errorf("after seat %d's move: new turn %v for %v", seat+1, last.NewTurn, last.Notify)
		}
	}
	if m.Status != "finished" || !m.Play.Finished || len(m.Play.Ranking) != 2 || !last.NewTurn || len(last.Notify) != 0 {
		t.Fatalf("ended %+v (new turn %v, notify %v)", m, last.NewTurn, last.Notify)
	}
	winner := m.Play.Ranking[0]
	if m.Play.Seats[winner].Score != 1 {
		t.Errorf("the winner scores %d wins", m.Play.Seats[winner].Score)
	}
	var errOut struct{ Kind string }
	call(t, h, "POST", base+"/moves", map[string]any{"seat": 0, "move": "pass"}, 409, &errOut)
	if errOut.Kind != "finished" {
		t.Errorf("a move after the end: %+v", errOut)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", base+"/record", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "Game: pebbles") {
		t.Errorf("record: %d %s", rec.Code, rec.Body)
	}
}
