package discord

import (
	"context"
	"log/slog"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/testgame"
)

// Commands are sent in one bulk overwrite, only when their definitions
// differ from what Discord has; DISCORD_GUILD_ID scopes them to a guild.
func TestRegisterOnlyWhenChanged(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	ctx := context.Background()
	newBot := func(guild string, games ...engine.Game) *Bot {
		svc, err := bot.New(bot.Config{Games: engine.NewRegistry(games...), Store: servicetest.Store(t)})
		if err != nil {
			t.Fatal(err)
		}
		b, err := New(Config{Token: fd.BotToken, AppID: fd.AppID, APIBase: fd.URL, GuildID: guild}, svc, slog.New(slog.DiscardHandler))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	steps := []struct {
		bot    *Bot
		sent   bool
		global int
		guild  int
	}{
		{newBot("", testgame.Game{}), true, 1, 0},
		{newBot("", testgame.Game{}), false, 1, 0}, // a restart with the same definitions
		// A new game changes no definition: /play completes the game and
		// its options from the registry as the user types.
		{newBot("", testgame.Game{}, brass.New()), false, 1, 0},
		{newBot(fd.GuildID, testgame.Game{}), true, 1, 1}, // development: one guild
		{newBot(fd.GuildID, testgame.Game{}), false, 1, 1},
	}
	for i, s := range steps {
		sent, err := s.bot.Register(ctx)
		if err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if sent != s.sent || fd.CommandPuts("") != s.global || fd.CommandPuts(fd.GuildID) != s.guild {
			t.Errorf("step %d: sent=%v global=%d guild=%d, want %v %d %d", i, sent, fd.CommandPuts(""), fd.CommandPuts(fd.GuildID), s.sent, s.global, s.guild)
		}
	}
	if got, want := len(fd.Commands("")), len(steps[0].bot.definitions()); got != want {
		t.Errorf("%d global commands registered, want %d", got, want)
	}
	if v := fd.Violations(); len(v) > 0 {
		t.Errorf("violations: %v", v)
	}
}
