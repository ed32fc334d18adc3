package urbanization

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestFactoryArticlesAndCounts: the German and French factory names are
// of every gender (Sägewerk, Handwerksbetrieb, Moulin à vent, Usine
// textile), so a sentence takes the article with the name
// (name.factory-the, -the-acc, -the-dat, -of-the, -to-the) rather than
// writing "die"/"la" before it; and a count of one reads in the singular.
func TestFactoryArticlesAndCounts(t *testing.T) {
	info := catalogInfo()
	ev := func(id string, kv ...string) engine.Event {
		return event(0, "test", id, kv...)
	}
	for _, c := range []struct {
		l      lang.Lang
		ev     engine.Event
		viewer int
		want   string
	}{
		{lang.German, ev("attract", "card", "saw-mill", "number", "7", "back", "2", "next", "factory-6"), 1,
			"Ann wirbt das Sägewerk (Nr. 7) an; 2 Aktionsmarker gehen an ihre Besitzer zurück; der Handwerksbetrieb kommt in die Auslage"},
		{lang.German, ev("upgrade", "card", "hotel", "over", "factory-6", "vp", "3"), 1,
			"Ann wertet den Handwerksbetrieb mit dem Hotel auf (+3 SP)"},
		{lang.German, ev("orders-bonus", "card", "factory-15", "money", "2"), 1,
			"Ann besetzt das letzte Auftragsfeld des Handelshauses: +2\u00a0$"},
		{lang.German, ev("orders", "card", "steelworks", "colour", "grey", "count", "1"), 0,
			"du setzt einen Aktionsmarker auf das Stahlwerk und nimmst 1 Arbeitsauftrag in Grau"},
		{lang.German, ev("exchange", "count", "1", "invention", "order-swap", "colour", "grey"), 1,
			"Ann tauscht 1 Arbeitsauftrag in Orange gegen 1 in Grau (Auftragstausch)"},
		{lang.English, ev("exchange", "count", "1", "invention", "order-swap", "colour", "grey"), 1,
			"Ann exchanges 1 orange work order for 1 grey one (Order swap)"},
		{lang.English, ev("exchange", "count", "2", "invention", "order-swap", "colour", "grey"), 0,
			"you exchange 2 orange work orders for 2 grey ones (Order swap)"},
		{lang.German, ev("exchange", "count", "2", "invention", "order-swap", "colour", "grey"), 0,
			"du tauschst 2 Arbeitsaufträge in Orange gegen 2 in Grau (Auftragstausch)"},
		{lang.French, ev("attract", "card", "windmill", "number", "2", "back", "2", "next", "textile-factory"), 1,
			"Ann attire le Moulin à vent (nº 2)\u00a0; 2 marqueurs d’action retournent à leurs propriétaires\u00a0; l’Usine textile arrive dans l’exposition"},
		{lang.French, ev("produce", "card", "hotel", "goods", "2", "money", "4", "vp", "1"), 0,
			"tu fais produire 2 marchandises à l’Hôtel\u00a0: +4\u00a0$, +1\u00a0PV"},
		{lang.French, ev("orders-bonus", "card", "windmill", "money", "2"), 1,
			"Ann occupe la dernière case d’ordres du Moulin à vent\u00a0: +2\u00a0$"},
		{lang.French, ev("orders-short", "card", "bakery", "colour", "white", "count", "1"), 1,
			"Ann pose un marqueur d’action sur la Boulangerie et prend 1 ordre de travail blanc (la réserve n’en avait pas plus)"},
		{lang.French, ev("orders-short", "card", "bakery", "colour", "white", "count", "0"), 1,
			"Ann pose un marqueur d’action sur la Boulangerie et prend 0 ordre de travail blanc (la réserve n’en avait pas plus)"},
	} {
		got := engine.WordsFor(info, c.l, []string{"Ann", "Bo"}).Event(c.ev, c.viewer)
		if got != c.want {
			t.Errorf("%s %s %v:\n got %q\nwant %q", c.l, c.ev.Msg, c.ev.Data, got, c.want)
		}
	}
}
