package urbanization

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler): an iteration of Urbanization's search
// costs about 0.3 ms of CPU with 2 seats and 0.36 ms with 3 or 4
// (BenchmarkSearch in engine/player, docs/performance.md "Computer
// players"), against the reference 0.75 ms, so each level searches 2.5
// and 2 times the reference iterations in the same time. Strong takes
// three quarters of that (3,750 iterations with 2 seats, 3,000 with 3
// or 4): at the full 5,000 its moves took 6.0 s of CPU at the 95th
// percentile on a 2-core Intel Xeon VM, over the 5 s target, where the
// AMD VM the scale was calibrated on gave 4.35 s (docs/performance.md,
// "Where the targets stand").
func (Game) SearchScale(level string, seats int) float64 {
	f := 2.0
	if seats <= 2 {
		f = 2.5
	}
	if level == "strong" {
		f *= 0.75
	}
	return f
}
