package brass_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
)

// TestBreakdownMatchesScoringEvents: in every recorded game, each seat's
// final breakdown is what the period scorings announced (links and
// industries, canal then rail) and the rest of its VP came from money.
func TestBreakdownMatchesScoringEvents(t *testing.T) {
	files, _ := filepath.Glob("testdata/games/*.record")
	if len(files) == 0 {
		t.Fatal("no recorded games")
	}
	g := brass.New()
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(bytesReader(data))
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.Replay(g, rec)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		n := rec.Seats
		want := make([]map[string]int, n)
		for i := range want {
			want[i] = map[string]int{}
		}
		scored := 0
		for _, e := range res.Events() {
			if e.Kind != "score" {
				continue
			}
			period := "canal"
			if scored >= n {
				period = "rail"
			}
			scored++
			l, _ := strconv.Atoi(e.Data["links"])
			i, _ := strconv.Atoi(e.Data["industries"])
			want[e.Seat][period+"-links"] += l
			want[e.Seat][period+"-industries"] += i
		}
		for _, ss := range res.Status.Seats {
			by := map[string]int{}
			sum := 0
			for _, b := range ss.Breakdown {
				by[b.Key] = b.Value
				sum += b.Value
			}
			for k, v := range want[ss.Seat] {
				if by[k] != v {
					t.Errorf("%s seat %d: %s %d, the scoring events say %d", f, ss.Seat+1, k, by[k], v)
				}
			}
			if sum != ss.Score {
				t.Errorf("%s seat %d: breakdown %v for %d VP", f, ss.Seat+1, ss.Breakdown, ss.Score)
			}
		}
	}
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
