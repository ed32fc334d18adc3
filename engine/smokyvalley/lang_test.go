package smokyvalley

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/playout"
)

// TestCatalogComplete: every English message has its German and French
// one with the same placeholders (lang.Catalog.Check).
func TestCatalogComplete(t *testing.T) {
	if err := Catalog().Check(); err != nil {
		t.Fatal(err)
	}
}

// translated is the game's Info, which carries its catalog.
func translated() engine.Info { return New().Info() }

// recordedReplays replays the recorded games of testdata/games, keeping
// their states.
func recordedReplays(t *testing.T) map[string]engine.Result {
	t.Helper()
	out := map[string]engine.Result{}
	for name, g := range recordedGamesKept(t) {
		out[name] = g.res
	}
	return out
}

// played is a game's record and its replay.
type played struct {
	rec engine.Record
	res engine.Result
}

// recordedGamesKept replays the recorded games, keeping their records.
func recordedGamesKept(t *testing.T) map[string]played {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no recorded games: %v", err)
	}
	out := map[string]played{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(New(), rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = played{rec, res}
	}
	return out
}

// TestScoreNameMatchesCatalog: Info.Score and the catalog's "score" agree
// in English.
func TestScoreNameMatchesCatalog(t *testing.T) {
	info := translated()
	w := engine.WordsFor(info, lang.English, nil)
	for _, n := range []int{0, 1, 2, 57} {
		if got, want := w.Score(n), info.Score.Of(n); got != want {
			t.Errorf("score %d: catalog %q, Info.Score %q", n, got, want)
		}
	}
	if got := w.ScoreName(); got != info.Score.Name {
		t.Errorf("score name: catalog %q, Info %q", got, info.Score.Name)
	}
	for _, o := range info.Options {
		if got := w.Option(o); got != o.Help {
			t.Errorf("option %s: catalog %q, Info %q", o.Key, got, o.Help)
		}
	}
}

// TestStatusWholeGames words the status after every move of the recorded
// games: the phase, the year and the stage through the catalog (the
// English exactly the English fields, playout.CheckStatusWording), the
// stats and scoring categories, with no English in German or French and
// the seats named for the reader.
func TestStatusWholeGames(t *testing.T) {
	g := New()
	info := translated()
	names := []string{"Ann", "", "Cleo", "Dev"}
	phases := map[lang.Lang]map[string]bool{}
	for f, res := range recordedReplays(t) {
		en := engine.WordsFor(info, lang.English, nil)
		for i, p := range res.Moves {
			s := g.Status(p.State)
			where := f + " move " + strconv.Itoa(i+1)
			if err := playout.CheckStatusWording(info, s); err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if got, want := engine.WordsFor(info, lang.English, names).Phase(s), engine.NameSeats(s.Phase, names); got != want {
				t.Fatalf("%s: phase %q with names, %q from the English field", where, got, want)
			}
			for _, ss := range s.Seats {
				for _, x := range ss.Stats {
					if got := en.StatValue(x); got != x.Shown() {
						t.Fatalf("%s: stat %s reads %q in the catalog, %q in the status", where, x.Key, got, x.Shown())
					}
					if got := en.StatLabel(x); got != x.Label {
						t.Fatalf("%s: stat %s labelled %q in the catalog, %q in the status", where, x.Key, got, x.Label)
					}
				}
				for _, c := range ss.Breakdown {
					if got := en.StatLabel(c); got != c.Label {
						t.Fatalf("%s: category %s reads %q in the catalog, %q in the status", where, c.Key, got, c.Label)
					}
				}
			}
			for _, l := range []lang.Lang{lang.German, lang.French} {
				w := engine.WordsFor(info, l, names)
				text, short := w.Phrase(s.RoundName)
				stage, stageShort := w.Phrase(s.Stage)
				phase := w.Phase(s)
				if phases[l] == nil {
					phases[l] = map[string]bool{}
				}
				phases[l][phase] = true
				texts := []string{phase, text, short, stage, stageShort}
				for _, ss := range s.Seats {
					for _, x := range ss.Stats {
						texts = append(texts, w.StatLabel(x), w.StatValue(x))
					}
					for _, c := range ss.Breakdown {
						texts = append(texts, w.StatLabel(c))
					}
				}
				for _, x := range texts {
					if leak := catalog.EnglishIn(l, x); len(leak) > 0 {
						t.Fatalf("%s, %s: %q holds English %q", where, l, x, leak)
					}
					if strings.Contains(x, "seat ") {
						t.Fatalf("%s, %s: the English seat name in %q", where, l, x)
					}
				}
			}
		}
	}
	for l, want := range map[lang.Lang]string{
		lang.German: "Entwicklungsphase: Ann wählt einen Händlerbonus",
		lang.French: "Phase de développement\u00a0: Ann choisit un bonus de marchand",
	} {
		if !phases[l][want] {
			t.Errorf("%s: no phase read %q (read %v)", l, want, phases[l])
		}
	}
}

// TestRoundNames: the year, the stage and Info.Rounds in each language.
func TestRoundNames(t *testing.T) {
	info := translated()
	st := &State{Year: 2, Mode: ModePlay, Stage: StageDev}
	for _, c := range []struct {
		l                               lang.Lang
		year, stage, stageShort, rounds string
	}{
		{lang.English, "1850", "development phase", "dev", "years"},
		{lang.German, "1850", "Entwicklungsphase", "Entw.", "Jahre"},
		{lang.French, "1850", "phase de développement", "dév.", "années"},
	} {
		w := engine.WordsFor(info, c.l, nil)
		year, short := w.Phrase(st.roundName())
		stage, stageShort := w.Phrase(st.stage())
		rounds, _ := w.Phrase(info.Rounds)
		if year != c.year || short != c.year || stage != c.stage || stageShort != c.stageShort || rounds != c.rounds {
			t.Errorf("%s: %q %q %q %q %q", c.l, year, short, stage, stageShort, rounds)
		}
	}
}

// TestNarrateWholeGames words every event of the recorded games in
// three languages for every viewer: the English is exactly the English
// fields (Text, Own, with the seats named as the hosts name them), every
// language words it with nothing missing, and no English sentence of
// the catalog, nor the English "seat N", leaks into German or French.
func TestNarrateWholeGames(t *testing.T) {
	info := translated()
	names := []string{"Ann", "", "Cleo", "Dev"} // seat 2 has no name
	seen := map[string]bool{}
	texts := map[lang.Lang][]string{}
	for f, gm := range wholeGames(t) {
		seats := len(gm.res.Status.Seats)
		for _, ev := range gm.res.Events() {
			if err := checkEventWording(info, ev); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			seen[ev.Msg] = true
			for viewer := engine.Spectator; viewer < seats; viewer++ {
				if viewer == ev.Seat {
					seen[ev.Msg+engine.OwnSuffix] = true
				}
				for _, l := range lang.Supported {
					got := engine.WordsFor(info, l, names[:seats]).Event(ev, viewer)
					texts[l] = append(texts[l], got)
					if l != lang.English {
						continue
					}
					old := ev.Text
					if viewer == ev.Seat && ev.Own != "" {
						old = ev.Own
					}
					// NameSeatsFor makes the viewer's own possessive
					// "your", even inside "the seat 4's schooner" ("the
					// your schooner"); the catalog names the owner there
					if want := engine.NameSeatsFor(old, names[:seats], viewer); got != want && ev.Data["seatowner"] != strconv.Itoa(viewer) {
						t.Errorf("%s: English %s for %d = %q; the English fields say %q", f, ev.Msg, viewer, got, want)
					}
				}
			}
		}
	}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		for _, s := range texts[l] {
			if leak := catalog.EnglishIn(l, s); len(leak) > 0 {
				t.Errorf("%s: English %q in %q", l, leak, s)
			}
			if strings.Contains(s, "seat ") || strings.Contains(s, "Seat ") {
				t.Errorf("%s: the English seat name in %q", l, s)
			}
		}
	}
	var missing []string
	for _, id := range catalog.IDs() {
		if strings.HasPrefix(id, "event.") && !seen[id] {
			missing = append(missing, id)
		}
	}
	t.Logf("event messages no recorded game words: %v", missing)
	for l, wants := range map[lang.Lang][]string{
		lang.German: {"Ann baut ein ", "Spieler 2 ", "Du baust ", "Neue Spielreihenfolge: "},
		lang.French: {"Ann construit ", "Joueur 2 ", "Tu construis ", "Nouvel ordre de jeu\u00a0: "},
	} {
		all := strings.Join(texts[l], "\n")
		for _, w := range wants {
			if !strings.Contains(all, w) {
				t.Errorf("%s: nobody read %q", l, w)
			}
		}
	}
}

// checkEventWording: the event names a message, its English (seats
// unnamed) is Text and Own, and every language words it and its second
// person with nothing missing.
func checkEventWording(info engine.Info, ev engine.Event) error {
	if ev.Msg == "" {
		return fmt.Errorf("event %q has no Msg", ev.Text)
	}
	en := engine.WordsFor(info, lang.English, nil)
	if got := en.Event(ev, engine.Spectator); got != ev.Text {
		return fmt.Errorf("event %s: the catalog's English %q is not its Text %q", ev.Msg, got, ev.Text)
	}
	own := catalog.Has(lang.English, ev.Msg+engine.OwnSuffix)
	if ev.Seat >= 0 && own {
		if got := en.Event(ev, ev.Seat); got != ev.Own {
			return fmt.Errorf("event %s: the catalog's English second person %q is not its Own %q", ev.Msg, got, ev.Own)
		}
	}
	for _, l := range lang.Supported {
		data := engine.WordsFor(info, l, nil).SeatData(ev.Data, ev.Seat)
		if _, err := catalog.Localize(l, ev.Msg, data); err != nil {
			return fmt.Errorf("event %q: %w", ev.Text, err)
		}
		if own && ev.Seat >= 0 {
			if _, err := catalog.Localize(l, ev.Msg+engine.OwnSuffix, data); err != nil {
				return fmt.Errorf("event %q: %w", ev.Own, err)
			}
		}
	}
	return nil
}

// TestRareEvents: the events no recorded game causes, built as the rules
// build them, read as the game wrote them before its catalog (Text and
// Own), and are worded in every language without English.
func TestRareEvents(t *testing.T) {
	info := translated()
	gb, us := 0, 1
	for _, c := range []struct {
		ev        engine.Event
		text, own string
	}{
		{event(0, "go", "go-free", "district", "mccord", "cost", "0"), "Seat 1 moves the boat to McCord for free", "You move the boat to McCord for free"},
		{event(0, "market", "market-sell-2", "trade", "sell", "good1", "iron", "good2", "coal"), "Seat 1 sells iron, coal at the local market", "You sell iron, coal at the local market"},
		{event(1, "poverty", "poverty", "good", "beer"), "Seat 2 gives 1 beer to Poverty Reduction", "You give 1 beer to Poverty Reduction"},
		{event(0, "produce", "produce-free", "industry", "wood-depot", "district", "mccord", "space", "depot", "count", "2", "good", "wood"), "Seat 1 produces 2 wood at the Wood Depot in McCord for free", "You produce 2 wood at the Wood Depot in McCord for free"},
		{event(0, "produce", "produce-mix", "industry", "warehouse", "district", "stann", "space", "s2", "count", "2", "good", "grain", "n2", "1", "good2", "brick"), "Seat 1 produces 2 grain and 1 brick at the Warehouse in St. Ann", "You produce 2 grain and 1 brick at the Warehouse in St. Ann"},
		{event(2, "produce", "produce-mix-free", "industry", "wharf", "district", "stgabriel", "space", "s1", "count", "1", "good", "coal", "n2", "2", "good2", "iron"), "Seat 3 produces 1 coal and 2 iron at the Wharf in St. Gabriel for free", "You produce 1 coal and 2 iron at the Wharf in St. Gabriel for free"},
		{shipEvent(1, "pushed-out", "pushed-out", Ship{Big: true, Market: us, Owner: 1}), "Seat 2's canaller bound for the United States is pushed out of the canal and unloads", "Your canaller bound for the United States is pushed out of the canal and unloads"},
		{event(0, "trade-goods", "trade-goods", "give", "wood", "take", "iron"), "Seat 1 trades 1 wood for 1 iron", "You trade 1 wood for 1 iron"},
		{event(0, "water-power", "water-power"), "Seat 1 produces once for free (water power)", "You produce once for free (water power)"},
		{shipEvent(0, "board", "board", Ship{Market: gb, Owner: 0}, "ship", "gb1"), "Seat 1 boards a trader on the seat 1's schooner bound for Great Britain", "You board a trader on the seat 1's schooner bound for Great Britain"},
	} {
		if c.ev.Text != c.text || c.ev.Own != c.own {
			t.Errorf("%s: %q / %q, want %q / %q", c.ev.Msg, c.ev.Text, c.ev.Own, c.text, c.own)
		}
		if err := checkEventWording(info, c.ev); err != nil {
			t.Error(err)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			for _, viewer := range []int{engine.Spectator, c.ev.Seat} {
				s := engine.WordsFor(info, l, nil).Event(c.ev, viewer)
				if leak := catalog.EnglishIn(l, s); len(leak) > 0 || strings.Contains(s, "eat ") {
					t.Errorf("%s: English %q in %q", l, leak, s)
				}
				t.Logf("%s: %s", l, s)
			}
		}
	}
}

// wholeGames are the recorded games and random playouts, replayed with
// their states kept.
func wholeGames(t *testing.T) map[string]played {
	t.Helper()
	games := recordedGamesKept(t)
	cfg := playout.Config{Seats: []int{2, 3, 4}, Seed: 18450101, ViewEvery: -1, OfferedEvery: -1, ReplayEvery: -1, UndoEvery: -1, RoundTripEvery: -1}
	for i := range 12 {
		rec, err := playout.Playout(New(), cfg, i)
		if err != nil {
			t.Fatalf("playout %d: %v", i, err)
		}
		res, err := engine.Replay(New(), rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		games["playout "+strconv.Itoa(i)] = played{rec, res}
	}
	return games
}

// TestChoicesWholeGames words every decision along the moves of whole
// games (its prompt and every choice's label) in three languages: the
// English is exactly the English fields, German and French hold no
// English sentence of the catalog and no English seat name, and every
// choice and prompt names its message.
func TestChoicesWholeGames(t *testing.T) {
	g := New()
	info := translated()
	names := []string{"Ann", "", "Cleo", "Dev"}
	labels := map[string]bool{}
	texts := map[lang.Lang][]string{}
	for f, gm := range wholeGames(t) {
		res := gm.res
		seats := len(res.Status.Seats)
		st, _, err := g.Setup(gm.rec.Setup())
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range res.Moves {
			for j := 0; j <= len(p.Move); j++ {
				ch, err := g.Choices(st, p.Seat, p.Move[:j])
				if err != nil {
					t.Fatalf("%s move %d: %v", f, i+1, err)
				}
				if len(ch.Next) > 0 && ch.PromptMsg.ID == "" {
					t.Fatalf("%s move %d: prompt %q has no message", f, i+1, ch.Prompt)
				}
				en := engine.WordsFor(info, lang.English, nil)
				if got := en.Prompt(ch); got != ch.Prompt {
					t.Fatalf("%s: prompt %q in the catalog, %q in the field", f, got, ch.Prompt)
				}
				for _, c := range ch.Next {
					if c.LabelMsg.ID == "" {
						t.Fatalf("%s: choice %q has no message", f, c.Label)
					}
					labels[c.LabelMsg.ID] = true
					if got, _ := en.Choice(c); got != c.Label {
						t.Fatalf("%s: choice %q in the catalog, %q in the field", f, got, c.Label)
					}
				}
				for _, l := range []lang.Lang{lang.German, lang.French} {
					w := engine.WordsFor(info, l, names[:seats])
					if len(ch.Next) > 0 {
						texts[l] = append(texts[l], w.Prompt(ch))
					}
					for _, c := range ch.Next {
						for _, lc := range lang.Supported {
							if _, err := catalog.Localize(lc, c.LabelMsg.ID, engine.WordsFor(info, lc, nil).SeatData(c.LabelMsg.Data, -1)); err != nil {
								t.Fatalf("%s: %v", c.Label, err)
							}
						}
						label, _ := w.Choice(c)
						texts[l] = append(texts[l], label)
					}
				}
			}
			st = p.State
		}
	}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		seen := map[string]bool{}
		for _, s := range texts[l] {
			if seen[s] {
				continue
			}
			seen[s] = true
			if leak := catalog.EnglishIn(l, s); len(leak) > 0 {
				t.Errorf("%s: English %q in %q", l, leak, s)
			}
			if strings.Contains(s, "seat ") || strings.Contains(s, "Seat ") {
				t.Errorf("%s: the English seat name in %q", l, s)
			}
		}
	}
	var missing []string
	for _, id := range catalog.IDs() {
		if strings.HasPrefix(id, "choice.") && !labels[id] {
			missing = append(missing, id)
		}
	}
	t.Logf("choice messages no game offered: %v", missing)
}

// TestRefusalsWholeGames refuses wrong moves all along whole games (a
// wrong word after a legal move, and a set of first words) and words
// every refusal in three languages: each is a RuleError worded by its
// rule.<code> message, the English is exactly Msg, and German and French
// hold no English sentence of the catalog.
func TestRefusalsWholeGames(t *testing.T) {
	g := New()
	info := translated()
	codes := map[string]bool{}
	texts := map[lang.Lang]map[string]bool{lang.German: {}, lang.French: {}}
	bads := []engine.Move{{"zzz"}, {"go", "zzz"}, {"build"}, {"build", "zzz"}, {"canal"}, {"end"}, {"pass"}, {"tile"}, {"buy"}, {"sell"}, {"sellpair"}, {"card"}, {"card", "zzz"},
		{"ship"}, {"ship", "gb1"}, {"trader"}, {"trader", "zz9"}, {"poverty"}, {"depot"}, {"go"}, {"bonus"}, {"upgrade"}, {"upgrade", "zzz"}, {"produce"}, {"service"}}
	for f, gm := range wholeGames(t) {
		st, _, err := g.Setup(gm.rec.Setup())
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range gm.res.Moves {
			moves := append([]engine.Move{append(append(engine.Move{}, p.Move...), "zzz")}, bads...)
			if len(p.Move) > 1 {
				moves = append(moves, append(engine.Move{p.Move[0]}, "zzz"))
			}
			for _, bad := range moves {
				_, _, err := g.Apply(st, p.Seat, bad)
				re, ok := engine.AsRule(err)
				if !ok {
					continue
				}
				codes[re.Code] = true
				if !catalog.Has(lang.English, engine.RulePrefix+re.Code) {
					t.Fatalf("%s: refusal %s (%q) not worded by the catalog", f, re.Code, re.Msg)
				}
				if got := engine.WordsFor(info, lang.English, nil).Error(err); got != re.Msg {
					t.Fatalf("%s: refusal %s reads %q in the catalog, Msg %q", f, re.Code, got, re.Msg)
				}
				for _, l := range lang.Supported {
					if _, err := catalog.Localize(l, engine.RulePrefix+re.Code, re.Data); err != nil {
						t.Fatalf("%s: %v", re.Msg, err)
					}
				}
				for l := range texts {
					texts[l][engine.WordsFor(info, l, nil).Error(err)] = true
				}
			}
			st = p.State
		}
	}
	for l, ss := range texts {
		for s := range ss {
			if leak := catalog.EnglishIn(l, s); len(leak) > 0 {
				t.Errorf("%s: English %q in %q", l, leak, s)
			}
		}
	}
	var missing []string
	for _, id := range catalog.IDs() {
		if code, ok := strings.CutPrefix(id, engine.RulePrefix); ok && !codes[code] {
			missing = append(missing, code)
		}
	}
	t.Logf("%d codes refused; never: %v", len(codes), missing)
}

// TestRareRefusals: refusals no whole game causes read as before the
// catalog.
func TestRareRefusals(t *testing.T) {
	for _, c := range []struct {
		err  *engine.RuleError
		want string
	}{
		{rule("build.cash", TopicBuild, "cost", "2", "cash", "1"), "building costs £2; you have £1"},
		{rule("build.needs-canal", TopicBuild, "industry", "brewery", "district", "mccord"), "a Brewery needs a district with canal; McCord has none"},
		{rule("build.needs-rail", TopicBuild, "industry", "iron-depot", "district", "wellington"), "a Iron Depot needs a district with rail; Wellington has none"},
		{rule("build.wood", TopicBuild, "industry", "iron-depot", "wood", "2", "has", "1"), "a Iron Depot costs 2 wood; you have 1"},
		{rule("build.space-unused", TopicBuild, "space", "5", "players", "2"), "space 5 is not in play with 2 players"},
		{rule("card.needs-rail", TopicCards, "card", "gtr-shareholder", "district", "stann"), "Grand Trunk Railway Shareholder needs a district with rail; St. Ann has none"},
		{rule("go.cannot-act", TopicNavigation, "district", "lesbassins"), "you cannot pay for the boat and a district action in Les Bassins"},
		{rule("build.unknown-space", TopicBuild, "quoted", quoted(`s"9`)), `"s\"9" is not a building space: s1 to s5`},
	} {
		if c.err.Msg != c.want {
			t.Errorf("%s: %q, want %q", c.err.Code, c.err.Msg, c.want)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			s := engine.WordsFor(translated(), l, nil).Error(c.err)
			if leak := catalog.EnglishIn(l, s); len(leak) > 0 {
				t.Errorf("%s: English %q in %q", l, leak, s)
			}
		}
	}
	// What the player typed is quoted the language's way.
	unknown := rule("move.unknown", TopicNotation, "quoted", quoted("zzz"))
	for l, want := range map[lang.Lang]string{lang.English: `"zzz"`, lang.German: "„zzz“", lang.French: "«\u00a0zzz\u00a0»"} {
		if s := engine.WordsFor(translated(), l, nil).Error(unknown); !strings.Contains(s, want) {
			t.Errorf("%s: %q does not quote as %q", l, s, want)
		}
	}
}

// TestCardNames: every city card by its card.<token> message (Words.Card)
// reads its printed name in English and German.
func TestCardNames(t *testing.T) {
	info := translated()
	for _, c := range theData().cards {
		card := engine.Card{Token: c.ID, Name: c.Name}
		if got := engine.WordsFor(info, lang.English, nil).Card(card); got != c.Name {
			t.Errorf("%s: %q, want %q", c.ID, got, c.Name)
		}
		if got := engine.WordsFor(info, lang.German, nil).Card(card); got == c.ID || got == "" {
			t.Errorf("%s in German: %q", c.ID, got)
		}
	}
	if got := engine.WordsFor(info, lang.German, nil).Card(engine.Card{Token: "poverty-reduction"}); got != "Geringere Armut" {
		t.Errorf("Poverty Reduction in German: %q", got)
	}
}

// TestAskNamesMidSentence: a decision's name (name.ask.*) stands in the
// middle of a refusal, in parentheses ("… is not possible here (which
// district); …"), so it begins in lower case unless its first word is a
// German noun; and the markets keep the capitals their own names have
// (name.market.*). German once began every one with a capital, English
// wrote "great britain".
func TestAskNamesMidSentence(t *testing.T) {
	c := Catalog()
	nouns := map[string]bool{"Händlerbonus": true, "Mehl": true, "Kanalaktion": true, "Getreide": true, "Stadtaktion": true}
	for _, l := range []lang.Lang{lang.English, lang.German, lang.French} {
		var markets []string
		for _, id := range c.IDsIn("name.market") {
			markets = append(markets, strings.TrimPrefix(c.Text(l, id, nil), "the "))
		}
		for _, id := range c.IDsIn("name.ask") {
			s := c.Text(l, id, nil)
			first := strings.Fields(s)[0]
			if r := []rune(first)[0]; unicode.IsUpper(r) && !(l == lang.German && nouns[first]) {
				t.Errorf("%s %s = %q begins with a capital", l, id, s)
			}
			for _, m := range markets {
				if i := strings.Index(strings.ToLower(s), strings.ToLower(m)); i >= 0 && s[i:i+len(m)] != m {
					t.Errorf("%s %s = %q writes %q otherwise", l, id, s, m)
				}
			}
		}
	}
	g := New()
	st, _, err := g.Setup(engine.Setup{Seats: 2, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = g.Apply(st, g.Status(st).Active[0], engine.Move{"build"})
	if got, want := engine.WordsFor(g.Info(), lang.German, nil).Error(err), "(setze dein Holzlager)"; !strings.Contains(got, want) {
		t.Errorf("German refusal %q, want it to contain %q", got, want)
	}
}
