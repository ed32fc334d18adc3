package smokyvalley

import (
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// The notation is documented in docs/notation.md (The Smoky Valley). A
// move is words separated by spaces, one word per decision; parsing is
// lexical: words are lower-cased and put in canonical spelling, legality is
// Apply's business.

var aliases = map[string]string{
	"bricks": "brick", "machines": "machine", "beers": "beer", "coals": "coal", "woods": "wood", "irons": "iron",
	"money": "cash", "£1": "cash", "pound": "cash",
	"upstream": "go", "move": "go", "boat": "go",
	"develop": "service", "acquire": "card", "city": "card", "board": "trader", "load": "ship",
	"done": "end", "finish": "end",
}

func init() {
	for _, d := range theData.districts {
		n := strings.ToLower(d.Name)
		for _, v := range []string{n, strings.ReplaceAll(n, " ", ""), strings.ReplaceAll(n, " ", "-"), strings.ReplaceAll(n, ". ", "-"),
			strings.ReplaceAll(strings.ReplaceAll(n, ".", ""), " ", "-"), strings.ReplaceAll(strings.ReplaceAll(n, ".", ""), " ", ""),
			strings.ReplaceAll(strings.ReplaceAll(n, "st.", "saint"), " ", "-")} {
			if v != d.ID && !strings.Contains(v, " ") {
				aliases[v] = d.ID
			}
		}
	}
	for _, ind := range theData.industries {
		for _, v := range []string{strings.ReplaceAll(ind.ID, "-", ""), strings.ReplaceAll(ind.ID, "-", "_")} {
			if v != ind.ID {
				aliases[v] = ind.ID
			}
		}
	}
	for _, s := range theData.services {
		for _, v := range []string{strings.ReplaceAll(s.ID, "-", ""), strings.ReplaceAll(s.ID, "-", "_")} {
			if v != s.ID {
				aliases[v] = s.ID
			}
		}
	}
	for _, c := range theData.cards {
		for _, v := range []string{strings.ReplaceAll(c.ID, "-", ""), strings.ReplaceAll(c.ID, "-", "_")} {
			if v != c.ID {
				aliases[v] = c.ID
			}
		}
	}
}

func canonWord(w string) string {
	if a, ok := aliases[w]; ok {
		return a
	}
	return w
}

// ParseMove reads a move typed in the notation.
func (Game) ParseMove(text string) (engine.Move, error) {
	words := strings.Fields(strings.ToLower(text))
	if len(words) == 0 {
		return nil, rule("move.empty", TopicNotation)
	}
	m := make(engine.Move, 0, len(words))
	for _, w := range words {
		switch {
		case strings.Contains(w, "@"):
			a, b, _ := strings.Cut(w, "@")
			w = canonWord(a) + "@" + b
		case strings.Contains(w, ":"):
			a, b, _ := strings.Cut(w, ":")
			w = canonWord(a) + ":" + b
		default:
			w = canonWord(w)
		}
		m = append(m, w)
	}
	return m, nil
}

// FormatMove writes a move in canonical notation.
func (Game) FormatMove(m engine.Move) string { return strings.Join(m, " ") }

var examples = []engine.Example{
	{Move: "depot mccord", Meaning: "set-up: place your Wood Depot on McCord's pre-printed space"},
	{Move: "go stgabriel", Meaning: "move your boat to St. Gabriel (free on the first turn or downstream, £1 upstream or to stay)"},
	{Move: "build coal-depot s1", Meaning: "build a Coal Depot on space 1 of the current district"},
	{Move: "upgrade s2", Meaning: "upgrade your industry on space 2 of the current district"},
	{Move: "produce s3 depot", Meaning: "produce in the industry on space 3, then in the Wood Depot"},
	{Move: "produce s2 grain", Meaning: "produce 2 grain (not bricks) at a Warehouse"},
	{Move: "service clay-pit", Meaning: "develop a Clay Pit in the current district"},
	{Move: "canal w-ship1 slot2", Meaning: "develop the canal: take the Ship 1 good tile and place it under navigation space 2"},
	{Move: "card canal-lock wellington stgabriel:w-build slot1", Meaning: "acquire the Canal Lock, move the boat to Wellington and take a canal tile"},
	{Move: "trader gb1", Meaning: "board a trader on the neutral ship in the first row of the GB section"},
	{Move: "ship grain@gb1 beer@us2", Meaning: "ship goods: a grain on the first GB ship and a beer on the second US ship"},
	{Move: "tile wellington build flour-mill s2", Meaning: "canal action from the tile under the boat: build in Wellington"},
	{Move: "buy wood", Meaning: "local market: buy a wood for £1"},
	{Move: "sell wood coal iron", Meaning: "local market: sell three different basic goods for £1"},
	{Move: "sellpair brick flour", Meaning: "local market: sell a basic and a processed good for £1"},
	{Move: "poverty beer", Meaning: "Poverty Reduction: give a beer for 3 prestige"},
	{Move: "end", Meaning: "end your turn"},
	{Move: "pass 3 iron", Meaning: "pass onto space 3 of the passing track and take an iron"},
	{Move: "bonus wood", Meaning: "your trader reached the US: take 3 wood (or 'bonus cash')"},
	{Move: "take coal", Meaning: "take a coal as an owner's or popularity bonus"},
	{Move: "priorities life-service-economy", Meaning: "as mayor: quality of life first, public service second, economy third"},
}
