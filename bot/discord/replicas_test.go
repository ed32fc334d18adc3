package discord

import (
	"context"
	"fmt"
	"net"
	"net/http/httputil"
	"net/url"
	"slices"
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
// once, each turn gets exactly one ping, and every replica served.
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

	const replicas = 3
	var backends []*url.URL
	var procs []*proc
	for range replicas {
		addr := freeAddr(t)
		p := startSmokestack(t, bin, "DISCORD_TOKEN="+token, "DISCORD_API_BASE="+fd.URL, "DISCORD_MODE=http",
			"DISCORD_APP_ID="+fd.AppID, "DISCORD_PUBLIC_KEY="+fd.PublicKeyHex(), "DISCORD_HTTP_ADDR="+addr,
			"REDIS_URL=unix://"+rs.Socket, "REDIS_PREFIX="+prefix,
			"SMOKESTACK_OPS_ADDR=127.0.0.1:0", "SMOKESTACK_LOG_FORMAT=json", "SMOKESTACK_LOG_LEVEL=debug")
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

// Reminders across replicas: three bots, each with its own service (as
// three processes have), share one Redis and one clock; 20 matches wait
// with reminders every 12 hours. Every replica asks for due reminders at
// the same moments, several rounds each: every match gets exactly one
// reminder per interval. (The process test above cannot move the
// processes' clocks by 12 hours; this one runs the same scheduler code
// in three services.)
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
