package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	pebblesrender "github.com/smokestack/smokestack/render/testgame"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/storagetest"
)

var updateEnv = flag.Bool("update-env", false, "rewrite .env.example")

// testCatalog offers the Pebbles fixture game besides the product's games.
var testCatalog = sync.OnceValue(func() catalog {
	games := append([]engine.Game{testgame.Game{}}, productGames()...)
	rs := []render.Renderer{pebblesrender.Pebbles{}}
	return catalog{games: engine.NewRegistry(games...), renderers: render.NewSet(append(rs, productRenderers()...)...)}
})

func runCLI(t *testing.T, env []string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(context.Background(), args, &o, &e, env, testCatalog())
	return code, o.String(), e.String()
}

// envExample renders .env.example from the variable list.
func envExample() string {
	var b strings.Builder
	b.WriteString("# Smokestack configuration. Copy to .env (or set in the environment; the\n")
	b.WriteString("# environment wins). Every variable is optional; the value shown is the default.\n")
	b.WriteString("# Unknown variables in .env, and unknown SMOKESTACK_*, DISCORD_*, PLAYGROUND_*\n")
	b.WriteString("# or REDIS_* variables in the environment, are ignored with a warning naming the\n")
	b.WriteString("# closest known variable; an invalid value stops the program with an error.\n")
	for _, v := range variables {
		b.WriteString("\n")
		for _, line := range wrap(v.help, 76) {
			b.WriteString("# " + line + "\n")
		}
		fmt.Fprintf(&b, "%s=%s\n", v.name, v.def)
	}
	return b.String()
}

func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(lines, line)
}

func TestEnvExample(t *testing.T) {
	path := filepath.Join("..", "..", ".env.example")
	want := envExample()
	if *updateEnv {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf(".env.example is out of date with the variables in config.go; run go test ./cmd/smokestack -run EnvExample -update-env")
	}
	// The example itself is a valid configuration.
	if _, err := loadConfig(nil, path); err != nil {
		t.Errorf(".env.example: %v", err)
	}
}

func TestConfig(t *testing.T) {
	dir := t.TempDir()
	envFile := filepath.Join(dir, ".env")
	os.WriteFile(envFile, []byte("PLAYGROUND_ADDR=127.0.0.1:9999\nDATA_DIR=/from/file\n"), 0o644)
	c, err := loadConfig([]string{"DATA_DIR=/from/env", "HOME=/root", "SMOKESTACK_SERVICE_HOST=10.0.0.1", "SMOKESTACK_PORT_80_TCP=tcp://x"}, envFile)
	if err != nil {
		t.Fatal(err)
	}
	if c.PlaygroundAddr != "127.0.0.1:9999" || c.DataDir != "/from/env" || c.DiscordMode != "gateway" || c.AbandonAfter != 720*time.Hour || c.DeleteFinishedAfter != 0 || c.StoreTimeout != 3*time.Second {
		t.Errorf("config %+v", c)
	}
	if c, err := loadConfig([]string{"SMOKESTACK_DELETE_FINISHED_AFTER=2160h"}, ""); err != nil || c.DeleteFinishedAfter != 2160*time.Hour {
		t.Errorf("SMOKESTACK_DELETE_FINISHED_AFTER=2160h: %v, %v", c.DeleteFinishedAfter, err)
	}
	for _, tc := range []struct {
		env  []string
		file string
		want string
	}{
		{env: []string{"DISCORD_MODE=webhook"}, want: "DISCORD_MODE"},
		{env: []string{"DISCORD_APP_ID=1", "DISCORD_APPLICATION_ID=2"}, want: "disagree"},
		{env: []string{"PLAYGROUND_ADDR=8080"}, want: "PLAYGROUND_ADDR"},
		{env: []string{"REDIS_URL=mysql://x"}, want: "REDIS_URL"},
		{env: []string{"REDIS_URL=redis://a:1?addr=b:2&bogus=1", "REDIS_CLUSTER=yes"}, want: "REDIS_URL"},
		{env: []string{"REDIS_CLUSTER=maybe"}, want: "REDIS_CLUSTER"},
		{env: []string{"REDIS_WAIT_REPLICAS=-1"}, want: "REDIS_WAIT_REPLICAS"},
		{env: []string{"REDIS_WAIT_TIMEOUT=5s"}, want: "less than SMOKESTACK_STORE_TIMEOUT"},
		{env: []string{"SMOKESTACK_ABANDON_AFTER=soon"}, want: "SMOKESTACK_ABANDON_AFTER"},
		{env: []string{"SMOKESTACK_DELETE_FINISHED_AFTER=90d"}, want: "SMOKESTACK_DELETE_FINISHED_AFTER"},
		{env: []string{"SMOKESTACK_DELETE_FINISHED_AFTER=1h"}, want: "at least 24h0m0s"},
		{env: []string{"SMOKESTACK_DELETE_FINISHED_AFTER=0"}, want: "SMOKESTACK_DELETE_FINISHED_AFTER"},
		{env: []string{"SMOKESTACK_STORE_TIMEOUT=0s"}, want: "SMOKESTACK_STORE_TIMEOUT"},
		{env: []string{"SMOKESTACK_LOG_LEVEL=loud"}, want: "SMOKESTACK_LOG_LEVEL"},
		{env: []string{"SMOKESTACK_LOG_FORMAT=xml"}, want: "SMOKESTACK_LOG_FORMAT"},
		{env: []string{"DISCORD_API_BASE=discord.com"}, want: "DISCORD_API_BASE"},
	} {
		f := ""
		if tc.file != "" {
			f = filepath.Join(t.TempDir(), ".env")
			os.WriteFile(f, []byte(tc.file), 0o644)
		}
		_, err := loadConfig(tc.env, f)
		if !errors.Is(err, errConfig) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("env %v file %q: got %v, want an error naming %s", tc.env, tc.file, err, tc.want)
		}
	}
	// The program refuses to start with a bad value.
	if code, _, stderr := runCLI(t, []string{"DISCORD_MODE=webhook"}, "serve"); code != exitUsage || !strings.Contains(stderr, "DISCORD_MODE") {
		t.Errorf("serve with a bad value: exit %d, %s", code, stderr)
	}
	// Unknown variables are warnings naming the closest known one; the
	// configuration is read as if they were not there.
	for _, tc := range []struct {
		env        []string
		file, want string
	}{
		{env: []string{"DISCORD_TOKN=x"}, want: "unknown environment variable DISCORD_TOKN (ignored; the closest known one is DISCORD_TOKEN)"},
		{env: []string{"SMOKESTACK_LOGLEVEL=debug"}, want: "unknown environment variable SMOKESTACK_LOGLEVEL (ignored; the closest known one is SMOKESTACK_LOG_LEVEL)"},
		{env: []string{"DISCORD_CLIENT_SECRET=s"}, want: "unknown environment variable DISCORD_CLIENT_SECRET"},
		{file: "REDIS_ULR=redis://x\n", want: "sets unknown variable REDIS_ULR (ignored; the closest known one is REDIS_URL)"},
		{env: []string{"REDIS_URI=redis://x"}, want: "unknown environment variable REDIS_URI (ignored; the closest known one is REDIS_URL)"},
		// A service named redis links only the variables Docker and
		// Kubernetes inject for it, which are no typo.
		{env: []string{"REDIS_URI=redis://x", "REDIS_SERVICE_HOST=10.0.0.2", "REDIS_SERVICE_PORT=6379", "REDIS_PORT=tcp://10.0.0.2:6379", "REDIS_PORT_6379_TCP_ADDR=10.0.0.2"}, want: "REDIS_URI"},
	} {
		f := ""
		if tc.file != "" {
			f = filepath.Join(t.TempDir(), ".env")
			os.WriteFile(f, []byte(tc.file), 0o644)
		}
		c, err := loadConfig(tc.env, f)
		if err != nil || len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], tc.want) {
			t.Errorf("env %v file %q: warnings %q, err %v; want a warning %q", tc.env, tc.file, c.Warnings, err, tc.want)
		}
		if c.DiscordToken != "" || c.RedisURL != "" || c.LogLevel != slog.LevelInfo {
			t.Errorf("env %v file %q: an unknown variable was used: %+v", tc.env, tc.file, c)
		}
	}
	// DISCORD_APPLICATION_ID, as bot templates name it, is the application ID.
	for _, env := range [][]string{{"DISCORD_APPLICATION_ID=42"}, {"DISCORD_APP_ID=42", "DISCORD_APPLICATION_ID=42"}, {"DISCORD_APP_ID=42", "DISCORD_APPLICATION_ID="}} {
		c, err := loadConfig(env, "")
		if err != nil || c.DiscordAppID != "42" || len(c.Warnings) != 0 {
			t.Errorf("%v: app ID %q, warnings %q, err %v", env, c.DiscordAppID, c.Warnings, err)
		}
	}
}

// pebblesRecord is a short legal Pebbles game with a pinned deck.
const pebblesRecord = `# Smokestack match record
Game: pebbles
Rules: 1
Seed: 3
Seats: 2
Players: Ann, Ben
Option: pile=7
Pin: deck=1,2,3,1,2,3,3,3,3

1 s1 take 3
2 s2 take 3
3 s1 take 1
`

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestReplay(t *testing.T) {
	code, out, errOut := runCLI(t, nil, "replay", writeFile(t, "g.txt", pebblesRecord))
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got statusJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Game != "pebbles" || !got.Finished || got.Moves != 3 || len(got.Active) != 0 ||
		len(got.Seats) != 2 || got.Seats[0].Player != "Ann" || got.Seats[0].Score != 1 || got.Ranking[0] != 1 ||
		len(got.Seats[1].Stats) == 0 || got.Seats[1].Stats[0].Key != "cards" || got.Seats[1].Stats[0].Value == 0 {
		t.Errorf("status %s", out)
	}

	// An illegal move: line, move and rule, non-zero exit.
	bad := strings.Replace(pebblesRecord, "2 s2 take 3", "2 s2 pass", 1)
	code, _, errOut = runCLI(t, nil, "replay", writeFile(t, "bad.txt", bad))
	for _, want := range []string{"line 11", `"pass"`, "pass.playable", "seat 2"} {
		if code != exitFail || !strings.Contains(errOut, want) {
			t.Errorf("illegal move: exit %d, stderr %q lacks %q", code, errOut, want)
		}
	}
	// Garbled text.
	code, _, errOut = runCLI(t, nil, "replay", writeFile(t, "garbled.txt", pebblesRecord+"4 seat1 take\n"))
	if code != exitFail || !strings.Contains(errOut, "line 13") {
		t.Errorf("garbled: exit %d, %s", code, errOut)
	}
	if code, _, _ := runCLI(t, nil, "replay"); code != exitUsage {
		t.Errorf("replay without a file: exit %d", code)
	}
}

// TestReplayView prints the final view of a seat and the public one: the
// whole position, so a record can be checked against it.
func TestReplayView(t *testing.T) {
	file := writeFile(t, "g.txt", pebblesRecord)
	// The deal gives both seats 1 2 3; each draws a 3 after taking: seat 1
	// plays 3 and 1, seat 2 plays 3. The last take (move 3) is marked on the
	// pile (engine.Marks).
	for _, c := range []struct{ view, want string }{
		{"1", `{"pile":0,"deck_size":0,"hand_sizes":[3,3],"hand":[2,3,3],"turn":0,"winner":0,"recent":{"turn":3,"keys":["pile"]}}`},
		{"2", `{"pile":0,"deck_size":0,"hand_sizes":[3,3],"hand":[1,2,3],"turn":0,"winner":0,"recent":{"turn":3,"keys":["pile"]}}`},
		{"public", `{"pile":0,"deck_size":0,"hand_sizes":[3,3],"turn":0,"winner":0,"recent":{"turn":3,"keys":["pile"]}}`},
	} {
		code, out, errOut := runCLI(t, nil, "replay", "--view", c.view, file)
		if code != exitOK {
			t.Fatalf("--view %s: exit %d: %s", c.view, code, errOut)
		}
		var b bytes.Buffer
		if err := json.Compact(&b, []byte(out)); err != nil {
			t.Fatalf("--view %s: %v: %s", c.view, err, out)
		}
		if b.String() != c.want {
			t.Errorf("--view %s:\n got %s\nwant %s", c.view, b.String(), c.want)
		}
	}
	for _, bad := range []string{"0", "3", "spectator", ""} {
		code, _, errOut := runCLI(t, nil, "replay", file, "--view="+bad)
		if bad == "" {
			// an empty --view is no view: the status
			if code != exitOK {
				t.Errorf("--view=: exit %d: %s", code, errOut)
			}
			continue
		}
		if code != exitUsage || !strings.Contains(errOut, "seats 1 to 2, or use public") {
			t.Errorf("--view %s: exit %d: %s", bad, code, errOut)
		}
	}
}

func TestRender(t *testing.T) {
	rec := writeFile(t, "g.txt", pebblesRecord)
	out := filepath.Join(t.TempDir(), "board.png")
	for _, args := range [][]string{{"render", rec, "-o", out}, {"render", "-o", out, "--seat", "2", rec}} {
		os.Remove(out)
		code, _, errOut := runCLI(t, nil, args...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		// Pebbles draws the pile, the players and, for a seat, its hand:
		// the first goes to -o, the others beside it.
		want := []string{out, strings.TrimSuffix(out, ".png") + "-players.png"}
		if slices.Contains(args, "--seat") {
			want = append(want, strings.TrimSuffix(out, ".png")+"-hand.png")
		}
		for _, path := range want {
			f, err := os.Open(path)
			if err != nil {
				t.Fatalf("%v: %v", args, err)
			}
			_, err = png.Decode(f)
			f.Close()
			if err != nil {
				t.Errorf("%v: %s: %v", args, path, err)
			}
			os.Remove(path)
		}
	}
	if code, _, _ := runCLI(t, nil, "render", rec, "-o", out, "--seat", "3"); code != exitUsage {
		t.Errorf("seat 3 of 2: exit %d", code)
	}
}

func TestSelfplay(t *testing.T) {
	code, out, errOut := runCLI(t, nil, "selfplay", "--game", "pebbles", "--seats", "3", "--games", "20", "--seed", "5")
	if code != exitOK {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	if !strings.Contains(out, "games: 20\n") || !strings.Contains(out, "failures: 0") || !strings.Contains(out, "moves/s: ") {
		t.Errorf("output %q", out)
	}
	if code, _, _ := runCLI(t, nil, "selfplay", "--game", "chess"); code != exitUsage {
		t.Errorf("unknown game: exit %d", code)
	}
}

// TestServe starts the playground on both stores, Redis alone and as a
// cluster, and plays through its API.
func TestServe(t *testing.T) {
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	cl := storagetest.NewRedisCluster(t, storagetest.RedisClusterOptions{})
	clusterURL := "redis://" + cl.Nodes[0].Addr + "?addr=" + cl.Nodes[1].Addr
	for _, tc := range []struct {
		name string
		env  []string
	}{
		{"embedded", []string{"DATA_DIR=" + t.TempDir(), "PLAYGROUND_ADR=typo", "SMOKESTACK_OPS_ADDR=127.0.0.1:0"}},
		{"redis", []string{"REDIS_URL=unix://" + srv.Socket, "REDIS_PREFIX=" + storagetest.RedisPrefix(t), "SMOKESTACK_OPS_ADDR=127.0.0.1:0", "SMOKESTACK_LOG_FORMAT=json"}},
		{"redis-cluster", []string{"REDIS_URL=" + clusterURL, "REDIS_CLUSTER=yes", "REDIS_WAIT_REPLICAS=1", "REDIS_PREFIX=" + storagetest.RedisPrefix(t), "SMOKESTACK_OPS_ADDR=127.0.0.1:0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			addr := l.Addr().String()
			l.Close()
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan int)
			var stderr syncBuffer
			go func() {
				done <- run(ctx, []string{"serve"}, &bytes.Buffer{}, &stderr, append(tc.env, "PLAYGROUND_ADDR="+addr), testCatalog())
			}()
			base := "http://" + addr
			var res *http.Response
			for i := 0; i < 100; i++ {
				if res, err = http.Get(base + "/api/games"); err == nil {
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
			if err != nil {
				cancel()
				t.Fatalf("playground did not come up: %v; log: %s", err, stderr.String())
			}
			res.Body.Close()
			body := `{"game":"pebbles","seats":2,"seed":4}`
			res, err = http.Post(base+"/api/matches", "application/json", strings.NewReader(body))
			if err != nil || res.StatusCode != http.StatusCreated {
				t.Fatalf("create: %v %v", err, res)
			}
			var created struct{ Match struct{ ID string } }
			json.NewDecoder(res.Body).Decode(&created)
			res.Body.Close()
			res, err = http.Get(fmt.Sprintf("%s/api/matches/%s/images?seat=-1", base, created.Match.ID))
			if err != nil || res.StatusCode != http.StatusOK {
				t.Fatalf("images: %v %v", err, res)
			}
			var imgs []struct{ URL string }
			json.NewDecoder(res.Body).Decode(&imgs)
			res.Body.Close()
			if len(imgs) == 0 {
				t.Fatal("no images listed")
			}
			res, err = http.Get(base + imgs[0].URL)
			if err != nil || res.StatusCode != http.StatusOK || res.Header.Get("Content-Type") != "image/png" {
				t.Errorf("board: %v %v", err, res)
			}
			res.Body.Close()
			checkOps(t, &stderr, map[string]string{
				`smokestack_open_matches{game="pebbles",status="active"}`: "1",
				`smokestack_render_seconds_count{game="pebbles"}`:         "1",
			})
			stopServe(t, cancel, done, &stderr)
			if tc.name == "redis" {
				checkJSONLog(t, stderr.String())
			}
			if tc.name == "embedded" && !strings.Contains(stderr.String(), "PLAYGROUND_ADR (ignored; the closest known one is PLAYGROUND_ADDR)") {
				t.Errorf("no warning about the unknown variable in the log:\n%s", stderr.String())
			}
			// The test servers run without persistence: the log says what
			// that risks, once per node.
			if tc.name != "embedded" && !strings.Contains(stderr.String(), "a restart of Redis loses every match") {
				t.Errorf("no warning about Redis without persistence in the log:\n%s", stderr.String())
			}
			if tc.name == "redis-cluster" && !strings.Contains(stderr.String(), "wait_replicas=1") {
				t.Errorf("the log does not say the store waits for a replica:\n%s", stderr.String())
			}
		})
	}
}

// TestServeStoreHeld: the playground starts while the embedded store
// opens, but a store that cannot open (its directory held by another
// process's store) still stops serve with the store's error.
func TestServeStoreHeld(t *testing.T) {
	dir := t.TempDir()
	held, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	done := make(chan int)
	var stderr syncBuffer
	go func() {
		done <- run(context.Background(), []string{"serve"}, &bytes.Buffer{}, &stderr,
			[]string{"DATA_DIR=" + dir, "PLAYGROUND_ADDR=127.0.0.1:0", "SMOKESTACK_OPS_ADDR=off"}, testCatalog())
	}()
	select {
	case code := <-done:
		if code == exitOK || !strings.Contains(stderr.String(), "open the embedded store in "+dir) {
			t.Errorf("serve on a held store: exit %d; log:\n%s", code, stderr.String())
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("serve on a held store did not stop; log:\n%s", stderr.String())
	}
}

// TestBrass plays random Brass games, then replays and renders the first.
func TestBrass(t *testing.T) {
	rec := filepath.Join(t.TempDir(), "brass.txt")
	code, out, errOut := runCLI(t, nil, "selfplay", "--game", "brass", "--seats", "4", "--games", "3", "--seed", "11", "--record", rec)
	if code != exitOK || !strings.Contains(out, "games: 3\n") {
		t.Fatalf("selfplay: exit %d: %s %s", code, out, errOut)
	}
	code, out, errOut = runCLI(t, nil, "replay", rec)
	if code != exitOK {
		t.Fatalf("replay: exit %d: %s", code, errOut)
	}
	var st statusJSON
	if err := json.Unmarshal([]byte(out), &st); err != nil || st.Game != "brass" || !st.Finished || len(st.Seats) != 4 || len(st.Ranking) != 4 {
		t.Errorf("replay status: %v %s", err, out)
	}
	if len(st.Seats[0].Stats) == 0 || st.Seats[0].Stats[0].Key != "money" {
		t.Errorf("money is not the first of the seat's stats: %s", out)
	}
	png := filepath.Join(t.TempDir(), "board.png")
	if code, _, errOut := runCLI(t, nil, "render", rec, "-o", png, "--seat", "1"); code != exitOK {
		t.Fatalf("render: exit %d: %s", code, errOut)
	}
	// A garbled Brass move names its line and rule.
	data, _ := os.ReadFile(rec)
	lines := strings.Split(string(data), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "1 s") {
			lines[i] = l[:4] + " build cotton nowhere card:nowhere"
			code, _, errOut = runCLI(t, nil, "replay", writeFile(t, "bad.txt", strings.Join(lines, "\n")))
			if code != exitFail || !strings.Contains(errOut, fmt.Sprintf("line %d,", i+1)) || !strings.Contains(errOut, "nowhere") {
				t.Errorf("bad brass move: exit %d: %s", code, errOut)
			}
			break
		}
	}
}

// brokenGame is Pebbles whose Apply refuses a legal move once the pile is
// low: selfplay must catch it and print a record that reproduces it.
type brokenGame struct{ testgame.Game }

func (g brokenGame) Info() engine.Info {
	info := g.Game.Info()
	info.ID = "broken"
	return info
}

func (g brokenGame) Apply(s engine.State, seat int, m engine.Move) (engine.State, []engine.Event, error) {
	if s.(*testgame.State).Pile < 10 {
		return nil, nil, engine.Rule("broken", "take", "refused on purpose")
	}
	return g.Game.Apply(s, seat, m)
}

func TestSelfplayFailure(t *testing.T) {
	cat := catalog{games: engine.NewRegistry(brokenGame{}), renderers: render.NewSet()}
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"selfplay", "--game", "broken", "--seats", "2", "--games", "5"}, &out, &errOut, nil, cat)
	if code != exitFail || !strings.Contains(out.String(), "FAILURE in playout 1") || !strings.Contains(out.String(), ": apply: ") || !strings.Contains(out.String(), "refused on purpose") {
		t.Fatalf("exit %d:\n%s\n%s", code, out.String(), errOut.String())
	}
	// The printed record replays up to the failing move, which fails again.
	text := out.String()[strings.Index(out.String(), "# Smokestack match record"):]
	rec, err := engine.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.Replay(brokenGame{}, rec)
	var re *engine.ReplayError
	if !errors.As(err, &re) || re.MoveNumber != len(rec.Moves) {
		t.Errorf("the record does not reproduce the failure at its last move: %v", err)
	}
}

func TestGamesAndUsage(t *testing.T) {
	code, out, _ := runCLI(t, nil, "games")
	// Each game as its Info describes it, Pebbles (the tests' catalogue)
	// as well as Brass.
	for _, want := range []string{
		"brass  Brass (Lancashire, 2007)\n", "  players: 3-4\n", "  score: victory points (VP)\n", "    tiebreak=",
		"pebbles  Pebbles (test game)\n  Take pebbles with numbered cards; whoever takes the last one wins.\n  players: 2-4\n  rules: versions 1 to 2 (new matches: 2)\n" +
			"  score: wins (wins)\n  options:\n    pile=any value (default 21): pebbles in the pile at the start (5 to 99)\n",
	} {
		if code != exitOK || !strings.Contains(out, want) {
			t.Errorf("games: exit %d: no %q in\n%s", code, want, out)
		}
	}
	for _, h := range []string{"help", "-h", "--help"} {
		if code, out, _ := runCLI(t, nil, h); code != exitOK || !strings.Contains(out, "selfplay") {
			t.Errorf("%s: exit %d: %s", h, code, out)
		}
	}
	if code, _, errOut := runCLI(t, nil, "play"); code != exitUsage || !strings.Contains(errOut, `unknown command "play"`) {
		t.Errorf("unknown command: exit %d: %s", code, errOut)
	}
	if code, _, _ := runCLI(t, nil, "serve", "extra"); code != exitUsage {
		t.Errorf("serve with arguments: exit %d", code)
	}
}

// TestBackupCmd copies the embedded store while another handle holds it
// open (as a serving bot does), and refuses with Redis configured.
func TestBackupCmd(t *testing.T) {
	dataDir := t.TempDir()
	st, err := embedded.Open(dataDir, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for i := range 3 {
		m := storagetest.BenchMatch(fmt.Sprint("m", i), storagetest.Snapshot(500))
		if err := st.Create(context.Background(), m); err != nil {
			t.Fatal(err)
		}
		if err := st.Commit(context.Background(), storagetest.NextCommit(m, 0)); err != nil {
			t.Fatal(err)
		}
	}
	dest := filepath.Join(t.TempDir(), "copy")
	code, out, errOut := runCLI(t, []string{"DATA_DIR=" + dataDir}, "backup", dest)
	if code != exitOK || !strings.Contains(out, "3 matches") {
		t.Fatalf("backup: exit %d: %s %s", code, out, errOut)
	}
	b, err := embedded.Open(dest, storage.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if m, err := b.Get(context.Background(), "m2"); err != nil || m.Moves != 1 {
		t.Errorf("the copy's m2: %+v, %v", m.Moves, err)
	}
	if code, _, errOut := runCLI(t, []string{"DATA_DIR=" + dataDir}, "backup"); code != exitUsage {
		t.Errorf("backup without DEST: exit %d: %s", code, errOut)
	}
	if code, _, errOut := runCLI(t, []string{"REDIS_URL=redis://localhost:1/0"}, "backup", dest+"2"); code != exitFail || !strings.Contains(errOut, "BGSAVE") {
		t.Errorf("backup with Redis: exit %d: %s", code, errOut)
	}
}

// TestArena plays a short series between computer players through the
// command and reads the JSON on its last line.
func TestArena(t *testing.T) {
	code, out, errOut := runCLI(t, nil, "arena", "--game", "pebbles", "--seats", "2", "--players", "easy,random", "--games", "6", "--seed", "3", "--iterations", "40", "--json")
	if code != exitOK {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var res struct {
		Players []struct {
			Player    string  `json:"player"`
			Wins      float64 `json:"wins"`
			Games     int     `json:"games"`
			MeanScore float64 `json:"mean_score"`
			MoveMsP95 float64 `json:"move_ms_p95"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		t.Fatalf("last line %q: %v", lines[len(lines)-1], err)
	}
	if len(res.Players) != 2 || res.Players[0].Player != "easy" || res.Players[1].Player != "random" ||
		res.Players[0].Games != 6 || res.Players[0].Wins+res.Players[1].Wins != 6 || res.Players[0].MoveMsP95 <= 0 {
		t.Errorf("result %+v", res)
	}
	if !strings.Contains(out, "easy ") || !strings.Contains(out, "wilson 95%") {
		t.Errorf("table missing:\n%s", out)
	}
	for _, bad := range [][]string{
		{"arena", "--game", "pebbles", "--seats", "2", "--players", "easy,expert"},
		{"arena", "--game", "pebbles", "--seats", "3", "--players", "easy,random"},
		{"arena", "--game", "chess", "--players", "easy,random"},
	} {
		if code, _, errOut := runCLI(t, nil, bad...); code != exitUsage || !strings.Contains(errOut, "arena") && !strings.Contains(errOut, "chess") {
			t.Errorf("%v: exit %d: %s", bad, code, errOut)
		}
	}
}

// TestSubcommandHelp: -h, -help and --help after any command print that
// command's usage with its flags on stdout and exit 0, wherever they
// stand among its arguments.
func TestSubcommandHelp(t *testing.T) {
	for cmd, flags := range map[string][]string{
		"serve":    nil,
		"replay":   {"-view", "-lang"},
		"render":   {"-o", "-seat", "-lang"},
		"selfplay": {"-game", "-seats", "-games", "-seed", "-option", "-record"},
		"arena":    {"-game", "-seats", "-players", "-games", "-seed", "-budget", "-iterations", "-json", "-option"},
		"games":    nil,
		"backup":   nil,
		"export":   {"-all"},
		"import":   nil,
		"migrate":  {"-from", "-to"},
	} {
		for _, args := range [][]string{{"-h"}, {"-help"}, {"--help"}, {"x", "--help"}} {
			code, out, errOut := runCLI(t, nil, append([]string{cmd}, args...)...)
			if code != exitOK || errOut != "" || !strings.HasPrefix(out, "usage: smokestack "+cmd) {
				t.Errorf("%s %v: exit %d, stdout %q, stderr %q", cmd, args, code, out, errOut)
				continue
			}
			for _, f := range flags {
				if !strings.Contains(out, "  "+f+" ") && !strings.Contains(out, "  "+f+"\n") {
					t.Errorf("%s %v: no flag %s in\n%s", cmd, args, f, out)
				}
			}
		}
	}
}
