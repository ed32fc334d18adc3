package bot_test

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/testgame"
)

func TestImport(t *testing.T) {
	ctx := context.Background()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(brass.New(), testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../engine/brass/testdata/games/greedy-4p.record")
	if err != nil {
		t.Fatal(err)
	}
	// Keep the first 40 moves (and drop the result): a game in progress.
	var lines []string
	n := 0
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "Result:") {
			continue
		}
		if len(l) > 0 && l[0] >= '0' && l[0] <= '9' {
			if n++; n > 40 {
				continue
			}
		}
		lines = append(lines, l)
	}
	text := strings.Join(lines, "\n")
	users := []bot.UserRef{alice, bob, carol, {ID: "u:dave", Name: "Dave"}}
	m, err := svc.Import(ctx, bot.ImportRequest{Channel: "imp", Record: text, Users: users})
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != bot.StatusActive || m.Moves != 40 || len(m.Seats) != 4 {
		t.Fatalf("imported: status %s, %d moves, %d seats", m.Status, m.Moves, len(m.Seats))
	}
	// The exported record has the same setup and moves.
	out, err := svc.Export(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := engine.ParseRecord(strings.NewReader(text))
	b, _ := engine.ParseRecord(strings.NewReader(out))
	if a.Seed != b.Seed || len(a.Moves) != len(b.Moves) || a.Moves[39].Text != b.Moves[39].Text {
		t.Errorf("export differs from the import:\n%s", out)
	}
	// Play on from the imported position.
	seat := m.Play.Active[0]
	ch, _, err := svc.Choices(ctx, bot.ByID(m.ID), users[seat].ID, "")
	if err != nil || len(ch.Next) == 0 {
		t.Errorf("choices after import: %v", err)
	}

	// A bad move is refused before anything is created, naming its line.
	bad := strings.Replace(text, lines[len(lines)-1], "", 1) + "\n41 s1 build cotton nowhere card:nowhere\n"
	_, err = svc.Import(ctx, bot.ImportRequest{Channel: "imp2", Record: bad, Users: users})
	var re *engine.ReplayError
	if !errors.Is(err, bot.ErrBadRequest) || !errors.As(err, &re) || re.Line == 0 {
		t.Errorf("bad record: %v", err)
	}
	if _, err := svc.Get(ctx, bot.InChannel("imp2")); !errors.Is(err, bot.ErrNoMatch) {
		t.Errorf("a refused import left a match: %v", err)
	}
	if _, err := svc.Import(ctx, bot.ImportRequest{Channel: "imp3", Record: text, Users: users[:3]}); !errors.Is(err, bot.ErrBadRequest) {
		t.Errorf("wrong player count: %v", err)
	}
}
