package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestLanguagesInBrowser plays the playground in German and in French at
// both widths: the language the browser asks for is the first visit's,
// the selector changes it and the choice is remembered across a reload
// and in a new tab; a Pebbles match played a few moves, its refusal, its
// rules search and its chart show no English sentence of the host's or
// Pebbles' catalogs, and no text overflows its box.
func TestLanguagesInBrowser(t *testing.T) {
	for _, wd := range widths {
		t.Run(wd.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(newPlayground(t))
			defer srv.Close()
			// One browser: its tabs share the cookie the selector sets.
			b := browser(t)
			t.Run("accept-language", func(t *testing.T) { testAcceptLanguage(t, newPage(t, b, srv.URL, wd)) })
			t.Run("query", func(t *testing.T) { testQueryLanguage(t, b, srv.URL, wd) })
			for _, l := range []lang.Lang{lang.German, lang.French} {
				t.Run(string(l), func(t *testing.T) { testLanguage(t, b, srv.URL, wd, l) })
			}
		})
	}
}

// english lists the English sentences of the host's, the engine's and
// Pebbles' catalogs in the page's text.
func english(l lang.Lang, text string) []string {
	var out []string
	for _, c := range []*lang.Catalog{bot.Catalog(), engine.Catalog(), testgame.Game{}.Info().Catalog} {
		out = append(out, c.EnglishIn(l, text)...)
	}
	return out
}

// pageText is everything the page shows as text, with the texts people
// read without seeing them as text: placeholders, tooltips, labels for
// screen readers, the images' alternatives. The import box's placeholder
// is left out: it is a sample of the match record, whose header is the
// canonical notation and stays English in every language (docs/i18n.md,
// "A record stays English").
const pageText = `document.body.innerText + "\n" + [...document.querySelectorAll("[placeholder]:not(#importtext), [title], [aria-label], img[alt]")].map((e) => [e.placeholder, e.title, e.getAttribute("aria-label"), e.alt].filter((x) => x).join("\n")).join("\n") + "\n" + document.title`

// overflowing lists the visible elements whose text does not fit their
// box, and the visible selects too narrow to show their chosen value (a
// select clips its text rather than overflowing: it is measured with the
// select's own font, leaving 20 pixels for its arrow and padding).
const overflowing = `(() => {
	const text = [...document.querySelectorAll("button, label, h2, summary, select, .seat, #status span, th, td, p, a")].filter((e) => e.checkVisibility() && getComputedStyle(e).overflowX !== "auto" && e.scrollWidth > e.clientWidth + 1);
	const ctx = document.createElement("canvas").getContext("2d");
	const clipped = [...document.querySelectorAll("select")].filter((s) => {
		if (!s.checkVisibility() || s.selectedIndex < 0) return false;
		ctx.font = getComputedStyle(s).font;
		return ctx.measureText(s.options[s.selectedIndex].text).width + 20 > s.clientWidth;
	});
	return text.map((e) => e.tagName + "#" + e.id + " " + JSON.stringify(e.innerText.slice(0, 40))).concat(clipped.map((s) => "SELECT " + s.name + " clips " + JSON.stringify(s.options[s.selectedIndex].text) + " at " + s.clientWidth + "px")).join(", ");
})()`

// checkLanguage asserts the page reads in l: no English sentence of the
// catalogs, nothing overflowing.
func checkLanguage(t *testing.T, p *page, l lang.Lang, where string) {
	t.Helper()
	if got := p.str(`document.documentElement.lang`); got != string(l) {
		t.Errorf("%s, %s: the page is in %q, want %q", p.wd.name, where, got, l)
	}
	if en := english(l, p.str(pageText)); len(en) > 0 {
		t.Errorf("%s, %s: English in the %s page: %q", p.wd.name, where, l.Name(), en)
	}
	if o := p.str(overflowing); o != "" {
		t.Errorf("%s, %s: text overflows its box: %s", p.wd.name, where, o)
	}
}

// acceptLanguage makes the tab's requests ask for languages.
func (p *page) acceptLanguage(header string) {
	p.t.Helper()
	if _, err := chromedp.Call(p.ctx, network.SetExtraHTTPHeaders, network.SetExtraHTTPHeadersParams{Headers: network.Headers{"Accept-Language": header}}); err != nil {
		p.t.Fatalf("Accept-Language %s: %v", header, err)
	}
}

// reloaded waits for expr on a page that is being loaded again: an
// evaluation the reload cuts off is tried again.
func (p *page) reloaded(expr string) {
	p.t.Helper()
	for try := 0; ; try++ {
		err := chromedp.Do(p.ctx, waitJS(expr))
		if err == nil {
			return
		}
		if try < 10 && (strings.Contains(err.Error(), "context") || strings.Contains(err.Error(), "Inspected target navigated")) {
			time.Sleep(200 * time.Millisecond)
			continue
		}
		p.t.Fatalf("%s: %v", p.wd.name, err)
	}
}

// testAcceptLanguage opens the page for a browser that asks for Swiss
// German first: German, the selector on German.
func testAcceptLanguage(t *testing.T, p *page) {
	p.acceptLanguage("de-CH,fr;q=0.8,en;q=0.5")
	p.start()
	if got := p.str(`document.getElementById("lang").value`); got != "de" {
		t.Errorf("%s: the selector shows %q for de-CH", p.wd.name, got)
	}
	if got := p.shown("#newpanel h2"); got != bot.Say(lang.German, "web.new.heading") {
		t.Errorf("%s: the new match panel is headed %q", p.wd.name, got)
	}
	if c := p.str(`document.cookie`); c != "" {
		t.Errorf("%s: a first visit set cookies %q", p.wd.name, c)
	}
	checkLanguage(t, p, lang.German, "start by Accept-Language")
	p.look("lang-accept-de")
}

// testQueryLanguage opens the page as ?lang=fr in an English browser with
// no choice remembered: what the script fetches from the API (here the
// game's summary) is French too, not the browser's English.
func testQueryLanguage(t *testing.T, b context.Context, base string, wd width) {
	p := newPage(t, b, base, wd)
	p.acceptLanguage("en-GB,en;q=0.9")
	p.do("forget the choice", chromedp.Navigate(base+"/api/games"), js(`document.cookie = "lang=; path=/; max-age=0"`))
	p.do("open ?lang=fr", chromedp.Navigate(base+"/?lang=fr"), waitJS(`document.querySelectorAll("#seats option").length > 0 && !document.getElementById("start").hidden`))
	game := p.str(`document.getElementById("game").value`)
	g, err := testGames.Get(game)
	if err != nil {
		t.Fatalf("%s: the form offers %q: %v", p.wd.name, game, err)
	}
	want := engine.WordsFor(g.Info(), lang.French, nil).Summary()
	if got := p.shown("#gamesummary"); got != want || want == engine.WordsFor(g.Info(), lang.English, nil).Summary() {
		t.Errorf("%s: ?lang=fr shows the summary %q, want the French %q", p.wd.name, got, want)
	}
	checkLanguage(t, p, lang.French, "start by ?lang=fr")
}

// testLanguage chooses l in the selector of an English page and plays
// Pebbles in it.
func testLanguage(t *testing.T, b context.Context, base string, wd width, l lang.Lang) {
	p := newPage(t, b, base, wd)
	p.acceptLanguage("en-GB,en;q=0.9")
	p.do("forget the choice", chromedp.Navigate(base+"/api/games"), js(`document.cookie = "lang=; path=/; max-age=0"`))
	p.start()
	if got := p.shown("#newpanel h2"); got != "New match" {
		t.Fatalf("%s: an English browser reads %q", p.wd.name, got)
	}
	// The selector, as a person uses it: the page comes back in l.
	p.do("choose "+l.Name(), js(fmt.Sprintf(`(() => { const s = document.getElementById("lang"); s.value = %q; s.dispatchEvent(new Event("change")); })()`, l)))
	p.reloaded(fmt.Sprintf(`document.documentElement.lang === %q && document.querySelectorAll("#seats option").length > 0`, l))
	if got := p.shown("#newpanel h2"); got != bot.Say(l, "web.new.heading") {
		t.Errorf("%s: after choosing %s the panel is headed %q", p.wd.name, l, got)
	}
	checkLanguage(t, p, l, "start")
	p.look("lang-" + string(l) + "-start")

	// A Pebbles match, the players unnamed: the server names them in l.
	p.create(matchForm{game: "pebbles", seats: 2, seed: "5"})
	if got, want := p.str(`document.querySelector('#seatbar button[data-seat="0"] .name').innerText`), bot.Say(l, "web.player", "n", "1"); got != want {
		t.Errorf("%s: seat 1 is named %q, want %q", p.wd.name, got, want)
	}
	for range 3 {
		p.playChoices()
	}
	// The seat bar's scores: on a phone with the short unit, so the seats
	// take fewer lines.
	short := p.str(`NUM.format(st.match.play.seats[0].score) + "\u00a0" + st.match.score.short`)
	long, shortShown := p.shown(`#seatbar button[data-seat="0"] .score`), p.shown(`#seatbar button[data-seat="0"] .score-short`)
	if p.wd.mobile && (shortShown != short || long != "") || !p.wd.mobile && (shortShown != "" || long == "") {
		t.Errorf("%s: seat 1's score reads %q (short %q)", p.wd.name, p.shown(`#seatbar button[data-seat="0"]`), short)
	}
	// The move builder's words: a prompt filtered by a typed fragment,
	// then a hint for an incomplete move.
	p.typeKeys("#move", "t")
	p.wait(fmt.Sprintf(`document.getElementById("prompt").innerText.includes(%q)`, bot.Say(l, "web.quoted", "text", "t")))
	checkLanguage(t, p, l, "typing")
	p.do("clear", js(`document.getElementById("clear").click()`))
	p.typeKeys("#move", "take\r")
	p.wait(`!document.getElementById("hint").hidden`)
	if got, want := p.shown("#hint"), bot.Say(l, "web.quoted", "text", "take"); !strings.HasPrefix(got, want) {
		t.Errorf("%s: the hint for an incomplete move reads %q", p.wd.name, got)
	}
	checkLanguage(t, p, l, "hint")
	// The rules in l, searched in l.
	p.do("clear", js(`document.getElementById("clear").click()`))
	topics := engine.NewHelpIndex(engine.WordsFor(testgame.Game{}.Info(), l, nil).Help()).Search("", 20)
	p.do("show the rules", js(`document.getElementById("helpform").requestSubmit()`))
	p.wait(fmt.Sprintf(`document.querySelectorAll("#helpres li").length === %d`, len(topics)))
	if got := p.str(`document.querySelector("#helpres summary b").innerText`); got != topics[0].Title {
		t.Errorf("%s: the first rule is %q, want %q", p.wd.name, got, topics[0].Title)
	}
	// The score chart, its axis in l.
	p.do("show the chart's summary", js(`document.querySelector("#chartbox summary").scrollIntoView({block: "center"})`))
	p.click("#chartbox summary")
	p.wait(`document.getElementById("chartbox").open && document.getElementById("chartimg").complete && document.getElementById("chartimg").naturalWidth === 800`)
	if src := p.str(`document.getElementById("chartimg").src`); !strings.Contains(src, "lang="+string(l)) {
		t.Errorf("%s: the chart %s is not asked for in %s", p.wd.name, src, l)
	}
	checkLanguage(t, p, l, "match")
	p.look("lang-" + string(l) + "-match")

	// Remembered: a reload and a new tab read l.
	p.do("reload", js(`window.beforeReload = true; location.reload()`))
	// (null-safe: the expression may run while the new document is still
	// being parsed)
	p.reloaded(`!window.beforeReload && document.readyState !== "loading" && document.getElementById("table") !== null && !document.getElementById("table").hidden && document.querySelectorAll("#log li").length > 3`)
	checkLanguage(t, p, l, "reloaded")
	q := newPage(t, b, base, wd)
	q.start()
	if got := q.str(`document.getElementById("lang").value`); got != string(l) {
		t.Errorf("%s: a new tab's selector shows %q, want %q", q.wd.name, got, l)
	}
	q.wait(`document.querySelectorAll("#matchlist li").length > 0`)
	checkLanguage(t, q, l, "new tab, list")
	// The last activity's tooltip is a date in l too.
	if got, want := q.str(`document.querySelector("#matchlist time").title`), q.str(`new Date(document.querySelector("#matchlist time").dateTime).toLocaleString(document.documentElement.lang)`); got != want {
		t.Errorf("%s: the last activity's tooltip reads %q, want %q", q.wd.name, got, want)
	}
	q.look("lang-" + string(l) + "-list")
}
