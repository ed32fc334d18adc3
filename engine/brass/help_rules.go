package brass

import (
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// The hand-written rules explanations live in the catalog
// (messages/help.{en,de,fr}.toml), in our own words (see
// docs/brass-rules.md): help.<id>.title, .keywords (comma-separated) and
// .body. Printed values that live in data/*.json reach them as message
// data (helpRuleData), so a data correction reaches the help text in every
// language; the tile, location and card topics are generated from the data
// (help.go).

// helpRuleIDs lists the rule topics in the order an empty help search
// shows them: game flow first, then building, links, the other actions,
// scoring and notation.
var helpRuleIDs = []string{
	TopicSetup, TopicDeck, TopicRounds, TopicIncome, TopicNegativeIncome, TopicTurn,
	TopicFirstTurn, TopicDiscard, TopicTurnOrder, TopicRefill, TopicPeriodEnd,
	TopicScoring, TopicLinkScoring, TopicFinalScoring, TopicTieBreak,
	TopicBuild, TopicLocationCard, TopicIndustryCard, TopicTwoCardBuild, TopicNetwork,
	TopicTechLevel, TopicOnePerTown, TopicOverbuild, TopicOverbuildOpponent,
	TopicCoal, TopicCoalMarket, TopicIron, TopicIronMarket, TopicCoalMine, TopicIronWorks,
	TopicFlipping, TopicCottonMill, TopicPort, TopicShipyard, TopicBarrow, TopicBirkenhead,
	TopicVirtualLink, TopicPortBoxes, TopicCanal, TopicRail, TopicLinkLimit, TopicDevelop,
	TopicSellCotton, TopicDistantMarket, TopicLoan, TopicNotation,
}

// helpRuleSlots is how many player counts (rows of the deck topic) and
// loan sizes (keywords of the loan topic) the rule messages have room for.
const helpRuleSlots = 3

// helpRuleData is the data every rule message may use: the printed values
// of rules.json and tracks.json.
func helpRuleData(b *board) map[string]string {
	r := b.rules
	deck := 0
	for _, p := range b.places {
		deck += p.Cards
	}
	for _, n := range b.industryCards {
		deck += n
	}
	d := map[string]string{
		"money":      itoa(r.StartMoney),
		"deck":       itoa(deck),
		"startspace": itoa(b.startSpace),
		"hand":       itoa(r.HandSize),
		"links":      itoa(r.LinksPerPeriod),
		"maxincome":  itoa(r.MaxIncome),
		"minincome":  itoa(r.MinIncome),
		"stock":      itoa(b.stockPrice),
		"canal":      itoa(r.CanalCost),
		"rail":       itoa(r.RailCost),
		"rail2":      itoa(r.DoubleRailCost),
	}
	if len(r.Players) > helpRuleSlots {
		panic("brass help: the deck and rounds topics have rows for " + itoa(helpRuleSlots) + " player counts")
	}
	for i := range helpRuleSlots {
		n := strconv.Itoa(i + 1)
		for _, k := range []string{"players", "canalaside", "railaside", "rounds"} {
			d[k+n] = ""
		}
		if i < len(r.Players) {
			pc := r.Players[i]
			d["players"+n], d["canalaside"+n], d["railaside"+n], d["rounds"+n] = itoa(pc.Players), itoa(pc.RemoveCanal), itoa(pc.RemoveRail), itoa(pc.Rounds)
		}
	}
	loans := helpLoans(b)
	if len(loans) > helpRuleSlots {
		panic("brass help: the loan topic has keywords for " + itoa(helpRuleSlots) + " loan sizes")
	}
	for i := range helpRuleSlots {
		d["loan"+strconv.Itoa(i+1)] = ""
		if i < len(loans) {
			d["loan"+strconv.Itoa(i+1)] = itoa(loans[i])
		}
	}
	return d
}

// helpLoans are the loan sizes a player may take.
func helpLoans(b *board) []int {
	var out []int
	for a := b.rules.LoanStep; a <= b.rules.MaxLoan; a += b.rules.LoanStep {
		out = append(out, a)
	}
	return out
}

// helpMoneyList is a list of amounts inside a sentence, one message per
// amount so that each language writes its own money and separators:
// "£1, £2, £3" with last the message of the last amount
// ("help.list.money-period" for "£3."); with or set, the last two are
// joined by the language's "or" ("£10, £20 or £30").
func helpMoneyList(amounts []int, last string, or bool) []lang.Msg {
	out := make([]lang.Msg, 0, len(amounts))
	for i, a := range amounts {
		id := "help.list.money-comma"
		switch {
		case i == len(amounts)-1 && (!or || i > 0):
			id = last
		case i == len(amounts)-1:
			id = "help.list.money"
		case or && i == len(amounts)-2:
			id = "help.list.money"
		}
		out = append(out, lang.M(id, "value", itoa(a)))
	}
	return out
}

// helpRules returns the rule topics, their texts by reference to the
// catalog with the data they state.
func helpRules(b *board) []engine.HelpTopic {
	data := helpRuleData(b)
	msg := func(id string) lang.Msg { return lang.Msg{ID: id, Data: data} }
	out := make([]engine.HelpTopic, 0, len(helpRuleIDs))
	for _, id := range helpRuleIDs {
		p := "help." + id + "."
		t := engine.HelpTopic{ID: id, Kind: "rule", TitleMsg: msg(p + "title"), KeywordsMsg: msg(p + "keywords"),
			BodyMsgs: []lang.Msg{msg(p + "body")}}
		switch id {
		case TopicCoalMarket:
			t.BodyMsgs = append(t.BodyMsgs, helpMoneyList(b.demandPrices, "help.list.money-period", false)...)
		case TopicIronMarket:
			t.BodyMsgs = append(t.BodyMsgs, helpMoneyList(b.demandPrices, "help.list.money-semicolon", false)...)
		case TopicLoan:
			t.BodyMsgs = append(t.BodyMsgs, helpMoneyList(helpLoans(b), "help.list.money-or", true)...)
		}
		if len(t.BodyMsgs) > 1 {
			t.BodyMsgs = append(t.BodyMsgs, msg(p+"body-end"))
		}
		out = append(out, t)
	}
	return out
}
