package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/smokestack/smokestack/engine/playout"
)

// errInvariant is a selfplay failure: a broken engine invariant.
var errInvariant = errors.New("smokestack: selfplay found an invariant failure")

// maxMovesPerGame stops a playout that never ends.
const maxMovesPerGame = 20000

type optionFlags map[string]string

func (o optionFlags) String() string { return fmt.Sprint(map[string]string(o)) }
func (o optionFlags) Set(s string) error {
	k, v, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return fmt.Errorf("option %q is not key=value", s)
	}
	o[k] = v
	return nil
}

// selfplayCmd plays random legal games to the end with playout.Playout,
// the conformance suite's playout without a testing.T: every move comes from
// the engine's choices and is checked (notation, state round trip, views,
// events, illegal moves, replay of sampled games). It prints the games, moves
// and speed, or the first failure with a record that reproduces it.
func selfplayCmd(args []string, stdout io.Writer, cat catalog) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameID := fs.String("game", "", "game ID")
	seats := fs.Int("seats", 0, "number of seats (default: the game's minimum)")
	games := fs.Int("games", 1, "number of playouts")
	seed := fs.Uint64("seed", 1, "seed of the first playout; playout k uses seed+k")
	opts := optionFlags{}
	fs.Var(opts, "option", "match option key=value (repeatable)")
	save := fs.String("record", "", "write the first playout's record to this file")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return helpError{"selfplay", fs}
	}
	if err != nil {
		return fmt.Errorf("%w: selfplay: %v", errUsage, err)
	}
	if len(pos) > 0 || *gameID == "" || *games < 1 {
		return fmt.Errorf("%w: selfplay needs --game and a positive --games", errUsage)
	}
	g, err := cat.games.Get(*gameID)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	lo, hi := g.Info().MinSeats, g.Info().MaxSeats
	if *seats == 0 {
		*seats = lo
	}
	if *seats < lo || *seats > hi {
		return fmt.Errorf("%w: %s plays with %d to %d seats", errUsage, g.Info().Name, lo, hi)
	}
	cfg := playout.Config{Seats: []int{*seats}, Playouts: *games, Seed: *seed, MaxMoves: maxMovesPerGame}
	if len(opts) > 0 {
		cfg.Options = opts
	}
	start := time.Now()
	moves, finished := 0, 0
	for k := 0; k < *games; k++ {
		rec, err := playout.Playout(g, cfg, k)
		moves += len(rec.Moves)
		if err != nil {
			elapsed := time.Since(start)
			fmt.Fprintf(stdout, "games: %d\nmoves: %d\nmoves/s: %.0f\n", k, moves, float64(moves)/elapsed.Seconds())
			var f *playout.Failure
			if !errors.As(err, &f) {
				return fmt.Errorf("%w: playout %d (seed %d): %v", errInvariant, k+1, rec.Seed, err)
			}
			fmt.Fprintf(stdout, "FAILURE in playout %d (seed %d) after %d moves: %s: %v\nrecord reproducing it:\n%s",
				k+1, f.Record.Seed, len(f.Record.Moves), f.Check, f.Err, f.Record.Format())
			return fmt.Errorf("%w: %s: %v", errInvariant, f.Check, f.Err)
		}
		finished++
		if k == 0 && *save != "" {
			if err := os.WriteFile(*save, rec.Format(), 0o644); err != nil {
				return fmt.Errorf("smokestack: %w", err)
			}
		}
	}
	elapsed := time.Since(start)
	fmt.Fprintf(stdout, "games: %d\nmoves: %d\nmoves/s: %.0f\nseconds: %.2f\nfailures: 0\n",
		finished, moves, float64(moves)/elapsed.Seconds(), elapsed.Seconds())
	return nil
}
