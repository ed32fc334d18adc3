package testgame_test

import (
	"errors"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestSetupRefusalsWorded: every refusal of a setup is a SetupError,
// worded in German and French with its data, its English unchanged.
func TestSetupRefusalsWorded(t *testing.T) {
	su := func(seats int, opts, pins map[string]string) engine.Setup {
		return engine.Setup{Seats: seats, Seed: 1, Options: opts, Pins: pins}
	}
	enginetest.SetupRefusals(t, testgame.Game{}, []enginetest.SetupRefusal{
		{Setup: su(5, nil, nil), Key: "seats", English: "pebbles: 5 seats: engine: no such seat"},
		{Setup: su(1, nil, nil), Key: "seats", English: "pebbles: 1 seat: engine: no such seat"},
		{Setup: su(2, map[string]string{"speed": "9"}, nil), Key: "unknown-option", English: `pebbles: unknown option "speed"`},
		{Setup: su(2, map[string]string{"pile": "zero"}, nil), Key: "option-pile", English: `pebbles: option pile="zero" must be a number from 5 to 99`},
		{Setup: su(2, map[string]string{"pile": "100"}, nil), Key: "option-pile", English: `pebbles: option pile="100" must be a number from 5 to 99`},
		{Setup: su(2, nil, map[string]string{"deck": "1,2,x\u200b"}), Key: "pin-deck", English: `pebbles: pin deck: bad card "x\u200b"`},
		{Setup: su(2, nil, map[string]string{"colour": "red"}), Key: "unknown-pin", English: `pebbles: unknown pin "colour"`},
	})
}

// TestSetupSeatsWrapsBadSeat: a seat count refused by reference is still
// engine.ErrBadSeat to errors.Is.
func TestSetupSeatsWrapsBadSeat(t *testing.T) {
	_, _, err := testgame.Game{}.Setup(engine.Setup{Seats: 9, Seed: 1})
	if !errors.Is(err, engine.ErrBadSeat) {
		t.Errorf("Setup with 9 seats: %v, want ErrBadSeat", err)
	}
}
