package embedded_test

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// openLogged opens the store with a logger whose records the test reads.
func openLogged(t *testing.T, dir string) (*embedded.Store, *storagetest.Logs) {
	t.Helper()
	logs, log := storagetest.NewLogs()
	return open(t, dir, storage.Options{Log: log}), logs
}

func flip(t *testing.T, path string, at int64) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	b := make([]byte, 1)
	if _, err := f.ReadAt(b, at); err != nil {
		t.Fatal(err)
	}
	b[0] ^= 0xff
	if _, err := f.WriteAt(b, at); err != nil {
		t.Fatal(err)
	}
}

// wantLog fails unless exactly one record at level contains msg, and
// returns it.
func wantLog(t *testing.T, logs *storagetest.Logs, level slog.Level, msg string) storagetest.LogRecord {
	t.Helper()
	found := logs.Find(level, msg)
	if len(found) != 1 {
		t.Fatalf("want one %s log containing %q, got %d; everything logged: %v", level, msg, len(found), logs.Records())
	}
	return found[0]
}

func wantAttr(t *testing.T, r storagetest.LogRecord, key string, want any) {
	t.Helper()
	if diff := cmp.Diff(want, r.Attrs[key]); diff != "" {
		t.Errorf("log %q: attribute %s (-want +got):\n%s", r.Msg, key, diff)
	}
}

// TestTornTail: a crash in the middle of a write leaves a partial last
// record, possibly cut inside its header. Open cuts it (it was never
// acknowledged), says so in the log, and loses nothing else.
func TestTornTail(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "matches.log")
	s := open(t, dir, storage.Options{})
	fill(t, s)
	want := take(t, s, ids, channels, users)
	_, size := s.Stats()
	play(t, s, "c", 1)
	s.Close()
	whole, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	last := int64(len(whole)) - size
	const header = 14 + 1 + 4 // fixed part, the ID "c", the header checksum
	for _, cut := range []int64{1, 7, header - 1, header, header + 1, last / 2, last - 1} {
		t.Run(fmt.Sprint(cut), func(t *testing.T) {
			if err := os.WriteFile(path, whole[:size+cut], 0o644); err != nil {
				t.Fatal(err)
			}
			s, logs := openLogged(t, dir)
			if diff := cmp.Diff(want, take(t, s, ids, channels, users)); diff != "" {
				t.Fatalf("after a torn write (-want +got):\n%s", diff)
			}
			r := wantLog(t, logs, slog.LevelWarn, "cut an unfinished write")
			wantAttr(t, r, "offset", size)
			wantAttr(t, r, "bytes", cut)
			if cut >= header {
				wantAttr(t, r, "match", "c") // the header was whole: it names the match
			} else {
				wantAttr(t, r, "found", fmt.Sprintf("a record header cut after %d bytes", cut))
			}
			if n := len(logs.Records()); n != 1 {
				t.Errorf("%d log records, want only the cut: %v", n, logs.Records())
			}
			// The store writes on after the cut.
			play(t, s, "a", 1)
			s.Close()
			s, logs = openLogged(t, dir)
			defer s.Close()
			if m, err := s.Get(ctx, "a"); err != nil || m.Moves != want.Matches["a"].Moves+1 {
				t.Fatalf("after writing past the cut: %+v, %v", m, err)
			}
			if r := logs.Records(); len(r) != 0 {
				t.Errorf("a clean reopen logged %v", r)
			}
		})
	}
	// A last record whose bytes are all there but damaged is dropped too
	// (a crash can leave the file longer than what was written).
	flipped := slices.Clone(whole)
	flipped[size+last/2] ^= 0xff
	if err := os.WriteFile(path, flipped, 0o644); err != nil {
		t.Fatal(err)
	}
	s, logs := openLogged(t, dir)
	defer s.Close()
	if diff := cmp.Diff(want, take(t, s, ids, channels, users)); diff != "" {
		t.Fatalf("after a damaged last record (-want +got):\n%s", diff)
	}
	r := wantLog(t, logs, slog.LevelWarn, "cut an unfinished write")
	wantAttr(t, r, "match", "c")
	wantAttr(t, r, "found", "a checksum mismatch in the record body")
}

// TestFileHeaderCut: a file that ends inside its own header was never
// written past its creation: Open starts it afresh and says so; a short
// file that is not the start of a store file is refused, not overwritten.
func TestFileHeaderCut(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "matches.log")
	if err := os.WriteFile(path, []byte("smokestack-st"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, logs := openLogged(t, dir)
	r := wantLog(t, logs, slog.LevelWarn, "ends inside its file header")
	wantAttr(t, r, "bytes", int64(13))
	if err := s.Create(ctx, newMatch("a", "web:a", "u1")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	s = open(t, dir, storage.Options{})
	if _, err := s.Get(ctx, "a"); err != nil {
		t.Fatal(err)
	}
	s.Close()

	if err := os.WriteFile(path, []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := embedded.Open(dir, storage.Options{}); err == nil {
		t.Fatal("Open accepted a short file that is not a store file")
	}
	if b, _ := os.ReadFile(path); string(b) != "hello" {
		t.Fatalf("the foreign file was changed to %q", b)
	}
}

// damageCase is a byte to flip in some record, and the match that then
// must be quarantined.
type damageCase struct {
	name   string
	record func(recs []embedded.RecordForTest) embedded.RecordForTest
	at     func(r embedded.RecordForTest) int64 // offset inside the record
	match  string
}

// nth returns the n-th record of a match.
func nth(id string, n int) func([]embedded.RecordForTest) embedded.RecordForTest {
	return func(recs []embedded.RecordForTest) embedded.RecordForTest {
		for _, r := range recs {
			if r.ID == id {
				if n == 0 {
					return r
				}
				n--
			}
		}
		panic("no such record")
	}
}

// lastOf returns the last record of a match.
func lastOf(id string) func([]embedded.RecordForTest) embedded.RecordForTest {
	return func(recs []embedded.RecordForTest) embedded.RecordForTest {
		var out embedded.RecordForTest
		for _, r := range recs {
			if r.ID == id {
				out = r
			}
		}
		return out
	}
}

func damageCases() []damageCase {
	header := map[string]func(embedded.RecordForTest) int64{
		"magic":      func(embedded.RecordForTest) int64 { return 1 },
		"bodyLen":    func(embedded.RecordForTest) int64 { return 5 },
		"bodyCRC":    func(embedded.RecordForTest) int64 { return 9 },
		"idLen":      func(embedded.RecordForTest) int64 { return 12 },
		"id":         func(embedded.RecordForTest) int64 { return 14 },
		"headerCRC":  func(r embedded.RecordForTest) int64 { return r.HeaderLen - 2 },
		"payload":    func(r embedded.RecordForTest) int64 { return r.HeaderLen + (r.Len-r.HeaderLen)/2 },
		"payloadEnd": func(r embedded.RecordForTest) int64 { return r.Len - 1 },
	}
	var out []damageCase
	for _, field := range []string{"magic", "bodyLen", "bodyCRC", "idLen", "id", "headerCRC", "payload", "payloadEnd"} {
		// A record with later records of its match after it: the gap in
		// versions tells. The last record of a match (b's finish), with
		// other matches' records after it: the damaged bytes tell.
		out = append(out,
			damageCase{"middle-of-a/" + field, nth("a", 2), header[field], "a"},
			damageCase{"last-of-b/" + field, lastOf("b"), header[field], "b"},
			damageCase{"create-of-c/" + field, nth("c", 0), header[field], "c"},
		)
	}
	return out
}

// TestDamage flips one byte in a record in the middle of the file, in
// every field of its header and in its payload. The store opens, the
// damaged match (and only it) fails with ErrCorrupt naming it, the log
// says where and what, everything else loads and works, and the
// quarantine survives reopening and compaction.
func TestDamage(t *testing.T) {
	for _, tc := range damageCases() {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "matches.log")
			s := open(t, dir, storage.Options{})
			fill(t, s)
			play(t, s, "c", 1) // b's finish is then not the last record
			others := slices.DeleteFunc(slices.Clone(ids), func(id string) bool { return id == tc.match })
			otherChans := slices.DeleteFunc(slices.Clone(channels), func(c string) bool { return c == "web:"+tc.match })
			want := take(t, s, others, otherChans, nil)
			s.Close()
			rec := tc.record(embedded.RecordsForTest(t, path))
			flip(t, path, rec.Off+tc.at(rec))

			s, logs := openLogged(t, dir)
			r := wantLog(t, logs, slog.LevelError, "damaged data in the store file")
			wantAttr(t, r, "matches", []string{tc.match})
			if r.Attrs["offset"].(int64) > rec.Off {
				t.Errorf("damage logged at offset %v, after the damaged record at %d", r.Attrs["offset"], rec.Off)
			}
			wantAttr(t, wantLog(t, logs, slog.LevelWarn, "damaged matches are quarantined"), "matches", []string{tc.match})
			checkQuarantined(t, s, tc.match)
			if diff := cmp.Diff(want, take(t, s, others, otherChans, nil)); diff != "" {
				t.Fatalf("other matches (-want +got):\n%s", diff)
			}
			// The others take writes; the quarantine holds across a reopen
			// and across compaction, which drops the damaged bytes.
			play(t, s, others[0], 2)
			want = take(t, s, others, otherChans, nil)
			s.Close()
			s = open(t, dir, storage.Options{})
			checkQuarantined(t, s, tc.match)
			if err := s.Compact(); err != nil {
				t.Fatal(err)
			}
			s.Close()
			kinds := map[string]byte{}
			for _, r := range embedded.RecordsForTest(t, path) {
				kinds[r.ID] = r.Kind
			}
			if kinds[tc.match] != embedded.KindDamage {
				t.Errorf("after compaction %s is kept as a record of kind %d, want the damage kind", tc.match, kinds[tc.match])
			}
			s, logs = openLogged(t, dir)
			defer s.Close()
			checkQuarantined(t, s, tc.match)
			if diff := cmp.Diff(want, take(t, s, others, otherChans, nil)); diff != "" {
				t.Fatalf("other matches after compaction (-want +got):\n%s", diff)
			}
			if n := len(logs.Find(slog.LevelError, "")); n != 0 {
				t.Errorf("the compacted file still has damage: %v", logs.Records())
			}
			wantAttr(t, wantLog(t, logs, slog.LevelWarn, "damaged matches are quarantined"), "matches", []string{tc.match})
		})
	}
}

// checkQuarantined checks that every access to a match fails with a
// CorruptError naming it, and that it still holds its channel.
func checkQuarantined(t *testing.T, s *embedded.Store, id string) {
	t.Helper()
	_, err := s.Get(ctx, id)
	if got, ok := storage.DamagedMatch(err); !ok || got != id || !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("Get(%s): %v, want a CorruptError naming it", id, err)
	}
	_, err = s.Log(ctx, id, 1)
	if got, ok := storage.DamagedMatch(err); !ok || got != id {
		t.Fatalf("Log(%s): %v, want a CorruptError naming it", id, err)
	}
	c := storage.Commit{ExpectVersion: 5, Match: newMatch(id, "web:"+id, "u1")}
	c.Match.Version = 6
	if err := s.Commit(ctx, c); !errors.Is(err, storage.ErrCorrupt) {
		t.Fatalf("Commit(%s): %v, want ErrCorrupt", id, err)
	}
	if got, err := s.ChannelMatch(ctx, "web:"+id); err != nil || got != id {
		t.Fatalf("ChannelMatch(web:%s) = %q, %v; the damaged match should keep its channel", id, got, err)
	}
	if err := s.Create(ctx, newMatch("new-"+id, "web:"+id, "u1")); !errors.Is(err, storage.ErrChannelTaken) {
		t.Fatalf("Create on the damaged match's channel: %v, want ErrChannelTaken", err)
	}
}
