package bot_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// benchGames are the games the full-cycle benchmark plays: the largest
// real game registered, and Pebbles as the baseline.
var benchGames = []engine.Game{brass.New(), pebblesGame}

// floorFunc is one durable write of the same bytes with no logic around it.
type floorFunc func(ctx context.Context, data []byte) error

type benchBackend struct {
	name string
	open func(b *testing.B) (storage.Store, floorFunc)
}

var benchBackends = []benchBackend{
	{"redis", func(b *testing.B) (storage.Store, floorFunc) {
		srv := storagetest.Redis(b, storagetest.RedisOptions{})
		st := redisstore.New(srv.Client(), storagetest.RedisPrefix(b), storage.Options{})
		c := srv.Client()
		b.Cleanup(func() { st.Close(); c.Close() })
		// The floor: a bare GET and SET of the same bytes, two round trips.
		return st, func(ctx context.Context, data []byte) error {
			if err := c.Get(ctx, "floor").Err(); err != nil && err != redis.Nil {
				return err
			}
			return c.Set(ctx, "floor", data, 0).Err()
		}
	}},
	{"embedded", func(b *testing.B) (storage.Store, floorFunc) {
		dir := b.TempDir()
		st, err := embedded.Open(dir, storage.Options{})
		if err != nil {
			b.Fatal(err)
		}
		f, err := os.OpenFile(filepath.Join(dir, "floor"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { st.Close(); f.Close() })
		// The floor: one write of the same bytes to the same disk, fsynced.
		return st, func(ctx context.Context, data []byte) error {
			if _, err := f.Write(data); err != nil {
				return err
			}
			return f.Sync()
		}
	}},
}

// firstMove builds a legal move by always taking the first choice.
func firstMove(g engine.Game, st engine.State, seat int) (engine.Move, error) {
	var m engine.Move
	for depth := 0; depth < 64; depth++ {
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			return nil, err
		}
		if ch.Complete || len(ch.Next) == 0 {
			return m, nil
		}
		m = append(m, ch.Next[0].Token)
	}
	return nil, fmt.Errorf("no complete move within 64 tokens")
}

// benchMatch keeps one match going, starting a fresh one when it ends.
type benchMatch struct {
	b     *testing.B
	svc   *bot.Service
	g     engine.Game
	n     int
	id    string
	users []string
}

func (bm *benchMatch) next(ctx context.Context) (bot.Match, int, engine.Move) {
	for {
		if bm.id != "" {
			m, err := bm.svc.Get(ctx, bot.ByID(bm.id))
			if err != nil {
				bm.b.Fatal(err)
			}
			if m.Status == bot.StatusActive {
				seat := m.Play.Active[0]
				mv, err := firstMove(bm.g, stateOf(bm.b, m), seat)
				if err != nil {
					bm.b.Fatal(err)
				}
				return m, seat, mv
			}
		}
		bm.n++
		lo, _ := bm.g.Info().MinSeats, bm.g.Info().MaxSeats
		ch := fmt.Sprintf("bench-%d", bm.n)
		bm.users = nil
		for i := 0; i < lo; i++ {
			bm.users = append(bm.users, fmt.Sprintf("u%d", i))
		}
		m, err := bm.svc.CreateMatch(ctx, bot.CreateRequest{Channel: ch, Game: bm.g.Info().ID, Creator: bot.UserRef{ID: bm.users[0], Name: "A"}, Seed: uint64(bm.n)})
		if err != nil {
			bm.b.Fatal(err)
		}
		for _, u := range bm.users[1:] {
			if _, err := bm.svc.Join(ctx, bot.ByID(m.ID), bot.UserRef{ID: u, Name: u}); err != nil {
				bm.b.Fatal(err)
			}
		}
		if _, err := bm.svc.Start(ctx, bot.ByID(m.ID), bm.users[0]); err != nil {
			bm.b.Fatal(err)
		}
		bm.id = m.ID
	}
}

func stateOf(b *testing.B, m bot.Match) engine.State {
	st := bot.StateOf(m)
	if st == nil {
		b.Fatalf("match %s has no game state", m.ID)
	}
	return st
}

// steps accumulates the time of each step of the cycle.
type steps struct {
	names []string
	total map[string]time.Duration
	n     int
	sizes []int
}

func (s *steps) add(name string, d time.Duration) {
	if s.total == nil {
		s.total = map[string]time.Duration{}
	}
	if _, ok := s.total[name]; !ok {
		s.names = append(s.names, name)
	}
	s.total[name] += d
}

func (s *steps) report(b *testing.B) {
	for _, name := range s.names {
		b.ReportMetric(float64(s.total[name].Microseconds())/float64(s.n), name+"-µs")
	}
	if len(s.sizes) > 0 {
		sort.Ints(s.sizes)
		b.ReportMetric(float64(s.sizes[len(s.sizes)/2]), "snapshot-B")
		b.ReportMetric(float64(s.sizes[len(s.sizes)-1]), "max-snapshot-B")
	}
}

// benchEnv is one sub-benchmark's store, its floor and the service on it.
type benchEnv struct {
	ctx   context.Context
	store storage.Store
	floor floorFunc
	svc   *bot.Service
	g     engine.Game
}

// benchEach runs one sub-benchmark per backend and game. Every iteration
// picks the next move untimed and hands it to step, which times its steps
// into s; the metric x-floor is the step named whole divided by "floor".
func benchEach(b *testing.B, whole string, step func(b *testing.B, e benchEnv, s *steps, pre bot.Match, seat int, mv engine.Move)) {
	for _, bk := range benchBackends {
		for _, g := range benchGames {
			b.Run(bk.name+"/"+g.Info().ID, func(b *testing.B) {
				store, floor := bk.open(b)
				e := benchEnv{ctx: context.Background(), store: store, floor: floor, svc: newBenchService(b, store), g: g}
				bm := &benchMatch{b: b, svc: e.svc, g: g}
				var s steps
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					pre, seat, mv := bm.next(e.ctx)
					b.StartTimer()
					step(b, e, &s, pre, seat, mv)
					s.n++
				}
				b.StopTimer()
				s.report(b)
				b.ReportMetric(float64(s.total[whole])/float64(s.total["floor"]), "x-floor")
			})
		}
	}
}

// BenchmarkCycle measures one move's full cycle, each step apart: load,
// decode, apply, encode and compare-and-set save; and, in the same
// iteration, the floor: a bare durable write of the same snapshot bytes.
// The metric x-floor is the whole cycle divided by the floor.
//
//	go test ./bot/service -run '^$' -bench Cycle -benchtime 300x
func BenchmarkCycle(b *testing.B) {
	benchEach(b, "cycle", func(b *testing.B, e benchEnv, s *steps, pre bot.Match, seat int, mv engine.Move) {
		ctx, g := e.ctx, e.g
		t0 := time.Now()
		sm, err := e.store.Get(ctx, pre.ID)
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		st, err := g.UnmarshalState(sm.State)
		if err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		next, _, err := g.Apply(st, seat, mv)
		if err != nil {
			b.Fatal(err)
		}
		t3 := time.Now()
		data, err := g.MarshalState(next)
		if err != nil {
			b.Fatal(err)
		}
		status := g.Status(next)
		t4 := time.Now()
		nm := sm
		nm.State, nm.Version, nm.Moves = data, sm.Version+1, sm.Moves+1
		if status.Finished {
			nm.Status = storage.StatusFinished
		}
		entry := &storage.LogEntry{Seq: nm.Moves, Seat: seat, Move: g.FormatMove(mv), At: time.Now()}
		if err := e.store.Commit(ctx, storage.Commit{ExpectVersion: sm.Version, Match: nm, Entry: entry}); err != nil {
			b.Fatal(err)
		}
		t5 := time.Now()
		if err := e.floor(ctx, data); err != nil {
			b.Fatal(err)
		}
		t6 := time.Now()

		s.add("load", t1.Sub(t0))
		s.add("decode", t2.Sub(t1))
		s.add("apply", t3.Sub(t2))
		s.add("encode", t4.Sub(t3))
		s.add("save", t5.Sub(t4))
		s.add("cycle", t5.Sub(t0))
		s.add("floor", t6.Sub(t5))
		s.sizes = append(s.sizes, len(data))
	})
}

// BenchmarkSubmit is the same cycle through Service.Submit (what the front
// ends call), next to the same floor.
func BenchmarkSubmit(b *testing.B) {
	benchEach(b, "submit", func(b *testing.B, e benchEnv, s *steps, pre bot.Match, seat int, mv engine.Move) {
		t0 := time.Now()
		o, err := e.svc.Submit(e.ctx, bot.SubmitRequest{Ref: bot.ByID(pre.ID), UserID: pre.Seats[seat].UserID, Move: e.g.FormatMove(mv)})
		if err != nil {
			b.Fatal(err)
		}
		t1 := time.Now()
		if err := e.floor(e.ctx, bot.SnapshotOf(o.Match)); err != nil {
			b.Fatal(err)
		}
		t2 := time.Now()
		s.add("submit", t1.Sub(t0))
		s.add("floor", t2.Sub(t1))
	})
}

func newBenchService(b *testing.B, st storage.Store) *bot.Service {
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(benchGames...), Store: st})
	if err != nil {
		b.Fatal(err)
	}
	return svc
}
