package brass

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// english are the words of an English scene without names.
var english = wordsFor(render.Scene{})

func TestPhaseText(t *testing.T) {
	players := []brass.Player{{Seat: 0, VP: 90}, {Seat: 1, VP: 101}, {Seat: 2, VP: 77}}
	cases := []struct {
		name   string
		v      brass.View
		en, de string
	}{
		{"no actions", brass.View{Round: 3, Rounds: 8, Active: 2, Mode: "play"}, "Cy (C) to play", "Cy (C) am Zug"},
		{"actions left", brass.View{Round: 2, Rounds: 8, Active: 0, ActionsLeft: 2, Mode: "play"}, "Ann (A) to play, 2 actions", "Ann (A) am Zug, 2 Aktionen"},
		{"one action left", brass.View{Round: 2, Rounds: 8, Active: 3, ActionsLeft: 1, Mode: "play"}, "Seat 4 (D) to play, 1 action", "Spieler 4 (D) am Zug, 1 Aktion"},
		{"liquidation", brass.View{Round: 2, Rounds: 8, Active: 3, Mode: "liquidate", Owed: 4},
			"Seat 4 must remove industries to pay £4", "Spieler 4 muss Industrien abreißen, um 4\u00a0£ zu zahlen"},
		{"sell more", brass.View{Round: 2, Rounds: 8, Active: 1, Mode: "sell-more", ActionsLeft: 1}, "Bob may sell more cotton", "Bob darf weitere Baumwolle verkaufen"},
		{"finished", brass.View{Finished: true, Active: -1, Ranking: []int{1, 0, 2}, PlayerViews: players, Mode: "over"}, "Bob wins with 101 VP", "Bob gewinnt mit 101 SP"},
	}
	for _, c := range cases {
		// Seat 3 has no name: the renderer says "Seat 4", as the narration does.
		names := []string{"Ann", "Bob", "Cy", ""}
		if got := phaseText(&c.v, wordsFor(render.Scene{Names: names})); got != c.en {
			t.Errorf("%s: %q, want %q", c.name, got, c.en)
		}
		if got := phaseText(&c.v, wordsFor(render.Scene{Names: names, Lang: lang.German})); got != c.de {
			t.Errorf("%s, German: %q, want %q", c.name, got, c.de)
		}
	}
}

func TestMoneyAndOrdinals(t *testing.T) {
	de := wordsFor(render.Scene{Lang: lang.German})
	fr := wordsFor(render.Scene{Lang: lang.French})
	for n, want := range map[int][3]string{0: {"£0", "0\u00a0£", "0\u00a0£"}, 12: {"£12", "12\u00a0£", "12\u00a0£"},
		-6: {"−£6", "−6\u00a0£", "−6\u00a0£"}, 1200: {"£1,200", "1.200\u00a0£", "1\u00a0200\u00a0£"}} {
		if got := [3]string{english.money(n), de.money(n), fr.money(n)}; got != want {
			t.Errorf("money(%d) = %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int][3]string{1: {"1st", "1.", "1er"}, 2: {"2nd", "2.", "2e"}, 3: {"3rd", "3.", "3e"}, 4: {"4th", "4.", "4e"}} {
		if got := [3]string{ordinal(english, n), ordinal(de, n), ordinal(fr, n)}; got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestPhaseLineKeepsTheScore: a winner's name too long for the title's
// line is shortened, never the VP after it.
func TestPhaseLineKeepsTheScore(t *testing.T) {
	cv, err := render.NewCanvas(10, 10)
	if err != nil {
		t.Fatal(err)
	}
	players := []brass.Player{{Seat: 0, VP: 78}, {Seat: 1, VP: 60}, {Seat: 2, VP: 55}}
	v := brass.View{Finished: true, Active: -1, Ranking: []int{0, 1, 2}, PlayerViews: players, Mode: "over"}
	names := []string{"Ordinateur 2 (facile) au nom vraiment très long", "Bob", "Cy"}
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		w := wordsFor(render.Scene{Names: names, Lang: l})
		got := phaseLine(cv, &v, w, 300)
		if !strings.HasSuffix(got, "78\u00a0PV") && !strings.HasSuffix(got, "78 VP") && !strings.HasSuffix(got, "78 SP") {
			t.Errorf("%s: %q lost the score", l, got)
		}
		if !strings.Contains(got, "…") || cv.TextWidth(got, fHead) > 300 {
			t.Errorf("%s: %q is not shortened to 300 px", l, got)
		}
	}
}

// TestTrackPricesInTheLanguage: the demand tracks' prices and the price
// of an empty track are money as the language writes it ("£1" in
// English, "1 £" closed up to "1£" where a slot is too narrow in German
// and French), never the English "£1" in every language.
func TestTrackPricesInTheLanguage(t *testing.T) {
	g, st := enginePosition(t, 4, 45)
	v := g.View(st, engine.Spectator).(brass.View)
	r := newTestRenderer(t)
	c, err := render.NewCanvas(r.l.Width, r.l.Height)
	if err != nil {
		t.Fatal(err)
	}
	b, err := newBoard(r.l, c, &v, english)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lang.Supported {
		w := wordsFor(render.Scene{Lang: l})
		for i, got := range b.trackSlots(c, 0, w) {
			price := b.pr.demand[i]
			want := strings.ReplaceAll(l.Money(price, "£"), "\u00a0", "")
			if got != want {
				t.Errorf("%s: coal track space %d reads %q, want %q", l, i+1, got, want)
			}
		}
		if got, want := slotMoney(c, w, b.pr.stock, 100), l.Money(b.pr.stock, "£"); got != want {
			t.Errorf("%s: an empty track's price in a wide box reads %q, want %q", l, got, want)
		}
	}
}

// TestPlaceLabels: in English the map draws every place's printed short
// name (the catalog's name.place and name.place-short agree with the
// data); in German and French the names the catalog translates, so the
// map says what the narration says ("Schottland", "Écosse").
func TestPlaceLabels(t *testing.T) {
	pr := thePrinted()
	for id, pl := range pr.places {
		if got := pr.labelIn(english, id); got != pl.Short {
			t.Errorf("en: %s is drawn %q, printed %q", id, got, pl.Short)
		}
	}
	for l, want := range map[lang.Lang]map[string]string{
		lang.German: {"scotland": "Schottland", "barrow": "Barrow", "midlands": "Midlands", "ellesmere": "Ellesmere P."},
		lang.French: {"scotland": "Écosse", "warrington": "Warrington", "yorkshire": "Yorkshire"},
	} {
		w := wordsFor(render.Scene{Lang: l})
		for id, name := range want {
			if got := pr.labelIn(w, id); got != name {
				t.Errorf("%s: %s is drawn %q, want %q", l, id, got, name)
			}
		}
	}
}
