// Package player chooses moves for a computer player, for any game, over
// the engine contract.
//
// PLACEHOLDER until the computer branch lands; the lead replaces this file
// at merge. It has the real package's API, but Choose only plays a legal
// move built through the game's choices (engine.DefaultByChoices, with one
// first step picked by the seed), so the host can be built and tested. No
// test of the host may rely on its strength.
package player

import (
	"context"
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// Level is how well a computer plays.
type Level string

// The levels.
const (
	Random Level = "random"
	Greedy Level = "greedy"
	Easy   Level = "easy"
	Normal Level = "normal"
	Strong Level = "strong"
)

var levels = []Level{Random, Greedy, Easy, Normal, Strong}

// ParseLevel reads a level's name; an unknown one fails with an error
// listing the levels.
func ParseLevel(s string) (Level, error) {
	t := Level(strings.ToLower(strings.TrimSpace(s)))
	for _, l := range levels {
		if l == t {
			return l, nil
		}
	}
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = string(l)
	}
	return "", fmt.Errorf("there is no computer level %q; the levels are %s", s, strings.Join(names, ", "))
}

// Config is one search's settings.
type Config struct {
	Level      Level
	Iterations int // 0 = the level's default
	Seed       uint64
}

// Choose picks seat's next move in st. It fails with engine.ErrNotYourTurn
// or engine.ErrGameOver as DefaultMove does.
func Choose(ctx context.Context, g engine.Game, st engine.State, seat int, cfg Config) (engine.Move, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	status := g.Status(st)
	if status.Finished {
		return nil, engine.ErrGameOver
	}
	ch, err := g.Choices(st, seat, nil)
	if err != nil {
		return nil, err
	}
	var prefer []string
	if len(ch.Next) > 0 {
		rng := engine.NewRNG(cfg.Seed, 18)
		prefer = []string{ch.Next[rng.Intn(len(ch.Next))].Token}
	}
	return engine.DefaultByChoices(g, st, seat, prefer, nil)
}
