package brass

import (
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// buildCand is one legal placement of seat's next counter of an industry,
// before the card is chosen.
type buildCand struct {
	ind      industry
	level    int
	place    int
	space    int  // global space index
	over     bool // replaces the counter on space
	needCoal bool
	needIron bool
	coal     []int // nearest mines with coal; empty: from the demand track
	iron     []int // iron works with cubes; empty: from the demand track
	cost     int   // counter plus demand-track cubes
}

// anyBuild reports whether seat can build anything now.
func (w *walker) anyBuild() bool {
	for ind := industry(0); ind < numIndustries; ind++ {
		if w.canBuildIndustry(ind) == nil && len(w.buildLocs(ind, true)) > 0 {
			return true
		}
	}
	return false
}

// canBuildIndustry checks the counter on top of seat's stack.
// Rulebook, ACTION 1, Further restrictions on building: only the top
// counter of a stack; never tech level 0; canal-symbol counters only in the
// canal period, rail-symbol counters only in the rail period.
func (w *walker) canBuildIndustry(ind industry) error {
	lvl := w.st.top(w.seat, ind)
	if lvl < 0 {
		return w.fail("build.stack-empty", TopicBuild, "industry", ind.String())
	}
	spec := &theBoard().specs[ind][lvl]
	if lvl == 0 {
		return w.fail("build.level-zero", TopicShipyard, "industry", ind.String())
	}
	if w.st.Period == periodCanal && !spec.canal {
		return w.fail("build.rail-only", TopicTechLevel, "industry", ind.String(), "level", itoa(lvl))
	}
	if w.st.Period == periodRail && !spec.rail {
		return w.fail("build.canal-only", TopicTechLevel, "industry", ind.String(), "level", itoa(lvl))
	}
	return nil
}

// buildLocs lists the location tokens where ind can be built. With first
// set it stops at the first one found.
func (w *walker) buildLocs(ind industry, first bool) []opt {
	var out []opt
	for p := 0; p < theBoard().numTowns; p++ {
		if c, err := w.checkBuild(ind, p, -1); err == nil && w.hasBuildCard(&c) {
			out = append(out, opt{tok: theBoard().places[p].ID, label: lang.M("choice.place", "place", theBoard().places[p].ID), help: costMsg(c.cost), alt: spaceToken(c.space)})
			if first {
				return out
			}
		}
		pl := &theBoard().places[p]
		for i := range pl.Spaces {
			si := pl.firstSpace + i
			if w.st.Spaces[si].Owner < 0 {
				continue
			}
			if c, err := w.checkBuild(ind, p, si); err == nil && w.hasBuildCard(&c) {
				t := &w.st.Spaces[si]
				out = append(out, opt{tok: spaceToken(si), label: lang.M("choice.over", "place", theBoard().places[p].ID, "seatowner", itoa(t.Owner), "industry", t.Ind.String(), "level", itoa(t.Level)), help: costMsg(c.cost)})
				if first {
					return out
				}
			}
		}
	}
	return out
}

// emptySpace picks the empty space of place p for ind: the one accepting
// the fewest industries, then the first. This is the port-box rule.
// Rulebook, ACTION 1, Lancaster and Preston: a port goes to the port-only
// box while it is empty, so the mixed box stays open for a cotton mill.
func (w *walker) emptySpace(ind industry, p int) int {
	pl := &theBoard().places[p]
	best := -1
	for i := range pl.Spaces {
		si := pl.firstSpace + i
		sp := &theBoard().spaces[si]
		if !sp.allowed[ind] || w.st.Spaces[si].Owner >= 0 {
			continue
		}
		if best < 0 || sp.nAllow < theBoard().spaces[best].nAllow {
			best = si
		}
	}
	return best
}

// hasPortBox reports whether place p has a port-only space next to a
// space shared by ports and another industry (Lancaster, Preston).
func hasPortBox(p int) bool {
	only, shared := false, false
	pl := &theBoard().places[p]
	for i := range pl.Spaces {
		sp := &theBoard().spaces[pl.firstSpace+i]
		if sp.allowed[indPort] {
			only = only || sp.nAllow == 1
			shared = shared || sp.nAllow > 1
		}
	}
	return only && shared
}

// checkBuild is the single legality test of a placement (everything but
// the card): over < 0 builds on an empty space, else over the counter on
// space over.
func (w *walker) checkBuild(ind industry, p, over int) (buildCand, error) {
	st := w.st
	if err := w.canBuildIndustry(ind); err != nil {
		return buildCand{}, err
	}
	lvl := st.top(w.seat, ind)
	spec := &theBoard().specs[ind][lvl]
	pl := &theBoard().places[p]
	c := buildCand{ind: ind, level: lvl, place: p, needCoal: spec.Coal, needIron: spec.Iron, cost: spec.Cost}
	if pl.Kind != "town" {
		return c, w.fail("build.not-a-town", TopicBuild, "place", pl.ID)
	}
	// Rulebook, Barrow-in-Furness and Birkenhead: no building there before
	// the rail period. With the board's shipyard spaces in Liverpool,
	// Barrow and Birkenhead only, this is also the rule that canal-period
	// shipyards go to Liverpool (Rulebook, Shipyards). That a shipyard or
	// iron works there needs coal by rail follows from the coal rules: the
	// virtual link never carries coal.
	if pl.RailOnly && st.Period == periodCanal {
		topic := TopicBarrow
		if pl.ID == "birkenhead" {
			topic = TopicBirkenhead
		}
		return c, w.fail("build.rail-period-town", topic, "place", pl.ID)
	}
	if over < 0 {
		// Rulebook, ACTION 1, b. Matching the symbol; one counter per space.
		c.space = w.emptySpace(ind, p)
		if c.space < 0 {
			return c, w.fail("build.no-space", TopicBuild, "place", pl.ID, "industry", ind.String())
		}
	} else {
		c.space, c.over = over, true
		t := &st.Spaces[over]
		if theBoard().spaces[over].place != p || t.Owner < 0 {
			return c, w.fail("build.no-counter", TopicOverbuild)
		}
		// Rulebook, ACTION 1, Building over other Industry counters.
		if t.Ind != ind {
			return c, w.fail("build.overbuild-type", TopicOverbuild, "industry", ind.String())
		}
		if t.Level >= lvl {
			return c, w.fail("build.overbuild-level", TopicOverbuild, "industry", ind.String(), "level", itoa(lvl), "old", itoa(t.Level))
		}
		if t.Owner != w.seat {
			if ind != indCoal && ind != indIron {
				return c, w.fail("build.overbuild-opponent", TopicOverbuildOpponent)
			}
			track := st.Coal
			if ind == indIron {
				track = st.Iron
			}
			if st.cubesOnMap(ind) > 0 || track > 0 {
				return c, w.fail("build.overbuild-opponent-cubes", TopicOverbuildOpponent, "industry", ind.String(), "cube", ind.String())
			}
		}
	}
	// Rulebook, Further restrictions: one own counter per location in the
	// canal period (the counter being replaced does not count).
	if st.Period == periodCanal {
		for i := range pl.Spaces {
			si := pl.firstSpace + i
			if si != c.space && st.Spaces[si].Owner == w.seat {
				return c, w.fail("build.one-per-town", TopicOnePerTown, "place", pl.ID)
			}
		}
	}
	// Rulebook, ACTION 1, c. Moving coal.
	if c.needCoal {
		d := w.distFrom(p)
		c.coal = st.nearestCoal(d)
		if len(c.coal) == 0 {
			if !st.portReached(d) {
				return c, w.fail("build.no-coal", TopicCoal, "place", pl.ID)
			}
			c.cost += theBoard().buyPrice(st.Coal)
		}
	}
	// Rulebook, ACTION 1, d. Taking iron.
	if c.needIron {
		c.iron = st.ironWorks()
		if len(c.iron) == 0 {
			c.cost += theBoard().buyPrice(st.Iron)
		}
	}
	// Rulebook, ACTION 1, e. Paying.
	if c.cost > st.Players[w.seat].Money {
		return c, w.fail("build.money", TopicBuild, "industry", ind.String(), "level", itoa(lvl), "place", pl.ID, "cost", itoa(c.cost), "money", itoa(st.Players[w.seat].Money))
	}
	return c, nil
}

// cardAllows tells whether card c may be played for the placement.
// Rulebook, ACTION 1, a. Playing the right card.
func (w *walker) cardAllows(card int, c *buildCand) bool {
	if card == c.place {
		return true // a location card needs no connection
	}
	ind, ok := theBoard().cardIndustry(card)
	if !ok || ind != c.ind {
		return false
	}
	// Building over your own counter needs no links (Building over).
	if c.over && w.st.Spaces[c.space].Owner == w.seat {
		return true
	}
	// With nothing of yours on the board an industry card builds anywhere.
	if !w.st.hasPieces(w.seat) {
		return true
	}
	return w.buildNet()[c.place]
}

func (w *walker) hasBuildCard(c *buildCand) bool {
	if w.twoCardAllowed() {
		return true
	}
	prev := -1
	for _, card := range w.st.Hands[w.seat] {
		if card != prev && w.cardAllows(card, c) {
			return true
		}
		prev = card
	}
	return false
}

// parseWhere reads "<town>" or "<town>@<n>": the place and the space (-1).
func parseWhere(tok string) (int, int, bool) {
	name, num, hasNum := strings.Cut(tok, "@")
	p, ok := theBoard().placeIndex[name]
	if !ok {
		return 0, 0, false
	}
	if !hasNum {
		return p, -1, true
	}
	n, err := strconv.Atoi(num)
	pl := &theBoard().places[p]
	if err != nil || n < 1 || n > len(pl.Spaces) {
		return 0, 0, false
	}
	return p, pl.firstSpace + n - 1, true
}

// srcOpts lists source tokens for a choice of mines or works.
func srcOpts(prefix string, spaces []int, st *state) []opt {
	var out []opt
	for _, si := range spaces {
		p := theBoard().spaces[si].place
		tok := theBoard().places[p].ID
		alt := spaceToken(si)
		n := 0
		for _, sj := range spaces {
			if theBoard().spaces[sj].place == p {
				n++
			}
		}
		if n > 1 {
			tok, alt = alt, ""
		} else {
			alt = prefix + alt
		}
		t := &st.Spaces[si]
		out = append(out, opt{tok: prefix + tok, alt: alt, label: lang.M("choice.source", "cube", prefix[:len(prefix)-1], "seatowner", itoa(t.Owner), "industry", t.Ind.String(), "place", theBoard().places[p].ID),
			help: lang.M("choice.cubes-there", lang.CountKey, itoa(t.Cubes))})
	}
	return out
}

// srcStep consumes an optional coal:/iron: token. With several sources the
// token is required; with one (or the demand track) it may be written.
// It returns the chosen source space (-1 for the demand track), the
// remaining tokens, and a step when the move stops here.
func (w *walker) srcStep(prefix string, spaces []int, rest engine.Move, topic string) (int, engine.Move, *step, error) {
	forced := -1
	if len(spaces) == 1 {
		forced = spaces[0]
	}
	if len(spaces) <= 1 {
		if len(rest) > 0 && strings.HasPrefix(rest[0], prefix) {
			want := prefix + "market"
			if forced >= 0 {
				want = prefix + theBoard().places[theBoard().spaces[forced].place].ID
			}
			if rest[0] != want && (forced < 0 || rest[0] != prefix+spaceToken(forced)) {
				return 0, nil, nil, rule("source.not-allowed", topic, "only", "1", "cube", prefix[:len(prefix)-1], "from", strings.TrimPrefix(want, prefix), "token", "", "list", "")
			}
			rest = rest[1:]
		}
		return forced, rest, nil, nil
	}
	s := step{prompt: ask("source", "cube", prefix[:len(prefix)-1]), opts: srcOpts(prefix, spaces, w.st)}
	if len(rest) == 0 {
		return 0, nil, &s, nil
	}
	if !strings.HasPrefix(rest[0], prefix) {
		return 0, nil, nil, rule("source.required", topic, "list", strings.Join(optToks(s), ", "))
	}
	o, ok := pick(s, rest[0])
	if !ok {
		return 0, nil, nil, rule("source.not-allowed", topic, "only", "", "cube", prefix[:len(prefix)-1], "from", "", "token", rest[0], "list", strings.Join(optToks(s), ", "))
	}
	for i, si := range spaces {
		if s.opts[i].tok == o.tok {
			return si, rest[1:], nil, nil
		}
	}
	return 0, nil, nil, errNo
}

func optToks(s step) []string {
	out := make([]string, len(s.opts))
	for i, o := range s.opts {
		out[i] = o.tok
	}
	return out
}

// walkBuild: build <industry> <where> [coal:..] [iron:..] card:<c>|cards:<a>+<b>.
func (w *walker) walkBuild(rest engine.Move) (step, error) {
	if len(rest) == 0 {
		s := step{prompt: ask("industry")}
		for ind := industry(0); ind < numIndustries; ind++ {
			if w.canBuildIndustry(ind) == nil && len(w.buildLocs(ind, true)) > 0 {
				lvl := w.st.top(w.seat, ind)
				s.opts = append(s.opts, opt{tok: ind.String(), label: lang.M("choice.industry", "industry", ind.String(), "level", itoa(lvl)), help: costMsg(theBoard().specs[ind][lvl].Cost)})
			}
		}
		return s, nil
	}
	ind, ok := industryBySlug(rest[0])
	if !ok {
		return step{}, rule("build.unknown-industry", TopicNotation, "token", rest[0])
	}
	w.explain = true
	if err := w.canBuildIndustry(ind); err != nil {
		return step{}, err
	}
	w.explain = false
	if len(rest) == 1 {
		s := step{prompt: ask("where"), opts: w.buildLocs(ind, false)}
		if len(s.opts) == 0 {
			return step{}, rule("build.nowhere", TopicBuild, "industry", ind.String())
		}
		return s, nil
	}
	p, over, ok := parseWhere(rest[1])
	if !ok {
		return step{}, rule("build.unknown-place", TopicNotation, "token", rest[1])
	}
	if over >= 0 && w.st.Spaces[over].Owner < 0 {
		// "town@n" naming an empty space is accepted when it is the space
		// the engine would pick anyway.
		if w.emptySpace(ind, p) == over {
			over = -1
		} else if ind == indPort && hasPortBox(p) {
			return step{}, rule("build.space-choice", TopicPortBoxes, "port", "1", "token", theBoard().places[p].ID)
		} else {
			return step{}, rule("build.space-choice", TopicNotation, "port", "", "token", theBoard().places[p].ID)
		}
	}
	w.explain = true
	c, err := w.checkBuild(ind, p, over)
	w.explain = false
	if err != nil {
		return step{}, err
	}
	// A written two-card build that the turn no longer allows is refused
	// for that reason first, not for the lack of a single matching card.
	// Rulebook, ACTION 1, Combining actions: it takes both actions.
	if slices.ContainsFunc(rest[2:], func(t string) bool { return strings.HasPrefix(t, "cards:") }) && !w.twoCardAllowed() {
		return step{}, twoCardRefused()
	}
	if !w.hasBuildCard(&c) {
		return step{}, rule("build.no-card", TopicIndustryCard, "industry", ind.String(), "place", theBoard().places[p].ID)
	}
	rest = rest[2:]
	coalSrc, ironSrc := -1, -1
	if c.needCoal {
		var sp *step
		coalSrc, rest, sp, err = w.srcStep("coal:", c.coal, rest, TopicCoal)
		if err != nil || sp != nil {
			return deref(sp), err
		}
	} else if len(rest) > 0 && strings.HasPrefix(rest[0], "coal:") {
		return step{}, rule("build.coal-not-needed", TopicCoal, "industry", ind.String(), "level", itoa(c.level))
	}
	if c.needIron {
		var sp *step
		ironSrc, rest, sp, err = w.srcStep("iron:", c.iron, rest, TopicIron)
		if err != nil || sp != nil {
			return deref(sp), err
		}
	} else if len(rest) > 0 && strings.HasPrefix(rest[0], "iron:") {
		return step{}, rule("build.iron-not-needed", TopicIron, "industry", ind.String(), "level", itoa(c.level))
	}
	if len(rest) == 0 {
		s := w.cardStep(ask("card"), func(card int) bool { return w.cardAllows(card, &c) })
		if w.twoCardAllowed() {
			s.opts = append(s.opts, w.pairs()...)
		}
		return s, nil
	}
	// The card (or pair) is the last word: anything after it is refused as
	// such, whatever the card.
	if len(rest) > 1 {
		return step{}, tooLong(rest[1:])
	}
	if a, b, ok := parsePair(rest[0]); ok {
		// Rulebook, ACTION 1, Combining actions: two cards build anywhere.
		if !w.twoCardAllowed() {
			return step{}, twoCardRefused()
		}
		if !w.st.hasCard(w.seat, a) || !w.st.hasCard(w.seat, b) || (a == b && w.st.countCard(w.seat, a) < 2) {
			return step{}, rule("card.not-in-hand", TopicTwoCardBuild, "pair", "1", "token", rest[0])
		}
		w.play(a)
		w.play(b)
		w.used = 2
	} else {
		card, ok := parseCard(rest[0])
		if !ok || !w.st.hasCard(w.seat, card) {
			return step{}, rule("card.not-in-hand", TopicBuild, "pair", "", "token", strings.TrimPrefix(rest[0], "card:"))
		}
		if !w.cardAllows(card, &c) {
			if _, isInd := theBoard().cardIndustry(card); isInd {
				return step{}, rule("build.not-in-network", TopicIndustryCard, "place", theBoard().places[p].ID)
			}
			return step{}, rule("build.wrong-card", TopicLocationCard, "card", theBoard().cardSlug(card), "place", theBoard().places[p].ID)
		}
		w.play(card)
		w.used = 1
	}
	w.doBuild(&c, coalSrc, ironSrc)
	return step{complete: true}, nil
}

// twoCardRefused explains why the combined build is not available.
func twoCardRefused() error {
	return rule("build.two-card", TopicTwoCardBuild)
}

func deref(s *step) step {
	if s == nil {
		return step{}
	}
	return *s
}

// dest is where a cube goes, for its event: "build" (data "to", the
// place), "develop", or "rail" (data "link", "a", "b").
type dest struct {
	msg string
	kv  []string
}

// takeCube removes one coal or iron cube from the counter on space si, or
// with si < 0 buys one from the demand track (from the stock, at the stock
// price, when the track is empty).
// Rulebook, ACTION 1, c. and d.: the last cube flips the counter; track
// cubes are paid into the Amount Spent box.
func (w *walker) takeCube(ind industry, si int, to dest) {
	st := w.st
	if si >= 0 {
		t := &st.Spaces[si]
		t.Cubes--
		kv := append([]string{"from", spaceToken(si), "cube", ind.String(), "seatowner", itoa(t.Owner), "place", theBoard().places[theBoard().spaces[si].place].ID}, to.kv...)
		w.evs = append(w.evs, event(w.seat, "cube", "cube-"+to.msg, kv...))
		if t.Cubes == 0 {
			st.flip(si, &w.evs)
		}
		return
	}
	track := &st.Coal
	if ind == indIron {
		track = &st.Iron
	}
	price := theBoard().buyPrice(*track)
	source := "track"
	if *track > 0 {
		*track--
	} else {
		source = "stock"
	}
	st.pay(w.seat, price)
	kv := append([]string{"from", "market", "cube", ind.String(), "price", itoa(price), "source", source}, to.kv...)
	w.evs = append(w.evs, event(w.seat, "cube", "buy-"+to.msg, kv...))
}

// doBuild carries out a legal build on the scratch state.
func (w *walker) doBuild(c *buildCand, coalSrc, ironSrc int) {
	st := w.st
	spec := &theBoard().specs[c.ind][c.level]
	pl := &theBoard().places[c.place]
	st.pay(w.seat, spec.Cost)
	// The cubes are taken first (a source never is the space built on:
	// an overbuilt counter is of the new counter's type, which holds no
	// cube the new one needs), but narrated after the build.
	mark := len(w.evs)
	if c.needCoal {
		w.takeCube(indCoal, coalSrc, dest{"build", []string{"to", pl.ID}})
	}
	if c.needIron {
		w.takeCube(indIron, ironSrc, dest{"build", []string{"to", pl.ID}})
	}
	cubes := slices.Clone(w.evs[mark:])
	w.evs = w.evs[:mark]
	if c.over {
		old := st.Spaces[c.space]
		w.evs = append(w.evs, event(w.seat, "overbuild", "overbuild", "space", spaceToken(c.space), "seatold", itoa(old.Owner),
			"industry", old.Ind.String(), "level", itoa(old.Level), "place", pl.ID))
	}
	st.Spaces[c.space] = spaceTile{Owner: w.seat, Ind: c.ind, Level: c.level, Cubes: spec.Cubes}
	st.Players[w.seat].Next[c.ind]++
	w.changed()
	msg := "build"
	if w.used == 2 {
		msg = "build-two"
	}
	w.evs = append(w.evs, event(w.seat, "build", msg, "industry", c.ind.String(), "level", itoa(c.level), "space", spaceToken(c.space),
		"place", pl.ID, "cost", itoa(spec.Cost)))
	w.evs = append(w.evs, cubes...)
	switch c.ind {
	case indCoal:
		// Rulebook, ACTION 1, Coal mines: connected to a constructed port,
		// the new mine must fill the empty coal demand spaces, most
		// expensive first, paid by the bank after the build.
		d := st.distances(c.place)
		if st.portReached(&d) {
			w.sellToTrack(c.space, &st.Coal)
		}
	case indIron:
		// Rulebook, ACTION 1, Iron works: always fills the iron demand
		// track, no connection needed.
		w.sellToTrack(c.space, &st.Iron)
	case indShip:
		// Rulebook, COUNTER TYPES AND FLIPPING, Shipyards: flip at once.
		st.flip(c.space, &w.evs)
	}
}

// sellToTrack moves cubes from the counter on si onto the empty spaces of
// a demand track, paying the owner each space's price.
func (w *walker) sellToTrack(si int, track *int) {
	st := w.st
	t := &st.Spaces[si]
	n, total := 0, 0
	for t.Cubes > 0 && *track < theBoard().trackSize() {
		price := theBoard().sellPrice(*track)
		*track++
		t.Cubes--
		total += price
		n++
	}
	if n == 0 {
		return
	}
	st.earn(t.Owner, total)
	w.evs = append(w.evs, event(t.Owner, "demand", "demand", "cubes", itoa(n), "money", itoa(total), "cube", t.Ind.String()))
	if t.Cubes == 0 {
		st.flip(si, &w.evs)
	}
}
