package fakediscord

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Discord's limits, as the fake enforces them.
const (
	InitialResponseWindow = 3 * time.Second
	TokenLifetime         = 15 * time.Minute
	MaxContent            = 2000
	MaxChoices            = 25
	MaxChoiceLen          = 100
	MaxCustomID           = 100
	MaxRows               = 5
	MaxButtonsPerRow      = 5
	MaxSelectOptions      = 25
	MaxAttachments        = 10       // files on one message
	MaxFileSize           = 10 << 20 // bytes per file, a server without boosts
	MaxUploadSize         = 25 << 20 // bytes of all files of one request (Discord: "maximum request size")
	// DefaultBodyDelay is how long Discord takes, in the fake, to register
	// an initial response read from the bot's HTTP answer (SetBodyDelay).
	DefaultBodyDelay = 50 * time.Millisecond
)

// Message flags the fake knows.
const (
	FlagSuppressEmbeds        = 1 << 2
	FlagEphemeral             = 1 << 6
	FlagSuppressNotifications = 1 << 12
)

// Server is a running fake Discord.
type Server struct {
	URL       string // http://127.0.0.1:port, to rewrite https://discord.com to
	AppID     string
	BotToken  string // without the "Bot " prefix
	BotUserID string
	GuildID   string

	// PublicKey verifies the signatures of interactions sent in
	// HTTP-interactions mode; give its hex form to the bot.
	PublicKey  ed25519.PublicKey
	privateKey ed25519.PrivateKey

	srv      *httptest.Server
	upgrader websocket.Upgrader

	sendMu       sync.Mutex // orders gateway dispatches
	mu           sync.Mutex
	now          func() time.Time
	nextID       uint64
	interactions map[string]*Interaction // by ID
	byToken      map[string]*Interaction
	channels     map[string]*channel
	messages     map[string]*message
	users        map[string]User
	commands     map[string][]map[string]any // "" for global, else guild ID
	commandPuts  map[string]int
	violations   []string
	gateways     []*gatewayConn
	gwSeq        int64
	sessionID    string
	identifies   int
	requests     int // REST requests received (Requests)
	identified   []Identify
	// GET /gateway/bot's recommendation, and the least shard count
	// IDENTIFY accepts (SetSharding).
	recommendedShards, maxConcurrency, requiredShards int
	resumes                                           int
	endpoint                                          string // the bot's interactions endpoint, HTTP mode
	httpClient                                        *http.Client
	failNext                                          map[string][]failure     // path prefix -> answers to give, in order
	delays                                            map[string]time.Duration // path prefix -> how long a request waits (Delay)
	rateLimited                                       int
	limits                                            rateLimits
	deferrals                                         int
	// bodyDelay is how long after reading an initial response from the
	// bot's HTTP answer the fake takes to register it (Discord's own
	// processing); webhook calls in between are refused as on Discord.
	bodyDelay time.Duration
	// uploads are the files users attached to commands, by their CDN path
	// (<channel>/<attachment id>/<file name>).
	uploads map[string][]byte
	// guildLocales are the guilds' preferred locales (SetGuildLocale);
	// a guild without one is "en-US".
	guildLocales map[string]string
}

// failure is a canned error answer (FailNext).
type failure struct{ status, code int }

// User is a member of the fake guild.
type User struct {
	ID          string
	Name        string
	Permissions int64 // the member's permissions in the channel (bit set)
	// ClosedDMs: the user accepts no direct messages from the bot, which
	// Discord refuses with 403, code 50007.
	ClosedDMs bool
	// Locale is the user's Discord client language ("de", "fr", "es-ES"
	// ...), sent as the interaction's locale; "" is "en-US".
	Locale string
}

// New starts a fake Discord; Close stops it.
func New() *Server {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		panic("fakediscord: ed25519 key: " + err.Error())
	}
	s := &Server{
		AppID:             "900000000000000001",
		BotToken:          "fake-bot-token",
		BotUserID:         "900000000000000002",
		GuildID:           "900000000000000003",
		PublicKey:         pub,
		privateKey:        priv,
		now:               time.Now,
		nextID:            1000000000000000000,
		interactions:      map[string]*Interaction{},
		byToken:           map[string]*Interaction{},
		channels:          map[string]*channel{},
		messages:          map[string]*message{},
		users:             map[string]User{},
		commands:          map[string][]map[string]any{},
		commandPuts:       map[string]int{},
		failNext:          map[string][]failure{},
		delays:            map[string]time.Duration{},
		uploads:           map[string][]byte{},
		guildLocales:      map[string]string{},
		recommendedShards: 1,
		limits: rateLimits{posts: DefaultChannelPosts, window: DefaultChannelWindow, global: DefaultGlobalPerSec,
			buckets: map[string]*rateBucket{}},
		maxConcurrency: 1,
		bodyDelay:      DefaultBodyDelay,
		sessionID:      "fake-session",
		httpClient:     &http.Client{Timeout: 10 * time.Second, Transport: keepAlive()},
	}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serveHTTP))
	s.URL = s.srv.URL
	return s
}

// keepAlive is a transport keeping connections to the bot alive for many
// interactions at once (the default keeps 2 per host).
func keepAlive() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 64
	return t
}

// Close stops the server and its gateway connections.
func (s *Server) Close() {
	for _, g := range s.takeGateways() {
		g.close()
	}
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// PublicKeyHex is the public key as the developer portal shows it.
func (s *Server) PublicKeyHex() string { return hex.EncodeToString(s.PublicKey) }

// SetClock replaces the clock used for the 3-second and 15-minute rules.
func (s *Server) SetClock(now func() time.Time) {
	s.mu.Lock()
	s.now = now
	s.mu.Unlock()
}

// AddUser makes a guild member the helpers can act as.
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	s.users[u.ID] = u
	s.mu.Unlock()
}

// User returns a member added with AddUser (the zero User when none).
func (s *Server) User(id string) User {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.users[id]
}

// SetGuildLocale sets a guild's preferred locale (a community server's
// language), sent as the interactions' guild_locale; "" is "en-US".
func (s *Server) SetGuildLocale(guild, locale string) {
	s.mu.Lock()
	s.guildLocales[guild] = locale
	s.mu.Unlock()
}

// AddChannel creates a text channel in the guild.
func (s *Server) AddChannel(id, name string) {
	s.mu.Lock()
	s.channels[id] = &channel{ID: id, Name: name}
	s.mu.Unlock()
}

// AddGuildChannel adds a channel of another guild than the default one
// (its interactions go to the shard serving that guild).
func (s *Server) AddGuildChannel(guild, id, name string) {
	s.mu.Lock()
	s.channels[id] = &channel{ID: id, Name: name, Guild: guild}
	s.mu.Unlock()
}

// SetEndpoint switches the fake to HTTP-interactions mode: interactions are
// POSTed, signed, to url instead of dispatched over the gateway.
func (s *Server) SetEndpoint(url string) {
	s.mu.Lock()
	s.endpoint = url
	s.mu.Unlock()
}

// FailNext makes the next requests whose path starts with prefix (after
// /api/v9) fail with the given statuses, one per request: 429 answers with
// a rate limit (retry_after 10 ms), other codes with a plain error.
func (s *Server) FailNext(prefix string, statuses ...int) {
	s.mu.Lock()
	for _, st := range statuses {
		s.failNext[prefix] = append(s.failNext[prefix], failure{st, 0})
	}
	s.mu.Unlock()
}

// Delay makes every later request whose path (below /api/v9) starts
// with prefix wait d before it is served, as a slow Discord would; zero
// removes the delay.
func (s *Server) Delay(prefix string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d <= 0 {
		delete(s.delays, prefix)
		return
	}
	s.delays[prefix] = d
}

// FailNextCode makes the next n requests whose path starts with prefix
// fail with status and Discord's JSON error code, e.g. 404 and
// CodeUnknownWebhook: the answer Discord gives for a while after an
// initial response when its webhook is not yet known everywhere.
func (s *Server) FailNextCode(prefix string, n, status, code int) {
	s.mu.Lock()
	for range n {
		s.failNext[prefix] = append(s.failNext[prefix], failure{status, code})
	}
	s.mu.Unlock()
}

// SetBodyDelay sets how long the fake takes, in HTTP-interactions mode, to
// register an initial response the bot wrote into its HTTP answer (default
// DefaultBodyDelay). Discord reads the answer, then processes it: a
// follow-up or an edit of @original sent in between is refused with 404
// Unknown Webhook.
func (s *Server) SetBodyDelay(d time.Duration) {
	s.mu.Lock()
	s.bodyDelay = d
	s.mu.Unlock()
}

// Violations lists every platform rule the bot broke, in order.
func (s *Server) Violations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.violations...)
}

// CommandPuts reports how many times command definitions were sent for the
// scope ("" for global, else a guild ID).
func (s *Server) CommandPuts(scope string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.commandPuts[scope]
}

// Commands returns the registered command definitions of the scope.
func (s *Server) Commands(scope string) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.commands[scope]...)
}

// Identifies reports how many IDENTIFY and RESUME the gateway received.
func (s *Server) Identifies() (identify, resume int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.identifies, s.resumes
}

func (s *Server) violate(format string, args ...any) {
	s.violations = append(s.violations, fmt.Sprintf(format, args...))
}

// newID returns a fresh snowflake-shaped ID. Callers hold s.mu.
func (s *Server) newID() string {
	s.nextID++
	return strconv.FormatUint(s.nextID, 10)
}

func (s *Server) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/gateway" || r.URL.Path == "/gateway/" {
		s.serveGateway(w, r)
		return
	}
	if rest, ok := strings.CutPrefix(r.URL.Path, "/attachments/"); ok {
		// The CDN (cdn.discordapp.com), where the bot reads the files
		// users attach.
		s.mu.Lock()
		data, found := s.uploads[rest]
		s.mu.Unlock()
		if !found || r.Method != http.MethodGet {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(data)
		return
	}
	path, ok := strings.CutPrefix(r.URL.Path, "/api/v9")
	if !ok {
		writeError(w, http.StatusNotFound, 0, "404: Not Found")
		return
	}
	s.mu.Lock()
	s.requests++
	var delay time.Duration
	for prefix, d := range s.delays {
		if strings.HasPrefix(path, prefix) {
			delay = max(delay, d)
		}
	}
	if delay > 0 {
		s.mu.Unlock()
		time.Sleep(delay)
		s.mu.Lock()
	}
	for prefix, fails := range s.failNext {
		if len(fails) > 0 && strings.HasPrefix(path, prefix) {
			f := fails[0]
			s.failNext[prefix] = fails[1:]
			s.mu.Unlock()
			if f.status == http.StatusTooManyRequests {
				// As Discord answers: Retry-After, the scope and the
				// bucket's headers besides the JSON.
				s.tooMany(w, 10*time.Millisecond, false)
				return
			}
			msg := http.StatusText(f.status)
			if f.code == CodeUnknownWebhook {
				msg = "Unknown Webhook"
			}
			writeError(w, f.status, f.code, msg)
			return
		}
	}
	s.mu.Unlock()
	if !s.limit(w, r, path) {
		return
	}
	s.route(w, r, path)
}

// Requests reports how many REST requests the bot has made.
func (s *Server) Requests() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests
}

// Deferrals reports how many interactions were acknowledged with a
// deferred response (types 5 and 6).
func (s *Server) Deferrals() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.deferrals
}

// RateLimited reports how many 429 answers the fake gave.
func (s *Server) RateLimited() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.rateLimited
}

func writeError(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	fmt.Fprintf(w, `{"message":%q,"code":%d}`, msg, code)
}
