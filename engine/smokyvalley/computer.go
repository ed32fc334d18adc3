package smokyvalley

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler): an iteration of The Smoky Valley's search
// costs about 2 ms of CPU with 2 to 4 seats (its Choices and state copy
// dominate; BenchmarkSearch in engine/player, docs/performance.md
// "Computer players"), against the reference 0.75 ms, so each level
// searches 3/8 of the reference iterations to keep to its time.
func (Game) SearchScale(seats int) float64 { return 0.375 }
