package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/discord"
)

// TestDiscordConfig checks the wiring of serve with a token: every Discord
// variable reaches the adapter's configuration. The adapter itself is
// run against the fake Discord by bot/discord's own tests (TestRun), which
// own that test double.
func TestDiscordConfig(t *testing.T) {
	env := []string{
		"DISCORD_TOKEN=tok", "DISCORD_APP_ID=42", "DISCORD_PUBLIC_KEY=abcd",
		"DISCORD_MODE=http", "DISCORD_HTTP_ADDR=127.0.0.1:9999",
		"DISCORD_API_BASE=http://127.0.0.1:1", "DISCORD_GUILD_ID=7",
	}
	sharded, err := loadConfig([]string{"DISCORD_TOKEN=tok", "DISCORD_SHARD_COUNT=4", "DISCORD_SHARD_ID=1, 3"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if d := discordConfig(sharded); d.ShardCount != 4 || !slices.Equal(d.ShardIDs, []int{1, 3}) {
		t.Errorf("shards: count %d, IDs %v", d.ShardCount, d.ShardIDs)
	}
	for _, bad := range [][]string{
		{"DISCORD_SHARD_ID=1"}, {"DISCORD_SHARD_COUNT=2", "DISCORD_SHARD_ID=2"}, {"DISCORD_SHARD_COUNT=0"},
		{"DISCORD_SHARD_COUNT=2", "DISCORD_SHARD_ID=x"}, {"DISCORD_SHARD_COUNT=2", "DISCORD_SHARD_ID=0", "DISCORD_MODE=http"},
	} {
		if _, err := loadConfig(append(bad, "DISCORD_TOKEN=tok"), ""); err == nil || !strings.Contains(err.Error(), "DISCORD_SHARD") {
			t.Errorf("%v: %v", bad, err)
		}
	}
	cfg, err := loadConfig(env, "")
	if err != nil {
		t.Fatal(err)
	}
	got := discordConfig(cfg)
	want := discord.Config{Token: "tok", AppID: "42", PublicKey: "abcd", Mode: discord.ModeHTTP,
		Listen: "127.0.0.1:9999", APIBase: "http://127.0.0.1:1", GuildID: "7"}
	if got.Token != want.Token || got.AppID != want.AppID || got.PublicKey != want.PublicKey || got.Mode != want.Mode ||
		got.Listen != want.Listen || got.APIBase != want.APIBase || got.GuildID != want.GuildID {
		t.Errorf("discord config\n got %+v\nwant %+v", got, want)
	}
}

// DISCORD_APPLICATION_ID (the name bot templates use) reaches the adapter
// as the application ID.
func TestDiscordApplicationIDAlias(t *testing.T) {
	cfg, err := loadConfig([]string{"DISCORD_TOKEN=tok", "DISCORD_APPLICATION_ID=42"}, "")
	if err != nil {
		t.Fatal(err)
	}
	if got := discordConfig(cfg).AppID; got != "42" {
		t.Errorf("app ID %q, want 42", got)
	}
}

// stopServe cancels a running serve and checks that it exits cleanly
// within ten seconds.
func stopServe(t *testing.T, cancel context.CancelFunc, done <-chan int, stderr fmt.Stringer) {
	t.Helper()
	cancel()
	select {
	case code := <-done:
		if code != exitOK {
			t.Errorf("serve exit %d; log:\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serve did not stop")
	}
}
