package urbanization

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestDataCounts checks the data against the component list of the
// rulebook, transcribed here independently.
func TestDataCounts(t *testing.T) {
	d := theData()
	if len(d.terrs) != 24 || len(d.factories) != 18 || len(d.characters) != 10 || len(d.inventions) != 18 {
		t.Errorf("territories %d, factories %d, characters %d, inventions %d; want 24, 18, 10, 18",
			len(d.terrs), len(d.factories), len(d.characters), len(d.inventions))
	}
	r := &d.rules
	for name, got := range map[string][2]int{
		"turns": {r.Turns.Value, 6}, "phases": {r.ActionPhases.Value, 4}, "action markers": {r.ActionMarkers.Value, 10},
		"grain": {r.GrainTotal.Value, 32}, "grain cap": {r.GrainCap.Value, 8}, "orders per colour": {r.OrdersPerColour.Value, 15},
		"price markers": {r.PriceMarkers.Value, 24}, "field price": {r.FieldPrice.Value, 3}, "spaces": {r.InventionSpaces.Value, 9},
		"house cost": {r.HouseCost.Value, 2}, "skyscraper cost": {r.SkyscraperCost.Value, 3}, "admin cost": {r.AdminCost.Value, 3},
	} {
		if got[0] != got[1] {
			t.Errorf("%s = %d, want %d", name, got[0], got[1])
		}
	}
	if !reflect.DeepEqual(d.barnPrices, []int{1, 1, 2, 2}) {
		t.Errorf("barn prices %v", d.barnPrices)
	}
	if d.orderValues != [numColours]int{3, 2, 1} {
		t.Errorf("work-order values %v, want white 3, grey 2, orange 1", d.orderValues)
	}
	// The factory deck by player count: II with 2, II and III with 3.
	for n, want := range map[int]int{2: 12, 3: 15, 4: 18} {
		if got := len(d.deckFor(n)); got != want {
			t.Errorf("%d players: %d factory cards, want %d (reference data)", n, got, want)
		}
	}
	// The rulebook's examples fix two card facts: the Bakery is numbered
	// below the Windmill, which produces 2 orange goods.
	b, w := d.factories[d.factIndex["bakery"]], d.factories[d.factIndex["windmill"]]
	if b.Number >= w.Number || w.Goods.Count != 2 || w.goods != Orange {
		t.Errorf("bakery #%d, windmill #%d making %d %s", b.Number, w.Number, w.Goods.Count, w.goods)
	}
	// 13 inventions carry a factory bonus, 5 do not (player aid).
	bonus := 0
	for _, inv := range d.inventions {
		if inv.Bonus != nil {
			bonus++
		}
	}
	if bonus != 13 {
		t.Errorf("%d inventions with a factory bonus, want 13", bonus)
	}
	// Covered territories: none with 4 players, and each player count
	// leaves a connected area.
	for n := 2; n <= 4; n++ {
		var open []int
		for i := range d.terrs {
			if !d.covered(i, n) {
				open = append(open, i)
			}
		}
		seen := map[int]bool{open[0]: true}
		stack := []int{open[0]}
		for len(stack) > 0 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, a := range d.adj[x] {
				if !seen[a] && !d.covered(a, n) {
					seen[a] = true
					stack = append(stack, a)
				}
			}
		}
		if len(seen) != len(open) {
			t.Errorf("%d players: the open territories are not connected", n)
		}
	}
}

// readData reads the embedded files for loadData, with edit applied to one.
func readData(file string, edit func(map[string]any)) func(string) ([]byte, error) {
	return func(name string) ([]byte, error) {
		b, err := dataFS.ReadFile("data/" + name)
		if err != nil || name != file {
			return b, err
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			return nil, err
		}
		edit(doc)
		return json.Marshal(doc)
	}
}

// TestDataStrict checks that the data files are read strictly: an unknown
// field, a value without its source and broken cross-references fail.
func TestDataStrict(t *testing.T) {
	if _, err := loadData(readData("", nil)); err != nil {
		t.Fatalf("the embedded data does not load: %v", err)
	}
	cases := map[string]struct {
		file string
		edit func(map[string]any)
	}{
		"unknown field": {"rules.json", func(d map[string]any) { d["start_monye"] = map[string]any{"value": 9, "source": "x"} }},
		"no source": {"rules.json", func(d map[string]any) {
			d["start_money"] = map[string]any{"value": 9, "source": ""}
		}},
		"asymmetric adjacency": {"board.json", func(d map[string]any) {
			tr := d["territories"].([]any)[0].(map[string]any)
			tr["adjacent"] = append(tr["adjacent"].([]any), "t24")
		}},
		"card out of order": {"factories.json", func(d map[string]any) {
			d["cards"].([]any)[1].(map[string]any)["number"] = 1
		}},
		"unknown bonus factory": {"inventions.json", func(d map[string]any) {
			d["cards"].([]any)[0].(map[string]any)["bonus"] = map[string]any{"factory": "brewery", "vp": 1}
		}},
		"three cards on a space": {"inventions.json", func(d map[string]any) {
			d["cards"].([]any)[0].(map[string]any)["space"] = 1
		}},
		"unknown colour": {"factories.json", func(d map[string]any) {
			d["cards"].([]any)[0].(map[string]any)["colour"] = "blue"
		}},
	}
	for name, c := range cases {
		if _, err := loadData(readData(c.file, c.edit)); err == nil {
			t.Errorf("%s: the data loads", name)
		}
	}
}

// TestDataProvenanceListsAssumptions checks that every value the data marks
// assumed is listed in docs/data-provenance.md.
func TestDataProvenanceListsAssumptions(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "data-provenance.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	i := strings.Index(text, "# Urbanization")
	if i < 0 {
		t.Fatal("docs/data-provenance.md has no Urbanization section")
	}
	text = text[i:]
	b, _ := dataFS.ReadFile("data/rules.json")
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for key, v := range raw {
		var n struct {
			Assumed bool `json:"assumed"`
		}
		if json.Unmarshal(v, &n) == nil && n.Assumed && !strings.Contains(text, "`"+key+"`") {
			t.Errorf("rules.json %s is assumed but not listed in the Urbanization section of docs/data-provenance.md", key)
		}
	}
	for _, want := range []string{"board.json", "factories.json", "characters.json", "inventions.json"} {
		if !strings.Contains(text, want) {
			t.Errorf("docs/data-provenance.md does not describe %s", want)
		}
	}
}
