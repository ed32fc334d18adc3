package discord

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
	"github.com/google/go-cmp/cmp"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

func TestCustomIDRoundTrip(t *testing.T) {
	for _, c := range []customID{
		{Action: "lobby", Match: "0123456789abcdef", Arg: "join"},
		{Action: "hand", Match: "0123456789abcdef"},
		{Action: "turn", Match: "0123456789abcdef", Version: 42},
		{Action: "pick", Match: "0123456789abcdef", Version: 42, N: 3, Move: "build cotton bolton@2"},
		{Action: "pick", Match: "m", Version: 1, N: 0, Move: ""},
		{Action: "page", Match: "m", Version: 7, N: 75, Move: "rail bolton-bury"},
		{Action: "back", Match: "m", Version: 7, Move: "sell bolton>distant card:bolton"},
		{Action: "ok", Match: "m", Version: 7, Move: "take 2"},
		{Action: "vote", Match: "0123456789abcdef", N: 2, Arg: "default"},
		{Action: "claim", Match: "0123456789abcdef", N: 3},
	} {
		s := c.String()
		if len(s) > maxCustomID {
			t.Errorf("%q is %d characters", s, len(s))
		}
		got, err := parseCustomID(s)
		if err != nil {
			t.Fatalf("parse %q: %v", s, err)
		}
		if diff := cmp.Diff(c, got); diff != "" {
			t.Errorf("round trip of %q (-want +got):\n%s", s, diff)
		}
	}
}

// A partial move too long for 100 characters travels in the picker
// message instead, and is read back from it.
func TestCustomIDLongMove(t *testing.T) {
	move := "sell " + strings.Repeat("manchester@1>distant ", 5) + "card:manchester"
	c := customID{Action: "ok", Match: "0123456789abcdef", Version: 123, Move: move}
	s := c.String()
	if len(s) > maxCustomID || !strings.HasSuffix(s, "/"+longMove) {
		t.Fatalf("long move encoded as %q", s)
	}
	got, err := parseCustomID(s)
	if err != nil || got.Move != longMove {
		t.Fatalf("parse %q: %+v %v", s, got, err)
	}
	msg := &discordgo.Message{Content: "**Your move:** `" + move + "`\nWhich card?"}
	if got := moveFromMessage(msg); got != move {
		t.Errorf("move from message = %q", got)
	}
}

func TestCustomIDRejectsGarbage(t *testing.T) {
	for _, s := range []string{"", "x", "turn/m", "turn/m/v", "pick/m/1/x/take", "lobby/m", "nope/m/1", "turn//1", "ok/m/-1/take", "vote/m/1", "vote/m/x/wait", "claim/m", "claim/m/-1", "claim/m/1/x"} {
		if _, err := parseCustomID(s); !errors.Is(err, errBadCustomID) {
			t.Errorf("parse %q: %v, want errBadCustomID", s, err)
		}
	}
}

// TestBadCustomIDInEveryLanguage: a button this version cannot read is
// refused in the reader's language, English as before.
func TestBadCustomIDInEveryLanguage(t *testing.T) {
	h := newHarness(t, harnessOpts{})
	_, err := parseCustomID("nope/m/1")
	for l, want := range map[lang.Lang]string{
		lang.English: "This button is not one I understand any more; the bot may have been updated.",
		lang.German:  "Diesen Knopf verstehe ich nicht mehr; der Bot wurde wohl aktualisiert.",
		lang.French:  "Je ne comprends plus ce bouton\u00a0; le bot a sans doute été mis à jour.",
	} {
		if got := h.svc.ExplainIn(context.Background(), err, engine.Words{Lang: l}).Text; got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}
