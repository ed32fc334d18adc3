package engine_test

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// TestWithoutPublicForms: a public event is dropped only for a private
// one of the same Kind and Seat, one for one.
func TestWithoutPublicForms(t *testing.T) {
	evs := []engine.Event{
		{Audience: 1, Seat: 1, Kind: "draw", Msg: "hand"},
		{Audience: engine.Public, Seat: 1, Kind: "draw", Msg: "count"},
		{Audience: engine.Public, Seat: 0, Kind: "draw", Msg: "count"},
		{Audience: engine.Public, Seat: 1, Kind: "take", Msg: "take"},
		{Audience: engine.Public, Seat: 1, Kind: "draw", Msg: "count"},
	}
	var got []string
	for _, e := range engine.WithoutPublicForms(evs) {
		got = append(got, e.Msg)
	}
	if s := strings.Join(got, " "); s != "hand count take count" {
		t.Errorf("got %q", s)
	}
	if len(evs) != 5 || evs[1].Msg != "count" {
		t.Errorf("evs changed: %+v", evs)
	}
}
