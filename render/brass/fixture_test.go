package brass

import (
	"fmt"
	"slices"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
)

// emptyView is the board at the start of a match, as a spectator sees it:
// the engine's own view of a new match, so that every fixture draws the
// places, links, stacks and starting values of the game's data.
func emptyView(players int) *brass.View {
	g := brass.New()
	st, _, err := g.Setup(engine.Setup{Seats: players, Seed: 1})
	if err != nil {
		panic(fmt.Sprintf("fixture: setup with %d players: %v", players, err))
	}
	v := g.View(st, engine.Spectator).(brass.View)
	return &v
}

// build puts a counter on a space, with the VP and income its level
// prints (brass.PrintedValues).
func (f fixture) build(id, industry string, space, owner, level int, flipped bool, cubes int) {
	t := &brass.TileView{Owner: owner, Industry: industry, Level: level, Flipped: flipped, Cubes: cubes}
	for _, ind := range brass.PrintedValues().Industries {
		if ind.ID == industry && level < len(ind.Levels) {
			t.VP, t.Income = ind.Levels[level].VP, ind.Levels[level].Income
		}
	}
	for i := range f.v.Places {
		if f.v.Places[i].ID == id {
			f.v.Places[i].Spaces[space].Tile = t
			return
		}
	}
	panic("fixture: no place " + id)
}

// link builds a link (kind "" removes it).
func (f fixture) link(id, kind string, owner int) {
	for i := range f.v.Links {
		if f.v.Links[i].ID == id {
			f.v.Links[i].Built, f.v.Links[i].Owner = kind, owner
			return
		}
	}
	panic("fixture: no link " + id)
}

// score fills what the engine computes from the board: each built link's
// value (gold circles at its ends: the places' own and one per flipped
// counter) and each player's projected VP (VP so far plus flipped
// counters' VP and the values of its links and, in the rail period, 1 VP
// per full £10 of money), as the rules score them.
func (f fixture) score() {
	circles := map[string]int{}
	for _, p := range brass.PrintedValues().Places {
		circles[p.ID] = p.LinkVP
	}
	for _, p := range f.v.Places {
		for _, sp := range p.Spaces {
			if sp.Tile != nil && sp.Tile.Flipped {
				circles[p.ID]++
			}
		}
	}
	proj := map[int]int{}
	for i := range f.v.Links {
		k := &f.v.Links[i]
		if k.Built != "" {
			k.Value = circles[k.A] + circles[k.B]
			proj[k.Owner] += k.Value
		}
	}
	for _, p := range f.v.Places {
		for _, sp := range p.Spaces {
			if sp.Tile != nil && sp.Tile.Flipped {
				proj[sp.Tile.Owner] += sp.Tile.VP
			}
		}
	}
	for i := range f.v.PlayerViews {
		p := &f.v.PlayerViews[i]
		p.Projected = p.VP + proj[p.Seat]
		if f.v.Period == "rail" {
			p.Projected += p.Money / 10
		}
	}
}

// recent marks a counter and a link as the latest turn's.
func (f fixture) recent(place string, space int, link string) {
	f.v.Recent.Turn = 1
	f.v.Recent.Keys = []string{brass.SpaceKey(place, space), brass.LinkKey(link)}
	slices.Sort(f.v.Recent.Keys)
}

type fixture struct{ v *brass.View }

// midCanalView: four players in round 5 of the canal period.
func midCanalView() *brass.View {
	f := fixture{emptyView(4)}
	v := f.v
	v.Round, v.Active, v.ActionsLeft = 5, 2, 2
	v.PhaseMsg = lang.M("phase.actions", lang.CountKey, "2")
	v.TurnOrder = []int{1, 3, 2, 0}
	v.CoalDemand, v.IronDemand, v.CottonDemand, v.TilesLeft = 5, 6, 3, 9
	last := 2
	v.LastTile = &last
	v.DeckSize, v.DiscardTop = 22, "bolton"
	f.build("manchester", "cotton", 0, 0, 1, true, 0)
	f.build("manchester", "coal", 1, 1, 1, false, 2)
	f.build("manchester", "iron", 3, 2, 1, false, 3)
	f.build("bolton", "cotton", 0, 1, 1, false, 0)
	f.build("wigan", "coal", 0, 3, 2, false, 1)
	f.build("liverpool", "port", 0, 2, 1, true, 0)
	f.build("liverpool", "ship", 3, 0, 1, false, 0)
	f.build("preston", "port", 0, 3, 1, false, 0)
	f.build("preston", "cotton", 1, 2, 1, true, 0)
	f.build("rochdale", "cotton", 0, 3, 1, false, 0)
	f.build("blackburn", "coal", 1, 0, 1, true, 0)
	f.link("bolton-manchester", "canal", 1)
	f.link("liverpool-wigan", "canal", 2)
	f.link("preston-wigan", "canal", 3)
	f.link("manchester-oldham", "canal", 0)
	f.link("oldham-rochdale", "canal", 3)
	f.link("bury-manchester", "canal", 0)
	f.link("lancaster-preston", "canal", 2)
	money := []int{12, 27, 8, 19}
	for i := range v.PlayerViews {
		p := &v.PlayerViews[i]
		p.Money, p.IncomeSpace, p.Income, p.VP, p.Spent = money[i], 14+3*i, 2+i, 3*i, 4*i
		p.LinksLeft, p.HandSize = 12-i%2, 8-2*(i%2)
		p.NextTiles[0] = brass.NextTile{Industry: "cotton", Level: 1, Left: 11 - i%2}
		p.NextTiles[2] = brass.NextTile{Industry: "coal", Level: 2, Left: 5}
	}
	f.recent("wigan", 0, "preston-wigan")
	f.score()
	return v
}

// railView: three players late in the rail period, with flips and rails.
func railView() *brass.View {
	f := fixture{emptyView(3)}
	v := f.v
	v.Period, v.Round, v.Active, v.ActionsLeft = "rail", 9, 1, 1
	v.PhaseMsg = lang.M("phase.actions", lang.CountKey, "1")
	v.TurnOrder = []int{2, 1, 0}
	v.CoalDemand, v.IronDemand, v.CottonDemand, v.TilesLeft, v.MarketClosed = 1, 0, 8, 7, true
	last := 4
	v.LastTile = &last
	v.DeckSize, v.DiscardTop = 0, "cotton"
	f.build("barrow", "ship", 0, 1, 2, true, 0)
	f.build("barrow", "iron", 1, 0, 3, false, 5)
	f.build("lancaster", "port", 0, 2, 2, true, 0)
	f.build("lancaster", "cotton", 1, 0, 3, false, 0)
	f.build("preston", "port", 0, 1, 3, true, 0)
	f.build("preston", "cotton", 1, 1, 2, true, 0)
	f.build("preston", "iron", 2, 2, 2, true, 0)
	f.build("blackburn", "cotton", 0, 0, 2, true, 0)
	f.build("blackburn", "coal", 1, 2, 3, false, 4)
	f.build("burnley", "cotton", 0, 1, 3, true, 0)
	f.build("colne", "cotton", 0, 2, 2, true, 0)
	f.build("colne", "cotton", 1, 0, 4, false, 0)
	f.build("wigan", "coal", 0, 1, 4, false, 5)
	f.build("wigan", "coal", 1, 0, 3, true, 0)
	f.build("bolton", "cotton", 0, 2, 3, true, 0)
	f.build("bolton", "iron", 2, 1, 4, false, 6)
	f.build("manchester", "cotton", 0, 0, 3, true, 0)
	f.build("manchester", "cotton", 1, 1, 4, true, 0)
	f.build("manchester", "coal", 2, 2, 2, false, 3)
	f.build("manchester", "iron", 3, 0, 2, true, 0)
	f.build("stockport", "cotton", 0, 2, 3, false, 0)
	f.build("liverpool", "port", 0, 0, 2, true, 0)
	f.build("liverpool", "port", 1, 1, 3, false, 0)
	f.build("liverpool", "ship", 3, 2, 2, true, 0)
	f.build("birkenhead", "ship", 0, 0, 2, false, 0)
	f.build("ellesmere", "port", 0, 1, 2, true, 0)
	f.build("warrington", "coal", 0, 2, 2, true, 0)
	f.build("macclesfield", "cotton", 0, 1, 3, true, 0)
	for id, o := range map[string]int{"barrow-lancaster": 1, "lancaster-preston": 2, "lancaster-scotland": 0, "preston-wigan": 1,
		"blackburn-preston": 0, "blackburn-burnley": 1, "burnley-colne": 2, "colne-yorkshire": 0, "bolton-wigan": 2,
		"bolton-manchester": 0, "manchester-stockport": 2, "macclesfield-stockport": 1, "liverpool-wigan": 0,
		"birkenhead-ellesmere": 0, "ellesmere-liverpool": 1, "manchester-warrington": 2, "warrington-wigan": 1,
		"blackpool-preston": 2, "macclesfield-midlands": 1} {
		f.link(id, "rail", o)
	}
	// The canal-only link cannot carry a rail; keep the data honest.
	f.link("ellesmere-liverpool", "", -1)
	f.link("ellesmere-warrington", "rail", 1)
	money := []int{41, 7, 63}
	for i := range v.PlayerViews {
		p := &v.PlayerViews[i]
		p.Money, p.IncomeSpace, p.Income, p.VP, p.Spent = money[i], 40+9*i, 14+3*i, 48+17*i, 10+5*i
		p.LinksLeft, p.HandSize = 7+i, 2
		p.NextTiles = []brass.NextTile{{Industry: "cotton", Level: 4, Left: 2 + i}, {Industry: "port", Level: 3, Left: 3}, {Industry: "coal", Level: 4, Left: 1}, {Industry: "iron", Level: 4, Left: 0}, {Industry: "ship", Level: 2, Left: 1}}
	}
	f.score()
	return v
}

// handView: seat 1's private view of the mid canal position.
func handView() *brass.View {
	v := midCanalView()
	v.Seat = 1
	v.Hand = []string{"bolton", "coal", "cotton", "liverpool", "manchester", "port", "warrington"}
	return v
}
