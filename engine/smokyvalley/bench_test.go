package smokyvalley

import (
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
)

// positions replays busy 4-player games and keeps every position where a
// seat is to decide, with the seat.
func positions(tb testing.TB, games int) []struct {
	st   engine.State
	seat int
} {
	g := New()
	var out []struct {
		st   engine.State
		seat int
	}
	for i := range games {
		rec := playBusy(tb, 4, uint64(500+i), nil)
		res, err := engine.Replay(g, rec, engine.KeepStates())
		if err != nil {
			tb.Fatal(err)
		}
		for _, p := range res.Moves {
			if s := g.Status(p.State); !s.Finished {
				out = append(out, struct {
					st   engine.State
					seat int
				}{p.State, s.Active[0]})
			}
		}
	}
	return out
}

// prefixes lists the partial moves a front end asks for at a position:
// the empty move, every first token and the next decision after each.
func prefixes(g engine.Game, st engine.State, seat int) []engine.Move {
	out := []engine.Move{nil}
	ch, _ := g.Choices(st, seat, nil)
	for _, c := range ch.Next {
		m := engine.Move{c.Token}
		out = append(out, m)
		if ch2, err := g.Choices(st, seat, m); err == nil && len(ch2.Next) > 0 {
			out = append(out, engine.Move{c.Token, ch2.Next[0].Token})
		}
	}
	return out
}

// BenchmarkChoicesWidest times Game.Choices at the widest prefix of every
// position of two busy 4-player games (the prefix with the most options)
// and reports the p50, p99 and the largest option count.
func BenchmarkChoicesWidest(b *testing.B) {
	g := New()
	type call struct {
		st   engine.State
		seat int
		m    engine.Move
	}
	var calls []call
	widest := 0
	for _, p := range positions(b, 2) {
		best, n := engine.Move(nil), -1
		for _, m := range prefixes(g, p.st, p.seat) {
			ch, err := g.Choices(p.st, p.seat, m)
			if err != nil {
				b.Fatal(err)
			}
			if len(ch.Next) > n {
				best, n = m, len(ch.Next)
			}
		}
		widest = max(widest, n)
		calls = append(calls, call{p.st, p.seat, best})
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := calls[i%len(calls)]
		t0 := time.Now()
		if _, err := g.Choices(c.st, c.seat, c.m); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(widest), "max-options")
	b.ReportMetric(float64(len(calls)), "positions")
}

// BenchmarkChoicesAll times every prefix of every position.
func BenchmarkChoicesAll(b *testing.B) {
	g := New()
	type call struct {
		st   engine.State
		seat int
		m    engine.Move
	}
	var calls []call
	for _, p := range positions(b, 2) {
		for _, m := range prefixes(g, p.st, p.seat) {
			calls = append(calls, call{p.st, p.seat, m})
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := calls[i%len(calls)]
		t0 := time.Now()
		if _, err := g.Choices(c.st, c.seat, c.m); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(len(calls)), "prefixes")
}

// BenchmarkChoicesShipWorst times the widest decision we know of: the
// first load of a Ship Goods action with nine empty ships in the canal and
// every good in hand (33 loads offered), and the second load after it.
func BenchmarkChoicesShipWorst(b *testing.B) {
	g := New()
	s, _, err := g.Setup(engine.Setup{Seats: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	st := s.(*State)
	for i := range 4 {
		seat := st.current()
		if s, _, err = g.Apply(st, seat, engine.Move{"depot", theData().districts[i].ID}); err != nil {
			b.Fatal(err)
		}
		st = s.(*State)
	}
	for m := range st.Canal {
		for r := range st.Canal[m] {
			st.Canal[m][r] = Ship{Big: true, Market: m, Owner: -1, Trader: -1, Good: -1}
		}
	}
	seat := st.current()
	for g := range numGoods {
		st.Players[seat].Goods[g] = 3
	}
	if s, _, err = g.Apply(st, seat, engine.Move{"go", "wellington"}); err != nil {
		b.Fatal(err)
	}
	st = s.(*State)
	moves := []engine.Move{{"ship"}, {"ship", "grain@gb1"}}
	ch, err := g.Choices(st, seat, moves[0])
	if err != nil {
		b.Fatal(err)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := g.Choices(st, seat, moves[i%2]); err != nil {
			b.Fatal(err)
		}
		times = append(times, time.Since(t0))
	}
	b.StopTimer()
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs")
	b.ReportMetric(float64(len(ch.Next)), "options")
}

// BenchmarkPlayout plays one busy 4-player game from setup to the end
// through the choices (busyMove), without the tests' checks: what a
// computer player's search pays per playout.
func BenchmarkPlayout(b *testing.B) {
	g := New()
	for i := 0; i < b.N; i++ {
		st, _, err := g.Setup(engine.Setup{Seats: 4, Seed: 1})
		if err != nil {
			b.Fatal(err)
		}
		rng := engine.NewRNG(1, 99)
		for {
			status := g.Status(st)
			if status.Finished {
				break
			}
			seat := status.Active[0]
			m, err := busyMove(g, st, seat, &rng)
			if err != nil {
				b.Fatal(err)
			}
			if st, _, err = g.Apply(st, seat, m); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkApply times Game.Apply alone, per move, over every move of a
// busy 4-player game (recorded before the timer).
func BenchmarkApply(b *testing.B) {
	g := New()
	type step struct {
		st   engine.State
		seat int
		m    engine.Move
	}
	var steps []step
	st, _, err := g.Setup(engine.Setup{Seats: 4, Seed: 1})
	if err != nil {
		b.Fatal(err)
	}
	rng := engine.NewRNG(1, 99)
	for {
		status := g.Status(st)
		if status.Finished {
			break
		}
		seat := status.Active[0]
		m, err := busyMove(g, st, seat, &rng)
		if err != nil {
			b.Fatal(err)
		}
		steps = append(steps, step{st, seat, m})
		if st, _, err = g.Apply(st, seat, m); err != nil {
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
