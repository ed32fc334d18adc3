package discord

import (
	"flag"
	"testing"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

var update = flag.Bool("update", false, "rewrite the golden transcripts in testdata")

// golden compares a transcript with testdata/<name>.golden (rewritten with
// go test ./bot -update).
func golden(t testing.TB, name, got string) {
	t.Helper()
	fakediscord.Compare(t, name, got, *update)
}
