package engine_test

import (
	"errors"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestRegistry: the registry finds a game by its ID and refuses an
// unknown one; two games with one ID panic on the first use, as the
// registry indexes its games then (not at NewRegistry: cold start).
func TestRegistry(t *testing.T) {
	r := engine.NewRegistry(testgame.Game{})
	id := testgame.Game{}.Info().ID
	if g, err := r.Get(id); err != nil || g.Info().ID != id {
		t.Fatalf("Get(%q) = %v, %v", id, g, err)
	}
	if _, err := r.Get("nope"); !errors.Is(err, engine.ErrUnknownGame) {
		t.Errorf("Get of an unknown game: %v", err)
	}
	dup := engine.NewRegistry(testgame.Game{}, testgame.Game{})
	defer func() {
		if recover() == nil {
			t.Error("two games with one ID did not panic")
		}
	}()
	dup.Games()
}
