package discord

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
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
// limit runes, the language's way (inLine, message discord.events.sep):
// when they do not fit, the latest events that may go (keep[i] false)
// are left out whole, each run of them read as "…"; an event with
// keep[i] true (the reader's own private ones) is never left out, so
// such a line may run longer. keep may be nil.
func eventLine(w engine.Words, evs []string, keep []bool, limit int) string {
	sep := say(w.Lang, "discord.events.sep")
	sentences := strings.HasSuffix(strings.TrimSpace(sep), ".")
	in := make([]bool, len(evs))
	texts := make([]string, len(evs))
	for i, e := range evs {
		in[i], texts[i] = true, inLine(w, e, sentences)
	}
	build := func() string {
		var b strings.Builder
		elided := false // the last part written is "…"
		for i, text := range texts {
			if !in[i] && i > 0 && !in[i-1] {
				continue
			}
			if b.Len() > 0 {
				if elided && sentences {
					// "…" ends no sentence: "Bob nimmt 2. … Bob zieht."
					b.WriteString(" ")
				} else {
					b.WriteString(sep)
				}
			}
			elided = !in[i]
			if elided {
				text = "…"
			}
			b.WriteString(text)
		}
		return b.String()
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

// inLine is an event's text (a sentence's words, begun as the game's
// catalog begins it) as it reads inside a line of several: as a
// sentence of its own, begun with a capital; else going on in one,
// begun in lower case unless its first word is all capitals ("VP").
// A seat's name at its start is the seat's as it begins a sentence
// (Words.SeatTitle: "Joueur 2") or not ("joueur 2"); a player's name
// stays as typed.
func inLine(w engine.Words, text string, sentence bool) string {
	for i := range w.Names {
		for _, name := range []string{w.SeatTitle(i), w.Seat(i)} {
			rest, ok := strings.CutPrefix(text, name)
			if next, _ := utf8.DecodeRuneInString(rest); !ok || name == "" || unicode.IsLetter(next) || unicode.IsDigit(next) {
				continue
			}
			if sentence {
				return w.SeatTitle(i) + rest
			}
			return w.Seat(i) + rest
		}
	}
	r, size := utf8.DecodeRuneInString(text)
	if sentence {
		return string(unicode.ToUpper(r)) + text[size:]
	}
	if next, _ := utf8.DecodeRuneInString(text[size:]); unicode.IsUpper(next) {
		return text
	}
	return string(unicode.ToLower(r)) + text[size:]
}

// pair is a name and what goes with it in one line, with the language's
// colon ("alice: 3 wins", French "alice : 3 victoires").
func pair(l lang.Lang, name, value string) string {
	return say(l, "discord.pair", "name", name, "value", value)
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
