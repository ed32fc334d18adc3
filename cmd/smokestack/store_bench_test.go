package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// BenchmarkEmbeddedRealGames plays whole four-seat games of each product
// game (random legal moves built from the choices, fixed seeds) into a
// fresh embedded store, one commit per move with its log entry and
// request ID as the service sends them, and reports the bytes the store's
// file grows per move and the mean snapshot size: the real figures behind
// the synthetic snapshots of storage/embedded's BenchmarkGames100.
//
//	go test ./cmd/smokestack -run '^$' -bench EmbeddedRealGames -benchtime 1x
func BenchmarkEmbeddedRealGames(b *testing.B) {
	const games = 3
	ctx := context.Background()
	for _, g := range productCatalog().games.Games() {
		b.Run(g.Info().ID, func(b *testing.B) {
			for b.Loop() {
				dir := b.TempDir()
				st, err := embedded.Open(dir, storage.Options{})
				if err != nil {
					b.Fatal(err)
				}
				var moves, snapBytes int64
				for k := range games {
					n, bytes := playInto(b, ctx, st, g, fmt.Sprint("g", k), uint64(k+1))
					moves, snapBytes = moves+n, snapBytes+bytes
				}
				before, err := os.Stat(filepath.Join(dir, "matches.log"))
				if err != nil {
					b.Fatal(err)
				}
				st.Close()
				b.ReportMetric(float64(before.Size())/float64(moves), "file-bytes/move")
				b.ReportMetric(float64(snapBytes)/float64(moves), "snapshot-bytes")
				b.ReportMetric(float64(moves)/games, "moves/game")
			}
		})
	}
}

// playInto plays one random game of g to its end into st and returns its
// moves and the sum of its snapshots' sizes.
func playInto(b *testing.B, ctx context.Context, st storage.Store, g engine.Game, id string, seed uint64) (moves, snapBytes int64) {
	seats := min(4, g.Info().MaxSeats)
	state, _, err := g.Setup(engine.Setup{Seats: seats, Seed: seed})
	if err != nil {
		b.Fatal(err)
	}
	data, err := g.MarshalState(state)
	if err != nil {
		b.Fatal(err)
	}
	m := storagetest.BenchMatch(id, data)
	m.Seats = m.Seats[:seats]
	m.Game = g.Info().ID
	if err := st.Create(ctx, m); err != nil {
		b.Fatal(err)
	}
	r := rand.New(rand.NewPCG(seed, 7))
	for range 5000 {
		status := g.Status(state)
		if status.Finished {
			return moves, snapBytes
		}
		seat := status.Active[r.IntN(len(status.Active))]
		var mv engine.Move
		for {
			ch, err := g.Choices(state, seat, mv)
			if err != nil {
				b.Fatal(err)
			}
			if len(ch.Next) == 0 || (ch.Complete && r.IntN(2) == 0) {
				break
			}
			mv = append(mv, ch.Next[r.IntN(len(ch.Next))].Token)
		}
		next, _, err := g.Apply(state, seat, mv)
		if err != nil {
			continue // a dead end of the choices; build another move
		}
		state = next
		if data, err = g.MarshalState(state); err != nil {
			b.Fatal(err)
		}
		c := storagetest.NextCommit(m, seat)
		c.Match.State = data
		c.Entry.Move = g.FormatMove(mv)
		c.Entry.At = time.Now()
		if g.Status(state).Finished {
			c.Match.Status = storage.StatusFinished
		}
		if err := st.Commit(ctx, c); err != nil {
			b.Fatal(err)
		}
		m = c.Match
		moves++
		snapBytes += int64(len(data))
	}
	b.Fatalf("%s: no end after 5000 moves", g.Info().ID)
	return
}

// BenchmarkEmbeddedOpen1000 opens an embedded store holding 1,000
// matches half way through their games (as BenchmarkColdStart's store:
// a third of each product game, not compacted, 16 MB of records) and
// closes it: the open replays the whole file, checking every record's
// checksums, and rebuilds the index. This is most of the time a cold
// start takes to the first answer that needs the store.
//
//	go test ./cmd/smokestack -run '^$' -bench EmbeddedOpen1000 -benchtime 50x -benchmem
func BenchmarkEmbeddedOpen1000(b *testing.B) {
	dir := b.TempDir()
	fillMidGames(b, dir, 1000)
	for b.Loop() {
		st, err := embedded.Open(dir, storage.Options{})
		if err != nil {
			b.Fatal(err)
		}
		if err := st.Close(); err != nil {
			b.Fatal(err)
		}
	}
}
