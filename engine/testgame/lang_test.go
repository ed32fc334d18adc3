package testgame

import (
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestCatalogComplete is the completeness test of Pebbles' catalog: every
// English message in German and French, same placeholders, the plural
// forms of each language.
func TestCatalogComplete(t *testing.T) {
	if err := catalog.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestScoreNameMatchesCatalog: the English ScoreName of Info is the
// catalog's "score" message.
func TestScoreNameMatchesCatalog(t *testing.T) {
	info := Game{}.Info()
	w := engine.WordsFor(info, lang.English, nil)
	for _, n := range []int{0, 1, 2, 7} {
		if got, want := w.Score(n), info.Score.Of(n); got != want {
			t.Errorf("score %d: catalog %q, Info.Score %q", n, got, want)
		}
	}
}

// TestPlurals: the plural forms for 0, 1 and many in each language.
func TestPlurals(t *testing.T) {
	info := Game{}.Info()
	st := func(pile int) engine.Status {
		return Game{}.Status(&State{Pile: pile, Hands: [][]int{{1}, {2}}, Winner: -1})
	}
	nb := "\u00a0"
	for _, c := range []struct {
		l                    lang.Lang
		n                    int
		phase, score, refuse string
	}{
		{lang.English, 0, "0 pebbles left", "0 wins", "only 0 pebbles are left"},
		{lang.English, 1, "1 pebble left", "1 win", "only 1 pebble is left"},
		{lang.English, 5, "5 pebbles left", "5 wins", "only 5 pebbles are left"},
		{lang.German, 0, "noch 0 Kieselsteine", "0 Siege", "es liegen nur noch 0 Kieselsteine im Haufen"},
		{lang.German, 1, "noch 1 Kieselstein", "1 Sieg", "es liegt nur noch 1 Kieselstein im Haufen"},
		{lang.German, 5, "noch 5 Kieselsteine", "5 Siege", "es liegen nur noch 5 Kieselsteine im Haufen"},
		{lang.French, 0, "0 caillou restant", "0 victoire", "il ne reste que 0 caillou"},
		{lang.French, 1, "1 caillou restant", "1 victoire", "il ne reste que 1 caillou"},
		{lang.French, 5, "5 cailloux restants", "5 victoires", "il ne reste que 5 cailloux"},
		{lang.French, 1000000, "1" + nb + "000" + nb + "000 de cailloux restants", "1" + nb + "000" + nb + "000 de victoires", "il ne reste que 1" + nb + "000" + nb + "000 de cailloux"},
	} {
		w := engine.WordsFor(info, c.l, nil)
		if got := w.Phase(st(c.n)); got != c.phase {
			t.Errorf("%s phase %d = %q, want %q", c.l, c.n, got, c.phase)
		}
		if got := w.Score(c.n); got != c.score {
			t.Errorf("%s score %d = %q, want %q", c.l, c.n, got, c.score)
		}
		err := rule("take.pile", "take", lang.CountKey, strconv.Itoa(c.n))
		if got := w.Error(err); got != c.refuse {
			t.Errorf("%s refusal %d = %q, want %q", c.l, c.n, got, c.refuse)
		}
	}
}

// reading collects everything the readers of a match read, per language.
type reading struct {
	t     *testing.T
	texts map[lang.Lang][]string
}

func (r *reading) add(l lang.Lang, where, s string) {
	r.t.Helper()
	if strings.TrimSpace(s) == "" {
		r.t.Errorf("%s: %s is empty", l, where)
	}
	r.texts[l] = append(r.texts[l], where+": "+s)
}

// TestNarrateWholeGames plays whole matches (2 to 4 seats, both rules
// versions) and words everything a player reads in English, German and
// French: every event for every viewer, choices and prompts at every
// step, status, stats, scores, cards, refusals, help. English is what the
// English fields say (one source); German and French hold no English
// sentence of the catalog and never the English "seat N".
func TestNarrateWholeGames(t *testing.T) {
	g := Game{}
	info := g.Info()
	r := &reading{t: t, texts: map[lang.Lang][]string{}}
	names := []string{"Ann", "", "Cleo", "Dev"} // seat 2 has no name: "seat 2", "Spieler 2" ...
	ends := map[string]bool{}
	for seed := uint64(1); seed <= 60; seed++ {
		seats := 2 + int(seed%3)
		rules := 1 + int(seed%2)
		setup := engine.Setup{Seats: seats, Seed: seed, RulesVersion: rules, Options: map[string]string{"pile": strconv.Itoa(5 + int(seed%4))}}
		if seed%4 == 0 {
			// A deck of threes after the first cards: matches that stick
			// (the scenario stuck.txtar's deck).
			setup.Seats, setup.Options["pile"], setup.RulesVersion = 2, "11", 1+int(seed/4%2)
			setup.Pins = map[string]string{"deck": "1,3,3,2,3,3,3,3,3,3"}
		}
		seats = setup.Seats
		st, evs, err := g.Setup(setup)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed, 7)
		for step := 0; ; step++ {
			for _, ev := range evs {
				if ev.Kind == "end" {
					ends[ev.Msg] = true
				}
				for viewer := engine.Spectator; viewer < seats; viewer++ {
					if !ev.VisibleTo(viewer) {
						continue
					}
					for _, l := range lang.Supported {
						got := engine.WordsFor(info, l, names[:seats]).Event(ev, viewer)
						r.add(l, "event "+ev.Msg, got)
						if l == lang.English {
							old := ev.Text
							if viewer == ev.Seat && ev.Own != "" {
								old = ev.Own
							}
							if want := engine.NameSeatsFor(old, names[:seats], viewer); got != want {
								t.Errorf("English %s for %d = %q; the English fields say %q", ev.Msg, viewer, got, want)
							}
						}
					}
				}
			}
			status := g.Status(st)
			for _, l := range lang.Supported {
				w := engine.WordsFor(info, l, names[:seats])
				r.add(l, "phase", w.Phase(status))
				for _, s := range status.Seats {
					for _, x := range s.Stats {
						r.add(l, "stat", w.StatLabel(x)+" "+w.StatValue(x))
					}
					for _, x := range s.Breakdown {
						r.add(l, "breakdown", w.StatLabel(x))
					}
					r.add(l, "score", w.Score(s.Score))
				}
				for seat := 0; seat < seats; seat++ {
					for _, c := range g.Holding(st, seat).Cards {
						r.add(l, "card", w.Card(c))
					}
				}
			}
			if status.Finished {
				break
			}
			seat := status.Active[0]
			var m engine.Move
			for {
				ch, err := g.Choices(st, seat, m)
				if err != nil {
					t.Fatal(err)
				}
				for _, l := range lang.Supported {
					w := engine.WordsFor(info, l, names[:seats])
					if len(ch.Next) > 0 {
						r.add(l, "prompt", w.Prompt(ch))
					}
					for _, c := range ch.Next {
						label, _ := w.Choice(c)
						r.add(l, "choice", label)
					}
				}
				if len(ch.Next) == 0 {
					break
				}
				m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
			}
			// A refusal or two on the way.
			for _, bad := range []engine.Move{{"jump"}, {"take", "9"}, {"take", "2", "more"}} {
				if _, _, err := g.Apply(st, seat, bad); err != nil {
					for _, l := range lang.Supported {
						r.add(l, "refusal", engine.WordsFor(info, l, nil).Error(err))
					}
				}
			}
			st, evs, err = g.Apply(st, seat, m)
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
		}
	}
	for _, id := range []string{"event.win", "event.stuck", "event.stuck-v1"} {
		if !ends[id] {
			t.Errorf("no match ended with %s: widen the seeds", id)
		}
	}
	for _, l := range lang.Supported {
		w := engine.WordsFor(info, l, nil)
		r.add(l, "name", w.GameName())
		r.add(l, "summary", w.Summary())
		r.add(l, "score name", w.ScoreName())
		for _, o := range info.Options {
			r.add(l, "option", w.Option(o))
		}
		for _, e := range info.Examples {
			r.add(l, "example", w.Example(e))
		}
		for _, c := range info.Scoring {
			r.add(l, "category", w.Category(c))
		}
		for _, h := range w.Help() {
			r.add(l, "help", h.Title+" "+strings.Join(h.Keywords, ",")+" "+h.Body)
		}
		r.add(l, "not your turn", w.Error(engine.ErrNotYourTurn))
	}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		for _, s := range r.texts[l] {
			if leak := catalog.EnglishIn(l, s); len(leak) > 0 {
				t.Errorf("%s: English %q in %q", l, leak, s)
			}
			if leak := engine.Catalog().EnglishIn(l, s); len(leak) > 0 {
				t.Errorf("%s: English %q in %q", l, leak, s)
			}
			if strings.Contains(s, "seat ") {
				t.Errorf("%s: the English seat name in %q", l, s)
			}
		}
		if len(r.texts[l]) < 1000 {
			t.Errorf("%s: only %d texts read", l, len(r.texts[l]))
		}
	}
	// A few of them, to see that each language reads as it should.
	for l, wants := range map[lang.Lang][]string{
		lang.English: {"Ann takes", "seat 2 draws a card", "prompt: How many?"},
		lang.German:  {"Spieler 2 zieht eine Karte", "Ann nimmt", "prompt: Wie viele?", "refusal: unbekannte Aktion „jump“", "not your turn: du bist nicht am Zug"},
		lang.French:  {"joueur 2 pioche une carte", "Ann en prend", "prompt: Combien\u00a0?", "refusal: action inconnue «\u00a0jump\u00a0»", "help: Victoire"},
	} {
		all := strings.Join(r.texts[l], "\n")
		for _, w := range wants {
			if !strings.Contains(all, w) {
				t.Errorf("%s: nobody read %q", l, w)
			}
		}
	}
}

// TestRoundNames: the round name and Info.Rounds worded in each language
// (Words.Phrase).
func TestRoundNames(t *testing.T) {
	info := Game{}.Info()
	st := Game{}.Status(&State{Hands: [][]int{{1}, {2}}, Moves: 5, Pile: 9, Winner: -1})
	for _, c := range []struct {
		l                   lang.Lang
		text, short, rounds string
	}{
		{lang.English, "Turn 3", "T3", "turns"},
		{lang.German, "Runde 3", "R3", "Runden"},
		{lang.French, "Tour 3", "T3", "tours"},
	} {
		w := engine.WordsFor(info, c.l, nil)
		text, short := w.Phrase(st.RoundName)
		rounds, _ := w.Phrase(info.Rounds)
		if text != c.text || short != c.short || rounds != c.rounds {
			t.Errorf("%s: %q, %q, %q; want %q, %q, %q", c.l, text, short, rounds, c.text, c.short, c.rounds)
		}
	}
}
