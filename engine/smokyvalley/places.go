package smokyvalley

import (
	"fmt"
	"slices"
)

// The kinds of board places (View.BoardPlaces), for placeKey.
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

// changed lists what a move changed on the board from a to b: Changed of
// their views' BoardPlaces (the view shows these fields of the state as
// they are), found by comparing the states' fields directly, without
// building the views or their texts; places.go's test checks that both
// agree.
func changed(a, b *State) []string {
	var out []string
	add := func(kind, x, y int) { out = append(out, placeKey(kind, x, y)) }
	for d := range b.Districts {
		if t := b.Districts[d].Depot; t.Ind >= 0 && (d >= len(a.Districts) || a.Districts[d].Depot != t) {
			add(plDepot, d, 0)
		}
		for i, t := range b.Districts[d].Spaces {
			if t.Ind >= 0 && !(d < len(a.Districts) && i < len(a.Districts[d].Spaces) && a.Districts[d].Spaces[i] == t) {
				add(plSpace, d, i)
			}
		}
		for i, k := range b.Districts[d].Services {
			if k >= 0 && !(d < len(a.Districts) && i < len(a.Districts[d].Services) && a.Districts[d].Services[i] == k) {
				add(plService, d, i)
			}
		}
	}
	for c, offer := range b.CanalOffer {
		for i, k := range offer {
			if k >= 0 && !(i < len(a.CanalOffer[c]) && a.CanalOffer[c][i] == k) {
				add(plCanalOffer, c, i)
			}
		}
	}
	for i, k := range b.CardOffer {
		if k >= 0 && !(i < len(a.CardOffer) && a.CardOffer[i] == k) {
			add(plCardOffer, i, 0)
		}
	}
	for i, s := range b.Scheduled {
		if !s.empty() && !(i < len(a.Scheduled) && sameShip(a.Scheduled[i], s)) {
			add(plScheduled, i, 0)
		}
	}
	for m, rows := range b.Canal {
		for i, s := range rows {
			if !s.empty() && !(i < len(a.Canal[m]) && sameShip(a.Canal[m][i], s)) {
				add(plShip, m, i)
			}
		}
	}
	for m, rows := range b.Agency {
		for i, k := range rows {
			if k >= 0 && !(i < len(a.Agency[m]) && a.Agency[m][i] == k) {
				add(plAgency, m, i)
			}
		}
	}
	for s := range b.Players {
		q := &b.Players[s]
		if s >= len(a.Players) { // no seat joins a game; every place of one would be new
			continue
		}
		o := &a.Players[s]
		if q.Pop != o.Pop || q.Stamp != o.Stamp {
			add(plPopularity, s, 0)
		}
		if q.Prestige != o.Prestige {
			add(plPrestige, s, 0)
		}
		for c := range q.Canal {
			if q.Canal[c] != o.Canal[c] {
				add(plCanal, s, c)
			}
		}
		for i := range q.Nav {
			if q.Nav[i] != o.Nav[i] || !slices.Equal(q.Slots[i], o.Slots[i]) {
				add(plNav, s, i)
			}
		}
		if q.Boat >= 0 && q.Boat != o.Boat {
			add(plBoat, s, 0)
		}
		if !slices.Equal(q.Cards, o.Cards) {
			add(plCards, s, 0)
		}
		for i := range q.CityBox {
			if q.CityBox[i] && !o.CityBox[i] {
				add(plCityBox, s, i)
			}
		}
		if q.Track != o.Track {
			add(plTrack, s, 0)
		}
		for m := range q.Level {
			if q.Level[m] != o.Level[m] {
				add(plLevel, s, m)
			}
		}
		for i := range q.Market {
			if q.Market[i] && !o.Market[i] {
				add(plMarket, s, i)
			}
		}
	}
	slices.Sort(out)
	return out
}

// sameShip reports whether two ships show the same on the board.
func sameShip(x, y Ship) bool {
	return x.empty() == y.empty() && (x.empty() || x.Big == y.Big && x.Market == y.Market && x.Owner == y.Owner &&
		x.Trader == y.Trader && x.Good == y.Good && slices.Equal(x.Loads, y.Loads))
}
