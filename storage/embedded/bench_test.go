package embedded_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// newFloor returns one append of state to a file in dir followed by
// fdatasync: a durable write of the same bytes to the same disk.
func newFloor(b *testing.B, dir string, state []byte) func() {
	f, err := os.OpenFile(filepath.Join(dir, "floor"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	return func() {
		if _, err := f.Write(state); err != nil {
			b.Fatal(err)
		}
		if err := embedded.Datasync(f); err != nil {
			b.Fatal(err)
		}
	}
}

func openBench(b *testing.B, dir string) *embedded.Store {
	s, err := embedded.Open(dir, storage.Options{AbandonAfter: 30 * 24 * time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { s.Close() })
	return s
}

// newCycle returns one store Get + Commit (with a log entry and a request
// ID) on match id.
func newCycle(b *testing.B, s *embedded.Store, id string, state []byte) func() {
	if err := s.Create(ctx, storagetest.BenchMatch(id, state)); err != nil {
		b.Fatal(err)
	}
	return func() {
		m, err := s.Get(ctx, id)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Commit(ctx, storagetest.NextCommit(m, 1)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCycle runs a full store cycle (Get + Commit) next to its floor,
// one write + fdatasync of the same bytes to a file in the store's
// directory. Interleaved alternates the two in every iteration, so both
// see the same disk and machine load, and reports their ratio. Parallel
// runs 8 writers on 8 matches to show group commit.
func BenchmarkCycle(b *testing.B) {
	for _, name := range []string{"12KiB", "1264B"} {
		state := storagetest.BenchSnapshots(b)[name]
		b.Run("Fsync/"+name, func(b *testing.B) {
			floor := newFloor(b, b.TempDir(), state)
			b.SetBytes(int64(len(state)))
			for b.Loop() {
				floor()
			}
		})
		b.Run("Store/"+name, func(b *testing.B) {
			cycle := newCycle(b, openBench(b, b.TempDir()), "m1", state)
			b.SetBytes(int64(len(state)))
			for b.Loop() {
				cycle()
			}
		})
		b.Run("Interleaved/"+name, func(b *testing.B) {
			dir := b.TempDir()
			floor, cycle := newFloor(b, dir, state), newCycle(b, openBench(b, dir), "m1", state)
			storagetest.Interleave(b, "fsync", floor, cycle, len(state))
		})
	}
	state := storagetest.BenchSnapshots(b)["12KiB"]
	b.Run("Parallel8/12KiB", func(b *testing.B) {
		s := openBench(b, b.TempDir())
		cycles := make(chan func(), 8)
		for i := range 8 {
			cycles <- newCycle(b, s, fmt.Sprint("m", i), state)
		}
		b.SetParallelism(4) // 4 x GOMAXPROCS(2) = 8 writers
		b.SetBytes(int64(len(state)))
		b.ResetTimer()
		syncs := s.Syncs()
		b.RunParallel(func(pb *testing.PB) {
			cycle := <-cycles
			for pb.Next() {
				cycle()
			}
		})
		b.ReportMetric(float64(b.N)/float64(s.Syncs()-syncs), "commits/fdatasync")
	})
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
}

// BenchmarkMemory1000 stores 1,000 matches, compacts, reopens the store and
// reports the heap the rebuilt index holds and the size of the file.
func BenchmarkMemory1000(b *testing.B) {
	for _, mc := range memoryCases {
		b.Run(mc.name, func(b *testing.B) {
			state := storagetest.BenchSnapshots(b)[mc.snapshot]
			for b.Loop() {
				dir := b.TempDir()
				fillMatches(b, dir, state, mc.moves)
				var before, after runtime.MemStats
				runtime.GC()
				runtime.ReadMemStats(&before)
				s, err := embedded.Open(dir, storage.Options{})
				if err != nil {
					b.Fatal(err)
				}
				runtime.GC()
				runtime.ReadMemStats(&after)
				n, size := s.Stats()
				if n != 1000 {
					b.Fatalf("%d matches after reopen", n)
				}
				b.ReportMetric(float64(after.HeapAlloc)-float64(before.HeapAlloc), "heap-bytes/1000matches")
				b.ReportMetric(float64(size), "file-bytes/1000matches")
				b.ReportMetric(float64(len(state)), "snapshot-bytes")
				s.Close()
			}
		})
	}
}

// fillMatches writes 1,000 matches of the given moves and compacts the file.
func fillMatches(b *testing.B, dir string, state []byte, moves int) {
	s, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	var wg sync.WaitGroup
	for w := range 16 { // writers share fdatasyncs through group commit
		wg.Go(func() {
			for i := w; i < 1000; i += 16 {
				m := storagetest.BenchMatch(fmt.Sprint("m", i), state)
				if err := s.Create(ctx, m); err != nil {
					b.Error(err)
					return
				}
				for range moves {
					c := storagetest.NextCommit(m, int((m.Moves+1)%4))
					if err := s.Commit(ctx, c); err != nil {
						b.Error(err)
						return
					}
					m = c.Match
				}
			}
		})
	}
	wg.Wait()
	if err := s.Compact(); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkGames100 plays 100 four-seat games of 120 moves each (a
// 1,264-byte snapshot, the median Brass size, with 6 bytes changed by
// every move) into a fresh store and finishes them, as a server that has
// hosted 100 games would hold them. It reports the size of the file, the
// bytes written per move, the time Open takes to load the file (median of
// 5 opens) and the heap the loaded index holds. The fill does not
// fdatasync (SetSyncForTest): it measures bytes, not commit latency.
func BenchmarkGames100(b *testing.B) {
	const games, moves = 100, 120
	base := storagetest.Snapshot(1264)
	for b.Loop() {
		dir := b.TempDir()
		s := openBench(b, dir)
		s.SetSyncForTest(func(*os.File) error { return nil })
		var wg sync.WaitGroup
		for w := range 4 {
			wg.Go(func() {
				for g := w; g < games; g += 4 {
					m := storagetest.BenchMatch(fmt.Sprint("g", g), base)
					if err := s.Create(ctx, m); err != nil {
						b.Error(err)
						return
					}
					for i := range moves {
						c := storagetest.NextCommit(m, i%4)
						c.Match.State = changeBytes(m.State, g*moves+i, 6)
						if i == moves-1 {
							c.Match.Status = storage.StatusFinished
						}
						if err := s.Commit(ctx, c); err != nil {
							b.Error(err)
							return
						}
						m = c.Match
					}
				}
			})
		}
		wg.Wait()
		_, size := s.Stats()
		s.Close()
		var opens []time.Duration
		var heap uint64
		for range 5 {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			t0 := time.Now()
			s, err := embedded.Open(dir, storage.Options{})
			if err != nil {
				b.Fatal(err)
			}
			opens = append(opens, time.Since(t0))
			runtime.GC()
			runtime.ReadMemStats(&after)
			heap = after.HeapAlloc - before.HeapAlloc
			if n, _ := s.Stats(); n != games {
				b.Fatalf("%d matches after reopen", n)
			}
			s.Close()
		}
		slices.Sort(opens)
		b.ReportMetric(float64(size), "file-bytes")
		b.ReportMetric(float64(size)/(games*moves), "bytes/move")
		b.ReportMetric(float64(opens[2].Microseconds()), "open-µs")
		b.ReportMetric(float64(heap)/games, "heap-bytes/match")
	}
}

// changeBytes returns state with n bytes changed, deterministically in i.
func changeBytes(state []byte, i, n int) []byte {
	out := bytes.Clone(state)
	for k := range n {
		at := (i*7919 + k*104729) % len(out)
		out[at] = byte('0' + (i+k)%10)
	}
	return out
}
