package smokyvalley

import ()

// Canal actions (06 Develop the Lachine Canal, canal action; glossary B):
// one a turn, from the tile on top under the boat's current space.

// canalActionTile is the action tile under the boat, -1 if none.
func (w *walker) canalActionTile() int {
	p := w.p()
	if p.Boat < 0 || len(p.Slots[p.Boat]) == 0 {
		return -1
	}
	t := p.Slots[p.Boat][len(p.Slots[p.Boat])-1]
	if theData().canal[t].Kind != "action" {
		return -1
	}
	return t
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
	t := w.canalActionTile()
	tile := theData().canal[t]
	st.T.CanalUsed = true
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
