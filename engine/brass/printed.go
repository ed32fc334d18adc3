package brass

import "slices"

// Printed is what the board and the counters print that a drawing of the
// board needs besides a View: names, the gold link-VP circles and the values
// along the market tracks. It comes from data/*.json, so a drawing shows
// the values the rules play by.
type Printed struct {
	Places     []PrintedPlace    // every location, in data order (the order of View.Places)
	Industries []PrintedIndustry // in stack order (the order of Player.NextTiles)
	// DemandPrices is the price printed on each space of the coal and of the
	// iron demand track, cheapest first. Cubes fill the dearest spaces:
	// View.CoalDemand cubes fill the last CoalDemand spaces.
	DemandPrices []int
	// CottonBonus is the bonus, in income spaces, printed on each space of
	// the cotton demand track from the top; View.CottonDemand indexes it,
	// and the space after the last one, len(CottonBonus), closes the
	// distant market.
	CottonBonus []int
	// StockPrice is what a coal or iron cube costs when its demand track
	// is empty (printed beyond the track's last space).
	StockPrice int
}

// PrintedPlace is one location's printed name and gold circles.
type PrintedPlace struct {
	ID     string // slug, as in PlaceView.ID
	Name   string // full name
	Short  string // the name where room is short, such as on the board image
	LinkVP int    // gold circles: the VP a link into it scores
	Port   bool   // printed with an anchor: counts as a constructed port
}

// PrintedIndustry is one industry's name and what its counters print.
type PrintedIndustry struct {
	ID   string // slug, as in TileView.Industry and the cards of View.Hand
	Name string // also the name of its industry card
	// Levels are its counters by tech level (index = level; a level the
	// industry has no counter of is zero).
	Levels []PrintedLevel
}

// PrintedLevel is what a counter of one tech level prints.
type PrintedLevel struct {
	VP     int // scored once flipped
	Income int // income spaces gained when flipped
}

// PrintedValues returns the printed values. Each call returns a new copy,
// which the caller may keep and change.
func PrintedValues() Printed {
	b := theBoard()
	p := Printed{
		Places:       make([]PrintedPlace, len(b.places)),
		Industries:   make([]PrintedIndustry, numIndustries),
		DemandPrices: slices.Clone(b.demandPrices),
		CottonBonus:  slices.Clone(b.cottonBonus),
		StockPrice:   b.stockPrice,
	}
	for i, pl := range b.places {
		p.Places[i] = PrintedPlace{ID: pl.ID, Name: pl.Name, Short: pl.Short, LinkVP: pl.LinkVP, Port: pl.Port}
	}
	for i := range numIndustries {
		p.Industries[i] = PrintedIndustry{ID: i.String(), Name: b.names[i], Levels: make([]PrintedLevel, len(b.specs[i]))}
		for lv, sp := range b.specs[i] {
			p.Industries[i].Levels[lv] = PrintedLevel{VP: sp.VP, Income: sp.Income}
		}
	}
	return p
}
