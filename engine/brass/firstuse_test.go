package brass

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine/enginetest"
)

// TestDataOnFirstUseConcurrently: the game's data and the notation's word
// lists are made once, on first use, however many goroutines ask at once.
// Run alone, so that the first use is this test's:
// go test -race -run DataOnFirstUse.
func TestDataOnFirstUseConcurrently(t *testing.T) {
	x := theBoard().places[0]
	enginetest.NotationOnFirstUse(t, Game{}, strings.ReplaceAll(strings.ToLower(x.Name), " ", "-"), x.ID)
}
