package discord

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// guildOnShard is a guild ID whose events go to shard of count.
func guildOnShard(shard, count int) string {
	for k := uint64(1000); ; k++ {
		g := strconv.FormatUint(k<<22, 10)
		if fakediscord.ShardOf(g, count) == shard {
			return g
		}
	}
}

// Sharding: with no count configured the bot runs as many shards as
// Discord recommends, identifying in groups of max_concurrency one
// identifyWait apart; each guild's interactions reach the shard Discord
// sends them to and are answered. Two processes splitting the shards
// (DISCORD_SHARD_ID) answer each interaction once between them.
func TestSharding(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	F := fakediscord.Str
	const count = 3
	fd.SetSharding(count, 2, 0)
	var channels []string
	for i := range count {
		ch := fmt.Sprintf("61000000000000000%d", i)
		fd.AddGuildChannel(guildOnShard(i, count), ch, fmt.Sprintf("shard-%d", i))
		channels = append(channels, ch)
	}
	fd.AddUser(fakediscord.User{ID: alice, Name: "alice"})

	svc := testService(t)
	b, err := New(Config{Token: fd.BotToken, APIBase: fd.URL}, svc, nil)
	if err != nil {
		t.Fatal(err)
	}
	b.identifyWait = 300 * time.Millisecond
	if err := b.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	b.ready.Store(true)
	if err := b.Ready(); err != nil {
		t.Errorf("ready: %v", err)
	}
	ids := fd.Identified()
	var shards [][2]int
	for _, id := range ids {
		shards = append(shards, id.Shard)
	}
	if !slices.Equal(shards, [][2]int{{0, count}, {1, count}, {2, count}}) {
		t.Fatalf("identified as %v", shards)
	}
	// max_concurrency 2: shards 0 and 1 together, shard 2 a wait later.
	if gap := ids[2].At.Sub(ids[1].At); gap < 300*time.Millisecond {
		t.Errorf("the third shard identified %v after the second, within the identify wait", gap)
	}
	for _, ch := range channels {
		_, r, err := fd.Command(alice, ch, "play", F("game", "pebbles"))
		if err != nil || r.Ephemeral() {
			t.Errorf("/play in %s: %v %q", ch, err, r.Content)
		}
	}
	b.Close()

	// Two processes: shard 0, and shards 1 and 2, of 3.
	fd2 := fakediscord.New()
	defer fd2.Close()
	fd2.SetSharding(1, 1, 0) // the fixed count wins over the recommendation
	for i, ch := range channels {
		fd2.AddGuildChannel(guildOnShard(i, count), ch, fmt.Sprintf("shard-%d", i))
	}
	fd2.AddUser(fakediscord.User{ID: alice, Name: "alice"})
	svc2 := testService(t)
	var bots []*Bot
	for _, part := range [][]int{{0}, {1, 2}} {
		b, err := New(Config{Token: fd2.BotToken, APIBase: fd2.URL, ShardCount: count, ShardIDs: part}, svc2, nil)
		if err != nil {
			t.Fatal(err)
		}
		b.identifyWait = time.Millisecond
		if err := b.Open(context.Background()); err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		bots = append(bots, b)
	}
	for i, ch := range channels {
		_, r, err := fd2.Command(alice, ch, "play", F("game", "pebbles"))
		if err != nil || r.Ephemeral() {
			t.Errorf("/play in %s (shard %d): %v %q", ch, i, err, r.Content)
		}
	}
	if v := fd2.Violations(); len(v) > 0 {
		t.Errorf("violations: %v", v)
	}
	if len(bots[0].shards) != 1 || len(bots[1].shards) != 2 {
		t.Errorf("shards per process: %d and %d", len(bots[0].shards), len(bots[1].shards))
	}

	// A shard outside the count is refused at start.
	bad, err := New(Config{Token: fd2.BotToken, APIBase: fd2.URL, ShardCount: 2, ShardIDs: []int{2}}, svc2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := bad.Open(context.Background()); !errors.Is(err, ErrConfig) {
		t.Errorf("shard 2 of 2: %v", err)
	}
}
