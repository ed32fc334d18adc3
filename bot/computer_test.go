package bot_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/player"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
)

const computerDelay = 5 * time.Second

func computerService(t testing.TB, st storage.Store, clock *fakeClock) *bot.Service {
	t.Helper()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: st, Now: clock.Now,
		ComputerDelay: computerDelay, ComputerIterations: 20})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// computerMatch starts a Pebbles match of Alice and a computer per level.
func computerMatch(t testing.TB, svc *bot.Service, channel string, clock bot.ClockSettings, levels ...string) bot.Outcome {
	t.Helper()
	ctx := context.Background()
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Game: "pebbles", Creator: alice, Seed: 11,
		Options: map[string]string{"pile": "15"}, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range levels {
		if _, err := svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, l); err != nil {
			t.Fatal(err)
		}
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

// checkNotify fails when an outcome would notify a computer.
func checkNotify(t testing.TB, o bot.Outcome) {
	t.Helper()
	for _, s := range o.Notify {
		if o.Match.Seats[s].Plays() != "" {
			t.Fatalf("seat %d (%s) is notified, but a computer plays it", s+1, o.Match.Seats[s].Name)
		}
	}
}

// TestComputerMatch plays a match of one person and two computers to its
// end: every computer move is a due item made once, after the pause,
// never notified; the person is notified once per turn.
func TestComputerMatch(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	o := computerMatch(t, svc, "c", bot.ClockSettings{Remind: time.Hour}, "easy", "strong")
	m := o.Match
	if got := m.Names(); !slices.Equal(got, []string{"Alice", "Computer (easy)", "Computer (strong)"}) {
		t.Fatalf("names %q", got)
	}
	checkNotify(t, o)
	computerMoves, personTurns, notified := 0, 0, 0
	if slices.Contains(o.Notify, 0) {
		notified++
	}
	for range 200 {
		if m.Status != bot.StatusActive {
			break
		}
		seat := m.Play.Active[0]
		if m.Seats[seat].Computer == "" {
			personTurns++
			o = playAny(t, svc, m.ID)
			checkNotify(t, o)
			if slices.Contains(o.Notify, 0) {
				notified++
			}
			m = o.Match
			continue
		}
		// Not before the pause.
		clock.Advance(computerDelay - time.Second)
		for _, r := range fire(t, svc, "p1") {
			if r.Kind == bot.ReminderComputer {
				t.Fatalf("a computer moved %v before its pause", computerDelay-time.Second)
			}
		}
		clock.Advance(time.Second)
		rs := fire(t, svc, "p1")
		var moves []bot.Outcome
		for _, r := range rs {
			if r.Kind == bot.ReminderComputer {
				moves = append(moves, r.Moves...)
			} else if r.UserID != alice.ID {
				t.Fatalf("a reminder for %s", r.UserID)
			}
		}
		if len(moves) != 1 || moves[0].Seat != seat {
			t.Fatalf("computer moves %+v, want one of seat %d", moves, seat+1)
		}
		checkNotify(t, moves[0])
		if slices.Contains(moves[0].Notify, 0) {
			notified++
		}
		computerMoves++
		m = moves[0].Match
		// Fired once: the next round of the same instant makes no move.
		for _, r := range fire(t, svc, "p2") {
			if r.Kind == bot.ReminderComputer {
				t.Fatal("the same due computer move was made twice")
			}
		}
		m, _ = svc.Get(ctx, bot.ByID(m.ID))
	}
	if m.Status != bot.StatusFinished {
		t.Fatalf("match not finished: %s", m.Status)
	}
	if computerMoves == 0 || personTurns == 0 {
		t.Fatalf("computer moves %d, person turns %d", computerMoves, personTurns)
	}
	if notified != personTurns {
		t.Errorf("Alice was notified %d times for %d turns", notified, personTurns)
	}
	log, err := svc.Log(ctx, bot.ByID(m.ID), 0)
	if err != nil {
		t.Fatal(err)
	}
	if int(m.Moves) != computerMoves+personTurns || len(log) != computerMoves+personTurns {
		t.Fatalf("%d moves logged, %d made", len(log), computerMoves+personTurns)
	}
	// Statistics: the computers by level, Alice's wins against them apart.
	stats, err := svc.Stats(ctx, bot.StatsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, p := range stats[0].Players {
		names = append(names, p.Name)
		if p.Computer == "" && p.Wins != p.WinsVsComputers {
			t.Errorf("%s: %d wins, %d against computers; every match had computers", p.Name, p.Wins, p.WinsVsComputers)
		}
	}
	if !slices.Equal(names, []string{"Alice", "Computer (easy)", "Computer (strong)"}) {
		t.Errorf("stats list %q, want the person, then the computers by level", names)
	}
}

// TestComputerDeterministic: the same match and moves give the same
// computer moves (the seed comes from the match's seed and the move's
// number).
func TestComputerDeterministic(t *testing.T) {
	play := func() []string {
		clock := newFakeClock()
		svc := computerService(t, newStore(t), clock)
		ctx := context.Background()
		m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, Seed: 5, Watch: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range []string{"normal", "normal", "easy"} {
			if m, err = svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, l); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID); err != nil {
			t.Fatal(err)
		}
		for range 200 {
			clock.Advance(computerDelay)
			fire(t, svc, "p")
		}
		log, _ := svc.Log(ctx, bot.ByID(m.ID), 0)
		m, _ = svc.Get(ctx, bot.ByID(m.ID))
		if m.Status != bot.StatusFinished || !slices.Equal(m.Names(), []string{"Computer (normal)", "Computer 2 (normal)", "Computer (easy)"}) {
			t.Fatalf("all-computer match: %s, %q", m.Status, m.Names())
		}
		var out []string
		for _, e := range log {
			out = append(out, e.Move)
		}
		return out
	}
	a, b := play(), play()
	if !slices.Equal(a, b) {
		t.Fatalf("two runs differ:\n%q\n%q", a, b)
	}
}

// TestComputerRestart: a computer move due while the process is down is
// made once after the restart.
func TestComputerRestart(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	dir := t.TempDir()
	open := func() (storage.Store, *bot.Service) {
		st, err := embedded.Open(dir, storage.Options{Now: clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		return st, computerService(t, st, clock)
	}
	st, svc := open()
	o := computerMatch(t, svc, "c", bot.ClockSettings{}, "normal")
	if o.Match.Play.Active[0] == 0 {
		o = playAny(t, svc, o.Match.ID)
	}
	id, moves := o.Match.ID, o.Match.Moves
	if due := svc.ComputerDue(o.Match); !due.Equal(clock.Now().Add(computerDelay)) {
		t.Fatalf("computer due %v, want the pause after now %v", due, clock.Now())
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	st, svc = open()
	defer st.Close()
	rs := fire(t, svc, "after-restart")
	if len(rs) != 1 || rs[0].Kind != bot.ReminderComputer {
		t.Fatalf("after restart: %+v, want the computer's move", rs)
	}
	if rs := fire(t, svc, "after-restart"); len(rs) != 0 {
		t.Fatalf("fired again: %+v", rs)
	}
	m, err := svc.Get(ctx, bot.ByID(id))
	if err != nil {
		t.Fatal(err)
	}
	if m.Moves != moves+1 || !m.IsActive(0) {
		t.Fatalf("moves %d (was %d), active %v", m.Moves, moves, m.Play.Active)
	}
}

// TestComputerTwoServices: two services on one real Redis, both firing
// due matches at once, make each computer move once.
func TestComputerTwoServices(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	one, two := sharedRedis(t, clock)
	s1, s2 := computerService(t, one, clock), computerService(t, two, clock)
	var ids []string
	for _, ch := range []string{"a", "b", "c", "d"} {
		m, err := s1.CreateMatch(ctx, bot.CreateRequest{Channel: ch, Game: "pebbles", Creator: alice, Seed: 3, Watch: true,
			Options: map[string]string{"pile": "12"}})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			if _, err := s1.AddComputer(ctx, bot.ByID(m.ID), alice.ID, "easy"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s1.Start(ctx, bot.ByID(m.ID), alice.ID); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, m.ID)
	}
	made := map[string]int{}
	var mu sync.Mutex
	for round := 0; round < 100; round++ {
		clock.Advance(computerDelay)
		if round%2 == 1 {
			clock.Advance(bot.ClockLease) // leases run out: both may claim
		}
		var wg sync.WaitGroup
		for i, svc := range []*bot.Service{s1, s2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rs, err := svc.FireDue(ctx, []string{"one", "two"}[i], 50)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				defer mu.Unlock()
				for _, r := range rs {
					for _, o := range r.Moves {
						made[o.Match.ID]++
					}
				}
			}()
		}
		wg.Wait()
	}
	for _, id := range ids {
		m, err := s1.Get(ctx, bot.ByID(id))
		if err != nil {
			t.Fatal(err)
		}
		if m.Status != bot.StatusFinished {
			t.Errorf("%s: %s", id, m.Status)
		}
		if int64(made[id]) != m.Moves {
			t.Errorf("%s: %d moves reported for %d logged", id, made[id], m.Moves)
		}
		log, _ := s1.Log(ctx, bot.ByID(id), 0)
		if int64(len(log)) != m.Moves {
			t.Errorf("%s: log %d, moves %d", id, len(log), m.Moves)
		}
	}
}

// TestComputerTakesOver: a deadline vote hands a seat to the computer,
// which plays it (noted in the log) until its player moves again; /back
// takes it back too.
func TestComputerTakesOver(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	carol := bot.UserRef{ID: "u:carol", Name: "Carol"}
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, Seed: 2,
		Options: map[string]string{"pile": "40"}, Clock: bot.ClockSettings{Deadline: bot.MinDeadline, OnDeadline: bot.DeadlineReplace}})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []bot.UserRef{bob, carol} {
		if _, err := svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, "normal"); err != nil {
		t.Fatal(err)
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	m = o.Match
	if m.Play.Active[0] != 0 {
		t.Fatalf("Alice does not begin: %v", m.Play.Active)
	}
	clock.Advance(bot.MinDeadline)
	rs := fire(t, svc, "p")
	if len(rs) != 1 || rs[0].Kind != bot.ReminderVote {
		t.Fatalf("%+v, want the vote on Alice's seat", rs)
	}
	// The computer does not vote: Bob and Carol are the voters, two decide.
	res, err := svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: 0, UserID: bob.ID, Choice: bot.VoteComputer})
	if err != nil || res.Voters != 2 || res.Decided != "" {
		t.Fatalf("first ballot: %+v, %v", res, err)
	}
	if _, err := svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: 0, UserID: "computer:normal:1", Choice: bot.VoteWait}); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("a computer's ballot: %v", err)
	}
	res, err = svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: 0, UserID: carol.ID, Choice: bot.VoteComputer})
	if err != nil || res.Decided != bot.VoteComputer {
		t.Fatalf("second ballot: %+v, %v", res, err)
	}
	if res.Match.Seats[0].Standin != bot.DefaultComputerLevel || res.Match.Seats[0].UserID != alice.ID {
		t.Fatalf("seat after the vote: %+v", res.Match.Seats[0])
	}
	// The seat waited long enough: the computer moves at the next round.
	rs = fire(t, svc, "p")
	if len(rs) != 1 || rs[0].Kind != bot.ReminderComputer || rs[0].Seat != 0 {
		t.Fatalf("%+v, want the computer's move for Alice", rs)
	}
	mv := rs[0].Moves[0]
	if mv.Events[0].Kind != "computer-move" || mv.EventsFor(engine.Spectator)[0].Text != "the computer plays Alice's move" {
		t.Fatalf("events %+v", mv.Events)
	}
	// The host's own event in every language, for everyone and for Alice.
	for _, tc := range []struct {
		l           lang.Lang
		public, own string
	}{
		{lang.English, "the computer plays Alice's move", "the computer plays your move"},
		{lang.German, "der Computer zieht für Alice", "der Computer spielt deinen Zug"},
		{lang.French, "l’ordinateur joue pour Alice", "l’ordinateur joue ton coup"},
	} {
		w := mv.Match.WordsIn(tc.l)
		if got := mv.Narration(engine.Spectator, w)[0]; got != tc.public {
			t.Errorf("%s: %q, want %q", tc.l, got, tc.public)
		}
		if got := mv.Narration(0, w)[0]; got != tc.own {
			t.Errorf("%s, Alice: %q, want %q", tc.l, got, tc.own)
		}
	}
	log, _ := svc.Log(ctx, bot.ByID(m.ID), 0)
	if len(log) != 1 || !strings.HasPrefix(log[0].Note, "computer move (normal)") {
		t.Fatalf("log %+v", log)
	}
	// Bob, Carol and the computer move; Alice's seat is the computer's again.
	m = mv.Match
	for m.Play.Active[0] != 0 {
		if m.Seats[m.Play.Active[0]].Computer != "" {
			clock.Advance(computerDelay)
			fire(t, svc, "p")
			m, _ = svc.Get(ctx, bot.ByID(m.ID))
			continue
		}
		m = playAny(t, svc, m.ID).Match
	}
	if due := svc.ComputerDue(m); due.IsZero() {
		t.Fatal("the computer does not play Alice's next turn")
	}
	// Alice moves first: her seat is hers again.
	o = playAny(t, svc, m.ID)
	if o.Match.Seats[0].Standin != "" {
		t.Fatalf("Alice moved, the computer still plays her seat: %+v", o.Match.Seats[0])
	}
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 0, By: alice.ID, Computer: "bogus"}); !errors.Is(err, bot.ErrBadRequest) || !strings.Contains(svc.Explain(ctx, err).Text, "easy, normal, strong") {
		t.Fatalf("unknown level: %v", err)
	}
}

// TestReplaceComputer: /replace hands a seat to a computer and back to
// a person; a seated person cannot take another seat.
func TestReplaceComputer(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m := clockMatch(t, svc, "c", 0)
	seat := m.Play.Active[0]
	got, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: seat, By: alice.ID, Computer: "strong"})
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[seat].Computer != "strong" || got.Seats[seat].Name != "Computer (strong)" {
		t.Fatalf("seat %+v", got.Seats[seat])
	}
	// Alice handed her own seat on: the other player is the creator now.
	if got.Creator != got.Seats[1-seat].UserID {
		t.Fatalf("creator %q", got.Creator)
	}
	clock.Advance(computerDelay)
	rs := fire(t, svc, "p")
	if len(rs) != 1 || rs[0].Kind != bot.ReminderComputer {
		t.Fatalf("%+v", rs)
	}
	other := 1 - seat
	before, _ := svc.Get(ctx, bot.ByID(m.ID))
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: seat, By: alice.ID, To: bot.UserRef{ID: before.Seats[other].UserID, Name: before.Seats[other].Name}}); !errors.Is(err, bot.ErrAlreadySeated) {
		t.Fatalf("a seated player: %v", err)
	}
	after, _ := svc.Get(ctx, bot.ByID(m.ID))
	if after.Version != before.Version {
		t.Fatal("a refused replacement changed the match")
	}
	dave := bot.UserRef{ID: "u:dave", Name: "Dave"}
	got, err = svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: seat, By: before.Creator, To: dave})
	if err != nil {
		t.Fatal(err)
	}
	if got.Seats[seat].Computer != "" || got.Seats[seat].UserID != dave.ID {
		t.Fatalf("seat %+v", got.Seats[seat])
	}
}

// TestComputerLobby: the refusals of the lobby, each leaving it as it was.
func TestComputerLobby(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, MaxSeats: 3})
	if err != nil {
		t.Fatal(err)
	}
	refused := func(what string, err error, want error, text string) {
		t.Helper()
		if !errors.Is(err, want) {
			t.Fatalf("%s: %v, want %v", what, err, want)
		}
		if p := svc.Explain(ctx, err); !strings.Contains(p.Text, text) {
			t.Fatalf("%s: %q does not say %q", what, p.Text, text)
		}
		cur, _ := svc.Get(ctx, bot.ByID(m.ID))
		if cur.Version != m.Version {
			t.Fatalf("%s changed the lobby", what)
		}
	}
	_, err = svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, "grandmaster")
	refused("unknown level", err, bot.ErrBadRequest, "the levels are easy, normal, strong")
	_, err = svc.AddComputer(ctx, bot.ByID(m.ID), bob.ID, "easy")
	refused("not the creator", err, bot.ErrNotAllowed, "Alice")
	for range 2 {
		if m, err = svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, "easy"); err != nil {
			t.Fatal(err)
		}
	}
	_, err = svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, "easy")
	refused("more computers than seats", err, bot.ErrLobbyFull, "no seat for a computer")
	_, err = svc.Leave(ctx, bot.ByID(m.ID), alice.ID)
	refused("computers only", err, bot.ErrBadRequest, "at least one")
	_, err = svc.RemoveComputer(ctx, bot.ByID(m.ID), alice.ID, 0)
	refused("removing a person", err, bot.ErrBadRequest, "not a computer")
	if m, err = svc.RemoveComputer(ctx, bot.ByID(m.ID), alice.ID, 1); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(m.Names(), []string{"Alice", "Computer 2 (easy)"}) {
		t.Fatalf("names %q", m.Names())
	}
}

// TestComputerAgreesToUndo: a request to take a move back never waits on
// a computer.
func TestComputerAgreesToUndo(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := computerService(t, newStore(t), clock)
	o := computerMatch(t, svc, "c", bot.ClockSettings{}, "normal", "normal")
	if o.Match.Play.Active[0] != 0 {
		t.Fatalf("Alice does not begin")
	}
	o = playAny(t, svc, o.Match.ID) // a take draws a card: it revealed something
	u, err := svc.Undo(ctx, bot.UndoRequest{Ref: bot.ByID(o.Match.ID), UserID: alice.ID})
	if err != nil {
		t.Fatal(err)
	}
	if !u.Undone || u.Vote != nil {
		t.Fatalf("undo %+v: the computers should agree at once", u)
	}
}

// TestComputersFinish: the players of a match about to end as abandoned
// let the computers finish it.
func TestComputersFinish(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: newStore(t), Now: clock.Now,
		ComputerDelay: computerDelay, AbandonAfter: 10 * 24 * time.Hour, AbandonWarn: 3 * 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	m := clockMatch(t, svc, "c", 0)
	if _, err := svc.ComputersFinish(ctx, bot.ByID(m.ID), alice.ID, ""); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("before the warning: %v", err)
	}
	clock.Advance(7 * 24 * time.Hour)
	fire(t, svc, "p")
	if _, err := svc.ComputersFinish(ctx, bot.ByID(m.ID), "u:nobody", ""); !errors.Is(err, bot.ErrNotSeated) {
		t.Fatalf("not seated: %v", err)
	}
	if _, err := svc.ComputersFinish(ctx, bot.ByID(m.ID), bob.ID, ""); err != nil {
		t.Fatal(err)
	}
	// Alice comes back (/back): her seat is hers again, Bob's the computer's.
	if _, err := svc.Back(ctx, alice.ID); err != nil {
		t.Fatal(err)
	}
	m, _ = svc.Get(ctx, bot.ByID(m.ID))
	if m.Seats[0].Standin != "" || m.Seats[1].Standin != bot.DefaultComputerLevel {
		t.Fatalf("seats after /back: %+v", m.Seats)
	}
	for range 200 {
		if m.Status != bot.StatusActive {
			break
		}
		if m.IsActive(0) {
			playAny(t, svc, m.ID)
		} else {
			clock.Advance(computerDelay)
			fire(t, svc, "p")
		}
		m, _ = svc.Get(ctx, bot.ByID(m.ID))
	}
	m, _ = svc.Get(ctx, bot.ByID(m.ID))
	if m.Status != bot.StatusFinished {
		t.Fatalf("%s", m.Status)
	}
}

// slowPebbles is Pebbles whose Determinize, called once per search
// iteration, sleeps: a machine far slower or more loaded than usual. It
// counts the calls.
type slowPebbles struct {
	testgame.Game
	sleep time.Duration
	calls *atomic.Int64
}

func (g slowPebbles) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	g.calls.Add(1)
	time.Sleep(g.sleep)
	return g.Game.Determinize(s, seat, rng)
}

// TestComputerIterationsNotClock: a computer's search ends after its
// level's iterations, not on the wall clock, so its move replays from the
// record whatever the load: on a machine where easy's 120 iterations take
// about 0.6 s of wall time (twice easy's CPU target), every iteration is
// made and nothing is logged. Only the safety cap (Config.ComputerTimeout
// here, else Level.Budget) cuts a search, and the host logs that the move
// is not reproducible.
func TestComputerIterationsNotClock(t *testing.T) {
	run := func(timeout time.Duration) (calls int64, logged string) {
		var buf bytes.Buffer
		var mu sync.Mutex
		g := slowPebbles{sleep: 5 * time.Millisecond, calls: new(atomic.Int64)}
		clock := newFakeClock()
		svc, err := bot.New(bot.Config{Games: engine.NewRegistry(g), Store: newStore(t), Now: clock.Now,
			ComputerDelay: computerDelay, ComputerTimeout: timeout,
			Log: slog.New(slog.NewTextHandler(&lockedWriter{w: &buf, mu: &mu}, nil))})
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, Seed: 5, Watch: true})
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			if m, err = svc.AddComputer(ctx, bot.ByID(m.ID), alice.ID, "easy"); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID); err != nil {
			t.Fatal(err)
		}
		g.calls.Store(0)
		clock.Advance(computerDelay)
		if rs := fire(t, svc, "p"); len(rs) != 1 {
			t.Fatalf("%d reminders, want the one computer move", len(rs))
		}
		mu.Lock()
		defer mu.Unlock()
		return g.calls.Load(), buf.String()
	}
	want := int64(player.Easy.IterationsFor(slowPebbles{}, 2))
	calls, logged := run(0)
	if calls != want {
		t.Errorf("the easy search made %d iterations, want its %d: the wall clock cut it", calls, want)
	}
	if strings.Contains(logged, "cut") {
		t.Errorf("logged a cut search: %s", logged)
	}
	calls, logged = run(100 * time.Millisecond)
	if calls >= want || !strings.Contains(logged, "computer search cut by the wall-clock safety cap") || !strings.Contains(logged, "planned="+strconv.Itoa(int(want))) {
		t.Errorf("with a 100 ms cap the search made %d of %d iterations and the log says %q", calls, want, logged)
	}
}

// lockedWriter serializes writes to w.
type lockedWriter struct {
	w  io.Writer
	mu *sync.Mutex
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}
