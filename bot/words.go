package bot

import (
	"context"
	"embed"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

//go:embed messages/*.toml
var messages embed.FS

// catalog holds the host's own texts (the core's and its front ends'), in
// every language of lang.Supported; docs/i18n.md.
var catalog = lang.MustLoad("bot", messages, "messages")

// Catalog is the host's message catalog, for front ends (their fixed
// texts live in it too) and for tests (Check, EnglishIn).
func Catalog() *lang.Catalog { return catalog }

// Say words message id of the host's catalog in l (falling back to
// English; tests check that nothing is missing).
func Say(l lang.Lang, id string, kv ...string) string {
	data := lang.M(id, kv...).Data
	unEcho(l, data)
	return catalog.Text(l, id, data)
}

// ColourName is the name of seat's colour as the board draws it
// (render.Seat) in l: "sky blue", "himmelblau", "bleu ciel".
func ColourName(l lang.Lang, seat int) string {
	return Say(l, "colour."+strings.ReplaceAll(render.Seat(seat).Colour, " ", "-"))
}

// ParseLang reads a language as a person typed it (lang.Parse: a code, a
// tag with a region, a language's name); an unknown one is refused with
// the list of languages, worded in the reader's language.
func ParseLang(s string) (lang.Lang, error) {
	l, err := lang.Parse(s)
	if err != nil {
		return "", withCause(unknownLang(s), err)
	}
	return l, nil
}

// unknownLang refuses a language this build does not speak.
func unknownLang(s string) *Error {
	return detailed(KindInvalid, "language", "value", Echoed(s), "list", lang.List())
}

// Narration is the events of the outcome that viewer (a seat, or
// engine.Spectator) may see, each worded by w (the match's words for a
// public post, the reader's for a private one: Match.Words, WordsIn).
func (o Outcome) Narration(viewer int, w engine.Words) []string {
	return o.Match.Narration(o.Events, viewer, w)
}

// Narration words the events of evs that viewer may see with w: in
// English exactly as NarrateFor's Text.
func (m Match) Narration(evs []engine.Event, viewer int, w engine.Words) []string {
	var out []string
	for _, e := range evs {
		if e.VisibleTo(viewer) {
			out = append(out, m.NarrateIn(e, viewer, w))
		}
	}
	return out
}

// NarrateIn words one event for viewer with w: the host's own events (a
// computer playing a person's seat, a default move at a deadline, a
// resignation) from the host's catalog, the game's through w.Event.
func (m Match) NarrateIn(e engine.Event, viewer int, w engine.Words) string {
	if hostKinds[e.Kind] && e.Msg == "" {
		if viewer != engine.Spectator && viewer == e.Seat {
			return Say(w.Lang, "event."+e.Kind+"-own")
		}
		return Say(w.Lang, "event."+e.Kind, "seat", w.Seat(e.Seat))
	}
	return w.Event(e, viewer)
}

// ChoiceIn is a choice's label and help as seat reads them in w's
// language (the English fields, seats named, in English and where the
// catalog lacks them).
func (m Match) ChoiceIn(w engine.Words, c engine.Choice, seat int) (label, help string) {
	if w.Lang == lang.English || w.Info.Catalog == nil {
		return c.Label, c.Help
	}
	label, help = w.Choice(c)
	return m.NameFor(label, seat), m.NameFor(help, seat)
}

// PromptIn is a decision's prompt as seat reads it in w's language.
func (m Match) PromptIn(w engine.Words, ch engine.Choices, seat int) string {
	if w.Lang == lang.English || w.Info.Catalog == nil {
		return ch.Prompt
	}
	return m.NameFor(w.Prompt(ch), seat)
}

// SuggestIn is Suggest with each suggestion's label in l (the reader's
// language): the labels of the tokens it offers (engine.Suggestion.Parts)
// as the game's catalog words those choices, joined as the English ones
// are. English reads exactly as Suggest.
func (s *Service) SuggestIn(ctx context.Context, r Ref, userID, typed string, limit int, l lang.Lang) ([]engine.Suggestion, error) {
	sug, err := s.Suggest(ctx, r, userID, typed, limit)
	if err != nil || !l.Valid() || l == lang.English {
		return sug, err
	}
	m, seat, err := s.playable(ctx, r, userID)
	if err != nil || m.game.Info().Catalog == nil {
		return sug, nil
	}
	w := m.WordsIn(l)
	for i, sg := range sug {
		if len(sg.Parts) == 0 {
			continue
		}
		labels := make([]string, len(sg.Parts))
		for j, c := range sg.Parts {
			labels[j], _ = w.Choice(c)
		}
		sug[i].Label = m.NameFor(strings.Join(labels, " "), seat)
	}
	return sug, nil
}
