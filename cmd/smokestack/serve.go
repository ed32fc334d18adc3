package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord"
	"github.com/smokestack/smokestack/bot/ops"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
)

// serve wires configuration, storage, the service and one front end.
func serve(ctx context.Context, args []string, stderr io.Writer, environ []string, cat catalog) error {
	if len(args) > 0 {
		return fmt.Errorf("%w: serve takes no arguments (configure it with environment variables)", errUsage)
	}
	cfg, err := loadConfig(environ, ".env")
	if err != nil {
		return err
	}
	log := newLogger(stderr, cfg)
	for _, w := range cfg.Warnings {
		log.Warn("configuration: " + w)
	}
	// The process's clock: time.Now (the nil default) in a release build.
	var tc testClock
	if testClockHook != nil {
		if tc, err = testClockHook(environ); err != nil {
			return fmt.Errorf("%w: %v", errConfig, err)
		}
		if tc.now != nil || tc.every != 0 {
			log.Warn("test build: the test clock is on", "offset_file", tc.file, "clock_every", tc.every)
		}
	}
	// The playground serves its page while the embedded store replays its
	// log (a request that needs the store waits for it: storage.Later);
	// a store that cannot open stops the process as before, with its
	// error. The Discord bot and Redis open the store first.
	var store storage.Store
	var opening *storage.Opening
	if cfg.RedisURL == "" && cfg.DiscordToken == "" {
		openCtx := ctx
		opening = storage.Later(func() (storage.Store, error) { return openStore(openCtx, cfg, tc.now, log) })
		store = opening
		var stop context.CancelFunc
		ctx, stop = context.WithCancel(ctx)
		defer stop()
		go func() {
			<-opening.Done()
			if opening.Err() != nil {
				stop()
			}
		}()
	} else if store, err = openStore(ctx, cfg, tc.now, log); err != nil {
		return err
	}
	defer func() {
		if opening != nil && opening.Err() != nil {
			return // nothing was opened
		}
		if err := store.Close(); err != nil {
			log.Error("closing the store", "err", err)
			return
		}
		log.Info("store closed; stopped")
	}()
	metrics := ops.NewMetrics()
	// The turn clock (the Discord bot's and the playground's alike) ends
	// abandoned matches, kept for export, after a warning; the store's
	// own expiry, later, is a safety net.
	bc := bot.Config{Games: cat.games, Store: store, Renderers: cat.renderers, Log: log, AbandonAfter: cfg.AbandonAfter, ComputerDelay: cfg.ComputerDelay, Metrics: metrics, Now: tc.now}
	svc, err := bot.New(bc)
	if err != nil {
		return err
	}
	metrics.OpenMatches(svc.OpenMatches, time.Minute)
	checks := []ops.Check{{Name: "store", Ready: svc.Ping}}
	var front func(context.Context) error
	if cfg.DiscordToken != "" {
		dc := discordConfig(cfg)
		dc.ClockEvery = tc.every
		b, err := discord.New(dc, svc, log)
		if err != nil {
			return err
		}
		b.RouteLibraryLog()
		checks = append(checks, ops.Check{Name: "discord", Ready: func(context.Context) error { return b.Ready() }})
		log.Info("starting the Discord bot", "mode", cfg.DiscordMode)
		front = b.Run
	} else {
		w := web.New(svc, log).AllowHosts(cfg.PlaygroundHosts...)
		front = func(ctx context.Context) error { return w.ListenAndServe(ctx, cfg.PlaygroundAddr) }
	}
	if cfg.OpsAddr != "" {
		ln, err := ops.Listen(cfg.OpsAddr)
		if err != nil {
			return fmt.Errorf("%w: %v", errConfig, err)
		}
		srv := ops.NewServer(metrics, log, checks...)
		// The endpoint outlives ctx: during the drain /readyz says the
		// process is stopping and /metrics still answers.
		opsCtx, stopOps := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			if err := srv.Serve(opsCtx, ln); err != nil {
				log.Error("operator endpoint", "err", err)
			}
		}()
		defer func() { stopOps(); <-done }()
		stopAfter := context.AfterFunc(ctx, func() {
			srv.Stopping()
			log.Info("stopping: finishing the work in flight", "drain_timeout", cfg.DrainTimeout)
		})
		defer stopAfter()
		log.Info("operator endpoint: /healthz /readyz /metrics", "addr", ln.Addr().String())
	}
	err = front(ctx)
	if opening != nil {
		<-opening.Done()
		if opening.Err() != nil {
			return opening.Err()
		}
	}
	return err
}

// newLogger is the process's logger: text or JSON (SMOKESTACK_LOG_FORMAT)
// on stderr (already redacted by run), with the interaction and match IDs
// of a request's context added to its lines (bot.LogHandler). The standard
// library's logger and go-redis's go through it too.
func newLogger(stderr io.Writer, cfg config) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	var h slog.Handler = slog.NewTextHandler(stderr, opts)
	if cfg.LogJSON {
		h = slog.NewJSONHandler(stderr, opts)
	}
	log := slog.New(bot.LogHandler(h))
	slog.SetDefault(log)
	redis.SetLogger(redisLogger{log})
	return log
}

// redisLogger sends go-redis's own reports (dial failures, pool
// problems) to the process's logger.
type redisLogger struct{ log *slog.Logger }

func (l redisLogger) Printf(ctx context.Context, format string, v ...any) {
	l.log.WarnContext(ctx, "redis: "+fmt.Sprintf(format, v...))
}

// openStore opens Redis when REDIS_URL is set, else the embedded store;
// now is its clock (nil: time.Now).
func openStore(ctx context.Context, cfg config, now func() time.Time, log *slog.Logger) (storage.Store, error) {
	opts := storage.Options{AbandonAfter: cfg.AbandonAfter + abandonGrace, DeleteEndedAfter: cfg.DeleteFinishedAfter, Log: log, Timeout: cfg.StoreTimeout, Now: now}
	if cfg.RedisURL == "" {
		return openEmbedded(cfg, opts, log)
	}
	return openRedis(ctx, cfg, opts, log)
}

// openRedis opens the Redis store of REDIS_URL (a Cluster with
// REDIS_CLUSTER=yes).
func openRedis(ctx context.Context, cfg config, opts storage.Options, log *slog.Logger) (storage.Store, error) {
	if cfg.RedisURL == "" {
		return nil, fmt.Errorf("%w: REDIS_URL is empty", errConfig)
	}
	var client redis.UniversalClient
	var where string
	if cfg.RedisCluster {
		co, err := redis.ParseClusterURL(cfg.RedisURL)
		if err != nil {
			return nil, fmt.Errorf("%w: REDIS_URL: %v", errConfig, err)
		}
		co.ContextTimeoutEnabled = true // the store bounds each call with SMOKESTACK_STORE_TIMEOUT
		client, where = redis.NewClusterClient(co), "cluster "+strings.Join(co.Addrs, ",")
	} else {
		ro, err := redis.ParseURL(cfg.RedisURL)
		if err != nil {
			return nil, fmt.Errorf("%w: REDIS_URL: %v", errConfig, err)
		}
		ro.ContextTimeoutEnabled = true
		client, where = redis.NewClient(ro), fmt.Sprintf("%s db %d", ro.Addr, ro.DB)
	}
	st, err := redisstore.Open(ctx, client, cfg.RedisPrefix, opts, redisstore.WaitReplicas(cfg.RedisWaitReplicas, cfg.RedisWaitTimeout),
		redisstore.Compact(cfg.RedisCompact))
	if err != nil {
		client.Close()
		return nil, fmt.Errorf("smokestack: redis at %s: %w", where, err)
	}
	log.Info("storage: redis", "at", where, "prefix", cfg.RedisPrefix, "wait_replicas", cfg.RedisWaitReplicas, "compact", cfg.RedisCompact)
	return st, nil
}

// discordConfig is the Discord adapter's configuration taken from ours.
func discordConfig(cfg config) discord.Config {
	return discord.Config{
		Token: cfg.DiscordToken, AppID: cfg.DiscordAppID, PublicKey: cfg.DiscordPublicKey,
		Mode: discord.Mode(cfg.DiscordMode), Listen: cfg.DiscordHTTPAddr, APIBase: cfg.DiscordAPIBase,
		GuildID: cfg.DiscordGuildID, DefaultGame: cfg.DiscordDefaultGame, DrainTimeout: cfg.DrainTimeout,
		ShardCount: cfg.DiscordShardCount, ShardIDs: cfg.DiscordShardIDs,
	}
}

// testClock is the clock of a test build (testclock_testgames.go): now
// replaces time.Now for the service and the store, every the Discord
// bot's reminder poll. The zero testClock, a release build's, changes
// nothing.
type testClock struct {
	now   func() time.Time
	every time.Duration
	file  string
}

// testClockHook reads the test clock's settings from the environment. It
// is nil in a release build: only a build with the smokestack_testgames
// tag sets it, and TestReleaseHasNoTestClock checks that.
var testClockHook func(environ []string) (testClock, error)

// abandonGrace is how long after SMOKESTACK_ABANDON_AFTER the store itself
// deletes an open match: the turn clock (of the Discord bot or the
// playground) ends it as abandoned, and keeps it, first; only a match the
// clock could not end, with nothing running for that long, is deleted.
const abandonGrace = 14 * 24 * time.Hour
