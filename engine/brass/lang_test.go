package brass

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/playout"
)

// TestCatalogComplete is the completeness test of Brass's catalog (strict,
// no fallback): every English message in German and French, the same
// placeholders, the plural forms of each language.
func TestCatalogComplete(t *testing.T) {
	if err := catalog.Check(); err != nil {
		t.Fatal(err)
	}
}

// translated is Brass's Info with its catalog, for the tests of what is
// converted so far (Info.Catalog itself stays nil until every text is).
func translated() engine.Info {
	info := New().Info()
	info.Catalog = catalog
	return info
}

// TestRoundNamesAndPhases: the round names, Info.Rounds and the phases
// in each language, the plural forms of the actions left for 0, 1 and
// many.
func TestRoundNamesAndPhases(t *testing.T) {
	info := translated()
	round := phrase("brass.round", "period", "rail", "round", "2", "rounds", "8")
	for _, c := range []struct {
		l                   lang.Lang
		text, short, rounds string
		actions             [3]string // 0, 1, 2 actions left
		owed                string
	}{
		{lang.English, "Rail period, round 2 of 8", "R2", "rounds", [3]string{"0 actions left", "1 action left", "2 actions left"},
			"industries to remove to pay £1,200 of negative income"},
		{lang.German, "Eisenbahnzeitalter, Runde 2 von 8", "E2", "Runden", [3]string{"noch 0 Aktionen", "noch 1 Aktion", "noch 2 Aktionen"},
			"Industrien abreißen, um 1.200\u00a0£ negatives Einkommen zu zahlen"},
		{lang.French, "Période du rail, manche 2 sur 8", "R2", "manches", [3]string{"0 action restante", "1 action restante", "2 actions restantes"},
			"entreprises à retirer pour payer 1\u00a0200\u00a0£ de revenu négatif"},
	} {
		w := engine.WordsFor(info, c.l, nil)
		text, short := w.Phrase(round)
		rounds, _ := w.Phrase(info.Rounds)
		if text != c.text || short != c.short || rounds != c.rounds {
			t.Errorf("%s: %q, %q, %q; want %q, %q, %q", c.l, text, short, rounds, c.text, c.short, c.rounds)
		}
		for n, want := range c.actions {
			st := &state{Actions: n}
			m, _ := st.phase()
			if got := w.Msg(m, ""); got != want {
				t.Errorf("%s: %d actions left: %q, want %q", c.l, n, got, want)
			}
		}
		m, _ := (&state{Mode: modeLiquidate, Owed: 1200}).phase()
		if got := w.Msg(m, ""); got != c.owed {
			t.Errorf("%s: liquidation %q, want %q", c.l, got, c.owed)
		}
	}
}

// TestStatusWholeGames words the status of every position of the
// recorded games in three languages: the catalog words the phase, the
// round name and the stats exactly as the English fields read, and no
// English sentence of the catalog leaks into German or French.
func TestStatusWholeGames(t *testing.T) {
	g := New()
	info := translated()
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded games: %v", err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		en := engine.WordsFor(info, lang.English, nil)
		for i, p := range res.Moves {
			s := g.Status(p.State)
			where := filepath.Base(f) + " move " + strconv.Itoa(i+1)
			if err := playout.CheckStatusWording(info, s); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			for _, ss := range s.Seats {
				for _, x := range append(ss.Stats, ss.Breakdown...) {
					if x.Key == "money" && x.Text == "" {
						continue // the breakdown's money: a scoring category, see below
					}
					if got := en.StatValue(x); got != x.Shown() {
						t.Fatalf("%s: stat %s reads %q in the catalog, %q in the status", where, x.Key, got, x.Shown())
					}
				}
				for _, c := range ss.Breakdown {
					if got := en.Category(engine.ScoringCategory{Key: c.Key}); got != c.Label {
						t.Fatalf("%s: category %s reads %q in the catalog, %q in the status", where, c.Key, got, c.Label)
					}
				}
			}
			for _, l := range []lang.Lang{lang.German, lang.French} {
				w := engine.WordsFor(info, l, nil)
				text, short := w.Phrase(s.RoundName)
				texts := []string{w.Phase(s), text, short}
				for _, ss := range s.Seats {
					for _, x := range ss.Stats {
						texts = append(texts, w.StatLabel(x), w.StatValue(x))
					}
					for _, c := range ss.Breakdown {
						texts = append(texts, w.Category(engine.ScoringCategory{Key: c.Key}))
					}
				}
				for _, x := range texts {
					if leak := catalog.EnglishIn(l, x); len(leak) > 0 {
						t.Fatalf("%s, %s: %q holds English %q", where, l, x, leak)
					}
				}
			}
		}
	}
}

// TestNarrateWholeGames words every event of the recorded games in three
// languages, for every viewer: the English is exactly Text and Own, nothing is missing, and no
// English sentence of the catalog leaks into German or French.
func TestNarrateWholeGames(t *testing.T) {
	g := New()
	info := translated()
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded games: %v", err)
	}
	worded := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(g, rec)
		if err != nil {
			t.Fatal(err)
		}
		evs := res.Setup
		for _, p := range res.Moves {
			evs = append(evs, p.Events...)
		}
		en := engine.WordsFor(info, lang.English, nil)
		for _, e := range evs {
			if e.Msg == "" {
				t.Fatalf("event %q has no message", e.Text)
			}
			worded[e.Msg] = true
			if got := en.Event(e, engine.Spectator); got != e.Text {
				t.Fatalf("%s: English %q, Text %q", e.Msg, got, e.Text)
			}
			if e.Own != "" {
				if got := en.Event(e, e.Seat); got != e.Own {
					t.Fatalf("%s: English second person %q, Own %q", e.Msg, got, e.Own)
				}
			}
			for _, l := range []lang.Lang{lang.German, lang.French} {
				w := engine.WordsFor(info, l, []string{"Ann", "Bo", "Cy", "Di"})
				for _, viewer := range []int{engine.Spectator, e.Seat} {
					x := w.Event(e, viewer)
					if leak := catalog.EnglishIn(l, x); len(leak) > 0 {
						t.Fatalf("%s, %s: %q holds English %q", e.Msg, l, x, leak)
					}
				}
			}
		}
	}
	// The main events all come up in the recorded games.
	for _, id := range []string{"event.setup", "event.round", "event.income", "event.turn", "event.draw",
		"event.loan", "event.rail-cost", "event.score", "event.money-vp", "event.maintenance", "event.remove",
		"event.period-end.canal", "event.period-end.rail", "event.card-town", "event.card-industry",
		"event.build", "event.build-two", "event.flip", "event.cube-build", "event.buy-build", "event.demand",
		"event.canal", "event.rail", "event.sell", "event.distant", "event.develop", "event.order.3",
		"event.order.4", "event.game-end.3", "event.game-end.4", "event.hand.1", "event.hand.8"} {
		if !worded[id] {
			t.Errorf("no recorded game has the event %s", id)
		}
	}
}

// TestEventPlurals: the plural forms of the converted events for 0, 1
// and many.
func TestEventPlurals(t *testing.T) {
	info := translated()
	for _, c := range []struct {
		l    lang.Lang
		want [3]string
	}{
		{lang.English, [3]string{"Ann draws 0 cards", "Ann draws 1 card", "Ann draws 2 cards"}},
		{lang.German, [3]string{"Ann zieht 0 Karten", "Ann zieht 1 Karte", "Ann zieht 2 Karten"}},
		{lang.French, [3]string{"Ann pioche 0 carte", "Ann pioche 1 carte", "Ann pioche 2 cartes"}},
	} {
		w := engine.WordsFor(info, c.l, []string{"Ann"})
		for n, want := range c.want {
			if got := w.Event(event(0, "draw", "draw", "count", strconv.Itoa(n)), engine.Spectator); got != want {
				t.Errorf("%s, %d: %q, want %q", c.l, n, got, want)
			}
		}
	}
}

// TestChoicesWholeGames words every decision met while typing the moves of
// the recorded games token by token: each prompt, label and help names a
// message that every language words (no fallback), the English is exactly
// the English fields, and no English sentence leaks into German or French.
func TestChoicesWholeGames(t *testing.T) {
	g := New()
	info := translated()
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded games: %v", err)
	}
	en := engine.WordsFor(info, lang.English, nil)
	check := func(where string, m lang.Msg, english string) {
		t.Helper()
		if m.ID == "" {
			if english != "" {
				t.Fatalf("%s: %q has no message", where, english)
			}
			return
		}
		if got := en.Msg(m, ""); got != english {
			t.Fatalf("%s: %s reads %q in the catalog, %q in the field", where, m.ID, got, english)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			if _, err := catalog.Localize(l, m.ID, m.Data); err != nil {
				t.Fatalf("%s: %s: %v", where, m.ID, err)
			}
			x := engine.WordsFor(info, l, []string{"Ann", "Bo", "Cy", "Di"}).Msg(m, english)
			if leak := catalog.EnglishIn(l, x); len(leak) > 0 {
				t.Fatalf("%s, %s: %q holds English %q", where, l, x, leak)
			}
		}
	}
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		for i := 1; i < len(res.Moves); i++ {
			p := res.Moves[i]
			for k := 0; k <= len(p.Move); k++ {
				ch, err := g.Choices(res.Moves[i-1].State, p.Seat, p.Move[:k])
				if err != nil {
					t.Fatalf("%s move %d: %v", f, i+1, err)
				}
				where := filepath.Base(f) + " move " + strconv.Itoa(i+1)
				check(where, ch.PromptMsg, ch.Prompt)
				seen[ch.PromptMsg.ID] = true
				for _, c := range ch.Next {
					check(where, c.LabelMsg, c.Label)
					check(where, c.HelpMsg, c.Help)
					seen[c.LabelMsg.ID], seen[c.HelpMsg.ID] = true, true
				}
			}
		}
	}
	for _, id := range []string{"prompt.action", "prompt.card", "prompt.where", "choice.over", "choice.source",
		"choice.cubes-there", "choice.pair", "choice.sale", "choice.sale-distant", "choice.coal-from"} {
		if !seen[id] {
			t.Errorf("no recorded game offers %s", id)
		}
	}
}

// TestOptionsCardsAndName: the options' help, every card's name and the
// game's name and summary come from the catalog in every language.
func TestOptionsCardsAndName(t *testing.T) {
	info := translated()
	en := engine.WordsFor(info, lang.English, nil)
	var cards []engine.Card
	for c := range theBoard().numCardKinds() {
		cards = append(cards, engine.Card{Token: theBoard().cardSlug(c), Name: theBoard().cardName(c)})
	}
	if en.GameName() != info.Name || en.Summary() != info.Summary {
		t.Errorf("English name and summary %q, %q; fields %q, %q", en.GameName(), en.Summary(), info.Name, info.Summary)
	}
	for _, o := range info.Options {
		if got := en.Option(o); got != o.Help {
			t.Errorf("option %s: %q, field %q", o.Key, got, o.Help)
		}
	}
	for _, c := range cards {
		if got := en.Card(c); got != c.Name {
			t.Errorf("card %s: %q, field %q", c.Token, got, c.Name)
		}
	}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		w := engine.WordsFor(info, l, nil)
		texts := []string{w.Summary()} // the name is a name, the same in every language
		for _, o := range info.Options {
			texts = append(texts, w.Option(o))
		}
		for _, c := range cards {
			texts = append(texts, w.Card(c))
		}
		for _, x := range texts {
			if leak := catalog.EnglishIn(l, x); len(leak) > 0 || strings.Contains(x, "{{") {
				t.Errorf("%s: %q holds English %q", l, x, leak)
			}
		}
		if got := w.Card(engine.Card{Token: "cotton", Name: "Cotton mill"}); got == "Cotton mill" {
			t.Errorf("%s: the cotton mill card is not translated", l)
		}
	}
}

// TestRuleErrorsWorded refuses typical bad moves at positions of a
// recorded game and words each refusal in three languages: the English is
// the error's Msg, and no English sentence leaks into German or French.
func TestRuleErrorsWorded(t *testing.T) {
	g := New()
	info := translated()
	data, err := os.ReadFile(filepath.Join("testdata", "games", "greedy-4p.record"))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.ParseRecord(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Replay(g, rec, engine.KeepStates())
	if err != nil {
		t.Fatal(err)
	}
	bad := []string{"", "fly", "build", "build steel", "build cotton atlantis", "build cotton bolton card:nowhere",
		"build cotton bolton@1", "build cotton bolton coal:wigan", "canal nowhere", "rail nowhere", "develop steel",
		"loan 15", "loan 60", "sell bolton", "sell atlantis>distant", "sell bolton>liverpool", "pass card:nowhere",
		"pass card:bolton extra", "liquidate bolton", "stop", "build cotton bolton cards:bolton+bury",
		"canal bolton-bury canal bury-rochdale"}
	codes := map[string]bool{}
	for i := 1; i < len(res.Moves); i += 7 {
		st, seat := res.Moves[i-1].State, res.Moves[i].Seat
		for _, s := range bad {
			m, err := g.ParseMove(s)
			if err == nil {
				_, _, err = g.Apply(st, seat, m)
			}
			re, ok := engine.AsRule(err)
			if !ok {
				continue
			}
			codes[re.Code] = true
			if got := engine.WordsFor(info, lang.English, nil).Error(re); got != re.Msg {
				t.Fatalf("%q: English %q, Msg %q", s, got, re.Msg)
			}
			for _, l := range []lang.Lang{lang.German, lang.French} {
				x := engine.WordsFor(info, l, nil).Error(re)
				if leak := catalog.EnglishIn(l, x); len(leak) > 0 || x == re.Msg {
					t.Fatalf("%q, %s: %q holds English %q", s, l, x, leak)
				}
			}
		}
	}
	t.Logf("%d rule codes worded", len(codes))
	if len(codes) < 12 {
		t.Errorf("only %d rule codes came up: %v", len(codes), codes)
	}
}
