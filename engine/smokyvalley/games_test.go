package smokyvalley

// Full recorded games. testdata/games/*.record are match records (see
// docs/record-format.md) of whole 2-, 3- and 4-player games played by the
// busy player of busy_test.go. TestRecordedGames replays each one and
// compares every public event text and the final standings with the golden
// file next to it, checks the invariant after every move and that each
// seat's prestige is the sum of its prestige events. -update rewrites the
// goldens; -regen-games plays the games again with the current engine and
// rewrites the records too (only after a deliberate rules change).

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/enginetest"
)

var (
	updateGolden = flag.Bool("update", false, "rewrite the golden transcripts of testdata/games")
	regenGames   = flag.Bool("regen-games", false, "play the busy games again and rewrite testdata/games/*.record (and goldens)")
)

var recordedGames = []struct {
	name  string
	seats int
	seed  uint64
}{
	{"busy-2p", 2, 2002},
	{"busy-3p", 3, 3003},
	{"busy-4p", 4, 4004},
}

func TestRecordedGames(t *testing.T) {
	g := New()
	if *regenGames {
		for _, rg := range recordedGames {
			rec := playBusy(t, rg.seats, rg.seed, nil)
			res, err := engine.Replay(g, rec)
			if err != nil {
				t.Fatal(err)
			}
			rec.Result = engine.ResultText(res.Status)
			path := filepath.Join("testdata", "games", rg.name+".record")
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, rec.Format(), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	files, err := filepath.Glob(filepath.Join("testdata", "games", "*.record"))
	if err != nil {
		t.Fatal(err)
	}
	seats := map[int]bool{}
	kinds := map[string]bool{}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".record"), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			rec, err := engine.ParseRecord(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			seats[rec.Seats] = true
			if rec.Result == "" {
				t.Fatal("the record has no Result header: a recorded game must be finished")
			}
			res, err := engine.Replay(g, rec, engine.KeepStates())
			if err != nil {
				t.Fatal(err)
			}
			if !res.Status.Finished {
				t.Fatal("the replayed game is not finished")
			}
			got := transcript(g, rec, res)
			golden := strings.TrimSuffix(f, ".record") + ".golden"
			if *updateGolden || *regenGames {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if string(want) != got {
				t.Errorf("replay of %s differs from %s", f, golden)
			}
			prestige := make([]int, rec.Seats)
			for _, e := range res.Events() {
				kinds[e.Kind] = true
				if e.Kind == "prestige" {
					n, _ := strconv.Atoi(e.Data["prestige"])
					prestige[e.Seat] += n
				}
			}
			for k, p := range res.Moves {
				if err := invariant(p.State); err != nil {
					t.Errorf("move %d: %v", k+1, err)
				}
			}
			for s, ss := range res.Status.Seats {
				if ss.Score != prestige[s] {
					t.Errorf("seat %d: score %d, prestige events %d", s+1, ss.Score, prestige[s])
				}
			}
		})
	}
	// together the games reach every kind of action and phase
	for _, k := range []string{"depot", "go", "pass", "build", "upgrade", "produce", "service", "develop-canal", "canal-action",
		"card", "board", "load", "trader", "pushed-out", "market", "admin", "mayor", "priorities", "canal-phase", "final", "winner"} {
		if !kinds[k] {
			t.Errorf("no %q event in any recorded game", k)
		}
	}
	if !seats[2] || !seats[3] || !seats[4] {
		t.Errorf("recorded games cover seat counts %v, want 2, 3 and 4", seats)
	}
}

// TestRecordedGamesThroughChoices checks every move of the recorded games
// against the choices.
func TestRecordedGamesThroughChoices(t *testing.T) {
	enginetest.Records(t, New(), filepath.Join("testdata", "games", "*.record"))
}

// transcript is the golden text of a replayed game: the public events and
// the final standings.
func transcript(g engine.Game, rec engine.Record, res engine.Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# %d seats, seed %d, %d moves\n", rec.Seats, rec.Seed, len(rec.Moves))
	enginetest.Transcript(&b, g, res)
	for _, s := range res.Status.Seats {
		var parts []string
		for _, x := range s.Stats {
			parts = append(parts, x.Key+" "+x.Shown())
		}
		fmt.Fprintf(&b, "seat %d: %d prestige; %s\n", s.Seat+1, s.Score, strings.Join(parts, ", "))
	}
	return b.String()
}
