package storagetest

import (
	"context"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
)

// BenchSnapshots returns the payloads the backend benchmarks store: a
// 12 KiB JSON state ("12KiB"), one of 1,264 bytes ("1264B", the median
// size of a Brass snapshot measured in docs/performance.md) and the
// snapshot of a fresh four-seat match of the test game ("pebbles4"). The
// storage layer imports no real game, so sizes stand in for them.
func BenchSnapshots(tb testing.TB) map[string][]byte {
	g := testgame.Game{}
	st, _, err := g.Setup(engine.Setup{Seats: 4, Seed: 42})
	if err != nil {
		tb.Fatal(err)
	}
	bs, err := g.MarshalState(st)
	if err != nil {
		tb.Fatal(err)
	}
	return map[string][]byte{"12KiB": Snapshot(12 << 10), "1264B": Snapshot(1264), "pebbles4": bs}
}

// BenchMatch returns an active four-seat test-game match holding state, for
// the backend benchmarks.
func BenchMatch(id string, state []byte) storage.Match {
	return storage.Match{ID: id, Game: "pebbles", RulesVersion: 1, Seed: 42, Channel: "web:" + id, Creator: "u1",
		Status: storage.StatusActive, State: state,
		Seats: []storage.Seat{{UserID: "u1", Name: "Ann"}, {UserID: "u2", Name: "Bob"}, {UserID: "u3", Name: "Cy"}, {UserID: "u4", Name: "Di"}}}
}

// NextCommit returns the commit that moves m on by one move of seat, with a
// log entry and a request ID, as a host would send it.
func NextCommit(m storage.Match, seat int) storage.Commit {
	next := m
	next.Version++
	next.Moves++
	req := strconv.FormatInt(1200000000000000000+next.Version, 10)
	e := &storage.LogEntry{Seq: next.Moves, Seat: seat, Move: "build cotton bolton card:bolton", RequestID: req}
	return storage.Commit{ExpectVersion: m.Version, Match: next, Entry: e, RequestID: req}
}

// Interleave runs floor and then cycle in every iteration of b, so both see
// the same load, and reports the time of each per operation
// ("<floorName>-ns/op", "store-ns/op"), their ratio and the snapshot size.
func Interleave(b *testing.B, floorName string, floor, cycle func(), snapshotBytes int) {
	var tf, ts time.Duration
	for b.Loop() {
		t0 := time.Now()
		floor()
		t1 := time.Now()
		cycle()
		ts += time.Since(t1)
		tf += t1.Sub(t0)
	}
	b.ReportMetric(float64(tf.Nanoseconds())/float64(b.N), floorName+"-ns/op")
	b.ReportMetric(float64(ts.Nanoseconds())/float64(b.N), "store-ns/op")
	b.ReportMetric(float64(ts)/float64(tf), "ratio")
	b.ReportMetric(float64(snapshotBytes), "snapshot-bytes")
}

// BenchDue measures the scheduler's poll (Store.Due) over n open matches
// whose due times lie ahead, the common case of a poll every 30 seconds
// that finds nothing to do; the matches are created with s first.
func BenchDue(b *testing.B, s storage.Store, n int) {
	ctx := context.Background()
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	for i := range n {
		m := BenchMatch(fmt.Sprintf("due%06d", i), []byte(`{}`))
		m.Due = now.Add(time.Hour + time.Duration(i)*time.Minute)
		if err := s.Create(ctx, m); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		ids, err := s.Due(ctx, now, "bench", time.Minute, 50)
		if err != nil || len(ids) != 0 {
			b.Fatalf("Due: %v %v", ids, err)
		}
	}
}
