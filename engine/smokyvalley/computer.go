package smokyvalley

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler): an iteration of The Smoky Valley's search
// costs about 2 ms of CPU (its Choices and state copy dominate;
// BenchmarkSearch in engine/player), but its moves' CPU time spreads less
// than the other games': at 3/8 of the reference iterations a 2-seat
// series took 0.09, 0.45 and 1.49 s of CPU at the 95th percentile for
// easy, normal and strong (docs/performance.md "Computer players"), so it
// searches 3/4 of them: about 0.2, 0.9 and 3 s.
func (Game) SearchScale(seats int) float64 { return 0.75 }
