package engine

import (
	"sort"
	"strings"
)

// Suggestion is one autocompletion of typed notation.
type Suggestion struct {
	Text     string `json:"text"`     // notation to offer, canonical spelling
	Label    string `json:"label"`    // human label of the last token
	Complete bool   `json:"complete"` // Text is a complete legal move
}

// Suggest completes typed notation for seat: the words already typed are
// parsed into tokens, the trailing fragment (if any) filters the legal next
// tokens by prefix, and a completion is followed while it has exactly one
// continuation. It returns at most limit suggestions, complete moves first.
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
	var out []Suggestion
	if fragment == "" && ch.Complete && len(prefix) > 0 {
		out = append(out, Suggestion{Text: g.FormatMove(prefix), Label: "submit", Complete: true})
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
		m := append(append(Move{}, prefix...), c.Token)
		label := c.Label
		// Follow forced continuations (at most 8) so the suggestion is as
		// long as is certain.
		done := false
		for depth := 0; ; depth++ {
			next, err := g.Choices(st, seat, m)
			if err != nil {
				break
			}
			done = next.Complete
			if next.Complete || len(next.Next) != 1 || depth == 8 {
				break
			}
			m = append(m, next.Next[0].Token)
			label = label + " " + next.Next[0].Label
		}
		out = append(out, Suggestion{Text: g.FormatMove(m), Label: label, Complete: done})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Complete && !out[j].Complete })
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out
}
