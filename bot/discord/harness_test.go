package discord

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	pebblesrender "github.com/smokestack/smokestack/render/testgame"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
	brassrender "github.com/smokestack/smokestack/render/brass"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// Users of the fake guild.
const (
	alice = "100000000000000001"
	bob   = "100000000000000002"
	carol = "100000000000000003" // not seated; has Manage Channels
	dave  = "100000000000000004" // not seated; no special permission
	erin  = "100000000000000005"
	room  = "200000000000000001"
)

type harness struct {
	t        testing.TB
	fd       *fakediscord.Server
	svc      *bot.Service
	bot      *Bot
	store    storage.Store
	redis    *storagetest.RedisServer // with harnessOpts.redis
	prefix   string                   // the store's Redis key prefix
	endpoint string                   // the bot's interactions endpoint in HTTP mode
	mu       sync.Mutex
	latency  map[string][]time.Duration // by interaction kind: move, autocomplete, component ...; "posted:move" ... the complete answer
}

type harnessOpts struct {
	mode    Mode
	redis   bool             // a real redis-server instead of the in-memory store
	brass   bool             // offer Brass (engine/brass, render/brass) besides Pebbles
	games   []engine.Game    // more games (without renderers)
	store   storage.Store    // the store to use instead of a fresh one
	now     func() time.Time // the service's clock (default time.Now)
	abandon time.Duration    // bot.Config.AbandonAfter
	logTo   io.Writer        // the bot's and the service's log, at debug level
	token   string           // the bot token (default: the fake's)
	http    *http.Client     // Config.HTTPClient
	// renderers are more renderers, for the games above
	renderers []render.Renderer
	metrics   bot.Metrics // the service's (default none)
}

// newHarness wires the real service, the real discordgo client and the
// fake Discord.
func newHarness(t testing.TB, o harnessOpts) *harness {
	t.Helper()
	fd := fakediscord.New()
	t.Cleanup(fd.Close)
	fd.AddUser(fakediscord.User{ID: alice, Name: "alice"})
	fd.AddUser(fakediscord.User{ID: bob, Name: "bob"})
	fd.AddUser(fakediscord.User{ID: carol, Name: "carol", Permissions: discordgo.PermissionManageChannels})
	fd.AddUser(fakediscord.User{ID: dave, Name: "dave"})
	fd.AddUser(fakediscord.User{ID: erin, Name: "erin"})
	fd.AddChannel(room, "games")

	var store storage.Store
	var rsrv *storagetest.RedisServer
	prefix := storagetest.RedisPrefix(t)
	if o.token != "" {
		fd.BotToken = o.token
	}
	if o.store != nil {
		store = o.store
	} else if o.redis {
		rsrv = storagetest.Redis(t, storagetest.RedisOptions{})
		store = redisstore.New(rsrv.Client(), prefix, storage.Options{})
	} else {
		store = servicetest.Store(t)
	}
	t.Cleanup(func() { store.Close() })
	var ids atomic.Int64
	games := engine.NewRegistry(testgame.Game{})
	renderers := render.NewSet(pebblesrender.Pebbles{})
	if o.brass {
		br, err := brassrender.New()
		if err != nil {
			t.Fatal(err)
		}
		games = engine.NewRegistry(testgame.Game{}, brass.New())
		renderers = render.NewSet(pebblesrender.Pebbles{}, br)
	}
	if len(o.games) > 0 {
		games = engine.NewRegistry(append([]engine.Game{testgame.Game{}}, o.games...)...)
	}
	if len(o.renderers) > 0 {
		renderers = render.NewSet(append([]render.Renderer{pebblesrender.Pebbles{}}, o.renderers...)...)
	}
	logLevel := slog.LevelError
	if os.Getenv("BOT_TEST_LOG") != "" {
		logLevel = slog.LevelDebug
	}
	var logOut io.Writer = os.Stderr
	if o.logTo != nil {
		logOut, logLevel = o.logTo, slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(logOut, &slog.HandlerOptions{Level: logLevel}))
	var svcLog *slog.Logger // the service logs only when asked to
	if o.logTo != nil {
		svcLog = log
	}
	svc, err := bot.New(bot.Config{
		Log:          svcLog,
		Games:        games,
		Store:        store,
		Renderers:    renderers,
		NewID:        func() string { return fmt.Sprintf("m%04d", ids.Add(1)) },
		Seed:         func() uint64 { return 7 },
		Now:          o.now,
		AbandonAfter: o.abandon,
		Metrics:      o.metrics,
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Token: fd.BotToken, APIBase: fd.URL, CDNBase: fd.URL, Mode: o.mode, PublicKey: fd.PublicKeyHex(), HTTPClient: o.http}
	if o.mode == ModeHTTP {
		cfg.AppID = fd.AppID
	}
	b, err := New(cfg, svc, log)
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, fd: fd, svc: svc, bot: b, store: store, redis: rsrv, prefix: prefix, latency: map[string][]time.Duration{}}
	kind := func(r *Request) string {
		switch r.I.Type {
		case discordgo.InteractionApplicationCommand:
			return r.I.ApplicationCommandData().Name
		case discordgo.InteractionApplicationCommandAutocomplete:
			return "autocomplete"
		}
		return "component"
	}
	b.timing = func(r *Request, d time.Duration) {
		h.mu.Lock()
		h.latency[kind(r)] = append(h.latency[kind(r)], d)
		h.mu.Unlock()
	}
	b.posted = func(r *Request, d time.Duration) {
		h.mu.Lock()
		h.latency["posted:"+kind(r)] = append(h.latency["posted:"+kind(r)], d)
		h.mu.Unlock()
	}
	ctx := context.Background()
	if o.mode == ModeHTTP {
		if _, err := b.Register(ctx); err != nil {
			t.Fatal(err)
		}
		hh, err := b.HTTPHandler()
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(hh)
		t.Cleanup(srv.Close)
		h.endpoint = srv.URL + "/interactions"
		fd.SetEndpoint(h.endpoint)
	} else {
		if err := b.Open(ctx); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { b.Close() })
		if !fd.WaitReady(5 * time.Second) {
			t.Fatal("the bot never identified on the gateway")
		}
	}
	return h
}

// idle waits until the bot has finished every interaction (the follow-ups
// after an initial response included).
func (h *harness) idle() {
	h.t.Helper()
	if !h.fd.WaitFor(10*time.Second, func() bool { return h.bot.busy.Load() == 0 }) {
		h.t.Fatal("the bot is still busy after 10 s")
	}
}

func (h *harness) cmd(user, channel, name string, opts ...fakediscord.Opt) fakediscord.Response {
	h.t.Helper()
	return h.send(h.fd.Command, user, channel, name, opts)
}

// cmdUnchecked is cmd with what no Discord client sends (an option value
// outside its choices): the bot's own checks answer it.
func (h *harness) cmdUnchecked(user, channel, name string, opts ...fakediscord.Opt) fakediscord.Response {
	h.t.Helper()
	return h.send(h.fd.CommandUnchecked, user, channel, name, opts)
}

// send delivers a command through deliver and returns its answer once the
// bot is idle.
func (h *harness) send(deliver func(user, channel, name string, opts ...fakediscord.Opt) (*fakediscord.Interaction, fakediscord.Response, error),
	user, channel, name string, opts []fakediscord.Opt) fakediscord.Response {
	h.t.Helper()
	it, _, err := deliver(user, channel, name, opts...)
	if err != nil {
		h.t.Fatalf("/%s: %v", name, err)
	}
	h.idle()
	return h.fd.Seen(it)
}

func (h *harness) click(user, channel, label string) fakediscord.Response {
	h.t.Helper()
	m, id, ok := h.fd.Button(channel, user, label)
	if !ok {
		h.t.Fatalf("no %q button visible to %s in %s", label, user, channel)
	}
	it, _, err := h.fd.Click(user, m, id)
	if err != nil {
		h.t.Fatalf("click %q: %v", label, err)
	}
	h.idle()
	return h.fd.Seen(it)
}

func (h *harness) pick(user, channel, value string) fakediscord.Response {
	h.t.Helper()
	m, menu, ok := h.fd.SelectMenu(channel, user)
	if !ok {
		h.t.Fatalf("no select menu visible to %s", user)
	}
	it, _, err := h.fd.Select(user, m, menu.CustomID, value)
	if err != nil {
		h.t.Fatalf("select %q: %v", value, err)
	}
	h.idle()
	return h.fd.Seen(it)
}

// noViolations fails on any platform rule the bot broke.
func (h *harness) noViolations() {
	h.t.Helper()
	if v := h.fd.Violations(); len(v) > 0 {
		h.t.Errorf("the bot broke Discord's rules:\n%s", strings.Join(v, "\n"))
	}
}

func must(t testing.TB, cond bool, format string, args ...any) {
	t.Helper()
	if !cond {
		t.Fatalf(format, args...)
	}
}

func newTestServer(t testing.TB, h http.Handler) string {
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// percentile returns the p-th percentile (0..100) of the samples of kind.
func (h *harness) percentile(kind string, p float64) (time.Duration, int) {
	h.mu.Lock()
	ds := slices.Clone(h.latency[kind])
	h.mu.Unlock()
	if len(ds) == 0 {
		return 0, 0
	}
	slices.Sort(ds)
	i := int(float64(len(ds))*p/100+0.5) - 1
	return ds[min(max(i, 0), len(ds)-1)], len(ds)
}

// fileNames lists the names of a response's attachments, space-separated.
func fileNames(r fakediscord.Response) string {
	var out []string
	for _, f := range r.Files {
		out = append(out, f.Name)
	}
	return strings.Join(out, " ")
}
