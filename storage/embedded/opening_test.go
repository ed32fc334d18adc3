package embedded_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// The conformance suite through storage.Later: an embedded store opened
// in the background behaves as the store itself.
func TestOpeningConformance(t *testing.T) {
	storagetest.Run(t, func(t *testing.T, opts storage.Options) storage.Store {
		dir := t.TempDir()
		ts := &testStore{dir: dir, opts: opts}
		o := storage.Later(func() (storage.Store, error) {
			st, err := embedded.Open(dir, opts)
			ts.Store = st
			return ts, err
		})
		t.Cleanup(func() { o.Close() })
		return openingStore{o, ts}
	})
}

// openingStore is an Opening that damages its store as the suite asks.
type openingStore struct {
	*storage.Opening
	ts *testStore
}

func (s openingStore) Corrupt(t *testing.T, id string) {
	<-s.Done()
	s.ts.Corrupt(t, id)
}

func (s openingStore) LoseLog(t *testing.T, id string) {
	<-s.Done()
	s.ts.LoseLog(t, id)
}

// A call made while the store opens waits for it and then sees the
// stored matches; one whose context ends first fails with ErrUnavailable.
func TestOpeningWaits(t *testing.T) {
	dir := t.TempDir()
	st := open(t, dir, storage.Options{})
	if err := st.Create(ctx, newMatch("m1", "c1", "ann", "bob")); err != nil {
		t.Fatal(err)
	}
	st.Close()
	release := make(chan struct{})
	o := storage.Later(func() (storage.Store, error) {
		<-release
		return embedded.Open(dir, storage.Options{})
	})
	defer o.Close()
	short, cancel := context.WithTimeout(ctx, 10*time.Millisecond)
	defer cancel()
	if _, err := o.Get(short, "m1"); !errors.Is(err, storage.ErrUnavailable) {
		t.Errorf("Get before the open, its context ended: %v, want ErrUnavailable", err)
	}
	got := make(chan error, 1)
	go func() {
		m, err := o.Get(ctx, "m1")
		if err == nil && m.Channel != "c1" {
			err = errors.New("wrong match " + m.ID)
		}
		got <- err
	}()
	select {
	case err := <-got:
		t.Fatalf("Get answered before the store opened: %v", err)
	case <-time.After(20 * time.Millisecond):
	}
	if o.Err() != nil {
		t.Fatalf("Err before the open = %v", o.Err())
	}
	close(release)
	if err := <-got; err != nil {
		t.Fatalf("Get after the open: %v", err)
	}
	<-o.Done()
	if ids, err := o.MatchIDs(ctx); err != nil || len(ids) != 1 || ids[0] != "m1" {
		t.Errorf("MatchIDs = %v, %v", ids, err)
	}
}

// A store that cannot open (its directory held by another store) fails
// every call with the open's error, and Close has nothing to close.
func TestOpeningFails(t *testing.T) {
	dir := t.TempDir()
	st := open(t, dir, storage.Options{})
	defer st.Close()
	o := storage.Later(func() (storage.Store, error) { return embedded.Open(dir, storage.Options{}) })
	<-o.Done()
	if o.Err() == nil {
		t.Fatal("a second store opened a held directory")
	}
	if _, err := o.Get(ctx, "m1"); err == nil || err.Error() != o.Err().Error() {
		t.Errorf("Get after a failed open: %v, want %v", err, o.Err())
	}
	if err := o.Commit(ctx, storage.Commit{Match: newMatch("m1", "c1", "ann")}); err == nil {
		t.Error("Commit after a failed open succeeded")
	}
	if err := o.Close(); err != nil {
		t.Errorf("Close after a failed open: %v", err)
	}
}
