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
