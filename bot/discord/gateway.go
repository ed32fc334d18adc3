package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/httpserve"
)

// Run connects the bot and serves interactions until ctx is done: over
// the gateway, or in HTTP mode on cfg.Listen at /interactions. Commands are
// registered first when their definitions changed.
func Run(ctx context.Context, cfg Config, svc *bot.Service, log *slog.Logger) error {
	b, err := New(cfg, svc, log)
	if err != nil {
		return err
	}
	return b.Run(ctx)
}

// Run is the package's Run for a Bot built with New. When ctx ends it
// stops taking interactions (closes the gateway, or stops accepting
// requests on the endpoint), then waits for the interactions in flight
// to be answered and posted, at most Config.DrainTimeout, before it
// returns; the caller closes the store after.
func (b *Bot) Run(ctx context.Context) error {
	var err error
	if b.cfg.Mode == ModeHTTP {
		err = b.runHTTP(ctx)
	} else {
		err = b.runGateway(ctx)
	}
	if ctx.Err() != nil {
		if b.cfg.Mode == ModeGateway {
			// discordgo runs each event's handler on a goroutine of its
			// own: one received just before the close may not have
			// counted itself as busy yet.
			time.Sleep(50 * time.Millisecond)
		}
		b.drain()
	}
	return err
}

// drain waits until no interaction is being served, or DrainTimeout.
func (b *Bot) drain() {
	deadline := time.Now().Add(b.cfg.DrainTimeout)
	n := b.busy.Load()
	if n > 0 {
		b.log.Info("bot: finishing the interactions in flight", "count", n)
	}
	for b.busy.Load() > 0 {
		if time.Now().After(deadline) {
			b.log.Warn("bot: interactions still in flight at the end of the drain timeout", "count", b.busy.Load(), "timeout", b.cfg.DrainTimeout)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	if n > 0 {
		b.log.Info("bot: every interaction in flight is finished")
	}
}

// Ready reports whether the bot takes interactions: every gateway shard
// is connected (gateway mode) or the endpoint listens (HTTP mode).
func (b *Bot) Ready() error {
	if b.cfg.Mode == ModeHTTP {
		if b.ready.Load() {
			return nil
		}
		return errors.New("the interactions endpoint is not listening")
	}
	if !b.ready.Load() {
		return errors.New("the gateway is not connected")
	}
	for _, sh := range b.shards {
		if !sh.connected.Load() {
			return fmt.Errorf("gateway shard %d is not connected", sh.id)
		}
	}
	return nil
}

// RouteLibraryLog sends discordgo's own log lines (discordgo.Logger, a
// package variable: one per process) to the bot's logger, with secrets
// taken out, and makes discordgo report warnings (reconnects and such).
func (b *Bot) RouteLibraryLog() {
	discordgo.Logger = func(level, caller int, format string, a ...any) {
		l := slog.LevelDebug
		switch level {
		case discordgo.LogError:
			l = slog.LevelError
		case discordgo.LogWarning:
			l = slog.LevelWarn
		case discordgo.LogInformational:
			l = slog.LevelInfo
		}
		b.log.Log(context.Background(), l, "discordgo: "+b.redact(fmt.Sprintf(format, a...)))
	}
	b.api.LogLevel = discordgo.LogWarning
}

// Open connects to the gateway, one session per shard this process
// runs, and registers the commands; Close disconnects. Run does both
// around waiting for ctx.
//
// Sharding: Discord sends a guild's events to shard (guild_id >> 22) %
// shard_count. Config.ShardCount fixes the count (0: the count Discord
// recommends, from GET /gateway/bot); Config.ShardIDs are the shards this
// process runs (none: all of them). Shards identify in groups of the
// max_concurrency Discord allows, one group per identifyWait.
func (b *Bot) Open(ctx context.Context) error {
	count, ids, concurrency, err := b.shardPlan(ctx)
	if err != nil {
		return err
	}
	b.shards = make([]*shard, 0, len(ids))
	for i, id := range ids {
		if i > 0 && i%concurrency == 0 {
			select {
			case <-time.After(b.identifyWait):
			case <-ctx.Done():
				b.Close()
				return ctx.Err()
			}
		}
		s := b.api
		if i > 0 {
			s = b.gatewaySession()
		}
		if count > 1 {
			s.ShardID, s.ShardCount = id, count
		}
		sh := &shard{s: s, id: id}
		b.shards = append(b.shards, sh)
		if err := b.openShard(ctx, sh); err != nil {
			b.Close()
			return err
		}
	}
	if count > 1 {
		b.log.InfoContext(ctx, "bot: gateway shards connected", "shard_count", count, "shards", ids)
	}
	if _, err := b.Register(ctx); err != nil {
		b.Close()
		return err
	}
	return nil
}

// shard is one gateway session.
type shard struct {
	s         *discordgo.Session
	id        int
	connected atomic.Bool
}

// shardPlan decides the shard count and the shards this process runs.
func (b *Bot) shardPlan(ctx context.Context) (count int, ids []int, concurrency int, err error) {
	gw, err := b.api.GatewayBot(discordgo.WithContext(ctx))
	if err != nil {
		return 0, nil, 0, fmt.Errorf("bot: ask Discord for the gateway (GET /gateway/bot): %w", err)
	}
	count = b.cfg.ShardCount
	if count == 0 {
		count = max(gw.Shards, 1)
	}
	ids = b.cfg.ShardIDs
	if len(ids) == 0 {
		for i := range count {
			ids = append(ids, i)
		}
	}
	for _, id := range ids {
		if id < 0 || id >= count {
			return 0, nil, 0, fmt.Errorf("%w: DISCORD_SHARD_ID %d is not below the shard count %d", ErrConfig, id, count)
		}
	}
	if b.cfg.ShardCount != 0 && gw.Shards > count {
		b.log.WarnContext(ctx, "bot: fewer shards than Discord recommends", "shard_count", count, "recommended", gw.Shards)
	}
	return count, ids, max(gw.SessionStartLimit.MaxConcurrency, 1), nil
}

// gatewaySession is a session for one more shard: the same token and
// HTTP client as the bot's REST session, which keeps every REST call.
func (b *Bot) gatewaySession() *discordgo.Session {
	s, _ := discordgo.New("Bot " + b.cfg.Token) // cannot fail: New only fails on login arguments
	s.Client = b.api.Client
	s.Identify.Intents = b.api.Identify.Intents
	s.StateEnabled = false
	s.LogLevel = b.api.LogLevel
	return s
}

// openShard opens one shard's session and waits for its READY; the first
// one learns (or checks) the application ID.
func (b *Bot) openShard(ctx context.Context, sh *shard) error {
	ready := make(chan string, 1)
	s := sh.s
	s.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
		id := ""
		if r.Application != nil {
			id = r.Application.ID
		} else if r.User != nil {
			id = r.User.ID
		}
		select {
		case ready <- id:
		default:
		}
	})
	s.AddHandler(func(s *discordgo.Session, _ *discordgo.Connect) { sh.connected.Store(true) })
	s.AddHandler(func(s *discordgo.Session, _ *discordgo.Disconnect) { sh.connected.Store(false) })
	// Interactions come as discordgo's raw events, which keep the JSON:
	// its channel object (whether the interaction is in a thread) is not
	// in discordgo's Interaction.
	s.AddHandler(func(s *discordgo.Session, e *discordgo.Event) {
		if ic, ok := e.Struct.(*discordgo.InteractionCreate); ok && e.Type == "INTERACTION_CREATE" && ic.Interaction != nil {
			b.onGateway(ic.Interaction, e.RawData)
		}
	})
	if s == b.api {
		s.AddHandler(func(s *discordgo.Session, rl *discordgo.RateLimit) {
			b.log.Warn("bot: discord rate limit", "url", b.redact(rl.URL), "retry_after", rl.RetryAfter)
			b.metrics.RateLimitWait(rl.RetryAfter)
		})
	}
	if err := s.Open(); err != nil {
		return fmt.Errorf("bot: open gateway (shard %d): %w", sh.id, err)
	}
	select {
	case id := <-ready:
		if b.appID != "" && id != "" && id != b.appID {
			return appMismatch(b.appID, id)
		}
		if b.appID == "" {
			b.appID = id
		}
	case <-time.After(30 * time.Second):
		return fmt.Errorf("bot: no READY from the gateway (shard %d)", sh.id)
	case <-ctx.Done():
		return ctx.Err()
	}
	return nil
}

// Close disconnects every shard from the gateway.
func (b *Bot) Close() error {
	var first error
	for _, sh := range b.shards {
		if err := sh.s.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func (b *Bot) runGateway(ctx context.Context) error {
	if err := b.Open(ctx); err != nil {
		return err
	}
	b.log.InfoContext(ctx, "bot: connected to the gateway", "app", b.appID)
	b.ready.Store(true)
	go b.runClock(ctx)
	<-ctx.Done()
	b.log.Info("bot: stopping: closing the gateway")
	b.ready.Store(false)
	return b.Close()
}

// onGateway answers an interaction received over the gateway (raw, its
// JSON); discordgo calls it on its own goroutine.
func (b *Bot) onGateway(i *discordgo.Interaction, raw []byte) {
	ctx := context.Background()
	r := newRequest(i, raw, b.cfg.Now())
	b.serve(ctx, r, func(resp *discordgo.InteractionResponse) error { return b.respond(ctx, i, resp) })
}

// appMismatch is the startup error for a configured application ID that
// is not the token's application.
func appMismatch(configured, actual string) error {
	return fmt.Errorf("%w: DISCORD_APP_ID (or DISCORD_APPLICATION_ID) is %s, but DISCORD_TOKEN belongs to application %s; fix one of them",
		ErrConfig, configured, actual)
}

// checkAppID asks Discord which application the token belongs to and
// refuses to go on when it is not the configured one (HTTP mode, which has
// no gateway login to learn it from).
func (b *Bot) checkAppID(ctx context.Context) error {
	endpoint := discordgo.EndpointOAuth2Application("@me")
	body, err := b.api.RequestWithBucketID("GET", endpoint, nil, endpoint, discordgo.WithContext(ctx))
	var app discordgo.Application
	if err == nil {
		err = json.Unmarshal(body, &app)
	}
	if err != nil {
		return fmt.Errorf("bot: read the token's application: %w", err)
	}
	if app.ID != b.appID {
		return appMismatch(b.appID, app.ID)
	}
	return nil
}

func (b *Bot) runHTTP(ctx context.Context) error {
	if err := b.checkAppID(ctx); err != nil {
		return err
	}
	if _, err := b.Register(ctx); err != nil {
		return err
	}
	h, err := b.HTTPHandler()
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("POST /interactions", h)
	ln, err := net.Listen("tcp", b.cfg.Listen)
	if err != nil {
		return fmt.Errorf("bot: http: %w", err)
	}
	b.log.InfoContext(ctx, "bot: serving HTTP interactions", "addr", ln.Addr().String(), "path", "/interactions")
	b.ready.Store(true)
	defer b.ready.Store(false)
	// Discord's requests are small and must be answered within three
	// seconds: short header and body timeouts, and the body capped before
	// its signature can be checked.
	go b.runClock(ctx)
	srv := httpserve.New(mux, httpserve.Limits{ReadHeader: 2 * time.Second, Read: 5 * time.Second, Write: 15 * time.Second, MaxBody: maxInteractionBody}, b.log)
	if err := srv.Serve(ctx, ln); err != nil {
		return fmt.Errorf("bot: http: %w", err)
	}
	return nil
}
