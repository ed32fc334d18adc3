package redisstore

import (
	"bytes"
	"compress/flate"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/check"
)

// This file holds the compact form of a match (see the package
// documentation, Compact form): log entries as short JSON arrays, older
// entries packed into one compressed field, and the snapshot compressed.

// packEvery is how many entries the log list holds before a commit packs
// them into the match's packed log (lz); an ended match is packed whole.
const packEvery = 8

// maxInflate bounds what a compressed field may expand to, so damaged
// data cannot make the store allocate without limit.
const maxInflate = 64 << 20

// compactEntry encodes e without its sequence number (its position in the
// log): [at, seat, move, request, note, undo], the trailing empty fields
// left out. at is Unix milliseconds, or the RFC 3339 text when the time
// has a finer part, so the entry reads back exactly.
func compactEntry(e storage.LogEntry) ([]byte, error) {
	b := make([]byte, 0, 48+len(e.Move)+len(e.RequestID)+len(e.Note))
	b = append(b, '[')
	if e.At.Nanosecond()%int(time.Millisecond) == 0 {
		b = strconv.AppendInt(b, e.At.UnixMilli(), 10)
	} else {
		b = strconv.AppendQuote(b, e.At.Format(time.RFC3339Nano))
	}
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(e.Seat), 10)
	n := 3
	switch {
	case e.Undo != 0:
		n = 6
	case e.Note != "":
		n = 5
	case e.RequestID != "":
		n = 4
	}
	for _, s := range []string{e.Move, e.RequestID, e.Note}[:min(n, 5)-2] {
		q, err := json.Marshal(s)
		if err != nil {
			return nil, err
		}
		b = append(b, ',')
		b = append(b, q...)
	}
	if n == 6 {
		b = append(b, ',')
		b = strconv.AppendInt(b, e.Undo, 10)
	}
	return append(b, ']'), nil
}

// decodeEntry decodes a stored log entry that should be entry seq: the
// compact form (a JSON array) or the form of earlier releases (a JSON
// object with its own seq, which must match).
func decodeEntry(raw []byte, seq int64) (storage.LogEntry, error) {
	if len(raw) == 0 || raw[0] != '[' {
		return check.Entry(raw, seq)
	}
	var f []json.RawMessage
	e := storage.LogEntry{Seq: seq}
	if err := json.Unmarshal(raw, &f); err != nil {
		return e, fmt.Errorf("log entry %d: %v", seq, err)
	}
	if len(f) < 3 || len(f) > 6 {
		return e, fmt.Errorf("log entry %d: %d fields, want 3 to 6", seq, len(f))
	}
	if len(f[0]) > 0 && f[0][0] == '"' {
		var s string
		err := json.Unmarshal(f[0], &s)
		if err == nil {
			e.At, err = time.Parse(time.RFC3339Nano, s)
		}
		if err != nil {
			return e, fmt.Errorf("log entry %d: time: %v", seq, err)
		}
	} else {
		var at int64
		if err := json.Unmarshal(f[0], &at); err != nil {
			return e, fmt.Errorf("log entry %d: time: %v", seq, err)
		}
		e.At = time.UnixMilli(at).UTC()
	}
	targets := []any{&e.Seat, &e.Move, &e.RequestID, &e.Note, &e.Undo}
	for i, v := range f[1:] {
		if err := json.Unmarshal(v, targets[i]); err != nil {
			return e, fmt.Errorf("log entry %d: field %d: %v", seq, i+2, err)
		}
	}
	return e, nil
}

var writers = sync.Pool{New: func() any {
	w, _ := flate.NewWriter(nil, flate.DefaultCompression)
	return w
}}

// deflate compresses b (raw DEFLATE, RFC 1951).
func deflate(b []byte) []byte {
	var buf bytes.Buffer
	buf.Grow(len(b)/3 + 16)
	w := writers.Get().(*flate.Writer)
	w.Reset(&buf)
	_, _ = w.Write(b) // a bytes.Buffer does not fail
	_ = w.Close()
	writers.Put(w)
	return buf.Bytes()
}

// inflate reverses deflate.
func inflate(b []byte) ([]byte, error) {
	r := flate.NewReader(bytes.NewReader(b))
	defer r.Close()
	out, err := io.ReadAll(io.LimitReader(r, maxInflate+1))
	if err != nil {
		return nil, err
	}
	if len(out) > maxInflate {
		return nil, fmt.Errorf("expands to more than %d bytes", maxInflate)
	}
	return out, nil
}

// packed decodes the packed log (field lz) that holds n entries, from 1
// to n. It returns the entries that decode and an error for the first
// problem found.
func packed(lz string, n int64) ([]storage.LogEntry, error) {
	if n == 0 {
		if lz != "" {
			return nil, fmt.Errorf("the packed log is not empty but counts no entries")
		}
		return nil, nil
	}
	raw, err := inflate([]byte(lz))
	if err != nil {
		return nil, fmt.Errorf("the packed log does not decompress: %v", err)
	}
	out := make([]storage.LogEntry, 0, n)
	for len(raw) > 0 {
		line, rest, _ := bytes.Cut(raw, []byte{'\n'})
		raw = rest
		seq := int64(len(out)) + 1
		if seq > n {
			return out, fmt.Errorf("the packed log holds more than the %d entries it counts", n)
		}
		if len(line) == 0 || line[0] != '[' {
			return out, fmt.Errorf("packed log entry %d is not in the compact form", seq)
		}
		e, err := decodeEntry(line, seq)
		if err != nil {
			return out, err
		}
		out = append(out, e)
	}
	if int64(len(out)) != n {
		return out, fmt.Errorf("the packed log holds %d entries but counts %d", len(out), n)
	}
	return out, nil
}

// packScript: KEYS match log; ARGV ln lz newln newlz k entry1..entryk.
// It moves the first k entries of the log list into the packed log,
// replacing lz (holding ln entries) by newlz (newln = ln + k entries),
// only if the match still has that packed log and those first k list
// entries: the log's entries stay the same, only their form changes.
// It returns 1 when it packed, 0 when the match changed meanwhile.
var packScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'v', 'ln', 'lz')
if not h[1] then return 0 end
if (h[2] or '0') ~= ARGV[1] or (h[3] or '') ~= ARGV[2] then return 0 end
local k = tonumber(ARGV[5])
local cur = redis.call('LRANGE', KEYS[2], 0, k - 1)
if #cur ~= k then return 0 end
for i = 1, k do
  if cur[i] ~= ARGV[5 + i] then return 0 end
end
redis.call('HSET', KEYS[1], 'ln', ARGV[3], 'lz', ARGV[4])
redis.call('LTRIM', KEYS[2], k, -1)
return 1
`)

// pack moves the entries of a match's log list into its packed log (lz),
// in the compact form. It leaves a damaged log as it is (the damage stays
// visible), and does nothing when the match changed meanwhile (the next
// commit packs again).
func (s *Store) pack(ctx context.Context, id string) error {
	mk, lk := s.matchKey(id, "match"), s.matchKey(id, "log")
	var hm *redis.SliceCmd
	var lr *redis.StringSliceCmd
	_, err := s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		hm = p.HMGet(ctx, mk, "ln", "lz")
		lr = p.LRange(ctx, lk, 0, -1)
		return nil
	})
	if err != nil {
		return err
	}
	vals, raw := hm.Val(), lr.Val()
	ln, err := packedCount(vals[0])
	if err != nil || len(raw) == 0 {
		return err
	}
	lz, _ := vals[1].(string)
	var text []byte
	if ln > 0 {
		if _, err := packed(lz, ln); err != nil {
			return err
		}
		if text, err = inflate([]byte(lz)); err != nil {
			return err
		}
	}
	args := []any{strconv.FormatInt(ln, 10), lz, strconv.FormatInt(ln+int64(len(raw)), 10), nil, len(raw)}
	for i, r := range raw {
		e, err := decodeEntry([]byte(r), ln+int64(i)+1)
		if err != nil {
			return err
		}
		c, err := compactEntry(e)
		if err != nil {
			return err
		}
		if len(text) > 0 {
			text = append(text, '\n')
		}
		text = append(text, c...)
		args = append(args, r)
	}
	args[3] = deflate(text)
	return packScript.Run(ctx, s.c, []string{mk, lk}, args...).Err()
}
