package smokyvalley

import (
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// The scoring categories (engine.Info.Scoring), indexes of
// Player.PrestigeBy.
const (
	scoreIndustries = iota
	scoreDistricts
	scoreCanals
	scoreServices
	scoreTrade
	scoreCouncil
	scoreCityCards
	scoreCardEffects
	numScoring
)

var scoring = sync.OnceValue(func() []engine.ScoringCategory {
	return []engine.ScoringCategory{
		{Key: "industries", Label: en("scoring.industries")},
		{Key: "districts", Label: en("scoring.districts")},
		{Key: "canals", Label: en("scoring.canals")},
		{Key: "services", Label: en("scoring.services")},
		{Key: "trade", Label: en("scoring.trade")},
		{Key: "council", Label: en("scoring.council")},
		{Key: "city-cards", Label: en("scoring.city-cards")},
		{Key: "card-effects", Label: en("scoring.card-effects")},
	}
})

// scoringOf is the category of a prestige gain by the reason
// gainPrestige gives for it; the city cards' own effects name the card.
// Rules version 1 counted the canal development bonus, the goods and
// traders at the markets and the popularity bonuses as card effects; from
// version 2 they count under canal, trade and council (the totals are the
// same; version 1 keeps its breakdown so its matches replay as stored).
func (st *State) scoringOf(why string) int {
	// Rules version 3: the owner's bonus is prestige an industry earns,
	// and Poverty Reduction a city card's effect (version 2 filed them
	// under Services and the council).
	if st.Rules >= 3 {
		switch why {
		case "owner's bonus":
			return scoreIndustries
		case "poverty reduction":
			return scoreCardEffects
		}
	}
	if st.Rules >= 2 {
		switch why {
		case "canal development in":
			return scoreCanals
		case "goods unloaded in", "first trader in", "goods on own ship":
			return scoreTrade
		case "first on popularity 22", "popularity bonus":
			return scoreCouncil
		}
	}
	switch {
	case why == "industry track" || why == "upgrade" || why == "coal power":
		return scoreIndustries
	case why == "industries in":
		return scoreDistricts
	case why == "canal tile" || why == "canal modernization":
		return scoreCanals
	case why == "service" || why == "owner's bonus" || why == "local distribution network":
		return scoreServices
	case why == "trader in an export agency":
		return scoreTrade
	case why == "mayor in 1860" || why == "poverty reduction":
		return scoreCouncil
	case why == "city cards":
		return scoreCityCards
	}
	return scoreCardEffects
}

// breakdown is a seat's prestige by scoring category.
func (p *Player) breakdown() []engine.Stat {
	by := make(map[string]int, numScoring)
	for i, c := range scoring() {
		by[c.Key] = p.PrestigeBy[i]
	}
	return engine.ScoreBreakdown(scoring(), by, p.Prestige)
}
