package smokyvalley

import (
	"fmt"
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// The kinds of board places, in the order places fills them.
const (
	plDepot = iota
	plSpace
	plService
	plCanalOffer
	plCardOffer
	plScheduled
	plShip
	plAgency
	plPopularity
	plPrestige
	plCanal
	plNav
	plBoat
	plCards
	plCityBox
	plTrack
	plLevel
	plMarket
)

// placeKey is the View.BoardPlaces key of a place of places.
func placeKey(kind, a, b int) string {
	switch kind {
	case plDepot:
		return fmt.Sprintf("depot:%d", a)
	case plSpace:
		return fmt.Sprintf("space:%d/%d", a, b)
	case plService:
		return fmt.Sprintf("service:%d/%d", a, b)
	case plCanalOffer:
		return fmt.Sprintf("canal-offer:%d/%d", a, b)
	case plCardOffer:
		return fmt.Sprintf("card-offer:%d", a)
	case plScheduled:
		return fmt.Sprintf("scheduled:%d", a)
	case plShip:
		return fmt.Sprintf("ship:%d/%d", a, b)
	case plAgency:
		return fmt.Sprintf("agency:%d/%d", a, b)
	case plPopularity:
		return fmt.Sprintf("popularity:%d", a)
	case plPrestige:
		return fmt.Sprintf("prestige:%d", a)
	case plCanal:
		return fmt.Sprintf("canal:%d/%d", a, b)
	case plNav:
		return fmt.Sprintf("nav:%d/%d", a, b)
	case plBoat:
		return fmt.Sprintf("boat:%d", a)
	case plCards:
		return fmt.Sprintf("cards:%d", a)
	case plCityBox:
		return fmt.Sprintf("citybox:%d/%d", a, b)
	case plTrack:
		return fmt.Sprintf("track:%d", a)
	case plLevel:
		return fmt.Sprintf("level:%d/%d", a, b)
	default:
		return fmt.Sprintf("market:%d/%d", a, b)
	}
}

func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// places fills p with the board places of View.BoardPlaces straight from
// the state (the view shows these fields as they are), as numbers: the
// same places, equal exactly when their texts are.
func (st *State) places(p *engine.Places) {
	p.Reset()
	tile := func(kind, a, b int, t Tile) { p.Place(kind, a, b, t.Ind < 0, t.Ind, t.Owner, bit(t.Up)) }
	num := func(kind, a, b, x int) { p.Place(kind, a, b, x < 0, x) }
	ship := func(kind, a, b int, s Ship) {
		p.Place(kind, a, b, s.empty(), bit(s.Big), s.Market, s.Owner, s.Trader, s.Good)
		p.Add(s.Loads...)
	}
	for d := range st.Districts {
		tile(plDepot, d, 0, st.Districts[d].Depot)
	}
	for d := range st.Districts {
		for i, t := range st.Districts[d].Spaces {
			tile(plSpace, d, i, t)
		}
	}
	for d := range st.Districts {
		for i, k := range st.Districts[d].Services {
			num(plService, d, i, k)
		}
	}
	for c, offer := range st.CanalOffer {
		for i, k := range offer {
			num(plCanalOffer, c, i, k)
		}
	}
	for i, k := range st.CardOffer {
		num(plCardOffer, i, 0, k)
	}
	for i, s := range st.Scheduled {
		ship(plScheduled, i, 0, s)
	}
	for m, rows := range st.Canal {
		for i, s := range rows {
			ship(plShip, m, i, s)
		}
	}
	for m, rows := range st.Agency {
		for i, k := range rows {
			num(plAgency, m, i, k)
		}
	}
	pl := st.Players
	for s := range pl {
		p.Place(plPopularity, s, 0, false, pl[s].Pop, pl[s].Stamp)
	}
	for s := range pl {
		p.Place(plPrestige, s, 0, false, pl[s].Prestige)
	}
	for s := range pl {
		for c, pos := range pl[s].Canal {
			p.Place(plCanal, s, c, false, pos)
		}
	}
	for s := range pl {
		for i, d := range pl[s].Nav {
			p.Place(plNav, s, i, false, d)
			p.Add(pl[s].Slots[i]...)
		}
	}
	for s := range pl {
		num(plBoat, s, 0, pl[s].Boat)
	}
	for s := range pl {
		p.Place(plCards, s, 0, false)
		p.Add(pl[s].Cards...)
	}
	for s := range pl {
		for i, b := range pl[s].CityBox {
			p.Place(plCityBox, s, i, !b)
		}
	}
	for s := range pl {
		p.Place(plTrack, s, 0, false, pl[s].Track)
	}
	for s := range pl {
		for m, l := range pl[s].Level {
			p.Place(plLevel, s, m, false, l)
		}
	}
	for s := range pl {
		for i, b := range pl[s].Market {
			p.Place(plMarket, s, i, !b)
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
