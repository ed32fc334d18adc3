package embedded

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"sync"
)

// A delta rebuilds a snapshot from the one before it. Snapshots change a
// little with each move, so a commit stores the difference instead of the
// whole snapshot (see the package documentation, Deltas).
//
// Format: uvarint length of the target, then operations until the end:
//
//	uvarint n<<1 | 0, then n bytes   insert the bytes
//	uvarint n<<1 | 1, uvarint off    copy n bytes of the base from off
//
// The encoder indexes the 8-byte windows of the base that start at every
// fourth byte in a hash table (the last position wins) and scans the target for windows found there,
// extending each match backwards and forwards: a greedy LZ77 against the
// base, linear in the sizes.

const (
	deltaWindow = 8
	deltaBits   = 14
)

var deltaTables = sync.Pool{New: func() any { return new([1 << deltaBits]int32) }}

func deltaHash(b []byte, bits uint) uint32 {
	return (binary.LittleEndian.Uint32(b)*2654435761 ^ binary.LittleEndian.Uint32(b[4:])*2246822519) >> (32 - bits)
}

// diff returns a delta that rebuilds target from base.
func diff(base, target []byte) []byte {
	out := binary.AppendUvarint(make([]byte, 0, 64), uint64(len(target)))
	pooled := deltaTables.Get().(*[1 << deltaBits]int32)
	defer deltaTables.Put(pooled)
	// A table about twice the windows indexed; clearing it is then cheap
	// for a small base.
	bits := uint(min(deltaBits, max(6, bitsLen(len(base)/4)+1)))
	tbl := pooled[:1<<bits]
	for i := range tbl {
		tbl[i] = -1
	}
	// Every fourth window of the base is enough: the scan below tries every
	// position of the target, so any run of 11 equal bytes or more is found.
	for i := 0; i+deltaWindow <= len(base); i += 4 {
		tbl[deltaHash(base[i:], bits)] = int32(i)
	}
	insert := func(b []byte) {
		if len(b) > 0 {
			out = binary.AppendUvarint(out, uint64(len(b))<<1)
			out = append(out, b...)
		}
	}
	lit, i := 0, 0
	for i+deltaWindow <= len(target) {
		j := int(tbl[deltaHash(target[i:], bits)])
		if j < 0 || string(base[j:j+deltaWindow]) != string(target[i:i+deltaWindow]) {
			i++
			continue
		}
		for i > lit && j > 0 && base[j-1] == target[i-1] {
			i, j = i-1, j-1
		}
		n := deltaWindow
		for i+n < len(target) && j+n < len(base) && base[j+n] == target[i+n] {
			n++
		}
		insert(target[lit:i])
		out = binary.AppendUvarint(out, uint64(n)<<1|1)
		out = binary.AppendUvarint(out, uint64(j))
		i += n
		lit = i
	}
	insert(target[lit:])
	return out
}

func bitsLen(n int) int { return bits.Len(uint(n)) }

var errDelta = errors.New("malformed delta")

// patch applies a delta made by diff to base. A delta that does not fit
// base (damage the checksums missed, or the wrong base) is an error, never
// a panic.
func patch(base, d []byte) ([]byte, error) {
	size, n := binary.Uvarint(d)
	if n <= 0 || size > maxBody {
		return nil, errDelta
	}
	d = d[n:]
	out := make([]byte, 0, min(size, 1<<20)) // a damaged length must not allocate a gigabyte
	for len(d) > 0 {
		op, n := binary.Uvarint(d)
		if n <= 0 {
			return nil, errDelta
		}
		d = d[n:]
		l := op >> 1
		if l > size-uint64(len(out)) {
			return nil, fmt.Errorf("%w: it writes past its length %d", errDelta, size)
		}
		if op&1 == 0 {
			if l > uint64(len(d)) {
				return nil, fmt.Errorf("%w: an insert runs past its end", errDelta)
			}
			out = append(out, d[:l]...)
			d = d[l:]
			continue
		}
		off, n := binary.Uvarint(d)
		if n <= 0 || off > uint64(len(base)) || l > uint64(len(base))-off {
			return nil, fmt.Errorf("%w: a copy outside its base of %d bytes", errDelta, len(base))
		}
		d = d[n:]
		out = append(out, base[off:off+l]...)
	}
	if uint64(len(out)) != size {
		return nil, fmt.Errorf("%w: %d bytes built, %d announced", errDelta, len(out), size)
	}
	return out, nil
}
