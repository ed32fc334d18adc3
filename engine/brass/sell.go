package brass

import (
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// distantTarget marks a sale to the distant market.
const distantTarget = -1

// millToken names seat's mill on si: the town alone when it is the seat's
// only unflipped mill there.
func (w *walker) millToken(si int) string {
	return w.townToken(si, w.ownMill)
}

// portToken names the unflipped port on si: the town alone when it is the
// only unflipped port there.
func (w *walker) portToken(si int) string {
	return w.townToken(si, openPort)
}

// ownMill reports whether t is one of the seat's unsold cotton mills.
func (w *walker) ownMill(t *spaceTile) bool {
	return t.Owner == w.seat && t.Ind == indCotton && !t.Flipped
}

// openPort reports whether t is a port that can still be sold to.
func openPort(t *spaceTile) bool { return t.Owner >= 0 && t.Ind == indPort && !t.Flipped }

// townToken names space si by its town alone when si is the only space
// there whose tile match accepts, else as town@space.
func (w *walker) townToken(si int, match func(*spaceTile) bool) string {
	pl := &theBoard().places[theBoard().spaces[si].place]
	n := 0
	for i := range pl.Spaces {
		if match(&w.st.Spaces[pl.firstSpace+i]) {
			n++
		}
	}
	if n == 1 {
		return pl.ID
	}
	return spaceToken(si)
}

// checkSale is the single legality test of one sale.
// Rulebook, ACTION 4 Sell cotton.
func (w *walker) checkSale(mill, target int) error {
	st := w.st
	t := &st.Spaces[mill]
	if t.Owner != w.seat || t.Ind != indCotton {
		return w.fail("sell.no-mill", TopicSellCotton, "space", spaceToken(mill))
	}
	if t.Flipped {
		return w.fail("sell.flipped", TopicSellCotton, "space", spaceToken(mill))
	}
	mp := theBoard().spaces[mill].place
	d := w.distFrom(mp)
	if target == distantTarget {
		// The distant market needs a connected constructed port (any port
		// counter, flipped or not, or an external location) and is closed
		// once demand has bottomed out.
		if st.Cotton >= theBoard().cottonClosed || len(st.Tiles) == 0 {
			return w.fail("sell.market-closed", TopicDistantMarket)
		}
		if !st.portReached(d) {
			return w.fail("sell.no-port", TopicDistantMarket, "distant", "1", "place", theBoard().places[mp].ID, "space", "")
		}
		return nil
	}
	pt := &st.Spaces[target]
	if pt.Owner < 0 || pt.Ind != indPort {
		return w.fail("sell.no-port", TopicSellCotton, "distant", "", "place", "", "space", spaceToken(target))
	}
	if pt.Flipped {
		return w.fail("sell.port-flipped", TopicSellCotton, "space", spaceToken(target))
	}
	// Routes may pass through ports and external locations: any built link.
	if d[theBoard().spaces[target].place] < 0 {
		return w.fail("sell.not-connected", TopicSellCotton, "from", theBoard().places[mp].ID, "to", theBoard().places[theBoard().spaces[target].place].ID)
	}
	return nil
}

// saleOpts lists every legal sale; with first it stops at one.
func (w *walker) saleOpts(first bool) []opt {
	var out []opt
	st := w.st
	var ports []int
	for si := range st.Spaces {
		if openPort(&st.Spaces[si]) {
			ports = append(ports, si)
		}
	}
	for si := range st.Spaces {
		if !w.ownMill(&st.Spaces[si]) {
			continue
		}
		mt := w.millToken(si)
		mp := theBoard().places[theBoard().spaces[si].place].ID
		for _, pi := range ports {
			if w.checkSale(si, pi) == nil {
				pt := &st.Spaces[pi]
				out = append(out, opt{tok: mt + ">" + w.portToken(pi), a: si, b: pi,
					label: lang.M("choice.sale", "from", mp, "seatowner", itoa(pt.Owner), "to", theBoard().places[theBoard().spaces[pi].place].ID),
					help:  lang.M("choice.sale-help")})
				if first {
					return out
				}
			}
		}
		if w.checkSale(si, distantTarget) == nil {
			out = append(out, opt{tok: mt + ">distant", a: si, b: distantTarget,
				label: lang.M("choice.sale-distant", "from", mp), help: lang.M("choice.sale-distant-help")})
			if first {
				return out
			}
		}
	}
	return out
}

// parseSale reads "<mill>><target>" into spaces, resolving a bare town to
// the only candidate there.
func (w *walker) parseSale(tok string) (int, int, error) {
	ms, ts, ok := strings.Cut(tok, ">")
	if !ok {
		return 0, 0, rule("sell.notation", TopicNotation, "token", tok)
	}
	// A town with only sold mills (or flipped ports) resolves to one of
	// them, so that checkSale says the counter has already sold.
	mill, err := w.resolve(ms, w.ownMill, w.ownCotton, "", "sell", TopicSellCotton)
	if err != nil {
		return 0, 0, err
	}
	if ts == "distant" {
		return mill, distantTarget, nil
	}
	target, err := w.resolve(ts, openPort, isPort, "1", "sell", TopicSellCotton)
	return mill, target, err
}

// ownCotton reports whether t is one of the seat's cotton mills, sold or not.
func (w *walker) ownCotton(t *spaceTile) bool { return t.Owner == w.seat && t.Ind == indCotton }

// isPort reports whether t is a port, flipped or not.
func isPort(t *spaceTile) bool { return t.Owner >= 0 && t.Ind == indPort }

// resolve turns "<town>" or "<town>@<n>" into a space holding a matching
// counter. When none matches, the first space holding a counter that near
// matches (the right kind, but used up) is returned for the caller to
// explain; near may be nil. port is "1" when the counter sought is a port
// (the data key "port" of the rule errors' wording).
func (w *walker) resolve(tok string, match, near func(*spaceTile) bool, port, action, topic string) (int, error) {
	p, si, ok := parseWhere(tok)
	if !ok {
		return 0, rule(action+".unknown-place", TopicNotation, "token", tok)
	}
	if si >= 0 {
		return si, nil
	}
	pl := &theBoard().places[p]
	found := -1
	for i := range pl.Spaces {
		if match(&w.st.Spaces[pl.firstSpace+i]) {
			if found >= 0 {
				return 0, rule(action+".ambiguous", TopicNotation, "place", pl.ID, "port", port)
			}
			found = pl.firstSpace + i
		}
	}
	for i := range pl.Spaces {
		if found < 0 && near != nil && near(&w.st.Spaces[pl.firstSpace+i]) {
			found = pl.firstSpace + i
		}
	}
	if found < 0 {
		return 0, rule(action+".nothing-there", topic, "place", pl.ID, "port", port)
	}
	return found, nil
}

// walkSell: sell <sale>... card:<c> (withCard) or the follow-up list.
func (w *walker) walkSell(rest engine.Move, withCard bool) (step, error) {
	sales := 0
	distant := false
	for !distant {
		if len(rest) == 0 {
			opts := w.saleOpts(false)
			if sales == 0 {
				if len(opts) == 0 {
					return step{}, rule("sell.nothing", TopicSellCotton)
				}
				return step{prompt: ask("sale"), opts: opts}, nil
			}
			if !withCard {
				return step{prompt: ask("another-sale"), opts: opts, complete: true}, nil
			}
			s := w.cardStep(ask("another-sale-card"), nil)
			s.opts = append(opts, s.opts...)
			return s, nil
		}
		if sales > 0 && withCard && strings.HasPrefix(rest[0], "card:") {
			break
		}
		mill, target, err := w.parseSale(rest[0])
		if err != nil {
			return step{}, err
		}
		w.explain = true
		err = w.checkSale(mill, target)
		w.explain = false
		if err != nil {
			return step{}, err
		}
		rest = rest[1:]
		sales++
		if target == distantTarget {
			// The tile is revealed only when the move is applied, so a
			// distant sale ends the list.
			w.distant = mill
			distant = true
			continue
		}
		w.sellToPort(mill, target)
	}
	// Without a card the list only ends at a distant sale; with one, the
	// card is the only word that may follow a distant sale.
	if distant && len(rest) > 0 && (!withCard || !strings.HasPrefix(rest[0], "card:")) {
		return step{}, rule("sell.after-distant", TopicDistantMarket)
	}
	if !withCard {
		return step{complete: true}, nil
	}
	return w.anyCard(rest, ask("card"), TopicSellCotton)
}

// sellToPort flips the mill and the port.
// Rulebook, ACTION 4: both flip; the port's owner gains its income.
func (w *walker) sellToPort(mill, port int) {
	w.evs = append(w.evs, event(w.seat, "sell", "sell", "mill", spaceToken(mill), "port", spaceToken(port),
		"from", theBoard().places[theBoard().spaces[mill].place].ID, "to", theBoard().places[theBoard().spaces[port].place].ID))
	w.st.flip(mill, &w.evs)
	w.st.flip(port, &w.evs)
	w.changed()
}

// sellDistant resolves the pending distant sale with the top tile.
// Rulebook, ACTION 4: the marker moves down by the tile; at the bottom the
// sale fails, the action ends and the market closes for everyone for the
// period (the tiles leave the game); otherwise the mill flips and its owner
// also gains the income spaces printed beside the marker's new position.
// The tile goes face down under the stack.
func (w *walker) sellDistant() {
	st := w.st
	mill := w.distant
	w.distant = -1
	tile := st.Tiles[0]
	st.Tiles = st.Tiles[1:]
	st.LastTile = tile
	st.Cotton = min(st.Cotton+tile, theBoard().cottonClosed)
	mp := theBoard().places[theBoard().spaces[mill].place].ID
	if st.Cotton >= theBoard().cottonClosed {
		st.Tiles, st.Drawn = nil, 0
		w.evs = append(w.evs, event(w.seat, "distant-fail", "distant-fail", "tile", itoa(tile), "mill", spaceToken(mill), "from", mp))
		return
	}
	st.Tiles = append(st.Tiles, tile)
	st.Drawn++ // at most len(st.Tiles): it counted within the stack before the append
	bonus := theBoard().cottonBonus[st.Cotton]
	w.evs = append(w.evs, event(w.seat, "distant", "distant", "tile", itoa(tile), "mill", spaceToken(mill), "bonus", itoa(bonus),
		"from", mp, "left", itoa(theBoard().cottonClosed-st.Cotton)))
	st.flip(mill, &w.evs)
	st.gainIncome(w.seat, bonus)
	w.changed()
	w.sellMore = len(w.saleOpts(true)) > 0
}

// walkSellMore: the follow-up of a sell action after a distant sale.
func (w *walker) walkSellMore(m engine.Move) (step, error) {
	if len(m) == 0 {
		return step{prompt: ask("sell-more"), opts: []opt{
			{tok: "sell", label: lang.M("choice.sell-more")},
			{tok: "stop", label: lang.M("choice.stop")},
		}}, nil
	}
	switch m[0] {
	case "stop":
		if len(m) > 1 {
			return step{}, tooLong(m[1:])
		}
		return step{complete: true}, nil
	case "sell":
		return w.walkSell(m[1:], false)
	}
	return step{}, rule("sell.follow-up", TopicSellCotton)
}
