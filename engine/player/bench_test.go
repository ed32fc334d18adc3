package player

import (
	"fmt"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// BenchmarkRandomGame plays whole games of uniformly random moves built
// through the choices, as the search's playouts do, and reports moves/s
// and games/s on one core. The evaluation (Status of every seat) is
// timed apart in BenchmarkEvaluate.
func BenchmarkRandomGame(b *testing.B) {
	for _, g := range games {
		for _, n := range []int{g.Info().MinSeats, g.Info().MaxSeats} {
			b.Run(fmt.Sprintf("%s/%d", g.Info().ID, n), func(b *testing.B) {
				moves, games := 0, 0
				for i := 0; b.Loop(); i++ {
					moves += randomGame(b, g, n, uint64(i)+1, nil)
					games++
				}
				sec := b.Elapsed().Seconds()
				b.ReportMetric(float64(moves)/sec, "moves/s")
				b.ReportMetric(float64(games)/sec, "games/s")
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
			for b.Loop() {
				evaluate(g, pos[i%len(pos)], n)
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "evals/s")
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
