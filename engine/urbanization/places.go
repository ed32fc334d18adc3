package urbanization

import (
	"slices"
	"strconv"
)

// The kinds of board places (View.BoardPlaces), for placeKey.
const (
	plTerritory = iota
	plGround
	plField
	plBarn
	plDisplay
	plCharacter
	plDock
)

// placeKey is the View.BoardPlaces key of a place of places.
func placeKey(kind, a, b int) string {
	switch kind {
	case plTerritory:
		return "territory:" + terrToken(a)
	case plGround:
		return "ground:" + terrToken(a) + "/" + strconv.Itoa(b+1)
	case plField:
		return "grain:field"
	case plBarn:
		return "grain:barn" + strconv.Itoa(a+1)
	case plDisplay:
		return "display:" + strconv.Itoa(a+1)
	case plCharacter:
		return "character:" + charToken(a)
	default:
		return "dock:" + spaceToken(a)
	}
}

// changed lists what a move changed on the board from a to b: Changed of
// their views' BoardPlaces, found by comparing what each place shows
// straight from the states (st.view shows how each text comes from the
// state), without building the views or their texts; places_test.go
// checks that both agree.
func changed(a, b *State) []string {
	var out []string
	add := func(kind, x, y int) { out = append(out, placeKey(kind, x, y)) }
	for t := range b.Terrs {
		x, y := &a.Terrs[t], &b.Terrs[t]
		if x.Owner != y.Owner || x.Markers != y.Markers || x.Admin != y.Admin {
			add(plTerritory, t, 0)
		}
	}
	for t := range b.Terrs {
		for g := 0; g < theData().terrs[t].Grounds; g++ {
			kb, sb, cb := b.ground(t, g)
			if kb == 0 && sb == 0 {
				continue
			}
			if ka, sa, ca := a.ground(t, g); ka != kb || sa != sb || ca != cb {
				add(plGround, t, g)
			}
		}
	}
	if a.Field != b.Field {
		add(plField, 0, 0)
	}
	for i, n := range b.Barns {
		if i >= len(a.Barns) || a.Barns[i] != n {
			add(plBarn, i, 0)
		}
	}
	for k, sl := range b.Display {
		if (sl.Card >= 0 || len(sl.Markers) > 0) && !(k < len(a.Display) && a.Display[k].Card == sl.Card && slices.Equal(a.Display[k].Markers, sl.Markers)) {
			add(plDisplay, k, 0)
		}
	}
	for c := 0; c < numCharacters; c++ {
		if a.holder(c) != b.holder(c) {
			add(plCharacter, c, 0)
		}
	}
	for q, d := range b.Docks {
		docked := b.dockedAt(q)
		if len(d) == 0 && docked == 0 {
			continue
		}
		if q >= len(a.Docks) || !slices.Equal(a.Docks[q], d) || a.dockedAt(q) != docked {
			add(plDock, q, 0)
		}
	}
	slices.Sort(out)
	return out
}

// ground is what ground g of territory t shows: the building kind
// (GroundEmpty for none), its seeds and the active card of the factory on
// it (-1 for none).
func (st *State) ground(t, g int) (kind, seeds, card int) {
	tr := &st.Terrs[t]
	kind, seeds, card = tr.Grounds[g].Kind, tr.Grounds[g].Seeds, -1
	switch kind {
	case GroundHouse, GroundSkyscraper:
	case GroundFactory:
		if tr.Owner >= 0 {
			for _, f := range st.Players[tr.Owner].Factories {
				if f.Terr == t && f.Ground == g {
					card = f.active()
				}
			}
		}
	default:
		kind = GroundEmpty
	}
	return kind, seeds, card
}

// holder is the seat holding character c, -1 for none.
func (st *State) holder(c int) int {
	h := -1
	if c == charMayor {
		h = st.Mayor
	}
	for s := range st.Players {
		if st.Players[s].Hired == c {
			h = s
		}
	}
	return h
}

// dockedAt encodes the action markers on docking space q, in seat order
// with repeats, as a number (at most 15 markers per seat).
func (st *State) dockedAt(q int) uint64 {
	var n uint64
	for s := range st.Players {
		k := 0
		for _, x := range st.Players[s].Docked {
			if x == q {
				k++
			}
		}
		n = n<<4 | uint64(min(k, 15))
	}
	return n
}
