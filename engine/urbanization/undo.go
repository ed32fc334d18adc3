package urbanization

import (
	"github.com/smokestack/smokestack/engine"
)

// Revealed implements engine.Game. Nothing in Urbanization is hidden: the
// factory deck lies face up in number order (RB Set-up, work order area)
// and every View shows it top first, so turning its top card onto a
// factory space shows nobody anything new. Only the random generator
// (today the start player, drawn at set-up) is an outcome nobody knew, so
// a move revealed something exactly when it moved the generator.
func (Game) Revealed(before, after engine.State) bool {
	a, err := asState(before)
	if err != nil {
		return true
	}
	b, err := asState(after)
	if err != nil {
		return true
	}
	return a.RNG != b.RNG
}

// Determinize implements engine.Game. Every seat sees the whole position
// (the face-up deck in order, the display, the invention docks, every
// player's holdings), so there is no place a seat cannot tell apart from
// another: the copy is the position itself with only its random generator
// re-seeded from rng (today it is drawn only at set-up, for the start
// player). TestViewShowsEverything checks that the view does show every
// card's place, so this is not a way to skip the conformance suite's
// hidden-information checks.
func (Game) Determinize(s engine.State, seat int, rng *engine.RNG) engine.State {
	st, err := asState(s)
	if err != nil {
		return s
	}
	n := st.clone()
	n.RNG = rng.Fork()
	return n
}
