package engine

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of one help query. A query is cut to MaxHelpQuery bytes (at a
// word boundary) and to its first MaxHelpWords distinct words, so the cost
// of a search is bounded whatever a client sends.
const (
	MaxHelpQuery = 200
	MaxHelpWords = 12
)

// stopWords are skipped in a query of several words: "the midlands" finds
// the Midlands although "the" may appear nowhere in its topic. English,
// German and French ("wie gewinne ich", "comment gagner").
var stopWords = map[string]bool{
	"a": true, "an": true, "and": true, "the": true, "of": true, "to": true, "in": true,
	"on": true, "for": true, "is": true, "how": true, "do": true, "i": true, "what": true,
	"can": true, "with": true, "my": true, "it": true,
	"der": true, "die": true, "das": true, "des": true, "dem": true, "den": true, "ein": true,
	"eine": true, "und": true, "wie": true, "ich": true, "was": true,
	"le": true, "la": true, "les": true, "de": true, "du": true, "un": true, "une": true,
	"et": true, "je": true, "comment": true, "est": true,
}

// HelpIndex is a game's help topics prepared once for search: the titles,
// keywords and bodies are folded (helpFold) and the body split into words
// when the index is built, not at each query.
type HelpIndex struct {
	topics  []HelpTopic
	entries []helpEntry
}

type helpEntry struct {
	id, title string
	keywords  []string
	names     []name          // the title and the keywords, each with its words
	body      string          // lower-cased
	words     map[string]bool // the body's and title's words
	rule      bool
}

// name is a title or keyword (folded) and its words.
type name struct {
	text  string
	words []string
}

// NewHelpIndex indexes topics. The topics are kept, not copied: callers
// must not modify them afterwards.
func NewHelpIndex(topics []HelpTopic) *HelpIndex {
	x := &HelpIndex{topics: topics, entries: make([]helpEntry, len(topics))}
	for i, t := range topics {
		e := helpEntry{id: t.ID, title: helpFold(t.Title), body: helpFold(t.Body),
			words: map[string]bool{}, rule: t.Kind == "rule"}
		for _, k := range t.Keywords {
			e.keywords = append(e.keywords, helpFold(k))
		}
		for _, n := range append([]string{e.title}, e.keywords...) {
			e.names = append(e.names, name{n, helpWords(n)})
		}
		for _, w := range helpWords(e.title + " " + e.body) {
			e.words[w] = true
		}
		x.entries[i] = e
	}
	return x
}

// Topics returns the indexed topics in their given order.
func (x *HelpIndex) Topics() []HelpTopic { return x.topics }

// apostrophes folds the typographic apostrophes (and the left quote and
// modifier letter often typed for one) into the straight one.
var apostrophes = strings.NewReplacer("\u2019", "'", "\u2018", "'", "\u02bc", "'")

// helpFold is how texts and queries are compared: lower-cased, with one
// apostrophe. The French texts print "l’usine" while a phone keyboard
// types "l'usine" (or the other way round): either finds the other.
func helpFold(s string) string { return apostrophes.Replace(strings.ToLower(s)) }

// helpWords splits lower-cased text into words of letters and digits.
func helpWords(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
}

// HelpQuery normalises a query as Search uses it: trimmed, folded
// (helpFold), cut to MaxHelpQuery bytes at a word boundary, and its
// distinct words (at most MaxHelpWords, stop words dropped when others
// remain).
func HelpQuery(query string) (q string, words []string) {
	q = strings.TrimSpace(query)
	if len(q) > MaxHelpQuery {
		cut := MaxHelpQuery
		for cut > 0 && !utf8.RuneStart(q[cut]) {
			cut--
		}
		q = q[:cut]
		if i := strings.LastIndexByte(q, ' '); i > 0 {
			q = q[:i]
		}
	}
	q = helpFold(strings.TrimSpace(q))
	seen := map[string]bool{}
	var content []string
	for _, w := range strings.Fields(q) {
		if seen[w] {
			continue
		}
		seen[w] = true
		words = append(words, w)
		if !stopWords[w] {
			content = append(content, w)
		}
		if len(words) == MaxHelpWords {
			break
		}
	}
	if len(content) > 0 {
		words = content
	}
	return q, words
}

// Search ranks the topics against a free-text query: an exact ID or title
// first, then keyword and title word matches, then words of the topic's
// text. Every word of the query (stop words aside) must match somewhere.
// An empty query lists the rule topics in their given order.
func (x *HelpIndex) Search(query string, limit int) []HelpTopic {
	q, words := HelpQuery(query)
	type scored struct {
		i, score int
	}
	var hits []scored
	for i, e := range x.entries {
		s := 0
		switch {
		case q == "":
			if e.rule {
				s = 1
			}
		case q == e.id || q == e.title:
			s = 100
		default:
			s = e.score(q, words)
		}
		if s > 0 {
			hits = append(hits, scored{i, s})
		}
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].score > hits[j].score })
	out := make([]HelpTopic, 0, len(hits))
	for _, h := range hits {
		if limit > 0 && len(out) == limit {
			break
		}
		out = append(out, x.topics[h.i])
	}
	return out
}

// score weighs each query word, the best place it matches: 30 when the
// whole query is a keyword; in the title or a keyword, 10 as a whole word,
// 6 as the start of a word ("win" in "winner"), 5 as another form of it
// ("score" and "scoring", stem), 4 inside one (German compounds: "ende" in
// "spielende"); in the text, 3 as a whole word (or the singular or plural
// of one: "mines" finds "mine", "score" finds "scores"), 1 anywhere inside
// it. So a title or keyword always outranks
// the text, and a word of it outranks letters that happen to be in it
// ("win" in "sowing"). Zero when a word matches nowhere.
func (e *helpEntry) score(q string, words []string) int {
	s := 0
	keyword := slices.Contains(e.keywords, q) // the whole query is a keyword
	for _, w := range words {
		ws := 0
		if keyword {
			ws = 30
		}
		for _, n := range e.names {
			ws = max(ws, n.score(w))
		}
		if ws == 0 && e.formIn(w) {
			ws = 5
		}
		if ws == 0 {
			switch {
			case e.words[w] || e.words[strings.TrimSuffix(w, "s")] || e.words[w+"s"]:
				ws = 3
			case strings.Contains(e.body, w):
				ws = 1
			}
		}
		if ws == 0 {
			return 0
		}
		s += ws
	}
	return s
}

// score is how well the query word w matches a title or keyword: 10 as
// one of its words, 6 as the start of one, 4 inside it, else 0.
func (n name) score(w string) int {
	if !strings.Contains(n.text, w) {
		return 0
	}
	best := 4
	for _, word := range n.words {
		switch {
		case word == w:
			return 10
		case strings.HasPrefix(word, w):
			best = 6
		}
	}
	return best
}

// formIn reports whether a longer form of w (w without a final "e" or
// "s", at least 3 letters, then more letters) is a word of the title or a
// keyword: "score" finds "scoring", "wins" finds "winner"; "ende" does not
// find "end".
func (e *helpEntry) formIn(w string) bool {
	st := strings.TrimSuffix(strings.TrimSuffix(w, "s"), "e")
	if st == w || len(st) < 3 {
		return false
	}
	for _, n := range e.names {
		for _, word := range n.words {
			if len(word) > len(w) && strings.HasPrefix(word, st) {
				return true
			}
		}
	}
	return false
}

// Topic returns the topic with the ID.
func (x *HelpIndex) Topic(id string) (HelpTopic, bool) { return FindTopic(x.topics, id) }

// SearchHelp indexes topics and searches them once; a host that searches
// often keeps a HelpIndex instead.
func SearchHelp(topics []HelpTopic, query string, limit int) []HelpTopic {
	return NewHelpIndex(topics).Search(query, limit)
}

// FindTopic returns the topic with the ID.
func FindTopic(topics []HelpTopic, id string) (HelpTopic, bool) {
	for _, t := range topics {
		if t.ID == id {
			return t, true
		}
	}
	return HelpTopic{}, false
}
