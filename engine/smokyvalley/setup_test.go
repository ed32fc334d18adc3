package smokyvalley

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
		{Setup: su(5, nil, nil), Key: "seats", English: "smoky-valley: 5 seats; the game takes 2 to 4"},
		{Setup: su(1, nil, nil), Key: "seats", English: "smoky-valley: 1 seat; the game takes 2 to 4"},
		{Setup: su(3, map[string]string{"speed": "9"}, nil), Key: "unknown-option", English: `smoky-valley: unknown option "speed"`},
		{Setup: su(3, map[string]string{"pop22": "twice"}, nil), Key: "option-value", English: `smoky-valley: option pop22: "twice" is not one of once, each-council`},
		{Setup: pin("colour", "red"), Key: "unknown-pin", English: `smoky-valley: unknown pin "colour" (pins: first, nav-p1, nav-p2, nav-p3, nav-p4, services, canal-widening, canal-modernization, cards-1840s, cards-1850s, cards-1860s, schooners, canallers)`},
		{Setup: pin("first", "4"), Key: "pin-first", English: `smoky-valley: pin first: "4" is not a seat from 1 to 3`},
		{Setup: pin("nav-p1", "a,b,c,d,e,f"), Key: "pin-many", English: "smoky-valley: pin nav-p1: 6 entries, the stack holds 5"},
		{Setup: su(2, nil, map[string]string{"nav-p4": "a"}), Key: "pin-seat", English: "smoky-valley: pin nav-p4: seat 4 is not playing; this match has 2 seats"},
		{Setup: pin("schooners", "atlantis"), Key: "pin-entry", English: `smoky-valley: pin schooners: "atlantis" is not (or no longer) in the stack`},
	})
}
