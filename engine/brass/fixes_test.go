package brass

// Tests for defects reported after the engine was finished (by the
// scenario author and the rules audit), one test per fix.

import (
	"testing"
)

// The combined build refused for lack of actions names that rule, on the
// one-action first turn as on the last action of a turn.
// Rulebook, ACTION 1, Combining actions.
func TestFixTwoCardBuildOneActionLeft(t *testing.T) {
	st := fixture(t, Canal)
	st.give(t, 0, "lancaster", "preston", "wigan")
	st.Actions = 1
	wantRule(t, st, 0, "build port liverpool cards:lancaster+preston", "build.two-card")
	wantRule(t, st, 0, "build port liverpool card:wigan", "build.no-card")
	st.Round = 1 // the very first canal turn has a single action
	wantRule(t, st, 0, "build port liverpool cards:preston+lancaster", "build.two-card")
	st.Actions = 2
	st.Round = 2
	if n, _ := apply(t, st, 0, "build port liverpool cards:lancaster+preston"); n.tile(t, "liverpool@1").Owner != 0 {
		t.Fatal("the two-card build with both actions did not build")
	}
}
