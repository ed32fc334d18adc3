package brass

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler). Brass keeps the reference iterations: an
// iteration costs about 0.6 ms of CPU on BenchmarkSearch's positions, but
// the middle and end of a game have long move lists, and a 4-seat series
// with 625 iterations per normal move took 0.67 s of CPU at the median and
// 1.31 s at the 95th percentile (docs/performance.md "Computer players"),
// so 500 keeps normal's p95 near 1 s and strong's under 5 s.
func (Game) SearchScale(level string, seats int) float64 { return 1 }
