package smokyvalley

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

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
