package redisstore_test

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// BenchmarkCycle runs, on one server in one run, a full store cycle (Get +
// Commit with a log entry and a request ID) next to its floor, a bare GET
// + SET of the same bytes. The Interleaved case alternates the two in every
// iteration, so both see the same machine load, and reports their ratio.
func BenchmarkCycle(b *testing.B) {
	for _, name := range []string{"12KiB", "1264B"} {
		state := storagetest.BenchSnapshots(b)[name]
		b.Run("GetSet/"+name, func(b *testing.B) {
			c := srv.Client()
			defer c.Close()
			floor := newFloor(b, c, state)
			b.SetBytes(int64(len(state)))
			resetStats(b, c)
			for b.Loop() {
				floor()
			}
			reportServer(b, c)
		})
		b.Run("Store/"+name, func(b *testing.B) {
			c := srv.Client()
			defer c.Close()
			cycle := newCycle(b, state)
			b.SetBytes(int64(len(state)))
			resetStats(b, c)
			for b.Loop() {
				cycle()
			}
			reportServer(b, c)
		})
		b.Run("Interleaved/"+name, func(b *testing.B) {
			c := srv.Client()
			defer c.Close()
			floor, cycle := newFloor(b, c, state), newCycle(b, state)
			storagetest.Interleave(b, "getset", floor, cycle, len(state))
		})
	}
}

// newFloor returns one GET + SET of state on its own key.
func newFloor(b *testing.B, c *redis.Client, state []byte) func() {
	ctx := context.Background()
	key := redistest.Prefix(b) + ":{m:x}:state"
	if err := c.Set(ctx, key, state, 0).Err(); err != nil {
		b.Fatal(err)
	}
	return func() {
		v, err := c.Get(ctx, key).Bytes()
		if err != nil {
			b.Fatal(err)
		}
		if err := c.Set(ctx, key, v, 0).Err(); err != nil {
			b.Fatal(err)
		}
	}
}

// newCycle returns one store Get + Commit (with a log entry and a request
// ID) on its own match; the store is closed with b.
func newCycle(b *testing.B, state []byte) func() {
	ctx := context.Background()
	s := redisstore.New(srv.Client(), redistest.Prefix(b), storage.Options{AbandonAfter: 30 * 24 * time.Hour})
	b.Cleanup(func() { s.Close() })
	if err := s.Create(ctx, storagetest.BenchMatch("m1", state)); err != nil {
		b.Fatal(err)
	}
	return func() {
		m, err := s.Get(ctx, "m1")
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Commit(ctx, storagetest.NextCommit(m, 1)); err != nil {
			b.Fatal(err)
		}
	}
}

func resetStats(b *testing.B, c *redis.Client) {
	if err := c.ConfigResetStat(context.Background()).Err(); err != nil {
		b.Fatal(err)
	}
}

// reportServer reports the time redis-server spent executing commands
// (INFO commandstats, summed) and the commands sent, per operation.
func reportServer(b *testing.B, c *redis.Client) {
	b.StopTimer()
	info, err := c.Info(context.Background(), "commandstats").Result()
	if err != nil {
		b.Fatal(err)
	}
	var usec, calls float64
	for line := range strings.SplitSeq(info, "\r\n") {
		if !strings.HasPrefix(line, "cmdstat_") || strings.HasPrefix(line, "cmdstat_config") {
			continue
		}
		for field := range strings.SplitSeq(line[strings.IndexByte(line, ':')+1:], ",") {
			k, v, _ := strings.Cut(field, "=")
			n, _ := strconv.ParseFloat(v, 64)
			switch k {
			case "usec":
				usec += n
			case "calls":
				calls += n
			}
		}
	}
	if os.Getenv("BENCH_DEBUG") != "" {
		b.Log(info)
	}
	b.ReportMetric(usec/float64(b.N), "server-µs/op")
	b.ReportMetric(calls/float64(b.N), "commands/op")
}

func usedMemory(b *testing.B, c *redis.Client) int64 {
	info, err := c.Info(context.Background(), "memory").Result()
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.SplitSeq(info, "\r\n") {
		if v, ok := strings.CutPrefix(line, "used_memory:"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				b.Fatal(err)
			}
			return n
		}
	}
	b.Fatal("no used_memory in INFO")
	return 0
}

// memoryCases are the shapes BenchmarkMemory1000 stores 1,000 of: a
// 12 KiB snapshot with 20 moves, and the Brass snapshot with 0 and 20
// moves (the difference is the cost of the log).
var memoryCases = []struct {
	name, snapshot string
	moves          int
}{
	{"12KiB/20moves", "12KiB", 20},
	{"1264B/0moves", "1264B", 0},
	{"1264B/20moves", "1264B", 20},
	{"1264B/120moves", "1264B", 120}, // a whole Brass game
}

// BenchmarkMemory1000 stores 1,000 matches and reports the growth of the
// server's used_memory.
func BenchmarkMemory1000(b *testing.B) {
	ctx := context.Background()
	for _, mc := range memoryCases {
		b.Run(mc.name, func(b *testing.B) {
			state := storagetest.BenchSnapshots(b)[mc.snapshot]
			c := srv.Client()
			defer c.Close()
			for b.Loop() {
				prefix := redistest.Prefix(b)
				s := redisstore.New(srv.Client(), prefix, storage.Options{AbandonAfter: 30 * 24 * time.Hour})
				before := usedMemory(b, c)
				for i := range 1000 {
					m := storagetest.BenchMatch(fmt.Sprint("m", i), state)
					if err := s.Create(ctx, m); err != nil {
						b.Fatal(err)
					}
					for range mc.moves {
						c := storagetest.NextCommit(m, int((m.Moves+1)%4))
						if err := s.Commit(ctx, c); err != nil {
							b.Fatal(err)
						}
						m = c.Match
					}
				}
				after := usedMemory(b, c)
				b.ReportMetric(float64(after-before), "used_memory-bytes/1000matches")
				b.ReportMetric(float64(len(state)), "snapshot-bytes")
				// An idle match: its request markers (30 minutes) have
				// expired. Deleting them stands in for the wait.
				var markers []string
				iter := c.Scan(ctx, 0, prefix+":*:idem:*", 1000).Iterator()
				for iter.Next(ctx) {
					markers = append(markers, iter.Val())
				}
				for len(markers) > 0 {
					n := min(len(markers), 1000)
					if err := c.Del(ctx, markers[:n]...).Err(); err != nil {
						b.Fatal(err)
					}
					markers = markers[n:]
				}
				b.ReportMetric(float64(usedMemory(b, c)-before)/1000, "idle-bytes/match")
				s.Close()
			}
		})
	}
}
