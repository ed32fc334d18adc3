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
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

// TestStartFormEveryGameInBrowser: in real Chromium, at desktop and phone
// width and in every language, the start form of each of the four games
// (its summary, seat count, seats and every option with its values) reads
// in the page's language, names each option and value as the game does,
// and neither overflows a box nor makes the page scroll sideways. The
// other browser tests start matches of one or two games; the longest
// option names are The Smoky Valley's and Urbanization's in German and
// French, which only this test shows at 390 pixels.
func TestStartFormEveryGameInBrowser(t *testing.T) {
	games := engine.NewRegistry(testgame.Game{}, brass.New(), smokyvalley.New(), urbanization.New())
	// The form needs no picture: no match is started.
	srv := httptest.NewServer(web.New(newService(t, games, render.NewSet()), nil))
	defer srv.Close()
	b := browser(t)
	for _, wd := range widths {
		for _, l := range lang.Supported {
			t.Run(wd.name+"/"+string(l), func(t *testing.T) {
				p := newPage(t, b, srv.URL, wd)
				p.do("open ?lang="+string(l), chromedp.Navigate(srv.URL+"/?lang="+string(l)),
					waitJS(`document.querySelectorAll("#seats option").length > 0 && !document.getElementById("start").hidden`))
				for _, g := range games.Games() {
					info := g.Info()
					p.do("choose "+info.ID, js(fmt.Sprintf(`(() => { const g = document.getElementById("game"); g.value = %q; g.onchange(); })()`, info.ID)))
					p.wait(fmt.Sprintf(`document.querySelectorAll("#options [data-key]").length === %d`, len(info.Options)))
					w := engine.WordsFor(info, l, nil)
					if got := p.shown("#gamesummary"); got != w.Summary() {
						t.Errorf("%s: the summary reads %q, want %q", info.ID, got, w.Summary())
					}
					// Every option named as the game names it, each of its
					// values too.
					form := p.str(`document.getElementById("options").innerText`)
					for _, o := range info.Options {
						if name := w.OptionLabel(o); !strings.Contains(form, name) {
							t.Errorf("%s: the form does not name the option %s %q: %q", info.ID, o.Key, name, form)
						}
						values := p.str(fmt.Sprintf(`[...document.querySelectorAll('#options [data-key=%q] option')].map((o) => o.innerText).join("\n")`, o.Key))
						for _, v := range o.Values {
							if name := w.OptionValue(o, v); !strings.Contains(values, name) {
								t.Errorf("%s: the option %s does not offer %s as %q: %q", info.ID, o.Key, v, name, values)
							}
						}
					}
					if l != lang.English {
						text := p.str(pageText)
						for _, c := range []*lang.Catalog{bot.Catalog(), engine.Catalog(), info.Catalog} {
							if en := c.EnglishIn(l, text); len(en) > 0 {
								t.Errorf("%s: English in the %s form: %q", info.ID, l.Name(), en)
							}
						}
					}
					if o := p.str(overflowing); o != "" {
						t.Errorf("%s: text overflows its box: %s", info.ID, o)
					}
					if o := p.str(orphanHints); o != "" {
						t.Errorf("%s: an option's \"?\" is not beside its field: %s", info.ID, o)
					}
					// A tap on an option's "?" shows its help under it (a
					// phone shows no tooltip), and a second tap hides it;
					// the "?" is large enough for a finger on a phone.
					for _, o := range info.Options {
						sel := fmt.Sprintf(`document.querySelector('#options [data-key=%q]').closest("label")`, o.Key)
						p.do("tap ? of "+o.Key, js(sel+`.querySelector(".hint").click()`))
						if got := p.str(sel + `.querySelector(".opthelp").hidden ? "" : ` + sel + `.querySelector(".opthelp").innerText`); got != w.Option(o) {
							t.Errorf("%s: the help of %s after a tap reads %q, want %q", info.ID, o.Key, got, w.Option(o))
						}
						p.do("tap ? again", js(sel+`.querySelector(".hint").click()`))
						if p.str(sel+`.querySelector(".opthelp").hidden ? "hidden" : "shown"`) != "hidden" {
							t.Errorf("%s: the help of %s stays after a second tap", info.ID, o.Key)
						}
						if wd.name == "phone" {
							// A finger landing 12 px below the badge's middle still
							// taps it.
							hit := `(() => { const h = ` + sel + `.querySelector(".hint"), r = h.getBoundingClientRect();
								const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2 + 12);
								return e === h ? "" : (e ? e.tagName + "." + e.className : "nothing"); })()`
							if got := p.str(hit); got != "" {
								t.Errorf("%s: 12 px below the \"?\" of %s is %s, not the \"?\"", info.ID, o.Key, got)
							}
						}
					}
					p.look("form-" + string(l) + "-" + info.ID)
				}
			})
		}
	}
}

// orphanHints lists the options whose "?" badge is not on its field's
// line (its middle outside the field's height), as "key: field at y,
// badge at y"; empty when every badge sits beside its field.
const orphanHints = `[...document.querySelectorAll("#options label.option")].map((l) => {
  const f = l.querySelector("[data-key]"), h = l.querySelector(".hint");
  if (!f || !h) return "";
  const a = f.getBoundingClientRect(), b = h.getBoundingClientRect(), mid = (b.top + b.bottom) / 2;
  return mid >= a.top && mid <= a.bottom ? "" : f.dataset.key + ": field at " + Math.round(a.top) + ", badge at " + Math.round(b.top);
}).filter((s) => s).join("; ")`
