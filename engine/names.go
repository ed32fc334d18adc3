package engine

import (
	"regexp"
	"strconv"
)

// CardTopicPrefix starts the ID of the help topic of a card: the topic
// "card-<token>" describes the card whose Card.Token is <token>.
const CardTopicPrefix = "card-"

// seatRef is a whole-word "seat N" or "Seat N" in an event text.
var seatRef = regexp.MustCompile(`\b[Ss]eat [0-9]+\b`)

// NameSeats replaces every whole-word "seat N" or "Seat N" in text (N
// 1-based, as event texts write seats) with names[N-1]. A reference whose
// name is missing or empty stays as it is, so "seat 10" is never turned
// into the name of seat 1 with a stray "0".
func NameSeats(text string, names []string) string {
	if len(names) == 0 {
		return text
	}
	return seatRef.ReplaceAllStringFunc(text, func(ref string) string {
		n, err := strconv.Atoi(ref[len("seat "):]) // a match is "seat N" or "Seat N"
		if err != nil || n < 1 || n > len(names) || names[n-1] == "" {
			return ref
		}
		return names[n-1]
	})
}
