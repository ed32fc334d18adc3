package bot_test

import (
	"context"
	"testing"
	"time"
)

// TestFireDueIn: a front end that fires only its own matches (the
// playground, "web:") leaves another front end's due match uncommitted;
// that front end fires it once the lease has run out, and nothing is lost.
func TestFireDueIn(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := clockService(t, newStore(t), clock)
	d := clockMatch(t, svc, "discord:1", 24*time.Hour)
	w := clockMatch(t, svc, "web:1", 24*time.Hour)
	clock.Advance(24 * time.Hour)
	rs, err := svc.FireDueIn(ctx, "web", "web:", 50)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].Match.ID != w.ID {
		t.Fatalf("the playground fired %+v, want only its own match", rs)
	}
	if got := mustGet(t, svc, d.ID); got.Version != d.Version {
		t.Fatalf("the Discord match was committed by the playground: version %d, was %d", got.Version, d.Version)
	}
	if rs := fire(t, svc, "discord"); len(rs) != 0 {
		t.Fatalf("fired under the playground's lease: %+v", rs)
	}
	clock.Advance(2 * time.Minute) // bot.ClockLease
	rs = fire(t, svc, "discord")
	if len(rs) != 1 || rs[0].Match.ID != d.ID {
		t.Fatalf("the Discord bot fired %+v, want its match's reminder", rs)
	}
}
