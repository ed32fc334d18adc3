package discord

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// aliceMovedOfThree is a Pebbles match of alice, bob and erin (40
// pebbles, no reminders) in which alice has made the first move.
func aliceMovedOfThree(t *testing.T) *harness {
	t.Helper()
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=40"), F("remind", "off"))
	h.click(bob, room, "Join")
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")
	h.idle()
	h.cmd(alice, room, "move", F("move", personMove(t, h, alice)))
	return h
}

// TestUndoAskedTwice: /undo while the same request is open answers
// privately (waiting for whom, and where the request is), neither posting
// it again nor pinging anyone again, so one set of Agree buttons stays.
func TestUndoAskedTwice(t *testing.T) {
	h := aliceMovedOfThree(t)
	n := len(h.fd.Messages(room))
	if r := h.cmd(alice, room, "undo"); r.Ephemeral() || !strings.Contains(r.Content, "asks to take back") {
		t.Fatalf("the request: %+v", r)
	}
	h.click(bob, room, "Agree")
	for range 2 {
		r := h.cmd(alice, room, "undo")
		if !r.Ephemeral() || !strings.Contains(r.Content, "open already") || !strings.Contains(r.Content, "erin") || strings.Contains(r.Content, "bob") ||
			!strings.Contains(r.Content, "https://discord.com/channels/") || len(r.Components) != 0 {
			t.Errorf("asking again: ephemeral %v %q %d rows", r.Ephemeral(), r.Content, len(r.Components))
		}
		h.idle()
	}
	pings, requests := map[string]int{}, 0
	for _, m := range publicSince(h, room, n) {
		for _, p := range m.Pings {
			pings[p]++
		}
		if strings.Contains(m.Content, "asks to take back") {
			requests++
		}
	}
	if pings[bob] != 1 || pings[erin] != 1 || requests != 1 {
		t.Errorf("one request pinged bob %d and erin %d times, in %d public requests", pings[bob], pings[erin], requests)
	}
}

// TestUndoLastVoterToComputer: when the last player a request to take a
// move back waits for hands their seat to a computer, the move is taken
// back as if they had agreed: the request says so and loses its
// buttons, and the board post and the ping follow.
func TestUndoLastVoterToComputer(t *testing.T) {
	h := aliceMovedOfThree(t)
	F := fakediscord.Str
	h.cmd(alice, room, "undo")
	h.click(bob, room, "Agree")
	var req string
	for _, m := range h.fd.Messages(room) {
		if strings.Contains(m.Content, "asks to take back") {
			req = m.ID
		}
	}
	n := len(h.fd.Messages(room))
	if r := h.cmd(erin, room, "replace", fakediscord.Int("seat", 3), F("computer", "easy")); r.Ephemeral() {
		t.Fatalf("the handover: %q", r.Content)
	}
	h.idle()
	undoneForAlice(t, h, req, n)
}

// undoneForAlice checks that Alice's request to take a move back (message
// req) was carried out as after the last approval: the request says
// everyone agreed and lost its buttons, and since the n-th message of the
// room the board post says so and Alice is pinged.
func undoneForAlice(t *testing.T, h *harness, req string, n int) {
	t.Helper()
	after, ok := h.fd.Message(req)
	if !ok || !strings.Contains(after.Content, "Everyone agreed") || len(after.Components) != 0 {
		t.Errorf("the request afterwards: %q, %d rows", after.Content, len(after.Components))
	}
	var took, pinged bool
	for _, m := range publicSince(h, room, n) {
		took = took || strings.Contains(m.Content, "as every other player agreed")
		for _, p := range m.Pings {
			pinged = pinged || p == alice
		}
	}
	if !took || !pinged {
		t.Errorf("board post %v, alice pinged %v", took, pinged)
	}
}

// TestClaimTwice: two people press "Take this seat" at once: one takes
// it, the other is told privately that it was taken and by whom, and the
// offer loses its button.
func TestClaimTwice(t *testing.T) {
	h := deadlineVoteOnAlice(t)
	h.click(bob, room, "Open the seat")
	h.click(erin, room, "Open the seat")
	msg, id, ok := h.fd.Button(room, dave, "Take this seat")
	must(t, ok, "no Take this seat")
	var wg sync.WaitGroup
	var mu sync.Mutex
	res := map[string]fakediscord.Response{}
	for _, u := range []string{dave, carol} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			it, _, err := h.fd.Click(u, msg, id)
			if err != nil {
				t.Error(err)
				return
			}
			h.idle()
			mu.Lock()
			res[u] = h.fd.Seen(it)
			mu.Unlock()
		}()
	}
	wg.Wait()
	h.idle()
	var took, told int
	for u, r := range res {
		switch {
		case !r.Ephemeral() && strings.Contains(r.Content, "now plays seat 1 in place of alice"):
			took++
		case r.Ephemeral() && (strings.Contains(r.Content, "Seat 1 was taken already, by dave.") || strings.Contains(r.Content, "Seat 1 was taken already, by carol.")) &&
			!strings.Contains(r.Content, "Only"):
			told++
		default:
			t.Errorf("%s: ephemeral %v %q", u, r.Ephemeral(), r.Content)
		}
	}
	if took != 1 || told != 1 {
		t.Errorf("%d took the seat and %d were told it was taken", took, told)
	}
	after, _ := h.fd.Message(msg.ID)
	if len(after.Components) != 0 || after.Content == "" {
		t.Errorf("the offer afterwards: %q, %d rows", after.Content, len(after.Components))
	}
	h.noViolations()
}

// TestVoteDecidedByReplace: a handover that leaves a majority decides the
// open deadline vote: the vote says what was decided and loses its
// buttons, and the outcome follows (here the open seat's offer); a vote
// left with no voters says so and loses its buttons.
func TestVoteDecidedByReplace(t *testing.T) {
	h := deadlineVoteOnAlice(t)
	F := fakediscord.Str
	vote, _, ok := h.fd.Button(room, bob, "Open the seat")
	must(t, ok, "no vote")
	h.click(bob, room, "Open the seat")
	h.cmd(erin, room, "replace", fakediscord.Int("seat", 3), F("computer", "easy"))
	h.idle()
	after, _ := h.fd.Message(vote.ID)
	if !strings.Contains(after.Content, "The players opened alice's seat") || len(after.Components) != 0 {
		t.Errorf("the vote afterwards: %q, %d rows", after.Content, len(after.Components))
	}
	if _, _, ok := h.fd.Button(room, dave, "Take this seat"); !ok {
		t.Error("no offer of the open seat")
	}
	h.noViolations()
}

// TestVoteWithoutVoters: a vote whose voters all hand their seats to
// computers ends, saying so, and loses its buttons.
func TestVoteWithoutVoters(t *testing.T) {
	h := deadlineVoteOnAlice(t)
	F := fakediscord.Str
	vote, _, ok := h.fd.Button(room, bob, "Open the seat")
	must(t, ok, "no vote")
	h.cmd(bob, room, "replace", fakediscord.Int("seat", 2), F("computer", "easy"))
	h.cmd(erin, room, "replace", fakediscord.Int("seat", 3), F("computer", "easy"))
	h.idle()
	after, _ := h.fd.Message(vote.ID)
	if !strings.Contains(after.Content, "Nobody is left to vote") || len(after.Components) != 0 {
		t.Errorf("the vote afterwards: %q, %d rows", after.Content, len(after.Components))
	}
	h.noViolations()
}

// TestStatsSeatHandedOn: /stats lists a player who handed their seat on
// before the end with the match they left, not as having played it.
func TestStatsSeatHandedOn(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=20"), F("remind", "off"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.idle()
	start, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 100; i++ {
		m, err := h.svc.Get(ctx, bot.ByID(start.ID))
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != bot.StatusActive {
			break
		}
		if m.Moves == 4 && m.Seats[0].UserID == userKey(alice) {
			h.cmd(alice, room, "replace", fakediscord.Int("seat", 1), fakediscord.UserOpt("user", dave))
			continue
		}
		u := strings.TrimPrefix(m.Seats[m.Play.Active[0]].UserID, "discord:")
		clock.Advance(time.Hour)
		h.cmd(u, room, "move", F("move", personMove(t, h, u)))
		h.idle()
	}
	r := h.cmd(erin, room, "stats")
	if !strings.Contains(r.Content, "alice: 1 match left before its end (seat handed on), 1 hour per turn") ||
		!strings.Contains(r.Content, "dave: 1 game, ") {
		t.Errorf("stats: %q", r.Content)
	}
	h.noViolations()
}

// TestReplaceLastPersonThroughDiscord: /replace of the last seat a person
// plays by a computer is refused privately.
func TestReplaceLastPersonThroughDiscord(t *testing.T) {
	h := newHarness(t, harnessOpts{})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "off"))
	h.click(bob, room, "Join")
	h.click(alice, room, "Start")
	h.idle()
	h.cmd(alice, room, "replace", fakediscord.Int("seat", 2), F("computer", "easy"))
	n := len(h.fd.Messages(room))
	r := h.cmd(alice, room, "replace", fakediscord.Int("seat", 1), F("computer", "easy"))
	if !r.Ephemeral() || !strings.Contains(r.Content, "Seat 1 is the last one a person plays, and a match needs at least one") || len(publicSince(h, room, n)) != 0 {
		t.Errorf("the last person's seat to a computer: %q", r.Content)
	}
	h.noViolations()
}

// deadlineVoteOnAlice is a Pebbles match of alice, bob and erin with a
// one-day deadline decided by a vote, a day after its start: alice has
// missed her deadline and bob and erin are asked what to do.
func deadlineVoteOnAlice(t *testing.T) *harness {
	t.Helper()
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("remind", "off"), F("deadline", "1d"), F("at-deadline", "replace"))
	h.click(bob, room, "Join")
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")
	h.idle()
	clock.Advance(24 * time.Hour)
	h.bot.remind(context.Background())
	return h
}

// TestVoteOnSeatHandedOver: handing the seat a deadline vote is about to
// someone ends the vote: the vote message says the seat was handed over,
// naming who plays it now, and loses its buttons; in the match's
// language.
func TestVoteOnSeatHandedOver(t *testing.T) {
	h := deadlineVoteOnAlice(t)
	F := fakediscord.Str
	vote, _, ok := h.fd.Button(room, bob, "Open the seat")
	must(t, ok, "no vote")
	h.click(bob, room, "Wait longer")
	if r := h.cmd(alice, room, "replace", fakediscord.Int("seat", 1), fakediscord.UserOpt("user", dave)); r.Ephemeral() {
		t.Fatalf("the handover: %q", r.Content)
	}
	h.idle()
	after, _ := h.fd.Message(vote.ID)
	if !strings.Contains(after.Content, "Seat 1 was handed over") || !strings.Contains(after.Content, "dave") || len(after.Components) != 0 {
		t.Errorf("the vote afterwards: %q, %d rows", after.Content, len(after.Components))
	}

	// In French, to a computer.
	h = deadlineVoteOnAlice(t)
	h.cmd(alice, room, "clock", F("language", "fr"))
	vote, _, ok = h.fd.Button(room, bob, "Open the seat")
	must(t, ok, "no vote")
	h.cmd(alice, room, "replace", fakediscord.Int("seat", 1), F("computer", "easy"))
	h.idle()
	after, _ = h.fd.Message(vote.ID)
	if !strings.Contains(after.Content, "La place 1 a été cédée") || !strings.Contains(after.Content, "Ordinateur (facile)") || len(after.Components) != 0 {
		t.Errorf("the French vote afterwards: %q, %d rows", after.Content, len(after.Components))
	}
	h.noViolations()
}

// TestUndoRequesterSeatHandedOn: a request to take a move back whose
// requester's seat is handed on is withdrawn: the request message says so
// without its buttons and the move stands. A request the bot cannot find
// (here: without Read Message History) gets the notice anew, and a click
// on its old buttons is told privately that it was withdrawn.
func TestUndoRequesterSeatHandedOn(t *testing.T) {
	for _, history := range []bool{true, false} {
		h := aliceMovedOfThree(t)
		F := fakediscord.Str
		h.cmd(alice, room, "undo")
		req, id, ok := h.fd.Button(room, erin, "Agree")
		must(t, ok, "no request")
		if !history {
			h.fd.SetBotPermissions(room, fakediscord.DefaultBotPermissions&^fakediscord.PermReadMessageHistory)
		}
		n := len(h.fd.Messages(room))
		if r := h.cmd(alice, room, "replace", fakediscord.Int("seat", 1), F("computer", "easy")); r.Ephemeral() {
			t.Fatalf("the handover: %q", r.Content)
		}
		h.idle()
		want := "Seat 1 was handed over to Computer (easy), so alice's request to take back `take 1` (move 1) is withdrawn: the move stands."
		after, _ := h.fd.Message(req.ID)
		if history {
			if after.Content != want || len(after.Components) != 0 {
				t.Errorf("the request afterwards: %q, %d rows", after.Content, len(after.Components))
			}
			h.noViolations()
			continue
		}
		var told bool
		for _, m := range publicSince(h, room, n) {
			told = told || m.Content == want
		}
		if !told || len(after.Components) == 0 {
			t.Errorf("without history: notice posted %v, the request %q", told, after.Content)
		}
		it, _, err := h.fd.Click(erin, req, id)
		if err != nil {
			t.Fatal(err)
		}
		h.idle()
		if r := h.fd.Seen(it); !r.Ephemeral() || !strings.Contains(r.Content, "withdrawn when seat 1 was handed over; the move stands") {
			t.Errorf("a late click: ephemeral %v %q", r.Ephemeral(), r.Content)
		}
	}
}

// TestLogNamesWhoPlayed: /log and /catchup name each move by whoever held
// the seat when it was made: bob's moves stay bob's after dave takes his
// seat over.
func TestLogNamesWhoPlayed(t *testing.T) {
	h := newHarness(t, harnessOpts{})
	F := fakediscord.Str
	startPebbles(t, h, room, alice, bob)
	h.cmd(alice, room, "move", F("move", "take 1"))
	h.cmd(bob, room, "move", F("move", "take 2"))
	r := h.cmd(alice, room, "replace", fakediscord.Int("seat", 2), fakediscord.UserOpt("user", dave))
	must(t, !r.Ephemeral(), "the handover: %q", r.Content)
	h.cmd(alice, room, "move", F("move", "take 1"))
	// dave is new to the seat: caught up from the start.
	r = h.cmd(dave, room, "catchup")
	for _, want := range []string{"**alice** `take 1`", "**bob** `take 2`"} {
		must(t, strings.Contains(r.Content, want), "/catchup: %q, want %q", r.Content, want)
	}
	h.cmd(dave, room, "move", F("move", "take 3"))
	r = h.cmd(dave, room, "log")
	for _, want := range []string{"1. alice: take 1", "2. bob: take 2", "3. alice: take 1", "4. dave: take 3"} {
		must(t, strings.Contains(r.Content, want), "/log: %q, want %q", r.Content, want)
	}
	h.noViolations()
}

// TestCatchupNarratesWhoPlayed: after a seat changed hands (bob to dave,
// dave to a computer and back), /catchup and /log name each move by
// whoever made it, and /catchup tells the earlier player's moves, private
// draws included, in the third person: the newcomer never reads bob's
// moves as his own ("you take 2"), nor dave the computer's. In every
// language.
func TestCatchupNarratesWhoPlayed(t *testing.T) {
	ctx := context.Background()
	// What the seat's earlier player did, and the second person that
	// must not tell it, in each language (engine/testgame's catalog).
	bobs := map[lang.Lang][]string{
		lang.English: {"bob takes 2, 18 left", "bob draws a "},
		lang.German:  {"bob nimmt 2, noch 18 im Haufen", "bob zieht eine "},
		lang.French:  {"bob en prend 2, il en reste 18", "bob pioche un "},
	}
	publicDraw := map[lang.Lang]string{lang.English: "bob draws a card", lang.German: "bob zieht eine Karte", lang.French: "bob pioche une carte"}
	yours := map[lang.Lang][]string{
		lang.English: {"you take", "you draw"},
		lang.German:  {"du nimmst", "du ziehst"},
		lang.French:  {"tu en prends", "tu pioches"},
	}
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
			h := newHarness(t, harnessOpts{now: clock.Now})
			for _, u := range []string{alice, bob, dave} {
				x := h.fd.User(u)
				x.Locale = string(l)
				h.fd.AddUser(x)
			}
			F := fakediscord.Str
			h.cmd(alice, room, "play", F("game", "pebbles"), F("language", string(l)), F("remind", "off"))
			h.click(bob, room, say(l, "discord.lobby.join"))
			h.click(alice, room, say(l, "discord.lobby.start"))
			h.cmd(alice, room, "move", F("move", "take 1"))
			h.cmd(bob, room, "move", F("move", "take 2"))
			r := h.cmd(alice, room, "replace", fakediscord.Int("seat", 2), fakediscord.UserOpt("user", dave))
			must(t, !r.Ephemeral(), "the handover: %q", r.Content)
			h.cmd(alice, room, "move", F("move", "take 1"))

			// dave, new to the seat, reads bob's moves and draws as bob's.
			r = h.cmd(dave, room, "catchup")
			must(t, strings.Contains(r.Content, "2. **bob** `take 2`"), "dave's /catchup: %q", r.Content)
			for _, want := range bobs[l] {
				must(t, strings.Contains(r.Content, want), "dave's /catchup lacks %q:\n%s", want, r.Content)
			}
			for _, not := range yours[l] {
				must(t, !strings.Contains(strings.ToLower(r.Content), not), "dave's /catchup has %q:\n%s", not, r.Content)
			}
			// bob's draw is told once, in its private form that names the
			// card, not again as the public count.
			must(t, !strings.Contains(r.Content, publicDraw[l]), "dave's /catchup tells bob's draw twice:\n%s", r.Content)

			// dave moves, hands the seat to a computer, which plays once,
			// and takes it back: the computer's move is not his.
			h.cmd(dave, room, "move", F("move", personMove(t, h, dave)))
			r = h.cmd(dave, room, "replace", fakediscord.Int("seat", 2), F("computer", "easy"))
			must(t, !r.Ephemeral(), "to the computer: %q", r.Content)
			h.idle()
			h.cmd(alice, room, "move", F("move", personMove(t, h, alice)))
			h.idle()
			clock.Advance(3 * time.Second)
			h.bot.remind(ctx)
			h.idle()
			m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
			must(t, err == nil && m.Moves == 6 && m.Seats[1].Computer != "", "the computer's move: %d moves, %v", m.Moves, err)
			computer := m.Seats[1].NameIn(l)
			r = h.cmd(alice, room, "replace", fakediscord.Int("seat", 2), fakediscord.UserOpt("user", dave))
			must(t, !r.Ephemeral(), "back to dave: %q", r.Content)
			r = h.cmd(dave, room, "catchup")
			must(t, strings.Contains(r.Content, "6. **"+computer+"** `take "), "dave's /catchup names the computer: %q", r.Content)
			for _, not := range yours[l] {
				must(t, !strings.Contains(strings.ToLower(r.Content), not), "dave's /catchup has %q:\n%s", not, r.Content)
			}
			r = h.cmd(dave, room, "log")
			for i, who := range []string{"alice", "bob", "alice", "dave", "alice", computer} {
				want := fmt.Sprintf("%3d. ", i+1) + pair(l, who, "take ")
				must(t, strings.Contains(r.Content, want), "/log lacks %q:\n%s", want, r.Content)
			}
			h.noViolations()
		})
	}
}

// TestUndoCarriedOutByDeadlineVote: a request to take a move back that
// waits on one player alone is carried out when the others' deadline vote
// lets the computer play that player's seat (it agrees at once): the
// request says everyone agreed and loses its buttons, and the board post
// and the ping of the mover follow, as after the last approval.
func TestUndoCarriedOutByDeadlineVote(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=40"), F("remind", "off"), F("deadline", "12h"), F("at-deadline", "replace"))
	h.click(bob, room, "Join")
	h.click(erin, room, "Join")
	h.click(alice, room, "Start")
	h.idle()
	h.cmd(alice, room, "move", F("move", personMove(t, h, alice)))
	h.cmd(alice, room, "undo")
	h.click(erin, room, "Agree")
	var req string
	for _, m := range h.fd.Messages(room) {
		if strings.Contains(m.Content, "asks to take back") {
			req = m.ID
		}
	}
	must(t, req != "", "no request")
	clock.Advance(12 * time.Hour) // the request lives 24 hours
	h.bot.remind(context.Background())
	h.idle()
	n := len(h.fd.Messages(room))
	h.click(alice, room, "Computer plays")
	h.click(erin, room, "Computer plays")
	h.idle()
	undoneForAlice(t, h, req, n)
	h.noViolations()
}
