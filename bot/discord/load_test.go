package discord

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// playGame plays a Pebbles match in channel between two users to the end
// with typed moves taken from the autocompletion, as players would, and
// returns the match ID and the number of moves the bot accepted.
func playGame(h *harness, channel, a, b string, pile int) (string, int, error) {
	F := fakediscord.Str
	fd := h.fd
	if _, _, err := fd.Command(a, channel, "play", F("game", "pebbles"), F("options", fmt.Sprintf("pile=%d", pile))); err != nil {
		return "", 0, err
	}
	m, err := h.svc.Get(context.Background(), bot.InChannel(channelKey(channel)))
	if err != nil {
		return "", 0, err
	}
	lobby := func() (fakediscord.Message, string) {
		for _, msg := range fd.Messages(channel) {
			for _, row := range msg.Components {
				for _, c := range row.Components {
					if c.CustomID == "lobby/"+m.ID+"/join" {
						return msg, m.ID
					}
				}
			}
		}
		return fakediscord.Message{}, ""
	}
	msg, id := lobby()
	if id == "" {
		return "", 0, fmt.Errorf("no lobby for %s", m.ID)
	}
	if _, _, err := fd.Click(b, msg, "lobby/"+id+"/join"); err != nil {
		return "", 0, err
	}
	msg, _ = lobby()
	if _, _, err := fd.Click(a, msg, "lobby/"+id+"/start"); err != nil {
		return "", 0, err
	}
	users := map[string]string{userKey(a): a, userKey(b): b}
	moves := 0
	for range 200 {
		m, err := h.svc.Get(context.Background(), bot.ByID(id))
		if err != nil {
			return "", 0, err
		}
		if m.Play.Finished {
			return id, moves, nil
		}
		who := users[m.Seats[m.Play.Active[0]].UserID]
		cs, err := fd.Autocomplete(who, channel, "move", fakediscord.Focus(F("move", "")))
		if err != nil || len(cs) == 0 {
			return "", 0, fmt.Errorf("autocomplete in %s: %v %v", channel, cs, err)
		}
		mv := cs[0].Value.(string)
		if strings.Contains(cs[0].Name, "…") { // "take …": pick the amount
			cs, err = fd.Autocomplete(who, channel, "move", fakediscord.Focus(F("move", mv+" ")))
			if err != nil || len(cs) == 0 {
				return "", 0, fmt.Errorf("autocomplete %q in %s: %v %v", mv, channel, cs, err)
			}
			mv = cs[len(cs)-1].Value.(string)
		}
		it, r, err := fd.Command(who, channel, "move", F("move", mv))
		if err != nil {
			return "", 0, fmt.Errorf("move %q in %s: %v", mv, channel, err)
		}
		if r.Type == 5 { // deferred (a slow answer): wait for the placeholder to be filled in
			fd.WaitFor(10*time.Second, func() bool { return fd.Seen(it).Content != "" })
			r = fd.Seen(it)
		}
		if r.Ephemeral() || !strings.Contains(r.Content, "played") {
			return "", 0, fmt.Errorf("move %q in %s refused: %s", mv, channel, r.Content)
		}
		moves++
	}
	return "", 0, fmt.Errorf("the match in %s did not end", channel)
}

// 20 channels play at once through the fake Discord on Redis: every move
// the bot accepted is applied exactly once, each board post is followed by
// one ping, and the bot answers well within Discord's limits.
func TestLoadTwentyChannels(t *testing.T) {
	if testing.Short() {
		t.Skip("load test")
	}
	h := newHarness(t, harnessOpts{mode: ModeGateway, redis: true})
	n := 20
	if raceEnabled {
		n = 4 // 20 at once under the race detector overruns Discord's 3 s on 2 cores
	}
	type result struct {
		channel, match string
		moves          int
	}
	results := make([]result, n)
	var wg sync.WaitGroup
	for i := range n {
		ch := fmt.Sprintf("3000000000000000%02d", i)
		a, b := fmt.Sprintf("4000000000000000%02d", 2*i), fmt.Sprintf("4000000000000000%02d", 2*i+1)
		h.fd.AddChannel(ch, fmt.Sprintf("table-%02d", i))
		h.fd.AddUser(fakediscord.User{ID: a, Name: fmt.Sprintf("p%02da", i)})
		h.fd.AddUser(fakediscord.User{ID: b, Name: fmt.Sprintf("p%02db", i)})
		wg.Add(1)
		go func() {
			defer wg.Done()
			id, moves, err := playGame(h, ch, a, b, 21)
			if err != nil {
				t.Error(err)
			}
			results[i] = result{ch, id, moves}
		}()
	}
	wg.Wait()
	h.idle()
	total := 0
	for _, r := range results {
		m, err := h.svc.Get(context.Background(), bot.ByID(r.match))
		if err != nil {
			t.Fatal(err)
		}
		log, err := h.svc.Log(context.Background(), bot.ByID(r.match), 1)
		if err != nil {
			t.Fatal(err)
		}
		if int(m.Moves) != r.moves || len(log) != r.moves || !m.Play.Finished {
			t.Errorf("%s: %d moves accepted, %d applied, %d logged, finished=%v", r.channel, r.moves, m.Moves, len(log), m.Play.Finished)
		}
		boards, pings := 0, 0
		for _, m := range h.fd.Messages(r.channel) {
			// The board posts, not the results post (the chart and the record).
			if !m.Ephemeral && len(m.Files) > 0 && !strings.Contains(m.Content, "final result") {
				boards++
			}
		}
		for _, e := range h.fd.Entries(r.channel) {
			if e.Kind == "post" && len(e.Message.Pings) > 0 {
				pings++
			}
		}
		// One board post at the start and per move; a ping for each but the last.
		if boards != r.moves+1 || pings != r.moves {
			t.Errorf("%s: %d board posts and %d pings for %d moves", r.channel, boards, pings, r.moves)
		}
		total += r.moves
	}
	h.noViolations()
	p50, cnt := h.percentile("move", 50)
	p99, _ := h.percentile("move", 99)
	a99, acnt := h.percentile("autocomplete", 99)
	t.Logf("%d channels, %d moves: /move initial response p50 %v p99 %v (%d samples); autocomplete p99 %v (%d samples)",
		n, total, p50, p99, cnt, a99, acnt)
	// Discord's hard limit is 3 s (the fake enforces it on every answer);
	// the target is 100 ms, measured by the benchmarks. With 20 channels on a
	// shared 2-core machine the test only guards against gross regressions.
	if p99 > 2*time.Second {
		t.Errorf("p99 of the initial response to /move is %v", p99)
	}
}

// BenchmarkBurst is the load test's burst as a benchmark: 20 channels play
// Pebbles at once (each iteration a whole game in every channel) through
// the real discordgo client, the real service on Redis and the fake
// Discord. It reports the time from receiving an interaction to having
// acknowledged it (the initial response delivered), for /move and for the
// others, and for /move the time until its post is complete with the
// board picture. Target: acknowledgement p99 under 50 ms.
func BenchmarkBurst(b *testing.B) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		b.Run(string(mode), func(b *testing.B) {
			h := newHarness(b, harnessOpts{mode: mode, redis: true})
			const n = 20
			for i := range n {
				h.fd.AddChannel(fmt.Sprintf("7000000000000000%02d", i), fmt.Sprintf("burst-%02d", i))
				h.fd.AddUser(fakediscord.User{ID: fmt.Sprintf("8000000000000000%02d", 2*i), Name: fmt.Sprintf("b%02da", i)})
				h.fd.AddUser(fakediscord.User{ID: fmt.Sprintf("8000000000000000%02d", 2*i+1), Name: fmt.Sprintf("b%02db", i)})
			}
			b.ResetTimer()
			for range b.N {
				var wg sync.WaitGroup
				for i := range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						ch := fmt.Sprintf("7000000000000000%02d", i)
						if _, _, err := playGame(h, ch, fmt.Sprintf("8000000000000000%02d", 2*i), fmt.Sprintf("8000000000000000%02d", 2*i+1), 21); err != nil {
							b.Error(err)
						}
					}()
				}
				wg.Wait()
			}
			b.StopTimer()
			h.idle()
			h.noViolations()
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
			p50, moves := h.percentile("move", 50)
			p99, _ := h.percentile("move", 99)
			c99, _ := h.percentile("component", 99)
			a99, _ := h.percentile("autocomplete", 99)
			d50, _ := h.percentile("posted:move", 50)
			d99, _ := h.percentile("posted:move", 99)
			b.ReportMetric(float64(moves), "moves")
			b.ReportMetric(ms(p50), "move-ack-p50-ms")
			b.ReportMetric(ms(p99), "move-ack-p99-ms")
			b.ReportMetric(ms(c99), "button-ack-p99-ms")
			b.ReportMetric(ms(a99), "autocomplete-p99-ms")
			b.ReportMetric(ms(d50), "move-post-p50-ms")
			b.ReportMetric(ms(d99), "move-post-p99-ms")
			if p99 > 50*time.Millisecond {
				b.Logf("/move acknowledgement p99 %v is over the 50 ms target", p99)
			}
		})
	}
}

// BenchmarkBurstBrass is the burst with Brass, whose 1280x1160 board takes
// the most drawing: 20 channels each hold a 3-player match, and every
// iteration one move is typed (through the autocompletion) in all 20 at
// once. Same measures as BenchmarkBurst.
func BenchmarkBurstBrass(b *testing.B) {
	h := newHarness(b, harnessOpts{mode: ModeGateway, redis: true, brass: true})
	F := fakediscord.Str
	const n = 20
	type table struct{ channel, match string }
	tables := make([]table, n)
	users := map[string]string{}
	for i := range n {
		ch := fmt.Sprintf("7100000000000000%02d", i)
		h.fd.AddChannel(ch, fmt.Sprintf("brass-%02d", i))
		var seats [3]string
		for j := range seats {
			seats[j] = fmt.Sprintf("810000000000000%03d", 3*i+j)
			h.fd.AddUser(fakediscord.User{ID: seats[j], Name: fmt.Sprintf("p%02d%c", i, 'a'+j)})
			users[userKey(seats[j])] = seats[j]
		}
		h.cmd(seats[0], ch, "play", F("game", "brass"))
		h.click(seats[1], ch, "Join")
		h.click(seats[2], ch, "Join")
		h.click(seats[0], ch, "Start")
		m, err := h.svc.Get(context.Background(), bot.InChannel(channelKey(ch)))
		if err != nil {
			b.Fatal(err)
		}
		tables[i] = table{ch, m.ID}
	}
	h.mu.Lock()
	clear(h.latency)
	h.mu.Unlock()
	b.ResetTimer()
	for range b.N {
		var wg sync.WaitGroup
		for _, tb := range tables {
			wg.Add(1)
			go func() {
				defer wg.Done()
				m, err := h.svc.Get(context.Background(), bot.ByID(tb.match))
				if err != nil || m.Play.Finished {
					b.Errorf("match %s: %v", tb.match, err)
					return
				}
				who := users[m.Seats[m.Play.Active[0]].UserID]
				mv, err := typedMove(h, who, tb.channel)
				if err != nil {
					b.Error(err)
					return
				}
				if _, r, err := h.fd.Command(who, tb.channel, "move", F("move", mv)); err != nil || r.Ephemeral() {
					b.Errorf("move %q in %s: %v %s", mv, tb.channel, err, r.Content)
				}
			}()
		}
		wg.Wait()
		b.StopTimer()
		h.idle() // the next burst starts with every post complete
		b.StartTimer()
	}
	b.StopTimer()
	h.noViolations()
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	p50, moves := h.percentile("move", 50)
	p99, _ := h.percentile("move", 99)
	a99, _ := h.percentile("autocomplete", 99)
	d50, _ := h.percentile("posted:move", 50)
	d99, _ := h.percentile("posted:move", 99)
	b.ReportMetric(float64(moves), "moves")
	b.ReportMetric(ms(p50), "move-ack-p50-ms")
	b.ReportMetric(ms(p99), "move-ack-p99-ms")
	b.ReportMetric(ms(a99), "autocomplete-p99-ms")
	b.ReportMetric(ms(d50), "move-post-p50-ms")
	b.ReportMetric(ms(d99), "move-post-p99-ms")
}

// typedMove is autocompleteMove for a goroutine: it returns its error.
func typedMove(h *harness, user, channel string) (string, error) {
	typed := ""
	for range 12 {
		cs, err := h.fd.Autocomplete(user, channel, "move", fakediscord.Focus(fakediscord.Str("move", typed)))
		if err != nil || len(cs) == 0 {
			return "", fmt.Errorf("autocomplete %q in %s: %v %v", typed, channel, cs, err)
		}
		for _, c := range cs {
			if !strings.Contains(c.Name, "…") {
				return c.Value.(string), nil
			}
		}
		typed = cs[0].Value.(string) + " "
	}
	return "", fmt.Errorf("no complete move suggested in %s after typing %q", channel, typed)
}

// BenchmarkMoveInitialResponse measures, over the real discordgo client,
// the real service on Redis and the fake Discord, the time from receiving a
// /move interaction to having sent its initial response (apply, commit,
// and the post's text through the callback), and to the post's completion
// with its pictures (post-p99-ms: render and upload too).
func BenchmarkMoveInitialResponse(b *testing.B) {
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		b.Run(string(mode), func(b *testing.B) {
			h := newHarness(b, harnessOpts{mode: mode, redis: true})
			b.ResetTimer()
			moves := 0
			for i := 0; moves < b.N; i++ {
				ch := fmt.Sprintf("5000000000000000%02d", i%100)
				h.fd.AddChannel(ch, fmt.Sprintf("bench-%02d", i%100))
				_, n, err := playGame(h, ch, alice, bob, 99)
				if err != nil {
					b.Fatal(err)
				}
				moves += n
			}
			b.StopTimer()
			h.idle()
			p50, _ := h.percentile("move", 50)
			p99, _ := h.percentile("move", 99)
			a99, _ := h.percentile("autocomplete", 99)
			d99, _ := h.percentile("posted:move", 99)
			b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
			b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
			b.ReportMetric(float64(a99.Microseconds())/1000, "autocomplete-p99-ms")
			b.ReportMetric(float64(d99.Microseconds())/1000, "post-p99-ms")
		})
	}
}

// BenchmarkBrassMoveInitialResponse is the same measure for Brass, whose
// board is a 1280x1160 picture, added to the post after the response.
func BenchmarkBrassMoveInitialResponse(b *testing.B) {
	h := newHarness(b, harnessOpts{mode: ModeGateway, redis: true, brass: true})
	F := fakediscord.Str
	users := map[string]string{userKey(alice): alice, userKey(bob): bob, userKey(erin): erin}
	start := func(ch string) string {
		h.fd.AddChannel(ch, "brass-"+ch[len(ch)-2:])
		h.cmd(alice, ch, "play", F("game", "brass"))
		h.click(bob, ch, "Join")
		h.click(erin, ch, "Join")
		h.click(alice, ch, "Start")
		m, err := h.svc.Get(context.Background(), bot.InChannel(channelKey(ch)))
		if err != nil {
			b.Fatal(err)
		}
		return m.ID
	}
	ch := "600000000000000001"
	id := start(ch)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m, err := h.svc.Get(context.Background(), bot.ByID(id))
		if err != nil {
			b.Fatal(err)
		}
		if m.Play.Finished {
			ch = fmt.Sprintf("6000000000000001%02d", i%100)
			id = start(ch)
			continue
		}
		who := users[m.Seats[m.Play.Active[0]].UserID]
		mv := autocompleteMove(b, h, who, ch)
		if r := h.cmd(who, ch, "move", F("move", mv)); r.Ephemeral() {
			b.Fatalf("move %q refused: %s", mv, r.Content)
		}
	}
	b.StopTimer()
	p50, n := h.percentile("move", 50)
	p99, _ := h.percentile("move", 99)
	a99, _ := h.percentile("autocomplete", 99)
	d99, _ := h.percentile("posted:move", 99)
	b.ReportMetric(float64(n), "moves")
	b.ReportMetric(float64(p50.Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(a99.Microseconds())/1000, "autocomplete-p99-ms")
	b.ReportMetric(float64(d99.Microseconds())/1000, "post-p99-ms")
}
