package urbanization

import "github.com/smokestack/smokestack/engine"

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

var scoring = []engine.ScoringCategory{
	{Key: "start", Label: "Starting points"},
	{Key: "buildings", Label: "Buildings"},
	{Key: "factories", Label: "Factories attracted"},
	{Key: "production", Label: "Goods produced"},
	{Key: "citizens", Label: "Citizens"},
	{Key: "grain", Label: "Grain kept"},
	{Key: "mayor", Label: "Mayor"},
	{Key: "factory-sum", Label: "Largest sum of factory numbers"},
	{Key: "inventions", Label: "Inventions"},
}

// score adds vp to the seat's score in category cat.
func (p *Player) score(cat, vp int) {
	p.VP += vp
	p.VPBy[cat] += vp
}

// breakdown is a seat's score by scoring category.
func (p *Player) breakdown() []engine.Stat {
	by := make(map[string]int, numScoring)
	for i, c := range scoring {
		by[c.Key] = p.VPBy[i]
	}
	return engine.ScoreBreakdown(scoring, by, p.VP)
}
