package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/smokestack/smokestack/engine/player"
)

// arenaCmd plays a series of games between computer players
// (player.Arena) and prints each level's wins, games, mean score and move
// times (wall clock and, where the system tells, the process's CPU time
// per move); with --json the last line is the result as one JSON object.
func arenaCmd(ctx context.Context, args []string, stdout io.Writer, cat catalog) error {
	fs := flag.NewFlagSet("arena", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	gameID := fs.String("game", "", "game ID")
	seats := fs.Int("seats", 0, "number of seats (default: the game's minimum)")
	players := fs.String("players", "", "comma-separated levels, one per seat")
	games := fs.Int("games", 1, "number of games")
	seed := fs.Uint64("seed", 1, "seed of the first game; game k uses seed+k")
	budget := fs.Duration("budget", 0, "wall-clock budget per move for every searching level")
	iterations := fs.Int("iterations", 0, "iterations per move for every searching level (0: the levels' defaults)")
	asJSON := fs.Bool("json", false, "print the result as one JSON object on the last line")
	opts := optionFlags{}
	fs.Var(opts, "option", "match option key=value (repeatable)")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return helpError{"arena", fs}
	}
	if err != nil {
		return fmt.Errorf("%w: arena: %v", errUsage, err)
	}
	if len(pos) > 0 || *gameID == "" || *players == "" {
		return fmt.Errorf("%w: arena needs --game and --players", errUsage)
	}
	g, err := cat.games.Get(*gameID)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	var levels []player.Level
	for _, name := range strings.Split(*players, ",") {
		l, err := player.ParseLevel(name)
		if err != nil {
			return fmt.Errorf("%w: arena: %v", errUsage, err)
		}
		levels = append(levels, l)
	}
	if *seats == 0 {
		*seats = g.Info().MinSeats
	}
	cfg := player.ArenaConfig{Seats: *seats, Players: levels, Games: *games, Seed: *seed, Budget: *budget, Iterations: *iterations, CPU: processCPU}
	if len(opts) > 0 {
		cfg.Options = opts
	}
	if *budget < 0 || *iterations < 0 || *games < 1 || *seats < g.Info().MinSeats || *seats > g.Info().MaxSeats || len(levels) != *seats {
		_, err := player.Arena(ctx, g, cfg) // names the limit broken
		if err == nil {
			err = fmt.Errorf("arena: --budget must not be negative")
		}
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	start := time.Now()
	res, err := player.Arena(ctx, g, cfg)
	if err != nil {
		return fmt.Errorf("arena: %w", err)
	}
	fmt.Fprintf(stdout, "%s, %d seats, %d games (seeds %d to %d), %v\n", g.Info().Name, *seats, *games, *seed, *seed+uint64(*games)-1, time.Since(start).Round(time.Millisecond))
	fmt.Fprintf(stdout, "%-8s %7s %6s %7s %13s %10s %6s %17s %17s\n", "player", "wins", "games", "share", "wilson 95%", "mean score", "iters", "move p50/p95 ms", "cpu p50/p95 ms")
	for _, p := range res.Players {
		lo, hi := player.Wilson(p.Wins, p.Games)
		fmt.Fprintf(stdout, "%-8s %7.1f %6d %6.0f%% %5.0f%%-%3.0f%% %10.1f %6d %17s %17s\n", p.Player, p.Wins, p.Games, 100*p.Wins/float64(p.Games), 100*lo, 100*hi, p.MeanScore,
			p.Iterations, fmt.Sprintf("%.1f/%.1f", p.MoveMsP50, p.MoveMsP95), fmt.Sprintf("%.1f/%.1f", p.MoveCPUMsP50, p.MoveCPUMsP95))
	}
	if *asJSON {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s\n", b)
	}
	return nil
}
