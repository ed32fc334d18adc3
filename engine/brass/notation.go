package brass

import (
	"slices"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// The notation is documented in docs/notation.md. Parsing is lexical:
// words are lowercased and put in canonical spelling; legality is Apply's.

var wordAliases = map[string]string{
	// actions
	"dev": "develop", "borrow": "loan", "discard": "pass",
	// industries
	"mill": "cotton", "mills": "cotton", "cotton-mill": "cotton", "cottonmill": "cotton", "cotton_mill": "cotton",
	"ports": "port",
	"mine":  "coal", "mines": "coal", "coal-mine": "coal", "coalmine": "coal", "coal_mine": "coal",
	"ironworks": "iron", "iron-works": "iron", "iron_works": "iron", "works": "iron", "foundry": "iron",
	"shipyard": "ship", "shipyards": "ship", "ships": "ship",
	// places
	"runcorn": "warrington",
}

// notationWords adds the place names to wordAliases and phrases, once,
// before the first move is read: the board is decoded on its first use,
// not at start (docs/performance.md, "Cold start"). Every reader of
// wordAliases and phrases calls it first.
var notationWords = sync.OnceFunc(func() { placeAliases(); placePhrases() })

// placeAliases adds each place's spellings to wordAliases.
func placeAliases() {
	for _, p := range theBoard().places {
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

// phrases are names players type in several words, joined into one word
// before the text is split, so they also work inside link, card and sale
// tokens ("canal ellesmere port-northwich", "sell bolton>distant market").
// Built on first use (notationWords) from the place names (plus the variants below), longest
// first.
var phrases []struct{ from, to string }

// placePhrases fills phrases.
func placePhrases() {
	add := func(from, to string) {
		if strings.Contains(from, " ") {
			phrases = append(phrases, struct{ from, to string }{from, to})
		}
	}
	for _, p := range theBoard().places {
		n := strings.ToLower(p.Name)
		add(n, p.ID)
		add(strings.ReplaceAll(n, "&", "and"), p.ID)
		add(strings.ReplaceAll(n, "-", " "), p.ID)
		if t, ok := strings.CutPrefix(n, "the "); ok {
			add(t, p.ID)
		}
	}
	add("barrow-in furness", "barrow")
	add("barrow in-furness", "barrow")
	add("distant market", "distant")
	slices.SortStableFunc(phrases, func(a, b struct{ from, to string }) int { return len(b.from) - len(a.from) })
}

// joinPhrases replaces every phrase standing between word boundaries.
func joinPhrases(text string) string {
	notationWords()
	for _, ph := range phrases {
		for from := 0; ; {
			i := strings.Index(text[from:], ph.from)
			if i < 0 {
				break
			}
			i += from
			j := i + len(ph.from)
			if (i == 0 || isWordEdge(text[i-1])) && (j == len(text) || isWordEdge(text[j])) {
				text = text[:i] + ph.to + text[j:]
				from = i + len(ph.to)
			} else {
				from = i + 1
			}
		}
	}
	return text
}

// isWordEdge: the characters that may stand next to a name in a token.
func isWordEdge(c byte) bool {
	return strings.IndexByte(" \t-:>+@", c) >= 0
}

// nounAfter lists, per industry, the nouns that may follow its name to
// make the two-word name of the industry ("coal mine", "iron works"); the
// noun is dropped instead of being read as a second industry.
var nounAfter = map[string][]string{
	"cotton": {"mill", "mills"},
	"coal":   {"mine", "mines"},
	"iron":   {"works", "foundry", "foundries"},
	"ship":   {"yard", "yards"},
}

// normalizeWord resolves an alias of an industry, place or action.
func normalizeWord(w string) string {
	notationWords()
	if a, ok := wordAliases[w]; ok {
		return a
	}
	return w
}

func isPlace(w string) bool {
	_, ok := theBoard().placeIndex[w]
	return ok
}

// normWhere normalizes "<place>[@n]", dropping an industry word written
// before or after a colon ("bury:mill", "port:liverpool"). The word is
// dropped only when what remains is a non-empty word without a colon, so
// that the result normalizes to itself ("port::coal" stays as it is).
func normWhere(w string) string {
	if a, b, ok := strings.Cut(w, ":"); ok && a != "" && b != "" && !strings.Contains(b, ":") {
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
	notationWords()
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
		if !ok || strings.Contains(b, "+") {
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
	m := parseWords(text)
	// The canonical text of a move must read back as the move. Tokens that,
	// written next to each other, spell a longer name ("ellesmere port",
	// typed "ellesmereport port") or an industry and its noun ("iron
	// foundries") are read again as the canonical text would be; every
	// round joins or drops a word, so a few rounds settle it.
	for range 8 {
		again := parseWords(strings.Join(m, " "))
		if slices.Equal(again, m) {
			break
		}
		m = again
	}
	if len(m) == 0 {
		return nil, rule("notation.empty", TopicNotation)
	}
	return m, nil
}

// parseWords is one reading of the text: phrases joined, words put in
// canonical spelling.
func parseWords(text string) engine.Move {
	text = strings.ToLower(strings.ReplaceAll(text, ",", " "))
	words := strings.Fields(joinPhrases(strings.Join(strings.Fields(text), " ")))
	var m engine.Move
	prev := ""
	for _, w := range words {
		// "coal mine", "card:iron works": the noun completes the name.
		if base := strings.TrimPrefix(prev, "card:"); slices.Contains(nounAfter[base], w) {
			prev = ""
			continue
		}
		prev = w
		m = append(m, normToken(w))
	}
	return m
}

// FormatMove joins canonical tokens.
func (Game) FormatMove(m engine.Move) string { return strings.Join(m, " ") }
