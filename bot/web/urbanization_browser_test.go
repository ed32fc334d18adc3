package web_test

import (
	"bytes"
	"image/png"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
	pebblesrender "github.com/smokestack/smokestack/render/testgame"
	urbanrender "github.com/smokestack/smokestack/render/urbanization"
)

// TestUrbanizationPageInBrowser: in real Chromium, the playground's page
// offers Urbanization with its expansion option, starts a match with it
// and shows its board image, invention area included, at full size.
func TestUrbanizationPageInBrowser(t *testing.T) {
	ur, err := urbanrender.New()
	if err != nil {
		t.Fatal(err)
	}
	svc := newService(t, engine.NewRegistry(testgame.Game{}, urbanization.New()), render.NewSet(pebblesrender.Pebbles{}, ur))
	srv := httptest.NewServer(web.New(svc, nil))
	defer srv.Close()
	p := newPage(t, browser(t), srv.URL, widths[0])
	p.start()
	p.wait(`!!document.querySelector('#game option[value="urbanization"]')`)
	p.create(matchForm{game: "urbanization", seats: 3, option: [2]string{"inventions", "on"}})
	// 1280 wide; 1396 high with the invention area, so the option went
	// through.
	if size := p.str(`(() => { const b = document.getElementById("board"); return b.naturalWidth + "x" + b.naturalHeight; })()`); size != "1280x1396" {
		t.Errorf("the board is %s pixels, want 1280x1396 with the invention area", size)
	}
	res, body := get(t, p.str(`document.getElementById("board").src`))
	if _, err := png.Decode(bytes.NewReader(body)); res.StatusCode != 200 || err != nil {
		t.Errorf("the board image: %s, %v", res.Status, err)
	}
	if status := p.shown("#status"); !strings.Contains(status, "To move: ") {
		t.Errorf("the status reads %q", status)
	}
	// The status bar names the game turn as the game does, with its stage.
	if got := p.shown("#status #round"); got != "Game turn 1 of 6, preparation" {
		t.Errorf("the status bar names the round %q", got)
	}
	// The work orders' colour letters are explained under the standings.
	if got := p.shown("#statnotes"); got != "Work orders: W white, G grey, O orange" {
		t.Errorf("the standings' note reads %q", got)
	}
	// Nothing is private in Urbanization (Info.PrivateInfo false): no hand
	// panel, for a player or a spectator, as on Discord.
	for _, seat := range []string{"0", "-1"} {
		p.click(`#seatbar button[data-seat="` + seat + `"]`)
		p.wait(`document.getElementById("images").dataset.seat === "` + seat + `"`)
		if p.visible("#handpanel") || strings.Contains(p.shown("#table"), "No cards in hand") {
			t.Errorf("seat %s: a hand panel shows in a game without private information: %q", seat, p.shown("#handpanel"))
		}
	}
	p.look("urbanization")
}
