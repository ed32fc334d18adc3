package smokyvalley

// Help topic IDs: every RuleError names one of these.
const (
	TopicOverview   = "overview"
	TopicSetup      = "setup"
	TopicTurn       = "turn"
	TopicNavigation = "navigation"
	TopicPass       = "pass"
	TopicBuild      = "build"
	TopicUpgrade    = "upgrade"
	TopicProduce    = "produce"
	TopicService    = "service"
	TopicCanal      = "canal"
	TopicCanalTiles = "canal-tiles"
	TopicCards      = "city-cards"
	TopicTraders    = "traders"
	TopicShipGoods  = "ship-goods"
	TopicShips      = "ships"
	TopicShipyard   = "shipyard"
	TopicMarket     = "local-market"
	TopicPopularity = "popularity"
	TopicCash       = "cash-income"
	TopicAdmin      = "administration"
	TopicCouncil    = "council"
	TopicCanalPhase = "canal-phase"
	TopicFinal      = "final-scoring"
	TopicWinner     = "winner"
	TopicNotation   = "notation"
	TopicDecisions  = "house-rules"
)

// topicCanalLock is the Canal Lock card's topic (made from the data): the
// refusals its note causes name it.
const topicCanalLock = "card-canal-lock"
