package embedded

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/check"
)

const (
	dataFile = "matches.log"
	lockFile = "LOCK"
	// defaultCompactMin is the file size below which the log is never compacted.
	defaultCompactMin = 32 << 20
	// maxChain bounds the records a snapshot is rebuilt from: a whole
	// snapshot, then at most maxChain-1 deltas.
	maxChain = 16
)

// ErrLocked means another process has the directory open.
var ErrLocked = errors.New("embedded: store directory is in use by another process")

// errClosed is returned after Close.
var errClosed = errors.New("embedded: store is closed")

// match is the in-memory index entry of one match. Entries are never
// changed after they are published, except reqs (which only grows) and
// corrupt and damage (set under the store lock); a commit makes a new
// entry.
//
// A quarantined (damaged) match has corrupt set: every read and write of
// it fails with that error. It keeps its last known metadata (so it stays
// in the indexes and still expires when abandoned), the log entries known
// to be intact, in order, and its request IDs; compaction writes them to a
// kindDamage record.
type match struct {
	m        storage.Match // metadata; State is nil
	deadline time.Time     // zero: never expires
	body     span          // body of the latest record (checked on every Get)
	bodyCRC  uint32
	state    span
	log      []span // one per log entry, in order; shared, append-only
	logBytes int64
	reqs     reqSet // request IDs applied; shared, grows
	raw      span   // the latest record, header and body
	// chain, when the snapshot is stored as deltas: the records that
	// rebuild it, the one holding a whole snapshot first, then each delta
	// in order (the last is raw); nil when the latest record holds the
	// whole snapshot (state). Shared between versions: never modified.
	chain      []span
	chainBytes int64 // bytes of the deltas in chain
	size       int64 // about the bytes a full record of this version takes
	corrupt    error // non-nil: every read of this match fails with it
	// meta, while the store loads: the metadata JSON of the latest record,
	// of which m holds only ID, Version and Moves until it is decoded.
	meta    []byte
	damage  string // what is damaged, when corrupt is set
	retired bool   // a kindRetire record on its way: the match is gone
}

// batch is a group of accepted records written with one write and one
// fdatasync.
type batch struct {
	buf     []byte
	matches []*match
	done    chan struct{}
	err     error
}

// Store is the embedded backend of storage.Store.
type Store struct {
	dir    string
	opts   storage.Options
	log    *slog.Logger
	unlock func() error

	mu       sync.Mutex
	f        *os.File
	size     int64             // durable end of the file
	tail     int64             // end of the file including accepted records not yet written
	matches  map[string]*match // durable state
	pend     map[string]*match // accepted, waiting for their fdatasync
	chans    map[string]string // channel -> match that holds it (checked on use)
	users    map[string]map[string]struct{}
	live     int64 // bytes a compacted file would need, roughly
	batch    *batch
	flushing bool
	failed   error
	closed   bool

	loading bool // Open is replaying the file: apply and forget leave the indexes alone
	built   builtCache

	res *results // the results of finished matches (results.go)

	compactMin int64
	compactErr error
	syncs      int64 // fdatasyncs of commits, for the group-commit benchmark
	sync       func(*os.File) error

	leases map[string]lease // Due's claims, under mu
	prefs  prefsFile        // SetPrefs and Prefs
}

var _ storage.Store = (*Store)(nil)

// Open opens (creating if needed) the store in dir. It fails with ErrLocked
// when another process has dir open. What it repairs or quarantines on the
// way (see the package documentation) goes to opts.Log.
func Open(dir string, opts storage.Options) (*Store, error) {
	opts = opts.Defaults()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("embedded: %w", err)
	}
	unlock, err := lockDir(filepath.Join(dir, lockFile))
	if err != nil {
		return nil, err
	}
	s := &Store{
		dir:        dir,
		opts:       opts,
		log:        opts.Log,
		unlock:     unlock,
		matches:    map[string]*match{},
		pend:       map[string]*match{},
		chans:      map[string]string{},
		users:      map[string]map[string]struct{}{},
		compactMin: defaultCompactMin,
		sync:       datasync,
	}
	if err := s.load(); err != nil {
		if s.f != nil {
			s.f.Close()
		}
		unlock()
		return nil, err
	}
	if err := s.openResults(); err != nil {
		s.f.Close()
		unlock()
		return nil, err
	}
	s.batch = &batch{done: make(chan struct{})}
	return s, nil
}

// Close waits for writes in progress and releases the directory.
func (s *Store) Close() error {
	s.lockIdle()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	err := s.f.Close()
	if rerr := s.res.close(); err == nil {
		err = rerr
	}
	if lerr := s.unlock(); err == nil {
		err = lerr
	}
	if err != nil {
		return fmt.Errorf("embedded: close: %w", err)
	}
	return nil
}

func (s *Store) usable() error {
	if s.closed {
		return errClosed
	}
	return s.failed
}

// corrupt is the error of a damaged match.
func corrupt(id string, format string, args ...any) error {
	return fmt.Errorf("embedded: %w", &storage.CorruptError{MatchID: id, Detail: fmt.Sprintf(format, args...)})
}

func (s *Store) expired(x *match) bool {
	return check.Expired(x.deadline, s.opts.Now())
}

// view is the newest accepted version of a match, durable or not; nil when
// missing or expired. A damaged match expires like any other, by the
// deadline of its last known metadata.
func (s *Store) view(id string) *match {
	x := s.pend[id]
	if x == nil {
		x = s.matches[id]
	}
	if x == nil || x.retired || s.expired(x) {
		return nil
	}
	return x
}

// durable is the durable version of a match; nil when missing or expired.
func (s *Store) durable(id string) *match {
	x := s.matches[id]
	if x == nil || s.expired(x) {
		return nil
	}
	return x
}

// found is the durable version of a match for a read, or the error the
// read fails with: not found (missing or expired) or the match's damage.
func (s *Store) found(id string) (*match, error) {
	x := s.durable(id)
	if x == nil {
		return nil, fmt.Errorf("embedded: match %s: %w", id, storage.ErrNotFound)
	}
	if x.corrupt != nil {
		return nil, x.corrupt
	}
	return x, nil
}

// holder is the open match holding a channel, accepted writes included. A
// damaged match keeps the channel its last known metadata gives it, so the
// channel shows the damage instead of silently forgetting the match.
func (s *Store) holder(channel string) string {
	for id, x := range s.pend {
		if x.m.Channel == channel && x.m.Status.Open() && !s.expired(x) {
			return id
		}
	}
	if id, ok := s.chans[channel]; ok {
		if x := s.view(id); x != nil && x.m.Channel == channel && x.m.Status.Open() {
			return id
		}
	}
	return ""
}

// Create implements storage.Store.
func (s *Store) Create(ctx context.Context, m storage.Match) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	x, e, err := s.prepareCreate(m)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	return s.accept(x, e)
}

// prepareCreate checks a Create against the store (s.mu held) and builds
// its new version.
func (s *Store) prepareCreate(m storage.Match) (*match, encoded, error) {
	if err := s.usable(); err != nil {
		return nil, encoded{}, err
	}
	now := s.opts.Now()
	m, err := check.Create(m, now)
	if err != nil {
		return nil, encoded{}, err
	}
	if s.view(m.ID) != nil {
		return nil, encoded{}, fmt.Errorf("embedded: create match %s: %w", m.ID, storage.ErrExists)
	}
	if h := s.holder(m.Channel); h != "" && m.Status.Open() {
		return nil, encoded{}, fmt.Errorf("embedded: channel %s holds match %s: %w", m.Channel, h, storage.ErrChannelTaken)
	}
	return s.newVersion(nil, m, check.Deadline(m.Status, now, s.opts), nil, "")
}

// Commit implements storage.Store.
func (s *Store) Commit(ctx context.Context, c storage.Commit) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if err := check.Commit(c); err != nil {
		return err
	}
	s.mu.Lock()
	x, e, err := s.prepareCommit(c)
	if err != nil {
		s.mu.Unlock()
		return err
	}
	return s.accept(x, e)
}

// prepareCommit checks a commit against the stored match (s.mu held) and
// builds its new version.
func (s *Store) prepareCommit(c storage.Commit) (*match, encoded, error) {
	if err := s.usable(); err != nil {
		return nil, encoded{}, err
	}
	id := c.Match.ID
	cur := s.view(id)
	switch {
	case cur == nil:
		return nil, encoded{}, fmt.Errorf("embedded: commit match %s: %w", id, storage.ErrNotFound)
	case cur.corrupt != nil:
		return nil, encoded{}, cur.corrupt
	}
	if c.RequestID != "" && cur.reqs.has(c.RequestID) {
		return nil, encoded{}, fmt.Errorf("embedded: match %s request %s: %w", id, c.RequestID, storage.ErrDuplicate)
	}
	if cur.m.Version != c.ExpectVersion {
		return nil, encoded{}, fmt.Errorf("embedded: commit match %s at version %d: %w", id, c.ExpectVersion, storage.ErrConflict)
	}
	deadline := check.Deadline(c.Match.Status, s.opts.Now(), s.opts)
	if c.Idle && c.Match.Status.Open() && cur.m.Status.Open() {
		deadline = cur.deadline // not activity: the match expires as before
	}
	return s.newVersion(cur, c.Match, deadline, c.Entry, c.RequestID)
}

// newVersion builds the index entry and the record of a new version of a
// match: a full record when prev is nil (Create), else an append record.
func (s *Store) newVersion(prev *match, m storage.Match, deadline time.Time, entry *storage.LogEntry, requestID string) (*match, encoded, error) {
	meta, err := json.Marshal(m)
	if err != nil {
		return nil, encoded{}, fmt.Errorf("embedded: encode match %s: %w", m.ID, err)
	}
	bare := m
	bare.State = nil
	x := &match{m: check.Copy(bare), deadline: deadline}
	var entries [][]byte
	if entry != nil {
		b, err := json.Marshal(entry)
		if err != nil {
			return nil, encoded{}, fmt.Errorf("embedded: encode log entry of match %s: %w", m.ID, err)
		}
		entries = append(entries, b)
	}
	var reqs []string
	if requestID != "" {
		reqs = append(reqs, requestID)
	}
	kind := kindAppend
	if prev == nil {
		kind = kindFull
	} else {
		x.log, x.logBytes, x.reqs = prev.log, prev.logBytes, prev.reqs
	}
	state := m.State
	d, err := s.delta(prev, m.State)
	if err != nil {
		return nil, encoded{}, err // a commit never writes over damage
	}
	if d != nil {
		kind, state = kindDelta, d
	}
	e := encodeRecord(m.ID, kind, nanos(x.deadline), meta, state, entries, reqs, "")
	stateSpan, spans, body, raw := e.at(s.tail)
	x.state, x.body, x.raw, x.bodyCRC = stateSpan, body, raw, e.bodyCRC
	x.size = int64(len(e.buf) - len(state) + len(m.State))
	if kind == kindDelta {
		x.chain = extend(prev, raw)
		x.chainBytes = prev.chainBytes + int64(len(state))
		s.built.put(raw.off, m.State)
	}
	x.log = append(x.log, spans...)
	for _, b := range entries {
		x.logBytes += int64(len(b))
	}
	// Shared with the previous version; the previous one never asks about
	// a request ID that came later, and a failed write fails the store.
	x.reqs = x.reqs.with(reqs...)
	return x, e, nil
}

// delta returns the delta that rebuilds state from the durable snapshot
// of prev, when storing it instead of state is worth it: the delta is
// less than half the snapshot, the deltas since the last whole snapshot
// stay smaller than one snapshot and fewer than maxChain, and prev is
// durable (a version still waiting for its write cannot be read back).
// Otherwise nil: the record holds the whole snapshot. Damage found in
// prev's records on the way (snapshot quarantines the match) is the
// error.
func (s *Store) delta(prev *match, state []byte) ([]byte, error) {
	if prev == nil || len(state) == 0 || prev.corrupt != nil || s.pend[prev.m.ID] == prev || len(prev.chain) >= maxChain ||
		(prev.chain == nil && prev.state.n == 0) {
		return nil, nil
	}
	base, err := s.snapshot(prev)
	if err != nil {
		return nil, err
	}
	d := diff(base, state)
	if len(d) >= len(state)/2 || prev.chainBytes+int64(len(d)) > int64(len(state)) {
		return nil, nil
	}
	return d, nil
}

// extend is the chain of a delta record at raw that follows prev.
func extend(prev *match, raw span) []span {
	base := prev.chain
	if base == nil {
		base = []span{prev.raw}
	}
	return append(slices.Clip(base), raw)
}

// snapshot rebuilds the snapshot of x from its records, checking the
// checksums of each; nil when x has none (a lobby). A checksum mismatch or
// a delta that does not apply quarantines the match, as in readBody.
func (s *Store) snapshot(x *match) ([]byte, error) {
	if x.chain == nil {
		body, err := s.readBody(x)
		if err != nil || x.state.n == 0 {
			return nil, err
		}
		start := x.state.off - x.body.off
		return body[start : start+x.state.n : start+x.state.n], nil
	}
	if b := s.built.get(x.raw.off); b != nil {
		// The latest record is still checked, as for a whole snapshot.
		if _, err := s.readBody(x); err != nil {
			return nil, err
		}
		return bytes.Clone(b), nil
	}
	var state []byte
	for i, r := range x.chain {
		buf := make([]byte, r.n)
		if _, err := s.f.ReadAt(buf, r.off); err != nil {
			return nil, corrupt(x.m.ID, "read error in the record at offset %d: %v", r.off, err)
		}
		rc, err := checkRecord(x.m.ID, buf, r.off)
		if err == nil && i > 0 && rc.kind != kindDelta {
			err = fmt.Errorf("a record of kind %d where a delta belongs", rc.kind)
		}
		var part []byte
		if err == nil {
			start := rc.state.off - rc.body.off
			part = rc.bodyBytes[start : start+rc.state.n]
			if i > 0 {
				part, err = patch(state, part)
			}
		}
		if err != nil {
			x.damage = fmt.Sprintf("the snapshot does not rebuild from the record at offset %d: %v", r.off, err)
			x.corrupt = corrupt(x.m.ID, "%s", x.damage)
			s.log.Error("embedded: a match's snapshot is damaged on disk; the match is quarantined",
				"match", x.m.ID, "file", filepath.Join(s.dir, dataFile), "offset", r.off, "bytes", r.n, "error", err)
			return nil, x.corrupt
		}
		state = part
	}
	s.built.put(x.raw.off, state)
	return bytes.Clone(state), nil
}

// builtCache keeps the snapshots most recently rebuilt from deltas or
// written as one, keyed by the file offset of the record that completes
// them, so the usual Get then Commit of a match reads one record instead
// of its whole chain. It holds a few dozen snapshots whatever the number
// of matches; compaction, which moves every record, empties it.
type builtCache struct {
	off  [64]int64
	data [64][]byte
	next int
}

func (c *builtCache) get(off int64) []byte {
	for i, o := range c.off {
		if o == off && c.data[i] != nil {
			return c.data[i]
		}
	}
	return nil
}

func (c *builtCache) put(off int64, b []byte) {
	c.off[c.next], c.data[c.next] = off, bytes.Clone(b)
	c.next = (c.next + 1) % len(c.off)
}

func (c *builtCache) reset() { *c = builtCache{} }

func nanos(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

// accept queues a record (s.mu held; released on return) and waits until
// it is durable. The first writer to find no flush running writes the
// batch, and any batches that filled up meanwhile (group commit).
func (s *Store) accept(x *match, e encoded) error {
	b := s.batch
	b.buf = append(b.buf, e.buf...)
	b.matches = append(b.matches, x)
	s.tail += int64(len(e.buf))
	s.pend[x.m.ID] = x
	if s.flushing {
		s.mu.Unlock()
		<-b.done
		return b.err
	}
	s.flushing = true
	for len(s.batch.matches) > 0 {
		cur := s.batch
		s.batch = &batch{done: make(chan struct{})}
		off := s.size
		if s.failed == nil {
			s.mu.Unlock()
			_, err := s.f.WriteAt(cur.buf, off)
			if err == nil {
				err = s.sync(s.f)
			}
			s.mu.Lock()
			s.syncs++
			if err != nil {
				// After a failed fdatasync the page cache may hold data that
				// never reaches the disk: stop writing until reopened.
				s.failed = fmt.Errorf("embedded: write %s: %w (reopen the store)", filepath.Join(s.dir, dataFile), err)
			}
		}
		if s.failed != nil {
			cur.err = s.failed
			for _, y := range cur.matches {
				if s.pend[y.m.ID] == y {
					delete(s.pend, y.m.ID)
				}
			}
		} else {
			s.size += int64(len(cur.buf))
			for _, y := range cur.matches {
				if y.retired {
					s.forget(y.m.ID)
				} else {
					s.apply(y)
				}
				if s.pend[y.m.ID] == y {
					delete(s.pend, y.m.ID)
				}
			}
		}
		close(cur.done)
	}
	s.flushing = false
	if s.failed == nil && s.size >= s.compactMin && s.size > 2*s.live {
		s.compactErr = s.compact()
	}
	s.mu.Unlock()
	<-b.done
	return b.err
}

func (x *match) liveBytes() int64 {
	return x.size + x.logBytes + 16*int64(len(x.log))
}

// apply publishes a durable version and updates the indexes.
func (s *Store) apply(x *match) {
	id := x.m.ID
	if s.loading {
		s.matches[id] = x
		return
	}
	old := s.matches[id]
	if old != nil {
		s.live -= old.liveBytes()
		s.unindexUsers(old)
		if old.m.Channel != x.m.Channel && s.chans[old.m.Channel] == id {
			delete(s.chans, old.m.Channel)
		}
	}
	s.matches[id] = x
	s.live += x.liveBytes()
	for _, u := range check.Users(x.m) {
		set := s.users[u]
		if set == nil {
			set = map[string]struct{}{}
			s.users[u] = set
		}
		set[id] = struct{}{}
	}
	if x.m.Channel != "" {
		if x.m.Status.Open() {
			s.chans[x.m.Channel] = id
		} else if s.chans[x.m.Channel] == id {
			delete(s.chans, x.m.Channel)
		}
	}
}

// reindex builds the indexes (channels, users, live bytes) from s.matches.
func (s *Store) reindex() {
	all := s.matches
	s.matches, s.chans, s.users, s.live = make(map[string]*match, len(all)), map[string]string{}, map[string]map[string]struct{}{}, 0
	for _, x := range all {
		// Loading grew each match's log and request set one version at a
		// time; once only the latest version is left, sized copies drop
		// the slack that growth leaves (about a third of an idle match's
		// memory).
		x.log, x.reqs = slices.Clone(x.log), slices.Clone(x.reqs)
		s.apply(x)
	}
}

// unindexUsers removes x's match from the user index of everyone x seats.
func (s *Store) unindexUsers(x *match) {
	for _, u := range check.Users(x.m) {
		if set := s.users[u]; set != nil {
			delete(set, x.m.ID)
			if len(set) == 0 {
				delete(s.users, u)
			}
		}
	}
}

// forget drops a match from memory (expired, or replaced at load).
func (s *Store) forget(id string) {
	if s.loading {
		delete(s.matches, id)
		return
	}
	x := s.matches[id]
	if x == nil {
		return
	}
	s.live -= x.liveBytes()
	s.unindexUsers(x)
	if s.chans[x.m.Channel] == id {
		delete(s.chans, x.m.Channel)
	}
	delete(s.matches, id)
}

// readBody reads and checks the body of x's latest record. A checksum
// mismatch (bit rot since the store was opened) quarantines the match; a
// read error reports the match as damaged without quarantining it, as the
// disk may recover.
func (s *Store) readBody(x *match) ([]byte, error) {
	buf := make([]byte, x.body.n)
	if _, err := s.f.ReadAt(buf, x.body.off); err != nil {
		return nil, corrupt(x.m.ID, "read error in the record at offset %d: %v", x.raw.off, err)
	}
	if crc32.Checksum(buf, castagnoli) != x.bodyCRC {
		x.damage = fmt.Sprintf("checksum mismatch in the record at offset %d", x.raw.off)
		x.corrupt = corrupt(x.m.ID, "%s", x.damage)
		s.log.Error("embedded: a match's latest record is damaged on disk; the match is quarantined",
			"match", x.m.ID, "file", filepath.Join(s.dir, dataFile), "offset", x.raw.off, "bytes", x.raw.n)
		return nil, x.corrupt
	}
	return buf, nil
}

// lockRead takes s.mu for a read; when ctx is done or the store is closed
// it returns the error without holding the lock.
func (s *Store) lockRead(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return errClosed
	}
	return nil
}

// Get implements storage.Store.
func (s *Store) Get(ctx context.Context, id string) (storage.Match, error) {
	if err := s.lockRead(ctx); err != nil {
		return storage.Match{}, err
	}
	defer s.mu.Unlock()
	x, err := s.found(id)
	if err != nil {
		return storage.Match{}, err
	}
	state, err := s.snapshot(x)
	if err != nil {
		return storage.Match{}, err
	}
	m := check.Copy(x.m)
	m.State = state
	return m, nil
}

// Log implements storage.Store.
func (s *Store) Log(ctx context.Context, id string, from int64) ([]storage.LogEntry, error) {
	if err := s.lockRead(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	x, err := s.found(id)
	if err != nil {
		return nil, err
	}
	// Every record was checked when the store opened; damage since then is
	// caught here in the latest record, as Get catches it.
	if _, err := s.readBody(x); err != nil {
		return nil, err
	}
	from = max(from, 1)
	if from > int64(len(x.log)) {
		return []storage.LogEntry{}, nil
	}
	spans := x.log[from-1:]
	out := make([]storage.LogEntry, 0, len(spans))
	var buf []byte
	for i, sp := range spans {
		buf = slices.Grow(buf[:0], int(sp.n))[:sp.n]
		if _, err := s.f.ReadAt(buf, sp.off); err != nil {
			return nil, corrupt(id, "read error in log entry %d at offset %d: %v", from+int64(i), sp.off, err)
		}
		e, err := check.Entry(buf, from+int64(i))
		if err != nil {
			return nil, corrupt(id, "%v", err)
		}
		out = append(out, e)
	}
	return out, nil
}

// ChannelMatch implements storage.Store.
func (s *Store) ChannelMatch(ctx context.Context, channel string) (string, error) {
	if err := s.lockRead(ctx); err != nil {
		return "", err
	}
	defer s.mu.Unlock()
	if id, ok := s.chans[channel]; ok {
		if x := s.durable(id); x != nil && x.m.Status.Open() {
			return id, nil
		}
	}
	return "", fmt.Errorf("embedded: channel %s: %w", channel, storage.ErrNotFound)
}

// UserMatches implements storage.Store.
func (s *Store) UserMatches(ctx context.Context, userID string) ([]string, error) {
	if err := s.lockRead(ctx); err != nil {
		return nil, err
	}
	defer s.mu.Unlock()
	var list []*match
	for id := range s.users[userID] {
		if x := s.durable(id); x != nil {
			list = append(list, x)
		}
	}
	// Newest first; equal creation times by ID, descending (as Redis does).
	slices.SortFunc(list, func(a, b *match) int {
		if c := b.m.Created.Compare(a.m.Created); c != 0 {
			return c
		}
		if a.m.ID > b.m.ID {
			return -1
		}
		return 1
	})
	out := make([]string, len(list))
	for i, x := range list {
		out[i] = x.m.ID
	}
	return out, nil
}

// lockIdle takes the store's lock once no group commit is being flushed,
// so Close and Compact never cut under a write in progress.
func (s *Store) lockIdle() {
	s.mu.Lock()
	for s.flushing {
		s.mu.Unlock()
		time.Sleep(time.Millisecond)
		s.mu.Lock()
	}
}

// Compact rewrites the file now with only the live data (see the package
// documentation); the store compacts on its own as the file grows.
func (s *Store) Compact() error {
	s.lockIdle()
	defer s.mu.Unlock()
	if err := s.usable(); err != nil {
		return err
	}
	return s.compact()
}

// Salvage implements storage.Store: an intact match whole; a damaged one
// with its last known metadata (nil when it was never read) and the log
// entries known to be intact, up to the first that is not.
func (s *Store) Salvage(ctx context.Context, id string) (storage.Salvage, error) {
	if err := s.lockRead(ctx); err != nil {
		return storage.Salvage{}, err
	}
	defer s.mu.Unlock()
	x := s.durable(id)
	if x == nil {
		return storage.Salvage{}, fmt.Errorf("embedded: match %s: %w", id, storage.ErrNotFound)
	}
	var out storage.Salvage
	var damage error
	if x.corrupt != nil {
		damage = x.corrupt
	} else if _, err := s.snapshot(x); err != nil {
		damage = err
	}
	spans := x.log
	if damage != nil {
		var ce *storage.CorruptError
		out.Damage = damage.Error()
		if errors.As(damage, &ce) {
			out.Damage = ce.Detail
		}
		if x.raw.n > 0 {
			// Entries of the latest record, found damaged since it was read.
			spans = slices.DeleteFunc(slices.Clone(spans), func(sp span) bool {
				return sp.off >= x.raw.off && sp.off < x.raw.off+x.raw.n
			})
		}
	}
	if x.m.Game != "" || x.m.Channel != "" || len(x.m.Seats) > 0 {
		m := check.Copy(x.m)
		m.State = nil
		out.Match = &m
	}
	out.Log = []storage.LogEntry{}
	for i, sp := range spans {
		buf := make([]byte, sp.n)
		if _, err := s.f.ReadAt(buf, sp.off); err != nil {
			if damage == nil {
				return storage.Salvage{}, corrupt(id, "read error in log entry %d at offset %d: %v", i+1, sp.off, err)
			}
			break
		}
		e, err := check.Entry(buf, int64(i+1))
		if err != nil {
			if damage == nil {
				return storage.Salvage{}, corrupt(id, "%v", err)
			}
			break
		}
		out.Log = append(out.Log, e)
	}
	return out, nil
}

// Retire implements storage.Store: a kindRetire record, written and
// synced like a commit, deletes the damaged match.
func (s *Store) Retire(ctx context.Context, id string) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	s.mu.Lock()
	if err := s.usable(); err != nil {
		s.mu.Unlock()
		return err
	}
	x := s.view(id)
	if x == nil {
		s.mu.Unlock()
		return fmt.Errorf("embedded: retire match %s: %w", id, storage.ErrNotFound)
	}
	if x.corrupt == nil && s.pend[id] == nil {
		s.snapshot(x) // damage since the last read quarantines it
	}
	if x.corrupt == nil {
		s.mu.Unlock()
		return fmt.Errorf("embedded: retire match %s: %w", id, storage.ErrIntact)
	}
	e := encodeRecord(id, kindRetire, 0, nil, nil, nil, nil, "")
	s.log.Warn("embedded: a damaged match is retired (deleted) on request", "match", id, "damage", x.damage)
	return s.accept(&match{m: storage.Match{ID: id}, retired: true}, e)
}

// reqSet is the set of a match's applied request IDs, packed into one
// byte slice: each ID after its length in one byte (check.Commit allows
// at most 200 bytes). A match holds a few hundred at most, so a lookup
// scans it; one allocation per match instead of a map slot and a string
// per ID keeps an idle match small (docs/performance.md). Versions share
// it as they share the log: the latest version appends, older ones keep
// their shorter view.
type reqSet []byte

func (r reqSet) has(id string) bool {
	for i := 0; i < len(r); {
		n := int(r[i])
		if n == len(id) && string(r[i+1:i+1+n]) == id {
			return true
		}
		i += 1 + n
	}
	return false
}

// with returns the set with ids added.
func (r reqSet) with(ids ...string) reqSet {
	for _, id := range ids {
		r = append(r, byte(len(id)))
		r = append(r, id...)
	}
	return r
}

// list returns the IDs in the order they were added.
func (r reqSet) list() []string {
	var out []string
	for i := 0; i < len(r); {
		n := int(r[i])
		out = append(out, string(r[i+1:i+1+n]))
		i += 1 + n
	}
	return out
}
