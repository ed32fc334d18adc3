package smokyvalley

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// Rules help in our own words, in the catalog (messages/help.*.toml):
// hand-written rule topics (help.<id>.title, .body, .keywords), then
// topics made from the data (districts, industries, services, foreign
// markets, canal tiles, city cards), which say "assumed" where a number
// is. A topic made from data gives its texts by reference (TitleMsg,
// BodyMsgs, KeywordsMsg): one template per kind, worded with the data
// of each district, card or tile, so a group that corrects a value in
// data/*.json sees the help follow in every language. The English fields
// are the English catalog's wording of the same messages (one source).
//
// Names inside the help texts are worded with {{name "help-<kind>" .x}},
// messages name.help-<kind>.<token> of the help files (goods, districts,
// industries, markets, cards ...), until the game's own name.* messages
// are unified with them. A good with a count other than 1 is the token
// plus "s" (name.help-good.machines: "Maschinen"), so each language
// declines it; English keeps the bare good ("2 machine").

// ruleIDs are the hand-written rule topics, in the order of the help.
var ruleIDs = []string{TopicOverview, TopicSetup, TopicTurn, TopicNavigation, TopicPass, TopicBuild, TopicUpgrade,
	TopicProduce, TopicService, TopicCanal, TopicCanalTiles, TopicCards, TopicTraders, TopicShipGoods, TopicShips,
	TopicShipyard, TopicMarket, TopicPopularity, TopicCash, TopicAdmin, TopicCouncil, TopicCanalPhase, TopicFinal,
	TopicWinner, TopicNotation, TopicDecisions}

// ruleText is a rule topic in English, as the catalog words it.
type ruleText struct {
	id, title string
	keywords  []string
	body      string
}

// ruleTopics are the rule topics in English (tests search their keywords),
// made on first use.
var ruleTopics = sync.OnceValue(func() []ruleText {
	out := make([]ruleText, 0, len(ruleIDs))
	for _, t := range helpTopics()[:len(ruleIDs)] {
		out = append(out, ruleText{id: t.ID, title: t.Title, keywords: t.Keywords, body: t.Body})
	}
	return out
})

// helpTopics builds every topic by reference and fills its English fields
// from the English catalog.
func helpTopics() []engine.HelpTopic {
	var out []engine.HelpTopic
	values := ruleValues()
	for _, id := range ruleIDs {
		t := engine.HelpTopic{ID: id, Kind: "rule"}
		if parts, ok := values[id]; ok {
			t.TitleMsg, t.BodyMsgs, t.KeywordsMsg = lang.M("help."+id+".title"), parts, lang.M("help."+id+".keywords")
		}
		out = append(out, t)
	}
	for _, d := range theData().districts {
		out = append(out, districtTopic(d))
	}
	for i, ind := range theData().industries {
		out = append(out, industryTopic(i, ind))
	}
	for _, s := range theData().services {
		body := []lang.Msg{lang.M("help.service-token.effect."+s.Type, "good", s.Good),
			lang.M("help.service-token.tokens", "tokens", strconv.Itoa(s.Count), "value", strconv.Itoa(s.Value))}
		out = append(out, engine.HelpTopic{ID: "service-" + s.ID, Kind: "service",
			TitleMsg: lang.M("help.service-token.title."+s.Type, "good", s.Good), BodyMsgs: append(body, assumedParts(s.Assumed)...),
			KeywordsMsg: lang.M("help.service-token.keywords", "service", s.ID)})
	}
	for _, m := range theData().markets {
		out = append(out, marketTopic(m))
	}
	for _, t := range theData().canal {
		out = append(out, engine.HelpTopic{ID: "tile-" + t.ID, Kind: "canal tile",
			TitleMsg:    lang.M("help.tile.title-"+t.Era, "effect", t.Effect),
			BodyMsgs:    []lang.Msg{lang.M("help.tile.era-"+t.Era, "n", strconv.Itoa(t.Count)), lang.M("help.tile.effect." + t.Effect)},
			KeywordsMsg: lang.M("help.tile.keywords", "tile", t.ID, "effect", t.Effect)})
	}
	for i, c := range theData().cards {
		body := []lang.Msg{lang.M("help.card.intro", "card", c.ID, "decade", strings.TrimSuffix(c.Decade, "s"), "category", categoryNames[theData().cardCat[i]])}
		if c.Needs != "" {
			body = append(body, lang.M("help.card.needs-"+c.Needs))
		}
		out = append(out, engine.HelpTopic{ID: engine.CardTopicPrefix + c.ID, Kind: "city card",
			TitleMsg: lang.M("help.card.title", "card", c.ID), BodyMsgs: append(body, lang.M("help.card.effect."+c.ID)),
			KeywordsMsg: lang.M("help.card.keywords", "card", c.ID, "de", c.NameDE, "category", categoryNames[theData().cardCat[i]])})
	}
	w := english
	w.Info.Help = out
	en := w.Help()
	for i := range out {
		out[i].Title, out[i].Body, out[i].Keywords = en[i].Title, en[i].Body, en[i].Keywords
	}
	return out
}

// list words the items of an enumeration as parts of a topic's body: the
// first item's message first, the others' "and"-message, each followed by
// sep (last after the last item).
type list struct {
	parts     []lang.Msg
	sep, last string
}

func (l *list) add(id string, kv ...string) {
	l.parts = append(l.parts, lang.M(id, append(kv, "sep", l.sep)...))
}

// done puts the last separator on the last item.
func (l *list) done() []lang.Msg {
	if n := len(l.parts); n > 0 {
		l.parts[n-1].Data["sep"] = l.last
	}
	return l.parts
}

// goodToken is a good's name token for a count: the good itself for one,
// the good plus "s" for any other count (name.help-good.<token>).
func goodToken(g string, n int) string {
	if n == 1 {
		return g
	}
	return g + "s"
}

// goodsParts words amounts of goods ("1 coal and 1 iron"), sorted as their
// English reads; the first follows the sentence so far with first, the
// others with "and".
func goodsParts(m map[string]int, sep, last string) []lang.Msg {
	type amount struct {
		n int
		g string
	}
	var as []amount
	for g, n := range m {
		as = append(as, amount{n, g})
	}
	sort.Slice(as, func(i, j int) bool { return fmt.Sprint(as[i].n, " ", as[i].g) < fmt.Sprint(as[j].n, " ", as[j].g) })
	l := list{sep: sep, last: last}
	for i, a := range as {
		id := "help.goods.and"
		if i == 0 {
			id = "help.goods.first"
		}
		l.add(id, "n", strconv.Itoa(a.n), "good", goodToken(a.g, a.n))
	}
	return l.done()
}

// assumedParts says which of a record's values are assumed.
func assumedParts(fields []string) []lang.Msg {
	if len(fields) == 0 {
		return nil
	}
	l := list{sep: ",", last: "."}
	for _, f := range fields {
		l.add(assumedID(f))
	}
	return append([]lang.Msg{lang.M("help.assumed.intro")}, l.done()...)
}

func assumedID(field string) string { return "help.assumed." + strings.ReplaceAll(field, ".", "-") }

// assumedWords are the data's "assumed" field names in English words.
var assumedWords = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	var fields []string
	for _, d := range theData().districts {
		fields = append(fields, d.Assumed...)
	}
	for _, i := range theData().industries {
		fields = append(fields, i.Assumed...)
	}
	for _, s := range theData().services {
		fields = append(fields, s.Assumed...)
	}
	for _, m := range theData().markets {
		fields = append(fields, m.Assumed...)
	}
	for _, f := range fields {
		if id := assumedID(f); catalog.Has(lang.English, id) {
			out[f] = en(id, "sep", "")
		}
	}
	return out
})

// cardHelp is each city card's effects in English, as the catalog words
// them (help.card.effect.<token>).
var cardHelp = sync.OnceValue(func() map[string]string {
	out := map[string]string{}
	for _, c := range theData().cards {
		if id := "help.card.effect." + c.ID; catalog.Has(lang.English, id) {
			out[c.ID] = en(id)
		}
	}
	return out
})

func districtTopic(d districtData) engine.HelpTopic {
	feat := "inland"
	switch {
	case d.Canal && d.Rail:
		feat = "canal-rail"
	case d.Canal:
		feat = "canal"
	case d.Rail:
		feat = "rail"
	}
	actions := "help.district.actions-inland"
	if d.Canal {
		actions = "help.district.actions-canal"
	}
	body := []lang.Msg{lang.M("help.district."+feat, "district", d.ID), lang.M(actions),
		lang.M("help.district.value", "value", strconv.Itoa(d.Value))}
	for k, s := range d.Spaces {
		n, min := strconv.Itoa(k+1), strconv.Itoa(s.MinPlayers)
		switch s.Bonus {
		case "":
			body = append(body, lang.M("help.district.space-none", "n", n, "min", min))
		case "cash":
			body = append(body, lang.M("help.district.space-cash", "n", n, "min", min))
		default:
			body = append(body, lang.M("help.district.space-good", "n", n, "min", min, "good", s.Bonus))
		}
	}
	body = append(body, lang.M("help.district.services"))
	l := list{sep: ",", last: "."}
	for _, s := range d.Services {
		l.add("help.district.service", "service", s)
	}
	body = append(append(body, l.done()...), assumedParts(d.Assumed)...)
	return engine.HelpTopic{ID: "district-" + d.ID, Kind: "district", TitleMsg: lang.M("help.district.title", "district", d.ID),
		BodyMsgs: body, KeywordsMsg: lang.M("help.district.keywords", "district", d.ID)}
}

func industryTopic(i int, ind industryData) engine.HelpTopic {
	body := []lang.Msg{lang.M("help.industry.intro-"+ind.Kind, "industry", ind.ID)}
	if i == IndWoodDepot {
		body = append(body, lang.M("help.industry.depot"))
	} else {
		id := "help.industry.cost"
		if ind.Needs != "" {
			id += "-" + ind.Needs
		}
		body = append(body, lang.M(id, "n3", strconv.Itoa(ind.Count["3"]), "n4", strconv.Itoa(ind.Count["4"]), "wood", strconv.Itoa(ind.Wood)))
	}
	for _, side := range []struct {
		name string
		s    sideData
	}{{"basic", ind.Basic}, {"upgraded", ind.Upgraded}} {
		s := side.s
		sep := ","
		if len(s.Input) > 0 {
			sep = ""
		}
		body = append(body, lang.M("help.industry."+side.name, "cash", strconv.Itoa(s.Cash), "sep", sep))
		body = append(body, goodsAnd(s.Input, ",")...)
		body = append(body, lang.M("help.industry.makes"))
		switch {
		case s.Ship != "":
			body = append(body, lang.M("help.industry.ship-"+s.Ship))
		case s.Mix || len(s.Choice) > 0:
			l := list{sep: "", last: ""}
			for k, g := range s.Choice {
				switch {
				case k == 0:
					l.add("help.goods.first", "n", strconv.Itoa(s.Total), "good", goodToken(g, s.Total))
				case s.Mix:
					l.add("help.goods.and-bare", "good", goodToken(g, s.Total))
				default:
					l.add("help.goods.or", "good", goodToken(g, s.Total))
				}
			}
			l.last = ";"
			if s.Mix {
				l.last = ""
			}
			body = append(body, l.done()...)
			if s.Mix {
				body = append(body, lang.M("help.industry.mix"))
			}
		default:
			body = append(body, goodsParts(s.Output, "", ";")...)
		}
		body = append(body, lang.M("help.industry.owner"))
		var owner []lang.Msg
		owner = append(owner, goodsParts(s.Owner, "", "")...)
		if len(s.OwnerChoice) == 2 {
			how := "help.industry.owner-choice"
			if s.OwnerMatches {
				how = "help.industry.owner-matches"
			}
			if len(owner) > 0 {
				how += "-and"
			}
			owner = append(owner, lang.M(how, "a", s.OwnerChoice[0], "b", s.OwnerChoice[1], "sep", ""))
		}
		if s.OwnerPrestige > 0 {
			id := "help.prestige.and"
			if len(owner) == 0 {
				id = "help.prestige.first"
			}
			owner = append(owner, lang.M(id, "n", strconv.Itoa(s.OwnerPrestige), "sep", ""))
		}
		if n := len(owner); n > 0 {
			owner[n-1].Data["sep"] = "."
		}
		body = append(body, owner...)
	}
	body = append(body, lang.M("help.industry.upgrade"))
	body = append(body, goodsAnd(ind.Upgrade, ",")...)
	body = append(body, lang.M("help.industry.upgrade-prestige", "prestige", strconv.Itoa(ind.UpgradePrestige)))
	body = append(body, assumedParts(ind.Assumed)...)
	return engine.HelpTopic{ID: "industry-" + ind.ID, Kind: "industry", TitleMsg: lang.M("help.industry.title", "industry", ind.ID),
		BodyMsgs: body, KeywordsMsg: lang.M("help.industry.keywords", "industry", ind.ID, "kind", ind.Kind)}
}

// goodsAnd words amounts that follow a cost: each "and 1 coal", the
// last followed by last.
func goodsAnd(m map[string]int, last string) []lang.Msg {
	parts := goodsParts(m, "", last)
	if len(parts) > 0 {
		parts[0].ID = "help.goods.and"
	}
	return parts
}

func marketTopic(m marketData) engine.HelpTopic {
	body := []lang.Msg{lang.M("help.market.basic", "market", m.ID, "code", strings.ToUpper(m.ID))}
	l := list{sep: "", last: ","}
	for k, g := range m.Basic {
		id := "help.goods.and-bare"
		if k == 0 {
			id = "help.goods.bare"
		}
		l.add(id, "good", g)
	}
	body = append(append(body, l.done()...), lang.M("help.market.processed"))
	l = list{sep: "", last: "."}
	for k, g := range slices.Sorted(maps.Keys(m.Processed)) {
		id := "help.market.level"
		if x := m.Processed[g]; x > 0 {
			id = "help.market.level-plus"
		}
		if k > 0 {
			id += "-and"
		}
		l.add(id, "good", g, "extra", strconv.Itoa(m.Processed[g]))
	}
	levels := make([]string, len(theData().rules.TradeLevels))
	for i, v := range theData().rules.TradeLevels {
		levels[i] = strconv.Itoa(v)
	}
	body = append(append(body, l.done()...), lang.M("help.market.trader", "levels", strings.Join(levels, ", "), "bonus", m.Bonus))
	return engine.HelpTopic{ID: "market-" + m.ID, Kind: "foreign market", TitleMsg: lang.M("help.market.title", "market", m.ID),
		BodyMsgs: append(body, assumedParts(m.Assumed)...), KeywordsMsg: lang.M("help.market.keywords", "market", m.ID)}
}

// ruleValues gives the rule topics whose text holds values from the data
// their body by parts, so that a group that corrects an assumed value in
// data/*.json sees the help follow.
func ruleValues() map[string][]lang.Msg {
	r := theData().rules
	out := map[string][]lang.Msg{}

	pass := list{sep: ",", last: "."}
	for i, b := range r.Passing {
		if b == "" {
			b = "none"
		}
		pass.add("help.pass.space-"+b, "ord", strconv.Itoa(min(i, 5)+1))
	}
	out[TopicPass] = append(append([]lang.Msg{lang.M("help.pass.body")}, pass.done()...), lang.M("help.pass.body-end"))

	track := list{sep: ";", last: "."}
	n := 0
	for i, k := range r.TrackStacks {
		n += k
		b := r.TrackBonus[i]
		disc, stack := strconv.Itoa(n), strconv.Itoa(i+1)
		switch {
		case b.Income > 0 && b.Prestige > 0:
			track.add("help.build.track-both", "disc", disc, "stack", stack, lang.CountKey, strconv.Itoa(b.Income), "prestige", strconv.Itoa(b.Prestige))
		case b.Income > 0:
			track.add("help.build.track-income", "disc", disc, "stack", stack, lang.CountKey, strconv.Itoa(b.Income))
		case b.Prestige > 0:
			track.add("help.build.track-prestige", "disc", disc, "stack", stack, "prestige", strconv.Itoa(b.Prestige))
		}
	}
	out[TopicBuild] = append(append([]lang.Msg{lang.M("help.build.body")}, track.done()...), lang.M("help.build.body-end"))

	up := map[string][]string{}
	for i, ind := range theData().industries {
		v := strconv.Itoa(ind.UpgradePrestige)
		if i != IndWoodDepot && !slices.Contains(up[ind.Kind], v) {
			up[ind.Kind] = append(up[ind.Kind], v)
		}
	}
	out[TopicUpgrade] = []lang.Msg{lang.M("help.upgrade.body", "supply", strings.Join(up["supply"], "/"), "processing", strings.Join(up["processing"], "/"))}

	var spaces []int
	for k := range r.PopBonus {
		v, _ := strconv.Atoi(k)
		spaces = append(spaces, v)
	}
	sort.Ints(spaces)
	pop := list{sep: ",", last: ""}
	for _, k := range spaces {
		pop.add("help.popularity.bonus-"+r.PopBonus[strconv.Itoa(k)], "space", strconv.Itoa(k))
	}
	out[TopicPopularity] = append(append([]lang.Msg{lang.M("help.popularity.body")}, pop.done()...), lang.M("help.popularity.body-end"))

	out[TopicCash] = []lang.Msg{lang.M("help.cash-income.body", "prestige", strconv.Itoa(r.PrestigeAboveIncomeMax))}
	return out
}

// examples are the notation examples (Info.Examples); what each means is
// the catalog's message example.<move, spaces as ->.
var examples = sync.OnceValue(func() []engine.Example {
	moves := []string{
		"depot mccord",
		"go stgabriel",
		"build coal-depot s1",
		"upgrade s2",
		"produce s3 depot",
		"produce s2 grain",
		"service clay-pit",
		"canal w-ship1 slot2",
		"card canal-lock wellington stgabriel:w-build slot1",
		"card bank build coal-depot s1",
		"trader gb1",
		"ship grain@gb1 beer@us2",
		"tile wellington build flour-mill s2",
		"buy wood",
		"sell wood coal iron",
		"sellpair brick flour",
		"poverty beer",
		"end",
		"pass 3 iron",
		"bonus wood",
		"take coal",
		"priorities life-service-economy",
	}
	out := make([]engine.Example, len(moves))
	for i, m := range moves {
		out[i] = engine.Example{Move: m, Meaning: en("example." + strings.ReplaceAll(m, " ", "-"))}
	}
	return out
})
