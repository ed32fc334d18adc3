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

// TestRecordLimit: a record over engine.MaxRecordSize is refused with the
// one stated limit, in a short text that repeats none of it.
func TestRecordLimit(t *testing.T) {
	ctx := context.Background()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	huge := "Game: pebbles\n" + strings.Repeat("x", engine.MaxRecordSize)
	_, err = svc.Import(ctx, bot.ImportRequest{Channel: "c", Record: huge, Users: []bot.UserRef{alice, bob}})
	p := svc.Explain(ctx, err)
	if want := "That is too long: a match record has at most 16777216 bytes, and this one has 16777230 bytes."; p.Kind != bot.KindTooLarge || p.Text != want {
		t.Errorf("oversize record: %+v, want %q", p, want)
	}
	if got := svc.Explain(ctx, bot.RecordTooLarge(20<<20)).Text; got != "That is too long: a match record has at most 16 MiB, and this one has 20 MiB." {
		t.Errorf("a 20 MiB record: %q", got)
	}
	for n, want := range map[int]string{0: "0 bytes", 1023: "1023 bytes", 1024: "1 KiB", 1536: "1.5 KiB", 16 << 20: "16 MiB", 17<<20 + 300<<10: "17.3 MiB"} {
		if got := bot.Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestParseSeed: seeds are read from text over the whole uint64 range;
// anything else is an invalid input that says what a seed is.
func TestParseSeed(t *testing.T) {
	for text, want := range map[string]uint64{"0": 0, " 42 ": 42, "18446744073709551615": 1<<64 - 1} {
		if got, given, err := bot.ParseSeed(text); err != nil || !given || got != want {
			t.Errorf("ParseSeed(%q) = %d, %v, %v; want %d", text, got, given, err, want)
		}
	}
	if _, given, err := bot.ParseSeed("  "); err != nil || given {
		t.Errorf("an empty seed: given %v, %v", given, err)
	}
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"18446744073709551616", "-1", "1e3", "seven"} {
		_, _, err := bot.ParseSeed(bad)
		p := svc.Explain(context.Background(), err)
		if want := "A seed is a whole number from 0 to 18446744073709551615, and \"" + bad + "\" is not."; p.Kind != bot.KindInvalid || p.Text != want {
			t.Errorf("ParseSeed(%q): %+v, want %q", bad, p, want)
		}
	}
}
