package engine

import (
	"fmt"
	"slices"
	"testing"
)

// TestChangedPlaces checks ChangedPlaces against Changed on the same
// boards written as texts: changed, emptied, new, removed and
// list-valued places.
func TestChangedPlaces(t *testing.T) {
	type place struct {
		kind, a, b int
		vals       []int // nil: empty
	}
	fill := func(p *Places, ps []place) map[string]string {
		p.Reset()
		m := map[string]string{}
		for _, x := range ps {
			p.Place(x.kind, x.a, x.b, x.vals == nil)
			p.Add(x.vals...)
			if x.vals != nil {
				m[fmt.Sprint(x.kind, x.a, x.b)] = fmt.Sprint(x.vals)
			} else {
				m[fmt.Sprint(x.kind, x.a, x.b)] = ""
			}
		}
		return m
	}
	key := func(k, a, b int) string { return fmt.Sprint(k, a, b) }
	before := []place{{0, 0, 0, []int{1}}, {0, 0, 1, []int{2, 3}}, {0, 1, 0, nil}, {1, 0, 0, []int{5}}, {1, 0, 1, []int{6}}, {2, 3, 0, []int{}}}
	after := []place{{0, 0, 0, []int{1}}, {0, 0, 1, []int{2}}, {0, 1, 0, []int{4}}, {1, 0, 0, nil}, {1, 0, 2, []int{7}}, {2, 3, 0, []int{}}, {3, 0, 0, []int{0}}}
	var pb, pa Places
	mb, ma := fill(&pb, before), fill(&pa, after)
	got, want := ChangedPlaces(&pb, &pa, key), Changed(mb, ma)
	if !slices.Equal(got, want) || len(want) != 4 {
		t.Fatalf("ChangedPlaces = %q, Changed = %q", got, want)
	}
	// Reused buffers give the same answer and nothing for equal boards.
	fill(&pb, after)
	if got := ChangedPlaces(&pb, &pa, key); len(got) != 0 {
		t.Fatalf("equal boards changed %q", got)
	}
}
