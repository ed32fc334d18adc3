package smokyvalley

import (
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// The notation is documented in docs/notation.md (The Smoky Valley). A
// move is words separated by spaces, one word per decision; parsing is
// lexical: words are lower-cased and put in canonical spelling, legality is
// Apply's business.

var aliases = map[string]string{
	"bricks": "brick", "machines": "machine", "beers": "beer", "coals": "coal", "woods": "wood", "irons": "iron",
	"money": "cash", "£1": "cash", "pound": "cash",
	"upstream": "go", "move": "go", "boat": "go",
	"develop": "service", "acquire": "card", "city": "card", "board": "trader", "load": "ship",
	"done": "end", "finish": "end",
}

// notationWords adds the names of the game's data (districts, industries,
// services, cards) to aliases, once, before the first move is read: the
// data is decoded on its first use, not at start (docs/performance.md,
// "Cold start"). Every reader of aliases calls it first.
var notationWords = sync.OnceFunc(func() {
	for _, d := range theData().districts {
		n := strings.ToLower(d.Name)
		for _, v := range []string{n, strings.ReplaceAll(n, " ", ""), strings.ReplaceAll(n, " ", "-"), strings.ReplaceAll(n, ". ", "-"),
			strings.ReplaceAll(strings.ReplaceAll(n, ".", ""), " ", "-"), strings.ReplaceAll(strings.ReplaceAll(n, ".", ""), " ", ""),
			strings.ReplaceAll(strings.ReplaceAll(n, "st.", "saint"), " ", "-")} {
			if v != d.ID && !strings.Contains(v, " ") {
				aliases[v] = d.ID
			}
		}
	}
	for _, ind := range theData().industries {
		for _, v := range []string{strings.ReplaceAll(ind.ID, "-", ""), strings.ReplaceAll(ind.ID, "-", "_")} {
			if v != ind.ID {
				aliases[v] = ind.ID
			}
		}
	}
	for _, s := range theData().services {
		for _, v := range []string{strings.ReplaceAll(s.ID, "-", ""), strings.ReplaceAll(s.ID, "-", "_")} {
			if v != s.ID {
				aliases[v] = s.ID
			}
		}
	}
	for _, c := range theData().cards {
		for _, v := range []string{strings.ReplaceAll(c.ID, "-", ""), strings.ReplaceAll(c.ID, "-", "_")} {
			if v != c.ID {
				aliases[v] = c.ID
			}
		}
	}
})

func canonWord(w string) string {
	notationWords()
	if a, ok := aliases[w]; ok {
		return a
	}
	return w
}

// ParseMove reads a move typed in the notation.
func (Game) ParseMove(text string) (engine.Move, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return nil, rule("move.empty", TopicNotation)
	}
	m := make(engine.Move, 0, len(words))
	for _, w := range words {
		switch {
		case strings.Contains(w, "@"):
			a, b, _ := strings.Cut(w, "@")
			w = canonWord(a) + "@" + b
		case strings.Contains(w, ":"):
			a, b, _ := strings.Cut(w, ":")
			w = canonWord(a) + ":" + b
		default:
			w = canonWord(w)
		}
		m = append(m, w)
	}
	return m, nil
}

// FormatMove writes a move in canonical notation.
func (Game) FormatMove(m engine.Move) string { return strings.Join(m, " ") }
