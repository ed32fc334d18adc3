package web_test

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
	smokyrender "github.com/smokestack/smokestack/render/smokyvalley"
	urbanrender "github.com/smokestack/smokestack/render/urbanization"
)

// The records of the move-shape test: Ann's next move in The Smoky
// Valley (rules version 4) may buy the Bank, whose city action follows in
// the card's move; in Urbanization she may buy grain.
const (
	cityActionRecord = "Game: smoky-valley\nRules: 4\nSeed: 7\nSeats: 2\nPlayers: Ann, Ben\nPin: first=1\nPin: cards-1840s=bank,waste-management,newspaper\n\n1 s2 depot stann\n2 s1 depot mccord\n3 s1 go mccord\n"
	grainRecord      = "Game: urbanization\nRules: 1\nSeed: 1\nSeats: 2\nPlayers: Ann, Ben\nPin: first=1\n\n1 s1 start t08 t03\n2 s2 start t10 t04\n3 s1 hire architect\n4 s2 hire millworker\n"
)

// TestNewMoveShapesInBrowser: in real Chromium, in English, German and
// French, the playground's move box builds The Smoky Valley's card with
// its city action (the card alone is not playable; the district actions
// and the decline, in the page's words) and Urbanization's grain bought
// from named sources (Play is offered right after the count, beside the
// sources, each with its price), and the log tells each move.
func TestNewMoveShapesInBrowser(t *testing.T) {
	sr, err := smokyrender.New()
	if err != nil {
		t.Fatal(err)
	}
	ur, err := urbanrender.New()
	if err != nil {
		t.Fatal(err)
	}
	sv, ub := smokyvalley.New(), urbanization.New()
	svc := newService(t, engine.NewRegistry(sv, ub), render.NewSet(sr, ur))
	srv := httptest.NewServer(web.New(svc, nil))
	defer srv.Close()
	b := browser(t)
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		t.Run(string(l), func(t *testing.T) {
			p := newPage(t, b, srv.URL, widths[0])
			p.do("choose "+l.Name(), chromedp.Navigate(srv.URL+"/api/games"), js(fmt.Sprintf(`document.cookie = "lang=%s; path=/"`, l)))
			tokens := `[...document.querySelectorAll("#choices button.choice")].map((b) => b.dataset.token).join(" ")`
			label := func(tok string) string {
				return p.str(fmt.Sprintf(`document.querySelector('#choices button.choice[data-token=%q] .label').innerText`, tok))
			}
			typed := func(text string) {
				t.Helper()
				p.typeKeys("#move", text)
				p.wait(fmt.Sprintf(`document.getElementById("choices").dataset.partial === %q`, strings.TrimSpace(text)))
			}
			pick := func(tok string) {
				t.Helper()
				move := p.str(`document.getElementById("move").value`)
				p.click(fmt.Sprintf(`#choices button.choice[data-token=%q]`, tok))
				p.wait(fmt.Sprintf(`document.getElementById("move").value === %q`, move+tok+" "))
				p.wait(choicesShown)
			}
			play := func() string {
				t.Helper()
				before := p.num(logLen)
				p.click("#play")
				p.wait(fmt.Sprintf(`%s > %d`, logLen, before))
				return p.shown("#log li.last")
			}
			checkEnglish := func(c *lang.Catalog, where string) {
				t.Helper()
				text := p.str(pageText)
				if en := append(english(l, text), c.EnglishIn(l, text)...); l != lang.English && len(en) > 0 {
					t.Errorf("%s: English in the %s page: %q", where, l.Name(), en)
				}
			}

			// The Smoky Valley: the card, then its city action or none.
			cat := sv.Info().Catalog
			p.importRecord(cityActionRecord)
			p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "0"`)
			typed("card bank ")
			if got, want := p.shown("#prompt"), cat.Text(l, "prompt.city-action", nil); got != want {
				t.Errorf("after the card the prompt reads %q, want %q", got, want)
			}
			if got := p.str(tokens); got != "build upgrade produce service trader none" {
				t.Errorf("the city action offers %q", got)
			}
			if got, want := label("none"), cat.Text(l, "choice.city-action-none", nil); got != want {
				t.Errorf("the decline reads %q, want %q", got, want)
			}
			if p.truth(`!document.getElementById("play").disabled`) {
				t.Errorf("the card alone may be played")
			}
			checkEnglish(cat, "city action")
			p.look("city-action-" + string(l))
			pick("none")
			if got, want := p.shown("#prompt"), bot.Say(l, "web.move.complete"); got != want || p.truth(`document.getElementById("play").disabled`) {
				t.Errorf("card bank none: the prompt reads %q (want %q), Play disabled %v", got, want, p.truth(`document.getElementById("play").disabled`))
			}
			got := play()
			own := cat.Text(l, "event.city-action-none-own", nil)
			third := cat.Text(l, "event.city-action-none", map[string]string{"Seat": "Ann"})
			if !strings.Contains(got, own) && !strings.Contains(got, third) {
				t.Errorf("the log tells %q, want %q", got, third)
			}
			checkEnglish(cat, "after the city action")

			// Urbanization: Play after the count, and the sources.
			cat = ub.Info().Catalog
			p.importRecord(grainRecord)
			p.wait(`document.querySelector('#seatbar button.on').dataset.seat === "0"`)
			typed("grain buy 2 ")
			prompt := cat.Text(l, "prompt.grain-cheapest", map[string]string{"n": "1", "of": "2"})
			if got, want := p.shown("#prompt"), bot.Say(l, "web.move.complete-more", "prompt", prompt); got != want || p.truth(`document.getElementById("play").disabled`) {
				t.Errorf("grain buy 2: the prompt reads %q (want %q), Play disabled %v", got, want, p.truth(`document.getElementById("play").disabled`))
			}
			if got := p.str(tokens); got != "barn1 barn2 barn3 barn4 field" {
				t.Errorf("after the count the sources are %q", got)
			}
			if got, want := label("barn2"), cat.Text(l, "choice.grain-from", map[string]string{"source": "barn2", "cost": "1"}); got != want {
				t.Errorf("barn 2 reads %q, want %q", got, want)
			}
			checkEnglish(cat, "grain sources")
			p.look("grain-sources-" + string(l))
			pick("barn2")
			if got, want := p.shown("#prompt"), cat.Text(l, "prompt.grain-from", map[string]string{"n": "2", "of": "2"}); got != want || !p.truth(`document.getElementById("play").disabled`) {
				t.Errorf("grain buy 2 barn2: the prompt reads %q (want %q), Play enabled %v", got, want, !p.truth(`document.getElementById("play").disabled`))
			}
			if got := p.str(tokens); got != "barn3 barn4 field" {
				t.Errorf("after barn 2 the sources are %q", got)
			}
			pick("field")
			got = play()
			own = cat.Text(l, "event.grain-buy-own", map[string]string{"grain": "2", "money": "4"})
			third = cat.Text(l, "event.grain-buy", map[string]string{"Seat": "Ann", "grain": "2", "money": "4"})
			if !strings.Contains(got, own) && !strings.Contains(got, third) {
				t.Errorf("the log tells %q, want %q", got, third)
			}
			checkEnglish(cat, "after the grain")
		})
	}
}
