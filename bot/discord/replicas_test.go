package discord

import (
	"context"
	"fmt"
	"net"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// freeAddr is a loopback address with a port free now.
func freeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// TestProcessReplicas runs three bot processes (the built binary) in
// HTTP-interactions mode on one Redis behind a round-robin proxy, as a
// deployment with several replicas does, and plays 20 channels at once
// through the fake Discord: every move acknowledged is applied exactly
// once, each turn gets exactly one ping, and every replica served. Then
// 20 matches with reminders wait while the test moves the processes'
// shared test clock past their intervals: each reminder is sent once, to
// the player who must act (replicaReminders).
func TestProcessReplicas(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildSmokestack(t)
	rs := storagetest.Redis(t, storagetest.RedisOptions{})
	fd := fakediscord.New()
	defer fd.Close()
	token := secretToken()
	fd.BotToken = token
	prefix := storagetest.RedisPrefix(t)

	// The processes' shared test clock (test builds only): an offset from
	// the real time in a file they all read, and a fast reminder poll.
	clock := newProcessClock(t)
	const replicas = 3
	var backends []*url.URL
	var procs []*proc
	for i := range replicas {
		addr := freeAddr(t)
		p := startSmokestack(t, bin, "DISCORD_TOKEN="+token, "DISCORD_API_BASE="+fd.URL, "DISCORD_MODE=http",
			"DISCORD_APP_ID="+fd.AppID, "DISCORD_PUBLIC_KEY="+fd.PublicKeyHex(), "DISCORD_HTTP_ADDR="+addr,
			"REDIS_URL=unix://"+rs.Socket, "REDIS_PREFIX="+prefix,
			"SMOKESTACK_OPS_ADDR=127.0.0.1:0", "SMOKESTACK_LOG_FORMAT=json", "SMOKESTACK_LOG_LEVEL=debug",
			"SMOKESTACK_TEST_CLOCK_FILE="+clock.file, "SMOKESTACK_TEST_CLOCK_EVERY="+remindPolls[i].String())
		procs = append(procs, p)
		backends = append(backends, &url.URL{Scheme: "http", Host: addr})
	}
	for _, p := range procs {
		p.waitReady(t)
	}
	// The load balancer: each request to the next replica in turn.
	var next atomic.Int64
	served := make([]atomic.Int64, replicas)
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		i := int(next.Add(1)) % replicas
		served[i].Add(1)
		r.SetURL(backends[i])
	}}
	fd.SetEndpoint(newTestServer(t, proxy) + "/interactions")

	const n = 20
	players := make([]*player, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		players[i] = newPlayer(fd, 40+i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = players[i].play(func() bool { return false })
		}()
	}
	wg.Wait()
	replicaReminders(t, fd, clock, procs)
	for _, p := range procs {
		p.stop(t, 25*time.Second)
	}
	for i, err := range errs {
		if err != nil {
			t.Errorf("channel %d: %v", i, err)
		}
	}
	for _, v := range fd.Violations() {
		t.Errorf("the bot broke Discord's rules: %s", v)
	}
	st := redisstore.New(rs.Client(), prefix, storage.Options{})
	total := 0
	for _, pl := range players {
		acked := int(pl.acked.Load())
		total += acked
		ids, err := st.UserMatches(context.Background(), userKey(pl.users[0]))
		if err != nil || len(ids) != 1 {
			t.Errorf("%s: matches %v %v", pl.channel, ids, err)
			continue
		}
		m, err := st.Get(context.Background(), ids[0])
		if err != nil {
			t.Fatal(err)
		}
		log, err := st.Log(context.Background(), ids[0], 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != acked || int(m.Moves) != acked || m.Status != "finished" {
			t.Errorf("%s: %d moves acknowledged, %d logged, match counts %d, status %s", pl.channel, acked, len(log), m.Moves, m.Status)
		}
		// A board at the start and after each move; one ping per turn:
		// the first and after each move but the last.
		if boards, pings := pl.posts(); boards != acked+1 || pings != acked {
			t.Errorf("%s: %d board posts and %d pings for %d moves", pl.channel, boards, pings, acked)
		}
	}
	var counts []string
	for i := range served {
		c := served[i].Load()
		counts = append(counts, fmt.Sprint(c))
		if c == 0 {
			t.Errorf("replica %d served nothing", i)
		}
	}
	for _, p := range procs {
		checkLog(t, p.out.String(), token)
	}
	t.Logf("%d channels, %d moves through %d replicas (requests per replica: %s)", n, total, replicas, strings.Join(counts, ", "))
}

// remindPolls are how often each process of TestProcessReplicas asks
// for due reminders (30 s in a release build): different periods, so that
// the replicas' polls keep changing order and each is sometimes the first
// to find a match due. remindSettle is how long the test waits, after the
// reminders it expects have come, for any extra one (a reminder sent
// twice) to come too: several polls of every replica. A sweep moves the
// clock a step every remindStep.
var remindPolls = [...]time.Duration{70 * time.Millisecond, 100 * time.Millisecond, 130 * time.Millisecond}

const (
	remindStep   = 70 * time.Millisecond
	remindSettle = 650 * time.Millisecond
)

// processClock is the file holding the offset the processes add to the
// real time (SMOKESTACK_TEST_CLOCK_FILE, read by test builds only).
type processClock struct {
	t    *testing.T
	file string
}

func newProcessClock(t *testing.T) *processClock {
	c := &processClock{t: t, file: filepath.Join(t.TempDir(), "clock-offset")}
	c.set(0)
	return c
}

// set moves every process's clock to the real time plus d. The file is
// replaced whole (renamed into place), so no process reads half of it.
func (c *processClock) set(d time.Duration) {
	c.t.Helper()
	tmp := c.file + ".new"
	if err := os.WriteFile(tmp, []byte(d.String()), 0o644); err != nil {
		c.t.Fatal(err)
	}
	if err := os.Rename(tmp, c.file); err != nil {
		c.t.Fatal(err)
	}
}

// replicaReminders is the second part of TestProcessReplicas: 20 matches
// created with /play remind:12h wait while the three processes poll the
// same Redis for due reminders (every 70, 100 and 130 ms), and the test moves
// their shared clock. Match k starts k minutes (of the shared clock) after
// match 0, and the clock crosses each interval in steps of a minute, a
// step every remindStep, so that the matches come due one by one and the
// three replicas' polls compete for them (the test fails if a single
// replica fired every reminder: it would not have tested the sharing).
//
// Past the first interval each match gets exactly one reminder, a message
// that pings exactly the player who must act (the one the turn ping
// named, whom the autocompletion offers moves). Six hours later a move is
// made in every fourth match; past the second interval each match without
// that move gets exactly one more, and the moved ones none (their wait
// began at the move); six hours after that, the moved ones get one
// reminder for their new player, and nobody else any.
func replicaReminders(t *testing.T, fd *fakediscord.Server, clock *processClock, procs []*proc) {
	start := time.Now()
	const n = 20
	players := make([]*player, n)
	for i := range n {
		players[i] = newPlayer(fd, 60+i)
		clock.set(time.Duration(i) * time.Minute)
		if err := players[i].start(fakediscord.Str("remind", "12h")); err != nil {
			t.Fatal(err)
		}
	}
	// Who must act in each: the player the turn ping named, and the
	// autocompletion agrees.
	waiting := make([]string, n)
	for i, pl := range players {
		if !fd.WaitFor(10*time.Second, func() bool { waiting[i] = waitingFor(pl); return waiting[i] != "" }) {
			t.Fatalf("%s: no turn ping for the first player", pl.channel)
		}
		if cs, err := fd.Autocomplete(waiting[i], pl.channel, "move", fakediscord.Focus(fakediscord.Str("move", ""))); err != nil || len(cs) == 0 || strings.Contains(cs[0].Name, "not your turn") {
			t.Fatalf("%s: the turn ping named %s, who has no move: %v %v", pl.channel, waiting[i], cs, err)
		}
	}
	// sweep moves the clock to base plus k minutes and a half, k = 0 to
	// n-1, one step every remindStep: match k comes due at step k.
	sweep := func(base time.Duration) {
		for k := range n {
			clock.set(base + time.Duration(k)*time.Minute + 30*time.Second)
			time.Sleep(remindStep)
		}
	}
	// expect waits for the reminders whom lists in each channel, then a
	// while longer, and checks there are exactly those: one message per
	// reminder, each pinging only the player whom names, in that order.
	expect := func(stage string, whom [][]string) {
		t.Helper()
		fd.WaitFor(10*time.Second, func() bool {
			for i, pl := range players {
				if len(reminders(pl)) < len(whom[i]) {
					return false
				}
			}
			return true
		})
		time.Sleep(remindSettle)
		for i, pl := range players {
			got := reminders(pl)
			var pinged []string
			for _, m := range got {
				pinged = append(pinged, strings.Join(m.Pings, "+"))
				if len(m.Pings) != 1 || !strings.HasPrefix(m.Content, "<@"+m.Pings[0]+">") {
					t.Errorf("%s %s: a reminder pinging %v: %q", pl.channel, stage, m.Pings, m.Content)
				}
			}
			if !slices.Equal(pinged, whom[i]) {
				t.Errorf("%s %s: reminders pinged %q, want %q", pl.channel, stage, pinged, whom[i])
			}
		}
	}
	whom := make([][]string, n)
	expect("before the first interval", whom)

	sweep(12 * time.Hour)
	for i := range whom {
		whom[i] = append(whom[i], waiting[i])
	}
	expect("past the first interval", whom)

	// A move in every fourth match, about six hours after its reminder:
	// its wait starts again, for the other player.
	clock.set(18*time.Hour + n*time.Minute)
	moved := 0
	for i, pl := range players {
		if i%4 != 0 {
			continue
		}
		pings := len(turnPings(pl))
		mv, r, _, err := pl.move(waiting[i])
		if err != nil || mv == "" || r.Ephemeral() || !strings.Contains(r.Content, "played") {
			t.Fatalf("%s: a move by %s: %q %q %v", pl.channel, waiting[i], mv, r.Content, err)
		}
		if !fd.WaitFor(10*time.Second, func() bool { return len(turnPings(pl)) > pings }) {
			t.Fatalf("%s: no turn ping after the move", pl.channel)
		}
		next := waitingFor(pl)
		if next == waiting[i] || !slices.Contains(pl.users[:], next) {
			t.Fatalf("%s: after %s's move the turn ping named %q", pl.channel, waiting[i], next)
		}
		waiting[i] = next
		moved++
	}
	sweep(24 * time.Hour)
	for i := range whom {
		if i%4 != 0 {
			whom[i] = append(whom[i], waiting[i])
		}
	}
	expect("past the second interval", whom)

	// Twelve hours after the moves.
	clock.set(30*time.Hour + (n+1)*time.Minute)
	for i := range whom {
		if i%4 == 0 {
			whom[i] = append(whom[i], waiting[i])
		}
	}
	expect("12h after the moves", whom)

	// Which replica fired them (each logs the reminders it committed):
	// every reminder once, whichever replica's poll came first.
	var byReplica []string
	total, firing := 0, 0
	for _, p := range procs {
		c := 0
		for _, m := range firedRE.FindAllStringSubmatch(p.out.String(), -1) {
			k, _ := strconv.Atoi(m[1])
			c += k
		}
		total += c
		if c > 0 {
			firing++
		}
		byReplica = append(byReplica, fmt.Sprint(c))
	}
	if want := n + (n - moved) + moved; total != want {
		t.Errorf("the replicas logged %d reminders fired (%s), want %d", total, strings.Join(byReplica, ", "), want)
	}
	if firing < 2 {
		t.Errorf("one replica fired every reminder (%s): the test did not test replicas sharing them", strings.Join(byReplica, ", "))
	}
	t.Logf("reminders: %d matches waiting with reminders every 12h, %d moved in between; fired per replica: %s; %v",
		n, moved, strings.Join(byReplica, ", "), time.Since(start).Round(time.Millisecond))
}

// firedRE is the log line of a replica that fired a match's reminders.
var firedRE = regexp.MustCompile(`"msg":"reminders","match":"[^"]*","count":(\d+)`)

// reminders are the reminder messages in the player's channel.
func reminders(p *player) []fakediscord.Message {
	var out []fakediscord.Message
	for _, e := range p.fd.Entries(p.channel) {
		if e.Kind == "post" && strings.Contains(e.Message.Content, "is waiting for your move") {
			out = append(out, e.Message)
		}
	}
	return out
}

// turnPings are the channel's turn pings: the messages that tell the
// players who newly must act that it is their turn.
func turnPings(p *player) []fakediscord.Message {
	var out []fakediscord.Message
	for _, e := range p.fd.Entries(p.channel) {
		if e.Kind == "post" && len(e.Message.Pings) > 0 && strings.Contains(e.Message.Content, ", your turn in ") {
			out = append(out, e.Message)
		}
	}
	return out
}

// waitingFor is the one user the channel's last turn ping pinged; "" for
// none (or several).
func waitingFor(p *player) string {
	ps := turnPings(p)
	if len(ps) == 0 || len(ps[len(ps)-1].Pings) != 1 {
		return ""
	}
	return ps[len(ps)-1].Pings[0]
}

// Reminders across replicas: three bots, each with its own service (as
// three processes have), share one Redis and one clock; 20 matches wait
// with reminders every 12 hours. Every replica asks for due reminders at
// the same moments, several rounds each: every match gets exactly one
// reminder per interval. (The process test above moves the processes'
// clocks too, but a replica polls at its own pace; here every replica
// asks at the same moments, several times each.)
func TestRemindersAcrossReplicas(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{redis: true, now: clock.Now})
	F := fakediscord.Str
	bots := []*Bot{h.bot}
	for range 2 {
		svc, err := bot.New(bot.Config{Games: h.svc.Games(), Store: redisstore.New(h.redis.Client(), h.prefix, storage.Options{Now: clock.Now}), Now: clock.Now})
		if err != nil {
			t.Fatal(err)
		}
		b, err := New(Config{Token: h.fd.BotToken, APIBase: h.fd.URL, AppID: h.fd.AppID}, svc, nil)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	const n = 20
	var channels []string
	for i := range n {
		ch := fmt.Sprintf("6200000000000000%02d", i)
		h.fd.AddChannel(ch, fmt.Sprintf("remind-%02d", i))
		channels = append(channels, ch)
		h.cmd(alice, ch, "play", F("game", "pebbles"), F("remind", "12h"))
		h.click(bob, ch, "Join")
		h.click(alice, ch, "Start")
	}
	h.idle()
	before := make([]int, n)
	for i, ch := range channels {
		before[i] = len(h.fd.Messages(ch))
	}
	for round := 1; round <= 2; round++ {
		clock.Advance(12 * time.Hour)
		var wg sync.WaitGroup
		for _, b := range bots {
			for range 3 {
				wg.Add(1)
				go func() { defer wg.Done(); b.remind(context.Background()) }()
			}
		}
		wg.Wait()
		for i, ch := range channels {
			got := publicSince(h, ch, before[i])
			pings := 0
			for _, m := range got {
				if slices.Equal(m.Pings, []string{alice}) {
					pings++
				}
			}
			if pings != round {
				t.Errorf("%s after %d intervals: %d reminders pinging alice, want %d: %+v", ch, round, pings, round, got)
			}
		}
	}
	h.noViolations()
}
