package urbanization

// Help topic IDs. Every RuleError of this package names one of these (or a
// generated topic: TopicCharacterPrefix+id and the like) as its Topic; the
// texts live in help.go.
const (
	TopicSetup           = "setup"
	TopicFirstHouse      = "first-house"
	TopicTurns           = "turns"
	TopicHire            = "hire"
	TopicCharacters      = "characters"
	TopicMayor           = "mayor"
	TopicActions         = "actions"
	TopicActionMarkers   = "action-markers"
	TopicPass            = "pass"
	TopicBuildingArea    = "building-area"
	TopicBuyLand         = "buy-land"
	TopicPriceMarkers    = "price-markers"
	TopicBuild           = "erect-buildings"
	TopicHouse           = "house"
	TopicSkyscraper      = "skyscraper"
	TopicAdmin           = "admin-building"
	TopicGrainArea       = "grain-area"
	TopicTradeGrain      = "trade-grain"
	TopicBuyGrain        = "buy-grain"
	TopicSellGrain       = "sell-grain"
	TopicGrainCap        = "grain-cap"
	TopicSow             = "sow-seeds"
	TopicOrderArea       = "work-order-area"
	TopicOrders          = "work-orders"
	TopicAttract         = "attract-industry"
	TopicFactoryBuilding = "factory-building"
	TopicUpgrade         = "upgrade"
	TopicProduce         = "produce-goods"
	TopicTaxes           = "collect-taxes"
	TopicAdministration  = "administration"
	TopicHarvest         = "harvest"
	TopicFactoriesPhase  = "factories-phase"
	TopicCitizens        = "citizens"
	TopicFeeding         = "feeding"
	TopicBarnRefill      = "barn-refill"
	TopicFinalScoring    = "final-scoring"
	TopicTieBreak        = "tie-break"
	TopicSmallGames      = "two-three-players"
	TopicInventions      = "inventions"
	TopicAcquire         = "acquire-invention"
	TopicRecall          = "recall"
	TopicOptions         = "options"
	TopicAssumed         = "assumed-data"
	TopicNotation        = "notation"

	// Generated topics: one per character, factory card and invention.
	TopicCharacterPrefix = "character-"
	TopicFactoryPrefix   = "card-"
	TopicInventionPrefix = "invention-"
)

// TopicIDs lists every hand-written rule topic, in the order above.
var TopicIDs = []string{
	TopicSetup, TopicFirstHouse, TopicTurns, TopicHire, TopicCharacters, TopicMayor, TopicActions,
	TopicActionMarkers, TopicPass, TopicBuildingArea, TopicBuyLand, TopicPriceMarkers, TopicBuild,
	TopicHouse, TopicSkyscraper, TopicAdmin, TopicGrainArea, TopicTradeGrain, TopicBuyGrain,
	TopicSellGrain, TopicGrainCap, TopicSow, TopicOrderArea, TopicOrders, TopicAttract,
	TopicFactoryBuilding, TopicUpgrade, TopicProduce, TopicTaxes, TopicAdministration, TopicHarvest,
	TopicFactoriesPhase, TopicCitizens, TopicFeeding, TopicBarnRefill, TopicFinalScoring,
	TopicTieBreak, TopicSmallGames, TopicInventions, TopicAcquire, TopicRecall, TopicOptions,
	TopicAssumed, TopicNotation,
}
