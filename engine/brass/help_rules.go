package brass

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// helpRuleText is one hand-written rules explanation. The texts are our own
// words (see docs/brass-rules.md). Printed values that live in data/*.json
// appear as {placeholders} filled in by helpRules, and the tile, location
// and card topics are generated from the data, so a data correction
// reaches the help text.
type helpRuleText struct {
	id, title string
	keywords  []string
	body      string
}

// helpRuleTexts lists the rule explanations in the order an empty help search
// shows them: game flow first, then building, links, the other actions,
// scoring and notation.
var helpRuleTexts = []helpRuleText{
	{"setup", "Setting up", []string{"setup", "start", "starting money", "begin", "new game", "£{money}"}, `How a match starts:
- Everyone has £{money} and income £0 (space {startspace} of the income track).
- Your industry tiles form five stacks (cotton, port, coal, iron, shipyard), lowest level on top.
- The coal and iron demand tracks start full.
- The cotton demand marker sits on its top space and the distant market tiles are shuffled face down.
- A random seat (from the match seed) goes first; the rest follow in seat order for round 1.
- Everyone is dealt {hand} cards and a few more are set aside unseen (see "deck").
- Each player has {links} link counters for the period.`},

	{"deck", "The deck", []string{"deck", "cards", "removed cards", "set aside", "deal", "hand", "{deck} cards"}, `There is one deck of location cards (one town each) and industry cards (one industry each). The card topics list every card and how many copies there are.

At the start of each period the whole deck is shuffled, each player gets {hand}, and then some cards are put aside face down without anyone seeing them:
{removals}

The numbers are chosen so that everybody plays out their hand exactly by the last round. Your hand is private; the deck order and the set-aside cards stay hidden from everybody.`},

	{"rounds", "Rounds and periods", []string{"round", "rounds", "period", "periods", "phase", "game length", "how long"}, `The game has two halves: the canal period, then the rail period.

Each period runs {rounds}. One round goes:
1. everyone collects income (see "income")
2. each player takes a turn, in turn order
3. turn order is re-sorted by money spent (see "turn-order")
4. hands are refilled to {hand} while cards remain

When every hand is empty the period ends: links and flipped industries score, and after the canal period the board is partly cleared for the rail period (see "period-end").`},

	{"income", "Income", []string{"income", "income track", "collect income", "money per round", "bands", "income level"}, `At the start of every round each player collects their income from the bank. Everyone starts at £0, so the first round pays nothing.

The income track has 100 spaces and the pound value rises in bands: low on the track one step is £1, higher up you need 2, then 3, then 4 spaces for each extra pound. The top is £{maxincome}.

- Flipping an industry moves your marker up by the number in its gold circle: that is spaces, not pounds.
- A distant market sale adds bonus spaces too.
- Loans move you down (see "loan").
- Removing a tile never lowers your income.

Below £0 you pay instead of collecting (see "negative-income").`},

	{"negative-income", "Negative income", []string{"negative income", "liquidate", "debt", "pay the bank", "cannot pay", "sell industry", "bankrupt"}, `If your income is below £0, at income time you owe the bank that much (this money is not counted as "spent" for turn order).

If your cash is short, you must take industry tiles of yours off the board, one at a time, until you can pay. Each one returns half of its printed cost, rounded down. You pick which tiles go, but you may never do this just to raise cash.

If you have no industries left on the board, you pay what you have and the rest of the debt is forgiven (you end with £0).

Type: liquidate bolton (add @2 to name a space when you own two tiles in that town)`},

	{"turn", "Your turn", []string{"turn", "actions", "two actions", "what can i do", "my turn", "action"}, `On your turn you take two actions, one after the other, and each costs one card from your hand.

The actions are:
- build an industry (the only one where the card matters)
- build a link: canal or rail
- develop
- sell cotton
- take a loan
- pass: throw the card away and do nothing

You may repeat an action. The only turns with a single action are everyone's first turn of the canal period (see "first-turn"). Money you spend goes into your spent pile, which decides next round's order.`},

	{"first-turn", "First turn", []string{"first turn", "one card", "one action", "opening", "round 1"}, `In round 1 of the canal period, the opening turn of the game, everyone plays only one card and takes one action. That is why the canal period hands run out evenly.

Because only one card is played, the two-card build is not possible on that turn.

The first turn of the rail period is a normal turn with two actions.`},

	{"discard", "Passing with a card", []string{"pass", "discard", "skip", "waste a card", "do nothing", "no action"}, `You can always spend an action doing nothing: discard a card of your choice and take no action. It is useful when no action helps you, or to throw away a card you cannot use.

It costs no money, so it adds nothing to your spending for turn order.

Type: pass card:wigan`},

	{"turn-order", "Turn order", []string{"turn order", "player order", "order of play", "who goes first", "money spent", "spent", "amount spent"}, `After everyone has played in a round, the order for the next round is sorted by how much each player spent this round: the smallest spender goes first, the biggest last.

If two players spent the same amount, they stay in the order they had between them this round.

Everything paid during your actions counts: building, links, coal and iron from the demand tracks. Paying negative income does not count. Then the spent money goes back to the bank.

Example: spending £30, £4, £4 and £11 gives the two £4 players first (same order as before), then £11, then £30.`},

	{"refill", "Refilling your hand", []string{"refill", "draw", "draw cards", "hand size", "eight cards", "8 cards"}, `At the end of each round every player draws back up to {hand} cards.

Once the deck is empty nobody draws any more; you keep playing the cards in your hand. The period ends when all hands are empty.

In the rail period, once the deck is gone loans are no longer allowed (see "loan").`},

	{"period-end", "End of a period", []string{"end of period", "end of canal period", "canal period end", "level 1 removed", "maintenance", "new period"}, `When all hands are empty the period is scored (see "scoring").

After the canal period, before the rail period starts:
- all canals come off the board and go back to their owners, so you have {links} links again
- every level 1 industry on the board is removed, with any cubes on it; your income stays where it is
- level 2 and higher tiles stay, and score again at the end of the rail period if they are flipped
- the cotton demand marker goes back to the top, and the distant market tiles are shuffled again
- the whole deck is shuffled, {hand} dealt to each player and some set aside again

Your stacks are untouched: level 1 tiles still in them must be developed away.`},

	{"scoring", "Scoring", []string{"scoring", "victory points", "vp", "points", "score"}, `Points are only counted at the end of each period:
- each of your links scores for what lies at its two ends (see "link-scoring")
- each of your flipped industries scores the VP in its hexagon; unflipped ones score nothing

At the end of the rail period you also get points for cash (see "final-scoring").

Because level 2+ tiles survive the canal period, a flipped one built early can score twice.`},

	{"link-scoring", "Link scoring", []string{"link scoring", "link vp", "link points", "canal points", "rail points", "gold circles", "circles"}, `Each of your canals or rails scores at the end of the period, by looking at the two towns it joins.

For each end, count:
- 1 for every flipped industry in that town, whoever owns it (the number printed in its circle does not matter)
- 2 if the end is Blackpool, Southport, Northwich, Scotland, Yorkshire or the Midlands

Add the two ends together: that is the link's VP.

Match option "link-scoring":
- flipped (default): unflipped industries count nothing
- all: every industry tile in the town counts, flipped or not

See docs/brass-rules.md for why flipped is the default.`},

	{"final-scoring", "Final scoring", []string{"final scoring", "end of game", "game end", "money points", "cash vp", "winner"}, `The game ends after the rail period is scored. On top of the usual link and industry points:
- every full £10 of cash you hold is worth 1 VP (£39 gives 3)

Flipped tiles of level 2 or higher built in the canal period score again now, as long as nobody overbuilt them.

The highest total wins; ties are settled as shown in "tie-break".`},

	{"tie-break", "Tie-break", []string{"tie", "tiebreak", "tie break", "draw", "tied", "equal points"}, `When players finish on the same VP, the match option "tiebreak" decides:

- income (default): higher income wins; then more cash; then whoever would go earlier in the next round's turn order
- cash: skip income; more cash wins, then the next turn order

The default follows the English rulebook; "cash" follows the shorter French summary. Pick it when you create the match.`},

	{"build", "Build an industry", []string{"build", "build industry", "industry", "place tile", "requirements"}, `To build one of your industry tiles you need all of this:
- a card that allows it: a location card for that town, or an industry card of that type inside your network
- a free space whose symbol matches, or an older tile to build over (see "overbuild")
- the top tile of that stack, allowed in this period (see "tech-level")
- coal moved there if the tile needs it (see "coal")
- an iron cube if the tile needs it (see "iron")
- enough cash for the printed cost plus any cubes bought

The tile goes down face up. New coal mines and iron works may sell cubes straight away (see "coal-mine", "iron-works").

Type: build cotton manchester card:manchester
Add coal:<town> or iron:<town> only when you are offered a choice.`},

	{"location-card", "Location cards", []string{"location card", "town card", "place card"}, `A location card names one town. With it you may build any industry that fits a space there, whether or not you are connected to the town.

You still need the coal to reach it, the iron, the money, and a tile that suits the period. Barrow-in-Furness and Birkenhead cards only build in the rail period; in the canal period they are useful for any other action.

Type: build port lancaster card:lancaster`},

	{"industry-card", "Industry cards", []string{"industry card", "type card", "cotton card", "port card", "coal card", "iron card", "shipyard card"}, `An industry card lets you build that kind of industry, but only in a town that is part of your network (see "network").

Special case: if you have no industries and no links on the board at all, an industry card lets you build that industry in any matching space on the map.

Between Liverpool and Birkenhead the virtual link also counts (see "virtual-link").

Type: build coal wigan card:coal`},

	{"two-card-build", "Building with two cards", []string{"two cards", "two card build", "2 cards", "double card", "combine", "build anywhere", "wild"}, `You can spend both cards of your turn on a single build. Any two cards will do, and you may build in any town as if you held its location card.

Everything else still applies: a matching space, a tile allowed in this period, coal, iron, money, one tile per town in the canal period.

It uses your whole turn, so it is not possible on your very first canal turn when you play only one card, nor after you already took one action this turn.

Type: build iron bolton cards:port+wigan (the two cards in alphabetical order)`},

	{"network", "Your network", []string{"network", "connected", "connection", "reach", "my network"}, `Your network decides where industry cards work and where you may lay links.

- Canal period: every town at either end of one of your canals.
- Rail period: every town at either end of one of your rails, plus every town with one of your industries.
- With nothing of yours on the board, an industry card may build anywhere.

For new links, a link must touch a town where you have an industry, or a town one of your links already reaches.

Coal and cotton routes are different: they may use anybody's links (see "coal", "sell-cotton").`},

	{"tech-level", "Tech levels and periods", []string{"tech level", "level", "stack", "canal symbol", "rail symbol", "which tile", "top tile"}, `Each of your five stacks is sorted by tech level, lowest on top, and you always build the top tile.

- Level 1 tiles carry the canal mark: they belong to the canal period alone. In the rail period you must develop past them.
- Level 0 shipyards can never be built; develop them away.
- Level 1 shipyards are canal only, level 2 shipyards rail only.
- Other levels can be built in either period.

The tile topics (for example "tile-cotton-2") show each level's cost, needs and rewards.`},

	{"one-per-town", "One industry per town (canal period)", []string{"one per town", "one industry per town", "same town", "canal limit"}, `During the canal period you may own at most one industry in each town. Building over your own tile there is fine, since you still own just one.

Once the rail period starts, you are limited only by the free spaces that fit your tile.

Other players' tiles in the same town do not count against you.`},

	{"overbuild", "Building over your own tile", []string{"overbuild", "build over", "replace", "upgrade", "over my tile"}, `You may build a new tile on top of one of your own tiles if it is the same industry and a higher level. The old tile leaves the board with any cubes on it and scores nothing later.

All the usual needs still apply (card, coal, iron, money, period). An industry card works for your own tile even without a link to that town.

Your income stays where it is.

Type: build cotton bolton@1 card:cotton (the @ space number picks the tile to cover)`},

	{"overbuild-opponent", "Building over another player", []string{"overbuild opponent", "take over", "replace opponent", "opponent mine", "opponent iron works"}, `Only coal mines and iron works of other players can be built over, and only when their resource has run out everywhere:
- a coal mine: no coal on any tile of the map and none on the coal demand track
- an iron works: no iron on any tile and none on the iron demand track

Your tile must be the same industry with a higher level than theirs. They keep their income; their tile is gone and scores nothing.

Cotton mills, ports and shipyards of other players can never be built over.`},

	{"coal", "Coal", []string{"coal", "coal cube", "coal source", "nearest coal", "closest mine", "move coal"}, `Tiles with the coal mark need one coal cube moved to the building town (each rail link needs one too).

Where it must come from, in order:
1. the nearest coal mine that still has cubes and is linked to the town by built links (anyone's links, anyone's mine). Distance counts links; a mine in the same town is nearest of all. Equal distance: you choose.
2. only if no mine can supply it: the coal demand track, if the town is connected to a port or external location (see "coal-market").
3. if that track is empty: £{stock}, with the same port condition.

Mine coal is free, even from other players' mines. Routes may pass through external locations.

When you must choose, add coal:<town> to the move (coal:<town>@2 if that town has two such mines).`},

	{"coal-market", "Coal demand track", []string{"coal market", "coal demand", "coal track", "buy coal", "sell coal", "coal price"}, `The coal demand track holds spare coal. Using it needs a route from your building town to a port tile (anyone's, flipped or not) or to Scotland, Yorkshire or the Midlands.

Buying: you take the cheapest cube and pay its price: {prices}. When the track is empty a cube costs £{stock}.

Selling: when you build a coal mine linked to such a port, it must at once fill the empty spaces of the track, most expensive first, as far as its cubes go, and you are paid each space's price. This happens only at the moment of building.`},

	{"iron", "Iron", []string{"iron", "iron cube", "iron source", "take iron"}, `Tiles with the iron mark, and every develop step, need one iron cube.

Where it comes from:
1. any iron works on the board that has cubes, anyone's, anywhere: no link is needed and you choose which one
2. only if no works has any: the iron demand track, cheapest cube first
3. if that track is empty: £{stock}

Iron from a works is free. Taking the last cube flips the works and raises its owner's income.

With two or more works to pick from, add iron:<town> to the move.`},

	{"iron-market", "Iron demand track", []string{"iron market", "iron demand", "iron track", "buy iron", "sell iron", "iron price"}, `The iron demand track works like the coal one but needs no port connection at all.

Buying: the cheapest cube first, at {prices}; £{stock} when the track is empty.

Selling: whenever an iron works is built, it immediately fills the empty spaces of the track from its own cubes (as far as they go), most expensive space first, and its owner is paid each space's price.`},

	{"coal-mine", "Coal mines", []string{"coal mine", "mine", "colliery", "coal mines"}, `A coal mine comes with a few coal cubes (more at higher levels). Higher mines need iron to build.

When you build it and it is linked to a port or external location, it must first fill the empty spaces of the coal demand track for cash (see "coal-market"). Later connections do not trigger a sale.

Anyone may then take its coal for free. When the last cube leaves, the mine flips and you gain its income.

Mines fit the mixed cotton/coal spaces and Wigan's coal spaces. Tip: a mine with coal left over makes a strong start to the rail period.`},

	{"iron-works", "Iron works", []string{"iron works", "ironworks", "foundry", "iron foundry"}, `An iron works needs coal to build and comes with iron cubes.

As it is built it fills the empty spaces of the iron demand track from its cubes, as far as they go, and you are paid for each (see "iron-market"). No port is needed for that.

The rest is taken by anyone who builds or develops, for free and from anywhere. When the last cube goes, it flips and you gain its income.

Only a few towns have an iron works space: see the location topics.`},

	{"flipping", "Flipping", []string{"flip", "flipping", "flipped", "face down", "turn over", "when does it flip"}, `A tile flips once, and then it earns: your income marker moves up by its gold circle number, and it scores its VP at each period end while it stays on the board.

When each kind flips:
- cotton mill: when you sell its cotton (see "sell-cotton")
- port: when someone sells cotton into it
- coal mine, iron works: when the last cube is taken
- shipyard: right away, as it is built

Coal, iron and port flips reward the tile's owner, even if another player caused them.`},

	{"cotton-mill", "Cotton mills", []string{"cotton mill", "mill", "cotton", "mills"}, `Cotton mills are the heart of the game. Level 1 needs nothing but money; from level 2 they need coal, from level 3 iron as well.

A mill flips only through the sell cotton action: sell it to a connected port that has not flipped, or to the distant market. Higher levels earn less income but many more VP.

Mills fit the mixed cotton/coal spaces, the mill-only spaces (Colne, Stockport, Macclesfield) and the mixed mill/port boxes of Lancaster and Preston.`},

	{"port", "Ports", []string{"port", "ports", "harbour", "harbor", "anchor"}, `A port is a buyer for cotton. It needs no coal or iron.

- It flips when a mill sells cotton into it; the port's owner gets the port's income even when someone else sold.
- Any port tile, flipped or not, connects mills to the distant market and allows buying coal from the track, as do Scotland, Yorkshire and the Midlands.
- Selling through an unflipped port to the distant market does not flip it.

Port spaces are in Lancaster, Fleetwood, Preston, Warrington, Liverpool and Ellesmere Port. Lancaster and Preston have a port-first box (see "port-boxes").`},

	{"shipyard", "Shipyards", []string{"shipyard", "shipyards", "ship", "ships"}, `Shipyards are pure points: they flip the moment they are built.

Your stack begins with level 0 shipyards, which can never be built: develop them away first.
- Level 1 needs coal and iron and is a canal period tile. In practice that means Liverpool, the only shipyard space open then.
- Level 2 also needs coal and iron and is a rail period tile, for Liverpool, Birkenhead or Barrow-in-Furness.

They are expensive but worth a lot of VP.`},

	{"barrow", "Barrow-in-Furness", []string{"barrow", "barrow-in-furness", "furness"}, `Barrow-in-Furness is closed during the canal period: nothing can be built there until the rail period.

It has a shipyard space and an iron works space. Both tiles need coal, and the only way in is the rail from Lancaster, so that rail must be built before coal can reach Barrow.

A location card for Barrow can still be played in the canal period for any action other than building there.`},

	{"birkenhead", "Birkenhead", []string{"birkenhead"}, `Birkenhead opens in the rail period only, and it has a single shipyard space.

Coal reaches it through the rail from Ellesmere Port; the virtual link to Liverpool cannot carry coal.

Anyone in Liverpool may use a shipyard card to build here, through the virtual link (see "virtual-link").

A Birkenhead card played in the canal period can still serve any other action.`},

	{"virtual-link", "Liverpool-Birkenhead virtual link", []string{"virtual link", "liverpool birkenhead", "liverpool-birkenhead", "invisible link"}, `Liverpool and Birkenhead are joined by a printed "virtual" link that nobody builds and everybody shares.

It counts only for one thing: deciding whether an industry card reaches the town. So a player whose link or tile reaches Liverpool may play a shipyard card for Birkenhead, and a player present in Birkenhead may play a port or shipyard card for Liverpool.

It never carries coal or cotton, never scores, and it does not let you lay links out of the town on the other side.`},

	{"port-boxes", "Lancaster and Preston port boxes", []string{"port box", "port boxes", "lancaster port", "preston port", "port-only box", "port first"}, `Lancaster and Preston each have one box that only takes a port and one box that takes a port or a cotton mill.

A new port must go into the port-only box while it is empty. Only when it is taken may a port use the mixed box. This stops players blocking the mill space on purpose.

The engine picks the right box for you. Name a space (@2) only when building over your own tile.`},

	{"canal", "Canals", []string{"canal", "canals", "canal link", "build canal"}, `Canals are the links of the first period, and they go only on routes the board marks as canal routes.

- A canal costs £{canal} and you build one per action.
- It must touch your network: a town where you have an industry, or a town one of your links already reaches.
- Nobody can build on a route that already has a link.

Canals score at the end of the canal period and are then removed.

Type: canal bolton-bury card:wigan`},

	{"rail", "Rails", []string{"rail", "rails", "railway", "rail link", "double rail", "two rails", "build rail"}, `Rails are the links of the second period, and they go only on routes marked for rail.

- One rail costs £{rail}; two in one action cost £{rail2}. The two need not touch each other.
- Each rail needs one coal, moved to either of its ends by the coal rules (nearest mine first, counted to the nearer end; else the demand track via a port; else £{stock}).
- With two rails the first is laid and supplied before the second, so the first can open a route, or use up coal, for the second.
- Each must touch your network when it is laid, on a route nobody has built yet.

Type: rail bolton-bury card:wigan
Two: rail bolton-bury bolton-wigan coal:wigan card:wigan`},

	{"link-limit", "Link limit", []string{"link limit", "{links} links", "out of links", "link counters", "how many links"}, `Each player has {links} link counters per period, so you can build at most {links} canals in the canal period and at most {links} rails in the rail period. The canals come back to you when the canal period ends.

Every route holds just one link: once anybody builds there, it is closed to everyone else for that period.`},

	{"develop", "Develop", []string{"develop", "development", "skip level", "remove tile", "discard tile", "tech up"}, `Develop lets you throw away the top tile of one or two stacks (the same stack twice or two different ones) without building them. It gets you to the stronger tiles faster, and it is the only way past level 0 shipyards and past level 1 tiles in the rail period.

Each discarded tile needs one iron, found by the usual iron rules (see "iron"): works on the board first, otherwise the track, otherwise £{stock}.

Discarded tiles are gone for good.

Type: develop cotton card:bolton
Two: develop iron cotton card:bolton`},

	{"sell-cotton", "Sell cotton", []string{"sell", "sell cotton", "sale", "sell mill", "cotton sale"}, `One sell action can sell as many of your unflipped mills as you like, one after another in the order you pick. Each sale goes to:
- a port that has not flipped and is connected to the mill by built links (anyone's links; routes may pass other ports or external locations). Both tiles flip and the port owner gains the port's income, even if that is another player.
- or the distant market (see "distant-market").

You may mix both kinds in one action, for example sell to the market through a port, then to the port itself.

List port sales in order; a distant sale must come last, since it reveals a tile. If it works and you can still sell, you are asked to go on: type more sales without a card, or stop.

Type: sell bolton>liverpool bury>distant card:oldham
Then: sell colne>distant  or  stop`},

	{"distant-market", "Distant market", []string{"distant market", "overseas", "export", "cotton demand", "market tile", "draw tile"}, `A mill can sell overseas if it is connected to any port tile (flipped or not, it does not flip) or to Scotland, Yorkshire or the Midlands.

Each such sale draws a market tile and moves the cotton demand marker down by its number.
- If the marker stays above the bottom: your mill flips, you gain its income, plus the bonus spaces printed beside the marker's new spot.
- If it hits the bottom: the sale fails, the mill stays unflipped and your sell action ends at once. Nobody can sell to the market again this period.

A distant sale is always the last sale you type; after a success you may continue the same action.

Type: sell bury>distant card:oldham
Then: sell colne>distant  or  stop`},

	{"loan", "Loans", []string{"loan", "loans", "borrow", "money", "cash", "{loanwords}"}, `A loan hands you {loans} from the bank; you never repay it. In exchange your income drops by one band for each £10, and your marker lands on the highest space of the new band.

- You cannot go below -£{minincome} income: a loan that would need that is refused.
- In the rail period, once the deck is empty, no more loans.
- Loan money is not spending, so it does not change turn order.

Type: loan 20 card:wigan`},

	{"notation", "Move notation", []string{"notation", "syntax", "commands", "how to type", "move format", "type a move"}, `Moves are words separated by spaces (commas work too). Towns and industries use short names: manchester, cotton, port, coal, iron, ship.
- build cotton bolton card:bolton
- build iron bolton cards:port+wigan
- canal bolton-bury card:wigan
- rail bolton-bury bolton-wigan card:wigan
- develop iron cotton card:bolton
- sell bolton>liverpool bury>distant card:oldham
  (after a distant sale: more sales, or stop)
- loan 20 card:wigan
- pass card:wigan
- liquidate bolton
Links are the two town names in alphabetical order. coal: and iron: tokens are only needed when you have a choice. docs/notation.md has the full grammar.`},
}

// helpRules returns the rule topics as engine help topics, with the
// {placeholders} in their bodies filled in from the board data.
func helpRules(b *board) []engine.HelpTopic {
	r := b.rules
	prices := make([]string, len(b.demandPrices))
	for i, p := range b.demandPrices {
		prices[i] = fmt.Sprintf("£%d", p)
	}
	var removals, rounds []string
	for _, pc := range r.Players {
		rounds = append(rounds, fmt.Sprintf("%d rounds with %d players", pc.Rounds, pc.Players))
		removals = append(removals, fmt.Sprintf("- %d players: %d in the canal period, %d in the rail period (%d rounds each)",
			pc.Players, pc.RemoveCanal, pc.RemoveRail, pc.Rounds))
	}
	var loans []string
	for a := r.LoanStep; a <= r.MaxLoan; a += r.LoanStep {
		loans = append(loans, pounds(a))
	}
	deck := 0
	for _, p := range b.places {
		deck += p.Cards
	}
	for _, n := range b.industryCards {
		deck += n
	}
	fill := strings.NewReplacer(
		"{money}", strconv.Itoa(r.StartMoney),
		"{deck}", strconv.Itoa(deck),
		"{loans}", strings.Join(loans[:len(loans)-1], ", ")+" or "+loans[len(loans)-1],
		"{startspace}", strconv.Itoa(b.startSpace),
		"{hand}", strconv.Itoa(r.HandSize),
		"{links}", strconv.Itoa(r.LinksPerPeriod),
		"{removals}", strings.Join(removals, "\n"),
		"{rounds}", strings.Join(rounds, " or "),
		"{maxincome}", strconv.Itoa(r.MaxIncome),
		"{minincome}", strconv.Itoa(-r.MinIncome),
		"{stock}", strconv.Itoa(b.stockPrice),
		"{prices}", strings.Join(prices, ", "),
		"{canal}", strconv.Itoa(r.CanalCost),
		"{rail}", strconv.Itoa(r.RailCost),
		"{rail2}", strconv.Itoa(r.DoubleRailCost),
	)
	out := make([]engine.HelpTopic, 0, len(helpRuleTexts))
	for _, r := range helpRuleTexts {
		out = append(out, engine.HelpTopic{
			ID:       r.id,
			Title:    r.title,
			Kind:     "rule",
			Keywords: fillKeywords(fill, r.keywords, loans),
			Body:     fill.Replace(r.body),
		})
	}
	return out
}

// fillKeywords fills the data's values into a topic's keywords; the
// placeholder {loanwords} stands for one keyword per loan size.
func fillKeywords(fill *strings.Replacer, kws, loans []string) []string {
	out := make([]string, 0, len(kws))
	for _, k := range kws {
		if k == "{loanwords}" {
			out = append(out, loans...)
			continue
		}
		out = append(out, fill.Replace(k))
	}
	return out
}
