package smokyvalley

import ()

// Canal actions (06 Develop the Lachine Canal, canal action; glossary B):
// one a turn, from the tile on top under the boat's current space. From
// rules version 2, after a city card moved the boat free of charge, the
// tile under the space it left may be used instead (glossary C, Canal
// Lock, Preferred Loading, Swing Bridge, Port Authority: either tile, still
// one canal action); the changing effects beside that tile then apply to
// the action, as they would with the boat there.

// topTile is the tile on top under navigation space k of the seat
// whose turn it is, -1 if none.
func (w *walker) topTile(k int) int {
	p := w.p()
	if k < 0 || len(p.Slots[k]) == 0 {
		return -1
	}
	return p.Slots[k][len(p.Slots[k])-1]
}

// canalActionSlots lists the navigation spaces whose action tile the
// seat may use now and can carry out (with the changing effects around
// that tile): the boat's, then the space a city card moved the boat from
// (rules version 2).
func (w *walker) canalActionSlots() []int {
	var out []int
	boat := w.p().Boat
	for _, k := range []int{boat, w.st.T.From - 1} {
		t := w.topTile(k)
		if t < 0 || theData().canal[t].Kind != "action" || (len(out) > 0 && out[0] == k) || w.tileSpent(k) {
			continue
		}
		saved := w.effectsAt
		if k != boat {
			w.effectsAt = k + 1
		}
		ok := w.tileFeasible(t)
		w.effectsAt = saved
		if ok {
			out = append(out, k)
		}
	}
	return out
}

// tileSpent reports, from rules version 5, whether the top tile under
// navigation space k counts as used this turn as an action tile: the
// Canal Lock laid it on a tile used this turn under the boat (glossary C,
// Canal Lock, the note to the immediate effect; see lockCanalTile). The
// canal action's own use is the one canal action a turn (CanalUsed).
func (w *walker) tileSpent(k int) bool {
	return w.st.Rules >= 5 && k >= 0 && w.st.T.Lock == k+1 && w.st.T.Used[k] == len(w.p().Slots[k])
}

// lockCanalTile applies the note to the Canal Lock's immediate effect
// (glossary C, Canal Lock): a new tile laid on the tile under the boat's
// current space leaves only one of the two usable this turn, the old one
// before the card or the new one after it. So from rules version 5, when
// the old tile was used this turn (its changing effect, or the canal
// action from it), the new tile counts as used too: neither its changing
// effect nor its canal action works until the next turn. When the old
// tile was not used, the new one works at once (06, changing effects: a
// tile works from the turn it is gained). The other order cannot happen:
// the new tile covers the old one, and only a top tile works, so the old
// tile can never be used after the new one. A tile laid under another
// space keeps the general rule (the note names the boat's current space).
// slot is the navigation space the tile went to, usedBefore whether its
// former top tile was used this turn; boat is the boat's current space.
// Versions 1 to 4 let the new tile work that turn: its canal action
// always, its changing effect too except under versions 1 to 3 after the
// old tile's changing effect (they kept one use per space).
func (w *walker) lockCanalTile(slot, boat int, usedBefore bool) {
	st, p := w.st, w.p()
	if st.Rules < 5 || slot != boat || !usedBefore {
		return
	}
	st.T.Used[slot] = len(p.Slots[slot])
	st.T.Lock = slot + 1
	t := p.Slots[slot][len(p.Slots[slot])-1]
	w.l.add(event(w.seat, "canal-lock-spent", "canal-lock-spent", "tile", theData().canal[t].ID))
}

// usedThisTurn reports, from rules version 5, whether the top tile under
// navigation space k was used this turn (its changing effect, or the canal
// action from it).
func (w *walker) usedThisTurn(k int) bool {
	p := w.p()
	return w.st.Rules >= 5 && k >= 0 && len(p.Slots[k]) > 0 && w.st.T.Used[k] == len(p.Slots[k])
}

// tileDistricts lists the districts where the tile's action is possible.
func (w *walker) tileDistricts(eff string) []int {
	var out []int
	for d := range theData().districts {
		c := actx{d: d, canal: true}
		ok := false
		switch eff {
		case "build":
			ok = len(w.buildOptions(c)) > 0
		case "service":
			ok = len(w.serviceOptions(c)) > 0
		case "canal":
			ok = theData().districts[d].Canal && len(w.canalOptions(c)) > 0
		case "produce":
			c.single = true
			ok = len(w.produceOptions(c, [numGoods]int{}, nil)) > 0
		case "upgrade":
			ok = len(w.upgradeOptions(c)) > 0
		}
		if ok {
			out = append(out, d)
		}
	}
	return out
}

func (w *walker) tileFeasible(t int) bool {
	q := w.quiet
	w.quiet = true
	defer func() { w.quiet = q }()
	switch eff := theData().canal[t].Effect; eff {
	case "swap":
		return true
	case "trade":
		return len(w.distinctBasics()) > 0
	case "ship1":
		return len(w.st.loadTargets(w.seat, -1)) > 0
	default:
		return len(w.tileDistricts(eff)) > 0
	}
}

func (w *walker) walkTile() error {
	st, p := w.st, w.p()
	slots := w.canalActionSlots()
	k := slots[0]
	if len(slots) > 1 {
		var opts []opt
		for _, s := range slots {
			id := theData().canal[w.topTile(s)].ID
			opts = append(opts, choice(id, "canal-tile", "tile", id))
		}
		o, err := w.ask(TopicCanalTiles, prompt("tile-which"), opts)
		if err != nil {
			return err
		}
		for _, s := range slots {
			if theData().canal[w.topTile(s)].ID == o.tok {
				k = s
			}
		}
	}
	if k != p.Boat {
		w.effectsAt = k + 1
		defer func() { w.effectsAt = 0 }()
	}
	t := w.topTile(k)
	tile := theData().canal[t]
	st.T.CanalUsed = true
	if st.Rules >= 5 {
		// the tile is used this turn: a Canal Lock laying a tile on it
		// under the boat makes the new one unusable (glossary C)
		st.T.Used[k] = len(p.Slots[k])
	}
	w.l.add(event(w.seat, "canal-action", "canal-action", "tile", tile.ID))
	switch tile.Effect {
	case "swap":
		return w.swapTiles(TopicCanalTiles)
	case "trade":
		give, err := w.askGood(TopicCanalTiles, prompt("trade-give"), w.distinctBasics())
		if err != nil {
			return err
		}
		var others []int
		for _, g := range basicGoods() {
			if g != give {
				others = append(others, g)
			}
		}
		take, err := w.askGood(TopicCanalTiles, prompt("trade-take"), others)
		if err != nil {
			return err
		}
		p.Goods[give]--
		p.Goods[take]++
		w.l.add(event(w.seat, "trade-goods", "trade-goods", "give", goodNames[give], "take", goodNames[take]))
		return nil
	case "ship1":
		s, err := w.loadOne(TopicCanalTiles, prompt("load-free"), -1)
		if err != nil {
			return err
		}
		w.unloadFull(s)
		return nil
	}
	o, err := w.ask(TopicCanalTiles, prompt("in-district"), districtOpts(w.tileDistricts(tile.Effect)))
	if err != nil {
		return err
	}
	c := actx{d: districtByID(o.tok), canal: true, single: tile.Effect == "produce"}
	if tile.Effect == "produce" {
		return w.walkProduce(c)
	}
	return w.action(tile.Effect, c)
}
