package urbanization

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler): an iteration of Urbanization's search
// costs about 0.3 ms of CPU with 2 seats and 0.36 ms with 3 or 4
// (BenchmarkSearch in engine/player, docs/performance.md "Computer
// players"), against the reference 0.75 ms, so each level searches 2.5
// and 2 times the reference iterations in the same time.
func (Game) SearchScale(seats int) float64 {
	if seats <= 2 {
		return 2.5
	}
	return 2
}
