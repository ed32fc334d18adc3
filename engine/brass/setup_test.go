package brass

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
		{Setup: su(5, nil, nil), Key: "seats", English: "brass: 5 seats (3 to 4 allowed): engine: no such seat"},
		{Setup: su(3, map[string]string{"speed": "9"}, nil), Key: "unknown-option", English: `brass: unknown option "speed"`},
		{Setup: su(3, map[string]string{OptTieBreak: "coin"}, nil), Key: "option-value", English: `brass: option tiebreak="coin" is not allowed`},
		{Setup: pin("colour", "red"), Key: "unknown-pin", English: `brass: unknown pin "colour"`},
		{Setup: pin(PinFirst, "4"), Key: "pin-first", English: `brass: pin first="4": want a seat from 1 to 3`},
		{Setup: pin(PinFirst, "zwei\u200b"), Key: "pin-first", English: `brass: pin first="zwei\u200b": want a seat from 1 to 3`},
		{Setup: pin(PinDeck, "bolton,atlantis"), Key: "pin-card", English: `brass: pin deck: unknown card "atlantis"`},
		{Setup: pin(PinRailDeck, "bolton"), Key: "pin-deck", English: "brass: pin rail-deck: not a permutation of the 66 cards"},
		{Setup: pin(PinTiles, "1,x"), Key: "pin-tile", English: `brass: pin tiles: bad tile "x"`},
		{Setup: pin(PinRailTiles, "1"), Key: "pin-tiles", English: "brass: pin rail-tiles: not a permutation of the 12 distant market tiles"},
	})
}
