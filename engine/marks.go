package engine

import "slices"

// Marks is what a view says the latest turn changed on the board, so that
// a board image can highlight it: the keys of the board's places and
// pieces (Board.BoardPlaces) that turn placed, moved or changed. Every game's
// view carries one, filled from its state, which records the marks as the
// turn goes on (Note), so no host keeps or replays earlier positions.
//
// "The latest turn" is the latest turn that changed the board: the
// current turn once one of its moves changed something, otherwise the
// turn before. The first move of a turn that changes the board replaces
// the previous turn's marks; a later move of the same turn adds to them; a
// move that changes nothing leaves them. A piece removed from the board
// is not marked (there is nothing left to draw a mark on); a place that
// becomes empty is not marked either.
//
// Marks are public: a game computes them from what every seat sees of the
// board, so every seat's view carries the same marks.
type Marks struct {
	// Turn numbers the turn that made the marks, 0 before any: the
	// game's engine.Status.Turn when it numbers its turns, otherwise a
	// number of its own that grows from turn to turn.
	Turn int `json:"turn,omitempty"`
	// Keys are the marked places and pieces, sorted, without repeats.
	Keys []string `json:"keys,omitempty"`
}

// Has reports whether key is marked.
func (m Marks) Has(key string) bool {
	_, ok := slices.BinarySearch(m.Keys, key)
	return ok
}

// Clone is a copy of m sharing nothing with it.
func (m Marks) Clone() Marks { return Marks{Turn: m.Turn, Keys: slices.Clone(m.Keys)} }

// Note records what a move of turn changed (keys, as Changed lists them):
// nothing when keys is empty; the first change of a new turn replaces the
// earlier turn's marks, and a later change of the same turn adds to them.
func (m *Marks) Note(turn int, keys []string) {
	if len(keys) == 0 {
		return
	}
	if turn != m.Turn {
		m.Turn, m.Keys = turn, nil
	}
	for _, k := range keys {
		if i, ok := slices.BinarySearch(m.Keys, k); !ok {
			m.Keys = slices.Insert(m.Keys, i, k)
		}
	}
}

// Changed lists, sorted, the keys of after whose value differs from
// before's and is not empty: what a move placed, moved or changed on a
// board described by Board.BoardPlaces. A key whose value became empty (a
// piece removed, a place emptied) is not listed.
func Changed(before, after map[string]string) []string {
	var out []string
	for k, v := range after {
		if v != "" && before[k] != v {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// Board is implemented by every game's view (the conformance suite,
// engine/enginetest, checks it): the board as the marks see it, and the
// marks.
type Board interface {
	// BoardPlaces lists every place and piece of the board that a turn can
	// change and the board image can mark, by a stable key, with a short
	// text of what the view shows there ("" for an empty place or a piece
	// not on the board). It shows only public things, so it is the same
	// for every seat; a move changed the board when Changed of the places
	// before and after is not empty, and exactly those keys are what the
	// move adds to the marks.
	BoardPlaces() map[string]string
	// Marks is what the latest turn changed: keys of BoardPlaces. A view
	// carries them as its top-level "recent" JSON field.
	Marks() Marks
}
