package smokyvalley

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// Rules help in our own words: hand-written rule topics, then topics made
// from the data (districts, industries, services, canal tiles, city
// cards), which say "assumed" where a number is.

type ruleText struct {
	id, title string
	keywords  []string
	body      string
}

var ruleTopics = []ruleText{
	{TopicOverview, "The Smoky Valley in brief", []string{"goal", "prestige", "summary", "griffintown"},
		"You invest in Griffintown, Montréal, from 1840 to 1860. Over five development phases you take turns choosing a district with your navigation boat and acting there: building and upgrading industries, producing goods, developing services and the Lachine Canal, buying city cards, boarding traders and shipping goods abroad. After each phase comes an administration phase; after 1845, 1855 and 1860 a city council elects a mayor; after 1850 the canal's modernization starts. The most prestige at the end wins."},
	{TopicSetup, "Set-up", []string{"start", "starting cash", "wood depot", "first player", "set up"},
		"Each player starts with £8 (2 players), £7 (3) or £6 (4), income £0, one each of wood, coal, iron, grain and brick, and 2, 3 and 3 discs on their industry track. Their five district tiles are shuffled onto their navigation board. A random player goes first, then in seat order. From the last player back to the first, each places their Wood Depot on a different district's pre-printed depot; the depots nobody chose stay neutral and anyone may produce there. Neutral ships, service tokens, six widening canal tiles and three 1840s city cards are laid out; with 2 players some ships and 5 service tokens are removed unseen and fewer spaces are used."},
	{TopicTurn, "A turn", []string{"actions", "district action", "city action", "end turn", "mandatory"},
		"In your turn you first choose your district by moving the boat (or you pass). Then you must take one district action there. You may also take one canal action from the tile under your boat, any city actions your new city cards grant (each is one more district action in the current district), and free actions at the local market at any moment. Type 'end' when done. If, after choosing your district, no district action is possible any more, you may end the turn without one. In this implementation each of these is its own move."},
	{TopicNavigation, "Moving the navigation boat", []string{"boat", "upstream", "downstream", "go", "stay", "district"},
		"Your boat sits over one of the five district tiles of your navigation board. On your very first turn you place it anywhere for free. Later, moving left (upstream) or staying costs £1 and moving right (downstream) is free. You may only choose a district where, after paying for the boat, you can still afford and carry out a district action; otherwise you must pass. Swapping district tiles never moves the boat."},
	{TopicPass, "Passing and the passing track", []string{"pass", "passing track", "order of play", "bonus"},
		"When you pass you are out of the current development phase. Put your marker on a free space of the passing track: {passing}. The track, read from the top, is the next phase's order of play. The positions of the three bonuses are assumed."},
	{TopicBuild, "Build an industry", []string{"build", "industry", "wood", "space bonus", "8th industry", "industry track"},
		"Pay £2 and the wood printed for the tile, take it from the industry boards and place it basic side up on an empty space of the current district (with 2 players only 3 spaces are used, with 3 players 4). Some industries need a district on the canal (Wharf, Shipyard) or with rail (Warehouse). Take the space's bonus (£1 or a basic good), then a disc from your industry track: {track}. Coal Power in the district gives 1 prestige and Water Power a free production in the new tile. Gain 1 popularity. Build costs other than the Coal Depot's, and how far the track raises your income, are assumed."},
	{TopicUpgrade, "Upgrade an industry", []string{"upgrade", "flip", "upgraded side"},
		"Pay £1 and flip one of your own basic industries in the current district (your Wood Depot too): supply industries cost 1 wood and 1 iron, processing ones 1 brick and 1 machine. You gain the prestige printed on the upgraded side ({upgrade-prestige}; only the Brickyard's 3 is known, the rest are assumed), plus 1 with Coal Power in the district; Water Power gives a free production. Upgrading gives no popularity (the Labour Union card aside)."},
	{TopicProduce, "Produce goods", []string{"produce", "production", "owner bonus", "opponent industry", "cargo train", "clay pit"},
		"Pay £1 for each industry of the current district you produce in (each once per action): your own, neutral Wood Depots or opponents'. Processing industries also consume their basic goods, which may come from a production earlier in the same action. An opponent whose industry you use gains its owner's bonus (goods and sometimes prestige); a bonus of one of two goods matches the good you made there, and where the production mixed both goods (upgraded Warehouse or Wharf), or for the Manufactory's coal or iron, the owner chooses. Cargo Trains and Clay Pits in the district give you one good each at the start of the action. Producing in two or more opponents' industries gains 1 popularity."},
	{TopicService, "Develop a service", []string{"service", "coal power", "water power", "cargo train", "clay pit", "income"},
		"Pay £1 and 1 coal (2 coal in 1860), take a face-up service token and place it on an empty matching service space of the current district. Raise your income one space, gain 1 prestige for each industry already in the district (Wood Depots, neutral ones too) and 1 popularity. The taken token is not replaced until the administration phase. Services help everybody in their district and raise its end value. Which spaces each district has, and the token mix, are assumed."},
	{TopicCanal, "Develop the Lachine Canal", []string{"canal", "develop canal", "canal marker", "widening", "modernization", "brick", "machine"},
		"Only in St. Gabriel, Les Bassins and Wellington. Pay £1 and a brick (1840 to 1850) or a machine (1855, 1860), take one of the two face-up canal tiles of that district's section and place it under any space of your navigation board (on top of an older tile if you like; only the top tile works). Your marker for that district moves 1 space (2 in the modernization era); the section is refilled. Gain 1 popularity, and 3 prestige in the modernization era."},
	{TopicCanalTiles, "Canal tiles: canal actions and changing effects", []string{"canal tile", "canal action", "changing effect", "arrow", "tile"},
		"Blue canal tiles give a canal action: once a turn, in addition to your district action, you may use the action tile under your boat's current space ('tile ...'). Grey tiles are changing effects that improve an action when the tile lies under your boat, or, if its arrows also point sideways, under the space just left or right of it (never wrapping around). A tile works from the turn you take it. Each changing effect works once a turn; the ones that are pure gains are applied automatically, the others are offered as choices."},
	{TopicCards, "City cards", []string{"city card", "acquire", "city box", "mayor bonus", "city action", "grain", "flour"},
		"Pay £1 and a grain (1840s cards) or a flour (later cards) to take a face-up city card, if you own an industry in the current district and have not yet put a disc in that district's city box; some cards need a canal or rail district. Place your disc, draw a replacement and gain 1 popularity. The card's instant action and immediate effect happen at once; permanent effects last all game. A city action is one more district action in the current district. Once a game the mayor may take a card without a disc, for a second card in a district; where the box is still free the mayor chooses whether to place the disc or use this bonus."},
	{TopicTraders, "Board a trader; traders abroad", []string{"trader", "board", "export agency", "trade level", "trader bonus"},
		"In McCord and St. Ann you may pay £1 to put one of your 12 traders on a neutral ship with a free trader space. When the ship unloads, the trader enters that market's export agency: the first one there gains 2 prestige, its owner's trade level there rises one step (the levels' values are assumed; see each foreign market's topic) and its owner chooses a bonus (£1, or the market's goods: a machine in GB, 3 wood in the US, 2 flour in the West Indies). Traders in agencies score 1 prestige in each administration phase."},
	{TopicShipGoods, "Ship goods", []string{"ship", "load", "trade token", "unload"},
		"In the three canal districts pay £1 to load one or two of your goods, one on each of two different ships (GB, US or WI); an action that loads nothing is not allowed. An empty ship takes any good its market wants whose foreign trade token is free; the token then stays with the ship and only that good may follow. Loading on an opponent's ship gives that opponent 1 prestige. A full ship unloads at once: traders first, then each goods marker scores for its owner, 1 prestige for a basic good, the owner's trade level plus the printed extra for a processed good (which processed goods each market takes, and their extras, are partly assumed; see each foreign market's topic)."},
	{TopicShips, "Ships on the canal", []string{"schooner", "canaller", "destination", "pushed out", "scheduled ships"},
		"Schooners carry 2 goods and a trader, canallers 3 goods and a trader. Each destination section has three rows; a ship arriving takes the top row and pushes the others one row down; a ship pushed off the bottom unloads. Full ships unload at once and leave their row empty. In the administration phases the scheduled ships arrive and new ones are drawn. The destinations printed on the neutral ships are assumed."},
	{TopicShipyard, "Shipyards and your own ships", []string{"shipyard", "own ship", "player ship", "three ships"},
		"Producing at a Shipyard (or the Preferred Loading card) puts one of your ships on the top row of a destination section you have not yet sailed to, with one of your traders if you have one left. The ships already there move down first (one leaving the bottom row unloads); then you may give your ship a free trade token of that market, including one the unloaded ship just freed. You have three ships, one per market. An upgraded Shipyard makes a canaller from 1855 on, a schooner before."},
	{TopicMarket, "The local market (free actions)", []string{"local market", "buy", "sell", "free action", "sellpair"},
		"At any moment of your turn: buy a basic good for £1 (as often as you like), and once each per phase sell three different basic goods for £1 or one basic and one processed good for £1. Each kind of trade puts a marker on the market the first time in a phase; your second marker gives 1 popularity and the third 1 more. Markers are cleared in the administration phase."},
	{TopicPopularity, "Popularity", []string{"popularity", "bonus", "22", "mayor"},
		"Building, services, canal development, city cards, the local market and producing in opponents' industries raise popularity. Reaching or passing a bonus space pays once: {pop-bonuses} (only space 5 is known; the others are assumed). After falling below a space you may earn it again. The first to reach 22 gains 3 prestige and wins the next election; nobody else may enter 22 while it is occupied."},
	{TopicCash, "Cash and income", []string{"cash", "income", "£12", "cap"},
		"You never hold more than £12: anything beyond is lost. Your income marker (0 to 4) adds to the administration phases' income; each raise above £4 is worth {income-prestige} prestige instead (assumed)."},
	{TopicAdmin, "Administration phases", []string{"administration", "income table", "new services", "order of play"},
		"After each development phase: 1. 1 prestige per trader in the export agencies; 2. income: £8/£7/£6 after 1840, £7/£7/£6 after 1845, £7/£6/£5 after 1850, £6/£6/£5 after 1855 and nothing after 1860 (for 2/3/4 players), plus your income level; 3. the scheduled ships sail in and new ones are drawn; 4. the passing track gives the new order of play; 5. the local market is cleared; 6. the leftover service tokens go and new ones are drawn. After 1860 only steps 1 and 2."},
	{TopicCouncil, "City council: election and priorities", []string{"council", "election", "mayor", "priorities", "tie", "halve"},
		"After 1845, 1855 and 1860 the most popular player becomes mayor (whoever is on 22 wins outright; among tied players the Newspaper wins, else the one who reached the space last). Then everyone's popularity is halved, rounded down, without bonuses for landing on a space. The mayor ranks the three card categories: every city card scores 3, 2 or 1 prestige by its category's rank. After 1845 and 1855 three cards of the next decade replace the offer. After 1860 the mayor gains 2 prestige."},
	{TopicCanalPhase, "The canal phase", []string{"canal phase", "modernization", "1850"},
		"After the 1850 administration phase the widening tiles on offer leave the game and six modernization tiles are laid out, two per canal district. Tiles already under navigation boards keep working."},
	{TopicFinal, "Final scoring", []string{"final scoring", "end", "district value", "canal bonus"},
		"After the last council: 1. all ships still in the canal unload, traders first (each takes £1 instead of a bonus), then goods; 2. in every district each of your industries (your Wood Depot too) scores the district's value: its printed value plus +1 or +2 per service there; 3. in each canal district every industry of yours scores the value your canal marker for that district reached. The district values other than McCord's 3 and the canal track's values are assumed (here one prestige per space advanced)."},
	{TopicWinner, "Winning", []string{"winner", "tie", "tie break"},
		"The most prestige wins; a tie goes to the most cash; if still tied the victory is shared."},
	{TopicNotation, "Move notation", []string{"notation", "typing moves", "syntax"},
		"Moves are words: go DISTRICT, build INDUSTRY SPACE, upgrade SPACE, produce SPACE..., service TOKEN, canal TILE SLOT, card CARD..., trader SHIP, ship GOOD@SHIP [GOOD@SHIP], tile ..., buy GOOD, sell GOODS, sellpair BASIC PROCESSED, poverty GOOD, pass SPACE, end; set-up: depot DISTRICT; decisions: bonus, take, priorities. Spaces are s1 to s5 or depot, ships gb1 (top row) to wi3, slots slot1 to slot5."},
	{TopicDecisions, "How this implementation decides open questions", []string{"house rules", "ambiguity", "options", "decisions"},
		"Decisions (docs/smoky-valley-rules.md): St. Ann has no rail (option). The 3 prestige for popularity 22 go once a game (option: after each election). The district action is required unless none is possible. Water Power is skipped without inputs. Produce goods once costs £1. The Canal Lock's display is refilled and gives no other canal reward. The mayor's bonus works once a game while mayor, and where the city box is still free the mayor chooses disc or bonus. A new own ship moves its section down before its trade token is chosen. The Board a trader tile also works with Ship Goods, after at least one load (Ship Goods never loads nothing). Own purchases trigger no 'when you acquire' effects. Port Authority counts covered tiles (option). Trade Center raises the trade level (option). English card texts (option German)."},
}

func helpTopics() []engine.HelpTopic {
	var out []engine.HelpTopic
	fill := ruleValues()
	for _, r := range ruleTopics {
		out = append(out, engine.HelpTopic{ID: r.id, Title: r.title, Kind: "rule", Keywords: r.keywords, Body: fill.Replace(r.body)})
	}
	for _, d := range theData.districts {
		var b strings.Builder
		feat := "lies away from the canal and has no rail"
		switch {
		case d.Canal && d.Rail:
			feat = "lies on the canal and has rail"
		case d.Canal:
			feat = "lies on the canal and has no rail"
		case d.Rail:
			feat = "lies away from the canal and has rail"
		}
		fmt.Fprintf(&b, "%s %s. ", d.Name, feat)
		if d.Canal {
			b.WriteString("Its district actions: build, upgrade, produce, develop a service, develop the Lachine Canal, acquire a city card and ship goods. ")
		} else {
			b.WriteString("Its district actions: build, upgrade, produce, develop a service, acquire a city card and board a trader. ")
		}
		fmt.Fprintf(&b, "End value %d prestige per industry before services. Building spaces:", d.Value)
		for k, s := range d.Spaces {
			bonus := "no bonus"
			if s.Bonus == "cash" {
				bonus = "£1"
			} else if s.Bonus != "" {
				bonus = "1 " + s.Bonus
			}
			fmt.Fprintf(&b, " s%d %s (%d+ players);", k+1, bonus, s.MinPlayers)
		}
		fmt.Fprintf(&b, " service spaces: %s.", strings.ReplaceAll(strings.Join(d.Services, ", "), "-", " "))
		if len(d.Assumed) > 0 {
			fmt.Fprintf(&b, " Assumed values: %s.", assumedText(d.Assumed))
		}
		out = append(out, engine.HelpTopic{ID: "district-" + d.ID, Title: d.Name, Kind: "district", Keywords: []string{"district", d.ID}, Body: b.String()})
	}
	for i, ind := range theData.industries {
		var b strings.Builder
		fmt.Fprintf(&b, "%s, a %s industry. ", ind.Name, ind.Kind)
		if i == IndWoodDepot {
			b.WriteString("Each seat places one at set-up; it is never bought. ")
		} else {
			fmt.Fprintf(&b, "Tiles: %d with 2 or 3 players, %d with 4. Costs £2 and %d wood to build", ind.Count["3"], ind.Count["4"], ind.Wood)
			if ind.Needs != "" {
				fmt.Fprintf(&b, " and needs a %s district", ind.Needs)
			}
			b.WriteString(". ")
		}
		for _, side := range []struct {
			name string
			s    sideData
		}{{"Basic", ind.Basic}, {"Upgraded", ind.Upgraded}} {
			fmt.Fprintf(&b, "%s: £%d%s, makes %s; owner's bonus %s. ", side.name, side.s.Cash, inputText(side.s.Input), outputText(side.s), ownerText(side.s))
		}
		var up []string
		for g, n := range ind.Upgrade {
			up = append(up, fmt.Sprintf("%d %s", n, g))
		}
		sort.Strings(up)
		fmt.Fprintf(&b, "Upgrade for £1 and %s, worth %d prestige.", strings.Join(up, " and "), ind.UpgradePrestige)
		if len(ind.Assumed) > 0 {
			fmt.Fprintf(&b, " Assumed values: %s.", assumedText(ind.Assumed))
		}
		out = append(out, engine.HelpTopic{ID: "industry-" + ind.ID, Title: ind.Name, Kind: "industry", Keywords: []string{"industry", ind.ID, ind.Kind}, Body: b.String()})
	}
	svcText := map[string]string{
		"coal-power":  "Building or upgrading in its district gives 1 extra prestige.",
		"water-power": "Building or upgrading in its district produces once in the new or upgraded tile for free (inputs still spent; skipped without them).",
		"cargo-train": "A Produce Goods action in its district starts with one extra %s.",
		"clay-pit":    "A Produce Goods action in its district starts with one extra brick.",
	}
	for _, s := range theData.services {
		body := svcText[s.Type]
		if s.Type == "cargo-train" {
			body = fmt.Sprintf(body, s.Good)
		}
		body += fmt.Sprintf(" Tokens in the game: %d. At the end each industry in its district scores %d more prestige.", s.Count, s.Value)
		if len(s.Assumed) > 0 {
			body += " Assumed values: " + assumedText(s.Assumed) + "."
		}
		out = append(out, engine.HelpTopic{ID: "service-" + s.ID, Title: s.Name, Kind: "service", Keywords: []string{"service", s.ID}, Body: body})
	}
	bonusText := map[string]string{"machine": "1 machine", "wood3": "3 wood", "flour2": "2 flour"}
	levels := make([]string, len(theData.rules.TradeLevels))
	for i, v := range theData.rules.TradeLevels {
		levels[i] = strconv.Itoa(v)
	}
	for _, m := range theData.markets {
		var proc []string
		for _, g := range slices.Sorted(maps.Keys(m.Processed)) {
			if x := m.Processed[g]; x > 0 {
				proc = append(proc, fmt.Sprintf("%s (trade level + %d)", g, x))
			} else {
				proc = append(proc, g+" (trade level)")
			}
		}
		body := fmt.Sprintf("The foreign market %s (%s) takes the basic goods %s, 1 prestige each, and the processed goods %s. "+
			"A trader arriving at its export agency raises its owner's trade level there one step (the levels are worth %s prestige per processed good; assumed) and brings a bonus: £1 or %s. "+
			"The first trader there gains 2 prestige.",
			m.Name, strings.ToUpper(m.ID), strings.Join(m.Basic, " and "), strings.Join(proc, " and "), strings.Join(levels, ", "), bonusText[m.Bonus])
		if len(m.Assumed) > 0 {
			body += " Assumed values: " + assumedText(m.Assumed) + "."
		}
		out = append(out, engine.HelpTopic{ID: "market-" + m.ID, Title: m.Name + " (foreign market)", Kind: "foreign market",
			Keywords: []string{"foreign market", m.ID, "export agency", "trade level"}, Body: body})
	}
	tileText := map[string]string{
		"build":            "Canal action: build an industry in any district, with the usual costs and rules.",
		"service":          "Canal action: develop a service in any district, with the usual costs.",
		"canal":            "Canal action: develop the canal in any of the three canal districts. A tile placed on top of it cannot give a second canal action this turn.",
		"produce":          "Canal action: produce once, in one industry of any district, paying £1 as usual; no Cargo Train or Clay Pit bonus.",
		"ship1":            "Canal action: load one good on any ship for free, from any district.",
		"swap":             "Canal action: swap two district tiles of your navigation board; the boat stays on its space, so a district action not yet taken happens in the district now under the boat.",
		"trade":            "Canal action: exchange one basic good for another basic good of your choice, for free.",
		"upgrade":          "Canal action: upgrade one of your industries in any district, with the usual costs.",
		"board":            "Changing effect (under the boat): with the Board a Trader or Ship Goods district action, board one extra trader on a neutral ship for free (with Ship Goods after at least one load).",
		"pop-build":        "Changing effect (under or beside the boat): building gives 1 extra popularity.",
		"load2":            "Changing effect (under or beside the boat): Ship Goods may load both goods on the same ship.",
		"city-cost":        "Changing effect (under or beside the boat): pay a grain instead of a flour for a city card in the 1850s and 1860s.",
		"build-cost":       "Changing effect (under or beside the boat): building costs 1 wood less, never under 1.",
		"market":           "Changing effect (under the boat): selling basic goods at the local market needs only two different ones.",
		"prestige-service": "Changing effect (under or beside the boat): developing a service gives 1 extra prestige.",
		"prestige-upgrade": "Changing effect (under or beside the boat): upgrading gives 1 extra prestige.",
	}
	for _, t := range theData.canal {
		body := fmt.Sprintf("%s era, %d in the game. %s", titleCase(t.Era), t.Count, tileText[t.Effect])
		out = append(out, engine.HelpTopic{ID: "tile-" + t.ID, Title: t.Name + " (" + t.Era + ")", Kind: "canal tile", Keywords: []string{"canal tile", t.ID, t.Effect}, Body: body})
	}
	for i, c := range theData.cards {
		body := fmt.Sprintf("%s city card of the %s, category %s.", c.Name, c.Decade, categoryTitles[theData.cardCat[i]])
		if c.Needs != "" {
			body += fmt.Sprintf(" Only in a %s district.", c.Needs)
		}
		body += " " + cardHelp[c.ID]
		out = append(out, engine.HelpTopic{ID: engine.CardTopicPrefix + c.ID, Title: c.Name, Kind: "city card", Keywords: []string{"city card", c.ID, c.NameDE, categoryNames[theData.cardCat[i]]}, Body: body})
	}
	return out
}

// ruleValues fills the rule topics' {placeholders} with values from the
// data, so a group that corrects an assumed value in data/*.json sees the
// help follow.
func ruleValues() *strings.Replacer {
	r := theData.rules
	ords := []string{"the top space", "the second", "the third", "the fourth", "the fifth", "the sixth"}
	passing := map[string]string{"": "has no bonus", "swap": "lets you swap two district tiles", "basic": "gives a basic good of your choice",
		"cash": "gives £1 (which you can only spend next phase)"}
	var ps []string
	for i, b := range r.Passing {
		ps = append(ps, ords[min(i, len(ords)-1)]+" "+passing[b])
	}
	var track []string
	n := 0
	for i, k := range r.TrackStacks {
		n += k
		var gains []string
		if b := r.TrackBonus[i]; b.Income > 0 {
			gains = append(gains, fmt.Sprintf("raises your income %d %s", b.Income, plural(b.Income, "step", "steps")))
		}
		if b := r.TrackBonus[i]; b.Prestige > 0 {
			gains = append(gains, fmt.Sprintf("gives %d prestige", b.Prestige))
		}
		if len(gains) > 0 {
			track = append(track, fmt.Sprintf("taking disc %d (the last of stack %d) %s", n, i+1, strings.Join(gains, " and ")))
		}
	}
	pop := map[string]string{"cash": "£1", "basic": "a basic good", "flour-or-beer": "a flour or a beer", "prestige2": "2 prestige", "machine": "a machine"}
	var spaces []int
	for k := range r.PopBonus {
		v, _ := strconv.Atoi(k)
		spaces = append(spaces, v)
	}
	sort.Ints(spaces)
	var pb []string
	for _, k := range spaces {
		pb = append(pb, fmt.Sprintf("space %d %s", k, pop[r.PopBonus[strconv.Itoa(k)]]))
	}
	up := map[string][]string{}
	for i, ind := range theData.industries {
		v := strconv.Itoa(ind.UpgradePrestige)
		if i != IndWoodDepot && !slices.Contains(up[ind.Kind], v) {
			up[ind.Kind] = append(up[ind.Kind], v)
		}
	}
	return strings.NewReplacer(
		"{passing}", strings.Join(ps, ", "),
		"{track}", strings.Join(track, "; "),
		"{pop-bonuses}", strings.Join(pb, ", "),
		"{income-prestige}", strconv.Itoa(r.PrestigeAboveIncomeMax),
		"{upgrade-prestige}", fmt.Sprintf("%s for supply, %s for processing industries", strings.Join(up["supply"], " or "), strings.Join(up["processing"], " or ")),
	)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// assumedWords turns the data's "assumed" field names into words.
var assumedWords = map[string]string{
	"upgradePrestige": "prestige for upgrading", "wood": "wood to build", "count": "number of tokens", "value": "end value",
	"spaces.bonus": "building space bonuses", "services": "service spaces", "rail": "rail (see the st-ann-rail option)",
	"processed": "processed goods and their extra prestige", "processed.flour": "flour taken here", "processed.beer": "beer taken here",
}

func assumedText(fields []string) string {
	out := make([]string, len(fields))
	for i, f := range fields {
		if w, ok := assumedWords[f]; ok {
			out[i] = w
		} else {
			out[i] = f
		}
	}
	return strings.Join(out, ", ")
}

func inputText(m map[string]int) string {
	var parts []string
	for g, n := range m {
		parts = append(parts, fmt.Sprintf("%d %s", n, g))
	}
	sort.Strings(parts)
	if len(parts) == 0 {
		return ""
	}
	return " and " + strings.Join(parts, " and ")
}

func outputText(s sideData) string {
	switch {
	case s.Ship != "":
		return "one of your ships (a " + s.Ship + ") with a trader"
	case s.Mix:
		return fmt.Sprintf("%d %s in any mix", s.Total, strings.Join(s.Choice, " and "))
	case len(s.Choice) > 0:
		return fmt.Sprintf("%d %s", s.Total, strings.Join(s.Choice, " or "))
	}
	return strings.TrimPrefix(inputText(s.Output), " and ")
}

func ownerText(s sideData) string {
	var parts []string
	if t := strings.TrimPrefix(inputText(s.Owner), " and "); t != "" {
		parts = append(parts, t)
	}
	if len(s.OwnerChoice) > 0 {
		how := "owner's choice"
		if s.OwnerMatches {
			how = "matching the production"
		}
		parts = append(parts, fmt.Sprintf("1 %s (%s)", strings.Join(s.OwnerChoice, " or "), how))
	}
	if s.OwnerPrestige > 0 {
		parts = append(parts, fmt.Sprintf("%d prestige", s.OwnerPrestige))
	}
	return strings.Join(parts, " and ")
}

// cardHelp describes each card's effects in our own words.
var cardHelp = map[string]string{
	"bank":                       "On purchase: raise your income one space and take a city action.",
	"canal-lock":                 "On purchase: move your boat to any district for free, then take any face-up canal tile for free, place it under your board and move that district's canal marker one space (the space is refilled; no popularity or prestige).",
	"charcoal-production":        "On purchase: 1 wood. From now on you may spend wood in place of coal.",
	"commercial-office-gb":       "On purchase: load one good on a GB ship for free. From now on each grain or iron of yours unloaded in GB scores 1 more.",
	"commercial-office-us":       "On purchase: load one good on a US ship for free. From now on each coal or brick (German text: coal or iron) of yours unloaded in the US scores 1 more.",
	"commercial-office-wi":       "On purchase: load one good on a WI ship for free. From now on each wood or brick of yours unloaded in the West Indies scores 1 more.",
	"hydraulic-lots":             "On purchase: swap two district tiles. From now on you gain £1 whenever an opponent develops Water Power.",
	"local-supplier":             "On purchase: take 3 basic goods of the kinds the district's industries produce (not a production: no bonuses).",
	"boxing-club":                "On purchase: 1 prestige and raise your income one space.",
	"city-park":                  "On purchase: 1 prestige and 1 wood. Later quality of life cards give you 1 popularity each.",
	"headquarters":               "Building a processing industry gives you 2 popularity instead of 1.",
	"waste-management":           "On purchase: a city action. Later public service cards give you 1 popularity each.",
	"aqueduct":                   "On purchase: swap two district tiles. Later quality of life cards give you 1 prestige each (German text: 1 popularity).",
	"city-planning-office":       "On purchase: 1 grain and swap two district tiles. After each new order of play you move one place up.",
	"college":                    "On purchase: board a trader on any neutral ship for free, take a machine and a city action.",
	"newspaper":                  "On purchase: 1 prestige and a city action. You win popularity ties in elections.",
	"gtr-shareholder":            "On purchase: raise your income one space and take a grain or a coal. You gain £1 whenever an opponent develops a Cargo Train.",
	"local-contractor":           "On purchase: take 2 processed goods of the kinds the district's industries produce (not a production).",
	"preferred-loading":          "On purchase: move your boat anywhere for free, load one good for free (English text only) and put one of your schooners with a trader on the canal as a Shipyard would.",
	"partnership-us":             "On purchase: 1 flour. You gain 1 prestige whenever an opponent loads a flour on a US ship.",
	"partnership-wi":             "On purchase: 1 beer. You gain 1 prestige whenever an opponent loads a beer on a WI ship.",
	"trade-center":               "On purchase: load one good for free, then send a trader straight to any export agency (no trader bonus; 2 prestige if first; it raises your trade level unless the option says otherwise).",
	"community-service":          "On purchase: 1 prestige and swap two district tiles. You may buy city cards where you have no industry.",
	"labour-union":               "On purchase: a city action. Upgrading gives you 1 popularity.",
	"local-distribution-network": "On purchase: swap two district tiles. Each service you develop gives 1 more prestige.",
	"social-influence":           "On purchase: a city action. Each later city card gives you 1 prestige.",
	"horsecar":                   "On purchase: raise your income one space and swap two district tiles. Later quality of life cards give 1 popularity each (English text only).",
	"hospital":                   "On purchase: 1 prestige. Later quality of life cards give you 2 prestige each.",
	"new-city-hall":              "Later quality of life and economic cards give you 1 prestige and 1 popularity each.",
	"poverty-reduction":          "On purchase: 1 grain. Once each development phase you may give a flour for 2 prestige or a beer for 3 ('poverty').",
	"city-gas-company":           "On purchase: 1 prestige, 1 coal, a city action; 2 more prestige if you hold two or more public service cards.",
	"griffintown-shipyard":       "On purchase: 1 prestige, load one good for free, a city action; 1 more prestige if a Shipyard stands in the district.",
	"international-distribution": "On purchase: 1 prestige, 1 beer, a city action; 2 more prestige if you have a trader in all three export agencies.",
	"merchants-exchange":         "On purchase: 1 prestige, a free trader on a neutral ship, a city action; 2 more prestige if your income is at £4.",
	"city-lights":                "On purchase: 1 prestige and a city action; 1 more prestige and 1 popularity if the district has Coal Power.",
	"garden-city":                "On purchase: 1 prestige and a city action; 2 more prestige and 1 popularity if all five of your city box discs are placed.",
	"swing-bridge":               "On purchase: 1 prestige and move your boat anywhere for free; 2 more prestige with two or more economic cards.",
	"water-supply-system":        "On purchase: 1 prestige and a city action; 1 more prestige and 1 popularity if the district has Water Power.",
	"fire-department":            "On purchase: 1 prestige and swap two district tiles; 1 more prestige and a machine if the district has a Manufactory.",
	"industrial-park":            "On purchase: 1 prestige, a machine and a city action; 1 more prestige with two or more services in the district.",
	"police-department":          "On purchase: 1 prestige and a city action; 2 more prestige and 1 popularity with two or more quality of life cards.",
	"port-authority":             "On purchase: 1 prestige and move your boat anywhere for free; 2 more prestige with five or more canal tiles.",
}
