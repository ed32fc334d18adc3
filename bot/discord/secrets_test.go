package discord

import (
	"bytes"
	"context"
	"fmt"
	"io"
	stdlog "log"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
)

// syncBuffer is a log destination shared by goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type redisLog struct{ w io.Writer }

func (l redisLog) Printf(_ context.Context, format string, v ...any) {
	fmt.Fprintf(l.w, "redis: "+format+"\n", v...)
}

// TestRedact: interaction tokens in every URL form the REST API takes them
// in, and the bot token anywhere, are taken out of a logged text.
func TestRedact(t *testing.T) {
	b := &Bot{cfg: Config{Token: "BOTTOKEN123"}}
	for in, want := range map[string]string{
		`Post "https://discord.com/api/v9/webhooks/900/tok-abc?wait=true": dial tcp: connection refused`:       `Post "https://discord.com/api/v9/webhooks/900/[redacted]?wait=true": dial tcp: connection refused`,
		`Patch "http://127.0.0.1:9/api/v9/webhooks/900/tok-abc/messages/@original": context deadline exceeded`: `Patch "http://127.0.0.1:9/api/v9/webhooks/900/[redacted]/messages/@original": context deadline exceeded`,
		`Post "https://discord.com/api/v9/interactions/1234/tok-xyz/callback": EOF`:                            `Post "https://discord.com/api/v9/interactions/1234/[redacted]/callback": EOF`,
		`Authorization: Bot BOTTOKEN123`:                  `Authorization: Bot [redacted]`,
		`https://discord.com/api/v9/channels/55/messages`: `https://discord.com/api/v9/channels/55/messages`,
	} {
		if got := b.redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
	if got := secretless("https://user:pw@proxy.example/x", "tok1"); got != "https://[redacted]@proxy.example/x" {
		t.Errorf("secretless: %q", got)
	}
}

// restFailure makes REST calls whose path contains one of the parts fail
// the way a call that never gets a status does: the connection refused,
// or no answer until the client's timeout.
type restFailure struct {
	mode  atomic.Int32 // 0 pass, 1 refuse, 2 hang
	parts atomic.Value // []string
}

func (f *restFailure) set(mode int32, parts ...string) {
	f.parts.Store(parts)
	f.mode.Store(mode)
}

func (f *restFailure) RoundTrip(req *http.Request) (*http.Response, error) {
	parts, _ := f.parts.Load().([]string)
	hit := false
	for _, p := range parts {
		hit = hit || strings.Contains(req.URL.Path, p)
	}
	switch m := f.mode.Load(); {
	case !hit || m == 0:
		return http.DefaultTransport.RoundTrip(req)
	case m == 1:
		return nil, &net.OpError{Op: "dial", Net: "tcp", Err: os.NewSyscallError("connect", syscall.ECONNREFUSED)}
	}
	<-req.Context().Done()
	return nil, req.Context().Err()
}

// TestNoSecretsInLogs sets a bot token, a Redis password and collects the
// interaction tokens Discord hands out, drives every error path a test can
// reach (REST calls refused and timing out in both modes, deferred edits
// and follow-ups included; a store that cannot be reached; bad
// configuration), and fails if any secret shows in the logs (the bot's,
// the service's, and the standard logger discordgo writes to) or in a
// message a user sees.
func TestNoSecretsInLogs(t *testing.T) {
	const botToken = "MTE5.fake-bot-token.SECRETbotTOKEN0123456789"
	const redisPassword = "SECRETredisPASSWORD4321"
	logs := &syncBuffer{}
	old := stdlog.Writer()
	stdlog.SetOutput(logs)
	defer stdlog.SetOutput(old)
	redis.SetLogger(redisLog{logs}) // go-redis reports dial failures on its own
	defer redis.SetLogger(redisLog{os.Stderr})
	var tokens, seen []string
	F := fakediscord.Str
	see := func(r fakediscord.Response) {
		seen = append(seen, r.Content)
		for _, f := range r.Files {
			seen = append(seen, string(f.Data))
		}
	}

	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		fail := &restFailure{}
		h := newHarness(t, harnessOpts{mode: mode, token: botToken, logTo: logs,
			http: &http.Client{Transport: fail, Timeout: 300 * time.Millisecond}})
		h.cmd(alice, room, "play", F("game", "pebbles"))
		h.click(bob, room, "Join")
		h.click(alice, room, "Start")
		cmd := func(user, name string, opts ...fakediscord.Opt) {
			i, r, _ := h.fd.Command(user, room, name, opts...)
			h.idle()
			if i != nil {
				tokens = append(tokens, i.Token)
			}
			see(r)
		}
		// Follow-ups and edits of deferred answers: refused, then hanging.
		for _, m := range []int32{1, 2} {
			user := alice
			if cur, err := h.svc.Get(context.Background(), bot.InChannel(channelKey(room))); err == nil && cur.IsActive(1) {
				user = bob
			}
			mv := autocompleteMove(t, h, user, room)
			fail.set(m, "/webhooks/")
			h.bot.alwaysDefer = true
			cmd(alice, "status")
			h.bot.alwaysDefer = false
			cmd(user, "move", F("move", mv)) // the ping follow-up fails
			fail.set(0)
			for _, m := range h.fd.Messages(room) {
				seen = append(seen, m.Content)
			}
		}
		h.noViolations()
		if mode == ModeGateway {
			// The initial response itself, through the interaction callback
			// (never answered, as Discord's rules would report).
			fail.set(1, "/interactions/")
			cmd(dave, "board")
			fail.set(0)
		}
	}

	// A store that cannot be reached, behind a URL with a password.
	opts, err := redis.ParseURL("redis://default:" + redisPassword + "@127.0.0.1:1/0")
	if err != nil {
		t.Fatal(err)
	}
	opts.ContextTimeoutEnabled = true
	st := redisstore.New(redis.NewClient(opts), "ss", storage.Options{Timeout: 200 * time.Millisecond, Log: nil})
	h := newHarness(t, harnessOpts{mode: ModeHTTP, token: botToken, logTo: logs, store: st})
	for _, c := range []string{"play", "status", "abort"} {
		i, r, _ := h.fd.Command(alice, room, c)
		h.idle()
		tokens = append(tokens, i.Token)
		see(r)
		if !strings.Contains(r.Content, "busy") {
			t.Errorf("/%s with the store unreachable: %q, want the store is busy", c, r.Content)
		}
	}

	// Bad configuration.
	for _, cfg := range []Config{
		{Token: botToken, APIBase: "ftp://" + botToken},
		{Token: botToken, APIBase: "https://proxy:" + redisPassword + "@[::1"},
		{Token: botToken, Mode: Mode(botToken)},
		{Token: botToken, Mode: ModeHTTP, AppID: "1", PublicKey: "zz" + botToken},
		{Token: botToken, Mode: "carrier-pigeon"},
	} {
		if _, err := New(cfg, h.svc, nil); err == nil {
			t.Errorf("config %+v accepted", cfg)
		} else {
			seen = append(seen, err.Error())
		}
	}

	text := logs.String()
	if !strings.Contains(text, "discord call failed") || !strings.Contains(text, "/webhooks/") {
		t.Fatalf("the failed REST calls were not logged:\n%s", text)
	}
	if len(tokens) < 5 {
		t.Fatalf("only %d interaction tokens collected", len(tokens))
	}
	secrets := append([]string{botToken, redisPassword}, tokens...)
	for _, s := range secrets {
		if strings.Contains(text, s) {
			i := strings.Index(text, s)
			t.Errorf("secret %q in the logs: …%s…", s, text[max(0, i-200):min(len(text), i+len(s)+40)])
		}
		for _, m := range seen {
			if strings.Contains(m, s) {
				t.Errorf("secret %q in a message a user sees: %q", s, m)
			}
		}
	}
}
