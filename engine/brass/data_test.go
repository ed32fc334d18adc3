package brass

import "testing"

// The counts below are transcribed by hand from the rulebook (components,
// industry counter table, phase I) and the reference board facts.
func TestDataCounts(t *testing.T) {
	b, err := loadBoard()
	if err != nil {
		t.Fatal(err)
	}
	// Rulebook, COMPONENTS: counters per player.
	wantTiles := [numIndustries]int{indCotton: 12, indPort: 8, indCoal: 7, indIron: 4, indShip: 6}
	for i := industry(0); i < numIndustries; i++ {
		if got := len(b.stacks[i]); got != wantTiles[i] {
			t.Errorf("%s: %d counters per player, want %d", i, got, wantTiles[i])
		}
	}
	// Rulebook, ACTION 1 Build industry: nineteen named locations.
	if b.numTowns != 19 {
		t.Errorf("towns = %d, want 19", b.numTowns)
	}
	if len(b.spaces) != 43 {
		t.Errorf("spaces = %d, want 43", len(b.spaces))
	}
	if len(b.places) != 25 {
		t.Errorf("places = %d, want 25 (19 towns, 3 external, 3 others)", len(b.places))
	}
	canal, rail := 0, 0
	for _, l := range b.links {
		if l.Canal {
			canal++
		}
		if l.Rail {
			rail++
		}
	}
	if len(b.links) != 36 || canal != 23 || rail != 35 {
		t.Errorf("links = %d (canal %d, rail %d), want 36 (23, 35)", len(b.links), canal, rail)
	}
	// Rulebook, COMPONENTS: 66 cards.
	total := 0
	for _, p := range b.places {
		total += p.Cards
	}
	for _, n := range b.industryCards {
		total += n
	}
	if total != 66 || b.deckTotal != 66 {
		t.Errorf("deck = %d cards (declared %d), want 66", total, b.deckTotal)
	}
	// Phase I and II: the deal arithmetic closes exactly.
	for _, pc := range b.rules.Players {
		canalCards := 66 - pc.RemoveCanal
		if canalCards != pc.Players*(b.rules.FirstCanalTurnActions+b.rules.ActionsPerTurn*(pc.Rounds-1)) {
			t.Errorf("%d players: %d canal cards do not fill %d rounds", pc.Players, canalCards, pc.Rounds)
		}
		if 66-pc.RemoveRail != pc.Players*b.rules.ActionsPerTurn*pc.Rounds {
			t.Errorf("%d players: rail cards do not fill %d rounds", pc.Players, pc.Rounds)
		}
	}
	// Distant market: 12 tiles.
	if len(b.distantTiles) != 12 {
		t.Errorf("distant tiles = %d, want 12", len(b.distantTiles))
	}
	if b.incomeOf(b.startSpace) != 0 || b.incomeOf(0) != -10 || b.incomeOf(99) != 30 {
		t.Errorf("income track ends or start wrong")
	}
	// Rulebook industry table spot checks.
	if s := b.specs[indCotton][1]; s.Cost != 12 || s.Income != 5 || s.VP != 3 || s.Coal || !s.canal || s.rail {
		t.Errorf("cotton 1 = %+v", s)
	}
	if s := b.specs[indShip][2]; s.Cost != 25 || s.VP != 18 || !s.Coal || !s.Iron || s.canal || !s.rail {
		t.Errorf("ship 2 = %+v", s)
	}
	if s := b.specs[indCoal][4]; s.Cubes != 5 || !s.Iron {
		t.Errorf("coal 4 = %+v", s)
	}
	if b.buyPrice(8) != 1 || b.buyPrice(1) != 4 || b.buyPrice(0) != 5 || b.sellPrice(0) != 4 || b.sellPrice(7) != 1 {
		t.Errorf("demand track prices wrong")
	}
}

func TestDataIntegrity(t *testing.T) {
	b, err := loadBoard()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"barrow", "lancaster", "fleetwood", "preston", "blackburn", "burnley", "colne", "wigan",
		"bolton", "bury", "rochdale", "oldham", "manchester", "stockport", "macclesfield", "warrington",
		"liverpool", "birkenhead", "ellesmere", "blackpool", "southport", "northwich", "scotland", "yorkshire", "midlands"}
	for i, id := range want {
		if b.places[i].ID != id {
			t.Errorf("place %d = %q, want %q", i, b.places[i].ID, id)
		}
	}
	for _, p := range b.places {
		if len(p.links) == 0 {
			t.Errorf("%s has no link", p.ID)
		}
		if (p.Kind == "town") != (p.LinkVP == 0) {
			t.Errorf("%s: link VP %d for kind %s", p.ID, p.LinkVP, p.Kind)
		}
		if p.Port != (p.Kind == "external") {
			t.Errorf("%s: port anchor %v", p.ID, p.Port)
		}
	}
	for _, l := range b.links {
		if l.a == l.b {
			t.Errorf("link %s is a loop", l.ID)
		}
	}
	if b.places[b.virtualA].ID != "birkenhead" || b.places[b.virtualB].ID != "liverpool" {
		t.Errorf("virtual link is not birkenhead-liverpool")
	}
	for c := 0; c < b.numCardKinds(); c++ {
		got, ok := b.cardBySlug(b.cardSlug(c))
		if !ok || got != c {
			t.Errorf("card %d does not round-trip", c)
		}
	}
}
