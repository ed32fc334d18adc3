package urbanization

import (
	"sync"

	"github.com/smokestack/smokestack/engine"
)

// The scoring categories (engine.Info.Scoring), indexes of Player.VPBy.
const (
	scoreStart = iota
	scoreBuildings
	scoreFactories
	scoreProduction
	scoreCitizens
	scoreGrain
	scoreMayor
	scoreFactorySum
	scoreInventions
	numScoring
)

var scoring = sync.OnceValue(func() []engine.ScoringCategory {
	return []engine.ScoringCategory{
		{Key: "start", Label: en("scoring.start")},
		{Key: "buildings", Label: en("scoring.buildings")},
		{Key: "factories", Label: en("scoring.factories")},
		{Key: "production", Label: en("scoring.production")},
		{Key: "citizens", Label: en("scoring.citizens")},
		{Key: "grain", Label: en("scoring.grain")},
		{Key: "mayor", Label: en("scoring.mayor")},
		{Key: "factory-sum", Label: en("scoring.factory-sum")},
		{Key: "inventions", Label: en("scoring.inventions")},
	}
})

// score adds vp to the seat's score in category cat.
func (p *Player) score(cat, vp int) {
	p.VP += vp
	p.VPBy[cat] += vp
}

// breakdown is a seat's score by scoring category.
func (p *Player) breakdown() []engine.Stat {
	by := make(map[string]int, numScoring)
	for i, c := range scoring() {
		by[c.Key] = p.VPBy[i]
	}
	return engine.ScoreBreakdown(scoring(), by, p.VP)
}
