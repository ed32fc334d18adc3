package brass

// maxPlaces bounds the number of board locations (25 on the Lancashire map).
const maxPlaces = 32

// dists holds link distances from a set of places; -1 means unreachable.
type dists [maxPlaces]int8

// distances runs a breadth-first search over the built links (any owner's)
// from the given places, each at distance 0.
// Rulebook, ACTION 1 Build industry, c. Moving coal: distance is counted in
// constructed links, coal may pass through external locations, and the
// virtual Liverpool-Birkenhead link never carries anything.
func (st *state) distances(from ...int) dists {
	var d dists
	for i := range d {
		d[i] = -1
	}
	var queue [maxPlaces]int
	head, tail := 0, 0
	for _, p := range from {
		if d[p] < 0 {
			d[p] = 0
			queue[tail] = p
			tail++
		}
	}
	for head < tail {
		p := queue[head]
		head++
		for _, li := range theBoard().places[p].links {
			if st.Links[li] < 0 {
				continue
			}
			l := &theBoard().links[li]
			q := l.a
			if q == p {
				q = l.b
			}
			if d[q] < 0 {
				d[q] = d[p] + 1
				queue[tail] = q
				tail++
			}
		}
	}
	return d
}

// portReached reports whether a constructed port is among the reached
// places: any port counter on the board (flipped or not) or an external
// location with its anchor.
// Rulebook, ACTION 1 Build industry, c. Moving coal (constructed port).
func (st *state) portReached(d *dists) bool {
	for p := range theBoard().places {
		if d[p] < 0 {
			continue
		}
		pl := &theBoard().places[p]
		if pl.Port {
			return true
		}
		for i := range pl.Spaces {
			t := &st.Spaces[pl.firstSpace+i]
			if t.Owner >= 0 && t.Ind == indPort {
				return true
			}
		}
	}
	return false
}

// nearestCoal lists the spaces of the coal mines holding cubes at the
// smallest distance, or nil when no mine with coal is reachable.
// Rulebook, ACTION 1 Build industry, c.: the closest source must be used;
// equally close sources are the mover's choice.
func (st *state) nearestCoal(d *dists) []int {
	best := -1
	var out []int
	for si := range st.Spaces {
		t := &st.Spaces[si]
		if t.Owner < 0 || t.Ind != indCoal || t.Cubes == 0 {
			continue
		}
		dd := int(d[theBoard().spaces[si].place])
		if dd < 0 {
			continue
		}
		switch {
		case best < 0 || dd < best:
			best = dd
			out = append(out[:0], si)
		case dd == best:
			out = append(out, si)
		}
	}
	return out
}

// ironWorks lists the spaces of iron works holding cubes anywhere on the map.
// Rulebook, ACTION 1 Build industry, d. Taking iron: no connection needed,
// any works may be chosen.
func (st *state) ironWorks() []int {
	var out []int
	for si := range st.Spaces {
		t := &st.Spaces[si]
		if t.Owner >= 0 && t.Ind == indIron && t.Cubes > 0 {
			out = append(out, si)
		}
	}
	return out
}

// cubesOnMap counts the cubes of ind (coal or iron) on all counters.
func (st *state) cubesOnMap(ind industry) int {
	n := 0
	for si := range st.Spaces {
		t := &st.Spaces[si]
		if t.Owner >= 0 && t.Ind == ind {
			n += t.Cubes
		}
	}
	return n
}

// placeSet is a set of place indices.
type placeSet [maxPlaces]bool

// buildNetwork is where seat may build with an industry card.
// Rulebook, ACTION 1 Build industry, a.: canal period, places reached by
// your own canals; rail period, places reached by your own rails or holding
// one of your industries. Rulebook, Birkenhead: the virtual link joins
// Liverpool and Birkenhead for this purpose only, for every player.
func (st *state) buildNetwork(seat int) placeSet {
	var s placeSet
	if st.Period == periodRail {
		s = st.linkNetwork(seat)
	} else {
		s = st.linkEnds(seat)
	}
	a, b := theBoard().virtualA, theBoard().virtualB
	if s[a] || s[b] {
		s[a], s[b] = true, true
	}
	return s
}

// linkNetwork is where seat may start a new link from.
// Rulebook, ACTION 2 Build link: a place holding one of your industries, or
// an end of one of your links (external locations included); the virtual
// link never counts.
func (st *state) linkNetwork(seat int) placeSet {
	s := st.linkEnds(seat)
	for si := range st.Spaces {
		if st.Spaces[si].Owner == seat {
			s[theBoard().spaces[si].place] = true
		}
	}
	return s
}

// linkEnds is the set of places at an end of one of seat's links.
func (st *state) linkEnds(seat int) placeSet {
	var s placeSet
	for li, o := range st.Links {
		if o == seat {
			s[theBoard().links[li].a] = true
			s[theBoard().links[li].b] = true
		}
	}
	return s
}

// hasPieces reports whether seat has any industry or link on the board.
func (st *state) hasPieces(seat int) bool {
	for _, o := range st.Links {
		if o == seat {
			return true
		}
	}
	for si := range st.Spaces {
		if st.Spaces[si].Owner == seat {
			return true
		}
	}
	return false
}
