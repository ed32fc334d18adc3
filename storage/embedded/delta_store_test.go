package embedded_test

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// mutate returns state with a few bytes changed, as a move changes a
// snapshot: deterministic in i.
func mutate(state []byte, i int) []byte {
	out := bytes.Clone(state)
	for k := range 3 {
		at := (i*7919 + k*104729) % len(out)
		out[at] = byte('0' + (i+k)%10)
	}
	return out
}

// TestDeltas: commits store deltas, with a whole snapshot at least every
// MaxChain records; every version reads back exactly, after a reopen and
// after compaction; and damage to the whole snapshot later deltas build
// on quarantines the match when the store opens.
func TestDeltas(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "matches.log")
	s := open(t, dir, storage.Options{})
	state := storagetest.Snapshot(2048)
	m := storagetest.BenchMatch("d", state)
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	other := storagetest.BenchMatch("o", state)
	if err := s.Create(ctx, other); err != nil {
		t.Fatal(err)
	}
	const n = 50
	for i := range n {
		c := storagetest.NextCommit(m, i%4)
		c.Match.State = mutate(m.State, i)
		if err := s.Commit(ctx, c); err != nil {
			t.Fatal(err)
		}
		m = c.Match
		got, err := s.Get(ctx, "d")
		if err != nil || !bytes.Equal(got.State, m.State) {
			t.Fatalf("version %d reads back as %d bytes, %v; want the %d bytes committed", m.Version, len(got.State), err, len(m.State))
		}
	}
	_, size := s.Stats()
	run, deltas := 0, 0
	var lastWhole embedded.RecordForTest
	for _, r := range embedded.RecordsForTest(t, path) {
		if r.ID != "d" {
			continue
		}
		switch r.Kind {
		case embedded.KindDelta:
			deltas++
			if run++; run >= embedded.MaxChain {
				t.Errorf("%d deltas in a row at offset %d; want a whole snapshot at least every %d records", run, r.Off, embedded.MaxChain)
			}
			if r.Len > 600 {
				t.Errorf("a delta record of %d bytes for 3 changed bytes", r.Len)
			}
		default:
			run, lastWhole = 0, r
		}
	}
	if deltas < n*3/4 {
		t.Errorf("%d of %d commits stored as deltas", deltas, n)
	}
	t.Logf("%d commits of a %d-byte snapshot: %d deltas, file %d bytes", n, len(state), deltas, size)

	check := func(s *embedded.Store, when string) {
		t.Helper()
		got, err := s.Get(ctx, "d")
		if err != nil || !bytes.Equal(got.State, m.State) || got.Version != m.Version {
			t.Fatalf("%s: version %d, %d bytes, %v; want version %d and the bytes committed", when, got.Version, len(got.State), err, m.Version)
		}
	}
	s.Close()
	s = open(t, dir, storage.Options{})
	check(s, "after a reopen")
	if err := s.Compact(); err != nil {
		t.Fatal(err)
	}
	check(s, "after compaction")
	s.Close()
	s = open(t, dir, storage.Options{})
	check(s, "after compaction and a reopen")
	s.Close()

	// Damage the last whole snapshot of d, which its later deltas build on.
	dir = t.TempDir()
	path = filepath.Join(dir, "matches.log")
	s = open(t, dir, storage.Options{})
	defer func() { s.Close() }()
	m = storagetest.BenchMatch("d", state)
	if err := s.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	for i := range 20 {
		c := storagetest.NextCommit(m, 0)
		c.Match.State = mutate(m.State, i)
		if err := s.Commit(ctx, c); err != nil {
			t.Fatal(err)
		}
		m = c.Match
	}
	for _, r := range embedded.RecordsForTest(t, path) {
		if r.ID == "d" && r.Kind != embedded.KindDelta {
			lastWhole = r
		}
	}
	// While the store is open, damage is found when Get rebuilds the
	// snapshot from its records (here the first read after a reopen).
	s.Close()
	s = open(t, dir, storage.Options{})
	at := lastWhole.Off + lastWhole.HeaderLen + (lastWhole.Len-lastWhole.HeaderLen)/2
	flip(t, path, at)
	checkQuarantined(t, s, "d")
	// And when the store opens.
	s.Close()
	s = open(t, dir, storage.Options{})
	checkQuarantined(t, s, "d")
}
