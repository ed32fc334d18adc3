package brass

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler): an iteration of Brass's search costs
// about 0.6 ms of CPU with 3 or 4 seats (BenchmarkSearch in engine/player,
// docs/performance.md "Computer players"), against the reference 0.75 ms,
// so each level searches a quarter more iterations in the same time.
func (Game) SearchScale(seats int) float64 { return 1.25 }
