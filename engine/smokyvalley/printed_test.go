package smokyvalley

import "testing"

// PrintedValues gives renderers every printed table, indexed as the View
// indexes it.
func TestPrintedValues(t *testing.T) {
	p := PrintedValues()
	if len(p.Districts) != 5 || len(p.Markets) != 3 || len(p.Cards) != 42 || len(p.Industries) != len(theData().industries) ||
		len(p.Services) != len(theData().services) || len(p.CanalTiles) != len(theData().canal) || len(p.Goods) != numGoods {
		t.Fatalf("printed values: %d districts, %d markets, %d cards", len(p.Districts), len(p.Markets), len(p.Cards))
	}
	if p.Industries[IndWoodDepot].Name != "Wood Depot" || p.Goods[Machine] != "machine" || p.Years[len(p.Years)-1] != 1860 {
		t.Errorf("printed names: %q %q %d", p.Industries[IndWoodDepot].Name, p.Goods[Machine], p.Years[len(p.Years)-1])
	}
	canal := 0
	for i, d := range p.Districts {
		if d.Name != theData().districts[i].Name || len(d.Spaces) != 5 {
			t.Errorf("district %d: %+v", i, d)
		}
		if d.Canal {
			canal++
		}
	}
	if canal != 3 || p.ShipCapacity[true] <= p.ShipCapacity[false] || p.PopBonus[5] == "" || len(p.CardGood) != 3 {
		t.Errorf("tracks: %d canal districts, capacities %v, popularity bonuses %v", canal, p.ShipCapacity, p.PopBonus)
	}
}
