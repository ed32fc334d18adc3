package urbanization

import (
	"slices"
	"strconv"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// The kinds of board places, in the order places fills them.
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

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// places fills p with the board places of View.BoardPlaces straight from
// the state, as numbers: the same places, equal exactly when their texts
// are (st.view shows how each text comes from the state).
func (st *State) places(p *engine.Places) {
	p.Reset()
	for t, tr := range st.Terrs {
		p.Place(plTerritory, t, 0, false, tr.Owner, tr.Markers, tr.Admin, bit(st.covered(t)))
	}
	for t := range st.Terrs {
		tr := &st.Terrs[t]
		for g := 0; g < theData.terrs[t].Grounds; g++ {
			kind, seeds, card := 0, tr.Grounds[g].Seeds, -1
			switch tr.Grounds[g].Kind {
			case GroundHouse, GroundSkyscraper:
				kind = tr.Grounds[g].Kind
			case GroundFactory:
				kind = GroundFactory
				if tr.Owner >= 0 {
					for _, f := range st.Players[tr.Owner].Factories {
						if f.Terr == t && f.Ground == g {
							card = f.active()
						}
					}
				}
			}
			p.Place(plGround, t, g, kind == 0 && seeds == 0, kind, card, seeds)
		}
	}
	p.Place(plField, 0, 0, false, st.Field)
	for b, n := range st.Barns {
		p.Place(plBarn, b, 0, false, n)
	}
	for k, sl := range st.Display {
		p.Place(plDisplay, k, 0, sl.Card < 0 && len(sl.Markers) == 0, sl.Card)
		p.Add(sl.Markers...)
	}
	for c := 0; c < numCharacters; c++ {
		holder := -1
		if c == charMayor {
			holder = st.Mayor
		}
		for s := range st.Players {
			if st.Players[s].Hired == c {
				holder = s
			}
		}
		p.Place(plCharacter, c, 0, false, holder)
	}
	for q, d := range st.Docks {
		docked := false
		for s := range st.Players {
			docked = docked || slices.Contains(st.Players[s].Docked, q)
		}
		p.Place(plDock, q, 0, len(d) == 0 && !docked, len(d))
		p.Add(d...)
		for s := range st.Players {
			for _, x := range st.Players[s].Docked {
				if x == q {
					p.Add(s)
				}
			}
		}
	}
}

// placesPool keeps the buffers of changed between moves.
var placesPool = sync.Pool{New: func() any { return new(engine.Places) }}

// changed lists what a move changed on the board from st to n: Changed of
// their views' BoardPlaces, without building the views.
func changed(st, n *State) []string {
	before, after := placesPool.Get().(*engine.Places), placesPool.Get().(*engine.Places)
	st.places(before)
	n.places(after)
	out := engine.ChangedPlaces(before, after, placeKey)
	placesPool.Put(before)
	placesPool.Put(after)
	return out
}
