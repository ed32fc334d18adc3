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
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	var h slog.Handler = slog.NewTextHandler(stderr, opts)
	if cfg.LogJSON {
		h = slog.NewJSONHandler(stderr, opts)
	}
	log := slog.New(h)
	for _, w := range cfg.Warnings {
		log.Warn("configuration: " + w)
	}
	store, err := openStore(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer store.Close()
	// The turn clock (the Discord bot's and the playground's alike) ends
	// abandoned matches, kept for export, after a warning; the store's
	// own expiry, later, is a safety net.
	bc := bot.Config{Games: cat.games, Store: store, Renderers: cat.renderers, Log: log, AbandonAfter: cfg.AbandonAfter}
	svc, err := bot.New(bc)
	if err != nil {
		return err
	}
	if cfg.DiscordToken != "" {
		log.Info("starting the Discord bot", "mode", cfg.DiscordMode)
		return discord.Run(ctx, discordConfig(cfg), svc, log)
	}
	return web.New(svc, log).AllowHosts(cfg.PlaygroundHosts...).ListenAndServe(ctx, cfg.PlaygroundAddr)
}

// openStore opens Redis when REDIS_URL is set, else the embedded store.
func openStore(ctx context.Context, cfg config, log *slog.Logger) (storage.Store, error) {
	opts := storage.Options{AbandonAfter: cfg.AbandonAfter + abandonGrace, DeleteEndedAfter: cfg.DeleteFinishedAfter, Log: log, Timeout: cfg.StoreTimeout}
	if cfg.RedisURL == "" {
		return openEmbedded(cfg, opts, log)
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
	st, err := redisstore.Open(ctx, client, cfg.RedisPrefix, opts, redisstore.WaitReplicas(cfg.RedisWaitReplicas, cfg.RedisWaitTimeout))
	if err != nil {
		client.Close()
		return nil, fmt.Errorf("smokestack: redis at %s: %w", where, err)
	}
	log.Info("storage: redis", "at", where, "prefix", cfg.RedisPrefix, "wait_replicas", cfg.RedisWaitReplicas)
	return st, nil
}

// discordConfig is the Discord adapter's configuration taken from ours.
func discordConfig(cfg config) discord.Config {
	return discord.Config{
		Token: cfg.DiscordToken, AppID: cfg.DiscordAppID, PublicKey: cfg.DiscordPublicKey,
		Mode: discord.Mode(cfg.DiscordMode), Listen: cfg.DiscordHTTPAddr, APIBase: cfg.DiscordAPIBase,
		GuildID: cfg.DiscordGuildID, DefaultGame: cfg.DiscordDefaultGame,
	}
}

// abandonGrace is how long after SMOKESTACK_ABANDON_AFTER the store itself
// deletes an open match: the turn clock (of the Discord bot or the
// playground) ends it as abandoned, and keeps it, first; only a match the
// clock could not end, with nothing running for that long, is deleted.
const abandonGrace = 14 * 24 * time.Hour
