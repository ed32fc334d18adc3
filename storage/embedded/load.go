package embedded

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/smokestack/smokestack/storage"
)

// load opens the data file and rebuilds the index from its records.
func (s *Store) load() error {
	path := filepath.Join(s.dir, dataFile)
	// A compaction that died before its rename leaves a partial copy.
	if err := os.Remove(path + ".tmp"); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("embedded: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	s.f = f
	st, err := f.Stat()
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	size := st.Size()
	if size < int64(len(fileMagic)) {
		// New (or torn before its first record was ever acknowledged).
		if err := f.Truncate(0); err != nil {
			return fmt.Errorf("embedded: %w", err)
		}
		if _, err := f.WriteAt([]byte(fileMagic), 0); err != nil {
			return fmt.Errorf("embedded: %w", err)
		}
		if err := f.Sync(); err != nil {
			return fmt.Errorf("embedded: %w", err)
		}
		if err := syncDir(s.dir); err != nil {
			return err
		}
		s.size, s.tail = int64(len(fileMagic)), int64(len(fileMagic))
		return nil
	}
	head := make([]byte, len(fileMagic))
	if _, err := f.ReadAt(head, 0); err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	if string(head) != fileMagic {
		return fmt.Errorf("embedded: %s is not a store file of this version", path)
	}

	off := int64(len(fileMagic))
	r := bufio.NewReaderSize(io.NewSectionReader(f, off, size-off), 1<<20)
	torn := false
	for off < size {
		var (
			id      string
			bodyLen int64
			bodyCRC uint32
			hl      int
		)
		hdr, err := r.Peek(fixedHeader)
		if err == nil {
			hl = fixedHeader + int(binary.LittleEndian.Uint16(hdr[12:])) + 4
			if hdr, err = r.Peek(hl); err == nil {
				id, bodyLen, bodyCRC, hl, err = parseHeader(hdr)
			}
		}
		if err == nil && off+int64(hl)+bodyLen > size {
			err = io.ErrUnexpectedEOF
		}
		if err != nil {
			if s.validRecordAfter(off+1, size) {
				return fmt.Errorf("embedded: %s: %w: damaged record at offset %d with intact records after it; "+
					"restore a backup or cut the file at that offset to open the store", path, storage.ErrCorrupt, off)
			}
			torn = true
			break
		}
		r.Discard(hl)
		body := make([]byte, bodyLen)
		if _, err := io.ReadFull(r, body); err != nil {
			torn = true
			break
		}
		raw := span{off, int64(hl) + bodyLen}
		end := off + raw.n
		intact := crc32.Checksum(body, castagnoli) == bodyCRC
		switch {
		case !intact && end == size:
			torn = true // a last write that did not complete
		case !intact:
			s.markCorrupt(id, raw, fmt.Sprintf("checksum mismatch in the record at offset %d", off))
		default:
			rc := rec{id: id, body: span{off + int64(hl), bodyLen}, bodyCRC: bodyCRC, raw: raw}
			if err := parseBody(&rc, body, rc.body.off); err != nil {
				s.markCorrupt(id, raw, fmt.Sprintf("record at offset %d: %v", off, err))
			} else {
				s.replay(rc)
			}
		}
		if torn {
			break
		}
		off = end
	}
	if torn {
		// The tail was never acknowledged (its fdatasync did not return):
		// cut it so the next record starts on a clean boundary.
		if err := f.Truncate(off); err != nil {
			return fmt.Errorf("embedded: cut torn tail of %s at %d: %w", path, off, err)
		}
		if err := datasync(f); err != nil {
			return fmt.Errorf("embedded: %w", err)
		}
	}
	s.size, s.tail = off, off
	for id, x := range s.matches {
		if x.corrupt == nil && s.expired(x) {
			s.forget(id)
		}
	}
	return nil
}

// validRecordAfter reports whether a whole, checksummed record starts
// anywhere in [from, size): it tells a torn tail from damage in the middle.
func (s *Store) validRecordAfter(from, size int64) bool {
	if from >= size {
		return false
	}
	rest := make([]byte, size-from)
	if _, err := s.f.ReadAt(rest, from); err != nil {
		return false
	}
	magic := binary.LittleEndian.AppendUint32(nil, recordMagic)
	for i := 0; ; {
		j := bytes.Index(rest[i:], magic)
		if j < 0 {
			return false
		}
		i += j
		_, bodyLen, bodyCRC, hl, err := parseHeader(rest[i:])
		if err == nil && int64(i+hl)+bodyLen <= int64(len(rest)) &&
			crc32.Checksum(rest[i+hl:int64(i+hl)+bodyLen], castagnoli) == bodyCRC {
			return true
		}
		i++
	}
}

// replay applies one checked record while loading.
func (s *Store) replay(r rec) {
	var m storage.Match
	if err := json.Unmarshal(r.meta, &m); err != nil {
		s.markCorrupt(r.id, r.raw, fmt.Sprintf("metadata in the record at offset %d: %v", r.raw.off, err))
		return
	}
	if m.ID != r.id {
		s.markCorrupt(r.id, r.raw, fmt.Sprintf("record at offset %d holds match %q", r.raw.off, m.ID))
		return
	}
	m.State = nil
	x := &match{m: m, body: r.body, bodyCRC: r.bodyCRC, state: r.state, raw: r.raw}
	if r.deadline != 0 {
		x.deadline = time.Unix(0, r.deadline)
	}
	prev := s.matches[r.id]
	if r.kind == kindAppend {
		switch {
		case prev == nil:
			s.markCorrupt(r.id, r.raw, fmt.Sprintf("update at offset %d to a match without a base record", r.raw.off))
			return
		case prev.corrupt != nil:
			return // stays corrupt: the chain is broken
		}
		x.log, x.logBytes, x.reqs = prev.log, prev.logBytes, prev.reqs
	} else {
		x.reqs = map[string]struct{}{}
	}
	x.log = append(x.log, r.entries...)
	for _, e := range r.entries {
		x.logBytes += e.n
	}
	for _, q := range r.reqs {
		x.reqs[q] = struct{}{}
	}
	s.apply(x)
}

// markCorrupt records that a match's data is damaged; its last known
// metadata (if any) keeps it in the indexes.
func (s *Store) markCorrupt(id string, raw span, reason string) {
	x := &match{corrupt: corrupt(id, "%s", reason), raw: raw}
	if prev := s.matches[id]; prev != nil {
		x.m = prev.m
	} else {
		x.m = storage.Match{ID: id}
	}
	s.apply(x)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil {
		return fmt.Errorf("embedded: sync %s: %w", dir, err)
	}
	return nil
}

// compact rewrites the file with one full record per live match (expired
// matches dropped), fsyncs it, renames it over the old file and fsyncs the
// directory. s.mu is held and no write is in flight. On an error before
// the rename the old file stays in use.
func (s *Store) compact() error {
	path := filepath.Join(s.dir, dataFile)
	tmp := path + ".tmp"
	tf, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return fmt.Errorf("embedded: compact: %w", err)
	}
	fail := func(err error) error {
		tf.Close()
		os.Remove(tmp)
		return fmt.Errorf("embedded: compact: %w", err)
	}
	w := bufio.NewWriterSize(tf, 1<<20)
	w.WriteString(fileMagic)
	off := int64(len(fileMagic))
	ids := make([]string, 0, len(s.matches))
	for id := range s.matches {
		ids = append(ids, id)
	}
	// Damaged records go first: the last record of a file is discarded
	// when its checksum fails, and these must stay visible as corrupt.
	slices.SortFunc(ids, func(a, b string) int {
		ca, cb := s.matches[a].corrupt != nil, s.matches[b].corrupt != nil
		if ca != cb {
			if ca {
				return -1
			}
			return 1
		}
		return strings.Compare(a, b)
	})
	var next []*match
	for _, id := range ids {
		x := s.matches[id]
		if x.corrupt == nil && s.expired(x) {
			continue
		}
		var body []byte
		if x.corrupt == nil {
			body, _ = s.readBody(x) // a mismatch marks x corrupt
		}
		if x.corrupt != nil {
			if x.raw.n == 0 {
				continue
			}
			raw := make([]byte, x.raw.n)
			if _, err := s.f.ReadAt(raw, x.raw.off); err != nil {
				return fail(err)
			}
			w.Write(raw)
			y := *x
			y.raw = span{off, x.raw.n}
			next = append(next, &y)
			off += x.raw.n
			continue
		}
		meta, err := json.Marshal(x.m)
		if err != nil {
			return fail(err)
		}
		start := x.state.off - x.body.off
		state := body[start : start+x.state.n]
		entries := make([][]byte, len(x.log))
		for i, sp := range x.log {
			entries[i] = make([]byte, sp.n)
			if _, err := s.f.ReadAt(entries[i], sp.off); err != nil {
				return fail(err)
			}
		}
		reqs := make([]string, 0, len(x.reqs))
		for q := range x.reqs {
			reqs = append(reqs, q)
		}
		slices.Sort(reqs)
		e := encodeRecord(id, kindFull, nanos(x.deadline), meta, state, entries, reqs)
		if _, err := w.Write(e.buf); err != nil {
			return fail(err)
		}
		y := &match{m: x.m, deadline: x.deadline, bodyCRC: e.bodyCRC, logBytes: x.logBytes, reqs: x.reqs}
		y.state, y.log, y.body, y.raw = e.at(off)
		next = append(next, y)
		off += int64(len(e.buf))
	}
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if err := tf.Sync(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fail(err)
	}
	old := s.f
	s.f = tf
	old.Close()
	s.size, s.tail = off, off
	s.matches, s.chans, s.users, s.live = map[string]*match{}, map[string]string{}, map[string]map[string]struct{}{}, 0
	for _, y := range next {
		s.apply(y)
	}
	return syncDir(s.dir)
}
