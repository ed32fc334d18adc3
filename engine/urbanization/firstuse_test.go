package urbanization

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// TestDataOnFirstUseConcurrently: the game's data and the notation's word
// lists are made once, on first use, however many goroutines ask at once
// (docs/performance.md, "Cold start"). Run alone, so that the first use
// is this test's: go test -race -run DataOnFirstUse.
func TestDataOnFirstUseConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	got := make([][]string, 8)
	for i := range got {
		wg.Go(func() {
			x := theData().factories[0]
			m, _ := Game{}.ParseMove(strings.ReplaceAll(strings.ToLower(x.Name), " ", "-"))
			got[i] = m
		})
	}
	wg.Wait()
	x := theData().factories[0]
	want, err := Game{}.ParseMove(x.ID)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range got {
		if !slices.Equal(m, want) {
			t.Errorf("goroutine %d read %q as %v, want %v (the ID's move)", i, x.Name, m, want)
		}
	}
}
