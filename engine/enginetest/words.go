package enginetest

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
)

// Words plays whole games with the playout driver (cfg.Playouts of them,
// by default two of every seat count of cfg) and checks the words a person reads in them: every event's
// Text and Own, every Prompt, choice Label and Help along the moves played,
// the status (Phase, TieBreak, stat and breakdown labels and texts), every
// seat's holding (card names, stat labels and texts) and the meanings of
// the notation examples. Two things must not appear in them:
//
//   - a raw token of the game's notation where a name belongs. The tokens
//     are the game's own: every token its choices offered during the
//     playouts and every card token of a holding. A token is allowed in a
//     text only when it is a number or when it is itself a word of the
//     name a person reads for it (the choice's Label, the card's Name), so
//     "coal" labelled "Coal" and "build" labelled "Build an industry" pass
//     while "wi" labelled "West Indies" or "saw-mill" labelled "Sawmill"
//     fail wherever they appear as a whole word (case-sensitively, as the
//     notation spells them; a hyphen joins a word). Tokens inside the
//     notation itself (the examples' Move fields) are not checked. names
//     adds the IDs of the game's data that the choices may not offer as
//     tokens (ID -> the name printed for it), and every help topic of a
//     card ("card-<token>") adds its token with the topic's title. An ID
//     whose name there is the ID itself (a square's printed label "t12")
//     is allowed anywhere.
//   - "it" or "its" standing for a seat: players are people ("their",
//     "they"). A text that names a seat ("seat N", "Seat N's") and then says
//     "it" or "its" in the same clause fails.
//
// Failures are reported once per text (texts that differ only in their
// numbers count as one), with the token or pronoun at fault, at most 40 of
// them.
func Words(t testing.TB, g engine.Game, cfg Config, names map[string]string) {
	t.Helper()
	w := newWordCheck()
	for id, name := range names {
		w.token(id, name)
		if strings.EqualFold(id, name) {
			w.printed[id] = true
		}
	}
	for _, tp := range g.Info().Help {
		if id, ok := strings.CutPrefix(tp.ID, engine.CardTopicPrefix); ok {
			w.token(id, tp.Title)
		}
	}
	n := len(cfg.Seats)
	if n == 0 {
		n = g.Info().MaxSeats - g.Info().MinSeats + 1
	}
	if cfg.Playouts == 0 {
		cfg.Playouts = 2 * n
	}
	cfg.ViewEvery, cfg.OfferedEvery, cfg.ReplayEvery, cfg.UndoEvery, cfg.RoundTripEvery = -1, -1, -1, -1, -1
	cfg.Invariant = nil
	for i := range cfg.Playouts {
		rec, err := playout.Playout(g, cfg, i)
		if err != nil {
			t.Fatalf("playout %d: %v", i, err)
		}
		if err := w.collect(g, rec); err != nil {
			t.Fatalf("playout %d: %v", i, err)
		}
	}
	for _, ex := range g.Info().Examples {
		w.text("example meaning", ex.Meaning)
	}
	for _, f := range w.failures() {
		t.Error(f)
	}
}

// wordCheck gathers the tokens a game uses and the texts it shows.
type wordCheck struct {
	names map[string]map[string]bool // token -> the names shown for it
	// printed are the tokens whose name in the game's data is the token
	// itself (a space numbered on the board, a good named "coal").
	printed map[string]bool
	texts   map[string]string // text -> where it was first seen
	order   []string
}

func newWordCheck() *wordCheck {
	return &wordCheck{names: map[string]map[string]bool{}, printed: map[string]bool{}, texts: map[string]string{}}
}

func (w *wordCheck) token(tok, name string) {
	if w.names[tok] == nil {
		w.names[tok] = map[string]bool{}
	}
	w.names[tok][name] = true
}

func (w *wordCheck) text(where, s string) {
	if s == "" {
		return
	}
	if _, ok := w.texts[s]; !ok {
		w.texts[s] = where
		w.order = append(w.order, s)
	}
}

// digits finds the numbers of a text, which failures leave out when they
// tell texts apart ("Seat 1 ..." and "Seat 2 ..." fail once).
var digits = regexp.MustCompile(`[0-9]+`)

// collect replays rec and gathers its tokens and texts.
func (w *wordCheck) collect(g engine.Game, rec engine.Record) error {
	res, err := engine.Replay(g, rec, engine.KeepStates())
	if err != nil {
		return err
	}
	st, _, err := g.Setup(rec.Setup())
	if err != nil {
		return err
	}
	w.events("setup", res.Setup)
	w.position(g, st, "after setup")
	for k, p := range res.Moves {
		if p.Undo != 0 {
			st = p.State
			continue
		}
		where := fmt.Sprintf("move %d (seat %d %q)", k+1, p.Seat+1, g.FormatMove(p.Move))
		for j := 0; j <= len(p.Move); j++ {
			ch, err := g.Choices(st, p.Seat, p.Move[:j])
			if err != nil {
				return fmt.Errorf("%s: choices after %q: %v", where, g.FormatMove(p.Move[:j]), err)
			}
			w.text("prompt at "+where, ch.Prompt)
			for _, c := range ch.Next {
				w.token(c.Token, c.Label)
				w.text("choice label at "+where, c.Label)
				w.text("choice help at "+where, c.Help)
			}
		}
		w.events(where, p.Events)
		w.position(g, p.State, "after "+where)
		st = p.State
	}
	return nil
}

func (w *wordCheck) events(where string, evs []engine.Event) {
	for _, e := range evs {
		w.text(fmt.Sprintf("%s event %q text", where, e.Kind), e.Text)
		w.text(fmt.Sprintf("%s event %q own", where, e.Kind), e.Own)
	}
}

func (w *wordCheck) stats(where string, ss []engine.Stat) {
	for _, s := range ss {
		w.text(where+" stat "+s.Key+" label", s.Label)
		w.text(where+" stat "+s.Key+" text", s.Text)
	}
}

func (w *wordCheck) position(g engine.Game, st engine.State, where string) {
	s := g.Status(st)
	w.text("phase "+where, s.Phase)
	w.text("tie-break "+where, s.TieBreak)
	for _, ss := range s.Seats {
		w.stats("status "+where, ss.Stats)
		w.stats("breakdown "+where, ss.Breakdown)
		h := g.Holding(st, ss.Seat)
		for _, c := range h.Cards {
			w.token(c.Token, c.Name)
			w.text("holding card name "+where, c.Name)
		}
		w.stats("holding "+where, h.Stats)
	}
}

// wordRE finds the words of a text; a hyphen or an apostrophe inside a
// word joins it ("saw-mill", "factory-6", "seat's").
var wordRE = regexp.MustCompile(`[\p{L}\p{N}]+(?:[-'][\p{L}\p{N}]+)*`)

// seatPronoun is a seat named and then, in the same clause, "its" or an
// "it" that is a subject (followed by a verb in the third person or a
// modal: "it takes", "it may"); an "it" that is an object ("places it
// under") stands for a thing.
var seatPronoun = regexp.MustCompile(`\b[Ss]eat [0-9]+\b[^.;:!?()]*?\b([Ii]ts\b|[Ii]t (?:[a-z]+s|may|can|cannot|must|will|would|could|should|did|had)\b)`)

// allowed reports whether tok may stand in a text: a number; a word of
// letters only that is a word of one of the names shown for it ("coal"
// shown as "Coal", "build" as "Build an industry"); or an ordinary word
// that is not the code of a name: all letters, and every name shown for
// it is a description rather than a proper name ("tile" shown as "Canal
// action: Ship 1 Good", "cash" as "£1"). A token with a hyphen or a digit
// ("saw-mill", "factory-6", "w-build", "s1") is a code, never a name,
// even where a label shows it; one shown as a proper name ("wi" as "West
// Indies", "us" as "United States") is the code of that name.
func (w *wordCheck) allowed(tok string) bool {
	if strings.Trim(tok, "0123456789") == "" {
		return true
	}
	if w.printed[tok] {
		return true
	}
	if strings.ContainsFunc(tok, func(r rune) bool { return !unicode.IsLetter(r) }) {
		return false // a code such as "s1", "factory-6" or "w-build" is no name, whatever a label says
	}
	for name := range w.names[tok] {
		for _, word := range wordRE.FindAllString(name, -1) {
			if strings.EqualFold(word, tok) {
				return true
			}
		}
	}
	for name := range w.names[tok] {
		if properName(name) {
			return false
		}
	}
	return true
}

// minor are the words a proper name may keep in lower case.
var minor = map[string]bool{"a": true, "an": true, "the": true, "of": true, "in": true, "on": true, "for": true,
	"to": true, "with": true, "and": true, "at": true, "by": true, "de": true, "du": true, "la": true, "le": true}

// properName reports whether name reads as a proper name: it has a word
// of letters, and every word but the minor ones starts with a capital.
func properName(name string) bool {
	words := 0
	for _, word := range wordRE.FindAllString(name, -1) {
		r := []rune(word)[0]
		if !unicode.IsLetter(r) {
			continue
		}
		words++
		if !unicode.IsUpper(r) && !minor[word] {
			return false
		}
	}
	return words > 0
}

func (w *wordCheck) failures() []string {
	var out []string
	shapes := map[string]bool{}
	for _, s := range w.order {
		var bad, seen []string
		for _, word := range wordRE.FindAllString(s, -1) {
			// a possessive "'s" is not part of the token ("us's" is still "us")
			for _, cand := range []string{word, strings.TrimSuffix(word, "'s")} {
				if _, ok := w.names[cand]; ok && !w.allowed(cand) && !slices.Contains(seen, cand) {
					seen = append(seen, cand)
					names := make([]string, 0, len(w.names[cand]))
					for n := range w.names[cand] {
						names = append(names, n)
					}
					sort.Strings(names)
					bad = append(bad, fmt.Sprintf("token %q (shown as %q)", cand, names))
				}
			}
		}
		if m := seatPronoun.FindStringSubmatch(s); m != nil {
			bad = append(bad, fmt.Sprintf("%q for a seat", m[1]))
		}
		if shape := digits.ReplaceAllString(s, "#"); len(bad) > 0 && !shapes[shape] {
			shapes[shape] = true
			out = append(out, fmt.Sprintf("%s: %q: %s", w.texts[s], s, strings.Join(bad, ", ")))
			if len(out) == 40 {
				out = append(out, "stopping after 40 texts")
				break
			}
		}
	}
	return out
}
