package urbanization

import (
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Rules help, in our own words. The texts are messages of the catalog
// (messages/help.{en,de,fr}.toml): hand-written rule topics first, their
// numbers given as data from data/*.json, then the topics generated from
// the data (one per character, factory card and invention), each worded
// by its own messages. Topics whose numbers are assumed say so. The
// English fields are filled from the English messages; a host words the
// topics in any language with engine.Words.Help.

// maxHelpBody keeps a topic readable on a phone; the contract allows 1500.
const maxHelpBody = 1400

func helpTopics() []engine.HelpTopic {
	out := helpRules()
	out = append(out, helpCharacters()...)
	out = append(out, helpFactories()...)
	out = append(out, helpInventions()...)
	return helpEnglish(out)
}

// helpEnglish fills the English fields of topics from the English
// messages they name.
func helpEnglish(topics []engine.HelpTopic) []engine.HelpTopic {
	return engine.Words{Lang: lang.English, Info: engine.Info{Catalog: catalog, Help: topics}}.Help()
}

// ruleData is the data of the rule topic id's body message (key, value
// pairs): the numbers of rules.json it states.
func ruleData(id string) []string {
	r := &theData().rules
	n := func(v num) string { return itoa(v.Value) }
	switch id {
	case TopicSetup:
		return []string{"money", n(r.StartMoney), "vp", n(r.StartVP), "markers", n(r.ActionMarkers), "grain", n(r.StartGrain),
			"orange", n(r.StartOrangeOrders), "citizens", n(r.StartCitizens), "houses", n(r.StartHouses), "taxes", n(r.StartTaxes)}
	case TopicTurns:
		return []string{"turns", n(r.Turns), "phases", n(r.ActionPhases)}
	case TopicMayor:
		return []string{"vp", n(r.MayorVP)}
	case TopicActions:
		return []string{"phases", n(r.ActionPhases)}
	case TopicActionMarkers:
		return []string{"markers", n(r.ActionMarkers)}
	case TopicBuildingArea:
		return []string{"territories", itoa(len(theData().terrs)), "last", fmt.Sprintf("%02d", len(theData().terrs))}
	case TopicBuyLand, TopicPriceMarkers:
		return []string{"price", n(r.PricePerMarker)}
	case TopicHouse:
		return []string{"cost", n(r.HouseCost), "vp", n(r.HouseVP), "pool", n(r.Houses)}
	case TopicSkyscraper:
		return []string{"cost", n(r.SkyscraperCost), "vp", n(r.SkyscraperVP), "pool", n(r.Skyscrapers)}
	case TopicAdmin:
		return []string{"cost", n(r.AdminCost), "vp", n(r.AdminVP), "pool", n(r.AdminBuildings)}
	case TopicGrainArea:
		kv := []string{"field", n(r.FieldPrice), "total", n(r.GrainTotal)}
		for i, p := range theData().barnPrices {
			kv = append(kv, "barn"+itoa(i+1), itoa(p))
		}
		return kv
	case TopicBuyGrain, TopicGrainCap, TopicHarvest:
		return []string{"cap", n(r.GrainCap)}
	case TopicOrderArea:
		return []string{"orders", n(r.OrdersPerColour), "white", itoa(theData().orderValues[White]),
			"grey", itoa(theData().orderValues[Grey]), "orange", itoa(theData().orderValues[Orange])}
	case TopicOrders:
		return []string{"bonus", n(r.LastSpaceBonus)}
	case TopicAttract:
		return []string{"vp", n(r.FactoryVP)}
	case TopicFactoryBuilding:
		return []string{"pool", n(r.FactoryTokens)}
	case TopicProduce:
		return []string{"white", itoa(theData().orderValues[White]), "grey", itoa(theData().orderValues[Grey]),
			"orange", itoa(theData().orderValues[Orange]), "vp", n(r.GoodVP)}
	case TopicCitizens:
		return []string{"vp", n(r.CitizenVP)}
	case TopicFeeding:
		return []string{"per", n(r.GrainPerVP)}
	case TopicFinalScoring:
		return []string{"vp", n(r.FactorySumVP)}
	case TopicInventions:
		return []string{"spaces", n(r.InventionSpaces), "vp", n(r.InventionVP)}
	case TopicAcquire:
		return []string{"cost", n(r.InventionStepCost)}
	}
	return nil
}

// helpRules are the hand-written rule topics, in TopicIDs' order: title
// and keywords are the messages help.<id>.title and .keywords, the body
// help.<id>.body with the topic's numbers.
func helpRules() []engine.HelpTopic {
	out := make([]engine.HelpTopic, 0, len(TopicIDs))
	for _, id := range TopicIDs {
		out = append(out, engine.HelpTopic{ID: id, Kind: "rule", BodyMsgs: []lang.Msg{lang.M("help."+id+".body", ruleData(id)...)}})
	}
	return out
}

// The topics generated from the data name their messages: the title is
// the name (name.character.<id>, name.factory.<id>: the names of play; an
// invention's title help.invention.<id>.title), the body and keywords
// help.<kind>.<id>.body and .keywords. A card's or character's numbers
// are written in its messages; TestHelpMatchesData compares them with the
// data in every language.
func generatedTopic(id, kind, msgs, title string) engine.HelpTopic {
	return engine.HelpTopic{ID: id, Kind: kind, TitleMsg: lang.M(title),
		BodyMsgs: []lang.Msg{lang.M(msgs + ".body")}, KeywordsMsg: lang.M(msgs + ".keywords")}
}

func helpCharacters() []engine.HelpTopic {
	out := make([]engine.HelpTopic, 0, len(theData().characters))
	for _, ch := range theData().characters {
		out = append(out, generatedTopic(TopicCharacterPrefix+ch.ID, "character", "help.character."+ch.ID, "name.character."+ch.ID))
	}
	return out
}

func helpFactories() []engine.HelpTopic {
	out := make([]engine.HelpTopic, 0, len(theData().factories))
	for _, f := range theData().factories {
		out = append(out, generatedTopic(TopicFactoryPrefix+f.ID, "factory", "help.factory."+f.ID, "name.factory."+f.ID))
	}
	return out
}

func helpInventions() []engine.HelpTopic {
	out := make([]engine.HelpTopic, 0, len(theData().inventions))
	for _, inv := range theData().inventions {
		out = append(out, generatedTopic(TopicInventionPrefix+inv.ID, "invention", "help.invention."+inv.ID, "help.invention."+inv.ID+".title"))
	}
	return out
}

// exampleMoves are the notation examples for help pages, one of every kind
// of move; each means the message example.<move, spaces as ->.
var exampleMoves = []string{
	"start t08 t03", "hire architect", "land t09 t03", "land agent t09 t15 t03", "build house t08 t09",
	"build architect skyscraper t08", "build admin t09", "grain buy 5", "grain buy 2 barn3 field", "grain sell 4", "grain millworker buy 1",
	"sow t08 t09 farmer", "orders bakery", "orders foreman windmill", "attract bakery t09", "attract windmill bakery",
	"attract industrialist pottery t08", "produce bakery:1 windmill:2", "produce engineer windmill:wo", "taxes",
	"taxes collector", "invent new s3 harvest-two", "invent professor s3 s5", "recall s5", "exchange", "decline", "pass",
}

// examples are the notation examples with their English meanings.
func examples() []engine.Example {
	out := make([]engine.Example, len(exampleMoves))
	for i, m := range exampleMoves {
		out[i] = engine.Example{Move: m, Meaning: en("example." + strings.ReplaceAll(m, " ", "-"))}
	}
	return out
}
