package embedded_test

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestBackup copies a store while writers commit moves to it (and it
// compacts now and then): the copy opens, and every move acknowledged
// before the copy began is in it, in its place.
func TestBackup(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, storage.Options{})
	defer s.Close()
	s.SetCompactMin(64 << 10) // compactions happen during the load too
	const matches = 8
	var mu sync.Mutex
	acked := map[string]map[int64]string{} // match -> seq -> request ID
	for i := range matches {
		id := fmt.Sprint("b", i)
		if err := s.Create(ctx, storagetest.BenchMatch(id, storagetest.Snapshot(1264))); err != nil {
			t.Fatal(err)
		}
		acked[id] = map[int64]string{}
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range matches {
		id := fmt.Sprint("b", i)
		wg.Go(func() {
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				m, err := s.Get(ctx, id)
				if err != nil {
					t.Error(err)
					return
				}
				c := storagetest.NextCommit(m, n%4)
				c.Match.State = changeBytes(m.State, n, 6)
				if err := s.Commit(ctx, c); err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				acked[id][c.Entry.Seq] = c.RequestID
				mu.Unlock()
			}
		})
	}
	moves := func() int {
		mu.Lock()
		defer mu.Unlock()
		n := 0
		for _, a := range acked {
			n += len(a)
		}
		return n
	}
	for moves() < 300 {
		runtime.Gosched()
	}
	// What was acknowledged before the copy began.
	mu.Lock()
	before, nBefore := map[string]map[int64]string{}, 0
	for id, a := range acked {
		nBefore += len(a)
		before[id] = map[int64]string{}
		for q, r := range a {
			before[id][q] = r
		}
	}
	mu.Unlock()
	dest := t.TempDir()
	res, err := embedded.Backup(dir, dest, storage.Options{})
	atCopy := moves()
	close(stop)
	wg.Wait()
	if err != nil {
		t.Fatal(err)
	}
	if res.Matches != matches {
		t.Errorf("backup says %d matches, want %d", res.Matches, matches)
	}
	t.Logf("copied %d bytes into a %d-byte store with %d matches; %d moves acknowledged before the copy began, %d when it ended",
		res.Copied, res.Bytes, res.Matches, nBefore, atCopy)

	b := open(t, dest, storage.Options{})
	defer b.Close()
	for id, a := range before {
		log, err := b.Log(ctx, id, 1)
		if err != nil {
			t.Fatalf("the copy's log of %s: %v", id, err)
		}
		m, err := b.Get(ctx, id)
		if err != nil || m.Moves != int64(len(log)) {
			t.Fatalf("the copy's %s: %+v, %v with %d log entries", id, m.Version, err, len(log))
		}
		for q, r := range a {
			if q > int64(len(log)) || log[q-1].RequestID != r {
				t.Errorf("match %s: move %d (request %s), acknowledged before the copy began, is not in the copy", id, q, r)
			}
		}
	}
	// The destination is not overwritten.
	if _, err := embedded.Backup(dir, dest, storage.Options{}); !errors.Is(err, embedded.ErrBackupExists) {
		t.Errorf("a second backup into the same directory: %v, want ErrBackupExists", err)
	}
}
