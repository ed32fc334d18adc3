package embedded

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/check"
)

// load opens the data file and rebuilds the index from its records. It
// cuts an unfinished last record, skips damaged records in the middle and
// quarantines the matches they belong to, and logs each of these.
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
		return s.start(path, size)
	}
	head := make([]byte, len(fileMagic))
	if _, err := f.ReadAt(head, 0); err != nil {
		return fmt.Errorf("embedded: read %s: %w", path, err)
	}
	if string(head) != fileMagic {
		return fmt.Errorf("embedded: %s is not a store file of this version", path)
	}

	off := int64(len(fileMagic))
	// While loading, versions replace each other in s.matches only; the
	// indexes are built once at the end (reindex).
	s.loading = true
	defer func() { s.loading = false }()
	r := s.reader(off, size)
	var entries []span
	for off < size {
		rc, n, p, err := s.readRecord(r, off, size)
		if err != nil {
			// Never cut or skip on an I/O error: the bytes may be fine.
			return fmt.Errorf("embedded: read %s at offset %d: %w", path, off, err)
		}
		if p == nil {
			rc.entries = entries[:0] // replay copies them
			err := parseBody(&rc, rc.bodyBytes, rc.body.off)
			entries = rc.entries
			if err != nil {
				s.quarantine(rc.id, nil, time.Time{}, fmt.Sprintf("the record at offset %d: %v", off, err))
			} else {
				s.replay(rc)
			}
			off += n
			continue
		}
		next, err := s.nextRecord(off+1, size)
		if err != nil {
			return fmt.Errorf("embedded: read %s after offset %d: %w", path, off, err)
		}
		if next < 0 {
			if err := s.cutTail(path, off, size, p); err != nil {
				return err
			}
			size = off
			break
		}
		if err := s.skipDamage(path, off, next, p); err != nil {
			return err
		}
		off = next
		r = s.reader(off, size)
	}
	s.size, s.tail = off, off
	for id, x := range s.matches {
		if s.expired(x) {
			s.forget(id)
		}
	}
	s.decodeMeta()
	s.loading = false
	s.reindex()
	var damaged []string
	for id, x := range s.matches {
		if x.corrupt != nil {
			damaged = append(damaged, id)
		}
	}
	if len(damaged) > 0 {
		slices.Sort(damaged)
		s.log.Warn("embedded: damaged matches are quarantined: reading or writing them fails with storage.ErrCorrupt, every other match works",
			"dir", s.dir, "count", len(damaged), "matches", damaged)
	}
	return nil
}

// start begins a new file. A file shorter than its header is one whose
// creation was cut short (nothing in it was ever acknowledged); anything
// else is not ours, and Open refuses it rather than overwrite it.
func (s *Store) start(path string, size int64) error {
	head := make([]byte, size)
	if _, err := s.f.ReadAt(head, 0); err != nil {
		return fmt.Errorf("embedded: read %s: %w", path, err)
	}
	if !strings.HasPrefix(fileMagic, string(head)) {
		return fmt.Errorf("embedded: %s is not a store file of this version", path)
	}
	if size > 0 {
		s.log.Warn("embedded: the store file ends inside its file header (its creation was cut short); starting it afresh",
			"file", path, "bytes", size)
	}
	if err := s.f.Truncate(0); err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	if _, err := s.f.WriteAt([]byte(fileMagic), 0); err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	if err := s.f.Sync(); err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	if err := syncDir(s.dir); err != nil {
		return err
	}
	s.size, s.tail = int64(len(fileMagic)), int64(len(fileMagic))
	return nil
}

func (s *Store) reader(off, size int64) *bufio.Reader {
	return bufio.NewReaderSize(io.NewSectionReader(s.f, off, size-off), 1<<20)
}

// problem is why the bytes at an offset are not a whole, intact record.
type problem struct {
	why string
	// id is the match the record belongs to when its header is intact.
	id string
}

// readRecord reads the record at off from r. It returns the record and its
// length, or a problem (r is then left anywhere), or an I/O error. The
// record's bodyBytes (and so its meta) may lie in r's buffer: they are
// valid until the next read from r.
func (s *Store) readRecord(r *bufio.Reader, off, size int64) (rec, int64, *problem, error) {
	short := func(b []byte, err error) (*problem, error) {
		if errors.Is(err, io.EOF) {
			return &problem{why: fmt.Sprintf("a record header cut after %d bytes", len(b))}, nil
		}
		return nil, err
	}
	hdr, err := r.Peek(fixedHeader)
	if err != nil {
		p, err := short(hdr, err)
		return rec{}, 0, p, err
	}
	hl := fixedHeader + int(binary.LittleEndian.Uint16(hdr[12:])) + 4
	if binary.LittleEndian.Uint32(hdr) == recordMagic {
		if hdr, err = r.Peek(hl); err != nil {
			p, err := short(hdr, err)
			return rec{}, 0, p, err
		}
	}
	id, bodyLen, bodyCRC, hl, err := parseHeader(hdr)
	if err != nil {
		return rec{}, 0, &problem{why: "a damaged record header"}, nil
	}
	n := int64(hl) + bodyLen
	if off+n > size {
		return rec{}, 0, &problem{id: id, why: fmt.Sprintf("a record cut after %d of its %d bytes", size-off, n)}, nil
	}
	var body []byte
	if int(n) <= r.Size() {
		// The usual case: the record is read in place in the reader's
		// buffer, valid until the next read from r (the caller's next
		// record), which is as long as loading needs it.
		b, err := r.Peek(int(n))
		if err != nil {
			return rec{}, 0, nil, err
		}
		body = b[hl:]
		if _, err := r.Discard(int(n)); err != nil {
			return rec{}, 0, nil, err
		}
	} else {
		if _, err := r.Discard(hl); err != nil {
			return rec{}, 0, nil, err
		}
		body = make([]byte, bodyLen)
		if _, err := io.ReadFull(r, body); err != nil {
			return rec{}, 0, nil, err
		}
	}
	if crc32.Checksum(body, castagnoli) != bodyCRC {
		return rec{}, 0, &problem{id: id, why: "a checksum mismatch in the record body"}, nil
	}
	return rec{id: id, body: span{off + int64(hl), bodyLen}, bodyCRC: bodyCRC, raw: span{off, n}, bodyBytes: body}, n, nil, nil
}

// cutTail cuts the file at off: from there on nothing is a whole, intact
// record. That is what a crash in the middle of a write leaves, and such a
// write was never acknowledged (its fdatasync did not return), so it is
// cut to let the next record start on a clean boundary.
func (s *Store) cutTail(path string, off, size int64, p *problem) error {
	s.log.Warn("embedded: cut an unfinished write at the end of the store file (a crash while writing; it was never acknowledged)",
		"file", path, "offset", off, "bytes", size-off, "found", p.why, "match", p.id)
	if err := s.f.Truncate(off); err != nil {
		return fmt.Errorf("embedded: cut the unfinished end of %s at %d: %w", path, off, err)
	}
	if err := datasync(s.f); err != nil {
		return fmt.Errorf("embedded: %w", err)
	}
	return nil
}

// skipDamage handles damaged bytes in [off, next), where next is the next
// intact record: the matches the damaged bytes belong to are quarantined
// (a match whose later records are intact is caught anyway, by the gap in
// its versions), and the scan goes on at next.
func (s *Store) skipDamage(path string, off, next int64, p *problem) error {
	ids := []string{p.id}
	if p.id == "" {
		var err error
		if ids, err = s.namesIn(off, next); err != nil {
			return fmt.Errorf("embedded: read %s at offset %d: %w", path, off, err)
		}
	}
	reason := fmt.Sprintf("%s at offset %d (%d bytes skipped)", p.why, off, next-off)
	for _, id := range ids {
		s.quarantine(id, nil, time.Time{}, reason)
	}
	s.log.Error("embedded: damaged data in the store file; skipped to the next intact record and quarantined the matches it belongs to",
		"file", path, "offset", off, "bytes", next-off, "found", p.why, "matches", ids)
	return nil
}

// nextRecord finds the first offset in [from, size) where a whole record
// with intact header and body checksums starts, or -1.
func (s *Store) nextRecord(from, size int64) (int64, error) {
	magic := binary.LittleEndian.AppendUint32(nil, recordMagic)
	buf := make([]byte, 1<<20)
	for pos := from; pos < size; {
		n := min(int64(len(buf)), size-pos)
		b := buf[:n]
		if _, err := s.f.ReadAt(b, pos); err != nil && !errors.Is(err, io.EOF) {
			return -1, err
		}
		for i := 0; ; {
			j := bytes.Index(b[i:], magic)
			if j < 0 {
				break
			}
			at := pos + int64(i+j)
			ok, err := s.recordAt(at, size)
			if err != nil || ok {
				return at, err
			}
			i += j + 1
		}
		if pos+n >= size {
			break
		}
		pos += n - int64(len(magic)-1) // a magic number across the window's end is found next time
	}
	return -1, nil
}

// recordAt reports whether a whole record with intact checksums starts at off.
func (s *Store) recordAt(off, size int64) (bool, error) {
	read := func(n, at int64) ([]byte, error) {
		b := make([]byte, n)
		_, err := s.f.ReadAt(b, at)
		return b, err
	}
	if size-off < fixedHeader {
		return false, nil
	}
	hdr, err := read(fixedHeader, off)
	if err != nil {
		return false, err
	}
	hl := int64(fixedHeader + int(binary.LittleEndian.Uint16(hdr[12:])) + 4)
	if off+hl > size {
		return false, nil
	}
	if hdr, err = read(hl, off); err != nil {
		return false, err
	}
	_, bodyLen, bodyCRC, _, err := parseHeader(hdr)
	if err != nil || off+hl+bodyLen > size {
		return false, nil
	}
	body, err := read(bodyLen, off+hl)
	if err != nil {
		return false, err
	}
	return crc32.Checksum(body, castagnoli) == bodyCRC, nil
}

// namesIn lists the matches that damaged bytes whose record header is lost
// seem to belong to. Each record in [from, to) starts with a header naming
// its match and a body whose metadata JSON begins with the match ID; a
// damaged byte spoils at most one of the two, so both are read, at the
// start of the range and at each magic number inside it. A name that is
// not a valid match ID is dropped; one spoilt into another valid ID makes
// a harmless extra quarantined entry.
func (s *Store) namesIn(from, to int64) ([]string, error) {
	const maxRead = 64 << 20
	b := make([]byte, min(to-from, maxRead))
	if _, err := s.f.ReadAt(b, from); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	var ids []string
	add := func(id string) {
		if check.ID(id) != nil || !utf8.ValidString(id) || slices.Contains(ids, id) {
			return
		}
		for _, r := range id {
			if !unicode.IsPrint(r) {
				return
			}
		}
		ids = append(ids, id)
	}
	magic := binary.LittleEndian.AppendUint32(nil, recordMagic)
	for at := 0; at < len(b); {
		r := b[at:]
		if len(r) >= fixedHeader {
			n := int(binary.LittleEndian.Uint16(r[12:]))
			if fixedHeader+n <= len(r) {
				add(string(r[fixedHeader : fixedHeader+n]))
			}
		}
		// The metadata follows the header (at most 200 bytes of ID) and 13
		// bytes of kind, deadline and length.
		if i := bytes.Index(r[:min(len(r), 512)], []byte(`{"id":`)); i >= 0 {
			var id string
			if json.NewDecoder(bytes.NewReader(r[i+6:])).Decode(&id) == nil {
				add(id)
			}
		}
		j := bytes.Index(b[at+1:], magic)
		if j < 0 {
			break
		}
		at += 1 + j
	}
	return ids, nil
}

// replay applies one checked record while loading.
func (s *Store) replay(r rec) {
	if r.kind == kindRetire {
		s.forget(r.id)
		return
	}
	// decode reads the metadata in full; most records need only their
	// version, and the metadata of each match's latest record is decoded
	// once the whole file is read (decodeMeta).
	decode := func() (storage.Match, bool) {
		var m storage.Match
		if err := json.Unmarshal(r.meta, &m); err != nil {
			s.quarantine(r.id, nil, time.Time{}, fmt.Sprintf("the metadata in the record at offset %d: %v", r.raw.off, err))
			return m, false
		}
		if m.ID != r.id {
			s.quarantine(r.id, nil, time.Time{}, fmt.Sprintf("the record at offset %d holds match %q", r.raw.off, m.ID))
			return m, false
		}
		m.State = nil
		return m, true
	}
	var deadline time.Time
	if r.deadline != 0 {
		deadline = time.Unix(0, r.deadline)
	}
	prev := s.matches[r.id]
	update := r.kind == kindAppend || r.kind == kindDelta
	if r.kind == kindDamage || (update && (prev == nil || prev.corrupt != nil)) {
		m, ok := decode()
		if !ok {
			return
		}
		switch {
		case r.kind == kindDamage:
			x := &match{m: m, deadline: deadline, log: slices.Clone(r.entries), reqs: reqSet(nil).with(r.reqs...), damage: r.reason}
			for _, e := range r.entries {
				x.logBytes += e.n
			}
			x.corrupt = corrupt(r.id, "%s", r.reason)
			s.apply(x)
		case prev == nil:
			s.quarantine(r.id, &m, deadline, fmt.Sprintf("the update at offset %d has no base record (the match's earlier records are lost)", r.raw.off))
		default:
			// Still damaged; the newest metadata keeps the indexes current.
			y := *prev
			y.m, y.meta, y.deadline = m, nil, deadline
			s.apply(&y)
		}
		return
	}
	m := storage.Match{ID: r.id}
	var meta []byte // the metadata to decode at the end (decodeMeta)
	if v, moves, ok := metaVersion(r.meta); ok {
		m.Version, m.Moves, meta = v, moves, r.meta
	} else if m, ok = decode(); !ok {
		return
	}
	if update && m.Version != prev.m.Version+1 {
		if full, ok := decode(); ok {
			s.quarantine(r.id, &full, deadline, fmt.Sprintf("the record at offset %d holds version %d after version %d: the commits in between are lost",
				r.raw.off, m.Version, prev.m.Version))
		}
		return
	}
	if r.kind == kindDelta && prev.chain == nil && prev.state.n == 0 {
		if full, ok := decode(); ok {
			s.quarantine(r.id, &full, deadline, fmt.Sprintf("the delta at offset %d follows a version without a snapshot", r.raw.off))
		}
		return
	}
	// While loading, each version of a match replaces the one before in
	// s.matches and nothing else holds it, so its struct, its metadata
	// buffer, its log, request IDs and delta chain are reused in place: a
	// fresh copy per record made most of the open's garbage.
	x := prev
	if x == nil {
		x = new(match)
	}
	next := match{m: m, deadline: deadline, body: r.body, bodyCRC: r.bodyCRC, state: r.state, raw: r.raw, size: r.raw.n}
	if meta != nil {
		next.meta = append(x.meta[:0], meta...) // r.meta lies in the reader's buffer
	}
	if r.kind == kindDelta {
		if prev.chain == nil {
			next.chain = append(make([]span, 0, 4), prev.raw, r.raw)
		} else {
			next.chain = append(prev.chain, r.raw)
		}
		next.chainBytes = prev.chainBytes + r.state.n
		next.size = prev.size
	}
	if update {
		next.log, next.logBytes, next.reqs = prev.log, prev.logBytes, prev.reqs
	}
	next.log = append(next.log, r.entries...)
	for _, e := range r.entries {
		next.logBytes += e.n
	}
	next.reqs = next.reqs.with(r.reqs...)
	*x = next
	s.apply(x)
}

// metaVersion finds the version and the move count in a match's metadata
// JSON without decoding it: encoding/json writes them next to each other
// as "version":V,"moves":M (storage.Match keeps them adjacent), and a raw
// quote cannot occur inside a JSON string, so the first "version": followed
// by a digit is the match's own field.
func metaVersion(meta []byte) (v, moves int64, ok bool) {
	num := func(b []byte) (int64, int) {
		var n int64
		i := 0
		for ; i < len(b) && i < 18 && b[i] >= '0' && b[i] <= '9'; i++ {
			n = n*10 + int64(b[i]-'0')
		}
		return n, i
	}
	key, next := []byte(`"version":`), []byte(`,"moves":`)
	for off := 0; ; {
		j := bytes.Index(meta[off:], key)
		if j < 0 {
			return 0, 0, false
		}
		p := off + j + len(key)
		v, n := num(meta[p:])
		if n > 0 && bytes.HasPrefix(meta[p+n:], next) {
			moves, m := num(meta[p+n+len(next):])
			return v, moves, m > 0
		}
		off = p
	}
}

// decodeMeta decodes, once the file is read, the metadata of the latest
// record of each match that replay left undecoded. Metadata that does not
// decode, or disagrees with the record, quarantines its match.
func (s *Store) decodeMeta() {
	for id, x := range s.matches {
		if x.meta == nil {
			continue
		}
		var m storage.Match
		var why string
		err := json.Unmarshal(x.meta, &m)
		switch {
		case err != nil:
			why = fmt.Sprintf("the metadata in the record at offset %d: %v", x.raw.off, err)
		case m.ID != id || m.Version != x.m.Version || m.Moves != x.m.Moves:
			why = fmt.Sprintf("the record at offset %d holds match %q version %d, not %s version %d", x.raw.off, m.ID, m.Version, id, x.m.Version)
		default:
			m.State = nil
			x.m = m
		}
		if why != "" && x.corrupt == nil { // a quarantined match keeps its first reason
			x.damage = why
			x.corrupt = corrupt(id, "%s", why)
		}
		x.meta = nil
	}
}

// quarantine marks a match as damaged while loading. It keeps the newest
// metadata known (meta, else that of the match so far) so the match stays
// in its channel and its players' lists and still expires when abandoned,
// and the log entries read so far, which are intact and in order. The
// first reason found is kept.
func (s *Store) quarantine(id string, meta *storage.Match, deadline time.Time, reason string) {
	prev := s.matches[id]
	x := &match{damage: reason}
	switch {
	case meta != nil:
		x.m, x.deadline = *meta, deadline
	case prev != nil:
		x.m, x.meta, x.deadline = prev.m, prev.meta, prev.deadline
	default:
		x.m = storage.Match{ID: id}
	}
	if prev != nil {
		x.log, x.logBytes, x.reqs = prev.log, prev.logBytes, prev.reqs
		if prev.corrupt != nil {
			x.damage = prev.damage
		}
	}
	x.corrupt = corrupt(id, "%s", x.damage)
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
	slices.Sort(ids)
	var next []*match
	for _, id := range ids {
		x := s.matches[id]
		if s.expired(x) {
			continue
		}
		var state []byte
		if x.corrupt == nil {
			var err error
			// A checksum mismatch quarantines x; a read error stops here.
			if state, err = s.snapshot(x); err != nil && x.corrupt == nil {
				return fail(err)
			}
		}
		meta, err := json.Marshal(x.m)
		if err != nil {
			return fail(err)
		}
		kind, log := kindFull, x.log
		if x.corrupt != nil {
			// A quarantined match keeps what is known to be intact: its
			// metadata, its log up to the damage, its request IDs.
			kind = kindDamage
			state = nil
			log = slices.DeleteFunc(slices.Clone(log), func(sp span) bool {
				return sp.off >= x.raw.off && sp.off < x.raw.off+x.raw.n // entries of a record found damaged since it was read
			})
		}
		entries := make([][]byte, len(log))
		var logBytes int64
		for i, sp := range log {
			entries[i] = make([]byte, sp.n)
			if _, err := s.f.ReadAt(entries[i], sp.off); err != nil {
				return fail(err)
			}
			logBytes += sp.n
		}
		reqs := x.reqs.list()
		slices.Sort(reqs)
		e := encodeRecord(id, kind, nanos(x.deadline), meta, state, entries, reqs, x.damage)
		if _, err := w.Write(e.buf); err != nil {
			return fail(err)
		}
		y := &match{m: x.m, deadline: x.deadline, bodyCRC: e.bodyCRC, logBytes: logBytes, reqs: x.reqs, corrupt: x.corrupt, damage: x.damage}
		y.state, y.log, y.body, y.raw = e.at(off)
		y.size = y.raw.n
		if y.corrupt != nil {
			y.raw = span{} // no record of it is to be read again; its entries are intact
		}
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
	s.built.reset() // its offsets were of the old file
	s.size, s.tail = off, off
	s.matches, s.chans, s.users, s.live = map[string]*match{}, map[string]string{}, map[string]map[string]struct{}{}, 0
	for _, y := range next {
		s.apply(y)
	}
	return syncDir(s.dir)
}
