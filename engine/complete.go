package engine

import (
	"slices"
	"sort"
	"strings"
)

// Suggestion is one autocompletion of typed notation.
type Suggestion struct {
	Text     string `json:"text"`     // notation to offer, canonical spelling
	Label    string `json:"label"`    // human label of the tokens offered, in English
	Complete bool   `json:"complete"` // Text is a complete legal move
	// Parts are the choices whose labels make Label, one per token
	// offered beyond what was typed, for hosts to word Label in another
	// language (Words.Choice each, joined by spaces). None for the typed
	// move itself offered for submission (Label "submit").
	Parts []Choice `json:"-"`
}

// Suggest completes typed notation for seat: the words already typed are
// parsed into tokens, the trailing fragment (if any) filters the legal next
// tokens by prefix, and a completion is followed while it has exactly one
// continuation. Complete moves come first. When a single suggestion is
// left incomplete ("loan", or "ta" for take), its continuations follow it
// ("loan 10", "loan 20", "loan 30"), each followed through its forced
// choices, if all of them fit under limit (DefaultSuggestions when limit
// is 0). It returns at most limit suggestions (0: no limit).
func Suggest(g Game, st State, seat int, typed string, limit int) []Suggestion {
	typed = strings.TrimLeft(typed, " ")
	fragment := ""
	head := typed
	if !strings.HasSuffix(typed, " ") {
		if i := strings.LastIndexByte(typed, ' '); i >= 0 {
			head, fragment = typed[:i], typed[i+1:]
		} else {
			head, fragment = "", typed
		}
	}
	var prefix Move
	if strings.TrimSpace(head) != "" {
		m, err := g.ParseMove(head)
		if err != nil {
			return nil
		}
		prefix = m
	}
	ch, err := g.Choices(st, seat, prefix)
	if err != nil {
		return nil
	}
	var out []suggestion
	if fragment == "" && ch.Complete && len(prefix) > 0 {
		out = append(out, suggestion{Suggestion: Suggestion{Text: g.FormatMove(prefix), Label: "submit", Complete: true}})
	}
	frag := strings.ToLower(fragment)
	// The fragment is matched against canonical tokens and against what the
	// parser makes of it, so aliases ("mill" for "cotton") complete too.
	var parsedFrag string
	if frag != "" {
		if m, err := g.ParseMove(frag); err == nil && len(m) == 1 {
			parsedFrag = m[0]
		}
	}
	for _, c := range ch.Next {
		tok := strings.ToLower(c.Token)
		if frag != "" && !strings.HasPrefix(tok, frag) && !(parsedFrag != "" && strings.HasPrefix(tok, parsedFrag)) &&
			!strings.Contains(strings.ToLower(c.Label), frag) {
			continue
		}
		out = append(out, follow(g, st, seat, append(append(Move{}, prefix...), c.Token), c.Label, []Choice{c}))
	}
	completeFirst(out)
	room := limit
	if room <= 0 {
		room = DefaultSuggestions
	}
	// One word left open ("loan", "ta"): offer its continuations right
	// after it, when they all fit.
	open := -1
	for i, s := range out {
		if !s.Complete {
			if open >= 0 {
				open = -1
				break
			}
			open = i
		}
	}
	if open >= 0 && len(out[open].next) > 0 && len(out)+len(out[open].next) <= room {
		s := out[open]
		kids := make([]suggestion, 0, len(s.next))
		for _, c := range s.next {
			kids = append(kids, follow(g, st, seat, append(append(Move{}, s.move...), c.Token), s.Label+" "+c.Label, append(slices.Clip(s.Parts), c)))
		}
		completeFirst(kids)
		out = append(out[:open+1], append(kids, out[open+1:]...)...)
	}
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	res := make([]Suggestion, len(out))
	for i, s := range out {
		res[i] = s.Suggestion
	}
	if len(res) == 0 {
		return nil
	}
	return res
}

func completeFirst(ss []suggestion) {
	sort.SliceStable(ss, func(i, j int) bool { return ss[i].Complete && !ss[j].Complete })
}

// DefaultSuggestions is how many suggestions Suggest fills with
// continuations when it is given no limit.
const DefaultSuggestions = 25

// suggestion is a Suggestion with its move and, when incomplete, the
// choices that continue it.
type suggestion struct {
	Suggestion
	move Move
	next []Choice
}

// follow extends m through its forced continuations (at most 8), so the
// suggestion is as long as is certain.
func follow(g Game, st State, seat int, m Move, label string, parts []Choice) suggestion {
	var next []Choice
	done := false
	for depth := 0; ; depth++ {
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			break
		}
		done, next = ch.Complete, ch.Next
		if ch.Complete || len(ch.Next) != 1 || depth == 8 {
			break
		}
		m = append(m, ch.Next[0].Token)
		label = label + " " + ch.Next[0].Label
		parts = append(parts, ch.Next[0])
	}
	s := suggestion{Suggestion: Suggestion{Text: g.FormatMove(m), Label: label, Complete: done, Parts: parts}, move: m}
	if !done {
		s.next = next
	}
	return s
}
