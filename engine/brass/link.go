package brass

import (
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// checkLinkCommon is shared by canals and rails.
// Rulebook, ACTION 2 Build link: one link per potential link, 14 counters
// per period, and the link must touch your network.
func (w *walker) checkLinkCommon(li int, kind string) error {
	l := &theBoard().links[li]
	if w.st.Links[li] >= 0 {
		topic := TopicCanal
		if kind == "rail" {
			topic = TopicRail
		}
		return w.fail("link.taken", topic, "link", l.ID)
	}
	if kind == "canal" && !l.Canal {
		return w.fail("link.not-canal", TopicCanal, "a", theBoard().places[l.a].ID, "b", theBoard().places[l.b].ID)
	}
	if kind == "rail" && !l.Rail {
		return w.fail("link.not-rail", TopicRail, "a", theBoard().places[l.a].ID, "b", theBoard().places[l.b].ID)
	}
	if w.st.Players[w.seat].LinksLeft < 1 {
		return w.fail("link.limit", TopicLinkLimit, "n", itoa(theBoard().rules.LinksPerPeriod))
	}
	net := w.linkNet()
	if !net[l.a] && !net[l.b] {
		return w.fail("link.not-adjacent", TopicNetwork, "link", l.ID)
	}
	return nil
}

// checkCanal: Rulebook, ACTION 2: canals only in the canal period, £3, one
// per action.
func (w *walker) checkCanal(li int) error {
	if w.st.Period != periodCanal {
		return w.fail("link.canal-period", TopicCanal)
	}
	if err := w.checkLinkCommon(li, "canal"); err != nil {
		return err
	}
	if w.st.Players[w.seat].Money < theBoard().rules.CanalCost {
		return w.fail("link.money", TopicCanal, "canal", "1", "second", "", "cost", itoa(theBoard().rules.CanalCost), "two", "", "money", itoa(w.st.Players[w.seat].Money))
	}
	return nil
}

func (w *walker) canalOpts() []opt {
	var out []opt
	for li := range theBoard().links {
		if w.checkCanal(li) == nil {
			l := &theBoard().links[li]
			out = append(out, opt{tok: l.ID, label: linkLabel(l)})
		}
	}
	return out
}

func parseLink(tok string) (int, bool) {
	li, ok := theBoard().linkIndex[tok]
	return li, ok
}

// walkCanal: canal <link> card:<c>.
func (w *walker) walkCanal(rest engine.Move) (step, error) {
	if len(rest) == 0 {
		return step{prompt: ask("canal"), opts: w.canalOpts()}, nil
	}
	li, ok := parseLink(rest[0])
	if !ok {
		return step{}, rule("link.unknown", TopicNotation, "token", rest[0])
	}
	w.explain = true
	if err := w.checkCanal(li); err != nil {
		return step{}, err
	}
	w.explain = false
	// Rulebook, ACTION 2: never two canals in one action.
	if len(rest) > 1 {
		if _, isLink := parseLink(rest[1]); isLink {
			return step{}, rule("canal.one-per-action", TopicCanal)
		}
	}
	s, err := w.anyCard(rest[1:], ask("card"), TopicCanal)
	if err != nil || !s.complete {
		return s, err
	}
	w.st.pay(w.seat, theBoard().rules.CanalCost)
	w.placeLink(li, "canal", theBoard().rules.CanalCost)
	return s, nil
}

func (w *walker) placeLink(li int, kind string, cost int) {
	w.st.Links[li] = w.seat
	w.st.Players[w.seat].LinksLeft--
	w.changed()
	l := &theBoard().links[li]
	kv := []string{"link", l.ID, "a", theBoard().places[l.a].ID, "b", theBoard().places[l.b].ID}
	if cost > 0 {
		kv = append(kv, "cost", itoa(cost))
	}
	w.evs = append(w.evs, event(w.seat, kind, kind, kv...))
}

// railCoal finds the coal for a rail on li as if it were built: nearest
// mines to either end, else the demand track if an end reaches a port.
// Rulebook, ACTION 2: the distance is counted to the nearer end; coal at
// either end is nearest; the new link itself may lead to the port.
func (w *walker) railCoal(li int) (mines []int, market bool, err error) {
	st := w.st
	l := &theBoard().links[li]
	old := st.Links[li]
	st.Links[li] = w.seat
	d := st.distances(l.a, l.b)
	mines = st.nearestCoal(&d)
	port := len(mines) == 0 && st.portReached(&d)
	st.Links[li] = old
	if len(mines) > 0 {
		return mines, false, nil
	}
	if !port {
		return nil, false, w.fail("rail.no-coal", TopicCoal, "link", l.ID)
	}
	return nil, true, nil
}

// checkRail tests rail number n (0 or 1) of the action; the first one is
// already on the scratch board when the second is tested.
// Rulebook, ACTION 2: rails only in the rail period, £5 for one or £15 for
// two, one coal each.
func (w *walker) checkRail(li, n int) ([]int, error) {
	if w.st.Period != periodRail {
		return nil, w.fail("link.rail-period", TopicRail)
	}
	if err := w.checkLinkCommon(li, "rail"); err != nil {
		return nil, err
	}
	mines, market, err := w.railCoal(li)
	if err != nil {
		return nil, err
	}
	cost := theBoard().rules.RailCost
	if n == 1 {
		cost = theBoard().rules.DoubleRailCost - theBoard().rules.RailCost
	}
	if market {
		cost += theBoard().buyPrice(w.st.Coal)
	}
	if w.st.Players[w.seat].Money < cost {
		if n == 1 {
			return nil, w.fail("link.money", TopicRail, "canal", "", "second", "1", "cost", itoa(cost), "two", itoa(theBoard().rules.DoubleRailCost), "money", itoa(w.st.Players[w.seat].Money))
		}
		return nil, w.fail("link.money", TopicRail, "canal", "", "second", "", "cost", itoa(cost), "two", "", "money", itoa(w.st.Players[w.seat].Money))
	}
	return mines, nil
}

func (w *walker) railOpts(n int) []opt {
	var out []opt
	for li := range theBoard().links {
		if mines, err := w.checkRail(li, n); err == nil {
			l := &theBoard().links[li]
			help := lang.M("choice.coal-track", "price", itoa(theBoard().buyPrice(w.st.Coal)))
			if len(mines) > 0 {
				help = lang.M("choice.coal-from", "place", theBoard().places[theBoard().spaces[mines[0]].place].ID)
				if len(mines) > 1 {
					help = lang.M("choice.coal-mines", "mines", itoa(len(mines)))
				}
			}
			out = append(out, opt{tok: l.ID, label: linkLabel(l), help: help})
		}
	}
	return out
}

// walkRail: rail <link> [coal:..] [<link> [coal:..]] card:<c>.
func (w *walker) walkRail(rest engine.Move) (step, error) {
	built := 0
	for n := 0; n < 2; n++ {
		if len(rest) == 0 {
			if n == 0 {
				return step{prompt: ask("rail"), opts: w.railOpts(0)}, nil
			}
			s := w.cardStep(ask("card"), nil)
			if more := w.railOpts(1); len(more) > 0 {
				s.prompt = ask("second-rail", "cost", itoa(theBoard().rules.DoubleRailCost))
				s.opts = append(more, s.opts...)
			}
			return s, nil
		}
		li, ok := parseLink(rest[0])
		if !ok {
			if n == 1 {
				break
			}
			return step{}, rule("link.unknown", TopicNotation, "token", rest[0])
		}
		w.explain = true
		mines, err := w.checkRail(li, n)
		w.explain = false
		if err != nil {
			return step{}, err
		}
		src, r, sp, err := w.srcStep("coal:", mines, rest[1:], TopicCoal)
		if err != nil || sp != nil {
			return deref(sp), err
		}
		rest = r
		// Place this rail and move its coal before the next one is judged.
		cost := theBoard().rules.RailCost
		if n == 1 {
			cost = theBoard().rules.DoubleRailCost - theBoard().rules.RailCost
		}
		w.st.pay(w.seat, cost)
		w.placeLink(li, "rail", 0)
		l := &theBoard().links[li]
		w.takeCube(indCoal, src, dest{"rail", []string{"link", l.ID, "a", theBoard().places[l.a].ID, "b", theBoard().places[l.b].ID}})
		built++
	}
	// Rulebook, ACTION 2: one or two rails per action, no more.
	if len(rest) > 0 {
		if _, isLink := parseLink(rest[0]); isLink {
			return step{}, rule("rail.too-many", TopicRail)
		}
	}
	s, err := w.anyCard(rest, ask("card"), TopicRail)
	if err == nil && s.complete {
		spend := theBoard().rules.RailCost
		if built == 2 {
			spend = theBoard().rules.DoubleRailCost
		}
		w.evs = append(w.evs, event(w.seat, "rail-cost", "rail-cost", "money", strconv.Itoa(spend), lang.CountKey, strconv.Itoa(built)))
	}
	return s, err
}
