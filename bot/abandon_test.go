package bot_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestAbandon: an open match without a move is warned 3 days before the
// limit, then ended as abandoned and kept; a move in between starts the
// count again; reminders do not count as moves.
func TestAbandon(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: newStore(t), Now: clock.Now,
		AbandonAfter: 30 * 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	m := clockMatch(t, svc, "c1", 24*time.Hour)
	lobby, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: carol})
	if err != nil {
		t.Fatal(err)
	}
	var warned, ended []string
	day := func() {
		t.Helper()
		clock.Advance(24 * time.Hour)
		for _, r := range fire(t, svc, "p") {
			switch r.Kind {
			case bot.ReminderAbandonWarning:
				if r.Seat != -1 || !r.Ends.Equal(since(r.Match).Add(30*24*time.Hour)) {
					t.Fatalf("warning %+v", r)
				}
				warned = append(warned, r.Match.ID)
			case bot.ReminderAbandoned:
				ended = append(ended, r.Match.ID)
			}
		}
	}
	for range 26 {
		day()
	}
	if len(warned) != 0 || len(ended) != 0 {
		t.Fatalf("day 26: warned %v ended %v", warned, ended)
	}
	day()
	if len(warned) != 2 || !slices.Contains(warned, m.ID) || !slices.Contains(warned, lobby.ID) {
		t.Fatalf("day 27: warned %v, want both matches", warned)
	}
	day()
	if len(warned) != 2 {
		t.Fatalf("a second warning: %v", warned)
	}
	// A move saves the match; the lobby ends on day 30.
	playAny(t, svc, m.ID)
	day()
	day()
	if strings.Join(ended, ",") != lobby.ID {
		t.Fatalf("day 30: ended %v, want the lobby", ended)
	}
	got := mustGet(t, svc, lobby.ID)
	if got.Status != bot.StatusAborted || !got.Clock.Abandoned {
		t.Fatalf("the abandoned lobby: %+v", got)
	}
	// The channel is free again.
	if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: carol}); err != nil {
		t.Fatalf("a new match in the abandoned lobby's channel: %v", err)
	}
	for range 25 {
		day()
	}
	if len(warned) != 3 {
		t.Fatalf("warnings after the move: %v", warned)
	}
	for range 3 {
		day()
	}
	if len(ended) != 2 || ended[1] != m.ID {
		t.Fatalf("ended %v", ended)
	}
	got = mustGet(t, svc, m.ID)
	if got.Status != bot.StatusAborted || !got.Clock.Abandoned {
		t.Fatalf("the abandoned match: %+v", got.Status)
	}
	if _, err := svc.Export(ctx, bot.ByID(m.ID)); err != nil {
		t.Fatalf("export of the abandoned match: %v", err)
	}
	_, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: alice.ID, Move: "pass"})
	if p := svc.Explain(ctx, err); !errors.Is(err, bot.ErrFinished) || !strings.Contains(p.Text, "abandoned") {
		t.Fatalf("a move in the abandoned match: %v %q", err, p.Text)
	}
}

func since(m bot.Match) time.Time { return m.Clock.Active }

// TestDeleteEnded: with the operator's limit for ended matches
// (storage.Options.DeleteEndedAfter, SMOKESTACK_DELETE_FINISHED_AFTER), a
// match ended as abandoned and a match its creator ended are kept for
// export until that long after they ended, then deleted; an open match in
// play is not.
func TestDeleteEnded(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	const abandonAfter, keep = 30 * 24 * time.Hour, 90 * 24 * time.Hour
	st, err := embedded.Open(t.TempDir(), storage.Options{AbandonAfter: abandonAfter + 14*24*time.Hour, DeleteEndedAfter: keep, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: st, Now: clock.Now, AbandonAfter: abandonAfter})
	if err != nil {
		t.Fatal(err)
	}
	left := clockMatch(t, svc, "c1", 0)
	stopped := clockMatch(t, svc, "c2", 0)
	if _, err := svc.Abort(ctx, bot.ByID(stopped.ID), alice.ID, false); err != nil {
		t.Fatal(err)
	}
	played := clockMatch(t, svc, "c3", 0)
	var endedAt time.Time
	for day := 1; day <= 30+90+1; day++ {
		clock.Advance(24 * time.Hour)
		if day%20 == 0 {
			playAny(t, svc, played.ID)
		}
		for _, r := range fire(t, svc, "p") {
			if r.Kind == bot.ReminderAbandoned && r.Match.ID == left.ID {
				endedAt = clock.Now()
			}
		}
		if day == 30 {
			if m := mustGet(t, svc, left.ID); m.Status != bot.StatusAborted || !m.Clock.Abandoned || !endedAt.Equal(clock.Now()) {
				t.Fatalf("day 30: the left match is %s (abandoned %v)", m.Status, m.Clock.Abandoned)
			}
		}
		if day == 89 { // the stopped match ended on day 0
			if _, err := svc.Export(ctx, bot.ByID(stopped.ID)); err != nil {
				t.Fatalf("day 89: export of the stopped match: %v", err)
			}
		}
		if day == 90 {
			if _, err := svc.Get(ctx, bot.ByID(stopped.ID)); !errors.Is(err, bot.ErrNotFound) {
				t.Fatalf("day 90: the stopped match: %v, want it deleted", err)
			}
			if _, err := svc.Export(ctx, bot.ByID(left.ID)); err != nil {
				t.Fatalf("day 90: export of the abandoned match: %v", err)
			}
		}
	}
	// Day 121: 91 days after the left match was abandoned.
	if _, err := svc.Get(ctx, bot.ByID(left.ID)); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("the abandoned match 91 days after it ended: %v, want it deleted", err)
	}
	if m := mustGet(t, svc, played.ID); m.Status != bot.StatusActive {
		t.Fatalf("the match in play: %s", m.Status)
	}
}

// TestAbandonWarningAfterDowntime: a match never ends as abandoned
// without its warning, nor sooner than the warning period after it, even
// when no process ran the clock at the warning's time; on both stores,
// whose own expiry (the limit plus a grace, as serve configures it) the
// late warning's commit puts off.
func TestAbandonWarningAfterDowntime(t *testing.T) {
	const (
		day          = 24 * time.Hour
		abandonAfter = 30 * day
		warn         = 3 * day
		grace        = 14 * day // cmd/smokestack's abandonGrace
	)
	stores := []struct {
		name string
		// open opens the store anew: a process starting.
		open func(t *testing.T, clock *fakeClock) func() storage.Store
	}{
		{"embedded", func(t *testing.T, clock *fakeClock) func() storage.Store {
			dir := t.TempDir()
			return func() storage.Store {
				st, err := embedded.Open(dir, storage.Options{AbandonAfter: abandonAfter + grace, Now: clock.Now})
				if err != nil {
					t.Fatal(err)
				}
				return st
			}
		}},
		{"redis", func(t *testing.T, clock *fakeClock) func() storage.Store {
			srv := storagetest.Redis(t, storagetest.RedisOptions{})
			prefix := storagetest.RedisPrefix(t)
			return func() storage.Store {
				return redisstore.New(srv.Client(), prefix, storage.Options{AbandonAfter: abandonAfter + grace, Now: clock.Now})
			}
		}},
	}
	for _, b := range stores {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			clock := newFakeClock()
			open := b.open(t, clock)
			var st storage.Store
			var svc *bot.Service
			start := func() {
				st = open()
				var err error
				svc, err = bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: st, Now: clock.Now,
					AbandonAfter: abandonAfter, AbandonWarn: warn})
				if err != nil {
					t.Fatal(err)
				}
			}
			stop := func() {
				if err := st.Close(); err != nil {
					t.Fatal(err)
				}
			}
			start()
			defer func() { stop() }()
			t0 := clock.Now()
			// long: down from day 20 to day 35, past the warning and the
			// end; short: down from day 26 to day 29 12:00, across the
			// warning only.
			long := clockMatch(t, svc, "c1", 0)
			short := clockMatch(t, svc, "c2", 0)
			kinds := func(rs []bot.Reminder) map[string]bot.Reminder {
				out := map[string]bot.Reminder{}
				for _, r := range rs {
					if r.Kind == bot.ReminderAbandonWarning || r.Kind == bot.ReminderAbandoned {
						out[r.Match.ID+" "+r.Kind] = r
					}
				}
				return out
			}
			at := func(d time.Duration) { clock.Set(t0.Add(d)) }

			at(20 * day)
			if got := kinds(fire(t, svc, "p1")); len(got) != 0 {
				t.Fatalf("day 20: %v", got)
			}
			stop()
			at(29*day + 12*time.Hour)
			start()
			// Before the clock runs, the standing says when it would end:
			// not before the warning period from now.
			if a := svc.Abandon(mustGet(t, svc, short.ID)); a.Warned || !a.Ends.Equal(clock.Now().Add(warn)) {
				t.Fatalf("the short match before the late warning: %+v", a)
			}
			// The short match's process ran at 29½ days only: its
			// warning goes out then and the end moves to 3 days later,
			// not half a day.
			// (FireDueIn leaves the long match to day 35.)
			rs, err := svc.FireDueIn(ctx, "p2", "c2", 50)
			if err != nil {
				t.Fatal(err)
			}
			got := kinds(rs)
			w, ok := got[short.ID+" "+bot.ReminderAbandonWarning]
			if len(got) != 1 || !ok || !w.Ends.Equal(clock.Now().Add(warn)) {
				t.Fatalf("day 29½: %v, want the short match's warning ending %v", got, clock.Now().Add(warn))
			}
			if a := svc.Abandon(w.Match); !a.Warned || !a.Ends.Equal(w.Ends) {
				t.Fatalf("the short match warned late: %+v", a)
			}
			stop()
			at(35 * day)
			start()
			// The long match is found 5 days past its limit, unwarned: it
			// is warned now, not ended.
			got = kinds(fire(t, svc, "p3"))
			w, ok = got[long.ID+" "+bot.ReminderAbandonWarning]
			if !ok || !w.Ends.Equal(t0.Add(38*day)) || w.Match.Status != bot.StatusActive {
				t.Fatalf("day 35: %v, want the long match's warning ending on day 38", got)
			}
			if _, ok := got[long.ID+" "+bot.ReminderAbandoned]; ok {
				t.Fatal("day 35: the long match ended unwarned")
			}
			// The short match's end (day 32½) came while no process ran:
			// it ends now, warned 5½ days before.
			if _, ok := got[short.ID+" "+bot.ReminderAbandoned]; !ok || len(got) != 2 {
				t.Fatalf("day 35: %v, want the short match ended", got)
			}
			at(38*day - time.Minute)
			if got := kinds(fire(t, svc, "p3")); len(got) != 0 {
				t.Fatalf("a minute before day 38: %v", got)
			}
			at(38 * day)
			got = kinds(fire(t, svc, "p3"))
			if _, ok := got[long.ID+" "+bot.ReminderAbandoned]; !ok || len(got) != 1 {
				t.Fatalf("day 38: %v, want the long match ended", got)
			}
			for _, id := range []string{long.ID, short.ID} {
				m := mustGet(t, svc, id)
				if m.Status != bot.StatusAborted || !m.Clock.Abandoned {
					t.Fatalf("%s: %s, abandoned %v", id, m.Status, m.Clock.Abandoned)
				}
				if _, err := svc.Export(ctx, bot.ByID(id)); err != nil {
					t.Fatalf("export of %s: %v", id, err)
				}
			}
		})
	}
}
