package urbanization

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

// TestSetupRefusalsWorded: every refusal of a setup is a SetupError,
// worded in German and French with its data, its English unchanged.
func TestSetupRefusalsWorded(t *testing.T) {
	su := func(seats int, opts, pins map[string]string) engine.Setup {
		return engine.Setup{Seats: seats, Seed: 1, Options: opts, Pins: pins}
	}
	pin := func(k, v string) engine.Setup { return su(3, nil, map[string]string{k: v}) }
	enginetest.SetupRefusals(t, Game{}, []enginetest.SetupRefusal{
		{Setup: su(5, nil, nil), Key: "seats", English: "urbanization: 5 seats, want 2 to 4"},
		{Setup: su(3, map[string]string{"speed": "9"}, nil), Key: "unknown-option", English: `urbanization: unknown option "speed"`},
		{Setup: su(3, map[string]string{OptInventions: "yes"}, nil), Key: "option-value", English: `urbanization: option inventions="yes": want one of off, on`},
		{Setup: pin("colour", "red"), Key: "unknown-pin", English: `urbanization: unknown pin "colour" (known: first, deck)`},
		{Setup: pin(PinFirst, "0"), Key: "pin-first", English: `urbanization: pin first: want a seat from 1 to 3, got "0"`},
		{Setup: pin(PinDeck, "atlantis"), Key: "pin-deck-card", English: `urbanization: pin deck: unknown factory card "atlantis"`},
		{Setup: pin(PinDeck, "1"), Key: "pin-deck", English: "urbanization: pin deck: not a permutation of the 15 factory cards used with 3 players"},
	})
}
