package embedded

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
)

// The file starts with fileMagic; then records follow back to back:
//
//	header  magic      u32  recordMagic
//	        bodyLen    u32
//	        bodyCRC    u32  CRC-32C of the body
//	        idLen      u16
//	        id         idLen bytes
//	        headerCRC  u32  CRC-32C of the header bytes before it
//	body    kind       u8   kindFull, kindAppend, kindDelta, kindDamage or kindRetire
//	        deadline   i64  Unix nanoseconds; 0 = never expires
//	        meta       u32 length + match JSON (without the snapshot)
//	        state      u32 length + snapshot bytes (kindDelta: a delta, delta.go)
//	        entries    u32 count, then per entry u32 length + log entry JSON
//	        requests   u32 count, then per request u16 length + request ID
//	        reason     kindDamaged only: u32 length + what was found damaged
//
// The header has its own checksum, so a damaged body still names its match
// and its length: the damage stays with that match and the scan goes on.
// A damaged header loses the record boundary; the scan then looks for the
// next record whose header and body checksums both hold (the magic number
// makes the candidates rare) and goes on from there.
//
// A kindDamaged record keeps a quarantined match through compaction: its
// last known metadata, the intact part of its log, its request IDs, and
// the reason. The damaged bytes themselves are not copied. A kindRetire
// record (empty metadata, no state, entries or requests) deletes a
// retired damaged match: loading forgets it, compaction drops it.
// All integers are little-endian.
const (
	fileMagic   = "smokestack-store-v1\n"
	recordMagic = 0x52534d53 // "SMSR"

	kindFull   byte = 1 // replaces the match: snapshot, whole log, all request IDs
	kindAppend byte = 2 // new snapshot plus the entries and request IDs to add
	kindDamage byte = 3 // a quarantined match: metadata, intact log entries, request IDs, reason
	kindRetire byte = 4 // a damaged match retired (Store.Retire): nothing of it is kept; the body is empty
	kindDelta  byte = 5 // like kindAppend, but state holds a delta against the previous version's snapshot (delta.go)

	fixedHeader = 4 + 4 + 4 + 2 // before the id
	maxBody     = 1 << 30
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func headerLen(id string) int { return fixedHeader + len(id) + 4 }

// span is a byte range of the file.
type span struct {
	off, n int64
}

// rec is a decoded record; the spans are file offsets.
type rec struct {
	id        string
	kind      byte
	deadline  int64
	meta      []byte
	state     span
	entries   []span
	reqs      []string
	reason    string // kindDamage only
	body      span
	bodyBytes []byte // the body itself, while loading
	bodyCRC   uint32
	raw       span // header and body
}

// encoded is a record ready to write, with offsets relative to its start.
type encoded struct {
	buf     []byte
	state   span
	entries []span
	body    span
	bodyCRC uint32
}

// encodeRecord builds a record; reason is written for kindDamage only.
func encodeRecord(id string, kind byte, deadline int64, meta, state []byte, entries [][]byte, reqs []string, reason string) encoded {
	size := 1 + 8 + 4 + len(meta) + 4 + len(state) + 4 + 4 + 4 + len(reason)
	for _, e := range entries {
		size += 4 + len(e)
	}
	for _, r := range reqs {
		size += 2 + len(r)
	}
	hl := headerLen(id)
	buf := make([]byte, hl, hl+size)
	var e encoded
	body := buf[hl:hl]
	body = append(body, kind)
	body = binary.LittleEndian.AppendUint64(body, uint64(deadline))
	body = binary.LittleEndian.AppendUint32(body, uint32(len(meta)))
	body = append(body, meta...)
	body = binary.LittleEndian.AppendUint32(body, uint32(len(state)))
	e.state = span{int64(hl + len(body)), int64(len(state))}
	body = append(body, state...)
	body = binary.LittleEndian.AppendUint32(body, uint32(len(entries)))
	for _, en := range entries {
		body = binary.LittleEndian.AppendUint32(body, uint32(len(en)))
		e.entries = append(e.entries, span{int64(hl + len(body)), int64(len(en))})
		body = append(body, en...)
	}
	body = binary.LittleEndian.AppendUint32(body, uint32(len(reqs)))
	for _, r := range reqs {
		body = binary.LittleEndian.AppendUint16(body, uint16(len(r)))
		body = append(body, r...)
	}
	if kind == kindDamage {
		body = binary.LittleEndian.AppendUint32(body, uint32(len(reason)))
		body = append(body, reason...)
	}
	e.bodyCRC = crc32.Checksum(body, castagnoli)
	h := buf[:0]
	h = binary.LittleEndian.AppendUint32(h, recordMagic)
	h = binary.LittleEndian.AppendUint32(h, uint32(len(body)))
	h = binary.LittleEndian.AppendUint32(h, e.bodyCRC)
	h = binary.LittleEndian.AppendUint16(h, uint16(len(id)))
	h = append(h, id...)
	binary.LittleEndian.AppendUint32(h, crc32.Checksum(h, castagnoli))
	e.buf = buf[:hl+len(body)]
	e.body = span{int64(hl), int64(len(body))}
	return e
}

// shift moves the relative offsets of e to the file offset off.
func (e encoded) at(off int64) (state span, entries []span, body span, raw span) {
	state = span{off + e.state.off, e.state.n}
	for _, s := range e.entries {
		entries = append(entries, span{off + s.off, s.n})
	}
	return state, entries, span{off + e.body.off, e.body.n}, span{off, int64(len(e.buf))}
}

var (
	errShort     = errors.New("short")
	errBadHeader = errors.New("bad record header")
)

// parseHeader decodes a record header at the start of b. It returns the
// ID, the body length and CRC, and the header length; errShort when b is
// too short to tell, errBadHeader when the header is damaged.
func parseHeader(b []byte) (id string, bodyLen int64, bodyCRC uint32, hl int, err error) {
	if len(b) < fixedHeader {
		return "", 0, 0, 0, errShort
	}
	if binary.LittleEndian.Uint32(b) != recordMagic {
		return "", 0, 0, 0, errBadHeader
	}
	bodyLen = int64(binary.LittleEndian.Uint32(b[4:]))
	bodyCRC = binary.LittleEndian.Uint32(b[8:])
	idLen := int(binary.LittleEndian.Uint16(b[12:]))
	hl = fixedHeader + idLen + 4
	if len(b) < hl {
		return "", 0, 0, 0, errShort
	}
	if crc32.Checksum(b[:hl-4], castagnoli) != binary.LittleEndian.Uint32(b[hl-4:]) {
		return "", 0, 0, 0, errBadHeader
	}
	if bodyLen > maxBody {
		return "", 0, 0, 0, errBadHeader
	}
	return string(b[fixedHeader : fixedHeader+idLen]), bodyLen, bodyCRC, hl, nil
}

// parseBody decodes a checked body that starts at file offset off.
func parseBody(r *rec, body []byte, off int64) error {
	p := 0
	need := func(n int) error {
		if len(body)-p < n {
			return fmt.Errorf("body ends at byte %d, needs %d more", p, n)
		}
		return nil
	}
	u32 := func() (int, error) {
		if err := need(4); err != nil {
			return 0, err
		}
		v := binary.LittleEndian.Uint32(body[p:])
		p += 4
		return int(v), nil
	}
	if err := need(9); err != nil {
		return err
	}
	r.kind = body[0]
	if r.kind != kindFull && r.kind != kindAppend && r.kind != kindDamage && r.kind != kindRetire && r.kind != kindDelta {
		return fmt.Errorf("unknown record kind %d", r.kind)
	}
	r.deadline = int64(binary.LittleEndian.Uint64(body[1:]))
	p = 9
	n, err := u32()
	if err != nil {
		return err
	}
	if err := need(n); err != nil {
		return err
	}
	r.meta = body[p : p+n]
	p += n
	if n, err = u32(); err != nil {
		return err
	}
	if err := need(n); err != nil {
		return err
	}
	r.state = span{off + int64(p), int64(n)}
	p += n
	count, err := u32()
	if err != nil {
		return err
	}
	for range count {
		if n, err = u32(); err != nil {
			return err
		}
		if err := need(n); err != nil {
			return err
		}
		r.entries = append(r.entries, span{off + int64(p), int64(n)})
		p += n
	}
	if count, err = u32(); err != nil {
		return err
	}
	for range count {
		if err := need(2); err != nil {
			return err
		}
		n := int(binary.LittleEndian.Uint16(body[p:]))
		p += 2
		if err := need(n); err != nil {
			return err
		}
		r.reqs = append(r.reqs, string(body[p:p+n]))
		p += n
	}
	if r.kind == kindDamage {
		if n, err = u32(); err != nil {
			return err
		}
		if err := need(n); err != nil {
			return err
		}
		r.reason = string(body[p : p+n])
		p += n
	}
	if p != len(body) {
		return fmt.Errorf("%d trailing bytes", len(body)-p)
	}
	return nil
}

// checkRecord checks and decodes the whole record buf read at file offset
// off, which must belong to match id: its header and body checksums hold
// and its body decodes. The returned rec keeps the body (bodyBytes).
func checkRecord(id string, buf []byte, off int64) (rec, error) {
	rid, bodyLen, bodyCRC, hl, err := parseHeader(buf)
	switch {
	case err != nil:
		return rec{}, fmt.Errorf("record header: %v", err)
	case rid != id:
		return rec{}, fmt.Errorf("the record belongs to match %q", rid)
	case int64(hl)+bodyLen != int64(len(buf)):
		return rec{}, fmt.Errorf("record of %d bytes where %d were expected", int64(hl)+bodyLen, len(buf))
	}
	body := buf[hl:]
	if crc32.Checksum(body, castagnoli) != bodyCRC {
		return rec{}, errors.New("checksum mismatch in the record body")
	}
	r := rec{id: id, body: span{off + int64(hl), bodyLen}, bodyCRC: bodyCRC, raw: span{off, int64(len(buf))}, bodyBytes: body}
	if err := parseBody(&r, body, r.body.off); err != nil {
		return rec{}, err
	}
	return r, nil
}
