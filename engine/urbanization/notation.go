package urbanization

import (
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// The notation is documented in docs/notation.md. Parsing is lexical:
// words are lowercased and put in canonical spelling; legality is Apply's.

var wordAliases = map[string]string{
	// actions
	"buy-land": actLand, "erect": actBuild, "raise": actBuild, "trade": actGrain,
	"work-orders": actOrders, "workorders": actOrders, "wo": actOrders, "order": actOrders,
	"attract-industry": actAttract, "industry": actAttract, "goods": actProduce,
	"tax": actTaxes, "collect": actTaxes, "invention": actInvent, "inventions": actInvent,
	"acquire": actInvent, "take-back": actRecall, "skip": actPass,
	// buildings
	"houses": bHouse, "skyscrapers": bSkyscraper, "administrative": bAdmin, "administration": bAdmin,
	"admin-building": bAdmin, "administrative-building": bAdmin,
	// characters
	"mill-worker": "millworker", "tax-collector": "collector", "estate-agent": "agent", "makler": "agent",
	"real-estate-agent": "agent",
	// the exchange decision
	"swap": "exchange", "keep": "decline", "no": "decline",
}

// noise words are dropped: "land t09 to t03".
var noise = map[string]bool{"to": true, "->": true, "then": true}

// phrases are names typed in several words, joined with "-" before the
// text is split (longest first).
var phrases []string

// notationWords adds the names of the game's data (factories, characters,
// inventions) to wordAliases and phrases, once, before the first move is
// read: the data is decoded on its first use, not at start
// (docs/performance.md, "Cold start"). Every reader of wordAliases and
// phrases calls it first.
var notationWords = sync.OnceFunc(func() {
	add := func(name string) {
		if n := strings.ToLower(name); strings.Contains(n, " ") {
			phrases = append(phrases, n)
		}
	}
	for _, f := range theData().factories {
		add(f.Name)
		n := strings.ToLower(f.Name)
		for _, v := range []string{strings.ReplaceAll(n, " ", "-"), strings.ReplaceAll(n, " ", "_"), strings.ReplaceAll(n, " ", "")} {
			if v != f.ID {
				wordAliases[v] = f.ID
			}
		}
		wordAliases["#"+strconv.Itoa(f.Number)] = f.ID
		wordAliases["f"+strconv.Itoa(f.Number)] = f.ID
	}
	for _, c := range theData().characters {
		add(c.Name)
		n := strings.ToLower(c.Name)
		for _, v := range []string{strings.ReplaceAll(n, " ", "-"), strings.ReplaceAll(n, " ", "_"), strings.ReplaceAll(n, " ", "")} {
			if v != c.ID {
				wordAliases[v] = c.ID
			}
		}
	}
	for _, inv := range theData().inventions {
		add(inv.Name)
		n := strings.ToLower(inv.Name)
		for _, v := range []string{strings.ReplaceAll(n, " ", "-"), strings.ReplaceAll(n, " ", "_"), strings.ReplaceAll(n, " ", "")} {
			if v != inv.ID {
				if _, taken := wordAliases[v]; !taken {
					wordAliases[v] = inv.ID
				}
			}
		}
		wordAliases[strings.ToLower(inv.Card)] = inv.ID
	}
	// grain sources: barn1 .. barn4 also typed "barn 1" or "barn-1"
	for b := range theData().barnPrices {
		n := strconv.Itoa(b + 1)
		wordAliases["barn-"+n] = barnToken(b)
		phrases = append(phrases, "barn "+n)
	}
	phrases = append(phrases, "buy land", "work orders", "attract industry", "take back", "administrative building", "admin building", "real estate agent")
	slices.SortStableFunc(phrases, func(a, b string) int { return len(b) - len(a) })
})

// joinPhrases replaces every phrase standing between word boundaries with
// its words joined by "-".
func joinPhrases(text string) string {
	notationWords()
	for _, ph := range phrases {
		to := strings.ReplaceAll(ph, " ", "-")
		for from := 0; ; {
			i := strings.Index(text[from:], ph)
			if i < 0 {
				break
			}
			i += from
			j := i + len(ph)
			if (i == 0 || text[i-1] == ' ') && (j == len(text) || text[j] == ' ' || text[j] == ':') {
				text = text[:i] + to + text[j:]
				from = i + len(to)
			} else {
				from = i + 1
			}
		}
	}
	return text
}

// normWord puts one plain word in canonical spelling.
func normWord(w string) string {
	notationWords()
	if a, ok := wordAliases[w]; ok {
		return a
	}
	// territories: t1 .. t24 -> t01 .. t24
	if rest, ok := strings.CutPrefix(w, "t"); ok && rest != "" && len(rest) <= 2 && allDigits(rest) {
		n, _ := strconv.Atoi(rest)
		if tok := "t" + pad2(n); n >= 1 {
			if _, known := theData().terrIndex[tok]; known {
				return tok
			}
		}
	}
	// docking spaces: s01 -> s1
	if rest, ok := strings.CutPrefix(w, "s"); ok && rest != "" && len(rest) <= 2 && allDigits(rest) {
		n, _ := strconv.Atoi(rest)
		if n >= 1 {
			return "s" + strconv.Itoa(n)
		}
	}
	// money and amounts: "$5" -> "5". Only numbers lose their "$": a
	// "$" before a word keeps it apart from its neighbours, so "$mill
	// worker" must not become the phrase "mill worker" on a second reading.
	if t := strings.TrimLeft(w, "$"); t != w && allDigits(t) {
		return normWord(t)
	}
	return w
}

// normalizeWord resolves an alias without the token forms (used by pins).
func normalizeWord(w string) string {
	notationWords()
	if a, ok := wordAliases[w]; ok {
		return a
	}
	return w
}

// normToken puts one token in canonical spelling, including production
// tokens "<factory>:<count or letters>".
func normToken(w string) string {
	if name, spec, ok := strings.Cut(w, ":"); ok && name != "" && spec != "" {
		name = normWord(name)
		if _, isFactory := theData().factIndex[name]; isFactory {
			if allDigits(spec) {
				n, _ := strconv.Atoi(spec)
				return name + ":" + strconv.Itoa(n)
			}
			if strings.Trim(spec, "wgo") == "" {
				b := []byte(spec)
				slices.SortFunc(b, func(x, y byte) int { return strings.IndexByte("wgo", x) - strings.IndexByte("wgo", y) })
				return name + ":" + string(b)
			}
		}
		return name + ":" + spec
	}
	return normWord(w)
}

func allDigits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func pad2(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// ParseMove reads typed notation into canonical tokens.
//
// One reading can leave words that form a phrase or an alias only once
// they are in canonical spelling ("work wo" reads as "work orders", which
// is itself the phrase for "orders"), so the text is read again until it
// stops changing: the canonical form of a move then always reads back as
// the same move. Every further reading joins words or keeps the tokens as
// they are, so a few rounds suffice; the bound only guards against a cycle
// in the alias table.
func (Game) ParseMove(text string) (engine.Move, error) {
	m := parseOnce(text)
	for range 8 {
		again := parseOnce(strings.Join(m, " "))
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

// parseOnce is one lexical reading of text: lowercase, phrases joined,
// noise dropped, each word in canonical spelling.
func parseOnce(text string) engine.Move {
	text = strings.ToLower(strings.ReplaceAll(text, ",", " "))
	text = strings.Join(strings.Fields(text), " ")
	var m engine.Move
	for _, w := range strings.Fields(joinPhrases(text)) {
		if noise[w] {
			continue
		}
		m = append(m, normToken(w))
	}
	return m
}

// FormatMove joins canonical tokens.
func (Game) FormatMove(m engine.Move) string { return strings.Join(m, " ") }
