package brass

// Help topic IDs. Every RuleError of this package names one of these as its
// Topic; the help text for each lives in help*.go (written by the rules-help
// engineer). Adding an ID here means adding its text there.
const (
	TopicSetup             = "setup"
	TopicDeck              = "deck"
	TopicRounds            = "rounds"
	TopicIncome            = "income"
	TopicNegativeIncome    = "negative-income"
	TopicTurn              = "turn"
	TopicFirstTurn         = "first-turn"
	TopicDiscard           = "discard"
	TopicTurnOrder         = "turn-order"
	TopicRefill            = "refill"
	TopicPeriodEnd         = "period-end"
	TopicScoring           = "scoring"
	TopicLinkScoring       = "link-scoring"
	TopicFinalScoring      = "final-scoring"
	TopicTieBreak          = "tie-break"
	TopicBuild             = "build"
	TopicLocationCard      = "location-card"
	TopicIndustryCard      = "industry-card"
	TopicTwoCardBuild      = "two-card-build"
	TopicNetwork           = "network"
	TopicTechLevel         = "tech-level"
	TopicOnePerTown        = "one-per-town"
	TopicOverbuild         = "overbuild"
	TopicOverbuildOpponent = "overbuild-opponent"
	TopicCoal              = "coal"
	TopicCoalMarket        = "coal-market"
	TopicIron              = "iron"
	TopicIronMarket        = "iron-market"
	TopicCoalMine          = "coal-mine"
	TopicIronWorks         = "iron-works"
	TopicFlipping          = "flipping"
	TopicCottonMill        = "cotton-mill"
	TopicPort              = "port"
	TopicShipyard          = "shipyard"
	TopicBarrow            = "barrow"
	TopicBirkenhead        = "birkenhead"
	TopicVirtualLink       = "virtual-link"
	TopicPortBoxes         = "port-boxes"
	TopicCanal             = "canal"
	TopicRail              = "rail"
	TopicLinkLimit         = "link-limit"
	TopicDevelop           = "develop"
	TopicSellCotton        = "sell-cotton"
	TopicDistantMarket     = "distant-market"
	TopicLoan              = "loan"
	TopicNotation          = "notation"
)

// TopicIDs lists every help topic ID the engine refers to, in the order
// above, so the help text can be checked for completeness.
var TopicIDs = []string{
	TopicSetup, TopicDeck, TopicRounds, TopicIncome, TopicNegativeIncome, TopicTurn,
	TopicFirstTurn, TopicDiscard, TopicTurnOrder, TopicRefill, TopicPeriodEnd, TopicScoring,
	TopicLinkScoring, TopicFinalScoring, TopicTieBreak, TopicBuild, TopicLocationCard,
	TopicIndustryCard, TopicTwoCardBuild, TopicNetwork, TopicTechLevel, TopicOnePerTown,
	TopicOverbuild, TopicOverbuildOpponent, TopicCoal, TopicCoalMarket, TopicIron,
	TopicIronMarket, TopicCoalMine, TopicIronWorks, TopicFlipping, TopicCottonMill, TopicPort,
	TopicShipyard, TopicBarrow, TopicBirkenhead, TopicVirtualLink, TopicPortBoxes, TopicCanal,
	TopicRail, TopicLinkLimit, TopicDevelop, TopicSellCotton, TopicDistantMarket, TopicLoan,
	TopicNotation,
}
