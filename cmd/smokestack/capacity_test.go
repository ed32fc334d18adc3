package main

import (
	"context"
	"fmt"
	"io/fs"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/playout"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
	"github.com/smokestack/smokestack/storage/transfer"
)

// midGame is a match of g half way through a random game: its record,
// snapshot and log as the store keeps them.
func midGame(b *testing.B, g engine.Game, seats int) transfer.Dump {
	return gameDump(b, g, seats, false)
}

// gameDump is a match of g half way through a random game or, finished,
// at its end. Its moves come minutes apart with Discord-like request IDs
// (snowflakes of their time), as a real log's do.
func gameDump(b *testing.B, g engine.Game, seats int, finished bool) transfer.Dump {
	b.Helper()
	rec, err := playout.Playout(g, playout.Config{Seats: []int{seats}, Playouts: 1, Seed: 11, Workers: 1}, 0)
	if err != nil {
		b.Fatal(err)
	}
	st, _, err := g.Setup(rec.Setup())
	if err != nil {
		b.Fatal(err)
	}
	// The playout takes some moves back to check undo: keep the moves
	// that stand, as a match's log does.
	var moves []engine.RecordMove
	for _, i := range engine.Standing(rec.Moves) {
		moves = append(moves, rec.Moves[i])
	}
	half := len(moves) / 2
	if finished {
		half = len(moves)
	}
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	var log []storage.LogEntry
	at := now
	for i, m := range moves[:half] {
		mv, err := g.ParseMove(m.Text)
		if err != nil {
			b.Fatal(err)
		}
		if st, _, err = g.Apply(st, m.Seat, mv); err != nil {
			b.Fatal(err)
		}
		at = at.Add(time.Duration(3+i*37%50) * time.Minute).Add(time.Duration(i*7919%60000) * time.Millisecond)
		snowflake := (at.UnixMilli()-1420070400000)<<22 | int64(i*104729%(1<<22))
		log = append(log, storage.LogEntry{Seq: int64(i + 1), Seat: m.Seat, Move: m.Text,
			RequestID: strconv.FormatInt(snowflake, 10), At: at})
	}
	snap, err := g.MarshalState(st)
	if err != nil {
		b.Fatal(err)
	}
	m := storage.Match{Game: g.Info().ID, RulesVersion: rec.Rules, Seed: rec.Seed, Options: rec.Options, Pins: rec.Pins,
		Creator: "discord:100000000000000001", Status: storage.StatusActive,
		Version: int64(half + seats + 1), Moves: int64(half), Created: now, Updated: at}
	if finished {
		m.Status = storage.StatusFinished
	}
	for i := range seats {
		m.Seats = append(m.Seats, storage.Seat{UserID: fmt.Sprintf("discord:1000000000000000%02d", i), Name: fmt.Sprintf("player %d", i+1)})
	}
	return transfer.Dump{Format: transfer.Format, Match: m, State: snap, Log: log}
}

func redisUsedMemory(b *testing.B, rs *storagetest.RedisServer) float64 {
	info, err := rs.Client().Info(context.Background(), "memory").Result()
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(info, "\r\n") {
		if v, ok := strings.CutPrefix(line, "used_memory:"); ok {
			n, _ := strconv.ParseFloat(v, 64)
			return n
		}
	}
	b.Fatal("no used_memory in INFO")
	return 0
}

func heapInUse() float64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapInuse)
}

// BenchmarkIdleMatchMemory measures what one idle match half way through
// a game costs to keep: in Redis (INFO used_memory, the match's record,
// snapshot, log and index keys) and, with the embedded store, in the
// process's heap (its index of the match) and on disk. Each iteration
// stores 500 copies of one mid-game match of each game. Nothing of an
// idle match stays in the bot's heap with Redis: the service's caches are
// bounded (256 states, 64 boards).
//
//	go test ./cmd/smokestack -run '^$' -bench IdleMatchMemory -benchtime 1x
func BenchmarkIdleMatchMemory(b *testing.B) {
	const copies = 200
	ctx := context.Background()
	for _, g := range productGames() {
		for _, phase := range []string{"mid", "finished"} {
			seats := g.Info().MinSeats + 1
			b.Run(fmt.Sprintf("%s-%dp-%s", g.Info().ID, seats, phase), func(b *testing.B) {
				d := gameDump(b, g, seats, phase == "finished")
				rs := storagetest.Redis(b, storagetest.RedisOptions{})
				rst := redisstore.New(rs.Client(), storagetest.RedisPrefix(b), storage.Options{})
				rcompact := redisstore.New(rs.Client(), storagetest.RedisPrefix(b)+"c", storage.Options{}, redisstore.Compact(true))
				dir := b.TempDir()
				est, err := embedded.Open(dir, storage.Options{})
				if err != nil {
					b.Fatal(err)
				}
				defer est.Close()
				var redisBytes, compactBytes, heapBytes float64
				for it := range b.N {
					r0 := redisUsedMemory(b, rs)
					size0 := dirSize(b, dir)
					for i := range copies {
						c := d
						c.Match.ID = fmt.Sprintf("m%d-%04d", it, i)
						c.Match.Channel = fmt.Sprintf("discord:%d%04d", it, i)
						if err := transfer.Write(ctx, rst, c); err != nil {
							b.Fatal(err)
						}
					}
					r1 := redisUsedMemory(b, rs)
					for i := range copies {
						c := d
						c.Match.ID = fmt.Sprintf("m%d-%04d", it, i)
						c.Match.Channel = fmt.Sprintf("discord:c%d%04d", it, i)
						if err := transfer.Write(ctx, rcompact, c); err != nil {
							b.Fatal(err)
						}
					}
					r2 := redisUsedMemory(b, rs)
					compactBytes = (r2 - r1) / copies
					// The Redis clients' buffers and pools are in the heap
					// now, so they do not count as the embedded store's.
					h0 := heapInUse()
					for i := range copies {
						c := d
						c.Match.ID = fmt.Sprintf("m%d-%04d", it, i)
						c.Match.Channel = fmt.Sprintf("discord:%d%04d", it, i)
						if err := transfer.Write(ctx, est, c); err != nil {
							b.Fatal(err)
						}
					}
					if err := est.Compact(); err != nil {
						b.Fatal(err)
					}
					h1 := heapInUse()
					size1 := dirSize(b, dir)
					redisBytes = (r1 - r0) / copies
					heapBytes = (h1 - h0) / copies
					b.ReportMetric(float64(size1-size0)/copies, "embedded-disk-B/match")
				}
				b.ReportMetric(redisBytes, "redis-B/match")
				b.ReportMetric(compactBytes, "redis-compact-B/match")
				b.ReportMetric(heapBytes, "embedded-heap-B/match")
				b.ReportMetric(float64(len(d.State)), "snapshot-B")
				b.ReportMetric(float64(len(d.Log)), "moves")
			})
		}
	}
}

func dirSize(b *testing.B, dir string) int64 {
	var n int64
	err := filepath.WalkDir(dir, func(_ string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		info, err := e.Info()
		if err == nil {
			n += info.Size()
		}
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	return n
}
