package discord

import (
	"crypto/ed25519"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// Mode picks how interactions reach the bot.
type Mode string

const (
	// ModeGateway keeps a websocket to Discord's gateway (discordgo); no
	// public endpoint needed. The default.
	ModeGateway Mode = "gateway"
	// ModeHTTP serves an HTTPS endpoint Discord POSTs signed interactions
	// to (set as the Interactions Endpoint URL in the developer portal).
	ModeHTTP Mode = "http"
)

// Config is the Discord adapter's configuration. The environment variable
// each field comes from is in its comment (cmd/smokestack reads them).
type Config struct {
	Token     string // DISCORD_TOKEN: the bot token (required)
	AppID     string // DISCORD_APP_ID: the application ID (required in HTTP mode; gateway mode learns it from READY)
	PublicKey string // DISCORD_PUBLIC_KEY: hex Ed25519 key from the portal (required in HTTP mode)
	Mode      Mode   // DISCORD_MODE: "gateway" (default) or "http"
	// Listen is the address of the interactions endpoint in HTTP mode
	// (DISCORD_HTTP_ADDR, default ":8081"); the path is /interactions.
	Listen string
	// APIBase replaces https://discord.com for every REST call, e.g. a REST
	// proxy such as nirn-proxy (DISCORD_API_BASE, default https://discord.com).
	APIBase string
	// GuildID registers the commands in one server only, which updates
	// instantly: for development (DISCORD_GUILD_ID; empty = global).
	GuildID string
	// DefaultGame is the game /play opens when none is named, and /rules
	// looks in outside a match (DISCORD_DEFAULT_GAME, a game ID). Empty:
	// the only game when the build offers one, else /play asks for one.
	DefaultGame string

	// ShardCount is the number of gateway shards (DISCORD_SHARD_COUNT); 0
	// takes the count Discord recommends (GET /gateway/bot) at start.
	ShardCount int
	// ShardIDs are the shards this process runs (DISCORD_SHARD_ID, a
	// comma-separated list); none: every shard of ShardCount.
	ShardIDs []int

	// DrainTimeout bounds how long Run, once its context ends, waits for
	// the interactions in flight to finish (default 20 s, inside the 30 s
	// a container platform usually grants between SIGTERM and SIGKILL).
	DrainTimeout time.Duration

	// DeferAfter is how long a handler may run before the interaction is
	// deferred (default 1.5 s, well inside Discord's 3 s).
	DeferAfter time.Duration
	// ClockEvery is how often the bot asks the core for due reminders
	// (default 30 s). No environment variable sets it in a release build;
	// the process tests poll faster (docs/testing.md).
	ClockEvery time.Duration
	// Now is the clock (default time.Now); it decides when the 15-minute
	// interaction token has run out.
	Now func() time.Time
	// HTTPClient is the base client for REST (default a client with a 20 s
	// timeout); its transport is wrapped to rewrite the API base.
	HTTPClient *http.Client
	// CDNBase replaces https://cdn.discordapp.com when the bot reads a
	// file a user attached (/import); for tests. Empty: Discord's CDN.
	CDNBase string
}

// Errors of the configuration.
var (
	ErrConfig = errors.New("bot: invalid configuration")
)

func (c *Config) normalize() error {
	if c.Token == "" {
		return fmt.Errorf("%w: DISCORD_TOKEN is empty", ErrConfig)
	}
	c.Token = strings.TrimPrefix(c.Token, "Bot ")
	switch c.Mode {
	case "":
		c.Mode = ModeGateway
	case ModeGateway, ModeHTTP:
	default:
		return fmt.Errorf("%w: DISCORD_MODE %q (want gateway or http)", ErrConfig, secretless(string(c.Mode), c.Token))
	}
	if c.Mode == ModeHTTP {
		if c.AppID == "" {
			return fmt.Errorf("%w: DISCORD_APP_ID is required in http mode", ErrConfig)
		}
		if _, err := c.publicKey(); err != nil {
			return err
		}
	}
	if c.ShardCount < 0 {
		return fmt.Errorf("%w: DISCORD_SHARD_COUNT %d is negative", ErrConfig, c.ShardCount)
	}
	if len(c.ShardIDs) > 0 && c.Mode == ModeHTTP {
		return fmt.Errorf("%w: DISCORD_SHARD_ID is for gateway mode; in http mode every replica takes any interaction", ErrConfig)
	}
	if c.Listen == "" {
		c.Listen = ":8081"
	}
	if c.APIBase == "" {
		c.APIBase = "https://discord.com"
	}
	u, err := url.Parse(c.APIBase)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%w: DISCORD_API_BASE %q is not an http(s) URL", ErrConfig, secretless(c.APIBase, c.Token))
	}
	if c.DeferAfter <= 0 {
		c.DeferAfter = 1500 * time.Millisecond
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.ClockEvery <= 0 {
		c.ClockEvery = clockEvery
	}
	if c.DrainTimeout <= 0 {
		c.DrainTimeout = 20 * time.Second
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 20 * time.Second}
	}
	return nil
}

func (c *Config) publicKey() (ed25519.PublicKey, error) {
	k, err := hex.DecodeString(c.PublicKey)
	if err != nil || len(k) != ed25519.PublicKeySize {
		return nil, fmt.Errorf("%w: DISCORD_PUBLIC_KEY must be %d hex-encoded bytes", ErrConfig, ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(k), nil
}

// rewriteBase sends requests for https://discord.com to another base URL
// (a REST proxy, or the fake Discord in tests). discordgo computes its
// endpoint strings once, so the transport is the one place to redirect.
type rewriteBase struct {
	base *url.URL
	next http.RoundTripper
}

func (t rewriteBase) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Host != "discord.com" || (t.base.Host == "discord.com" && t.base.Scheme == "https") {
		return t.next.RoundTrip(r)
	}
	r2 := r.Clone(r.Context())
	r2.URL.Scheme = t.base.Scheme
	r2.URL.Host = t.base.Host
	r2.URL.Path = strings.TrimSuffix(t.base.Path, "/") + r.URL.Path
	r2.Host = t.base.Host
	return t.next.RoundTrip(r2)
}

func (c *Config) client() *http.Client {
	u, _ := url.Parse(c.APIBase)
	next := c.HTTPClient.Transport
	if next == nil {
		// Every REST call goes to one host: keep enough connections alive
		// for many interactions at once (the default keeps 2, and a burst
		// would open and close a connection per call).
		t := http.DefaultTransport.(*http.Transport).Clone()
		t.MaxIdleConnsPerHost = 64
		next = t
	}
	cl := *c.HTTPClient
	cl.Transport = rewriteBase{base: u, next: next}
	return &cl
}
