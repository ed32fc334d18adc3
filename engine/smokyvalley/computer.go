package smokyvalley

import "github.com/smokestack/smokestack/engine"

// SearchScale scales the computer players' iterations per move
// (engine/player.SearchScaler): an iteration of The Smoky Valley's search
// cost about 2 ms of CPU (its Choices and state copy dominate;
// BenchmarkSearch in engine/player), and at 3/4 of the reference
// iterations normal's moves took 1.02 s of CPU at the 95th percentile
// (docs/performance.md "Computer players"). Since then an iteration got
// 12 to 19% cheaper (the state copy and the labels), and with Projected
// its playouts stop after two turns like the other games' instead of
// running on while every seat's prestige is equal, so it searches the
// reference iterations (easy 120, normal 500, strong 2,000; strong's are
// halved again for its longer playouts, PlayoutTurns).
func (Game) SearchScale(level string, seats int) float64 { return 1 }

// SearchEnsemble implements engine/player.SearchEnsembler: strong splits
// its iterations among four searches (of 250 since its playouts look four
// turns ahead, PlayoutTurns) and plays the move they visited most
// together. As one search strong lost to normal:
// 10 of 32 games with the projection's spread (seeds 129–160), and 1 of
// 16 at the default width (145–160); one deep tree settles on moves the
// projection only seems to prefer in the determinizations its first
// visits saw. As four searches, each with its own determinizations, it
// won 17 of the same 32 and 32 of 64 (129–192) with two-turn playouts of
// 500 iterations each: even with normal, not stronger, at the same CPU
// (docs/performance.md, "Strong as four searches").
func (Game) SearchEnsemble(level string) int {
	if level == "strong" {
		return 4
	}
	return 1
}

// PlayoutTurns implements engine/player.PlayoutTurner: strong's playouts
// play four turns instead of two, at about the same CPU (its iterations
// are halved to 1,000, 250 for each of its four searches). Most of what
// a move in The Smoky Valley earns comes a year or more later (the
// income a building brings, the goods a ship takes to market), which the
// projection counts only as the position stands; a four-turn playout
// sees some of it happen. Against normal in two-seat games, seats
// rotating, strong then won 40 of 64 (seeds 129–192) by +3.9 points a
// game, where with two-turn playouts it had won 32 of the same 64 by
// −0.7, and 54 of 88 with seeds 193–216; its CPU per move stayed under
// 2.5 s at the 95th percentile (docs/performance.md, "Strong looks four
// turns ahead").
func (Game) PlayoutTurns(level string) int {
	if level == "strong" {
		return 4
	}
	return 0
}

// Projected implements engine/player.Projector: each seat's prestige as the
// position stands plus what it would still bring the seat, for the
// computer players' evaluation (not shown to people, not part of the
// state). Most of a game's prestige comes late: the final scoring (booklet
// 06) values every industry at its district's value (printed base plus the
// services developed there) and adds the canal development bonus per
// industry in a canal district, and the goods loaded on the ships still in
// the canal score when they are unloaded. Prestige from the actions, which
// the search sees as it plays them, is the rest. Counted as the final
// scoring would count it now:
//
//   - every industry: its district's value now;
//   - every industry in a canal district: the owner's canal bonus there;
//   - every good loaded on a ship in the canal: its value at that ship's
//     market at the loader's trade level now;
//   - every city card: 2 prestige (the mean of the council's 3, 2 and 1)
//     for each city council still to score the cards (after 1845, 1855
//     and 1860).
//
// Everything counted is public, so a determinization projects the same.
//
// Left out on purpose: cash, goods and income, and the prestige the
// traders in the export agencies will still score. Terms for both were
// tried at equal budget and the search played no better with them
// (docs/performance.md, "What cash, goods and traders are worth to The
// Smoky Valley's evaluation").
func (Game) Projected(s engine.State) []float64 {
	st, err := asState(s)
	if err != nil {
		return nil
	}
	out := make([]float64, st.N)
	for seat := range st.N {
		out[seat] = float64(st.Players[seat].Prestige)
	}
	if st.Mode == ModeOver {
		return out
	}
	for d := range st.Districts {
		v := st.districtValue(d)
		for seat := range st.N {
			out[seat] += float64(st.owns(seat, d) * v)
		}
	}
	for k := range 3 {
		d := canalDistrict(k)
		for seat := range st.N {
			if n := st.owns(seat, d); n > 0 {
				out[seat] += float64(n * theData().rules.CanalTrack[st.Players[seat].Canal[k]])
			}
		}
	}
	for m := range st.Canal {
		for _, sh := range st.Canal[m] {
			if sh.empty() || sh.Good < 0 {
				continue
			}
			for _, seat := range sh.Loads {
				out[seat] += float64(st.loadValue(seat, m, sh.Good))
			}
		}
	}
	if councils := st.councilsToCome(); councils > 0 {
		mean := 0
		for _, v := range theData().rules.PriorityPrestige {
			mean += v
		}
		per := float64(mean) / float64(len(theData().rules.PriorityPrestige)) * float64(councils)
		for seat := range st.N {
			out[seat] += per * float64(len(st.Players[seat].Cards))
		}
	}
	return out
}

// councilsToCome counts the city councils that will still score the city
// cards: those of the years after this one, and this year's unless its
// mayor has already set the priorities.
func (st *State) councilsToCome() int {
	n := 0
	for y := st.Year + 1; y < len(years); y++ {
		if councilYear(y) {
			n++
		}
	}
	if councilYear(st.Year) {
		switch {
		case st.Mode == ModeDepot, st.Stage != StageNext:
			n++
		default:
			for _, p := range st.Pending {
				if p.Kind == "priorities" {
					n++
					break
				}
			}
		}
	}
	return n
}

// projectedSpread is, by year (1840 to 1860), how far a seat's final
// margin over its opponent strayed from its projected margin (Projected)
// in played games: the standard deviation in prestige, rounded to whole
// points, over 32 two-seat games between easy computer players (seeds
// 900–907, 1000–1011 and 1100–1111; 3,756 positions; docs/performance.md,
// "The Smoky Valley's evaluation, widened"). It is largest in 1855.
var projectedSpread = []float64{9, 10, 12, 13, 9}

// ProjectedSpread implements engine/player.Spreader: the spread of the
// projection in the position's year. Most of a game's prestige comes
// late, so a lead of a few points in 1845 is far from a won game; with
// the player package's default width (a tenth of the leading score) the
// search valued every lead of that size alike and stopped telling moves
// apart.
func (Game) ProjectedSpread(s engine.State) float64 {
	st, err := asState(s)
	if err != nil {
		return 0
	}
	return projectedSpread[min(max(st.Year, 0), len(projectedSpread)-1)]
}
