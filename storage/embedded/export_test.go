package embedded

import (
	"os"
	"testing"
)

// CorruptForTest flips one byte of the snapshot in the latest record of a
// match on disk, as bit rot would.
func (s *Store) CorruptForTest(t *testing.T, id string) {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	x := s.matches[id]
	if x == nil {
		t.Fatalf("CorruptForTest: no match %s", id)
	}
	at := x.body.off + x.body.n/2
	if x.state.n > 0 {
		at = x.state.off
	}
	b := make([]byte, 1)
	if _, err := s.f.ReadAt(b, at); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0x20
	if _, err := s.f.WriteAt(b, at); err != nil {
		t.Fatal(err)
	}
}

// SetCompactMin sets the file size from which the store compacts.
func (s *Store) SetCompactMin(n int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.compactMin = n
}

// Stats returns the matches held and the file size.
func (s *Store) Stats() (matches int, fileSize int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.matches), s.size
}

// CompactErr is the result of the last compaction.
func (s *Store) CompactErr() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.compactErr
}

// Datasync is the store's durable flush, for the benchmark floor.
var Datasync = datasync

// Syncs counts the fdatasyncs of commits so far.
func (s *Store) Syncs() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.syncs
}

// SetSyncForTest replaces the fdatasync of commits.
func (s *Store) SetSyncForTest(fn func(*os.File) error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sync = fn
}

// RecordForTest is one record of a store file.
type RecordForTest struct {
	ID        string
	Off       int64 // where the record starts
	HeaderLen int64
	Len       int64 // header and body
	Kind      byte
}

// RecordsForTest lists the records of the store file at path, in order.
func RecordsForTest(t *testing.T, path string) []RecordForTest {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []RecordForTest
	for off := len(fileMagic); off < len(b); {
		id, bodyLen, _, hl, err := parseHeader(b[off:])
		if err != nil {
			t.Fatalf("RecordsForTest: record at %d: %v", off, err)
		}
		out = append(out, RecordForTest{ID: id, Off: int64(off), HeaderLen: int64(hl), Len: int64(hl) + bodyLen, Kind: b[off+hl]})
		off += hl + int(bodyLen)
	}
	return out
}

// KindDamage is the kind of the record that keeps a quarantined match.
const KindDamage = kindDamage

// Record kinds of a commit: a whole snapshot, or a delta.
const (
	KindAppend = kindAppend
	KindDelta  = kindDelta
	MaxChain   = maxChain
)
