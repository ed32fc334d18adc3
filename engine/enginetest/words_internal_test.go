package enginetest

import (
	"strings"
	"testing"
)

// TestWordRules checks what the words check lets through and what it
// catches, on the tokens and names of a made-up game.
func TestWordRules(t *testing.T) {
	w := newWordCheck()
	for tok, name := range map[string]string{
		"coal": "Coal", "build": "Build an industry", "tile": "Canal action: Ship 1 Good", "cash": "£1",
		"wi": "West Indies", "us": "United States", "saw-mill": "Sawmill", "factory-6": "Factory 6",
		"s1": "Take back your marker from s1", "stgabriel": "St. Gabriel", "2": "Space 2",
	} {
		w.token(tok, name)
	}
	pass := []string{
		"Seat 1 takes 1 coal", "Seat 2 may build in St. Gabriel", "Seat 1 places the canal tile Ship 1 Good under space 2",
		"tied on prestige; most cash wins", "A neutral schooner bound for the West Indies arrives",
		"Seat 1 places their Wood Depot", "Seat 2 places the tile and turns it over", "Commercial Office in US",
	}
	fail := []string{
		"A neutral wi schooner arrives", "Seat 2's us canaller", "Seat 1 builds a saw-mill", "the factory-6 produces",
		"Seat 1 takes their marker back from s1", "Seat 1 moves the boat to stgabriel",
		"Seat 1 places its Wood Depot", "seat 3 removes its coal mine", "Seat 2 passes and it takes £1",
	}
	for _, s := range append(pass, fail...) {
		w.text("test", s)
	}
	got := strings.Join(w.failures(), "\n")
	for _, s := range pass {
		if strings.Contains(got, `"`+s+`"`) {
			t.Errorf("%q fails:\n%s", s, got)
		}
	}
	for _, s := range fail {
		if !strings.Contains(got, `"`+s+`"`) {
			t.Errorf("%q passes", s)
		}
	}
}
