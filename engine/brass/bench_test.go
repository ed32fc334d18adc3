package brass

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
)

// railPositions plays biased random games and keeps the positions of the
// rail period where a seat is to play.
func railPositions(tb testing.TB, games int) []*state {
	g := Game{}
	var out []*state
	for seed := uint64(1); seed <= uint64(games); seed++ {
		s, _, err := g.Setup(engine.Setup{Seats: 4, Seed: seed})
		if err != nil {
			tb.Fatal(err)
		}
		st := s.(*state)
		rng := engine.NewRNG(seed, 7)
		for st.Mode != modeOver {
			if st.Period == periodRail && st.Mode == modePlay {
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
				m = append(m, pickToken(&rng, m, ch.Next))
			}
			ns, _, err := g.Apply(st, seat, m)
			if err != nil {
				tb.Fatal(err)
			}
			st = ns.(*state)
		}
	}
	return out
}

// prefixes lists the partial moves worth timing in a position: every
// action, every first decision of build, rail, develop and sell, and the
// second decision after the first option of each.
func prefixes(st *state) []engine.Move {
	g := Game{}
	seat := st.current()
	var out []engine.Move
	var walk func(m engine.Move, depth int)
	walk = func(m engine.Move, depth int) {
		out = append(out, slices.Clone(m))
		if depth == 3 {
			return
		}
		ch, err := g.Choices(st, seat, m)
		if err != nil {
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
	return out
}

// TestChoicesLatency times Choices over many rail-period prefixes and
// checks the p99 against the 20 ms budget, over all prefixes and at the
// widest point of each position (the prefix with the most options).
func TestChoicesLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("timing test")
	}
	g := Game{}
	var times, widestTimes []time.Duration
	widest, widestN := engine.Move(nil), 0
	positions := railPositions(t, 4)
	for _, st := range positions {
		posWidest, posN := time.Duration(0), -1
		for _, m := range prefixes(st) {
			start := time.Now()
			ch, err := g.Choices(st, st.current(), m)
			d := time.Since(start)
			if err != nil {
				t.Fatalf("%v: %v", m, err)
			}
			times = append(times, d)
			if len(ch.Next) > posN {
				posWidest, posN = d, len(ch.Next)
			}
			if len(ch.Next) > widestN {
				widest, widestN = m, len(ch.Next)
			}
		}
		widestTimes = append(widestTimes, posWidest)
	}
	p99 := func(ds []time.Duration) time.Duration {
		slices.Sort(ds)
		return ds[len(ds)*99/100]
	}
	all, wide := p99(times), p99(widestTimes)
	t.Logf("%d rail positions, %d Choices calls: p50 %v, p99 %v, max %v; at each position's widest prefix p99 %v; widest prefix %q with %d options",
		len(positions), len(times), times[len(times)/2], all, times[len(times)-1], wide, g.FormatMove(widest), widestN)
	if all > 20*time.Millisecond || wide > 20*time.Millisecond {
		t.Fatalf("p99 %v (widest %v) over 20ms", all, wide)
	}
}

// BenchmarkChoicesRail lists the choices of every timed prefix of a sample
// of rail-period positions; ns/op is per Choices call.
func BenchmarkChoicesRail(b *testing.B) {
	g := Game{}
	type call struct {
		st *state
		m  engine.Move
	}
	var calls []call
	for _, st := range railPositions(b, 2) {
		for _, m := range prefixes(st) {
			calls = append(calls, call{st, m})
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		c := calls[i%len(calls)]
		if _, err := g.Choices(c.st, c.st.current(), c.m); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlayout plays one biased random 4-player game per op.
func BenchmarkPlayout(b *testing.B) {
	for i := 0; i < b.N; i++ {
		randomGame(b, 4, uint64(i)+1)
	}
}

// codecStates is a sample of positions across both periods of a few games.
func codecStates(tb testing.TB) []*state {
	all := railPositions(tb, 2)
	var out []*state
	for i := 0; i < len(all); i += 7 {
		out = append(out, all[i])
	}
	return out
}

// BenchmarkMarshalState encodes a sample of positions; ns/op is per state.
func BenchmarkMarshalState(b *testing.B) {
	g := Game{}
	sts := codecStates(b)
	size := 0
	for _, st := range sts {
		data, err := g.MarshalState(st)
		if err != nil {
			b.Fatal(err)
		}
		size += len(data)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.MarshalState(sts[i%len(sts)]); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(size)/float64(len(sts)), "bytes/state")
}

// BenchmarkUnmarshalState decodes a sample of positions; ns/op is per state.
func BenchmarkUnmarshalState(b *testing.B) {
	g := Game{}
	var enc [][]byte
	for _, st := range codecStates(b) {
		data, err := g.MarshalState(st)
		if err != nil {
			b.Fatal(err)
		}
		enc = append(enc, data)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.UnmarshalState(enc[i%len(enc)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkView builds the view of a sample of positions for one seat and
// encodes it as JSON, as the host does before rendering or sending it.
func BenchmarkView(b *testing.B) {
	g := Game{}
	sts := codecStates(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		st := sts[i%len(sts)]
		if _, err := json.Marshal(g.View(st, i%st.N)); err != nil {
			b.Fatal(err)
		}
	}
}
