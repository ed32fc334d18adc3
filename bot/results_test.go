package bot_test

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/testgame"
)

// TestScoreHistoryByRound: the score chart's rows are the start and the
// end of every round, a move counting in the round it was played in; the
// last row is the final score.
func TestScoreHistoryByRound(t *testing.T) {
	ctx := context.Background()
	g := brass.New()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(g, testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../engine/brass/testdata/games/greedy-4p.record")
	if err != nil {
		t.Fatal(err)
	}
	users := []bot.UserRef{alice, bob, carol, {ID: "u:dave", Name: "Dave"}}
	m, err := svc.Import(ctx, bot.ImportRequest{Channel: "rounds", Record: string(data), Users: users})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Play.Finished {
		t.Fatalf("the imported game is not over: %s", m.Play.Phase)
	}
	rows, _, err := svc.ScoreHistory(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	// The same from the record by hand: the scores after the last move
	// played in each round.
	rec, err := engine.ParseRecord(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Replay(g, rec, engine.KeepStates())
	if err != nil {
		t.Fatal(err)
	}
	scores := func(st engine.State) []int {
		var out []int
		for _, s := range g.Status(st).Seats {
			out = append(out, s.Score)
		}
		return out
	}
	st0, _, err := g.Setup(engine.Setup{Seats: rec.Seats, Seed: rec.Seed, Options: rec.Options, Pins: rec.Pins, RulesVersion: rec.Rules})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][]int{0: scores(st0)}
	last, before := 0, st0
	for _, p := range res.Moves {
		r := g.Status(before).Round
		if r < last {
			t.Fatalf("round went down from %d to %d", last, r)
		}
		last, before = r, p.State
		want[r] = scores(p.State)
	}
	// 4 players: 8 rounds in each period.
	if last != 16 || len(rows) != 17 {
		t.Fatalf("last move in round %d, %d rows; want round 16 and 17 rows", last, len(rows))
	}
	for r, row := range rows {
		if w, ok := want[r]; ok && !slices.Equal(row, w) {
			t.Errorf("round %d: %v, want %v", r, row, w)
		}
	}
	if final := rows[16]; !slices.Equal(final, []int{28, 54, 40, 17}) {
		t.Errorf("final row %v, want the record's result 28 54 40 17", final)
	}
	// The canal period's scoring shows in its last round (8), not in the
	// first rail round.
	if slices.Equal(rows[8], rows[7]) {
		t.Errorf("round 8 %v shows no canal scoring over round 7 %v", rows[8], rows[7])
	}
	t.Logf("rows: %v", rows)
}
