package brass

import (
	"slices"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// The notation is documented in docs/notation.md. Parsing is lexical:
// words are lowercased and put in canonical spelling; legality is Apply's.

var wordAliases = map[string]string{
	// actions
	"dev": "develop", "borrow": "loan", "discard": "pass", "liquidate": "liquidate",
	// industries
	"mill": "cotton", "mills": "cotton", "cotton-mill": "cotton", "cottonmill": "cotton", "cotton_mill": "cotton",
	"ports": "port",
	"mine":  "coal", "mines": "coal", "coal-mine": "coal", "coalmine": "coal", "coal_mine": "coal",
	"ironworks": "iron", "iron-works": "iron", "iron_works": "iron", "works": "iron", "foundry": "iron",
	"shipyard": "ship", "shipyards": "ship", "ships": "ship",
	// places
	"runcorn": "warrington",
}

func init() {
	for _, p := range theBoard.places {
		n := strings.ToLower(p.Name)
		for _, v := range []string{n, strings.ReplaceAll(n, " ", "-"), strings.ReplaceAll(n, " ", "_"), strings.ReplaceAll(n, " ", "")} {
			for _, x := range []string{v, strings.ReplaceAll(v, "&", "and"), strings.ReplaceAll(strings.ReplaceAll(v, "-&-", "-"), "_&_", "_")} {
				if x != p.ID && !strings.Contains(x, " ") {
					wordAliases[x] = p.ID
				}
			}
		}
		wordAliases[strings.ReplaceAll(p.ID, "_", "-")] = p.ID
	}
	wordAliases["warrington&runcorn"] = "warrington"
	wordAliases["warrington-runcorn"] = "warrington"
	wordAliases["the-midlands"] = "midlands"
}

// multiWord lists the words that may follow a place slug when its full
// name is typed with spaces; they are dropped.
var multiWord = []struct {
	head string
	rest []string
}{
	{"ellesmere", []string{"port"}},
	{"barrow", []string{"in", "furness"}},
	{"barrow-in", []string{"furness"}},
	{"warrington", []string{"&", "runcorn"}},
	{"warrington", []string{"and", "runcorn"}},
}

// normalizeWord resolves an alias of an industry, place or action.
func normalizeWord(w string) string {
	if a, ok := wordAliases[w]; ok {
		return a
	}
	return w
}

func isPlace(w string) bool {
	_, ok := theBoard.placeIndex[w]
	return ok
}

// normWhere normalizes "<place>[@n]", dropping an industry word written
// before or after a colon ("bury:mill", "port:liverpool").
func normWhere(w string) string {
	if a, b, ok := strings.Cut(w, ":"); ok {
		a, b = normalizeWord(a), normalizeWord(b)
		if _, isInd := industryBySlug(a); isInd {
			w = b
		} else if _, isInd := industryBySlug(b); isInd {
			w = a
		}
	}
	name, num, hasNum := strings.Cut(w, "@")
	name = normalizeWord(name)
	if hasNum {
		return name + "@" + num
	}
	return name
}

// normLink resolves "<a>-<b>" with any alias at either end into the
// canonical alphabetical form; it reports false when w is not a link.
func normLink(w string) (string, bool) {
	w = strings.ReplaceAll(w, "–", "-")
	for i := 0; i < len(w); i++ {
		if w[i] != '-' {
			continue
		}
		a, b := normalizeWord(w[:i]), normalizeWord(w[i+1:])
		if isPlace(a) && isPlace(b) {
			if b < a {
				a, b = b, a
			}
			return a + "-" + b, true
		}
	}
	return "", false
}

func normCard(s string) string { return normalizeWord(s) }

// normToken puts one word in canonical spelling.
func normToken(w string) string {
	if a, ok := wordAliases[w]; ok {
		return a
	}
	if t := strings.TrimLeft(w, "£"); t != w && t != "" {
		return normToken(t)
	}
	if rest, ok := strings.CutPrefix(w, "card:"); ok {
		return "card:" + normCard(rest)
	}
	if rest, ok := strings.CutPrefix(w, "cards:"); ok {
		a, b, ok := strings.Cut(rest, "+")
		if !ok {
			return w
		}
		a, b = normCard(a), normCard(b)
		if b < a {
			a, b = b, a
		}
		return "cards:" + a + "+" + b
	}
	for _, pre := range []string{"coal:", "iron:"} {
		if rest, ok := strings.CutPrefix(w, pre); ok {
			if rest == "market" || rest == "track" || rest == "demand" {
				return pre + "market"
			}
			return pre + normWhere(rest)
		}
	}
	if a, b, ok := strings.Cut(w, ">"); ok {
		switch b {
		case "distant", "distant-market", "market", "dm":
			b = "distant"
		default:
			b = normWhere(b)
		}
		return normWhere(a) + ">" + b
	}
	if strings.Contains(w, "@") {
		return normWhere(w)
	}
	if l, ok := normLink(w); ok {
		return l
	}
	return w
}

// ParseMove reads typed notation into canonical tokens.
func (Game) ParseMove(text string) (engine.Move, error) {
	text = strings.ToLower(strings.ReplaceAll(text, ",", " "))
	words := strings.Fields(text)
	var m engine.Move
	for i := 0; i < len(words); i++ {
		w := words[i]
		// Full names written in several words: "ellesmere port",
		// "barrow in furness", "warrington & runcorn".
		for _, tail := range multiWord {
			if strings.HasSuffix(w, tail.head) && i+len(tail.rest) < len(words) && slices.Equal(words[i+1:i+1+len(tail.rest)], tail.rest) {
				i += len(tail.rest)
				break
			}
		}
		m = append(m, normToken(w))
	}
	if len(m) == 0 {
		return nil, engine.Rule("notation.empty", TopicNotation, "empty move")
	}
	return m, nil
}

// FormatMove joins canonical tokens.
func (Game) FormatMove(m engine.Move) string { return strings.Join(m, " ") }
