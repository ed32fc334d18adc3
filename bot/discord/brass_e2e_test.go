package discord

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// autocompleteMove builds a complete move the way a player types one:
// take the first suggestion, type on, until a suggestion is complete.
func autocompleteMove(t testing.TB, h *harness, user, channel string) string {
	t.Helper()
	typed := ""
	for range 12 {
		cs, err := h.fd.Autocomplete(user, channel, "move", fakediscord.Focus(fakediscord.Str("move", typed)))
		if err != nil || len(cs) == 0 {
			t.Fatalf("autocomplete %q: %v %v", typed, cs, err)
		}
		for _, c := range cs {
			if !strings.Contains(c.Name, "…") {
				return c.Value.(string)
			}
		}
		typed = cs[0].Value.(string) + " "
	}
	t.Fatalf("no complete move suggested after typing %q", typed)
	return ""
}

// pickMove walks the private picker choosing the first option each step,
// with one Back on the way, and confirms.
func pickMove(t *testing.T, h *harness, user, channel string) fakediscord.Response {
	t.Helper()
	return pickMoveFrom(t, h, user, channel, "Take your turn", "")
}

// pickMoveFrom is pickMove opening the picker with the button labelled
// open and, unless first is empty, choosing first at the first step; it
// returns the response to Confirm.
func pickMoveFrom(t *testing.T, h *harness, user, channel, open, first string) fakediscord.Response {
	t.Helper()
	return pickMoveIn(t, h, lang.English, user, channel, open, first)
}

// pickMoveIn is pickMoveFrom for a reader of l (Confirm and Back as l
// words them).
func pickMoveIn(t *testing.T, h *harness, l lang.Lang, user, channel, open, first string) fakediscord.Response {
	t.Helper()
	confirm, back := bot.Say(l, "discord.picker.confirm"), bot.Say(l, "discord.picker.back")
	r := h.click(user, channel, open)
	must(t, r.Ephemeral(), "picker must be private: %+v", r)
	backed := false
	if first != "" {
		h.pick(user, channel, first)
		backed = true
	}
	for range 12 {
		if _, _, ok := h.fd.Button(channel, user, confirm); ok {
			return h.click(user, channel, confirm)
		}
		_, menu, ok := h.fd.SelectMenu(channel, user)
		must(t, ok, "picker without a menu or %s", confirm)
		h.pick(user, channel, menu.Options[0].Value)
		if !backed {
			h.click(user, channel, back)
			h.pick(user, channel, menu.Options[0].Value)
			backed = true
		}
	}
	t.Fatal("the picker never offered Confirm")
	return fakediscord.Response{}
}

func TestBrassEndToEnd(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) { brassSequence(t, mode) })
	}
}

// brassSequence: lobby, joins, start, an illegal move, a typed and a picked
// move, a stale button, the hand, a location looked up; in HTTP mode also a
// forged interaction, which is refused and changes nothing.
func brassSequence(t *testing.T, mode Mode) {
	h := newHarness(t, harnessOpts{mode: mode, redis: true, brass: true})
	fd := h.fd
	F := fakediscord.Str

	h.cmd(alice, room, "play", F("game", "brass"))
	h.click(bob, room, "Join")
	_, _, ok := fd.Button(room, alice, "Start")
	must(t, !ok, "Start must stay disabled with 2 of 3 players")
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")

	m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
	must(t, err == nil && m.Play != nil && len(m.Play.Active) == 1, "started: %v", err)
	users := map[string]string{"discord:" + alice: alice, "discord:" + bob: bob, "discord:" + erin: erin}
	active := func() string {
		m, err := h.svc.Get(context.Background(), bot.ByID("m0001"))
		if err != nil {
			t.Fatal(err)
		}
		return users[m.Seats[m.Play.Active[0]].UserID]
	}

	first := active()
	oldBoard, oldTurn, ok := fd.Button(room, first, "Take your turn")
	must(t, ok, "no board post")

	// Typing a word offers what follows it too, before any space.
	cs, err := fd.Autocomplete(first, room, "move", fakediscord.Focus(F("move", "loan")))
	must(t, err == nil, "autocomplete loan: %v", err)
	var values []string
	for _, c := range cs {
		values = append(values, c.Value.(string))
	}
	for _, want := range []string{"loan", "loan 10", "loan 20", "loan 30"} {
		must(t, slices.Contains(values, want), "autocomplete %q offers %q, not %q", "loan", values, want)
	}

	if mode == ModeHTTP {
		// A forged /move (signed with another key) is refused.
		body := []byte(`{"id":"1","application_id":"` + fd.AppID + `","type":2,"token":"x","version":1,"channel_id":"` + room +
			`","member":{"user":{"id":"` + first + `","username":"x"}},"data":{"name":"move","options":[{"name":"move","type":3,"value":"loan 30 card:bolton"}]}}`)
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		forged := ed25519.Sign(ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize)), append([]byte(ts), body...))
		code, _, err := fd.PostRaw(h.endpoint, body, ts, hex.EncodeToString(forged))
		must(t, err == nil && code == http.StatusUnauthorized, "forged interaction: %d %v", code, err)
	}

	// An illegal typed move is explained privately with its rule.
	r := h.cmd(first, room, "move", F("move", "loan 40"))
	must(t, r.Ephemeral() && strings.Contains(r.Content, "not allowed"), "illegal: %+v", r)

	// Typed, then clicked.
	mv := autocompleteMove(t, h, first, room)
	r = h.cmd(first, room, "move", F("move", mv))
	must(t, !r.Ephemeral() && len(r.Files) == 1, "typed move %q: %+v", mv, r)
	pickMove(t, h, active(), room)

	// The first board's button is stale now.
	_, r, err = fd.Click(first, oldBoard, oldTurn)
	must(t, err == nil && r.Ephemeral() && strings.Contains(r.Content, "moved on"), "stale: %+v %v", r, err)
	h.idle()

	// The hand privately, with the board and the picture of the hand;
	// a location looked up.
	r = h.cmd(bob, room, "hand")
	must(t, r.Ephemeral() && fileNames(r) == "board.png hand.png" && strings.Contains(r.Content, "Your hand"), "hand: %+v", r.Content)
	cs, err = fd.Autocomplete(bob, room, "rules", fakediscord.Focus(F("topic", "manchester")))
	must(t, err == nil && len(cs) > 0, "rules autocomplete: %v %v", cs, err)
	r = h.cmd(bob, room, "rules", F("topic", cs[0].Value.(string)))
	must(t, r.Ephemeral() && len(r.Embeds) == 1 && r.Embeds[0].Title == "Manchester", "rules: %+v", r)

	// The rest of round 1, then a whole turn of round 2, which is two
	// actions: the first continues the turn (one silent line, no board,
	// no ping; the picker offers to go on), the second ends it.
	third := active()
	h.cmd(third, room, "move", F("move", autocompleteMove(t, h, third, room)))
	two := active()
	before := len(fd.Entries(room))
	r = pickMoveFrom(t, h, two, room, "Take your turn", "loan")
	must(t, strings.Contains(r.Content, "Your turn goes on"), "first action: %+v", r)
	must(t, active() == two, "the turn passed after one action of two")
	var added []fakediscord.Entry
	for _, e := range fd.Entries(room)[before:] {
		if e.Kind == "post" && !e.Message.Ephemeral {
			added = append(added, e)
		}
	}
	must(t, len(added) == 1 && len(added[0].Message.Files) == 0 && len(added[0].Message.Pings) == 0 &&
		added[0].Message.Flags&fakediscord.FlagSuppressNotifications != 0 && strings.HasPrefix(added[0].Message.Content, "**"),
		"the first action of a turn posts one silent line without a board or ping: %+v", added)
	r = pickMoveFrom(t, h, two, room, "Continue your turn", "loan")
	must(t, !strings.Contains(r.Content, "goes on") && active() != two, "the turn did not pass after two actions: %+v", r)

	m, err = h.svc.Get(context.Background(), bot.ByID("m0001"))
	must(t, err == nil && m.Moves == 5, "moves applied: %d %v", m.Moves, err)
	checkPings(t, h, room, false)
	h.noViolations()
	golden(t, "brass-"+string(mode), brassStable(fd.Transcript(room, "m0001", "<match>")))
}

var (
	pngSize  = regexp.MustCompile(`\(png \d+x\d+\)`)
	ruleBody = regexp.MustCompile(`(?m)^(   \| Rule: \*\*[^*]+\*\*) - .*\n(   \| [^M].*\n|   \| \n)*`)
	helpBody = regexp.MustCompile(`(?m)(^     \| .*\n)+`)
)

// brassStable drops from a Brass transcript what other packages tune
// independently of the conversation: the board's pixel size (render/brass)
// and the wording of help texts (engine/brass help). The rest (who sees
// what, moves, narration, buttons, pings) stays; after a rules change that
// alters the narration, rerun with -update and review the diff.
func brassStable(s string) string {
	s = pngSize.ReplaceAllString(s, "(png)")
	s = ruleBody.ReplaceAllString(s, "$1 - <help text>\n")
	return helpBody.ReplaceAllString(s, "     | <help text>\n")
}
