package urbanization

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler): an iteration of Urbanization's search
// costs about 0.3 ms of CPU with 2 seats and 0.36 ms with 3 or 4
// (BenchmarkSearch in engine/player, docs/performance.md "Computer
// players"), against the reference 0.75 ms, so each level searched 2.5
// and 2 times the reference iterations in the same time. With 3 or 4
// seats the slowest moves outgrew that: at 2 times, normal's moves took
// 1.41 s of CPU at the 95th percentile with 4 seats, easy's 0.36 s and
// strong's 5.0 s, at or over their targets (1.5, 0.3 and 5 s;
// BenchmarkMoveCPU on the 2-core Intel Xeon VM, 8 December 2026), so 3
// or 4 seats search 1.5 times (easy 180 iterations, normal 750). Strong
// takes three quarters of the scale (3,750 iterations with 2 seats,
// 2,250 with 3 or 4): at the full 5,000 its moves took 6.0 s of CPU at
// the 95th percentile on that VM, over the 5 s target, where the AMD VM
// the scale was calibrated on gave 4.35 s (docs/performance.md, "Where
// the targets stand").
func (Game) SearchScale(level string, seats int) float64 {
	f := 1.5
	if seats <= 2 {
		f = 2.5
	}
	if level == "strong" {
		f *= 0.75
	}
	return f
}
