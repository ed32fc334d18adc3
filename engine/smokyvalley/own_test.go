package smokyvalley

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

func TestOwnText(t *testing.T) {
	for _, c := range []struct {
		seat       int
		text, want string
	}{
		{1, "Seat 2 builds a Coal Depot in St. Gabriel, space 1 (£2, 1 wood)", "You build a Coal Depot in St. Gabriel, space 1 (£2, 1 wood)"},
		{0, "Seat 1 passes onto space 4 of the passing track", "You pass onto space 4 of the passing track"},
		{0, "Seat 1 is elected mayor with 13 popularity", "You are elected mayor with 13 popularity"},
		{2, "Seat 3 places their Wood Depot in McCord", "You place your Wood Depot in McCord"},
		{0, "Seat 1 cannot use water power: the inputs are missing", "You cannot use water power: the inputs are missing"},
		{0, "Seat 1's trader reaches the export agency of the United States (trade level 2)", ""},
		{0, "Seat 2 gains 1 prestige (goods on own ship)", ""},
		{engine.Public, "Final scoring", ""},
	} {
		if got := ownText(c.seat, c.text); got != c.want {
			t.Errorf("ownText(%d, %q) = %q, want %q", c.seat, c.text, got, c.want)
		}
	}
}

// Every event of the recorded games that tells what its seat does has a
// second-person text for that seat.
func TestOwnTextsInRecordedGames(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(New(), rec)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range res.Events() {
			if e.Seat < 0 || !strings.HasPrefix(e.Text, seatTitle(e.Seat)+" ") {
				continue
			}
			if !strings.HasPrefix(e.Own, "You ") || strings.Contains(e.Own, seatTitle(e.Seat)+" ") {
				t.Errorf("%s: event %q has own text %q", f, e.Text, e.Own)
			}
		}
	}
}
