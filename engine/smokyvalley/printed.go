package smokyvalley

import (
	"strconv"
	"sync"
)

// Printed is what the board and its pieces print, for renderers: names,
// bonuses and track values, taken from the data files (so a corrected value
// shows on the image too). The View refers to these by index.
type Printed struct {
	Years      []int             // the development phases; View.Year is one of them
	Goods      []string          // by good index (wood, coal ... machine), basic first
	Basic      int               // goods [0, Basic) are basic
	Districts  []PrintedDistrict // board order; View.Districts matches
	Markets    []PrintedMarket   // GB, US, WI: ship destinations, canal sections, agencies
	Industries []PrintedIndustry // by Tile.Ind
	Services   []PrintedService  // by service token kind
	CanalTiles []PrintedCanal    // by canal tile kind
	Cards      []PrintedCard     // by city card index
	Categories []string          // city card categories, by priority token index

	CashMax      int
	IncomeMax    int
	PopMax       int
	PopBonus     map[int]string // popularity space: cash, basic, flour-or-beer, prestige2, machine
	Passing      []string       // passing track bonuses, top first: "", swap, basic, cash
	TradeLevels  []int          // prestige per processed good at each trade level
	CanalTrack   []int          // prestige per industry at each canal development position
	TrackStacks  []int          // discs per stack of the industry track
	Traders      int            // traders per seat
	ShipCapacity map[bool]int   // goods a ship holds: canaller true, schooner false
	CardGood     []string       // what a city card costs besides £1, by decade
}

// PrintedDistrict is one of Griffintown's districts.
type PrintedDistrict struct {
	ID, Name string
	Canal    bool // on the Lachine Canal (ships goods; has a canal section)
	Rail     bool
	Value    int // prestige per industry at final scoring
	Marker   string
	Spaces   []PrintedSpace
	Services []string // service space types: coal-power, water-power, cargo-train, clay-pit
}

// PrintedSpace is a building space: its bonus ("", "cash" or a basic
// good) and the fewest players it is used with.
type PrintedSpace struct {
	Bonus      string
	MinPlayers int
}

// PrintedMarket is a foreign market.
type PrintedMarket struct {
	ID, Name  string
	Basic     []string       // the basic goods it takes
	Processed map[string]int // processed goods with their printed extra prestige
	Bonus     string         // the trader bonus besides £1: machine, wood3, flour2
}

// PrintedIndustry is an industry kind.
type PrintedIndustry struct {
	ID, Name, Kind string // kind: supply or processing
	Needs          string // "", canal or rail
}

// PrintedService is a service token kind.
type PrintedService struct {
	ID, Name, Type, Good string
	Value                int
}

// PrintedCanal is a canal tile kind.
type PrintedCanal struct {
	ID, Name, Era, Kind string // era widening or modernization; kind action or changing
	Wide                bool
}

// PrintedCard is a city card.
type PrintedCard struct {
	ID, Name, Decade, Category, Needs string
}

// PrintedValues returns the printed values (shared; do not modify).
var PrintedValues = sync.OnceValue(func() *Printed {
	d := theData()
	p := &Printed{Years: years, Goods: goodNames[:], Basic: numBasic, Categories: categoryNames,
		CashMax: d.rules.CashMax, IncomeMax: d.rules.IncomeMax, PopMax: d.rules.PopMax, PopBonus: map[int]string{},
		Passing: d.rules.Passing, TradeLevels: d.rules.TradeLevels, CanalTrack: d.rules.CanalTrack,
		TrackStacks: d.rules.TrackStacks, Traders: d.rules.Traders,
		ShipCapacity: map[bool]int{false: d.rules.Ships.Capacity["schooner"], true: d.rules.Ships.Capacity["canaller"]},
		CardGood:     []string{goodNames[Grain], goodNames[Flour], goodNames[Flour]}}
	for k, v := range d.rules.PopBonus {
		n, _ := strconv.Atoi(k)
		p.PopBonus[n] = v
	}
	for _, x := range d.districts {
		pd := PrintedDistrict{ID: x.ID, Name: x.Name, Canal: x.Canal, Rail: x.Rail, Value: x.Value, Marker: x.Marker, Services: x.Services}
		for _, s := range x.Spaces {
			pd.Spaces = append(pd.Spaces, PrintedSpace(s))
		}
		p.Districts = append(p.Districts, pd)
	}
	for _, m := range d.markets {
		p.Markets = append(p.Markets, PrintedMarket{ID: m.ID, Name: m.Name, Basic: m.Basic, Processed: m.Processed, Bonus: m.Bonus})
	}
	for _, x := range d.industries {
		p.Industries = append(p.Industries, PrintedIndustry{ID: x.ID, Name: x.Name, Kind: x.Kind, Needs: x.Needs})
	}
	for _, x := range d.services {
		p.Services = append(p.Services, PrintedService{ID: x.ID, Name: x.Name, Type: x.Type, Good: x.Good, Value: x.Value})
	}
	for _, x := range d.canal {
		p.CanalTiles = append(p.CanalTiles, PrintedCanal{ID: x.ID, Name: x.Name, Era: x.Era, Kind: x.Kind, Wide: x.Wide})
	}
	for _, x := range d.cards {
		p.Cards = append(p.Cards, PrintedCard{ID: x.ID, Name: x.Name, Decade: x.Decade, Category: x.Category, Needs: x.Needs})
	}
	return p
})
