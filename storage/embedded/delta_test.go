package embedded

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// FuzzDelta: patch(base, diff(base, target)) is target, and patch never
// panics on any delta.
func FuzzDelta(f *testing.F) {
	f.Add([]byte(`{"a":1,"b":[1,2,3],"c":"hello world"}`), []byte(`{"a":2,"b":[1,2,3,4],"c":"hello world!"}`))
	f.Add([]byte{}, []byte("abc"))
	f.Add([]byte("abcdefghijklmnop"), []byte{})
	f.Add(bytes.Repeat([]byte("x"), 100), bytes.Repeat([]byte("x"), 90))
	f.Fuzz(func(t *testing.T, base, target []byte) {
		d := diff(base, target)
		got, err := patch(base, d)
		if err != nil || !bytes.Equal(got, target) {
			t.Fatalf("patch(diff) = %q, %v; want %q", got, err, target)
		}
		// Any bytes as a delta: an error or a result, never a panic.
		_, _ = patch(base, target)
		_, _ = patch(target, base)
	})
}

// TestDeltaSize: a snapshot with a few bytes changed costs a few dozen
// bytes, not the snapshot.
func TestDeltaSize(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	base := make([]byte, 1264)
	for i := range base {
		base[i] = byte('a' + r.IntN(26))
	}
	target := bytes.Clone(base)
	for _, at := range []int{10, 400, 401, 900, 1263} {
		target[at] = '#'
	}
	target = append(target, "tail"...)
	d := diff(base, target)
	if got, err := patch(base, d); err != nil || !bytes.Equal(got, target) {
		t.Fatalf("patch: %v", err)
	}
	if len(d) > 60 {
		t.Errorf("delta of 5 changed bytes and 4 added: %d bytes, want at most 60", len(d))
	}
	if d := diff(nil, target); len(d) > len(target)+8 {
		t.Errorf("delta against nothing: %d bytes for %d", len(d), len(target))
	}
}
