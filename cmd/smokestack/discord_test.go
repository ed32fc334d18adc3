package main

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/fakediscord"
)

// TestServeDiscord checks the wiring of serve with a token: the real bot
// connects to a fake Discord, registers its commands and opens a lobby.
func TestServeDiscord(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	const user, room = "100000000000000001", "200000000000000001"
	fd.AddUser(fakediscord.User{ID: user, Name: "ann"})
	fd.AddChannel(room, "games")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int, 1)
	var stderr bytes.Buffer
	env := []string{"DISCORD_TOKEN=" + fd.BotToken, "DISCORD_API_BASE=" + fd.URL, "DATA_DIR=" + t.TempDir()}
	go func() { done <- run(ctx, []string{"serve"}, &bytes.Buffer{}, &stderr, env, testCatalog()) }()
	if !fd.WaitReady(10 * time.Second) {
		cancel()
		<-done
		t.Fatalf("the bot never connected; log:\n%s", stderr.String())
	}
	if !fd.WaitFor(5*time.Second, func() bool { return fd.CommandPuts("") > 0 }) {
		t.Fatal("the bot registered no commands")
	}
	_, resp, err := fd.Command(user, room, "play", fakediscord.Str("game", "brass"))
	if err != nil {
		t.Fatalf("/play: %v; log:\n%s", err, stderr.String())
	}
	if resp.Content == "" && len(resp.Embeds) == 0 {
		t.Errorf("/play answered nothing: %+v", resp)
	}
	if v := fd.Violations(); len(v) > 0 {
		t.Errorf("platform rules broken: %v", v)
	}
	stopServe(t, cancel, done, &stderr)
}

// stopServe cancels a running serve and checks that it exits cleanly
// within ten seconds.
func stopServe(t *testing.T, cancel context.CancelFunc, done <-chan int, stderr *bytes.Buffer) {
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
