package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/smokestack/smokestack/engine"
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
	lo, hi := g.Seats()
	if *seats == 0 {
		*seats = lo
	}
	if *seats < lo || *seats > hi {
		return fmt.Errorf("%w: %s plays with %d to %d seats", errUsage, g.Name(), lo, hi)
	}
	start := time.Now()
	moves, finished := 0, 0
	for k := 0; k < *games; k++ {
		rec := engine.Record{Game: g.ID(), Rules: g.RulesVersion(), Seed: *seed + uint64(k), Seats: *seats, Options: opts}
		if len(opts) == 0 {
			rec.Options = nil
		}
		n, err := playout(g, &rec)
		moves += n
		if err != nil {
			elapsed := time.Since(start)
			fmt.Fprintf(stdout, "games: %d\nmoves: %d\nmoves/s: %.0f\n", k, moves, float64(moves)/elapsed.Seconds())
			fmt.Fprintf(stdout, "FAILURE in playout %d (seed %d) after %d moves: %v\nrecord reproducing it:\n%s",
				k+1, rec.Seed, n, err, rec.Format())
			return fmt.Errorf("%w: %v", errInvariant, err)
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

// playout plays random legal moves, chosen only from the engine's choices,
// to the end of the game, appending them to rec. It checks on every move
// that a legal choice applies, that choices never run dry before the end,
// and that the state survives an encode/decode round trip byte for byte.
// On failure rec holds the moves up to and including the failing one.
func playout(g engine.Game, rec *engine.Record) (int, error) {
	rng := engine.NewRNG(rec.Seed, 0x5e1f)
	st, _, err := g.Setup(rec.Setup())
	if err != nil {
		return 0, fmt.Errorf("setup: %w", err)
	}
	for n := 0; ; n++ {
		status := g.Status(st)
		if status.Finished {
			return n, nil
		}
		if n >= maxMovesPerGame {
			return n, fmt.Errorf("no end after %d moves", n)
		}
		if len(status.Active) == 0 {
			return n, errors.New("no active seat before the end")
		}
		seat := status.Active[rng.Intn(len(status.Active))]
		var m engine.Move
		for {
			ch, err := g.Choices(st, seat, m)
			if err != nil {
				rec.Append(seat, g.FormatMove(m))
				return n, fmt.Errorf("choices after %q for seat %d: %w", g.FormatMove(m), seat+1, err)
			}
			k := len(ch.Next)
			if ch.Complete {
				k++ // one more option: stop here
			}
			if k == 0 {
				rec.Append(seat, g.FormatMove(m))
				return n, fmt.Errorf("no choice and not complete after %q for seat %d", g.FormatMove(m), seat+1)
			}
			i := rng.Intn(k)
			if i == len(ch.Next) {
				break
			}
			m = append(m, ch.Next[i].Token)
			if len(m) > 64 {
				rec.Append(seat, g.FormatMove(m))
				return n, fmt.Errorf("move longer than 64 tokens: %q", g.FormatMove(m))
			}
		}
		text := g.FormatMove(m)
		rec.Append(seat, text)
		parsed, err := g.ParseMove(text)
		if err != nil || g.FormatMove(parsed) != text {
			return n, fmt.Errorf("notation of %q does not round-trip: %q, %v", text, g.FormatMove(parsed), err)
		}
		next, _, err := g.Apply(st, seat, m)
		if err != nil {
			return n, fmt.Errorf("a legal choice failed: seat %d plays %q: %w", seat+1, text, err)
		}
		a, err := g.MarshalState(next)
		if err != nil {
			return n, fmt.Errorf("encode after %q: %w", text, err)
		}
		back, err := g.UnmarshalState(a)
		if err != nil {
			return n, fmt.Errorf("decode after %q: %w", text, err)
		}
		b, err := g.MarshalState(back)
		if err != nil || !bytes.Equal(a, b) {
			return n, fmt.Errorf("state after %q is not byte-stable through encode/decode", text)
		}
		st = next
	}
}
