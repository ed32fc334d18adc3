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
	if b.cfg.Mode == ModeHTTP {
		return b.runHTTP(ctx)
	}
	return b.runGateway(ctx)
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
	b.api.AddHandler(func(s *discordgo.Session, ic *discordgo.InteractionCreate) {
		b.onGateway(ic.Interaction)
	})
	b.api.AddHandler(func(s *discordgo.Session, rl *discordgo.RateLimit) {
		b.log.Warn("bot: discord rate limit", "url", b.redact(rl.URL), "retry_after", rl.RetryAfter)
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
