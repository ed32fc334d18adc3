package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/smokestack/smokestack/engine/lang"
)

// TestTurnClockInBrowser: what a person sees of the playground's turn
// clock, which has no one to ping: the standings say the seat to move was
// reminded, the status bar warns that the match is about to end as
// abandoned, and then says it has, in the match and in the list. The
// service runs on a fake clock and the test runs the scheduler's pass
// (Server.FireDue) as the server's own loop would.
func TestTurnClockInBrowser(t *testing.T) {
	for _, wd := range widths {
		t.Run(wd.name, func(t *testing.T) {
			t.Parallel()
			h, clock := clockPlayground(t)
			srv := httptest.NewServer(h)
			defer srv.Close()
			p := newPage(t, browser(t), srv.URL, wd)
			fire := func(d time.Duration) {
				t.Helper()
				clock.Advance(d)
				if _, err := h.FireDue(context.Background()); err != nil {
					t.Fatal(err)
				}
			}
			reload := func(id string) {
				t.Helper()
				p.do("open the match", chromedp.Navigate(srv.URL+"/?match="+id), waitJS(`!document.getElementById("table").hidden && document.querySelectorAll("#standings tbody tr").length === 2`))
			}
			waits := `[...document.querySelectorAll("#standings tbody tr")].map((r) => ((r.querySelector(".wait") || {}).textContent || "")).join("|")`

			p.start()
			id := p.create(matchForm{game: "pebbles", seats: 2, seed: "9", names: "Ann, Ben", option: [2]string{"pile", "40"}})
			if p.visible("#notice") {
				t.Errorf("%s: a new match shows a notice: %q", wd.name, p.shown("#notice"))
			}
			fire(25 * time.Hour)
			reload(id)
			if got := p.str(waits); !strings.Contains(got, "waiting 1 day 1 hour, reminded once") {
				t.Errorf("%s: after a due reminder the standings say %q", wd.name, got)
			}
			for range 26 {
				fire(24 * time.Hour)
			}
			reload(id)
			// (The passes fall at 10:00, an hour after the warning's
			// time: the end is the full 3 days after the warning.)
			notice := p.shown("#notice")
			if notice != "No move for 3 weeks 6 days: this match ends as abandoned on Wed 1 Apr 10:00 UTC unless someone moves." {
				t.Errorf("%s: the warning reads %q", wd.name, notice)
			}
			if got := p.str(waits); !strings.Contains(got, "reminded 27 times") {
				t.Errorf("%s: day 27: the standings say %q", wd.name, got)
			}
			// The warning is in the status bar, which stays in view.
			if top := p.num(`Math.round(document.getElementById("notice").getBoundingClientRect().bottom - document.getElementById("status").getBoundingClientRect().bottom)`); top > 0 {
				t.Errorf("%s: the warning sticks out of the status bar by %dpx", wd.name, top)
			}
			p.look("abandon-warning")

			fire(4 * 24 * time.Hour)
			reload(id)
			if got := p.shown("#notice"); got != "Ended as abandoned: nobody moved for 4 weeks 2 days. The match is kept: its record can still be downloaded." {
				t.Errorf("%s: the end reads %q", wd.name, got)
			}
			if got := p.shown("#tomove"); got != "This match ended as abandoned." {
				t.Errorf("%s: the status says %q", wd.name, got)
			}
			if got := p.shown("#prompt"); got != "The match ended as abandoned; nothing more can be played." {
				t.Errorf("%s: the move box says %q", wd.name, got)
			}
			if got := p.shown("#seatbar"); strings.Contains(got, "to move") {
				t.Errorf("%s: the seats of an abandoned match say %q", wd.name, got)
			}
			if p.visible("#moveform") {
				t.Errorf("%s: the move form is offered in an abandoned match", wd.name)
			}
			p.look("abandoned")
			p.start()
			p.wait(`document.querySelectorAll("#matchlist .entry").length === 1`)
			if got := p.shown("#matchlist .entry .state"); !strings.HasPrefix(got, "Abandoned · 0 moves") {
				t.Errorf("%s: the list says %q", wd.name, got)
			}
			p.look("list-abandoned")
		})
	}
}

// TestClockFormInBrowser: what a person sees of the turn clock's settings
// form: the match's settings in the core's words, a refusal in the same
// words as Discord's /clock, a saved change (kept after a reload, and the
// interval the scheduler then keeps), and no form on an ended match.
func TestClockFormInBrowser(t *testing.T) {
	for _, wd := range widths {
		t.Run(wd.name, func(t *testing.T) {
			t.Parallel()
			h, clock := clockPlayground(t)
			srv := httptest.NewServer(h)
			defer srv.Close()
			p := newPage(t, browser(t), srv.URL, wd)
			p.start()
			id := p.create(matchForm{game: "pebbles", seats: 2, seed: "9", names: "Ann, Ben", option: [2]string{"pile", "40"}})
			if got := p.shown("#clocktext"); got != "This match: a reminder to whoever must move every 1 day (never while they are away or in their quiet hours); no turn deadline." {
				t.Errorf("%s: the clock panel says %q", wd.name, got)
			}
			if got := p.str(`[clockremind.value, clockdeadline.value, clockat.value, clockat.querySelector("option[value=replace]").disabled].join("|")`); got != "1d|off|remind|true" {
				t.Errorf("%s: the form holds %q", wd.name, got)
			}
			p.look("clock-form")

			p.retype("#clockremind", "5m")
			p.click("#clocksave")
			p.wait(`!document.getElementById("clockerror").hidden`)
			if got := p.shown("#clockerror"); got != "A reminder interval is from 1 hour to 2 weeks, or off; 5 minutes is not." {
				t.Errorf("%s: the refusal reads %q", wd.name, got)
			}
			p.look("clock-refused")

			p.retype("#clockremind", "12h")
			p.retype("#clockdeadline", "3d")
			p.click("#clocksave")
			p.wait(`document.getElementById("clocktext").textContent.startsWith("Saved.")`)
			if got := p.shown("#clocktext"); got != "Saved. This match: a reminder to whoever must move every 12 hours (never while they are away or in their quiet hours); a turn deadline of 3 days, when the player is reminded once more." {
				t.Errorf("%s: after saving the panel says %q", wd.name, got)
			}
			if p.visible("#clockerror") {
				t.Errorf("%s: the refusal stays after a saved change: %q", wd.name, p.shown("#clockerror"))
			}
			p.look("clock-saved")

			clock.Advance(12 * time.Hour)
			if _, err := h.FireDue(context.Background()); err != nil {
				t.Fatal(err)
			}
			p.do("open the match", chromedp.Navigate(srv.URL+"/?match="+id), waitJS(`!document.getElementById("table").hidden && document.getElementById("clockremind").value !== ""`))
			if got := p.str(`[clockremind.value, clockdeadline.value].join("|")`); got != "12h|3d" {
				t.Errorf("%s: after a reload the form holds %q", wd.name, got)
			}
			if got := p.str(`[...document.querySelectorAll("#standings .wait")].map((e) => e.textContent).join("|")`); !strings.Contains(got, "waiting 12 hours, reminded once") {
				t.Errorf("%s: 12 hours on the standings say %q", wd.name, got)
			}

			// An ended match shows what it had, with no form.
			clock.Advance(40 * 24 * time.Hour)
			for range 2 { // the warning, then 3 days on, the end
				if _, err := h.FireDue(context.Background()); err != nil {
					t.Fatal(err)
				}
				clock.Advance(3 * 24 * time.Hour)
			}
			p.do("open the match", chromedp.Navigate(srv.URL+"/?match="+id), waitJS(`!document.getElementById("table").hidden && document.getElementById("clocktext").textContent !== ""`))
			if got := p.shown("#clocktext"); !strings.HasPrefix(got, "This match had: a reminder to whoever must move every 12 hours") || p.visible("#clockform") {
				t.Errorf("%s: an ended match's clock panel says %q (form shown: %v)", wd.name, got, p.visible("#clockform"))
			}
			p.look("clock-ended")
		})
	}
}

// TestClockFormInReadersUnits: the clock form speaks the reader's units:
// a German page shows and takes 1T and aus, a French one 1j and aucun
// (each reads the other's too); a unit of no language is refused naming
// the reader's units; a saved length comes back in them after a reload.
func TestClockFormInReadersUnits(t *testing.T) {
	for _, c := range []struct {
		l                     lang.Lang
		form, holds           string // the form as opened, and its placeholders
		typed, saved, savedIn string // a deadline typed, as the form then shows it, in the panel's words
		units                 string // the units a refusal names
	}{
		{lang.German, "1T|aus", "24h oder aus|3T oder aus", "1w2t", "1W2T", "1 Woche 2 Tage", "W (Wochen), T (Tage), h (Stunden) und min (Minuten)"},
		{lang.French, "1j|aucun", "24h ou aucun|3j ou aucun", "2sem", "2sem", "2\u00a0semaines", "sem (semaines), j (jours), h (heures) et min (minutes)"},
	} {
		t.Run(string(c.l), func(t *testing.T) {
			t.Parallel()
			h, _ := clockPlayground(t)
			srv := httptest.NewServer(h)
			defer srv.Close()
			var created struct{ Match struct{ ID string } }
			call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "9", "options": map[string]string{"pile": "40"}}, 201, &created)
			open := srv.URL + "/?lang=" + string(c.l) + "&match=" + created.Match.ID
			p := newPage(t, browser(t), srv.URL, widths[1]) // phone width
			p.do("open the match", chromedp.Navigate(open), waitJS(`!document.getElementById("table").hidden && document.getElementById("clockremind").value !== ""`))
			if got := p.str(`[clockremind.value, clockdeadline.value].join("|")`); got != c.form {
				t.Errorf("the form holds %q, want %q", got, c.form)
			}
			if got := p.str(`[clockremind.placeholder, clockdeadline.placeholder].join("|")`); got != c.holds {
				t.Errorf("the placeholders read %q, want %q", got, c.holds)
			}
			p.retype("#clockdeadline", "3x")
			p.click("#clocksave")
			p.wait(`!document.getElementById("clockerror").hidden`)
			if got := p.shown("#clockerror"); !strings.Contains(got, c.units) {
				t.Errorf("3x is refused as %q; want the units %q", got, c.units)
			}
			before := p.shown("#clocktext")
			p.retype("#clockdeadline", c.typed)
			p.click("#clocksave")
			p.wait(fmt.Sprintf(`document.getElementById("clocktext").textContent !== %q && document.getElementById("clockerror").hidden`, before))
			if got := p.shown("#clocktext"); !strings.Contains(got, c.savedIn) {
				t.Errorf("after saving %q the panel says %q, want %q in it", c.typed, got, c.savedIn)
			}
			p.look("clock-units-" + string(c.l))
			p.do("reload", chromedp.Navigate(open), waitJS(`!document.getElementById("table").hidden && document.getElementById("clockremind").value !== ""`))
			if got := p.str(`clockdeadline.value`); got != c.saved {
				t.Errorf("after a reload the deadline reads %q, want %q", got, c.saved)
			}
		})
	}
}

// retype clears the field sel and types text into it, as a person does.
func (p *page) retype(sel, text string) {
	p.t.Helper()
	p.do("clear "+sel, js(fmt.Sprintf(`document.querySelector(%q).value = ""`, sel)))
	p.typeKeys(sel, text)
}
