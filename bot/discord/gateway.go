package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
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

// Ready reports whether the bot takes interactions: the gateway session
// is connected (gateway mode) or the endpoint listens (HTTP mode).
func (b *Bot) Ready() error {
	if b.ready.Load() {
		return nil
	}
	if b.cfg.Mode == ModeHTTP {
		return errors.New("the interactions endpoint is not listening")
	}
	return errors.New("the gateway session is not connected")
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

// Open connects to the gateway and registers the commands; Close
// disconnects. Run does both around waiting for ctx.
func (b *Bot) Open(ctx context.Context) error {
	ready := make(chan string, 1)
	b.api.AddHandler(func(s *discordgo.Session, r *discordgo.Ready) {
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
	b.api.AddHandler(func(s *discordgo.Session, _ *discordgo.Connect) { b.ready.Store(true) })
	b.api.AddHandler(func(s *discordgo.Session, _ *discordgo.Disconnect) { b.ready.Store(false) })
	b.api.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		b.onGateway(ic.Interaction)
	})
	b.api.AddHandler(func(s *discordgo.Session, rl *discordgo.RateLimit) {
		b.log.Warn("bot: discord rate limit", "url", b.redact(rl.URL), "retry_after", rl.RetryAfter)
		b.metrics.RateLimitWait(rl.RetryAfter)
	})
	if err := b.api.Open(); err != nil {
		return fmt.Errorf("bot: open gateway: %w", err)
	}
	select {
	case id := <-ready:
		if b.appID != "" && id != "" && id != b.appID {
			b.api.Close()
			return appMismatch(b.appID, id)
		}
		if b.appID == "" {
			b.appID = id
		}
	case <-time.After(30 * time.Second):
		b.api.Close()
		return errors.New("bot: no READY from the gateway")
	case <-ctx.Done():
		b.api.Close()
		return ctx.Err()
	}
	if _, err := b.Register(ctx); err != nil {
		b.api.Close()
		return err
	}
	return nil
}

// Close disconnects from the gateway.
func (b *Bot) Close() error { return b.api.Close() }

func (b *Bot) runGateway(ctx context.Context) error {
	if err := b.Open(ctx); err != nil {
		return err
	}
	b.log.InfoContext(ctx, "bot: connected to the gateway", "app", b.appID)
	go b.runClock(ctx)
	<-ctx.Done()
	b.log.Info("bot: stopping: closing the gateway")
	b.ready.Store(false)
	return b.Close()
}

// onGateway answers an interaction received over the gateway; discordgo
// calls it on its own goroutine.
func (b *Bot) onGateway(i *discordgo.Interaction) {
	ctx := context.Background()
	r := newRequest(i, b.cfg.Now())
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
