package discord

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
)

// startPebbles opens a Pebbles match in channel with alice and bob and
// starts it; alice moves first.
func startPebbles(t *testing.T, h *harness, channel, creator, other string) {
	t.Helper()
	F := fakediscord.Str
	r := h.cmd(creator, channel, "play", F("game", "pebbles"), F("options", "pile=21"))
	must(t, !r.Ephemeral(), "lobby: %+v", r)
	h.click(other, channel, "Join")
	h.click(creator, channel, "Start")
}

// TestGamesAndCatchup: /games lists a player's open matches in two
// servers and three channels with jump links, theirs to play first;
// /catchup narrates what happened since their last move with their own
// private draws only, and shows their board and hand.
func TestGamesAndCatchup(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: mode})
			const (
				other  = "900000000000000077" // a second server
				room2  = "200000000000000002"
				room3  = "200000000000000003"
				lobbyr = "200000000000000004"
			)
			h.fd.AddChannel(room2, "more-games")
			h.fd.AddGuildChannel(other, room3, "elsewhere")
			h.fd.AddGuildChannel(other, lobbyr, "lobby")
			F := fakediscord.Str

			r := h.cmd(alice, room, "games")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "no open match"), "no games yet: %+v", r)

			startPebbles(t, h, room, alice, bob)  // alice to move
			startPebbles(t, h, room2, bob, alice) // bob to move
			startPebbles(t, h, room3, alice, bob) // alice to move
			h.cmd(erin, lobbyr, "play", F("game", "pebbles"))
			h.click(alice, lobbyr, "Join")
			// alice moves in room: bob's turn there now.
			h.cmd(alice, room, "move", F("move", "take 1"))

			r = h.cmd(alice, room2, "games")
			must(t, r.Ephemeral(), "/games is private: %+v", r)
			lines := strings.Split(strings.TrimSpace(r.Content), "\n")
			must(t, len(lines) == 5 && strings.HasPrefix(lines[0], "Your open matches (4)"), "/games: %q", r.Content)
			must(t, strings.Contains(lines[1], "https://discord.com/channels/"+other+"/"+room3) && strings.Contains(lines[1], "**your turn**"),
				"first: alice's turn in the other server: %q", lines[1])
			must(t, strings.Contains(lines[2], "https://discord.com/channels/"+h.fd.GuildID+"/"+room2) && strings.Contains(lines[2], "waiting for bob"),
				"then the oldest waiting on others: %q", lines[2])
			// The lobby waits since alice joined it, before her move in room.
			must(t, strings.Contains(lines[3], "lobby in https://discord.com/channels/"+other+"/"+lobbyr) && strings.Contains(lines[3], "waiting for erin to start"),
				"the lobby: %q", lines[3])
			must(t, strings.Contains(lines[4], "https://discord.com/channels/"+h.fd.GuildID+"/"+room+":") && strings.Contains(lines[4], "waiting for bob"),
				"room, where alice just moved: %q", lines[4])
			r = h.cmd(dave, room, "games")
			must(t, strings.Contains(r.Content, "no open match"), "dave: %+v", r)

			// bob plays twice in room (alice between), then alice catches up.
			h.cmd(bob, room, "move", F("move", "take 1"))
			r = h.cmd(alice, room, "catchup")
			must(t, r.Ephemeral(), "catchup is private: %+v", r)
			must(t, strings.Contains(r.Content, "Since your last move (move 1), 1 move:") && strings.Contains(r.Content, "**bob** `take 1`") &&
				strings.Contains(r.Content, "bob draws a card") && !strings.Contains(r.Content, "you draw a") &&
				strings.Contains(r.Content, "Your hand:") && strings.Contains(r.Content, "Next: alice") &&
				strings.Contains(r.Content, "\n__Turn 1__\n- 2. **bob** `take 1`"),
				"alice's catch-up: %q", r.Content)
			must(t, fileNames(r) == "board.png players.png hand.png", "catch-up pictures: %q", fileNames(r))
			// /status names the round as the game does: both have moved once.
			r = h.cmd(alice, room, "status")
			must(t, strings.Contains(r.Content, "\nNow: Turn 2\n"), "/status: %q", r.Content)
			r = h.cmd(bob, room, "catchup")
			must(t, strings.Contains(r.Content, "Nothing has happened since your last move (move 2)"), "bob: %q", r.Content)
			r = h.cmd(dave, room, "catchup")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "no seat"), "dave: %+v", r)
			// alice's own draw after her move shows in her catch-up only
			// from her next one on; bob never reads her card.
			h.cmd(alice, room, "move", F("move", "take 1"))
			r = h.cmd(bob, room, "catchup")
			must(t, strings.Contains(r.Content, "alice draws a card") && !strings.Contains(r.Content, "you draw a") && !strings.Contains(r.Content, "alice draws a 1") &&
				strings.Contains(r.Content, "__Turn 2__\n- 3. **alice**"),
				"bob's catch-up shows alice's card: %q", r.Content)
			h.noViolations()
		})
	}
}

// playToEnd plays the channel's match to its end through /move, each
// player taking the first complete move the autocomplete offers.
func playToEnd(t *testing.T, h *harness, channel string) {
	t.Helper()
	users := map[string]string{"discord:" + alice: alice, "discord:" + bob: bob}
	for i := 0; i < 200; i++ {
		m, err := h.svc.RecentIn(context.Background(), "discord:"+channel, "discord:"+alice)
		if err != nil {
			t.Fatal(err)
		}
		if m.Play == nil || m.Play.Finished {
			return
		}
		u := users[m.Seats[m.Play.Active[0]].UserID]
		cs, err := h.fd.Autocomplete(u, channel, "move", fakediscord.Focus(fakediscord.Str("move", "")))
		must(t, err == nil && len(cs) > 0, "no moves offered: %v", err)
		move := ""
		for _, c := range cs {
			if !strings.Contains(c.Name, "…") {
				move = fmt.Sprint(c.Value)
				break
			}
		}
		if move == "" {
			cs, err = h.fd.Autocomplete(u, channel, "move", fakediscord.Focus(fakediscord.Str("move", fmt.Sprint(cs[0].Value)+" ")))
			must(t, err == nil && len(cs) > 0, "no continuation: %v", err)
			move = fmt.Sprint(cs[0].Value)
		}
		r := h.cmd(u, channel, "move", fakediscord.Str("move", move))
		must(t, !r.Ephemeral(), "move %q refused: %s", move, r.Content)
	}
	t.Fatal("the match did not end in 200 moves")
}

// TestResultsAndExport: /score with its chart and /export during the game
// (private: the record pins the cards to come); the final move's results
// post with the breakdown, the chart and the record, which replays to the
// same result; /export after the end is public.
func TestResultsAndExport(t *testing.T) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: mode})
			F := fakediscord.Str
			h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=9"))
			h.click(bob, room, "Join")
			h.click(alice, room, "Start")
			h.cmd(alice, room, "move", F("move", "take 1"))

			r := h.cmd(bob, room, "score")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "Scores so far:") && strings.Contains(r.Content, "1. **alice** (A, vermillion): 0 wins") && len(r.Files) == 0,
				"/score: %+v", r)
			r = h.cmd(bob, room, "score", fakediscord.Bool("chart", true))
			must(t, r.Ephemeral() && fileNames(r) == "chart.png" && r.Files[0].Width == 800, "/score chart: %+v", r)

			// While the match is played its record is nobody's: its seed
			// would tell the reader every card to come.
			r = h.cmd(bob, room, "export")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "every card still to come") && len(r.Files) == 0,
				"/export while playing: %+v", r)

			playToEnd(t, h, room)
			var results *fakediscord.Message
			for _, m := range h.fd.Messages(room) {
				if strings.Contains(m.Content, "final result") {
					m := m
					results = &m
				}
			}
			must(t, results != nil, "no results post")
			must(t, !results.Ephemeral && len(results.Pings) == 0 && strings.Contains(results.Content, "1. **") &&
				strings.Contains(results.Content, "1 win - Last pebble taken 1") && strings.Contains(results.Content, "2. **"),
				"results post: %+v", results.Content)
			names := []string{}
			for _, f := range results.Files {
				names = append(names, f.Name)
			}
			must(t, strings.Join(names, " ") == "chart.png smokestack-pebbles-m0001.txt", "results files: %v", names)
			rec, err := engine.ParseRecord(bytes.NewReader(results.Files[1].Data))
			must(t, err == nil && rec.Result != "", "final record: %+v %v", rec, err)
			res, err := engine.Replay(testgame.Game{}, rec)
			must(t, err == nil && res.Status.Finished, "the final record does not replay: %v", err)

			r = h.cmd(bob, room, "export")
			must(t, !r.Ephemeral() && strings.Contains(r.Content, "for bob") && len(r.Files) == 1 && bytes.Equal(r.Files[0].Data, results.Files[1].Data),
				"export after the end is public: %+v", r)
			r = h.cmd(dave, room, "export")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "no open match"), "dave sat in no match here: %+v", r)
			h.noViolations()
		})
	}
}

// TestStatsThroughDiscord: after a match played to its end, /stats shows
// this server's figures and /stats player:@x one player's, on the
// embedded store and on Redis.
func TestStatsThroughDiscord(t *testing.T) {
	for _, o := range []harnessOpts{{mode: ModeGateway}, {mode: ModeHTTP, redis: true}} {
		name := "embedded"
		if o.redis {
			name = "redis"
		}
		t.Run(name, func(t *testing.T) {
			h := newHarness(t, o)
			F := fakediscord.Str
			r := h.cmd(alice, room, "stats")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "No finished match counts for this server yet."), "no stats: %+v", r)
			h.cmd(alice, room, "play", F("game", "pebbles"), F("options", "pile=5"))
			h.click(bob, room, "Join")
			h.click(alice, room, "Start")
			playToEnd(t, h, room)
			r = h.cmd(dave, room, "stats")
			must(t, r.Ephemeral() && strings.Contains(r.Content, "**Statistics for this server**") && strings.Contains(r.Content, "**Pebbles (test game)**: 1 match\n") &&
				strings.Contains(r.Content, "1. ") && strings.Contains(r.Content, ": 1 game, 1 win, average 1.0 wins, best 1 win, ") &&
				strings.Contains(r.Content, ": 1 game, 0 wins, average 0.0 wins, best 0 wins, "), "server stats: %q", r.Content)
			r = h.cmd(dave, room, "stats", fakediscord.UserOpt("player", bob))
			must(t, r.Ephemeral() && strings.Contains(r.Content, "**Statistics for <@"+bob+">**") && strings.Count(r.Content, "1 game,") == 1 && strings.Contains(r.Content, "1. bob: "),
				"bob's stats: %q", r.Content)
			r = h.cmd(dave, room, "stats", fakediscord.UserOpt("player", dave))
			must(t, strings.Contains(r.Content, "No finished match counts for <@"+dave+"> yet."), "dave's stats: %q", r.Content)
			h.noViolations()
		})
	}
}

// /games measures how long each match has waited by the service's clock,
// the one its moves are stamped with, not the process's.
func TestGamesWaitedByServiceClock(t *testing.T) {
	var mu sync.Mutex
	at := time.Date(2026, 1, 5, 9, 0, 0, 0, time.UTC)
	now := func() time.Time { mu.Lock(); defer mu.Unlock(); return at }
	h := newHarness(t, harnessOpts{mode: ModeGateway, now: now})
	startPebbles(t, h, room, alice, bob)
	mu.Lock()
	at = at.Add(3 * time.Hour)
	mu.Unlock()
	r := h.cmd(bob, room, "games")
	want := bot.WaitedPrepIn(lang.English, 3*time.Hour)
	must(t, r.Ephemeral() && strings.Contains(r.Content, want), "/games, 3 hours after the start: %q, want %q", r.Content, want)
}

// TestFitCatchup: /catchup's lines give way from the earliest, a move
// with the reader's own events shortened to them first; only when those
// alone run past the room do the earliest of them go too.
func TestFitCatchup(t *testing.T) {
	lines := []catchupLine{
		{text: "__Turn 1__"},
		{text: "- 1. **a** `x`: a takes 1, 20 left; you draw a 1", own: "- 1. **a** `x`: …; you draw a 1"},
		{text: "- 2. **b** `y`: b takes 2, 18 left"},
		{text: "- 3. **a** `x`: a takes 3, 15 left; you draw a 2", own: "- 3. **a** `x`: …; you draw a 2"},
	}
	n := func(s ...string) int { // the bytes of lines s
		size := 0
		for _, l := range s {
			size += len(l) + 1
		}
		return size
	}
	full := []string{lines[0].text, lines[1].text, lines[2].text, lines[3].text}
	for _, tc := range []struct {
		kept []string
		cut  int
	}{
		{full, 0},
		{full[1:], 1},
		{[]string{lines[1].own, lines[2].text, lines[3].text}, 1},
		{[]string{lines[1].own, lines[3].text}, 2},
		{[]string{lines[1].own, lines[3].own}, 2},
		{[]string{lines[3].own}, 3},
		{nil, 4},
	} {
		// The largest budget that leaves exactly these lines, and one less.
		kept, cut := fitCatchup(lines, n(tc.kept...))
		if !slices.Equal(kept, tc.kept) || cut != tc.cut {
			t.Errorf("budget %d: %q, %d left out; want %q, %d", n(tc.kept...), kept, cut, tc.kept, tc.cut)
		}
	}
	if kept, _ := fitCatchup(lines, n(full...)-1); slices.Equal(kept, full) {
		t.Errorf("one byte short, all lines are kept")
	}
}
