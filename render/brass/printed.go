package brass

import (
	"strconv"
	"sync"

	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
)

// printed is what the image shows of the game's printed values, taken from
// the engine (brass.PrintedValues and the game's Info) rather than copied:
// names, gold circles, track values and the number of seats.
type printed struct {
	places     map[string]brass.PrintedPlace // by ID
	cards      map[string]string             // card label by card slug: a town's short name, an industry's name
	industries []string                      // industry IDs in stack order
	demand     []int                         // prices of the coal and iron demand spaces, cheapest first
	stock      int                           // price of a cube when its track is empty
	cotton     []string                      // labels of the cotton demand spaces from the top, then the closed space
	maxSeats   int                           // the most players the game seats
}

// thePrinted is prepared on first use.
var thePrinted = sync.OnceValue(newPrinted)

func newPrinted() *printed {
	pv := brass.PrintedValues()
	p := &printed{
		places:   make(map[string]brass.PrintedPlace, len(pv.Places)),
		cards:    make(map[string]string, len(pv.Places)+len(pv.Industries)),
		maxSeats: brass.New().Info().MaxSeats,
	}
	for _, pl := range pv.Places {
		p.places[pl.ID] = pl
		p.cards[pl.ID] = pl.Short
	}
	for _, ind := range pv.Industries {
		p.industries = append(p.industries, ind.ID)
		p.cards[ind.ID] = ind.Name
	}
	p.demand = pv.DemandPrices
	for _, bonus := range pv.CottonBonus {
		p.cotton = append(p.cotton, "+"+strconv.Itoa(bonus))
	}
	p.cotton = append(p.cotton, "X")
	p.stock = pv.StockPrice
	return p
}

// labelIn is the name the map draws for a place in w's language: the
// catalog's name.place-short.<id> (a name shortened for the map, such as
// "Ellesmere P."), else its name.place.<id> ("Schottland", "Écosse"),
// else the printed short name. In English the catalog's names are the
// printed ones (TestPlaceLabelsEnglish).
func (p *printed) labelIn(w words, id string) string {
	name := w.w.Msg(lang.M("name.place."+id), p.places[id].Short)
	return w.w.Msg(lang.M("name.place-short."+id), name)
}

// cardLabelIn is the name drawn for a card: the town's short name or the
// industry's name (the slug itself for a card the data does not know).
func (p *printed) cardLabelIn(w words, card string) string {
	if _, ok := industryTint[card]; ok {
		return w.industry(card)
	}
	if n, ok := p.cards[card]; ok {
		return n
	}
	return card
}
