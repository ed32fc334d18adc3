package discord

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
)

// These tests run the real binary (cmd/smokestack, built by the test)
// against the fake Discord, as an operator runs it: configured by the
// environment, stopped by a signal. They are few: each builds and starts
// processes.

// buildSmokestack builds the smokestack command, with the test game
// Pebbles besides the product's games (tag smokestack_testgames).
func buildSmokestack(t testing.TB) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to build the binary: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "smokestack")
	cmd := exec.Command(goTool, "build", "-tags", "smokestack_testgames", "-o", bin, "github.com/smokestack/smokestack/cmd/smokestack")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// proc is one running smokestack process.
type proc struct {
	cmd  *exec.Cmd
	out  *syncBuffer // stdout and stderr
	done chan struct{}
	err  error // the exit, once done is closed
}

// startSmokestack runs bin serve with env (and PATH) in an empty working
// directory, so no .env is read.
func startSmokestack(t testing.TB, bin string, env ...string) *proc {
	t.Helper()
	p := &proc{out: &syncBuffer{}, done: make(chan struct{})}
	p.cmd = exec.Command(bin, "serve")
	p.cmd.Dir = t.TempDir()
	p.cmd.Env = append([]string{"PATH=" + os.Getenv("PATH"), "HOME=" + p.cmd.Dir}, env...)
	p.cmd.Stdout, p.cmd.Stderr = p.out, p.out
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { p.err = p.cmd.Wait(); close(p.done) }()
	t.Cleanup(func() {
		select {
		case <-p.done:
		default:
			p.cmd.Process.Kill()
			<-p.done
		}
	})
	return p
}

// stop sends SIGTERM and waits for a clean exit.
func (p *proc) stop(t testing.TB, within time.Duration) {
	t.Helper()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	p.wait(t, within)
}

// wait waits for a clean exit.
func (p *proc) wait(t testing.TB, within time.Duration) {
	t.Helper()
	select {
	case <-p.done:
		if p.err != nil {
			t.Errorf("exit after SIGTERM: %v; log:\n%s", p.err, p.out.String())
		}
	case <-time.After(within):
		t.Fatalf("no exit %v after SIGTERM; log:\n%s", within, p.out.String())
	}
}

var opsAddrRE = regexp.MustCompile(`"msg":"operator endpoint[^\n]*"addr":"(127\.0\.0\.1:\d+)"`)

// waitReady waits until the process's /readyz answers 200.
func (p *proc) waitReady(t testing.TB) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if m := opsAddrRE.FindStringSubmatch(p.out.String()); m != nil {
			if res, err := http.Get("http://" + m[1] + "/readyz"); err == nil {
				res.Body.Close()
				if res.StatusCode == http.StatusOK {
					return m[1]
				}
			}
		}
		select {
		case <-p.done:
			t.Fatalf("the process exited: %v\n%s", p.err, p.out.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	t.Fatalf("never ready; log:\n%s", p.out.String())
	return ""
}

// checkLog checks a process's whole output: every line a JSON record, the
// bot token in none of them, and some lines carrying both the interaction
// and the match they are about.
func checkLog(t *testing.T, out, token string) {
	t.Helper()
	if i := strings.Index(out, token); i >= 0 {
		t.Errorf("the bot token is in the output: …%s…", out[max(0, i-200):min(len(out), i+len(token)+40)])
	}
	if strings.Contains(out, token[len(token)/2:]) {
		t.Error("the second half of the bot token is in the output")
	}
	both := 0
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var rec map[string]any
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil || rec["msg"] == nil || rec["level"] == nil {
			t.Errorf("not a JSON log record: %q", sc.Text())
			continue
		}
		if rec["interaction"] != nil && rec["match"] != nil {
			both++
		}
	}
	if both == 0 {
		t.Error("no log line names both an interaction and its match")
	}
}

// secretToken is a bot token the run must never print.
func secretToken() string {
	var b [18]byte
	rand.Read(b[:])
	return "MTE5.SECRET." + hex.EncodeToString(b[:])
}

// player plays Pebbles in one channel as two users, the way people do:
// /play, Join, Start, then moves picked from the autocompletion, whoever's
// turn it is. acked counts the moves whose answer said they were played.
type player struct {
	fd      *fakediscord.Server
	channel string
	users   [2]string
	acked   atomic.Int64
	mu      sync.Mutex
	acks    []time.Duration // each acknowledged /move: from sending it to Discord having the answer
}

func newPlayer(fd *fakediscord.Server, i int) *player {
	p := &player{fd: fd, channel: fmt.Sprintf("5100000000000000%02d", i),
		users: [2]string{fmt.Sprintf("5200000000000000%02d", 2*i), fmt.Sprintf("5200000000000000%02d", 2*i+1)}}
	fd.AddChannel(p.channel, fmt.Sprintf("proc-%02d", i))
	fd.AddUser(fakediscord.User{ID: p.users[0], Name: fmt.Sprintf("q%02da", i)})
	fd.AddUser(fakediscord.User{ID: p.users[1], Name: fmt.Sprintf("q%02db", i)})
	return p
}

// start opens a match of Pebbles with /play and the options (besides
// the game), the second user joins and the first starts it.
func (p *player) start(opts ...fakediscord.Opt) error {
	fd := p.fd
	opts = append([]fakediscord.Opt{fakediscord.Str("game", "pebbles")}, opts...)
	if _, r, err := fd.Command(p.users[0], p.channel, "play", opts...); err != nil || r.Ephemeral() {
		return fmt.Errorf("%s /play: %v %q", p.channel, err, r.Content)
	}
	for i, label := range []string{"Join", "Start"} {
		user := p.users[1-i]
		var m fakediscord.Message
		var id string
		if !fd.WaitFor(5*time.Second, func() bool { var ok bool; m, id, ok = fd.Button(p.channel, user, label); return ok }) {
			return fmt.Errorf("%s: no %s button", p.channel, label)
		}
		if _, _, err := fd.Click(user, m, id); err != nil {
			return fmt.Errorf("%s %s: %v", p.channel, label, err)
		}
	}
	return nil
}

// play plays until the match ends, stop says so, or an interaction fails.
func (p *player) play(stop func() bool) error {
	F := fakediscord.Str
	if err := p.start(F("options", "pile=99")); err != nil {
		return err
	}
	turn := 0
	for refusals := 0; !stop(); {
		who := p.users[turn]
		mv, r, ack, err := p.move(who)
		if err != nil {
			return err
		}
		if mv == "" {
			turn, refusals = 1-turn, refusals+1
			if refusals > 4 {
				return nil // no move for anyone: the match is over
			}
			continue
		}
		switch {
		case !r.Ephemeral() && strings.Contains(r.Content, "played"):
			p.acked.Add(1)
			p.mu.Lock()
			p.acks = append(p.acks, ack)
			p.mu.Unlock()
			refusals = 0
			if strings.Contains(r.Content, "wins") || strings.Contains(r.Content, "over") {
				return nil
			}
		case strings.Contains(r.Content, "turn"):
		case strings.Contains(r.Content, "over"), strings.Contains(r.Content, "finished"):
			return nil
		default:
			return fmt.Errorf("%s move %q by %s: %q", p.channel, mv, who, r.Content)
		}
		turn = 1 - turn
	}
	return nil
}

// move makes one move as who, the first complete one the autocompletion
// offers, and returns it with the answer Discord ended up with and the
// time to the acknowledgement. No move (mv empty) when the autocompletion
// offers who none: not their turn, or the match is over.
func (p *player) move(who string) (mv string, r fakediscord.Response, ack time.Duration, err error) {
	F := fakediscord.Str
	fd := p.fd
	cs, err := fd.Autocomplete(who, p.channel, "move", fakediscord.Focus(F("move", "")))
	if err != nil {
		return "", r, 0, err
	}
	if len(cs) == 0 || strings.Contains(cs[0].Name, "not your turn") {
		return "", r, 0, nil
	}
	mv = cs[0].Value.(string)
	if strings.Contains(cs[0].Name, "…") {
		cs, err = fd.Autocomplete(who, p.channel, "move", fakediscord.Focus(F("move", mv+" ")))
		if err != nil || len(cs) == 0 {
			return "", r, 0, fmt.Errorf("%s autocomplete %q: %v", p.channel, mv, err)
		}
		mv = cs[len(cs)-1].Value.(string)
	}
	sent := time.Now()
	it, r, err := fd.Command(who, p.channel, "move", F("move", mv))
	if err != nil {
		return "", r, 0, err
	}
	ack = time.Since(sent)
	if r.Type == 5 {
		fd.WaitFor(10*time.Second, func() bool { return fd.Seen(it).Content != "" })
		r = fd.Seen(it)
	}
	return mv, r, ack, nil
}

// posts counts the channel's board posts and turn pings.
func (p *player) posts() (boards, pings int) {
	for _, m := range p.fd.Messages(p.channel) {
		// The board posts, not the results post of a finished match
		// (its chart and record).
		if !m.Ephemeral && len(m.Files) > 0 && !strings.Contains(m.Content, "final result") {
			boards++
		}
	}
	for _, e := range p.fd.Entries(p.channel) {
		if e.Kind == "post" && len(e.Message.Pings) > 0 {
			pings++
		}
	}
	return boards, pings
}

// TestProcessSIGTERM runs the bot as a process on the embedded store with
// JSON logs at debug level, plays in several channels at once and sends
// SIGTERM in the middle: the process stops taking interactions, finishes
// those in flight with their posts, closes the store and exits 0. Every
// move it acknowledged is in the store once (none lost, none doubled) with
// its board post and its ping, and the bot token appears nowhere in all
// that the process printed.
func TestProcessSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildSmokestack(t)
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		t.Run(string(mode), func(t *testing.T) { testSIGTERM(t, bin, mode) })
	}
}

func testSIGTERM(t *testing.T, bin string, mode Mode) {
	fd := fakediscord.New()
	defer fd.Close()
	token := secretToken()
	fd.BotToken = token
	data := t.TempDir()
	env := []string{"DISCORD_TOKEN=" + token, "DISCORD_API_BASE=" + fd.URL, "DATA_DIR=" + data,
		"SMOKESTACK_OPS_ADDR=127.0.0.1:0", "SMOKESTACK_LOG_FORMAT=json", "SMOKESTACK_LOG_LEVEL=debug"}
	if mode == ModeHTTP {
		addr := freeAddr(t)
		env = append(env, "DISCORD_MODE=http", "DISCORD_APP_ID="+fd.AppID, "DISCORD_PUBLIC_KEY="+fd.PublicKeyHex(), "DISCORD_HTTP_ADDR="+addr)
		fd.SetEndpoint("http://" + addr + "/interactions")
	}
	p := startSmokestack(t, bin, env...)
	opsAddr := p.waitReady(t)

	const n = 6
	var stopping atomic.Bool
	players := make([]*player, n)
	errs := make([]error, n)
	errAt := make([]time.Time, n)
	var wg sync.WaitGroup
	for i := range n {
		players[i] = newPlayer(fd, i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = players[i].play(stopping.Load)
			errAt[i] = time.Now()
		}()
	}
	// A rate limit on the way, logged with the URL, which carries an
	// interaction token.
	fd.FailNext("/webhooks/", 429)
	if !fd.WaitFor(30*time.Second, func() bool {
		total := int64(0)
		for _, pl := range players {
			total += pl.acked.Load()
		}
		return total >= 3*n
	}) {
		t.Fatalf("too few moves played (%v); log:\n%s", errs, p.out.String())
	}
	// SIGTERM with moves in flight: Discord slows down, so the board posts
	// and pings of the moves being answered take a while; the players go
	// on until the bot no longer takes their interactions.
	fd.Delay("/webhooks/", 400*time.Millisecond)
	time.Sleep(200 * time.Millisecond)
	signalled := time.Now()
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// While it drains, the process says it is not ready.
	notReady := fd.WaitFor(5*time.Second, func() bool {
		res, err := http.Get("http://" + opsAddr + "/readyz")
		if err != nil {
			return false
		}
		res.Body.Close()
		return res.StatusCode == http.StatusServiceUnavailable
	})
	if !notReady {
		t.Error("/readyz did not answer 503 during the drain")
	}
	p.wait(t, 25*time.Second)
	stopping.Store(true)
	wg.Wait()

	out := p.out.String()
	checkLog(t, out, token)
	if !strings.Contains(out, `"msg":"store closed; stopped"`) {
		t.Errorf("no clean stop in the log:\n%s", out)
	}
	for i, err := range errs {
		// Once the bot stops taking interactions, the next one fails.
		if err != nil && (!stopped(err) || errAt[i].Before(signalled)) {
			t.Errorf("channel %d: %v", i, err)
		}
	}
	for _, v := range fd.Violations() {
		if !strings.Contains(v, "never answered") { // sent as the gateway closed: never received
			t.Errorf("the bot broke Discord's rules: %s", v)
		}
	}
	st, err := embedded.Open(data, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	total := 0
	for _, pl := range players {
		acked := int(pl.acked.Load())
		total += acked
		// The channel's match, open or (played to its end) finished.
		ids, err := st.UserMatches(context.Background(), userKey(pl.users[0]))
		if err != nil || len(ids) != 1 {
			t.Errorf("%s: matches %v %v", pl.channel, ids, err)
			continue
		}
		m, err := st.Get(context.Background(), ids[0])
		if err != nil {
			t.Fatal(err)
		}
		log, err := st.Log(context.Background(), ids[0], 1)
		if err != nil {
			t.Fatal(err)
		}
		if len(log) != acked || int(m.Moves) != acked {
			t.Errorf("%s: %d moves acknowledged, %d in the store's log, the match counts %d", pl.channel, acked, len(log), m.Moves)
		}
		// A board at the start and after each move; a ping for each turn:
		// the first and after each move but a last one that ends the game.
		wantPings := acked + 1
		if m.Status == storage.StatusFinished {
			wantPings = acked
		}
		if boards, pings := pl.posts(); boards != acked+1 || pings != wantPings {
			t.Errorf("%s (%s): %d board posts and %d pings for %d acknowledged moves", pl.channel, m.Status, boards, pings, acked)
		}
	}
	inflight := regexp.MustCompile(`"msg":"bot: finishing the interactions in flight","count":(\d+)`).FindStringSubmatch(out)
	if inflight == nil {
		t.Fatalf("no interaction was in flight at SIGTERM: the test did not test the drain; log:\n%s", out)
	}
	t.Logf("%d moves acknowledged in %d channels; %s interactions in flight at SIGTERM, finished before the exit", total, n, inflight[1])
}

// stopped reports an interaction that failed because the bot had stopped
// taking them: the gateway closed (or closing), the endpoint no longer
// listening, or
// a kept-alive connection the stopping server closed as the request went
// out (Discord shows such an interaction as failed; it was never read, so
// never acknowledged).
func stopped(err error) bool {
	s := err.Error()
	return strings.Contains(s, "no bot connected") || strings.Contains(s, "no initial response") ||
		strings.Contains(s, "connection refused") || strings.Contains(s, "connection reset") || strings.Contains(s, "EOF") ||
		strings.Contains(s, "websocket: close") || strings.Contains(s, "server closed idle connection") || strings.Contains(s, "use of closed network connection")
}
