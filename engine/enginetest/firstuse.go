package enginetest

import (
	"slices"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// NotationOnFirstUse checks that a game's lazily made data and notation
// word lists are made once, on first use, however many goroutines ask at
// once (docs/performance.md, "Cold start"): eight goroutines parse typed
// (a place's or card's name as a person types it) together, and each must
// read the same move as the canonical id. Run the calling test alone, so
// that the first use is its own: go test -race -run DataOnFirstUse.
func NotationOnFirstUse(t *testing.T, g engine.Game, typed, id string) {
	t.Helper()
	var wg sync.WaitGroup
	got := make([]engine.Move, 8)
	for i := range got {
		wg.Go(func() { got[i], _ = g.ParseMove(typed) })
	}
	wg.Wait()
	want, err := g.ParseMove(id)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range got {
		if !slices.Equal(m, want) {
			t.Errorf("goroutine %d read %q as %v, want %v (the ID's move)", i, typed, m, want)
		}
	}
}
