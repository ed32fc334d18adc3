package bot_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

// undoDeck deals Alice 2 3 1, Bob 3 2 3 and Carol 3 3 3, then 3s: with a
// pile of 5, Alice takes 2, Bob takes 2, and Carol (3 3 3 against 1
// pebble) must pass, which draws nothing; Alice's 1 keeps the game going.
const undoDeck = "2,3,1,3,2,3,3,3,3,3,3,3,3,3,3"

func undoMatch(t *testing.T, svc *bot.Service, ctx context.Context, users ...bot.UserRef) bot.Match {
	t.Helper()
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: users[0], Seed: 7,
		Pins: map[string]string{"deck": undoDeck}, Options: map[string]string{"pile": "5"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range users[1:] {
		if _, err := svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), users[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return o.Match
}

func play(t *testing.T, svc *bot.Service, ctx context.Context, u bot.UserRef, move string) bot.Outcome {
	t.Helper()
	o, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel("c"), UserID: u.ID, Move: move})
	if err != nil {
		t.Fatalf("%s %s: %v", u.Name, move, err)
	}
	return o
}

// views is every seat's view and the public one, as JSON.
func views(t *testing.T, m bot.Match) string {
	t.Helper()
	var b strings.Builder
	for s := -1; s < len(m.Seats); s++ {
		j, err := json.Marshal(m.View(s))
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String()
}

// checkReplay: the exported record (undos included) replays to the
// match's position.
func checkReplay(t *testing.T, svc *bot.Service, ctx context.Context, m bot.Match) {
	t.Helper()
	text, err := svc.Export(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	rec, err := engine.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	res, err := engine.Replay(testgame.Game{}, rec)
	if err != nil {
		t.Fatalf("%v\n%s", err, text)
	}
	g := testgame.Game{}
	want, _ := g.MarshalState(res.State)
	cur, err := svc.Get(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	for s := -1; s < len(cur.Seats); s++ {
		a, _ := json.Marshal(g.View(res.State, s))
		b, _ := json.Marshal(cur.View(s))
		if string(a) != string(b) {
			t.Fatalf("seat %d: the replayed record gives another position:\n%s\n%s\nrecord:\n%s\nstate %s", s, a, b, text, want)
		}
	}
}

func TestUndoFree(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	svc := memoryService(t, &now)
	undoMatch(t, svc, ctx, alice, bob, carol)
	play(t, svc, ctx, alice, "take 2")
	o := play(t, svc, ctx, bob, "take 2")
	before := views(t, o.Match)
	play(t, svc, ctx, carol, "pass")
	// Bob may not take back Carol's move.
	if _, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: bob.ID}); !errors.Is(err, bot.ErrNotAllowed) {
		t.Errorf("bob undoes carol's move: %v", err)
	}
	u, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: carol.ID, RequestID: "i1"})
	if err != nil {
		t.Fatal(err)
	}
	if !u.Undone || !u.Free || u.Target != 3 || u.Taken != "pass" || u.Seat != 2 || u.Vote != nil || !u.NewTurn || len(u.Notify) != 1 || u.Notify[0] != 2 {
		t.Fatalf("free undo: %+v", u)
	}
	if got := views(t, u.Match); got != before {
		t.Errorf("after the undo:\n%s\nwant\n%s", got, before)
	}
	if u.Match.Moves != 4 {
		t.Errorf("the log has %d entries, want 4 (append-only, the undo is one)", u.Match.Moves)
	}
	log, _ := svc.Log(ctx, bot.ByID(u.Match.ID), 0)
	if len(log) != 4 || log[3].Undo != 3 || log[3].Move != "undo" || log[2].Move != "pass" {
		t.Errorf("log: %+v", log)
	}
	// The same delivery again changes nothing.
	if u, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: carol.ID, RequestID: "i1"}); err != nil || !u.Duplicate {
		t.Errorf("a repeated undo: %+v %v", u, err)
	}
	checkReplay(t, svc, ctx, u.Match)
	// Bob's move is now the latest: Carol cannot take it back.
	_, err = svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: carol.ID})
	var be *bot.Error
	if !errors.As(err, &be) || be.Kind != bot.KindNotAllowed || !strings.Contains(be.Detail, "Bob") {
		t.Errorf("carol undoes bob's move: %v", err)
	}
	play(t, svc, ctx, carol, "pass")
	m, _ := svc.Get(ctx, bot.InChannel("c"))
	checkReplay(t, svc, ctx, m)
	o = play(t, svc, ctx, alice, "take 1")
	if !o.Match.Play.Finished {
		t.Fatal("alice's last pebble did not end the game")
	}
	checkReplay(t, svc, ctx, o.Match)
	if _, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(o.Match.ID), UserID: alice.ID}); !errors.Is(err, bot.ErrFinished) {
		t.Errorf("undo after the end: %v", err)
	}
}

func TestUndoVote(t *testing.T) {
	ctx := context.Background()
	ask := func(t *testing.T, svc *bot.Service, u bot.UserRef) bot.UndoOutcome {
		t.Helper()
		o, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: u.ID})
		if err != nil {
			t.Fatal(err)
		}
		return o
	}
	t.Run("approved", func(t *testing.T) {
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		svc := memoryService(t, &now)
		m := undoMatch(t, svc, ctx, alice, bob, carol)
		before := views(t, m)
		hand := func() string {
			p, _ := svc.Private(ctx, bot.InChannel("c"), alice.ID)
			j, _ := json.Marshal(p.Holding)
			return string(j)
		}
		play(t, svc, ctx, alice, "take 2") // draws a card: a vote
		drawn := hand()
		u := ask(t, svc, alice)
		if u.Undone || u.Vote == nil || u.Vote.Move != "take 2" || u.Vote.Target != 1 || len(u.Vote.Waiting) != 2 {
			t.Fatalf("ask: %+v vote %+v", u, u.Vote)
		}
		if v := svc.PendingUndo(u.Match); v == nil || v.Seat != 0 {
			t.Fatalf("pending vote %+v", v)
		}
		// Asking again shows the same request, open already.
		if again := ask(t, svc, alice); again.Vote == nil || again.Undone || !again.Open || again.Vote.Target != 1 {
			t.Errorf("asking twice: %+v", again)
		}
		if _, err := svc.VoteUndo(ctx, bot.InChannel("c"), alice.ID, 1, true); !errors.Is(err, bot.ErrNotAllowed) {
			t.Errorf("alice votes on her own request: %v", err)
		}
		u, err := svc.VoteUndo(ctx, bot.InChannel("c"), carol.ID, 1, true)
		if err != nil || u.Undone || u.Vote == nil || len(u.Vote.Waiting) != 1 || u.Vote.Waiting[0] != 1 {
			t.Fatalf("carol approves: %+v %v", u, err)
		}
		u, err = svc.VoteUndo(ctx, bot.InChannel("c"), bob.ID, 1, true)
		if err != nil || !u.Undone || u.Free || u.Taken != "take 2" {
			t.Fatalf("bob approves last: %+v %v", u, err)
		}
		if got := views(t, u.Match); got != before {
			t.Errorf("after the approved undo:\n%s\nwant\n%s", got, before)
		}
		if svc.PendingUndo(u.Match) != nil {
			t.Error("the vote is still pending")
		}
		// The card drawn again is the one drawn before.
		play(t, svc, ctx, alice, "take 2")
		if got := hand(); got != drawn {
			t.Errorf("redrawn hand %s, first drawn %s", got, drawn)
		}
		m, _ = svc.Get(ctx, bot.InChannel("c"))
		checkReplay(t, svc, ctx, m)
	})
	t.Run("rejected", func(t *testing.T) {
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		svc := memoryService(t, &now)
		undoMatch(t, svc, ctx, alice, bob)
		o := play(t, svc, ctx, alice, "take 2")
		ask(t, svc, alice)
		u, err := svc.VoteUndo(ctx, bot.InChannel("c"), bob.ID, 1, false)
		if err != nil || u.Undone || u.Ended != "rejected" {
			t.Fatalf("bob rejects: %+v %v", u, err)
		}
		if views(t, u.Match) != views(t, o.Match) || u.Match.Moves != 1 {
			t.Error("a rejected undo changed the game")
		}
		if _, err := svc.VoteUndo(ctx, bot.InChannel("c"), bob.ID, 1, true); !errors.Is(err, bot.ErrStale) {
			t.Errorf("approving a rejected request: %v", err)
		}
	})
	t.Run("timed out", func(t *testing.T) {
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		svc := memoryService(t, &now)
		undoMatch(t, svc, ctx, alice, bob)
		play(t, svc, ctx, alice, "take 2")
		u := ask(t, svc, alice)
		now = now.Add(bot.UndoVoteLife)
		if svc.PendingUndo(u.Match) != nil {
			t.Error("a request 24 hours old is still pending")
		}
		u, err := svc.VoteUndo(ctx, bot.InChannel("c"), bob.ID, 1, true)
		if err != nil || u.Undone || u.Ended != "expired" || u.Match.Moves != 1 {
			t.Fatalf("approving after 24 hours: %+v %v", u, err)
		}
		// Alice may ask again.
		if u := ask(t, svc, alice); u.Vote == nil || !u.Vote.Asked.Equal(now) {
			t.Errorf("asking again: %+v", u)
		}
	})
	t.Run("a move ends it", func(t *testing.T) {
		now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
		svc := memoryService(t, &now)
		undoMatch(t, svc, ctx, alice, bob, carol)
		play(t, svc, ctx, alice, "take 2")
		ask(t, svc, alice)
		play(t, svc, ctx, bob, "take 2")
		if _, err := svc.VoteUndo(ctx, bot.InChannel("c"), bob.ID, 1, true); !errors.Is(err, bot.ErrStale) {
			t.Errorf("approving after a move: %v", err)
		}
		if _, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: alice.ID}); !errors.Is(err, bot.ErrNotAllowed) {
			t.Errorf("alice asks after bob moved: %v", err)
		}
	})
}

// TestUndoExpiryFires: the turn clock ends an unanswered request to take a
// move back on time, once across two processes sharing the store: not a
// minute early, then exactly one of them reports it (with the move), the
// request is over for everyone, and nothing fires again.
func TestUndoExpiryFires(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	store := servicetest.Store(t)
	newSvc := func() *bot.Service {
		svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: store, Now: func() time.Time { return now }})
		if err != nil {
			t.Fatal(err)
		}
		return svc
	}
	a, b := newSvc(), newSvc()
	undoMatch(t, a, ctx, alice, bob, carol)
	play(t, a, ctx, alice, "take 2") // draws a card: a vote
	u, err := a.Undo(ctx, bot.UndoRequest{Ref: bot.InChannel("c"), UserID: alice.ID})
	if err != nil || u.Vote == nil {
		t.Fatalf("ask: %+v %v", u, err)
	}
	if _, err := a.VoteUndo(ctx, bot.InChannel("c"), carol.ID, 1, true); err != nil {
		t.Fatal(err)
	}
	// No reminders are set (no turn clock interval): only the request is due.
	now = now.Add(bot.UndoVoteLife - time.Minute)
	for _, svc := range []*bot.Service{a, b} {
		if rs, err := svc.FireDue(ctx, "early", 10); err != nil || len(rs) != 0 {
			t.Fatalf("a minute early: %+v %v", rs, err)
		}
	}
	now = now.Add(time.Minute)
	var fired []bot.Reminder
	for i, svc := range []*bot.Service{a, b, a} {
		rs, err := svc.FireDue(ctx, "p"+string(rune('1'+i)), 10)
		if err != nil {
			t.Fatal(err)
		}
		fired = append(fired, rs...)
	}
	if len(fired) != 1 {
		t.Fatalf("fired %d times: %+v", len(fired), fired)
	}
	r := fired[0]
	if r.Kind != bot.ReminderUndoExpired || r.Seat != 0 || r.UserID != alice.ID || r.Target != 1 || r.Move != "take 2" || r.Waited != bot.UndoVoteLife {
		t.Errorf("reminder %+v", r)
	}
	if r.Match.Moves != 1 || b.PendingUndo(r.Match) != nil {
		t.Errorf("after the expiry: moves %d, pending %+v", r.Match.Moves, b.PendingUndo(r.Match))
	}
	// The request is over: a late answer is stale, and the clock has
	// nothing left to do with it, days later too.
	if _, err := b.VoteUndo(ctx, bot.InChannel("c"), bob.ID, 1, true); !errors.Is(err, bot.ErrStale) {
		t.Errorf("answering after the expiry: %v", err)
	}
	now = now.Add(72 * time.Hour)
	if rs, err := a.FireDue(ctx, "later", 10); err != nil || len(rs) != 0 {
		t.Errorf("fired again: %+v %v", rs, err)
	}
}
