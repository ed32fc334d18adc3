package enginetest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/player"
	"github.com/smokestack/smokestack/engine/playout"
)

// Sizes of the computer-player checks: small budgets, so that a game's
// suite spends a few seconds on them.
const (
	honestyPositions  = 6  // positions per seat count checked with the player
	honestyIterations = 24 // search iterations of each of those moves
	computerIter      = 6  // search iterations per move in whole computer games
)

// seatCounts is cfg.Seats, or every count the game allows.
func seatCounts(g engine.Game, cfg Config) []int {
	if len(cfg.Seats) > 0 {
		return cfg.Seats
	}
	var out []int
	for n := g.Info().MinSeats; n <= g.Info().MaxSeats; n++ {
		out = append(out, n)
	}
	return out
}

// Honesty checks Game.Determinize and the computer player's honesty on
// positions along one random game per seat count (moves by the random
// player). At every position, for every seat, Determinize
//
//   - leaves its input unchanged;
//   - keeps the seat's view, its holding, the spectator view and the
//     status byte for byte;
//   - is deterministic: equal generators give equal copies;
//   - depends only on what the seat sees: determinizing a determinized
//     copy gives what determinizing the original gives, for equal
//     generators;
//   - gives that same copy from each of the game's own hidden variants
//     (Config.Hidden), after checking that the seat cannot tell them from
//     the position;
//
// and over the game two generators give two different copies at least
// once (the game's generator is re-seeded even where nothing is hidden).
// On a sample of positions two determinizations for the seat to act,
// which differ only in what it cannot see, must give the same move from
// the computer player (player.Choose, levels easy and strong in turn, a
// fixed seed and iteration budget), and so must the real position.
func Honesty(t testing.TB, g engine.Game, cfg Config) {
	t.Helper()
	differs := false
	for _, n := range seatCounts(g, cfg) {
		st, _, err := g.Setup(engine.Setup{Seats: n, Seed: cfg.Seed + 77, Options: cfg.Options})
		if err != nil {
			t.Fatalf("Setup with %d seats: %v", n, err)
		}
		var pos []engine.State
		for k := 0; ; k++ {
			status := g.Status(st)
			if status.Finished {
				break
			}
			if k > maxComputerMoves(cfg) {
				t.Fatalf("%d seats: a random game has no end after %d moves", n, k)
			}
			pos = append(pos, st)
			seat := status.Active[0]
			m, err := player.Choose(context.Background(), g, st, seat, player.Config{Level: player.Random, Seed: uint64(k)})
			if err != nil {
				t.Fatalf("%d seats, move %d: random player: %v", n, k+1, err)
			}
			if st, _, err = g.Apply(st, seat, m); err != nil {
				t.Fatalf("%d seats, move %d: the random player's move %q: %v", n, k+1, g.FormatMove(m), err)
			}
		}
		every := max(1, len(pos)/honestyPositions)
		for k, p := range pos {
			for seat := range n {
				if err := checkDeterminize(g, cfg, p, seat, uint64(k*n+seat), &differs); err != nil {
					t.Fatalf("%d seats, position after move %d, seat %d: %v", n, k, seat+1, err)
				}
			}
			if k%every != 0 {
				continue
			}
			seat := g.Status(p).Active[0]
			r1, r2 := engine.NewRNG(uint64(k), 1), engine.NewRNG(uint64(k), 2)
			a, b := g.Determinize(p, seat, &r1), g.Determinize(p, seat, &r2)
			// Every other position at strong, so a game that splits
			// strong's budget among searches (player.SearchEnsembler) is
			// checked with every search honest.
			level := player.Easy
			if k/every%2 == 1 {
				level = player.Strong
			}
			pc := player.Config{Level: level, Iterations: honestyIterations, Seed: cfg.Seed + uint64(k)}
			var moves []string
			for _, s := range []engine.State{p, a, b} {
				m, err := player.Choose(context.Background(), g, s, seat, pc)
				if err != nil {
					t.Fatalf("%d seats, position after move %d, seat %d: %v", n, k, seat+1, err)
				}
				moves = append(moves, g.FormatMove(m))
			}
			if moves[0] != moves[1] || moves[1] != moves[2] {
				t.Errorf("%d seats, position after move %d: the %s computer player for seat %d chooses %q, %q and %q in three positions that differ only in what it cannot see",
					n, k, level, seat+1, moves[0], moves[1], moves[2])
			}
		}
	}
	if !differs {
		t.Error("Determinize gave the same copy for two different generators at every position: is the game's generator re-seeded?")
	}
}

// checkDeterminize checks one Determinize of st for seat (see Honesty);
// differs is set when two generators give two different copies.
func checkDeterminize(g engine.Game, cfg Config, st engine.State, seat int, seed uint64, differs *bool) error {
	enc := func(s engine.State) ([]byte, error) { return g.MarshalState(s) }
	before, err := enc(st)
	if err != nil {
		return err
	}
	r1, r1b, r2 := engine.NewRNG(seed, 11), engine.NewRNG(seed, 11), engine.NewRNG(seed, 12)
	d := g.Determinize(st, seat, &r1)
	if after, _ := enc(st); !bytes.Equal(before, after) {
		return fmt.Errorf("the game's Determinize changed its input: %s", playout.FirstDiff(before, after))
	}
	if err := sameTo(g, st, d, seat); err != nil {
		return fmt.Errorf("the game's Determinize for seat %d changes what it sees: %v", seat+1, err)
	}
	dd, err := enc(d)
	if err != nil {
		return fmt.Errorf("a determinized state does not encode: %v", err)
	}
	again, _ := enc(g.Determinize(st, seat, &r1b))
	if !bytes.Equal(dd, again) {
		return fmt.Errorf("the game's Determinize is not deterministic: two equal generators give %s", playout.FirstDiff(dd, again))
	}
	other := g.Determinize(st, seat, &r2)
	o, _ := enc(other)
	if !bytes.Equal(o, dd) {
		*differs = true
	}
	// The copy of a copy, with the first copy's generator: what seat
	// cannot see must not show through.
	r2b := engine.NewRNG(seed, 12)
	twice, _ := enc(g.Determinize(d, seat, &r2b))
	if !bytes.Equal(twice, o) {
		return fmt.Errorf("the game's Determinize depends on what the seat cannot see: determinizing a determinized copy gives %s", playout.FirstDiff(o, twice))
	}
	// The game's own variants (Config.Hidden): each looks the same to
	// seat, so it must determinize to the very same copy.
	if cfg.Hidden == nil {
		return nil
	}
	for i, v := range cfg.Hidden(st, seat) {
		if err := sameTo(g, st, v, seat); err != nil {
			return fmt.Errorf("hidden variant %d is not hidden from seat %d (a test error): %v", i+1, seat+1, err)
		}
		r := engine.NewRNG(seed, 12)
		vd, err := enc(g.Determinize(v, seat, &r))
		if err != nil {
			return fmt.Errorf("a determinized variant does not encode: %v", err)
		}
		if !bytes.Equal(vd, o) {
			return fmt.Errorf("the game's Determinize depends on what the seat cannot see: hidden variant %d determinizes to %s", i+1, playout.FirstDiff(o, vd))
		}
	}
	return nil
}

// sameTo reports where a and b differ as seat sees them: its view and
// the spectator's, its holding, the status.
func sameTo(g engine.Game, a, b engine.State, seat int) error {
	for _, who := range []int{seat, engine.Spectator} {
		va, erra := json.Marshal(g.View(a, who))
		vb, errb := json.Marshal(g.View(b, who))
		if erra != nil || errb != nil || !bytes.Equal(va, vb) {
			return fmt.Errorf("the view of %d differs: %s (%v %v)", who+1, playout.FirstDiff(va, vb), erra, errb)
		}
	}
	ha, _ := json.Marshal(g.Holding(a, seat))
	hb, _ := json.Marshal(g.Holding(b, seat))
	if !bytes.Equal(ha, hb) {
		return fmt.Errorf("the holding differs: %s", playout.FirstDiff(ha, hb))
	}
	sa, _ := json.Marshal(g.Status(a))
	sb, _ := json.Marshal(g.Status(b))
	if !bytes.Equal(sa, sb) {
		return fmt.Errorf("the status differs: %s", playout.FirstDiff(sa, sb))
	}
	return nil
}

func maxComputerMoves(cfg Config) int {
	if cfg.MaxMoves > 0 {
		return cfg.MaxMoves
	}
	return 10000
}

// ComputerGames plays one whole game per seat count between computer
// players of several levels (easy with a tiny budget, random, greedy) as
// a rules check: they reach positions random playouts rarely do. Every
// move must be one the choices offer (playout.CheckMove, every token
// offered on the way on a sample of moves), the state must round-trip
// through its encoding, and the caller's invariant must hold after every
// move.
func ComputerGames(t testing.TB, g engine.Game, cfg Config) {
	t.Helper()
	levels := []player.Level{player.Easy, player.Random, player.Greedy, player.Easy}
	for gi, n := range seatCounts(g, cfg) {
		st, _, err := g.Setup(engine.Setup{Seats: n, Seed: cfg.Seed + 500 + uint64(gi), Options: cfg.Options})
		if err != nil {
			t.Fatalf("Setup with %d seats: %v", n, err)
		}
		where := func(k, seat int, l player.Level) string {
			return fmt.Sprintf("%d seats, move %d by seat %d (%s)", n, k+1, seat+1, l)
		}
		for k := 0; ; k++ {
			status := g.Status(st)
			if status.Finished {
				if len(status.Ranking) != n {
					t.Errorf("%d seats: the game ends with the ranking %v", n, status.Ranking)
				}
				break
			}
			if k > maxComputerMoves(cfg) {
				t.Fatalf("%d seats: the computers' game has no end after %d moves", n, k)
			}
			seat := status.Active[0]
			l := levels[(seat+gi)%len(levels)]
			m, err := player.Choose(context.Background(), g, st, seat, player.Config{Level: l, Iterations: computerIter, Seed: uint64(k)})
			if err != nil {
				t.Fatalf("%s: %v", where(k, seat, l), err)
			}
			if k%8 == 0 {
				err = playout.CheckMove(g, st, seat, m)
			} else {
				err = reachableOnly(g, st, seat, m)
			}
			if err != nil {
				t.Fatalf("%s: %q: %v", where(k, seat, l), g.FormatMove(m), err)
			}
			next, _, err := g.Apply(st, seat, m)
			if err != nil {
				t.Fatalf("%s: %q refused: %v", where(k, seat, l), g.FormatMove(m), err)
			}
			b, err := g.MarshalState(next)
			if err != nil {
				t.Fatalf("%s: state does not encode: %v", where(k, seat, l), err)
			}
			dec, err := g.UnmarshalState(b)
			if err != nil {
				t.Fatalf("%s: state does not decode: %v", where(k, seat, l), err)
			}
			if b2, _ := g.MarshalState(dec); !bytes.Equal(b, b2) {
				t.Fatalf("%s: state round trip: %s", where(k, seat, l), playout.FirstDiff(b, b2))
			}
			if cfg.Invariant != nil {
				if err := cfg.Invariant(dec); err != nil {
					t.Fatalf("%s: invariant: %v", where(k, seat, l), err)
				}
			}
			st = dec
		}
	}
}

// reachableOnly walks m through the choices without checking every
// offered token (CheckMove does, on a sample).
func reachableOnly(g engine.Game, st engine.State, seat int, m engine.Move) error {
	for k := 0; k <= len(m); k++ {
		ch, err := g.Choices(st, seat, m[:k])
		if err != nil {
			return fmt.Errorf("the choices refuse the prefix %q: %v", g.FormatMove(m[:k]), err)
		}
		if k == len(m) {
			if !ch.Complete {
				return fmt.Errorf("the choices do not call %q complete", g.FormatMove(m))
			}
			return nil
		}
		if !slices.ContainsFunc(ch.Next, func(c engine.Choice) bool { return c.Token == m[k] }) {
			return fmt.Errorf("after %q the choices do not offer %q", g.FormatMove(m[:k]), m[k])
		}
	}
	return nil
}
