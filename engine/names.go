package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// CardTopicPrefix starts the ID of the help topic of a card: the topic
// "card-<token>" describes the card whose Card.Token is <token>.
const CardTopicPrefix = "card-"

// seatRef is a whole-word "seat N" or "Seat N" in an event text, with a
// possessive "'s" when one follows.
var seatRef = regexp.MustCompile(`\b[Ss]eat [0-9]+\b(?:'s\b)?`)

// NameSeats replaces every whole-word "seat N" or "Seat N" in text (N
// 1-based, as event texts write seats) with names[N-1]. A reference whose
// name is missing or empty stays as it is, so "seat 10" is never turned
// into the name of seat 1 with a stray "0".
func NameSeats(text string, names []string) string {
	return NameSeatsFor(text, names, Spectator)
}

// NameSeatsFor is NameSeats as viewer (a seat, or Spectator) reads the
// text: the viewer's own possessive "seat N's" becomes "your" ("Your" at
// the start of a sentence), so that one's own mill is "your cotton mill";
// every other reference, the viewer's own subject included (its verb
// agrees with a name, not with "you"), becomes the player's name. A game
// that wants "you build ..." for the viewer writes it as the event's Own
// text.
func NameSeatsFor(text string, names []string, viewer int) string {
	if len(names) == 0 || !strings.Contains(text, "eat ") {
		return text
	}
	idx := seatRef.FindAllStringIndex(text, -1)
	if idx == nil {
		return text
	}
	var b strings.Builder
	last := 0
	for _, m := range idx {
		ref := text[m[0]:m[1]]
		b.WriteString(text[last:m[0]])
		last = m[1]
		possessive := strings.HasSuffix(ref, "'s")
		num := strings.TrimSuffix(ref[len("seat "):], "'s")
		n, err := strconv.Atoi(num)
		switch {
		case err != nil || n < 1 || n > len(names) || names[n-1] == "":
			b.WriteString(ref)
		case possessive && n-1 == viewer:
			if sentenceStart(text[:m[0]]) {
				b.WriteString("Your")
			} else {
				b.WriteString("your")
			}
		case possessive:
			b.WriteString(names[n-1] + "'s")
		default:
			b.WriteString(names[n-1])
		}
	}
	b.WriteString(text[last:])
	return b.String()
}

// sentenceStart reports whether what precedes a word ends a sentence (or
// is nothing).
func sentenceStart(before string) bool {
	before = strings.TrimRight(before, " ")
	return before == "" || strings.HasSuffix(before, ".") || strings.HasSuffix(before, "!") || strings.HasSuffix(before, "?")
}
