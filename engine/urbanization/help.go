package urbanization

import (
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// Rules help, in our own words: hand-written rule topics first, then
// topics generated from the data (one per character, factory card and
// invention), so numbers are stated once, in data/*.json. Topics whose
// numbers are assumed say so.

// maxHelpBody keeps a topic readable on a phone; the contract allows 1500.
const maxHelpBody = 1400

func helpTopics() []engine.HelpTopic {
	out := helpRules()
	out = append(out, helpCharacters()...)
	out = append(out, helpFactories()...)
	out = append(out, helpInventions()...)
	return out
}

type ruleText struct {
	id, title string
	keywords  []string
	body      string
}

// assumedNote is appended to topics built on assumed numbers.
const assumedNote = "\nSome numbers here are assumed (the scan of the rulebook lost them): see the topic assumed-data."

func helpRules() []engine.HelpTopic {
	r := &theData.rules
	d := func(n num) string { return dollars(n.Value) }
	barns := make([]string, len(theData.barnPrices))
	for i, p := range theData.barnPrices {
		barns[i] = fmt.Sprintf("barn %d %s", i+1, dollars(p))
	}
	texts := []ruleText{
		{TopicSetup, "Setting up", []string{"set-up", "start", "begin", "starting money", "preparation"}, fmt.Sprintf(
			"Each player gets a tracking card, %s, %d VP on the scoring track, %d action markers, %s and %s work order on the card. "+
				"The citizen marker starts on %d, the house marker on %d (your free first house), the tax marker on %d.\n"+
				"The factory deck lies face up in number order, lowest on top; its top cards fill the three display spaces (the lowest on space 1). "+
				"Every open territory gets one price marker. Barns and field hold 1 grain per player each, the return area 2 per player. "+
				"The start player is the oldest player: the engine draws one from the match seed (pin first). "+
				"Then everyone places a free first house (topic first-house)."+assumedNote,
			d(r.StartMoney), r.StartVP.Value, r.ActionMarkers.Value, plural(r.StartGrain.Value, "grain", "grain"), plural(r.StartOrangeOrders.Value, "orange", "orange"),
			r.StartCitizens.Value, r.StartHouses.Value, r.StartTaxes.Value)},
		{TopicFirstHouse, "Free first house", []string{"first house", "start", "preparation", "general preparation"},
			"Before turn 1, clockwise from the start player, each player picks a territory still holding a price marker, puts a house and an action marker on it for free, and moves that territory's price markers onto territories that still hold one (several may go to one territory). " +
				"Notation: start <territory> <a territory per marker>, e.g. start t08 t03."},
		{TopicTurns, "Game turns", []string{"turn", "round", "sequence", "segments", "game length"}, fmt.Sprintf(
			"The game lasts %d turns. Each turn has three segments: hire a character (topic hire), %d action phases (topic actions), and the administration (topic administration). After the last turn comes the final scoring.",
			r.Turns.Value, r.ActionPhases.Value)},
		{TopicHire, "Hiring a character", []string{"character", "draft", "pick", "hire"},
			"At the start of each turn, clockwise from the start player, each player takes one face-up character card for free. A character is used by playing it with its action (it is then spent); characters not played come back at the end of the turn, and the Farmer after the harvest. " +
				"Notation: hire <character>, e.g. hire architect."},
		{TopicCharacters, "Characters", []string{"character cards", "role", "ability"}, characterSummary()},
		{TopicMayor, "The Mayor", []string{"mayor", "start player", "fewest points", "catch-up"}, fmt.Sprintf(
			"Not used in turn 1. From turn 2 the player with the fewest points receives the Mayor at the start of the turn: he is start player, scores %d VP and hires a character like everyone, first. "+
				"Ties go to the least money, then to the tied player nearest clockwise to the previous start player, starting with his left neighbour (option mayor-tie=former starts with the previous start player himself).",
			r.MayorVP.Value)},
		{TopicActions, "Action phases", []string{"action", "phase", "turn order", "clockwise"}, fmt.Sprintf(
			"Each turn has %d action phases. In each, clockwise from the start player, every player takes one action or passes: buy land, erect buildings, trade grain, sow seeds, receive work orders, attract industry, produce goods, collect taxes, and with the expansion acquire an invention. Passing does not stop you acting in the next phase.",
			r.ActionPhases.Value)},
		{TopicActionMarkers, "Action markers", []string{"markers", "ten markers", "pool", "limit"}, fmt.Sprintf(
			"You have %d action markers. One goes on each territory you own and stays there for the game; one goes on each work-order space you take and comes back when that card is attracted or removed; markers on the invention track stay until you take them back (topic recall). "+
				"Buying land, receiving work orders, attracting industry and putting a new marker on the invention track each need a marker in your pool: with none left you cannot take those actions.",
			r.ActionMarkers.Value)},
		{TopicPass, "Passing", []string{"pass", "skip", "no action"}, "Instead of an action you may pass for this phase. You act again in the next phase. Notation: pass."},
		{TopicBuildingArea, "The building area", []string{"territory", "territories", "board", "ground", "grounds", "map", "t01"}, fmt.Sprintf(
			"The building area has %d triangular territories, t01 to t%02d, each with 1 or 2 building grounds. Territories sharing an edge are neighbours. A ground holds one house, skyscraper or factory, or sown grain; administrative buildings need no ground. "+
				"The layout used here (a hexagon of triangles in rows of 5, 7, 7 and 5; up-pointing triangles with 2 grounds) is assumed: the real board's arrangement is not known. The view lists every territory's neighbours."+assumedNote,
			len(theData.terrs), len(theData.terrs))},
		{TopicBuyLand, "Buying land", []string{"land", "territory", "buy", "adjacent", "price"}, fmt.Sprintf(
			"Buy one territory sharing an edge with one of yours: pay %s per price marker on it, put an action marker on it, then move all its price markers onto territories that still hold at least one (topic price-markers). One purchase per action. "+
				"Notation: land <territory> <a territory per marker>, e.g. land t09 t03. With the Estate Agent: land agent <buy> <swap with> <markers>.",
			d(r.PricePerMarker))},
		{TopicPriceMarkers, "Price markers", []string{"price", "markers", "cost of land"}, fmt.Sprintf(
			"Every open territory starts with one price marker; a territory costs %s per marker on it. When a territory is taken, its markers move to territories that still hold at least one, as its new owner chooses, so land nobody owns never costs less than %s. "+
				"In the notation the receiving territories are listed in board order, one per marker (the same territory may repeat). If no territory is left for sale, the markers leave the board.",
			d(r.PricePerMarker), d(r.PricePerMarker))},
		{TopicBuild, "Erecting buildings", []string{"build", "erect", "buildings", "raise"},
			"One type of building per action, as many of it as you want and can pay for: houses (topic house), skyscrapers (topic skyscraper) or administrative buildings (topic admin-building). Only what is left in the shared pool can be built. " +
				"Notation: build house|skyscraper|admin <territory> ..., territories in board order, repeated for two on one territory. With the Architect: build architect <type> ..."},
		{TopicHouse, "Houses", []string{"house", "housing", "home"}, fmt.Sprintf(
			"A house costs %s and scores %d VP. It goes on an empty building ground of one of your territories (a sown ground stays taken until the harvest) and moves your house marker one space right. The pool holds %d houses.%s",
			d(r.HouseCost), r.HouseVP.Value, r.Houses.Value, assumedNote)},
		{TopicSkyscraper, "Skyscrapers", []string{"skyscraper", "tower", "upgrade house"}, fmt.Sprintf(
			"A skyscraper costs %s and scores %d VP. It replaces one of your houses (the house goes back to the pool) and moves your house marker one more space right. Since one action builds one type, a house cannot become a skyscraper in the phase it was built. The pool holds %d.%s",
			d(r.SkyscraperCost), r.SkyscraperVP.Value, r.Skyscrapers.Value, assumedNote)},
		{TopicAdmin, "Administrative buildings", []string{"admin", "administrative", "administration building", "town hall"}, fmt.Sprintf(
			"An administrative building costs %s and scores %d VP. It goes on any territory of yours and needs no empty ground; a territory may hold several. The pool holds %d.%s",
			d(r.AdminCost), r.AdminVP.Value, r.AdminBuildings.Value, assumedNote)},
		{TopicGrainArea, "The grain area", []string{"barn", "barns", "field", "return area", "grain market"}, fmt.Sprintf(
			"Grain is bought from and sold to four barns and a field: %s, field %s. Each holds at most 1 grain per player. Eaten grain goes to the return area, which cannot be bought from; the barn refill sends its surplus back. There are %d grain in the box; with fewer than 4 players some stay out of play.",
			strings.Join(barns, ", "), d(r.FieldPrice), r.GrainTotal.Value)},
		{TopicTradeGrain, "Trading grain", []string{"grain", "trade", "food"},
			"One action either buys grain (topic buy-grain) or sells it (topic sell-grain), as much as you want and can afford; with the Mill Worker you first take grain from the field for free and may then buy or sell. " +
				"Notation: grain buy <n>, grain sell <n>, grain millworker [buy <n> | sell <n>]."},
		{TopicBuyGrain, "Buying grain", []string{"buy grain", "purchase", "price of grain"}, fmt.Sprintf(
			"At most one grain from each barn per action, any number from the field, never from the return area; an empty barn sells nothing. The engine always takes the cheapest grain first: buying 5 with every barn stocked costs $1+$1+$2+$2+$3 = $9. "+
				"You cannot hold more than %d grain (topic grain-cap).",
			r.GrainCap.Value)},
		{TopicSellGrain, "Selling grain", []string{"sell grain", "sale"},
			"Sold grain fills the barns from the cheapest, each to its capacity (1 per player), then the field, and you get each space's price. When everything is full you cannot sell. Example: barn 1 with two free places, barns 2 and 3 with one each: selling 4 grain earns $1+$1+$1+$2 = $5."},
		{TopicGrainCap, "The grain limit", []string{"eight grain", "limit", "maximum", "cap", "8"}, fmt.Sprintf(
			"A tracking card holds at most %d grain. The engine applies the limit at all times: you cannot buy or take grain beyond it, and harvest grain that does not fit stays in the return area. Option grain-cap=harvest applies it only at the harvest: purchases may then take a card past the limit, and the harvest adds no grain to a card at or past it (it does not cut the card back).",
			r.GrainCap.Value)},
		{TopicSow, "Sowing seeds", []string{"sow", "seed", "seeds", "plant", "farm"},
			"Move grain from your tracking card onto empty building grounds of your territories, one per ground (two with the double sowing invention), as many as you like. A sown ground counts as taken until the harvest, which gives back each grain and one more. With the Farmer you may also sow 1 or 2 on the card itself. " +
				"Notation: sow <territory> ... [farmer ...], territories in board order."},
		{TopicOrderArea, "The work-order area", []string{"display", "factory deck", "factory cards", "supply"}, fmt.Sprintf(
			"Three factory cards lie on display spaces 1 to 3; the rest of the deck lies face up beneath, lowest number on top. Each card shows work-order spaces, filled left to right, and its production. "+
				"The supply holds %d work orders of each colour: white is worth $%d, grey $%d, orange $%d.",
			r.OrdersPerColour.Value, theData.orderValues[White], theData.orderValues[Grey], theData.orderValues[Orange])},
		{TopicOrders, "Receiving work orders", []string{"work orders", "orders", "jobs", "receive"}, fmt.Sprintf(
			"Put an action marker on the leftmost empty work-order space of a displayed factory card and take the work orders it shows from the supply (what is left, if it runs short). Whoever fills a card's last space also gets %s. Once per action. "+
				"Notation: orders <card>, e.g. orders bakery; with the Foreman: orders foreman <card>.",
			d(r.LastSpaceBonus))},
		{TopicAttract, "Attracting industry", []string{"attract", "industry", "factory card", "take card"}, fmt.Sprintf(
			"When every work-order space of a displayed card is filled and you have an action marker in your pool, you may take the card: all action markers on it go back to their owners and the top of the deck fills the space. "+
				"Then either build a new factory (topic factory-building) or upgrade one of yours (topic upgrade); either scores %d VP. If you can do neither you cannot attract. Once per action. "+
				"Notation: attract <card> <territory> for a new factory, attract <card> <factory to upgrade>.",
			r.FactoryVP.Value)},
		{TopicFactoryBuilding, "Factories", []string{"factory", "factories", "new factory", "build factory"}, fmt.Sprintf(
			"A new factory is a factory token from the pool on an empty building ground of yours, with the attracted card as its active card. The pool holds %d factories; without one, or without an empty ground, you can only upgrade.%s",
			r.FactoryTokens.Value, assumedNote)},
		{TopicUpgrade, "Upgrading a factory", []string{"upgrade", "stack", "inactive"},
			"Instead of building, lay the attracted card on one of your factories whose active card has a lower number. The new card becomes active; the old one stays beneath, inactive: it no longer produces but still counts for the final factory sum and invention bonuses."},
		{TopicProduce, "Producing goods", []string{"produce", "goods", "production", "income"}, fmt.Sprintf(
			"At any of your factories that have not produced this turn, pay the work orders of the active card's goods colour onto its production space: each earns its value ($%d white, $%d grey, $%d orange) and each good scores %d VP. "+
				"The engine lets a factory produce fewer goods than printed (option production=exact requires the full count). Notation: produce <card>:<goods> ..., factories in number order, e.g. produce bakery:1 windmill:2.",
			theData.orderValues[White], theData.orderValues[Grey], theData.orderValues[Orange], r.GoodVP.Value)},
		{TopicTaxes, "Collecting taxes", []string{"taxes", "tax", "collect", "money"},
			"Only while your tax marker stands right of your citizen marker: move it one space left and take $1 per citizen. The marker never comes back, so every collection uses up one of the spaces left. Once per action (twice with the Tax Collector, the condition checked each time). Notation: taxes, or taxes collector."},
		{TopicAdministration, "Administration", []string{"administration", "end of turn", "upkeep"},
			"After the four action phases, in this order: harvest, factories, citizens, feeding, barn refill, then the next turn (or the final scoring after the last turn). Everything is automatic except the order swap invention's choice."},
		{TopicHarvest, "Harvest", []string{"harvest", "sown grain", "crops"}, fmt.Sprintf(
			"Every sown grain (on grounds and the Farmer card) comes back to its owner with one more. The extra grain comes from the return area, then the field, then the barns from the dearest. You keep at most %d; the rest stays in the return area. Players harvest clockwise from the start player. Harvest inventions add grain and points here.",
			r.GrainCap.Value)},
		{TopicFactoriesPhase, "Factories phase", []string{"factories phase", "remove factory", "display refill"},
			"The lowest-numbered card on display leaves the game; its action markers go home and the next deck card takes its space. Every production space is emptied into the supply, so each factory may produce again next turn. Order inventions pay their work orders, and the order swap's owner may exchange (notation: exchange or decline)."},
		{TopicCitizens, "Citizens", []string{"citizens", "population", "people", "census"}, fmt.Sprintf(
			"Your citizens become the lowest of your house line, your grain and your work orders (all colours). Each scores %d VP. Example: houses 3, grain 4, work orders 2 give 2 citizens and 4 VP. Citizens can go down as well as up.",
			r.CitizenVP.Value)},
		{TopicFeeding, "Feeding", []string{"feed", "food", "eat"}, fmt.Sprintf(
			"Each citizen eats one grain, which goes to the return area; then you score 1 VP for every %d grain left on your card.",
			r.GrainPerVP.Value)},
		{TopicBarnRefill, "Barn refill", []string{"refill", "barns", "return area"},
			"If the return area holds more than 2 grain per player, the surplus goes to the field, then to barn 4, barn 3 and so on, each up to 1 per player."},
		{TopicFinalScoring, "Final scoring", []string{"end", "final", "winner", "factory sum"}, fmt.Sprintf(
			"After the last turn the player with the largest sum of factory numbers (active and inactive cards) scores %d VP; a tie goes to the owner of the newest factory (the highest number). Then invention cards score their factory bonuses. Most points wins (topic tie-break).",
			r.FactorySumVP.Value)},
		{TopicTieBreak, "Ties", []string{"tie", "tie-break", "draw", "newest factory"},
			"Tied players are ranked by the newest factory card each owns, the highest number counting as newest. Tied players without factories share the place (listed in seat order)."},
		{TopicSmallGames, "Two and three players", []string{"2 players", "3 players", "covering tiles", "covered"},
			"With 2 players only the factory cards with a II back are used, with 3 those with II or III. Some territories are covered and cannot be used; they get no price marker. Which cards carry which back and which territories are covered is assumed here; the view marks the covered territories." + assumedNote},
		{TopicInventions, "The Inventions expansion", []string{"inventions", "expansion", "invention track", "docking"}, fmt.Sprintf(
			"Option inventions=on. The 18 invention cards lie two per docking space on %d spaces, s1 to s%d, and the Professor joins the characters. A ninth action, acquire an invention (topic acquire-invention), moves your action markers along the track; each card scores %d VP and gives its ability for the rest of the game, and some score more at the end if you own a given factory. "+
				"Which cards lie on which space is assumed.",
			r.InventionSpaces.Value, r.InventionSpaces.Value, r.InventionVP.Value)},
		{TopicAcquire, "Acquiring an invention", []string{"acquire", "invent", "invention", "track"}, fmt.Sprintf(
			"Move one of your markers right along the docking spaces, or put a new one in (at most one new marker per phase; it enters on s1, which counts as its free first space). The first space of a move is free, each further one costs %s. You must move at least one space, so you cannot stay to take a space's second card. Where the marker stops, take one card there (all of them with the Professor). "+
				"Notation: invent new|s<n> s<m> [card].",
			d(r.InventionStepCost))},
		{TopicRecall, "Taking markers back", []string{"recall", "take back", "remove marker"},
			"Markers stay on the invention track through the administration. You may take one back to your pool at any time; the engine offers it on your turn of an action phase, before your action, and it does not use your action. Notation: recall s<n>."},
		{TopicOptions, "Match options and pins", []string{"options", "variant", "pins", "first player"},
			"Options: inventions (off, on); grain-cap (always, harvest); production (up-to, exact); mayor-tie (left, former). Pins fix what setup would draw: first = the start player's seat (1-based); deck = the factory deck, top first, as card ids or numbers separated by commas."},
		{TopicAssumed, "Assumed numbers", []string{"assumed", "assumption", "unknown", "data", "scan"},
			"The only English rulebook available was scanned with its numbers partly lost. Assumed here, and correctable in the game's data files: the starting money, the tracking card's start spaces, the building pool counts, the board layout and covered territories, every factory card's number, colour, work-order spaces, production and back, three factory and four character names, the invention cards' names, spaces and some factory bonuses."},
		{TopicNotation, "Move notation", []string{"notation", "syntax", "how to type", "commands"},
			"A move is words separated by spaces, one per decision: start, hire, land, build, grain, sow, orders, attract, produce, taxes, invent, recall, pass, exchange, decline. Territories are t01 to t24, docking spaces s1 to s9, factory cards and inventions by id (stock-market, harvest-two). Full names with spaces are accepted. The choices list the legal next words."},
	}
	out := make([]engine.HelpTopic, 0, len(texts))
	for _, t := range texts {
		out = append(out, engine.HelpTopic{ID: t.id, Title: t.title, Kind: "rule", Keywords: t.keywords, Body: t.body})
	}
	return out
}

func characterSummary() string {
	var b strings.Builder
	b.WriteString("Each turn every player hires one character (the Mayor is given, not hired). Each is played with one action, then spent:\n")
	for c := 1; c < numCharacters; c++ {
		fmt.Fprintf(&b, "- %s (%s)\n", charName(c), theData.characters[c].Action)
	}
	b.WriteString("Each has its own topic, e.g. character-architect.")
	return b.String()
}

func helpCharacters() []engine.HelpTopic {
	var out []engine.HelpTopic
	for c, ch := range theData.characters {
		body := ch.Ability
		if ch.Action != "" {
			body += fmt.Sprintf("\nNotation: add the word %s right after the action word %s (see the topic notation), e.g. %s.", ch.ID, ch.Action, characterExample[c])
		}
		if ch.NameAssumed {
			body += "\nThe card's English name is not known for sure; this name is the engine's."
		}
		kw := []string{strings.ToLower(ch.Name), ch.ID, "character"}
		if ch.Action != "" {
			kw = append(kw, ch.Action)
		}
		out = append(out, engine.HelpTopic{ID: TopicCharacterPrefix + ch.ID, Title: ch.Name, Kind: "character", Keywords: kw, Body: body})
	}
	return out
}

var characterExample = [numCharacters]string{
	charArchitect: "build architect house t08", charAgent: "land agent t09 t15 t03", charFarmer: "sow t08 farmer farmer (the Farmer is a place to sow, listed last)",
	charMillworker: "grain millworker buy 1", charCollector: "taxes collector (after the word taxes)", charForeman: "orders foreman bakery",
	charIndustrialist: "attract industrialist pottery t08", charEngineer: "produce engineer windmill:wo", charProfessor: "invent professor new s4",
}

func helpFactories() []engine.HelpTopic {
	var out []engine.HelpTopic
	for c, f := range theData.factories {
		var spaces []string
		for _, o := range f.orders {
			spaces = append(spaces, fmt.Sprintf("%d %s", o.count, o.colour))
		}
		back := "used with 4 players only"
		switch f.Back {
		case "II":
			back = "II on the back: used with 2, 3 and 4 players"
		case "III":
			back = "III on the back: used with 3 and 4 players"
		}
		var bonus []string
		for _, inv := range theData.inventions {
			if inv.bonusFactory == c {
				bonus = append(bonus, fmt.Sprintf("%s invention +%d VP", inv.Name, inv.Bonus.VP))
			}
		}
		body := fmt.Sprintf("Factory card #%d, %s. Work-order spaces, left to right: %s. Produces up to %d %s %s, each worth $%d and %d VP. %s.",
			f.Number, f.colour, strings.Join(spaces, ", "), f.Goods.Count, f.goods, pluralWord(f.Goods.Count, "good", "goods"),
			theData.orderValues[f.goods], theData.rules.GoodVP.Value, capital(back))
		if len(bonus) > 0 {
			body += " Final scoring: " + strings.Join(bonus, ", ") + "."
		}
		body += fmt.Sprintf(" Token: %s.", f.ID)
		if f.Assumed {
			names := map[string]string{"name": "name", "number": "number", "colour": "colour", "orders": "work-order spaces", "goods": "production", "back": "back"}
			var parts []string
			for _, a := range f.AssumedFields {
				parts = append(parts, names[a])
			}
			body += "\nAssumed (the scan lost them): the card's " + strings.Join(parts, ", ") + "."
		}
		out = append(out, engine.HelpTopic{ID: TopicFactoryPrefix + f.ID, Title: f.Name, Kind: "factory",
			Keywords: []string{strings.ToLower(f.Name), f.ID, "factory", f.colour.String(), fmt.Sprintf("#%d", f.Number)}, Body: body})
	}
	return out
}

func helpInventions() []engine.HelpTopic {
	var out []engine.HelpTopic
	for c, inv := range theData.inventions {
		body := inventionText(c)
		if inv.Bonus != nil {
			body += fmt.Sprintf(" Final scoring: +%d VP if you own the %s (active or not).", inv.Bonus.VP, cardName(inv.bonusFactory))
		}
		body += fmt.Sprintf(" It lies on docking space %d (s%d in the notation). Token: %s.", inv.Space, inv.Space, inv.ID)
		body += "\nThe card's title and docking space are the engine's (not known)"
		if inv.BonusAssumed {
			body += "; which card carries this factory bonus is inferred from the layout of the player aid"
		}
		body += "."
		out = append(out, engine.HelpTopic{ID: TopicInventionPrefix + inv.ID, Title: inv.Name + " (invention)", Kind: "invention",
			Keywords: []string{strings.ToLower(inv.Name), inv.ID, "invention", strings.ToLower(inv.Card)}, Body: body})
	}
	return out
}

// inventionText says what invention c does, in our words.
func inventionText(c int) string {
	inv := &theData.inventions[c]
	switch inv.Effect {
	case effMinOutput:
		return fmt.Sprintf("Your %s factories make up to %d goods even when the card shows fewer.", inv.colour, inv.Amount)
	case effTurnOrders:
		return fmt.Sprintf("In each factories phase you receive %d %s work %s from the supply.", inv.Amount, inv.colour, pluralWord(inv.Amount, "order", "orders"))
	case effGoodMoney:
		return fmt.Sprintf("Each %s work order you produce with earns $%d instead of $%d.", inv.colour, inv.Amount, theData.orderValues[inv.colour])
	case effGoodPoints:
		return fmt.Sprintf("Each %s good you produce scores %d VP instead of %d.", inv.colour, inv.Amount, theData.rules.GoodVP.Value)
	case effSwapOrders:
		return fmt.Sprintf("In each factories phase you may exchange %d orange work orders for %d %s ones from the supply.", inv.Amount, inv.Amount, inv.colour)
	case effHarvestGrain:
		return fmt.Sprintf("At each harvest you receive %s more.", plural(inv.Amount, "grain", "grain"))
	case effDoubleSow:
		return fmt.Sprintf("You may sow up to %d grain on each building ground.", inv.Amount)
	case effGrainPoints:
		return fmt.Sprintf("At each harvest, after taking your grain, you score 1 VP per %d grain on your tracking card.", inv.Amount)
	case effCheapGrain:
		return fmt.Sprintf("Every grain you buy costs $%d, whatever its printed price.", inv.Amount)
	}
	return inv.Name
}
