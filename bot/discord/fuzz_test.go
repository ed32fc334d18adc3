package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
)

// interactionSeeds are interaction payloads as Discord sends them, with
// the shapes a forged or unexpected one may take: every kind, options of
// the wrong type, missing members, stray custom IDs.
var interactionSeeds = func() []string {
	member := `"member":{"user":{"id":"100000000000000001","username":"alice"},"permissions":"16"},"channel_id":"200000000000000001","guild_id":"300000000000000001","token":"tok","version":1,"application_id":"1"`
	cmd := func(id, name, opts string) string {
		return `{"id":"` + id + `","type":2,` + member + `,"data":{"id":"9","name":"` + name + `","type":1,"options":` + opts + `}}`
	}
	out := []string{
		`{"id":"1","type":1,"token":"tok","version":1,"application_id":"1"}`,
		cmd("2", "play", `[{"name":"game","type":3,"value":"pebbles"},{"name":"options","type":3,"value":"pile=9"}]`),
		cmd("3", "play", `[{"name":"players","type":4,"value":"three"},{"name":"thread","type":5,"value":"yes"}]`),
		cmd("4", "move", `[{"name":"move","type":3,"value":"take 1"}]`),
		cmd("5", "move", `[{"name":"move","type":4,"value":7}]`),
		cmd("6", "move", `[{"name":"move","type":3,"value":{"x":[1]}}]`),
		cmd("7", "log", `[{"name":"last","type":4,"value":1e30}]`),
		cmd("8", "rules", `[{"name":"topic","type":3,"value":"take"},{"name":"game","type":3,"value":null}]`),
		cmd("9", "status", `[]`),
		cmd("10", "hand", `null`),
		cmd("11", "abort", `[{"name":"x","type":1,"options":[{"name":"y","type":2,"options":[]}]}]`),
		cmd("12", "nosuch", `[]`),
		`{"id":"13","type":4,` + member + `,"data":{"id":"9","name":"move","type":1,"options":[{"name":"move","type":3,"value":"ta","focused":true}]}}`,
		`{"id":"14","type":4,` + member + `,"data":{"id":"9","name":"play","type":1,"options":[{"name":"game","type":3,"value":5,"focused":true}]}}`,
		`{"id":"15","type":3,` + member + `,"message":{"id":"500","channel_id":"200000000000000001","content":"` + "`take`" + `"},"data":{"custom_id":"lobby/m0001/join","component_type":2}}`,
		`{"id":"16","type":3,` + member + `,"message":{"id":"500","channel_id":"200000000000000001"},"data":{"custom_id":"pick/m0001/3/0/~","component_type":3,"values":["take"]}}`,
		`{"id":"17","type":3,` + member + `,"data":{"custom_id":"ok/m0001/99999999999999999999/take 1","component_type":2}}`,
		`{"id":"18","type":3,` + member + `,"data":{"custom_id":"turn//","component_type":2}}`,
		`{"id":"19","type":2,"user":{"id":"100000000000000002","username":"bob"},"channel_id":"200000000000000002","token":"tok","data":{"name":"board","type":1}}`,
		`{"id":"20","type":2,"channel_id":"200000000000000001","token":"tok","data":{"name":"move"}}`,
		`{"id":"21","type":5,` + member + `,"data":{"custom_id":"m","components":[]}}`,
		`{"id":"22","type":99}`, `{}`, `[]`, `null`, `{"type":"2"}`,
	}
	return out
}()

// fuzzBot is the bot's HTTP interactions endpoint on a real service (an
// embedded store with a Pebbles match being played in the seeds' channel).
// Its REST calls go to a stub that accepts them all and keeps the initial
// response of each interaction (sent through the callback endpoint): the
// fake Discord would refuse interactions it never delivered.
type fuzzBot struct {
	bot  *Bot
	h    http.Handler
	logs *syncBuffer
	sign func(ts string, body []byte) string

	mu        sync.Mutex
	callbacks map[string][]byte // interaction ID -> its initial response
	seen      map[string]bool   // interaction IDs delivered before
}

var callbackPath = regexp.MustCompile(`/interactions/([^/]*)/[^/]*/callback$`)

func newFuzzBot(t testing.TB) *fuzzBot {
	fd := fakediscord.New() // for its key pair
	t.Cleanup(fd.Close)
	f := &fuzzBot{logs: &syncBuffer{}, sign: fd.Sign, callbacks: map[string][]byte{}, seen: map[string]bool{}}
	rest := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if m := callbackPath.FindStringSubmatch(r.URL.Path); m != nil {
			f.mu.Lock()
			f.callbacks[m[1]] = body
			f.mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"id":"700000000000000001","channel_id":"200000000000000001","content":""}`)
	}))
	t.Cleanup(rest.Close)
	log := slog.New(slog.NewTextHandler(f.logs, nil))
	n := 0
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: servicetest.Store(t), Log: log,
		NewID: func() string { n++; return fmt.Sprintf("m%04d", n) }})
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(Config{Token: fd.BotToken, APIBase: rest.URL, Mode: ModeHTTP, AppID: fd.AppID, PublicKey: fd.PublicKeyHex(),
		DeferAfter: 100 * time.Millisecond, HTTPClient: &http.Client{Timeout: time.Second}}, svc, log)
	if err != nil {
		t.Fatal(err)
	}
	b.api.MaxRestRetries = 0
	if f.h, err = b.HTTPHandler(); err != nil {
		t.Fatal(err)
	}
	f.bot = b
	ctx := t.Context()
	ch := channelKey("200000000000000001")
	if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: ch, Game: "pebbles", Creator: bot.UserRef{ID: userKey("100000000000000001"), Name: "alice"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.InChannel(ch), bot.UserRef{ID: userKey("100000000000000002"), Name: "bob"}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(ctx, bot.InChannel(ch), userKey("100000000000000001")); err != nil {
		t.Fatal(err)
	}
	return f
}

// check delivers one signed body and checks that it was answered (for
// anything that decodes as an interaction, a valid interaction response,
// in the HTTP answer for a PING and through the callback otherwise; 400
// for anything else) within Discord's window, and that nothing panicked.
func (f *fuzzBot) check(t *testing.T, body []byte) {
	t.Helper()
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req := httptest.NewRequest("POST", "/interactions", bytes.NewReader(body))
	req.Header.Set("X-Signature-Ed25519", f.sign(ts, body))
	req.Header.Set("X-Signature-Timestamp", ts)
	rec := httptest.NewRecorder()
	logged := len(f.logs.String())
	served := make(chan struct{})
	go func() {
		defer close(served)
		f.h.ServeHTTP(rec, req)
	}()
	select {
	case <-served:
	case <-time.After(fakediscord.InitialResponseWindow):
		buf := make([]byte, 1<<20)
		t.Fatalf("body %q: no answer within Discord's %v\n%s", body, fakediscord.InitialResponseWindow, buf[:runtime.Stack(buf, true)])
	}
	deadline := time.Now().Add(10 * time.Second)
	for f.bot.busy.Load() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("body %q: the bot is still busy 10 s after answering", body)
		}
		time.Sleep(time.Millisecond)
	}
	if logs := f.logs.String()[logged:]; strings.Contains(logs, "panic") {
		t.Fatalf("body %q: the bot panicked:\n%s", body, logs)
	}
	var i discordgo.Interaction
	if json.Unmarshal(body, &i) != nil || !urlSafe(i.ID) || !urlSafe(i.Token) {
		if rec.Code != http.StatusBadRequest {
			t.Fatalf("body %q is not an interaction Discord sends, answered %d %q", body, rec.Code, rec.Body)
		}
		return
	}
	answer := rec.Body.Bytes()
	if i.Type != discordgo.InteractionPing {
		f.mu.Lock()
		var answered bool
		answer, answered = f.callbacks[i.ID]
		delete(f.callbacks, i.ID)
		again := f.seen[i.ID]
		f.seen[i.ID] = true
		f.mu.Unlock()
		if rec.Code != http.StatusAccepted {
			t.Fatalf("interaction %q: answered %d %q, want 202 after the callback", body, rec.Code, rec.Body)
		}
		if !answered && again {
			return // a repeated delivery of an interaction answered before
		}
	}
	var resp struct {
		Type discordgo.InteractionResponseType `json:"type"`
	}
	if err := json.Unmarshal(answer, &resp); err != nil || resp.Type < 1 || resp.Type > 9 {
		t.Fatalf("interaction %q: initial response %q, want an interaction response", body, answer)
	}
}

// FuzzInteraction sends arbitrary signed bodies to the HTTP interactions
// endpoint: it must never panic and always answer. The seed corpus and
// TestInteractionMutations run in every `go test`; docs/testing.md gives
// the command for a longer run.
func FuzzInteraction(f *testing.F) {
	for _, s := range interactionSeeds {
		f.Add([]byte(s))
	}
	fb := newFuzzBot(f)
	f.Fuzz(func(t *testing.T, body []byte) { fb.check(t, body) })
}

// TestInteractionMutations delivers 400 fixed mutations of the seed
// payloads (servicetest.Mutations, a fixed PRNG seed), signed: the
// bounded part of the fuzzing that runs in every test run.
func TestInteractionMutations(t *testing.T) {
	fb := newFuzzBot(t)
	seeds := make([][]byte, len(interactionSeeds))
	for i, s := range interactionSeeds {
		seeds[i] = []byte(s)
	}
	for _, body := range servicetest.Mutations(seeds, 400, 1) {
		fb.check(t, body)
	}
}
