package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

var dave = bot.UserRef{ID: "u:dave", Name: "Dave"}

// threeSeats starts a Pebbles match of Alice, Bob and Carol with the
// given clock.
func threeSeats(t *testing.T, svc *bot.Service, c bot.ClockSettings) bot.Match {
	t.Helper()
	ctx := context.Background()
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c3", Game: "pebbles", Creator: alice, Seed: 7,
		Pins: map[string]string{"deck": "1,2,3,1,2,3,1,2,3,1,2,3,1,2,3,1,2,3"}, Options: map[string]string{"pile": "60"}, Clock: c})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []bot.UserRef{bob, carol} {
		if _, err := svc.Join(ctx, bot.ByID(m.ID), u); err != nil {
			t.Fatal(err)
		}
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	return o.Match
}

func kinds(rs []bot.Reminder) string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Kind+":"+r.UserID)
	}
	return strings.Join(out, ",")
}

func TestDeadlineVote(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := clockService(t, newStore(t), clock)
	m := threeSeats(t, svc, bot.ClockSettings{Remind: 24 * time.Hour, Deadline: 72 * time.Hour, OnDeadline: bot.DeadlineReplace})
	seat := m.Play.Active[0]
	missing := m.Seats[seat].UserID
	var others []string
	for i, st := range m.Seats {
		if i != seat {
			others = append(others, st.UserID)
		}
	}
	for day := 1; day <= 2; day++ {
		clock.Advance(24 * time.Hour)
		if got := kinds(fire(t, svc, "p")); got != "remind:"+missing {
			t.Fatalf("day %d: %s", day, got)
		}
	}
	clock.Advance(24 * time.Hour)
	if got := kinds(fire(t, svc, "p")); got != "vote:"+missing {
		t.Fatalf("at the deadline: %s, want the vote", got)
	}
	vote := func(user, choice string) (bot.VoteResult, error) {
		return svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: seat, UserID: user, Choice: choice})
	}
	if _, err := vote(missing, bot.VoteWait); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("the missing player votes: %v", err)
	}
	if _, err := vote(dave.ID, bot.VoteWait); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("a stranger votes: %v", err)
	}
	if _, err := vote(others[0], "leave"); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("a bad choice: %v", err)
	}
	res, err := vote(others[0], bot.VoteWait)
	if err != nil || res.Decided != "" || res.Needed != 2 || res.Voters != 2 {
		t.Fatalf("first ballot: %+v %v", res, err)
	}
	res, err = vote(others[1], bot.VoteDefault)
	if err != nil || res.Decided != "" {
		t.Fatalf("split: %+v %v", res, err)
	}
	// The first voter changes their mind: a majority for the default move.
	res, err = vote(others[0], bot.VoteDefault)
	if err != nil || res.Decided != bot.VoteDefault || len(res.Moves) == 0 {
		t.Fatalf("decided: %+v %v", res, err)
	}
	if res.Match.IsActive(seat) {
		t.Fatal("the seat still must act after its default moves")
	}
	if _, err := vote(others[1], bot.VoteOpen); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("a ballot after the decision: %v", err)
	}
	log, err := svc.Log(ctx, bot.ByID(m.ID), 0)
	if err != nil || len(log) != 1 || !strings.Contains(log[0].Note, "default move") || log[0].Seat != seat {
		t.Fatalf("log %+v %v", log, err)
	}
	rec, err := svc.Export(ctx, bot.ByID(m.ID))
	if err != nil || !strings.Contains(rec, "# default move: the deadline passed") {
		t.Fatalf("record:\n%s\n%v", rec, err)
	}
	// The record replays: the note is a comment.
	parsed, err := engine.ParseRecord(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := engine.Replay(testgame.Game{}, parsed); err != nil || len(parsed.Moves) != 1 {
		t.Fatalf("replay of the exported record: %v (%d moves)", err, len(parsed.Moves))
	}
	if evs := res.Moves[0].EventsFor(-1); len(evs) == 0 || !strings.Contains(evs[0].Text, "the game plays Alice's default move") {
		t.Fatalf("narration %+v", evs)
	}
	// The host's event in every language, for everyone and for the seat.
	dm := res.Moves[0]
	for _, c := range []struct {
		l         lang.Lang
		all, seat string
	}{
		{lang.English, "the game plays Alice's default move", "the game plays your default move"},
		{lang.German, "das Spiel macht den Standardzug für Alice", "das Spiel macht deinen Standardzug"},
		{lang.French, "le jeu joue le coup par défaut d’Alice", "le jeu joue ton coup par défaut"},
	} {
		all, own := dm.Narration(engine.Spectator, dm.Match.WordsIn(c.l)), dm.Narration(seat, dm.Match.WordsIn(c.l))
		if len(all) == 0 || all[0] != c.all || len(own) == 0 || own[0] != c.seat {
			t.Errorf("%s default move: %q, %q", c.l, all, own)
		}
	}

	// The next seat waits; at its deadline the others open its seat.
	next := res.Match.Play.Active[0]
	nextUser := res.Match.Seats[next].UserID
	clock.Advance(72 * time.Hour)
	rs := fire(t, svc, "p")
	if got := kinds(rs); !strings.HasSuffix(got, "vote:"+nextUser) {
		t.Fatalf("the next seat's deadline: %s", got)
	}
	var voters []string
	for i, st := range res.Match.Seats {
		if i != next {
			voters = append(voters, st.UserID)
		}
	}
	for _, u := range voters {
		res, err = svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: next, UserID: u, Choice: bot.VoteOpen})
		if err != nil {
			t.Fatal(err)
		}
	}
	if res.Decided != bot.VoteOpen || !res.Match.Clock.Seats[next].Open {
		t.Fatalf("open: %+v", res)
	}
	clock.Advance(10 * 24 * time.Hour)
	wantReminders(t, "an open seat is not reminded", fire(t, svc, "p"))
	// A stranger takes the open seat for themselves.
	got, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: next, By: dave.ID, To: dave})
	if err != nil || got.Seats[next] != (bot.Seat{UserID: dave.ID, Name: dave.Name}) || got.Clock.Seats[next].Open {
		t.Fatalf("dave takes the seat: %+v %v", got.Seats, err)
	}
	if r := got.Clock.Replaced; len(r) != 1 || r[0].To != "Dave" || r[0].Seat != next {
		t.Fatalf("replacements %+v", r)
	}
	// A later claim (a second click on the offer) is told who took it,
	// a seated player's as well as a stranger's.
	for _, u := range []bot.UserRef{{ID: "u:frank", Name: "Frank"}, alice} {
		_, err = svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: next, By: u.ID, To: u, Claim: true})
		if want := fmt.Sprintf("Seat %d was taken already, by Dave.", next+1); !errors.Is(err, bot.ErrNotAllowed) || svc.Explain(ctx, err).Text != want {
			t.Errorf("%s claims the taken seat: %v %q, want %q", u.Name, err, svc.Explain(ctx, err).Text, want)
		}
	}
	clock.Advance(24 * time.Hour)
	wantReminders(t, "the substitute is reminded", fire(t, svc, "p"), dave.ID+" 1 day")
	// Dave plays.
	if _, _, err := svc.Choices(ctx, bot.ByID(m.ID), dave.ID, ""); err != nil {
		t.Fatalf("dave's choices: %v", err)
	}
}

func TestDeadlineWaitAndRemind(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := clockService(t, newStore(t), clock)
	m := clockMatch(t, svc, "c1", 0)
	if _, err := svc.SetClock(ctx, bot.ByID(m.ID), alice.ID, false, bot.ClockSettings{Deadline: 48 * time.Hour, OnDeadline: bot.DeadlineReplace}); err != nil {
		t.Fatal(err)
	}
	seat := m.Play.Active[0]
	other := m.Seats[1-seat].UserID
	clock.Advance(48 * time.Hour)
	if got := kinds(fire(t, svc, "p")); got != "vote:"+m.Seats[seat].UserID {
		t.Fatalf("deadline: %s", got)
	}
	// Two players: the other one alone decides. Wait: the deadline comes
	// again 48 hours later.
	res, err := svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: seat, UserID: other, Choice: bot.VoteWait})
	if err != nil || res.Decided != bot.VoteWait || res.Needed != 1 {
		t.Fatalf("wait: %+v %v", res, err)
	}
	clock.Advance(47 * time.Hour)
	wantReminders(t, "waiting longer", fire(t, svc, "p"))
	clock.Advance(time.Hour)
	if got := kinds(fire(t, svc, "p")); got != "vote:"+m.Seats[seat].UserID {
		t.Fatalf("the deadline again: %s", got)
	}
	// Deadline action remind: one reminder at the deadline.
	if _, err := svc.SetClock(ctx, bot.ByID(m.ID), alice.ID, false, bot.ClockSettings{Deadline: 48 * time.Hour}); err != nil {
		t.Fatal(err)
	}
	playAny(t, svc, m.ID)
	clock.Advance(48 * time.Hour)
	if got := kinds(fire(t, svc, "p")); got != "deadline:"+other {
		t.Fatalf("deadline remind: %s", got)
	}
	clock.Advance(48 * time.Hour)
	wantReminders(t, "once per wait", fire(t, svc, "p"))
	for _, bad := range []bot.ClockSettings{{Deadline: time.Hour}, {Deadline: 48 * time.Hour, OnDeadline: "kick"}} {
		if _, err := svc.SetClock(ctx, bot.ByID(m.ID), alice.ID, false, bad); !errors.Is(err, bot.ErrBadRequest) {
			t.Errorf("SetClock(%+v): %v", bad, err)
		}
	}
}

func TestReplace(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := clockService(t, newStore(t), clock)
	m := clockMatch(t, svc, "c1", 24*time.Hour)
	// bob may not hand alice's seat on; alice may hand her own; a seated
	// player cannot take a second seat.
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 0, By: bob.ID, To: dave}); !errors.Is(err, bot.ErrNotAllowed) {
		t.Fatalf("bob hands alice's seat: %v", err)
	}
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 0, By: alice.ID, To: bob}); !errors.Is(err, bot.ErrAlreadySeated) {
		t.Fatalf("to a seated player: %v", err)
	}
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 5, By: alice.ID, To: dave}); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("seat 6: %v", err)
	}
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 1, By: bob.ID, To: dave}); err != nil {
		t.Fatalf("bob hands his own seat: %v", err)
	}
	if _, err := svc.Replace(ctx, bot.ReplaceRequest{Ref: bot.ByID(m.ID), Seat: 1, By: "u:mod", Moderator: true, To: carol}); err != nil {
		t.Fatalf("a moderator hands a seat: %v", err)
	}
	got := mustGet(t, svc, m.ID)
	if got.Seats[1].UserID != carol.ID || len(got.Clock.Replaced) != 2 {
		t.Fatalf("seats %+v, replaced %+v", got.Seats, got.Clock.Replaced)
	}
	if _, err := svc.Private(ctx, bot.ByID(m.ID), carol.ID); err != nil {
		t.Fatalf("carol sees her hand: %v", err)
	}
	if _, err := svc.Private(ctx, bot.ByID(m.ID), bob.ID); !errors.Is(err, bot.ErrNotSeated) {
		t.Fatalf("bob still sees the hand: %v", err)
	}
}

// TestDeadlineQuietHours: a deadline is the missing player's. One that
// falls in their quiet hours waits for the end of them (in either action:
// a ping to them, or a vote on their seat they could still pre-empt by
// moving); the other players' quiet hours and absences do not hold it:
// the vote opens on time, counts them, and lists them in Reminder.Quiet so
// that its message does not ping them.
func TestDeadlineQuietHours(t *testing.T) {
	ctx := context.Background()
	for _, action := range []string{bot.DeadlineRemind, bot.DeadlineReplace} {
		t.Run(action, func(t *testing.T) {
			clock := newFakeClock() // Monday 2 March 2026, 09:00 UTC
			svc := clockService(t, newStore(t), clock)
			m := threeSeats(t, svc, bot.ClockSettings{Deadline: 24 * time.Hour, OnDeadline: action})
			seat := m.Play.Active[0]
			missing := m.Seats[seat].UserID
			var others []string
			for i, st := range m.Seats {
				if i != seat {
					others = append(others, st.UserID)
				}
			}
			want := bot.ReminderDeadline
			if action == bot.DeadlineReplace {
				want = bot.ReminderVote
			}
			// The missing player's quiet hours are 23:15-10:15 in Berlin
			// (UTC+1 in March), 22:15-09:15 UTC: the deadline, Tuesday
			// 09:00 UTC, falls in them and waits for their end.
			q, err := bot.ParseQuiet("23:15-10:15", "Europe/Berlin")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.SetQuiet(ctx, missing, &q); err != nil {
				t.Fatal(err)
			}
			clock.Advance(24 * time.Hour)
			if rs := fire(t, svc, "p"); len(rs) != 0 {
				t.Fatalf("the deadline in the missing player's quiet hours: %s", kinds(rs))
			}
			cur := mustGet(t, svc, m.ID)
			waits, err := svc.Waits(ctx, cur)
			if err != nil {
				t.Fatal(err)
			}
			end := time.Date(2026, 3, 3, 9, 15, 0, 0, time.UTC)
			if w := waits[seat]; !w.NextDeadline.Equal(end) || w.Deadlined {
				t.Fatalf("the held deadline: %+v, want it at %v", w, end)
			}
			// The others sleep until noon, or are away: that does not
			// hold the deadline past the missing player's morning.
			late, _ := bot.ParseQuiet("0-12", "UTC")
			if _, err := svc.SetQuiet(ctx, others[0], &late); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.SetAway(ctx, others[1], clock.Now().Add(48*time.Hour)); err != nil {
				t.Fatal(err)
			}
			clock.Advance(15*time.Minute - time.Second)
			if rs := fire(t, svc, "p"); len(rs) != 0 {
				t.Fatalf("before the missing player's morning: %s", kinds(rs))
			}
			clock.Advance(time.Second)
			rs := fire(t, svc, "p")
			if kinds(rs) != want+":"+missing {
				t.Fatalf("at the missing player's morning: %s, want %s", kinds(rs), want+":"+missing)
			}
			if action == bot.DeadlineRemind {
				if len(rs[0].Quiet) != 0 {
					t.Errorf("a deadline reminder lists quiet voters: %v", rs[0].Quiet)
				}
				return
			}
			// Both voters are listed as not to be pinged, and their
			// ballots count: two of two decide.
			if fmt.Sprint(rs[0].Quiet) != fmt.Sprint(others) {
				t.Fatalf("quiet voters %v, want %v", rs[0].Quiet, others)
			}
			var res bot.VoteResult
			for _, u := range others {
				res, err = svc.CastVote(ctx, bot.VoteRequest{Ref: bot.ByID(m.ID), Seat: seat, UserID: u, Choice: bot.VoteWait})
				if err != nil {
					t.Fatal(err)
				}
			}
			if res.Decided != bot.VoteWait || res.Voters != 2 {
				t.Fatalf("the vote of the sleeping and the away: %+v", res)
			}
		})
	}
}

// TestVoteQuietNone: with nobody asleep or away, a vote lists no quiet
// voters (the message pings them all).
func TestVoteQuietNone(t *testing.T) {
	clock := newFakeClock()
	svc := clockService(t, newStore(t), clock)
	m := threeSeats(t, svc, bot.ClockSettings{Deadline: 24 * time.Hour, OnDeadline: bot.DeadlineReplace})
	clock.Advance(24 * time.Hour)
	rs := fire(t, svc, "p")
	if kinds(rs) != bot.ReminderVote+":"+m.Seats[m.Play.Active[0]].UserID || len(rs[0].Quiet) != 0 {
		t.Fatalf("the vote: %s, quiet %v", kinds(rs), rs[0].Quiet)
	}
}
