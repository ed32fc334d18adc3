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

// Places is a cheap form of Board.BoardPlaces for a game's Apply, which
// must find what every move changed: each place is an identity (a kind and
// two indices, from which the game makes the key only when it is needed)
// and a list of numbers that stands for its text (equal numbers exactly
// when the texts are equal), or empty when the text is "". A game fills
// one from the state before and one from the state after a move and lists
// the changed keys with ChangedPlaces; the conformance check
// (playout.CheckMarks) compares the marks with Changed of the views'
// BoardPlaces, so both forms must agree. Places are added in increasing
// order of (kind, a, b). A Places is reused after Reset without
// allocating again.
type Places struct {
	ids    []placeID
	starts []int32
	empty  []bool
	vals   []int
}

type placeID struct{ kind, a, b int32 }

func (x placeID) less(y placeID) bool {
	if x.kind != y.kind {
		return x.kind < y.kind
	}
	if x.a != y.a {
		return x.a < y.a
	}
	return x.b < y.b
}

// Reset empties p, keeping its memory.
func (p *Places) Reset() {
	p.ids, p.starts, p.empty, p.vals = p.ids[:0], p.starts[:0], p.empty[:0], p.vals[:0]
}

// Place adds the place (kind, a, b), empty or with the numbers vals; Add
// appends more numbers to it.
func (p *Places) Place(kind, a, b int, empty bool, vals ...int) {
	p.ids = append(p.ids, placeID{int32(kind), int32(a), int32(b)})
	p.starts = append(p.starts, int32(len(p.vals)))
	p.empty = append(p.empty, empty)
	p.vals = append(p.vals, vals...)
}

// Add appends numbers to the place added last.
func (p *Places) Add(vals ...int) { p.vals = append(p.vals, vals...) }

func (p *Places) seg(i int) []int {
	end := len(p.vals)
	if i+1 < len(p.starts) {
		end = int(p.starts[i+1])
	}
	return p.vals[p.starts[i]:end]
}

// ChangedPlaces is Changed for two Places: the keys, sorted, of the places
// of after that are not empty and differ from the same place of before (or
// that before lacks). key makes a place's key from its identity.
func ChangedPlaces(before, after *Places, key func(kind, a, b int) string) []string {
	var out []string
	j := 0
	for i, id := range after.ids {
		if after.empty[i] {
			continue
		}
		for j < len(before.ids) && before.ids[j].less(id) {
			j++
		}
		if j < len(before.ids) && before.ids[j] == id && !before.empty[j] && slices.Equal(before.seg(j), after.seg(i)) {
			continue
		}
		out = append(out, key(int(id.kind), int(id.a), int(id.b)))
	}
	slices.Sort(out)
	return out
}
