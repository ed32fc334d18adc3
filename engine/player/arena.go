package player

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/smokestack/smokestack/engine"
)

// ArenaConfig is a series of games between computer players.
type ArenaConfig struct {
	Seats int
	// Players names the level of each seat in the first game, one per
	// seat; game k rotates them by k seats, so every player sits in every
	// seat in turn.
	Players []Level
	Games   int
	Seed    uint64 // game k is set up with seed Seed+k
	Options map[string]string
	// Budget, when set, is every search's wall-clock budget per move
	// (the levels' iteration budgets are lifted unless Iterations is
	// set too); the searches are then not reproducible. Without it every
	// search runs its iterations to the end, uncapped, so a series is
	// the same for the same seed on any machine.
	Budget time.Duration
	// Iterations, when set, overrides every searching level's iterations
	// per move.
	Iterations int
	// CPU, when set, reads the process's CPU time; each move's CPU time
	// is then reported beside its wall time (on a loaded machine the wall
	// time says more about the load than about the search). The engine
	// reads no clock of its own: the caller passes one (cmd/smokestack
	// uses getrusage).
	CPU func() time.Duration
}

// ArenaPlayer is one level's result over the series, summed over every
// seat it held (a level named twice plays two seats a game). A win is the
// seat the game ranks first, by its own tie-breaks; a game that gives no
// ranking splits the win among the seats with the top score.
type ArenaPlayer struct {
	Player    string  `json:"player"`
	Wins      float64 `json:"wins"`
	Games     int     `json:"games"` // seats played over the series
	MeanScore float64 `json:"mean_score"`
	Moves     int     `json:"moves"`
	MoveMsP50 float64 `json:"move_ms_p50"`
	MoveMsP95 float64 `json:"move_ms_p95"`
	// The CPU time per move, when ArenaConfig.CPU is set.
	MoveCPUMsP50 float64 `json:"move_cpu_ms_p50,omitempty"`
	MoveCPUMsP95 float64 `json:"move_cpu_ms_p95,omitempty"`
	// Iterations is the level's search budget per move in this game and
	// seat count (Level.IterationsFor), or the override.
	Iterations int `json:"iterations,omitempty"`
}

// ArenaResult is the series' result, one entry per distinct level in the
// order Players first names them.
type ArenaResult struct {
	Players []ArenaPlayer `json:"players"`
	// Games is every game of the series in order: its seed, each seat's
	// level and final score, and the seats in the order the game ranks
	// them (the winner first), so a lost game can be replayed by its seed.
	Games []ArenaGame `json:"games"`
}

// ArenaGame is one game of a series.
type ArenaGame struct {
	Seed    uint64  `json:"seed"`
	Levels  []Level `json:"levels"` // by seat
	Scores  []int   `json:"scores"` // by seat
	Ranking []int   `json:"ranking,omitempty"`
	Moves   int     `json:"moves"`
}

// arenaMaxMoves stops a game that never ends.
const arenaMaxMoves = 20000

// Arena plays cfg.Games games of g between the levels of cfg.Players,
// one after another on the calling goroutine, and reports each level's
// wins, mean final score and move times. A move that fails is an error
// naming the game, seat and move number.
func Arena(ctx context.Context, g engine.Game, cfg ArenaConfig) (ArenaResult, error) {
	info := g.Info()
	if cfg.Seats < info.MinSeats || cfg.Seats > info.MaxSeats {
		return ArenaResult{}, fmt.Errorf("player: arena: %s plays with %d to %d seats, not %d", info.Name, info.MinSeats, info.MaxSeats, cfg.Seats)
	}
	if len(cfg.Players) != cfg.Seats {
		return ArenaResult{}, fmt.Errorf("player: arena: %d players listed for %d seats: name one level per seat", len(cfg.Players), cfg.Seats)
	}
	for _, l := range cfg.Players {
		if _, err := ParseLevel(string(l)); err != nil {
			return ArenaResult{}, err
		}
	}
	if cfg.Games < 1 {
		return ArenaResult{}, fmt.Errorf("player: arena: %d games: want at least 1", cfg.Games)
	}
	if cfg.Iterations < 0 {
		return ArenaResult{}, fmt.Errorf("player: arena: %d iterations: want 0 (the levels' defaults) or more", cfg.Iterations)
	}
	var order []Level
	acc := map[Level]*arenaAcc{}
	for _, l := range cfg.Players {
		if acc[l] == nil {
			order = append(order, l)
			acc[l] = &arenaAcc{}
		}
	}
	var played []ArenaGame
	for k := range cfg.Games {
		st, _, err := g.Setup(engine.Setup{Seats: cfg.Seats, Seed: cfg.Seed + uint64(k), Options: cfg.Options})
		if err != nil {
			return ArenaResult{}, fmt.Errorf("player: arena: game %d: %w", k+1, err)
		}
		level := func(seat int) Level { return cfg.Players[(seat+k)%cfg.Seats] }
		status := g.Status(st)
		mv := 0
		for ; !status.Finished; mv++ {
			if mv >= arenaMaxMoves {
				return ArenaResult{}, fmt.Errorf("player: arena: game %d (seed %d) has no end after %d moves", k+1, cfg.Seed+uint64(k), mv)
			}
			if len(status.Active) == 0 {
				return ArenaResult{}, fmt.Errorf("player: arena: game %d: no seat may act before the end", k+1)
			}
			seat := status.Active[0]
			pc := Config{Level: level(seat), Iterations: cfg.Iterations, Seed: mix(cfg.Seed, uint64(k), uint64(mv))}
			mctx, cancel := context.WithCancel(ctx)
			if cfg.Budget > 0 {
				mctx, cancel = context.WithTimeout(ctx, cfg.Budget)
				if pc.Iterations == 0 {
					pc.Iterations = math.MaxInt32
				}
			}
			var cpu0 time.Duration
			if cfg.CPU != nil {
				cpu0 = cfg.CPU()
			}
			start := time.Now()
			m, err := Choose(mctx, g, st, seat, pc)
			took := time.Since(start)
			if cfg.CPU != nil {
				acc[pc.Level].cpu = append(acc[pc.Level].cpu, cfg.CPU()-cpu0)
			}
			cancel()
			if err != nil {
				return ArenaResult{}, fmt.Errorf("player: arena: game %d (seed %d), move %d by seat %d (%s): %w", k+1, cfg.Seed+uint64(k), mv+1, seat+1, pc.Level, err)
			}
			if ctx.Err() != nil {
				return ArenaResult{}, ctx.Err()
			}
			a := acc[pc.Level]
			a.times = append(a.times, took)
			if st, _, err = g.Apply(st, seat, m); err != nil {
				return ArenaResult{}, fmt.Errorf("player: arena: game %d, move %d by seat %d: %q refused: %w", k+1, mv+1, seat+1, g.FormatMove(m), err)
			}
			status = g.Status(st)
		}
		rec := ArenaGame{Seed: cfg.Seed + uint64(k), Ranking: slices.Clone(status.Ranking), Moves: mv}
		for seat := range cfg.Seats {
			rec.Levels = append(rec.Levels, level(seat))
			if seat < len(status.Seats) {
				rec.Scores = append(rec.Scores, status.Seats[seat].Score)
			}
		}
		for seat, w := range winShares(status) {
			a := acc[level(seat)]
			a.wins += w
			a.games++
			a.score += float64(status.Seats[seat].Score)
		}
		played = append(played, rec)
	}
	res := ArenaResult{Games: played}
	for _, l := range order {
		a := acc[l]
		p := ArenaPlayer{Player: string(l), Wins: a.wins, Games: a.games, Moves: len(a.times)}
		if a.games > 0 {
			p.MeanScore = a.score / float64(a.games)
		}
		p.MoveMsP50, p.MoveMsP95 = percentileMs(a.times, 0.50), percentileMs(a.times, 0.95)
		p.MoveCPUMsP50, p.MoveCPUMsP95 = percentileMs(a.cpu, 0.50), percentileMs(a.cpu, 0.95)
		if l.Iterations() > 0 {
			p.Iterations = cfg.Iterations
			if p.Iterations == 0 {
				p.Iterations = l.IterationsFor(g, cfg.Seats)
			}
		}
		res.Players = append(res.Players, p)
	}
	return res, nil
}

type arenaAcc struct {
	wins, score float64
	games       int
	times, cpu  []time.Duration
}

// winShares gives each seat its share of the win: 1 for the seat the
// game ranks first (its ranking applies the game's own tie-breaks); when
// the game gives no ranking, the seats with the top score share it.
func winShares(s engine.Status) []float64 {
	out := make([]float64, len(s.Seats))
	if len(s.Ranking) > 0 {
		if w := s.Ranking[0]; w >= 0 && w < len(out) {
			out[w] = 1
		}
		return out
	}
	top := math.MinInt
	for _, ss := range s.Seats {
		top = max(top, ss.Score)
	}
	var tied []int
	for i, ss := range s.Seats {
		if ss.Score == top {
			tied = append(tied, i)
		}
	}
	for _, i := range tied {
		out[i] = 1 / float64(len(tied))
	}
	return out
}

// percentileMs is the nearest-rank percentile of ds in milliseconds.
func percentileMs(ds []time.Duration, p float64) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := int(math.Ceil(p*float64(len(s)))) - 1
	i = max(0, min(i, len(s)-1))
	return float64(s[i].Microseconds()) / 1000
}

// mix derives a move's seed from the series seed, game and move number
// (splitmix64 steps), so moves are reproducible and independent.
func mix(xs ...uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range xs {
		h ^= x
		h += 0x9e3779b97f4a7c15
		z := h
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		h = z ^ (z >> 31)
	}
	return h
}

// Wilson is the Wilson score interval of a win rate: wins out of n games
// at about 95% confidence (z = 1.96), for reporting arena results.
func Wilson(wins float64, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	const z = 1.96
	nf := float64(n)
	p := wins / nf
	den := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / den
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	return max(0, c-h), min(1, c+h)
}
