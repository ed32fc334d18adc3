package discord

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// breaks tells where a line may be cut: at an ordinary space or a line's
// end, never at a no-break space (French "5\u00a0PV", "cartes\u00a0:").
func breaks(c rune) bool { return c == ' ' || c == '\n' }

// clipWords is s in at most n runes: when it is longer, cut after its
// last whole word that fits (the punctuation and spaces before the cut
// dropped) and ended with "…", never within its first keep bytes (a key
// the reader types); without a space to cut at, cut as clip does.
func clipWords(s string, n, keep int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	head := string(r[:n-1])
	i := strings.LastIndexFunc(head, breaks)
	if i < keep || i <= 0 {
		return head + "…"
	}
	// The cut falls before a space: the word before it is whole.
	if next, _ := utf8.DecodeRuneInString(string(r[n-1:])); breaks(next) {
		i = len(head)
	}
	return strings.TrimRightFunc(head[:i], func(c rune) bool {
		return unicode.IsSpace(c) || strings.ContainsRune(",;:-–—(", c)
	}) + "…"
}

// eventLine joins the texts of a move's events into one line of at most
// limit runes: when they do not fit, the latest events that may go
// (keep[i] false) are left out whole, each run of them read as "…";
// an event with keep[i] true (the reader's own private ones) is never
// left out, so such a line may run longer. keep may be nil.
func eventLine(evs []string, keep []bool, limit int) string {
	in := make([]bool, len(evs))
	for i := range in {
		in[i] = true
	}
	build := func() string {
		var parts []string
		for i, e := range evs {
			switch {
			case in[i]:
				parts = append(parts, e)
			case i == 0 || in[i-1]:
				parts = append(parts, "…")
			}
		}
		return strings.Join(parts, "; ")
	}
	line := build()
	for utf8.RuneCountInString(line) > limit {
		j := len(evs) - 1
		for j >= 0 && (!in[j] || keep != nil && keep[j]) {
			j--
		}
		if j < 0 {
			break
		}
		in[j] = false
		line = build()
	}
	return line
}

// clipSentences is s in at most n runes: when it is longer, its
// sentences and lines that fit whole, then " …"; an abbreviation or an
// ordinal ("z. B.", "1.": a word of one or two letters or digits just before
// the point) ends no sentence. Without a whole sentence that fits, it is
// cut after a word (clipWords).
func clipSentences(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	end := -1 // the runes kept
	for i := 0; i < n-2 && i+1 < len(r); i++ {
		switch {
		case r[i] == '\n':
			end = i
		case strings.ContainsRune(".!?", r[i]) && breaks(r[i+1]):
			word := 0
			for j := i - 1; j >= 0 && (unicode.IsLetter(r[j]) || unicode.IsDigit(r[j])); j-- {
				word++
			}
			if word == 0 || word > 2 || r[i] != '.' {
				end = i + 1
			}
		}
	}
	if end <= 0 {
		return clipWords(s, n, 0)
	}
	return strings.TrimRightFunc(string(r[:end]), unicode.IsSpace) + " …"
}
