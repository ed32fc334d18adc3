package playout

import (
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/smokestack/smokestack/engine"
)

// Stats counts what Run played.
type Stats struct {
	Playouts int
	Moves    int
	Elapsed  time.Duration
	Workers  int
}

// Run plays cfg.Playouts random games (Playout 0, 1, ...) on cfg.Workers
// goroutines. It returns what it played and the failures in playout order;
// it stops after cfg.MaxFailures of them.
func Run(g engine.Game, cfg Config) (Stats, []*Failure) {
	cfg = cfg.withDefaults(g)
	var (
		next     atomic.Int64
		moves    atomic.Int64
		played   atomic.Int64
		mu       sync.Mutex
		failures []*Failure
		wg       sync.WaitGroup
	)
	stop := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(failures) >= cfg.MaxFailures
	}
	start := time.Now()
	workers := min(cfg.Workers, cfg.Playouts)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop() {
				i := int(next.Add(1) - 1)
				if i >= cfg.Playouts {
					return
				}
				rec, err := Playout(g, cfg, i)
				played.Add(1)
				moves.Add(int64(len(rec.Moves)))
				if err != nil {
					f, ok := err.(*Failure)
					if !ok {
						f = &Failure{Game: g.Info().ID, Playout: i, Err: err, Record: rec}
					}
					mu.Lock()
					failures = append(failures, f)
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	s := Stats{Playouts: int(played.Load()), Moves: int(moves.Load()), Elapsed: time.Since(start), Workers: workers}
	sort.Slice(failures, func(i, j int) bool { return failures[i].Playout < failures[j].Playout })
	if len(failures) > cfg.MaxFailures { // workers still playing when the limit was reached
		failures = failures[:cfg.MaxFailures]
	}
	return s, failures
}
