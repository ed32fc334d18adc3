package playout

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

func TestCheckWording(t *testing.T) {
	info := testgame.Game{}.Info()
	good := engine.Event{Audience: engine.Public, Seat: 1, Kind: "take", Msg: "event.take",
		Data: map[string]string{"n": "2", "left": "7"}, Text: "seat 2 takes 2, 7 left", Own: "you take 2, 7 left"}
	if err := checkWording(info, good); err != nil {
		t.Fatalf("a well-worded event refused: %v", err)
	}
	for name, c := range map[string]struct {
		change func(*engine.Event)
		want   string
	}{
		"no message":      {func(e *engine.Event) { e.Msg = "" }, "no catalog message"},
		"text disagrees":  {func(e *engine.Event) { e.Text = "seat 2 took two" }, "is not its Text"},
		"own disagrees":   {func(e *engine.Event) { e.Own = "you took two" }, "is not its Own"},
		"data missing":    {func(e *engine.Event) { e.Data = map[string]string{"n": "2"}; e.Text = "event.take" }, "left"},
		"unknown message": {func(e *engine.Event) { e.Msg = "event.fly"; e.Text = "event.fly" }, "no message"},
	} {
		e := good
		c.change(&e)
		err := checkWording(info, e)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}
