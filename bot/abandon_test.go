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
