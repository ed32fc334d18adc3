package urbanization

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// reading collects what the readers of a match read, per language, each
// text once.
type reading struct {
	t     *testing.T
	seen  map[string]bool
	count map[lang.Lang]int
}

// englishSeat is the English default seat name, which no German or French
// text may hold.
var englishSeat = regexp.MustCompile(`\b[Ss]eat [0-9]`)

func (r *reading) add(l lang.Lang, where, s string) {
	r.t.Helper()
	key := string(l) + "\x00" + s
	if r.seen[key] {
		return
	}
	r.seen[key] = true
	r.count[l]++
	if strings.TrimSpace(s) == "" {
		r.t.Errorf("%s: %s is empty", l, where)
		return
	}
	if l == lang.English {
		return
	}
	if en := englishIn(l, s); len(en) > 0 {
		r.t.Errorf("%s %s %q holds the English %q", l, where, s, en)
	}
	if englishSeat.MatchString(s) {
		r.t.Errorf("%s %s %q names a seat in English", l, where, s)
	}
	if strings.Contains(s, "<no value>") || strings.Contains(s, "{{") {
		r.t.Errorf("%s %s %q is not fully worded", l, where, s)
	}
}

// sharedWords are English fragments that are the language's own words
// too: "1 grain" is French.
var sharedWords = map[lang.Lang]map[string]bool{lang.French: {"1 grain": true}}

// englishIn is catalog.EnglishIn without the fragments that hold no
// letter (punctuation between numbers, "): +") and the shared words.
func englishIn(l lang.Lang, s string) []string {
	var out []string
	for _, f := range catalog.EnglishIn(l, s) {
		if strings.IndexFunc(f, unicode.IsLetter) < 0 || sharedWords[l][f] {
			continue
		}
		out = append(out, f)
	}
	return out
}

// TestNarrateWholeGames plays whole matches (2 to 4 seats, with and
// without the Inventions expansion, random legal moves) and words what a
// player reads in English, German and French: every event for every
// viewer, every prompt and choice (label and help) along the moves, and
// refusals (a token not offered at each decision, unknown actions). The
// English is what the English fields say (one source); German and French
// hold no English sentence of the catalog and never "seat N".
func TestNarrateWholeGames(t *testing.T) {
	g := New()
	info := g.Info()
	r := &reading{t: t, seen: map[string]bool{}, count: map[lang.Lang]int{}}
	names := []string{"Ann", "", "cleo", "Dev"} // seat 2 has no name: "Seat 2", "Spieler 2", "Joueur 2"
	msgs := map[string]bool{}
	// Six games, -short too: fewer narrate no setup of the inventions,
	// and the six take half a second.
	for k := range 6 {
		seats := 2 + k%3
		opts := map[string]string{}
		if k%2 == 1 {
			opts[OptInventions] = "on"
		}
		seed := uint64(19190 + k)
		st, evs, err := g.Setup(engine.Setup{Seats: seats, Seed: seed, Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed, 19)
		for step := 0; ; step++ {
			for _, ev := range evs {
				msgs[ev.Msg] = true
				for viewer := engine.Spectator; viewer < seats; viewer++ {
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
			if status.Finished {
				break
			}
			seat := status.Active[0]
			var m engine.Move
			for {
				ch, err := g.Choices(st, seat, m)
				if err != nil {
					t.Fatalf("game %d step %d %v: %v", k, step, m, err)
				}
				for _, l := range lang.Supported {
					w := engine.WordsFor(info, l, names[:seats])
					if len(ch.Next) > 0 {
						prompt := w.Prompt(ch)
						r.add(l, "prompt "+ch.PromptMsg.ID, prompt)
						if l == lang.English && prompt != ch.Prompt {
							t.Errorf("English prompt %q, field %q", prompt, ch.Prompt)
						}
					}
					for _, c := range ch.Next {
						label, help := w.Choice(c)
						r.add(l, "choice "+c.LabelMsg.ID, label)
						if help != "" {
							r.add(l, "help "+c.HelpMsg.ID, help)
						}
						if l == lang.English && (label != c.Label || help != c.Help) {
							t.Errorf("English choice %q / %q, fields %q / %q", label, help, c.Label, c.Help)
						}
					}
				}
				if len(ch.Next) > 0 && rng.Intn(3) == 0 {
					// A token not offered here: the question comes back.
					refuse(t, r, g, info, st, seat, append(m[:len(m):len(m)], "zz"))
				}
				if len(ch.Next) == 0 || (ch.Complete && rng.Intn(2) == 0) {
					break
				}
				m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
			}
			if step%7 == 0 {
				for _, bad := range []engine.Move{{"jump"}, {"hire", "mayor"}, {"land", "t99"}, {"build", "castle"}, {"produce", "zz:1"}} {
					refuse(t, r, g, info, st, seat, bad)
				}
			}
			st, evs, err = g.Apply(st, seat, m)
			if err != nil {
				t.Fatalf("game %d step %d %v: %v", k, step, m, err)
			}
		}
	}
	for _, id := range []string{"event.setup-covered", "event.setup-inventions", "event.first-house", "event.hire", "event.land",
		"event.build.house", "event.orders", "event.attract", "event.produce", "event.citizens", "event.feeding",
		"event.game-end-2", "event.game-end-3", "event.game-end-4", "event.invention"} {
		if !msgs[id] {
			t.Errorf("no match narrated %s: widen the games", id)
		}
	}
	t.Logf("texts read: %v", r.count)
}

// refuse applies a bad move and words its refusal in every language.
func refuse(t *testing.T, r *reading, g Game, info engine.Info, st engine.State, seat int, m engine.Move) {
	t.Helper()
	_, _, err := g.Apply(st, seat, m)
	if err == nil {
		return
	}
	re, ok := engine.AsRule(err)
	if !ok {
		return
	}
	for _, l := range lang.Supported {
		got := engine.WordsFor(info, l, nil).Error(err)
		r.add(l, "refusal "+re.MsgID(), got)
		if l == lang.English && got != re.Msg {
			t.Errorf("English refusal %s %q, Msg %q", re.MsgID(), got, re.Msg)
		}
	}
}

// TestDataTextsMatchCatalog: the characters' abilities and the inventions'
// effects, which the help topics read from the data (help.go), are the
// English of the catalog's messages the choices show.
func TestDataTextsMatchCatalog(t *testing.T) {
	for c, ch := range theData().characters {
		if got := enMsg(msg("ability." + ch.ID)); got != ch.Ability {
			t.Errorf("character %d: catalog %q, data %q", c, got, ch.Ability)
		}
		if got := enMsg(msg("name.character." + ch.ID)); got != ch.Name {
			t.Errorf("character %d: name %q, data %q", c, got, ch.Name)
		}
	}
	for c, inv := range theData().inventions {
		if got, want := enMsg(inventionMsg(c)), inventionText(c); got != want {
			t.Errorf("invention %s: catalog %q, help %q", inv.ID, got, want)
		}
		if got := enMsg(msg("name.invention." + inv.ID)); got != inv.Name {
			t.Errorf("invention %s: name %q, data %q", inv.ID, got, inv.Name)
		}
	}
	for _, f := range theData().factories {
		if got := enMsg(msg("name.factory." + f.ID)); got != f.Name {
			t.Errorf("factory %s: name %q, data %q", f.ID, got, f.Name)
		}
	}
	for i, tr := range theData().terrs {
		if got, want := enMsg(msg("name.territory."+tr.ID)), fmt.Sprintf("territory %d", terrNumber(i)); got != want {
			t.Errorf("territory %s: name %q, want %q", tr.ID, got, want)
		}
	}
}
