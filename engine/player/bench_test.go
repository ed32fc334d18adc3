package player

import (
	"context"
	"fmt"
	"math"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
)

// BenchmarkRandomGame plays whole games of uniformly random moves built
// through the choices, as the search's playouts do, and reports moves and
// games per second of CPU time (run it with GOMAXPROCS=1: one core; CPU
// time, so that a loaded machine does not slow the figures). The evaluation (Status of every seat) is
// timed apart in BenchmarkEvaluate.
func BenchmarkRandomGame(b *testing.B) {
	for _, g := range games {
		for _, n := range []int{g.Info().MinSeats, g.Info().MaxSeats} {
			b.Run(fmt.Sprintf("%s/%d", g.Info().ID, n), func(b *testing.B) {
				moves, games := 0, 0
				c0 := cpuTime()
				for i := 0; b.Loop(); i++ {
					moves += randomGame(b, g, n, uint64(i)+1, nil)
					games++
				}
				sec := (cpuTime() - c0).Seconds()
				b.ReportMetric(float64(moves)/sec, "moves/cpu-s")
				b.ReportMetric(float64(games)/sec, "games/cpu-s")
			})
		}
	}
}

// BenchmarkEvaluate measures the leaf evaluation (Status and the
// projected scores) on positions along random games.
func BenchmarkEvaluate(b *testing.B) {
	for _, g := range games {
		n := g.Info().MaxSeats
		b.Run(fmt.Sprintf("%s/%d", g.Info().ID, n), func(b *testing.B) {
			var pos []engine.State
			randomGame(b, g, n, 7, func(st engine.State) { pos = append(pos, st) })
			i := 0
			c0 := cpuTime()
			for b.Loop() {
				evaluate(g, pos[i%len(pos)], n)
				i++
			}
			b.ReportMetric(float64(i)/(cpuTime()-c0).Seconds(), "evals/cpu-s")
		})
	}
}

// randomGame plays one game of random moves to its end and returns the
// number of moves; each position is passed to visit when it is set.
func randomGame(tb testing.TB, g engine.Game, seats int, seed uint64, visit func(engine.State)) int {
	tb.Helper()
	st, _, err := g.Setup(engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		tb.Fatal(err)
	}
	rng := engine.NewRNG(seed, 99)
	for k := 0; ; k++ {
		if visit != nil {
			visit(st)
		}
		status := g.Status(st)
		if status.Finished {
			return k
		}
		if k > 20000 {
			tb.Fatalf("%s: no end after %d moves", g.Info().ID, k)
		}
		seat := status.Active[0]
		m, err := randomMove(g, st, seat, &rng)
		if err != nil {
			tb.Fatal(err)
		}
		if st, _, err = g.Apply(st, seat, m); err != nil {
			tb.Fatalf("%s: %v: %v", g.Info().ID, m, err)
		}
	}
}

// BenchmarkSearch runs 100-iteration searches at positions spread over a
// random game and reports the CPU time per iteration (the process's user
// and system time, so a loaded machine does not inflate it) and per move
// at each level's budget in that game (Level.IterationsFor). The
// searches are normal's, with playouts of the default turns; a level
// that plays longer ones (PlayoutTurner) is estimated at its turns over
// the default times that cost per iteration, an upper bound (the
// determinization and the descent do not grow with the playout).
func BenchmarkSearch(b *testing.B) {
	const iters = 100
	for _, g := range games {
		for _, n := range []int{g.Info().MinSeats, g.Info().MaxSeats} {
			b.Run(fmt.Sprintf("%s/%d", g.Info().ID, n), func(b *testing.B) {
				var all []engine.State
				randomGame(b, g, n, 5, func(st engine.State) { all = append(all, st) })
				var pos []engine.State
				for i := 0; i < len(all)-1; i += max(1, len(all)/8) {
					pos = append(pos, all[i])
				}
				c0 := cpuTime()
				k := 0
				for b.Loop() {
					st := pos[k%len(pos)]
					if _, err := Choose(context.Background(), g, st, g.Status(st).Active[0], Config{Level: Normal, Iterations: iters, Seed: uint64(k)}); err != nil {
						b.Fatal(err)
					}
					k++
				}
				per := (cpuTime() - c0).Seconds() / float64(k*iters)
				b.ReportMetric(per*1e6, "cpu-µs/iter")
				for _, l := range []Level{Easy, Normal, Strong} {
					longer := float64(l.playoutTurnsIn(g)) / playoutTurns
					b.ReportMetric(per*longer*float64(l.IterationsFor(g, n))*1e3, "cpu-ms/"+string(l))
				}
			})
		}
	}
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkDeterminize measures Game.Determinize, which every search
// iteration calls once, on positions along a random game.
func BenchmarkDeterminize(b *testing.B) {
	for _, g := range games {
		n := g.Info().MaxSeats
		b.Run(fmt.Sprintf("%s/%d", g.Info().ID, n), func(b *testing.B) {
			var pos []engine.State
			randomGame(b, g, n, 7, func(st engine.State) { pos = append(pos, st) })
			rng := engine.NewRNG(1, 1)
			i := 0
			c0 := cpuTime()
			for b.Loop() {
				g.Determinize(pos[i%len(pos)], i%n, &rng)
				i++
			}
			b.ReportMetric(float64(i)/(cpuTime()-c0).Seconds(), "calls/cpu-s")
		})
	}
}

// BenchmarkMoveCPU times whole moves at each searching level's own
// budget (Level.IterationsFor, as a host plays them) at positions spread
// over a random game, per game and seat count (the fewest and the most),
// and reports the CPU time per move at the median and the 95th
// percentile (the process's user and system time: run it with
// GOMAXPROCS=1). Each benchmark iteration is one move at the next
// position, so -benchtime 16x times each of 16 positions once:
//
//	GOMAXPROCS=1 go test -run '^$' -bench MoveCPU -benchtime 16x ./engine/player
//
// These are the figures the levels' budgets are held to
// (docs/performance.md, "Computer players").
func BenchmarkMoveCPU(b *testing.B) {
	const positions = 16
	for _, g := range games {
		for _, n := range []int{g.Info().MinSeats, g.Info().MaxSeats} {
			var all []engine.State
			randomGame(b, g, n, 5, func(st engine.State) { all = append(all, st) })
			var pos []engine.State
			for i := 0; i < len(all)-1 && len(pos) < positions; i += max(1, (len(all)-1)/positions) {
				pos = append(pos, all[i])
			}
			for _, l := range []Level{Easy, Normal, Strong} {
				b.Run(fmt.Sprintf("%s/%d/%s", g.Info().ID, n, l), func(b *testing.B) {
					var ms []float64
					k := 0
					for b.Loop() {
						st := pos[k%len(pos)]
						c0 := cpuTime()
						if _, err := Choose(context.Background(), g, st, g.Status(st).Active[0], Config{Level: l, Seed: uint64(k)}); err != nil {
							b.Fatal(err)
						}
						ms = append(ms, float64(cpuTime()-c0)/float64(time.Millisecond))
						k++
					}
					slices.Sort(ms)
					b.ReportMetric(ms[len(ms)/2], "cpu-ms-p50")
					b.ReportMetric(ms[min(len(ms)-1, int(math.Ceil(0.95*float64(len(ms))))-1)], "cpu-ms-p95")
					b.ReportMetric(float64(l.IterationsFor(g, n)), "iterations")
				})
			}
		}
	}
}
