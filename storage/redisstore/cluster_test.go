package redisstore_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// clusterWait is the replica acknowledgement the cluster tests ask for.
var clusterWait = redisstore.WaitReplicas(1, time.Second)

// TestCluster runs the conformance suite through a cluster client against
// a Redis Cluster of three masters with one replica each, every commit
// waiting for its replica (WAIT 1). Redis refuses any script or
// transaction whose keys span two slots (CROSSSLOT), so passing proves the
// store's key layout is Cluster-legal; the matches land on every master.
func TestCluster(t *testing.T) {
	cl := cluster.Get(t)
	var prefixes []string
	storagetest.Run(t, func(t *testing.T, opts storage.Options) storage.Store {
		prefix := redistest.Prefix(t)
		prefixes = append(prefixes, prefix)
		// Open checks the eviction policy on every node.
		s, err := redisstore.Open(context.Background(), cl.Client(), prefix, opts, clusterWait)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return testStore{Store: s, raw: func() redis.UniversalClient { return cl.Client() }, prefix: prefix}
	})
	ctx := context.Background()
	masters, err := cl.Masters(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(masters) != 3 {
		t.Fatalf("%d masters, want 3", len(masters))
	}
	for _, m := range masters {
		c := m.Client()
		n, err := c.DBSize(ctx).Result()
		c.Close()
		if err != nil || n == 0 {
			t.Errorf("master %s holds %d keys (%v): the suite's matches should spread over every master", m.Addr, n, err)
		}
	}
	// The check is real: a script over two slots fails.
	c := cl.Client()
	defer c.Close()
	err = c.Eval(ctx, "return redis.call('MGET', KEYS[1], KEYS[2])", []string{"{a}x", "{b}x"}).Err()
	if !redis.HasErrorPrefix(err, "CROSSSLOT") {
		t.Fatalf("a script over two slots: %v, want a CROSSSLOT error", err)
	}
}

// TestClusterCompact runs the suite on the cluster with the store writing
// the compact form: its pack script, like every other, keeps to the
// match's slot.
func TestClusterCompact(t *testing.T) {
	cl := cluster.Get(t)
	storagetest.Run(t, func(t *testing.T, opts storage.Options) storage.Store {
		prefix := redistest.Prefix(t)
		s, err := redisstore.Open(context.Background(), cl.Client(), prefix, opts, clusterWait, redisstore.Compact(true))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return testStore{Store: s, raw: func() redis.UniversalClient { return cl.Client() }, prefix: prefix}
	})
}

// acked is what a writer of TestClusterFailover knows of one match: the
// request ID of every move the store acknowledged, by sequence number.
type acked struct {
	version int64
	reqs    map[int64]string
}

// TestClusterFailover kills (SIGKILL) the master holding some of the
// matches while writers commit moves with WAIT 1, waits for its replica
// to take over and restarts the killed node (it rejoins as the new
// master's replica), and checks that every acknowledged move is still
// there, in its place, and that the writers went on committing on every
// match after the failover. Commits the promoted master takes before it
// has a replica again are reported as unconfirmed, not acknowledged.
func TestClusterFailover(t *testing.T) {
	cl := cluster.Get(t)
	ctx := context.Background()
	prefix := redistest.Prefix(t)
	client := cl.Client()
	s, err := redisstore.Open(ctx, client, prefix, storage.Options{Timeout: 2 * time.Second}, clusterWait)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	const matches, writers = 24, 6
	state := storagetest.BenchSnapshots(t)["1264B"]
	ids := make([]string, matches)
	for i := range ids {
		ids[i] = fmt.Sprint("f", i)
		if err := s.Create(ctx, storagetest.BenchMatch(ids[i], state)); err != nil {
			t.Fatal(err)
		}
	}
	victim, err := cl.MasterOf(ctx, prefix+":{m:"+ids[0]+"}:match")
	if err != nil {
		t.Fatal(err)
	}
	var onVictim []string
	for _, id := range ids {
		if m, err := cl.MasterOf(ctx, prefix+":{m:"+id+"}:match"); err == nil && m == victim {
			onVictim = append(onVictim, id)
		}
	}

	known := make([]acked, matches)
	var total, unconfirmed, failed atomic.Int64
	// moved counts each match's acknowledged moves; the failover is over
	// once every match on the killed master has one more than at the kill.
	moved := make([]atomic.Int64, matches)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				i := w + writers*(n%(matches/writers))
				m, err := s.Get(ctx, ids[i])
				if err != nil {
					failed.Add(1)
					time.Sleep(20 * time.Millisecond)
					continue
				}
				c := storagetest.NextCommit(m, int(m.Moves%4))
				switch err := s.Commit(ctx, c); {
				case err == nil:
					k := &known[i]
					if k.reqs == nil {
						k.reqs = map[int64]string{}
					}
					k.version = c.Match.Version
					k.reqs[c.Entry.Seq] = c.RequestID
					moved[i].Add(1)
					total.Add(1)
				case errors.Is(err, storage.ErrUnconfirmed):
					unconfirmed.Add(1)
				case errors.Is(err, storage.ErrUnavailable), errors.Is(err, storage.ErrConflict):
					failed.Add(1)
					time.Sleep(20 * time.Millisecond)
				default:
					t.Errorf("commit of %s: %v", ids[i], err)
					return
				}
			}
		})
	}
	waitFor := func(done func() bool, what string) {
		t.Helper()
		for deadline := time.Now().Add(60 * time.Second); !done(); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				close(stop)
				wg.Wait()
				t.Fatalf("%s: not after 60 s (%d acknowledged moves)", what, total.Load())
			}
		}
	}
	waitFor(func() bool { return total.Load() >= 300 }, "300 moves before the kill")
	before := total.Load()
	at := make([]int64, matches)
	for i := range at {
		at[i] = moved[i].Load()
	}
	if err := victim.Kill(); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	t.Logf("killed master %s holding %d of the %d matches after %d acknowledged moves", victim.Addr, len(onVictim), matches, before)
	// Its replica takes over; it has no replica of its own then, so its
	// commits are unconfirmed until the killed node is back, as a replica.
	waitFor(func() bool {
		m, err := cl.MasterOf(ctx, prefix+":{m:"+ids[0]+"}:match")
		return err == nil && m != victim
	}, "the replica's promotion")
	t.Logf("the replica took over after %v", time.Since(killed).Round(time.Millisecond))
	if err := victim.Restart(); err != nil {
		t.Fatal(err)
	}
	waitFor(func() bool {
		for i, id := range ids {
			if slices.Contains(onVictim, id) && moved[i].Load() < at[i]+3 {
				return false
			}
		}
		return total.Load() >= before+300
	}, "moves on every match of the killed master after the failover")
	close(stop)
	wg.Wait()
	t.Logf("%d moves acknowledged, %d unconfirmed, %d attempts failed while the master was down; the writers went on %v after the kill",
		total.Load(), unconfirmed.Load(), failed.Load(), time.Since(killed).Round(time.Millisecond))

	// Every acknowledged move is in its place, read through a new client.
	check := redisstore.New(cl.Client(), prefix, storage.Options{})
	defer check.Close()
	lost := 0
	for i, id := range ids {
		m, err := check.Get(ctx, id)
		if err != nil {
			t.Fatalf("match %s after the failover: %v", id, err)
		}
		if m.Version < known[i].version {
			t.Errorf("match %s is at version %d after the failover; version %d was acknowledged", id, m.Version, known[i].version)
		}
		log, err := check.Log(ctx, id, 1)
		if err != nil {
			t.Fatal(err)
		}
		seqs := make([]int64, 0, len(known[i].reqs))
		for q := range known[i].reqs {
			seqs = append(seqs, q)
		}
		slices.Sort(seqs)
		for _, q := range seqs {
			if q > int64(len(log)) || log[q-1].RequestID != known[i].reqs[q] {
				lost++
				t.Errorf("match %s: acknowledged move %d (request %s) is lost", id, q, known[i].reqs[q])
			}
		}
	}
	if lost == 0 {
		t.Logf("no acknowledged move lost; %d of the matches lived on the killed master", len(onVictim))
	}

	// The cluster is whole again for the tests after this one.
	if err := cl.WaitOK(30 * time.Second); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkClusterWait alternates, in every iteration, one move (Get +
// Commit) without and one with the replica acknowledgement (WAIT 1) on
// the cluster, one writer, so both see the same load: "nowait-ns/op" and
// "store-ns/op" (with WAIT) and their ratio.
func BenchmarkClusterWait(b *testing.B) {
	cl := cluster.Get(b)
	ctx := context.Background()
	state := storagetest.BenchSnapshots(b)["1264B"]
	cycle := func(opts ...redisstore.Option) func() {
		s := redisstore.New(cl.Client(), redistest.Prefix(b), storage.Options{}, opts...)
		b.Cleanup(func() { s.Close() })
		if err := s.Create(ctx, storagetest.BenchMatch("m", state)); err != nil {
			b.Fatal(err)
		}
		return func() {
			m, err := s.Get(ctx, "m")
			if err == nil {
				err = s.Commit(ctx, storagetest.NextCommit(m, 1))
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	storagetest.Interleave(b, "nowait", cycle(), cycle(clusterWait), len(state))
}

// BenchmarkClusterCycle measures a move (Get + Commit with a log entry and
// a request ID) on the three-master cluster, without and with the replica
// acknowledgement (WAIT 1), from 8 writers on 8 matches; it reports moves
// per second and the p50 and p99 latency of a move.
func BenchmarkClusterCycle(b *testing.B) {
	cl := cluster.Get(b)
	state := storagetest.BenchSnapshots(b)["1264B"]
	for _, bc := range []struct {
		name string
		opts []redisstore.Option
	}{{"NoWait", nil}, {"Wait1", []redisstore.Option{clusterWait}}} {
		b.Run(bc.name, func(b *testing.B) {
			ctx := context.Background()
			s := redisstore.New(cl.Client(), redistest.Prefix(b), storage.Options{AbandonAfter: 30 * 24 * time.Hour}, bc.opts...)
			defer s.Close()
			next := make(chan string, 8)
			for i := range 8 {
				id := fmt.Sprint("m", i)
				if err := s.Create(ctx, storagetest.BenchMatch(id, state)); err != nil {
					b.Fatal(err)
				}
				next <- id
			}
			var mu sync.Mutex
			var lat []time.Duration
			b.SetParallelism(4) // 4 x GOMAXPROCS(2) = 8 writers
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				id := <-next
				var mine []time.Duration
				for pb.Next() {
					t0 := time.Now()
					m, err := s.Get(ctx, id)
					if err == nil {
						err = s.Commit(ctx, storagetest.NextCommit(m, 1))
					}
					if err != nil {
						b.Error(err)
						return
					}
					mine = append(mine, time.Since(t0))
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			})
			elapsed := time.Since(start)
			b.StopTimer()
			slices.Sort(lat)
			if len(lat) > 0 {
				b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "moves/s")
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-µs")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
			}
		})
	}
}

// TestUnconfirmed: on a server without replicas, WaitReplicas(1, …) makes
// every write report storage.ErrUnconfirmed, and the write is applied all
// the same: the match exists, the move is in, a retry is a duplicate.
func TestUnconfirmed(t *testing.T) {
	ctx := context.Background()
	s := redisstore.New(srv.Client(), redistest.Prefix(t), storage.Options{}, redisstore.WaitReplicas(1, 50*time.Millisecond))
	defer s.Close()
	m := storagetest.BenchMatch("u", []byte("state"))
	if err := s.Create(ctx, m); !errors.Is(err, storage.ErrUnconfirmed) {
		t.Fatalf("Create without a replica: %v, want ErrUnconfirmed", err)
	}
	c := storagetest.NextCommit(m, 0)
	err := s.Commit(ctx, c)
	if !errors.Is(err, storage.ErrUnconfirmed) || errors.Is(err, storage.ErrUnavailable) {
		t.Fatalf("Commit without a replica: %v, want ErrUnconfirmed only", err)
	}
	t.Logf("the error reads: %v", err)
	got, err := s.Get(ctx, "u")
	if err != nil || got.Version != 1 || got.Moves != 1 {
		t.Fatalf("after an unconfirmed commit: version %d, %d moves, %v; want it applied", got.Version, got.Moves, err)
	}
	if err := s.Commit(ctx, c); !errors.Is(err, storage.ErrDuplicate) {
		t.Fatalf("the same commit again: %v, want ErrDuplicate", err)
	}
	// Without the option nothing waits.
	plain := redisstore.New(srv.Client(), redistest.Prefix(t), storage.Options{})
	defer plain.Close()
	if err := plain.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
}
