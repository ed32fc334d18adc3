package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// PrintedValues lists the places and industries in the view's order, and
// what a caller does with its copy changes nothing in the game.
func TestPrintedValues(t *testing.T) {
	g := New()
	st, _, err := g.Setup(engine.Setup{Seats: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	v := g.View(st, engine.Spectator).(View)
	p := PrintedValues()
	if len(p.Places) != len(v.Places) {
		t.Fatalf("%d printed places, %d in the view", len(p.Places), len(v.Places))
	}
	for i, pl := range p.Places {
		if pl.ID != v.Places[i].ID || pl.Name != v.Places[i].Name || pl.Short == "" {
			t.Errorf("place %d: printed %+v, view %q %q", i, pl, v.Places[i].ID, v.Places[i].Name)
		}
	}
	for i, ind := range p.Industries {
		if ind.ID != v.PlayerViews[0].NextTiles[i].Industry || ind.Name == "" {
			t.Errorf("industry %d: printed %+v, view stack %q", i, ind, v.PlayerViews[0].NextTiles[i].Industry)
		}
	}
	if len(p.DemandPrices) != theBoard().trackSize() || len(p.CottonBonus) != theBoard().cottonClosed {
		t.Errorf("%d demand prices and %d cotton bonuses, want %d and %d", len(p.DemandPrices), len(p.CottonBonus), theBoard().trackSize(), theBoard().cottonClosed)
	}
	p.DemandPrices[0], p.CottonBonus[0], p.Places[0].Short = 99, 99, "changed"
	q := PrintedValues()
	if q.DemandPrices[0] == 99 || q.CottonBonus[0] == 99 || q.Places[0].Short == "changed" || theBoard().buyPrice(theBoard().trackSize()) == 99 {
		t.Error("changing a copy of the printed values changed the game's")
	}
}
