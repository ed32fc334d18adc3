package bot_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
)

// TestCatchUpIsThePersons: /catchup starts from the asking person's own
// last move in the seat: a move a stand-in computer or the seat's
// previous player made there is not theirs, and a newcomer is caught up
// from the start.
func TestCatchUpIsThePersons(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := clockMatch(t, svc, "c", 0)
	ref := bot.ByID(m.ID)
	for range 4 { // Alice, Bob, Alice, Bob
		playAny(t, svc, m.ID)
	}
	// The computer plays Alice's seat for a while, then she has it back.
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: ref, Seat: 0, By: alice.ID, Computer: "easy"}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(computerDelay)
	if rs := fire(t, svc, "p"); len(rs) != 1 || rs[0].Kind != bot.ReminderComputer {
		t.Fatalf("%+v, want the computer's move", rs)
	}
	playAny(t, svc, m.ID) // Bob: move 6
	// Bob, the creator since Alice's seat went to a computer, hands it back.
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: ref, Seat: 0, By: bob.ID, To: alice}); err != nil {
		t.Fatal(err)
	}
	c, err := svc.CatchUp(ctx, ref, alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Since != 3 || c.Moves != 3 {
		t.Errorf("Alice back: since %d, %d moves; want her own move 3 and the 3 after it", c.Since, c.Moves)
	}
	// Dave takes Bob's seat: he is caught up from the start, not from
	// Bob's move 6.
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: ref, Seat: 1, By: bob.ID, To: dave}); err != nil {
		t.Fatal(err)
	}
	c, err = svc.CatchUp(ctx, ref, dave.ID)
	if err != nil {
		t.Fatal(err)
	}
	if c.Since != 0 || c.Moves != 6 || c.Turns[0].Seq != 0 {
		t.Errorf("Dave, new in the seat: since %d, %d moves; want the start and all 6", c.Since, c.Moves)
	}
	playAny(t, svc, m.ID) // Alice: move 7
	playAny(t, svc, m.ID) // Dave: move 8
	playAny(t, svc, m.ID) // Alice: move 9
	if c, err = svc.CatchUp(ctx, ref, dave.ID); err != nil || c.Since != 8 || c.Moves != 1 {
		t.Errorf("Dave after his own move: %+v %v", c, err)
	}
}

// TestUndoLastVoterReplacedByComputer: a request to take a move back
// whose last voter's seat is handed to a computer (which agrees at once)
// is carried out by the handover, as if they had agreed.
func TestUndoLastVoterReplacedByComputer(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := threeSeats(t, svc, bot.ClockSettings{})
	playAny(t, svc, m.ID) // Alice takes and draws a card: the others must agree
	u, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(m.ID), UserID: alice.ID})
	if err != nil || u.Vote == nil {
		t.Fatalf("undo: %+v %v", u, err)
	}
	if _, err := svc.VoteUndo(ctx, bot.ByID(m.ID), bob.ID, u.Target, true); err != nil {
		t.Fatal(err)
	}
	o, err := svc.ReplaceSeat(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 2, By: alice.ID, Computer: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if o.Undone == nil || !o.Undone.Undone || o.Undone.Target != 1 || o.Undone.Taken == "" || o.Undone.Seat != 0 || !o.Undone.NewTurn {
		t.Fatalf("the handover did not carry out the request: %+v", o.Undone)
	}
	cur := mustGet(t, svc, m.ID)
	if svc.PendingUndo(cur) != nil || cur.Play.Active[0] != 0 || cur.Seats[2].Computer != "easy" || cur.Moves != 2 {
		t.Errorf("after: pending %+v, active %v, seat 3 %+v, %d log entries", svc.PendingUndo(cur), cur.Play.Active, cur.Seats[2], cur.Moves)
	}
	log, _ := svc.Log(ctx, bot.ByID(m.ID), 0)
	if len(log) != 2 || log[1].Undo != 1 {
		t.Errorf("log %+v, want the move and its undo", log)
	}
	// A handover that leaves someone to answer changes nothing.
	playAny(t, svc, m.ID)
	u, err = svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(m.ID), UserID: alice.ID})
	if err != nil || u.Vote == nil || len(u.Vote.Waiting) != 1 {
		t.Fatalf("undo: %+v %v", u, err)
	}
	if o, err = svc.ReplaceSeat(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 1, By: alice.ID, To: dave}); err != nil || o.Undone != nil {
		t.Fatalf("handover to a person: %+v %v", o.Undone, err)
	}
	if v := svc.PendingUndo(o.Match); v == nil || len(v.Waiting) != 1 || v.Waiting[0] != 1 {
		t.Errorf("the request after a handover to a person: %+v", v)
	}
}

// TestVoteAfterReplace: a handover re-counts an open deadline vote: a
// majority that the smaller electorate now reaches decides it, and a
// vote with nobody left to vote ends, the missing seat's deadline
// starting again (so the match is never left waiting for nobody).
func TestVoteAfterReplace(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := threeSeats(t, svc, bot.ClockSettings{Deadline: bot.MinDeadline, OnDeadline: bot.DeadlineReplace})
	clock.Advance(bot.MinDeadline)
	if rs := fire(t, svc, "p"); kinds(rs) != bot.ReminderVote+":"+alice.ID {
		t.Fatalf("fired %s, want the vote on Alice's seat", kinds(rs))
	}
	// Bob votes to open the seat; Carol hands hers to a computer: Bob
	// alone now decides.
	if res, err := svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: 0, UserID: bob.ID, Choice: bot.VoteOpen}); err != nil || res.Decided != "" {
		t.Fatalf("bob's ballot: %+v %v", res, err)
	}
	o, err := svc.ReplaceSeat(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 2, By: carol.ID, Computer: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Votes) != 1 || o.Votes[0].Seat != 0 || o.Votes[0].Decided != bot.VoteOpen || o.Votes[0].Voters != 1 {
		t.Fatalf("votes decided by the handover: %+v", o.Votes)
	}
	if sc := o.Match.Clock.Seats[0]; sc.Vote != nil || !sc.Open {
		t.Errorf("Alice's seat after: %+v", sc)
	}

	// Another match: both voters hand their seats to computers.
	svc = computerService(t, newStore(t), clock)
	m = threeSeats(t, svc, bot.ClockSettings{Deadline: bot.MinDeadline, OnDeadline: bot.DeadlineReplace})
	clock.Advance(bot.MinDeadline)
	fire(t, svc, "p")
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 1, By: bob.ID, Computer: "easy"}); err != nil {
		t.Fatal(err)
	}
	o, err = svc.ReplaceSeat(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 2, By: carol.ID, Computer: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Votes) != 1 || !o.Votes[0].NoVoters || o.Votes[0].Decided != "" {
		t.Fatalf("the vote without voters: %+v", o.Votes)
	}
	if sc := o.Match.Clock.Seats[0]; sc.Vote != nil || sc.Deadlined || o.Match.Due.IsZero() {
		t.Fatalf("Alice's seat after: %+v, due %v", sc, o.Match.Due)
	}
	// Her deadline comes again, and with nobody to vote she is reminded.
	clock.Advance(bot.MinDeadline)
	if rs := fire(t, svc, "p"); kinds(rs) != bot.ReminderDeadline+":"+alice.ID {
		t.Errorf("fired %s, want Alice's deadline reminder", kinds(rs))
	}
}

// TestCreatorHandsSeatOn: the creator who hands their seat on hands the
// match's creatorship with it: to the person who takes it, or, when a
// computer takes it, to the first person still seated (as in a lobby).
func TestCreatorHandsSeatOn(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := threeSeats(t, svc, bot.ClockSettings{})
	got, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 0, By: alice.ID, To: dave})
	if err != nil || got.Creator != dave.ID {
		t.Fatalf("creator after Alice hands her seat to Dave: %q %v", got.Creator, err)
	}
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 1, By: alice.ID, Computer: "easy"}); !errors.Is(err, bot.ErrNotAllowed) {
		t.Errorf("Alice, seatless, hands Bob's seat on: %v", err)
	}
	// Bob's seat is handed on by its player: the creator stays Dave.
	if got, err = svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 1, By: bob.ID, To: alice}); err != nil || got.Creator != dave.ID {
		t.Fatalf("creator after Bob hands his seat on: %q %v", got.Creator, err)
	}
	// Dave hands his seat to a computer: Alice (seat 2) is the first
	// person seated.
	if got, err = svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 0, By: dave.ID, Computer: "easy"}); err != nil || got.Creator != alice.ID {
		t.Fatalf("creator after Dave hands his seat to a computer: %q %v", got.Creator, err)
	}
	if _, err := svc.Abort(ctx, bot.ByID(m.ID), dave.ID, false); !errors.Is(err, bot.ErrNotAllowed) {
		t.Errorf("Dave, seatless, aborts: %v", err)
	}
	if _, err := svc.Abort(ctx, bot.ByID(m.ID), alice.ID, false); err != nil {
		t.Errorf("Alice, the creator now, aborts: %v", err)
	}
}

// TestStatsAfterHandover: a seat that changed hands credits each person
// with the turns and time they played; the result (place, score) is its
// final player's, and the one who handed it on counts it as a match left
// before its end, found by their own /stats too.
func TestStatsAfterHandover(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "s", Server: "g", Game: "pebbles", Creator: alice, Seed: 7,
		Options: map[string]string{"pile": "12"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.ByID(m.ID), bob); err != nil {
		t.Fatal(err)
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	m = o.Match
	// Alice takes 10 hours a turn, then hands her seat to Dave, who (as
	// Bob) takes a minute.
	handed := false
	for i := 0; m.Status == bot.StatusActive && i < 200; i++ {
		seat := m.Play.Active[0]
		if seat == 0 && !handed && m.Moves >= 4 {
			if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 0, By: alice.ID, To: dave}); err != nil {
				t.Fatal(err)
			}
			handed = true
		}
		if seat == 0 && !handed {
			clock.Advance(10 * time.Hour)
		} else {
			clock.Advance(time.Minute)
		}
		m = playAny(t, svc, m.ID).Match
	}
	if m.Status != bot.StatusFinished || !handed {
		t.Fatalf("status %v, handed %v", m.Status, handed)
	}
	st, err := svc.Stats(ctx, bot.StatsRequest{Server: "g"})
	if err != nil || len(st) != 1 {
		t.Fatalf("stats %+v %v", st, err)
	}
	by := map[string]bot.PlayerStats{}
	for _, p := range st[0].Players {
		by[p.UserID] = p
	}
	if p := by[dave.ID]; p.Played != 1 || p.Left != 0 || p.PerTurn != time.Minute {
		t.Errorf("Dave: %+v, want 1 played at a minute a turn", p)
	}
	if p := by[bob.ID]; p.Played != 1 || p.PerTurn != time.Minute {
		t.Errorf("Bob: %+v", p)
	}
	if p := by[alice.ID]; p.Played != 0 || p.Left != 1 || p.Wins != 0 || p.PerTurn != 10*time.Hour {
		t.Errorf("Alice: %+v, want 1 left at 10 hours a turn", p)
	}
	own, err := svc.Stats(ctx, bot.StatsRequest{UserID: alice.ID})
	if err != nil || len(own) != 1 || len(own[0].Players) != 1 || own[0].Players[0].Left != 1 {
		t.Errorf("Alice's own stats: %+v %v", own, err)
	}
}

// TestReplaceLastPerson: a match needs a person, as a lobby does: the
// handover that would leave only computers seated is refused and changes
// nothing.
func TestReplaceLastPerson(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := clockMatch(t, svc, "c", 0)
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 1, By: alice.ID, Computer: "easy"}); err != nil {
		t.Fatal(err)
	}
	before := mustGet(t, svc, m.ID)
	for _, req := range []bot.ReplaceRequest{
		{Ref: bot.ByID(m.ID), Seat: 0, By: alice.ID, Computer: "easy"},
		{Ref: bot.ByID(m.ID), Seat: 0, By: "u:mod", Moderator: true, Computer: "strong"},
	} {
		_, err := svc.Replace(ctx, req)
		if want := "Seat 1 is the last one a person plays, and a match needs at least one: hand it to another person, or abort the match."; !errors.Is(err, bot.ErrBadRequest) || svc.Explain(ctx, err).Text != want {
			t.Errorf("%s hands the last person's seat to a computer: %v %q", req.By, err, svc.Explain(ctx, err).Text)
		}
	}
	if after := mustGet(t, svc, m.ID); after.Version != before.Version {
		t.Error("a refused handover changed the match")
	}
	// To another person it may go.
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 0, By: alice.ID, To: dave}); err != nil {
		t.Errorf("to a person: %v", err)
	}
}

// TestStatsStandIn: the turns a stand-in computer played for a person are
// not the person's time; the result stays theirs (they hold the seat).
func TestStatsStandIn(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := threeSeats(t, svc, bot.ClockSettings{Deadline: bot.MinDeadline, OnDeadline: bot.DeadlineReplace})
	clock.Advance(bot.MinDeadline)
	fire(t, svc, "p")
	for _, u := range []bot.UserRef{bob, carol} {
		if _, err := svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: 0, UserID: u.ID, Choice: bot.VoteComputer}); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 500; i++ {
		m = mustGet(t, svc, m.ID)
		if m.Status != bot.StatusActive {
			break
		}
		clock.Advance(time.Hour)
		if m.ComputerPlays(m.Play.Active[0]) != "" {
			fire(t, svc, "p")
			continue
		}
		playAny(t, svc, m.ID)
	}
	if m.Status != bot.StatusFinished {
		t.Fatalf("status %v", m.Status)
	}
	st, err := svc.Stats(ctx, bot.StatsRequest{UserID: alice.ID})
	if err != nil || len(st) != 1 || len(st[0].Players) != 1 {
		t.Fatalf("stats %+v %v", st, err)
	}
	if p := st[0].Players[0]; p.Played != 1 || p.PerTurn != 0 {
		t.Errorf("Alice, whose every move the computer made: %+v, want 1 played and no time per turn", p)
	}
}

// TestVoteOnHandedSeat: handing the seat a deadline vote is about to
// someone ends the vote: the handover reports it (VoteResult.HandedOver)
// and a later ballot finds no vote.
func TestVoteOnHandedSeat(t *testing.T) {
	ctx := context.Background()
	for _, to := range []bot.ReplaceRequest{{Seat: 0, By: alice.ID, To: dave}, {Seat: 0, By: alice.ID, Computer: "easy"}} {
		clock := newFakeClock()
		svc := computerService(t, newStore(t), clock)
		m := threeSeats(t, svc, bot.ClockSettings{Deadline: bot.MinDeadline, OnDeadline: bot.DeadlineReplace})
		clock.Advance(bot.MinDeadline)
		if rs := fire(t, svc, "p"); kinds(rs) != bot.ReminderVote+":"+alice.ID {
			t.Fatalf("fired %s, want the vote on Alice's seat", kinds(rs))
		}
		if _, err := svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: 0, UserID: bob.ID, Choice: bot.VoteWait}); err != nil {
			t.Fatal(err)
		}
		to.Ref = bot.ByID(m.ID)
		o, err := svc.ReplaceSeat(ctx, to)
		if err != nil {
			t.Fatal(err)
		}
		if len(o.Votes) != 1 || o.Votes[0].Seat != 0 || !o.Votes[0].HandedOver || o.Votes[0].Decided != "" || o.Votes[0].NoVoters {
			t.Fatalf("votes ended by handing seat 1 to %+v: %+v", to, o.Votes)
		}
		if sc := o.Match.Clock.Seats[0]; sc.Vote != nil || sc.Open || sc.Deadlined {
			t.Errorf("seat 1 after: %+v", sc)
		}
		_, err = svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: 0, UserID: carol.ID, Choice: bot.VoteOpen})
		if e := (*bot.Error)(nil); !errors.As(err, &e) || e.DetailMsg.ID != "detail.vote-none" {
			t.Errorf("a ballot after the handover: %v", err)
		}
	}
}

// TestUndoRequesterHandedOn: an open request to take a move back is
// withdrawn when the requester's seat is handed to a computer or another
// person (the new player did not ask): the move stands, the handover
// reports it, and a later answer is told the request was withdrawn.
func TestUndoRequesterHandedOn(t *testing.T) {
	ctx := context.Background()
	for _, to := range []bot.ReplaceRequest{{Seat: 0, By: alice.ID, To: dave}, {Seat: 0, By: alice.ID, Computer: "easy"}} {
		clock := newFakeClock()
		svc := computerService(t, newStore(t), clock)
		m := threeSeats(t, svc, bot.ClockSettings{})
		playAny(t, svc, m.ID) // Alice takes and draws a card: the others must agree
		u, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(m.ID), UserID: alice.ID})
		if err != nil || u.Vote == nil {
			t.Fatalf("undo: %+v %v", u, err)
		}
		if _, err := svc.VoteUndo(ctx, bot.ByID(m.ID), bob.ID, u.Target, true); err != nil {
			t.Fatal(err)
		}
		to.Ref = bot.ByID(m.ID)
		o, err := svc.ReplaceSeat(ctx, to)
		if err != nil {
			t.Fatal(err)
		}
		if o.Undone != nil || o.Withdrawn == nil || o.Withdrawn.Ended != "withdrawn" || o.Withdrawn.Target != 1 || o.Withdrawn.Taken == "" || o.Withdrawn.Seat != 0 || o.Withdrawn.Undone {
			t.Fatalf("handing the requester's seat to %+v: undone %+v, withdrawn %+v", to, o.Undone, o.Withdrawn)
		}
		cur := mustGet(t, svc, m.ID)
		if svc.PendingUndo(cur) != nil || cur.Moves != 1 {
			t.Errorf("after: pending %+v, %d log entries", svc.PendingUndo(cur), cur.Moves)
		}
		_, err = svc.VoteUndo(ctx, bot.ByID(m.ID), carol.ID, u.Target, true)
		var e *bot.Error
		if !errors.As(err, &e) || e.DetailMsg.ID != "detail.undo-withdrawn" || !errors.Is(err, bot.ErrStale) {
			t.Errorf("carol answers afterwards: %v", err)
		}
	}
}

// TestUndoNeverWaitsOnAStandIn: a seat the computer plays for a person
// (Seat.Standin, here after the others voted at its deadline) agrees to a
// request to take a move back at once, as a computer's own seat does: its
// player is neither asked nor pinged. And a request waiting on one person
// alone is carried out when the others' deadline vote hands that person's
// seat to the computer.
func TestUndoNeverWaitsOnAStandIn(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := threeSeats(t, svc, bot.ClockSettings{Deadline: bot.MinDeadline, OnDeadline: bot.DeadlineReplace})
	// handOver lets the deadline of the seat to move pass and the other
	// two vote for the computer; it returns the vote's result.
	handOver := func(m bot.Match) bot.VoteResult {
		t.Helper()
		seat := m.Play.Active[0]
		clock.Advance(bot.MinDeadline)
		if rs := fire(t, svc, "p"); len(rs) != 1 || rs[0].Kind != bot.ReminderVote || rs[0].Seat != seat {
			t.Fatalf("%+v, want the vote on seat %d", rs, seat+1)
		}
		var res bot.VoteResult
		for i, st := range m.Seats {
			if i == seat {
				continue
			}
			var err error
			if res, err = svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: seat, UserID: st.UserID, Choice: bot.VoteComputer}); err != nil {
				t.Fatal(err)
			}
		}
		if res.Decided != bot.VoteComputer || res.Match.Seats[seat].Standin == "" {
			t.Fatalf("the vote on seat %d: %+v", seat+1, res)
		}
		return res
	}

	// The request waits on Bob and Carol; Carol agrees, then Bob's
	// deadline passes and the others give his seat to the computer, which
	// agrees: the move is taken back.
	first := m.Play.Active[0]
	mover := m.Seats[first]
	o := playAny(t, svc, m.ID) // a take draws a card: it revealed something
	u, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(m.ID), UserID: mover.UserID})
	if err != nil || u.Vote == nil || len(u.Vote.Waiting) != 2 {
		t.Fatalf("undo: %+v %v", u, err)
	}
	next := o.Match.Play.Active[0]
	third := 3 - first - next
	if _, err := svc.VoteUndo(ctx, bot.ByID(m.ID), m.Seats[third].UserID, u.Target, true); err != nil {
		t.Fatal(err)
	}
	res := handOver(o.Match)
	if res.Undone == nil || !res.Undone.Undone || res.Undone.Target != u.Target || res.Undone.Seat != first || !res.Undone.NewTurn {
		t.Fatalf("the vote did not carry out the request: %+v", res.Undone)
	}
	cur := mustGet(t, svc, m.ID)
	if svc.PendingUndo(cur) != nil || cur.Play.Active[0] != first || cur.Seats[next].Standin == "" {
		t.Fatalf("after: pending %+v, active %v, seats %+v", svc.PendingUndo(cur), cur.Play.Active, cur.Seats)
	}

	// A new request by the same player asks only the third player: the
	// stand-in is not waited on.
	playAny(t, svc, m.ID)
	u, err = svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(m.ID), UserID: mover.UserID})
	if err != nil || u.Vote == nil || len(u.Vote.Waiting) != 1 || u.Vote.Waiting[0] != third {
		t.Fatalf("undo with a stand-in at the table: %+v %v, want only seat %d asked", u.Vote, err, third+1)
	}
	if _, err := svc.VoteUndo(ctx, bot.ByID(m.ID), m.Seats[third].UserID, u.Target, true); err != nil {
		t.Fatal(err)
	}
	if cur = mustGet(t, svc, m.ID); svc.PendingUndo(cur) != nil || cur.Play.Active[0] != first {
		t.Fatalf("the third player's approval did not take the move back: %+v", svc.PendingUndo(cur))
	}
}
