package bot_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
)

// backend is a Store under test; each backend package adds itself here as
// it lands (see backends_test.go).
type backend struct {
	name string
	open func(t testing.TB) storage.Store
}

// backends is filled by backends_test.go: the embedded store and Redis.
var backends []backend

// TestConcurrentSubmit has 50 goroutines submit moves to one match at once:
// exactly the legal ones apply, none is lost or applied twice, and the final
// state equals a replay of the stored log.
func TestConcurrentSubmit(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			st := b.open(t)
			svc := newService(t, st)
			m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "race", Game: "pebbles", Creator: alice, Seed: 11, Options: map[string]string{"pile": "99"}})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Join(ctx, bot.ByID(m.ID), bob); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID); err != nil {
				t.Fatal(err)
			}
			users := []string{alice.ID, bob.ID}
			const workers, rounds = 50, 400
			type result struct {
				req string
				out bot.Outcome
				err error
			}
			results := make(chan result, workers*rounds*2)
			var start, wg sync.WaitGroup
			start.Add(1)
			for w := 0; w < workers; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					start.Wait()
					// Submit until this worker has applied two moves, the
					// game is over, or it gave up: many lose to not-your-turn.
					wins := 0
					for r := 0; r < rounds && wins < 2; r++ {
						req := fmt.Sprintf("w%d-r%d", w, r)
						sub := bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: users[w%2], Move: fmt.Sprintf("take %d", 1+(w+r)%3), RequestID: req}
						o, err := svc.Submit(ctx, sub)
						results <- result{req, o, err}
						if errors.Is(err, bot.ErrFinished) {
							return
						}
						if err == nil {
							wins++
						}
						if w%10 == 0 { // a duplicate delivery of the same request
							o, err := svc.Submit(ctx, sub)
							results <- result{req, o, err}
						}
						if err != nil {
							runtime.Gosched()
						}
					}
				}()
			}
			start.Done()
			wg.Wait()
			close(results)

			applied := map[string]int{}
			dups := map[string][]bot.Outcome{}
			for r := range results {
				var re *engine.RuleError
				switch {
				case r.err == nil && !r.out.Duplicate:
					applied[r.req]++
				case r.err == nil && r.out.Duplicate:
					dups[r.req] = append(dups[r.req], r.out)
				case errors.Is(r.err, bot.ErrNotYourTurn), errors.As(r.err, &re), errors.Is(r.err, bot.ErrFinished):
				default:
					t.Errorf("request %s: unexpected error %v", r.req, r.err)
				}
			}
			log, err := svc.Log(ctx, bot.ByID(m.ID), 0)
			if err != nil {
				t.Fatal(err)
			}
			if len(log) == 0 {
				t.Fatal("no move applied")
			}
			inLog := map[string]int{}
			for i, e := range log {
				inLog[e.RequestID]++
				// A duplicate answers with the move its request played.
				for _, d := range dups[e.RequestID] {
					if d.Move != e.Move || d.Seat != e.Seat {
						t.Errorf("duplicate of %s answered seat %d move %q, want seat %d move %q", e.RequestID, d.Seat, d.Move, e.Seat, e.Move)
					}
				}
				if e.Seq != int64(i+1) {
					t.Errorf("log entry %d has seq %d", i, e.Seq)
				}
			}
			for req, n := range applied {
				if n != 1 || inLog[req] != 1 {
					t.Errorf("request %s applied %d times, logged %d times", req, n, inLog[req])
				}
			}
			if len(log) != len(applied) {
				t.Errorf("%d moves logged, %d reported applied", len(log), len(applied))
			}
			// Replay the log from the setup and compare with the snapshot.
			final, err := st.Get(ctx, m.ID)
			if err != nil {
				t.Fatal(err)
			}
			if final.Moves != int64(len(log)) {
				t.Errorf("match counts %d moves, log has %d", final.Moves, len(log))
			}
			g := testgame.Game{}
			state, _, err := g.Setup(engine.Setup{Seats: 2, Seed: final.Seed, Options: final.Options})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range log {
				mv, err := g.ParseMove(e.Move)
				if err != nil {
					t.Fatal(err)
				}
				if state, _, err = g.Apply(state, e.Seat, mv); err != nil {
					t.Fatalf("replay of log entry %d (%s by seat %d): %v", e.Seq, e.Move, e.Seat+1, err)
				}
			}
			replayed, err := g.MarshalState(state)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(replayed, final.State) {
				t.Errorf("snapshot differs from the replayed log:\n%s\n%s", final.State, replayed)
			}
			if len(log) < 20 {
				t.Errorf("only %d moves applied", len(log))
			}
			t.Logf("%s: %d moves applied", b.name, len(log))
		})
	}
}
