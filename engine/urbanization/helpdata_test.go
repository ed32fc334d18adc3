package urbanization

import (
	"fmt"
	"strings"
	"testing"
)

// The topics of a character, factory card or invention state its numbers
// and names in their messages (help.{en,de,fr}.toml). These tests derive
// the English from the data, as the help was generated before it moved
// into the catalog, so a value corrected in data/*.json fails here until
// its topic is corrected too (and TestHelpNumbersAgree then asks for the
// same numbers in German and French).

func dataCharacterBody(c int) string {
	ch := theData().characters[c]
	body := ch.Ability
	if ch.Action != "" {
		body += fmt.Sprintf("\nNotation: add the word %s right after the action word %s (see \"Move notation\"), e.g. %s.", ch.ID, ch.Action, dataCharacterExample[c])
	}
	if ch.NameAssumed {
		body += "\nThe card's English name is not known for sure; this name is the engine's."
	}
	return body
}

var dataCharacterExample = [numCharacters]string{
	charArchitect: "build architect house t08", charAgent: "land agent t09 t15 t03", charFarmer: "sow t08 farmer farmer (the Farmer is a place to sow, listed last)",
	charMillworker: "grain millworker buy 1", charCollector: "taxes collector (after the word taxes)", charForeman: "orders foreman bakery",
	charIndustrialist: "attract industrialist pottery t08", charEngineer: "produce engineer windmill:wo", charProfessor: "invent professor new s4",
}

func dataFactoryBody(c int) string {
	f := theData().factories[c]
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
	for _, inv := range theData().inventions {
		if inv.bonusFactory == c {
			bonus = append(bonus, fmt.Sprintf("%s invention +%d VP", inv.Name, inv.Bonus.VP))
		}
	}
	body := fmt.Sprintf("Factory card #%d, %s. Work-order spaces, left to right: %s. Produces up to %d %s %s, each worth $%d and %d VP. %s.",
		f.Number, f.colour, strings.Join(spaces, ", "), f.Goods.Count, f.goods, pluralWord(f.Goods.Count, "good", "goods"),
		theData().orderValues[f.goods], theData().rules.GoodVP.Value, capital(back))
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
	return body
}

func dataInventionBody(c int) string {
	inv := theData().inventions[c]
	body := inventionText(c)
	if inv.Bonus != nil {
		body += fmt.Sprintf(" Final scoring: +%d VP if you own the %s (active or not).", inv.Bonus.VP, cardName(inv.bonusFactory))
	}
	body += fmt.Sprintf(" This invention card lies on docking space %d (s%d in the notation). Token: %s.", inv.Space, inv.Space, inv.ID)
	body += "\nThe printed title and docking space of this invention card are not known (these are the engine's)"
	if inv.BonusAssumed {
		body += "; which card carries this factory bonus is inferred from the layout of the player aid"
	}
	return body + "."
}

func TestHelpMatchesData(t *testing.T) {
	byID := topicsByID(t)
	check := func(id, title, body string, keywords []string) {
		t.Helper()
		tp, ok := byID[id]
		if !ok {
			t.Errorf("no topic %s", id)
			return
		}
		if tp.Title != title || tp.Body != body || !equalStrings(tp.Keywords, keywords) {
			t.Errorf("topic %s does not say what the data says:\n got %q %q\n%q\nwant %q %q\n%q", id, tp.Title, tp.Keywords, tp.Body, title, keywords, body)
		}
	}
	for c, ch := range theData().characters {
		kw := []string{strings.ToLower(ch.Name), ch.ID, "character"}
		if ch.Action != "" {
			kw = append(kw, ch.Action)
		}
		check(TopicCharacterPrefix+ch.ID, ch.Name, dataCharacterBody(c), kw)
	}
	for c, f := range theData().factories {
		check(TopicFactoryPrefix+f.ID, f.Name, dataFactoryBody(c),
			[]string{strings.ToLower(f.Name), f.ID, "factory", f.colour.String(), fmt.Sprintf("#%d", f.Number)})
	}
	for c, inv := range theData().inventions {
		check(TopicInventionPrefix+inv.ID, inv.Name+" (invention)", dataInventionBody(c),
			[]string{strings.ToLower(inv.Name), inv.ID, "invention", strings.ToLower(inv.Card)})
	}
	// The characters topic lists every hired character with its action word.
	var b strings.Builder
	b.WriteString("Each turn every player hires one character (the Mayor is given, not hired). Each is played with one action, then spent:\n")
	for c := 1; c < numCharacters; c++ {
		fmt.Fprintf(&b, "- %s (%s)\n", charName(c), theData().characters[c].Action)
	}
	b.WriteString("Each has its own topic, e.g. character-architect.")
	if got := byID[TopicCharacters].Body; got != b.String() {
		t.Errorf("topic %s does not list the characters of the data:\n%s", TopicCharacters, got)
	}
}

// inventionText says in English what invention c does, built from the
// data: the oracle the catalog's invention messages (inventionMsg) and
// the invention topics are checked against.
func inventionText(c int) string {
	inv := &theData().inventions[c]
	switch inv.Effect {
	case effMinOutput:
		return fmt.Sprintf("Your %s factories make up to %d goods even when the card shows fewer.", inv.colour, inv.Amount)
	case effTurnOrders:
		return fmt.Sprintf("In each factories phase you receive %d %s work %s from the supply.", inv.Amount, inv.colour, pluralWord(inv.Amount, "order", "orders"))
	case effGoodMoney:
		return fmt.Sprintf("Each %s work order you produce with earns $%d instead of $%d.", inv.colour, inv.Amount, theData().orderValues[inv.colour])
	case effGoodPoints:
		return fmt.Sprintf("Each %s good you produce scores %d VP instead of %d.", inv.colour, inv.Amount, theData().rules.GoodVP.Value)
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

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// plural writes "1 grain", "2 points".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
