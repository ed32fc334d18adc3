package urbanization

import (
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
)

// benchPositions plays random 4-player games with the Inventions expansion
// and keeps every position where a seat is to act in an action phase.
func benchPositions(tb testing.TB, games int) []*State {
	g := New()
	var out []*State
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, _, err := g.Setup(engine.Setup{Seats: 4, Seed: seed, Options: map[string]string{OptInventions: "on"}})
		if err != nil {
			tb.Fatal(err)
		}
		st := s.(*State)
		rng := engine.NewRNG(seed, 7)
		for st.Mode != ModeOver {
			if st.Mode == ModeAction {
				out = append(out, st)
			}
			seat := st.current()
			var m engine.Move
			for {
				ch, err := g.Choices(st, seat, m)
				if err != nil {
					tb.Fatal(err)
				}
				if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
					break
				}
				i := rng.Intn(len(ch.Next))
				if len(m) == 0 && (ch.Next[i].Token == actPass || ch.Next[i].Token == actRecall) {
					i = rng.Intn(len(ch.Next)) // act more often than pass
				}
				m = append(m, ch.Next[i].Token)
			}
			ns, _, err := g.Apply(st, seat, m)
			if err != nil {
				tb.Fatal(err)
			}
			st = ns.(*State)
		}
	}
	return out
}

// widestPrefixes returns, for each position, the partial move with the
// most options among the empty move, every first decision, and every
// second and third decision after the first option of each.
func widestPrefixes(st *State) (engine.Move, int) {
	g := New()
	seat := st.current()
	var best engine.Move
	bestN := -1
	var walk func(m engine.Move, depth int)
	walk = func(m engine.Move, depth int) {
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			return
		}
		if len(ch.Next) > bestN {
			best, bestN = slices.Clone(m), len(ch.Next)
		}
		if depth == 4 {
			return
		}
		for i, c := range ch.Next {
			if depth >= 1 && i > 0 {
				break
			}
			walk(append(slices.Clone(m), c.Token), depth+1)
		}
	}
	walk(nil, 0)
	return best, bestN
}

// BenchmarkChoicesWidest times Game.Choices at the widest point of each
// action-phase position of four random games (the prefix with the most
// options) and reports the p50, p99 and maximum per call besides the mean.
// The budget is 20 ms p99 (docs/performance.md).
func BenchmarkChoicesWidest(b *testing.B) {
	g := New()
	positions := benchPositions(b, 4)
	type point struct {
		st *State
		m  engine.Move
	}
	var points []point
	widest := 0
	for _, st := range positions {
		m, n := widestPrefixes(st)
		points = append(points, point{st, m})
		widest = max(widest, n)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p := points[i%len(points)]
		t0 := time.Now()
		if _, err := g.Choices(p.st, p.st.current(), p.m); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	q := func(f float64) float64 { return float64(times[int(f*float64(len(times)-1))].Microseconds()) }
	b.ReportMetric(q(0.5), "p50-µs")
	b.ReportMetric(q(0.99), "p99-µs")
	b.ReportMetric(q(1), "max-µs")
	b.ReportMetric(float64(widest), "widest-options")
	b.ReportMetric(float64(len(points)), "positions")
}

// BenchmarkPlayout plays one random 4-player game with the expansion from
// setup to the end through the choices, without the suite's checks.
func BenchmarkPlayout(b *testing.B) {
	for i := 0; i < b.N; i++ {
		benchPositions(b, 1)
	}
}

// BenchmarkApply times Game.Apply alone, per move, over every move of a
// random 4-player game with the expansion (recorded before the timer).
func BenchmarkApply(b *testing.B) {
	g := New()
	type step struct {
		st   engine.State
		seat int
		m    engine.Move
	}
	var steps []step
	s, _, err := g.Setup(engine.Setup{Seats: 4, Seed: 1, Options: map[string]string{OptInventions: "on"}})
	if err != nil {
		b.Fatal(err)
	}
	rng := engine.NewRNG(1, 7)
	for s.(*State).Mode != ModeOver {
		seat := s.(*State).current()
		var m engine.Move
		for {
			ch, err := g.Choices(s, seat, m)
			if err != nil {
				b.Fatal(err)
			}
			if ch.Complete && (len(ch.Next) == 0 || rng.Intn(3) == 0) {
				break
			}
			m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
		}
		steps = append(steps, step{s, seat, m})
		if s, _, err = g.Apply(s, seat, m); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := steps[i%len(steps)]
		if _, _, err := g.Apply(x.st, x.seat, x.m); err != nil {
			b.Fatal(err)
		}
	}
}
