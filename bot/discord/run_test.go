package discord

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

func testService(t *testing.T) *bot.Service {
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func TestConfigErrors(t *testing.T) {
	svc := testService(t)
	for _, c := range []Config{
		{},
		{Token: "t", Mode: "webhook"},
		{Token: "t", Mode: ModeHTTP, PublicKey: "00"},
		{Token: "t", Mode: ModeHTTP, AppID: "1", PublicKey: "zz"},
		{Token: "t", APIBase: "discord.com"},
	} {
		if _, err := New(c, svc, nil); !errors.Is(err, ErrConfig) {
			t.Errorf("%+v: %v, want ErrConfig", c, err)
		}
	}
	if _, err := New(Config{Token: "t"}, nil, nil); !errors.Is(err, ErrConfig) {
		t.Errorf("no service: %v", err)
	}
}

// Run in each mode until its context ends: gateway mode identifies and
// registers; HTTP mode registers and answers PING on /interactions.
func TestRun(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	seen := &logSeen{msgs: make(chan string, 100)}
	log := slog.New(seen)
	waitLog := func(msg string) bool {
		for {
			select {
			case m := <-seen.msgs:
				if m == msg {
					return true
				}
			case <-time.After(5 * time.Second):
				return false
			}
		}
	}

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Run(ctx, Config{Token: fd.BotToken, APIBase: fd.URL}, testService(t), log) }()
	must(t, waitLog("bot: connected to the gateway"), "gateway mode never came up")
	must(t, fd.CommandPuts("") == 1, "commands not registered")
	cancel()
	if err := <-done; err != nil {
		t.Errorf("gateway Run: %v", err)
	}

	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel = context.WithCancel(context.Background())
	go func() {
		done <- Run(ctx, Config{Token: fd.BotToken, APIBase: fd.URL, Mode: ModeHTTP, AppID: fd.AppID,
			PublicKey: fd.PublicKeyHex(), Listen: addr}, testService(t), log)
	}()
	ping := []byte(`{"id":"1","application_id":"` + fd.AppID + `","type":1,"token":"x","version":1}`)
	ok := fd.WaitFor(5*time.Second, func() bool {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		code, _, err := fd.PostRaw("http://"+addr+"/interactions", ping, ts, fd.Sign(ts, ping))
		return err == nil && code == http.StatusOK
	})
	must(t, ok, "http mode never answered PING")
	cancel()
	if err := <-done; err != nil {
		t.Errorf("http Run: %v", err)
	}
	// The same definitions were already there: registered once in all.
	if n := fd.CommandPuts(""); n != 1 {
		t.Errorf("commands sent %d times", n)
	}
}

// logSeen passes log messages to a channel.
type logSeen struct{ msgs chan string }

func (l *logSeen) Enabled(context.Context, slog.Level) bool { return true }
func (l *logSeen) Handle(_ context.Context, r slog.Record) error {
	select {
	case l.msgs <- r.Message:
	default:
	}
	return nil
}
func (l *logSeen) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logSeen) WithGroup(string) slog.Handler      { return l }

// A configured application ID that is not the token's stops the start
// with a message naming both, in each mode; the right one starts.
func TestAppIDChecked(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := Run(ctx, Config{Token: fd.BotToken, APIBase: fd.URL, Mode: mode, AppID: "123456789012345678",
			PublicKey: fd.PublicKeyHex(), Listen: "127.0.0.1:0"}, testService(t), nil)
		cancel()
		if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "123456789012345678") || !strings.Contains(err.Error(), fd.AppID) {
			t.Errorf("%s mode with another application's ID: %v", mode, err)
		}
	}
	must(t, fd.CommandPuts("") == 0, "commands were registered for the wrong application")
	b, err := New(Config{Token: fd.BotToken, APIBase: fd.URL, AppID: fd.AppID}, testService(t), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Open(context.Background()); err != nil {
		t.Fatalf("the right application ID: %v", err)
	}
	b.Close()
}
