package urbanization

// The words a player reads: every event about a seat has a second-person
// Own text, no text calls a player "it", and no text, prompt or choice
// label shows a data id (saw-mill, factory-6, harvest-two, t09, s3) where
// a name belongs.

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/playout"
)

// wordGames are the whole games the words tests read: random playouts of
// every seat count with and without the expansion (and the other option
// readings), and the recorded greedy games.
func wordGames(t *testing.T) []engine.Record {
	t.Helper()
	g := New()
	var recs []engine.Record
	for k, opts := range []map[string]string{
		nil,
		{OptInventions: "on"},
		{OptInventions: "on", OptGrainCap: "harvest", OptProduction: "exact", OptMayorTie: "former"},
	} {
		cfg := playout.Config{Options: opts, Seed: 19300101 + uint64(k)*1000, Workers: 1,
			RoundTripEvery: -1, ViewEvery: -1, OfferedEvery: -1, ReplayEvery: -1, UndoEvery: -1}
		for i := range 6 {
			rec, err := playout.Playout(g, cfg, i)
			if err != nil {
				t.Fatalf("playout %d: %v", i, err)
			}
			recs = append(recs, rec)
		}
	}
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(bytes.NewReader(data))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		recs = append(recs, rec)
	}
	return recs
}

var (
	// anySeat is a seat named in a text.
	anySeat = regexp.MustCompile(`\b[Ss]eat ([0-9]+)\b`)
	// secondPerson is a word of the second person.
	secondPerson = regexp.MustCompile(`\b(you|your|You|Your)\b`)
	// seatIt is a seat named and then "it" or "its" in the same clause.
	seatIt = regexp.MustCompile(`\b[Ss]eat [0-9]+\b[^.;:!?()]*?\b([Ii]ts?)\b`)
	// idWord finds the words of a text (a hyphen joins a word).
	idWord = regexp.MustCompile(`[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*`)
	// tokenShape is a territory or docking space token.
	tokenShape = regexp.MustCompile(`^(t[0-9]{2}|s[0-9])$`)
)

// dataIDs are the ids of the data that a text must name instead: factory
// cards and invention cards with a hyphen or unlike their name, and the
// character ids unlike their names.
func dataIDs() map[string]bool {
	ids := map[string]bool{}
	add := func(id, name string) {
		if !strings.EqualFold(id, name) {
			ids[id] = true
		}
	}
	for _, f := range theData().factories {
		add(f.ID, f.Name)
	}
	for _, inv := range theData().inventions {
		add(inv.ID, inv.Name)
	}
	for _, c := range theData().characters {
		add(c.ID, c.Name)
	}
	return ids
}

// rawIDs lists the data ids and tokens standing in text.
func rawIDs(ids map[string]bool, text string) []string {
	var bad []string
	for _, w := range idWord.FindAllString(text, -1) {
		if ids[w] || tokenShape.MatchString(w) {
			bad = append(bad, w)
		}
	}
	return bad
}

// TestOwnTexts walks whole games and checks every event about a seat: it
// has an Own text in the second person that does not name the seat
// itself, and neither text calls a player "it".
func TestOwnTexts(t *testing.T) {
	g := New()
	kinds := map[string]bool{}
	seen := map[string]bool{}
	for _, rec := range wordGames(t) {
		res, err := engine.Replay(g, rec)
		if err != nil {
			t.Fatal(err)
		}
		evs := res.Setup
		for _, p := range res.Moves {
			evs = append(evs, p.Events...)
		}
		for _, e := range evs {
			if m := seatIt.FindStringSubmatch(e.Text); m != nil && !seen[e.Text] {
				seen[e.Text] = true
				t.Errorf("%s: %q calls a player %q", e.Kind, e.Text, m[1])
			}
			if e.Seat < 0 {
				if e.Own != "" {
					t.Errorf("%s: an event about no seat has an Own text %q", e.Kind, e.Own)
				}
				continue
			}
			kinds[e.Kind] = true
			switch {
			case e.Own == "":
				if !seen[e.Text] {
					t.Errorf("%s: no Own text for %q", e.Kind, e.Text)
				}
			case !secondPerson.MatchString(e.Own):
				t.Errorf("%s: Own %q is not in the second person", e.Kind, e.Own)
			default:
				for _, m := range anySeat.FindAllStringSubmatch(e.Own, -1) {
					if m[1] == itoa(e.Seat+1) {
						t.Errorf("%s: Own %q names its own seat", e.Kind, e.Own)
					}
				}
				if m := seatIt.FindStringSubmatch(e.Own); m != nil {
					t.Errorf("%s: Own %q calls a player %q", e.Kind, e.Own, m[1])
				}
			}
			seen[e.Text] = true
		}
	}
	// The games must reach the kinds of events about a seat, or the test
	// proves little.
	for _, k := range []string{"first", "first-house", "markers", "hire", "mayor", "land", "build", "architect",
		"grain-buy", "grain-sell", "millworker", "sow", "orders", "orders-bonus", "attract", "factory", "upgrade",
		"produce", "engineer", "taxes", "collector", "harvest", "citizens", "feeding", "invent-move", "invention",
		"invention-orders", "recall", "pass", "factory-sum", "agent"} {
		if !kinds[k] {
			t.Errorf("no %q event in the games", k)
		}
	}
}

// TestNoRawIDs walks whole games and checks every text a player reads
// along them (event texts, Own texts, prompts, choice labels and help, the
// phase) and the notation examples' meanings for data ids and tokens.
func TestNoRawIDs(t *testing.T) {
	g := New()
	ids := dataIDs()
	bad := map[string][]string{}
	check := func(where, text string) {
		if ws := rawIDs(ids, text); len(ws) > 0 {
			if _, ok := bad[text]; !ok {
				bad[text] = append([]string{where}, ws...)
			}
		}
	}
	for n, rec := range wordGames(t) {
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.Setup {
			check("setup event", e.Text)
		}
		st, _, err := g.Setup(rec.Setup())
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range res.Moves {
			if p.Undo != 0 {
				st = p.State
				continue
			}
			// the choices along every move of a few games (they cost)
			if n%3 == 0 {
				for j := 0; j <= len(p.Move); j++ {
					ch, err := g.Choices(st, p.Seat, p.Move[:j])
					if err != nil {
						t.Fatalf("move %d: %v", k+1, err)
					}
					check("prompt", ch.Prompt)
					for _, c := range ch.Next {
						check("choice label", c.Label)
						check("choice help", c.Help)
					}
				}
			}
			for _, e := range p.Events {
				check("event "+e.Kind, e.Text)
				check("own "+e.Kind, e.Own)
			}
			check("phase", g.Status(p.State).Phase)
			st = p.State
		}
	}
	for _, ex := range g.Info().Examples {
		check("example "+ex.Move, ex.Meaning)
	}
	texts := make([]string, 0, len(bad))
	for text := range bad {
		texts = append(texts, text)
	}
	sort.Strings(texts)
	for _, text := range texts {
		t.Errorf("%s: %q shows %v", bad[text][0], text, bad[text][1:])
	}
}

// TestGrainBuyFromFieldWorded: a purchase says how many of its grain came
// from the field when any did (a rival's Mill Worker takes only from
// there), in every language and both persons, and says nothing of the
// field when none did.
func TestGrainBuyFromFieldWorded(t *testing.T) {
	want := map[lang.Lang]string{lang.English: "(1 from the field)", lang.German: "(1 vom Feld)", lang.French: "(1 du champ)"}
	for _, field := range []int{0, 1} {
		ev := engine.Event{Audience: engine.Public, Seat: 0, Kind: "grain-buy", Msg: "event." + grainBuyMsg(field),
			Data: map[string]string{"grain": "2", "money": "5", "field": strconv.Itoa(field)}}
		for l, part := range want {
			w := engine.WordsFor(New().Info(), l, []string{"alice", "bob"})
			for _, viewer := range []int{engine.Spectator, 0} {
				got := w.Event(ev, viewer)
				if strings.Contains(got, part) != (field == 1) || strings.Contains(got, "{{") {
					t.Errorf("%s, %d from the field, seen by %d: %q", l, field, viewer, got)
				}
			}
		}
	}
}
