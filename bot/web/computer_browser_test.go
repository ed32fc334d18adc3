package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
)

// TestComputersInBrowser: a match of three computers, set up on the start
// form, is a demo watched in Chromium: the page asks for the match again
// when a computer's move is due, the server makes it then (once), and the
// page follows move by move to the results. A person cannot move for a
// computer's seat.
func TestComputersInBrowser(t *testing.T) {
	svc, err := bot.New(bot.Config{Games: testGames, Store: servicetest.Store(t), Renderers: testRenderers(),
		ComputerDelay: 150 * time.Millisecond, ComputerIterations: 20})
	if err != nil {
		t.Fatal(err)
	}
	h := web.New(svc, nil).AllowHosts("example.com")
	srv := httptest.NewServer(h)
	defer srv.Close()
	wd := widths[0]
	p := newPage(t, browser(t), srv.URL, wd)
	p.start()
	p.do("fill the form", js(`(() => {
		const g = document.getElementById("game"); g.value = "pebbles"; g.onchange();
		const s = document.getElementById("seats"); s.value = "3"; s.onchange();
		document.getElementById("seed").value = "4";
		document.querySelector('#options [data-key="pile"]').value = "12";
		const levels = ["easy", "normal", "strong"];
		document.querySelectorAll("#players select").forEach((sel, i) => { sel.value = levels[i]; });
	})()`))
	if got := p.str(`[...document.querySelectorAll("#players select")].map((s) => s.value + ":" + s.options.length).join(" ")`); got != "easy:4 normal:4 strong:4" {
		t.Fatalf("the seats' players: %q", got)
	}
	p.click("#create")
	p.wait(`!document.getElementById("table").hidden && !!document.getElementById("board")`)
	id := p.matchID()
	if got := p.shown("#seatbar"); !strings.Contains(got, "Computer (easy)") || !strings.Contains(got, "Computer (normal)") || !strings.Contains(got, "Computer (strong)") {
		t.Errorf("the seat bar: %q", got)
	}
	p.look("computers-start")
	// A few moves in: the page follows without being touched.
	p.wait(`document.querySelectorAll("#log li").length >= 3`)
	p.look("computers-playing")
	p.wait(`!document.getElementById("resultspanel").hidden`)
	p.look("computers-finished")

	ctx := context.Background()
	m, err := svc.Get(ctx, bot.ByID(id))
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != bot.StatusFinished {
		t.Fatalf("the demo ended %s", m.Status)
	}
	log, err := svc.Log(ctx, bot.ByID(id), 0)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(log)) != m.Moves {
		t.Errorf("%d moves logged for %d made", len(log), m.Moves)
	}
	if got := p.num(`document.querySelectorAll("#log li").length`); got < int(m.Moves) {
		t.Errorf("the page's log shows %d entries for %d moves", got, m.Moves)
	}
	// The list shows it, as every match (seat 1's user has the computer's seat).
	p.start()
	p.wait(`document.querySelectorAll("#matchlist .entry").length === 1`)

	// A computer's seat takes no move from the page's user.
	var created struct {
		Match struct {
			ID   string
			Play struct{ Active []int }
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "3", "players": []string{"person", "strong"}}, 201, &created)
	m, _ = svc.Get(ctx, bot.ByID(created.Match.ID))
	var moved map[string]any
	call(t, h, "POST", "/api/matches/"+created.Match.ID+"/moves", map[string]any{"seat": 1, "move": "pass"}, 400, &moved)
	if got, _ := moved["error"].(string); !strings.Contains(got, "Computer (strong) plays seat 2") {
		t.Errorf("a move for the computer's seat: %v", moved)
	}
	if cur, _ := svc.Get(ctx, bot.ByID(m.ID)); cur.Version != m.Version {
		t.Error("a refused move changed the match")
	}
	// Against a computer, the last move standing is mostly the
	// computer's: no one can take it back, and the page does not offer to.
	p.do("open the match against the computer", chromedp.Navigate(srv.URL+"/?match="+created.Match.ID+"&seat=1"),
		waitJS(`!!document.getElementById("board") && document.querySelectorAll("#log li").length > 0`))
	p.wait(`document.querySelector('#seatbar button.active[data-seat="0"]') !== null && !document.getElementById("moveform").hidden`)
	moves := p.playChoices()
	p.wait(fmt.Sprintf(`document.querySelectorAll("#log li").length > %d && document.querySelector("#log li.last .head").innerText.includes("Computer (strong)")`, moves))
	if p.visible("#undobtn") {
		t.Errorf("the page offers to take back the computer's move: %q", p.shown("#log li.last"))
	}
	p.look("computer-moved-last")
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "players": []string{"person", "grandmaster"}}, 400, &moved)
	if got, _ := moved["error"].(string); !strings.Contains(got, "the levels are easy, normal, strong") {
		t.Errorf("an unknown level: %v", moved)
	}
}
