package bot_test

import (
	"context"
	"os"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
)

// finishedBrass imports a whole recorded 4-player Brass game (both
// periods scored) into a service.
func finishedBrass(b *testing.B) (*bot.Service, bot.Match) {
	b.Helper()
	text, err := os.ReadFile("../engine/brass/testdata/games/greedy-4p.record")
	if err != nil {
		b.Fatal(err)
	}
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(brass.New()), Store: servicetest.Store(b), BoardCache: -1})
	if err != nil {
		b.Fatal(err)
	}
	users := []bot.UserRef{{ID: "u1", Name: "Ann"}, {ID: "u2", Name: "Ben"}, {ID: "u3", Name: "Cy"}, {ID: "u4", Name: "Di"}}
	m, err := svc.Import(context.Background(), bot.ImportRequest{Channel: "c", Record: string(text), Users: users})
	if err != nil {
		b.Fatal(err)
	}
	return svc, m
}

// BenchmarkScoreChart: the score chart of a whole Brass game, uncached:
// replaying the log for the scores after every move and drawing the PNG
// (what the final results post and /score chart cost).
func BenchmarkScoreChart(b *testing.B) {
	svc, m := finishedBrass(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, _, err := svc.ScoreChart(ctx, bot.ByID(m.ID)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCatchUp: a seat's narrated history of a whole Brass game
// (the replay /catchup and /undo both start with).
func BenchmarkCatchUp(b *testing.B) {
	svc, m := finishedBrass(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if _, err := svc.History(ctx, bot.ByID(m.ID), 0); err != nil {
			b.Fatal(err)
		}
	}
}
