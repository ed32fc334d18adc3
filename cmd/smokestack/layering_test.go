package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

// module is this module's path; the layering rules speak of paths below it.
const module = "github.com/smokestack/smokestack"

// kits are packages under engine/ and render/ that are test or tool kits for every game,
// or game-neutral parts of the contract (engine/lang: languages and catalogs),
// not games: a front end may not import a game, but these are no game.
var kits = map[string]bool{"engine/enginetest": true, "engine/scenario": true, "engine/playout": true, "engine/player": true, "render/rendertest": true,
	"engine/lang": true}

// isGame reports whether a module-relative path is a game's rules or
// renderer (engine/<game>, render/<game>).
func isGame(rel string) bool {
	for _, root := range []string{"engine/", "render/"} {
		if rest, ok := strings.CutPrefix(rel, root); ok && rest != "" && !kits[rel] {
			return true
		}
	}
	return false
}

func within(rel string, roots ...string) bool {
	for _, r := range roots {
		if rel == r || strings.HasPrefix(rel, r+"/") {
			return true
		}
	}
	return false
}

// layerRule says whether package rel (module-relative) may import dep
// (module-relative) in its production code, or in its tests when test is
// true. An empty answer allows the import; otherwise it is the rule broken.
// cmd is the only place that wires every part together, so it may import
// anything; nothing imports cmd.
func layerRule(rel, dep string, test bool) string {
	switch {
	case within(dep, "cmd"):
		return "nothing imports cmd"
	case within(rel, "cmd"):
		return ""
	case within(dep, "bot/ops") && !within(rel, "bot/ops"):
		return "only cmd wires the operator endpoint: the core and the front ends record through bot.Metrics"
	case within(rel, "engine"):
		if !within(dep, "engine") {
			return "engine imports no host package (only engine/...)"
		}
	case within(rel, "render"):
		if !within(dep, "engine", "render") {
			return "render imports only engine and render"
		}
	case within(rel, "storage"):
		if (test || rel == "storage/storagetest") && (dep == "engine" || dep == "engine/testgame") {
			return "" // the storage suite and its tests store matches of the test game
		}
		if !within(dep, "storage") {
			return "storage imports no game and no host package (its tests use only engine/testgame)"
		}
	case within(rel, "bot/discord"):
		if within(dep, "bot/web") {
			return "the Discord adapter does not import the web front end"
		}
		if !test && isGame(dep) {
			return "front ends import no game: what they need comes through the engine contract"
		}
		if !test && within(dep, "storage") {
			return "front ends import no storage: matches come through the bot core (bot.Match)"
		}
	case within(rel, "bot/web"):
		if within(dep, "bot/discord") {
			return "the web front end does not import the Discord adapter"
		}
		if !test && isGame(dep) {
			return "front ends import no game: what they need comes through the engine contract"
		}
		if !test && within(dep, "storage") {
			return "front ends import no storage: matches come through the bot core (bot.Match)"
		}
	case within(rel, "bot"): // the core and its internal kits
		if within(dep, "bot/discord", "bot/web") {
			return "the host core imports no front end"
		}
		if !test && isGame(dep) {
			return "the host core imports no game: the registry hands games in"
		}
	}
	return ""
}

// TestLayering lists every package of the module with its tests (go list
// -test) and fails on each import that points the wrong way between the
// layers: engine <- render <- bot core <- front ends <- cmd, storage beside
// the engine, the front ends independent of each other and of every game.
func TestLayering(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list imports: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-e", "-json=ImportPath,Imports,TestImports,XTestImports", module+"/...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	type pkg struct {
		ImportPath                         string
		Imports, TestImports, XTestImports []string
	}
	rel := func(p string) (string, bool) {
		if p == module {
			return "", true
		}
		return strings.CutPrefix(p, module+"/")
	}
	n := 0
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p pkg
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("decode go list output: %v", err)
		}
		from, ok := rel(p.ImportPath)
		if !ok {
			continue
		}
		n++
		check := func(imports []string, test bool) {
			for _, imp := range imports {
				if strings.HasPrefix(imp, "github.com/prometheus/") && !within(from, "bot/ops") {
					t.Errorf("%s imports %s: only bot/ops knows Prometheus (the rest records through bot.Metrics)", from, imp)
				}
				dep, ok := rel(imp)
				if !ok || dep == from {
					continue
				}
				if why := layerRule(from, dep, test); why != "" {
					kind := "imports"
					if test {
						kind = "tests import"
					}
					t.Errorf("%s %s %s: %s", from, kind, dep, why)
				}
			}
		}
		check(p.Imports, false)
		check(append(p.TestImports, p.XTestImports...), true)
	}
	if n < 10 {
		t.Fatalf("go list found only %d packages of the module", n)
	}
}

// TestLayerRules checks the rules themselves on arrows that must be refused
// and arrows that must pass, so a rule cannot silently allow everything.
func TestLayerRules(t *testing.T) {
	for _, c := range []struct {
		from, dep string
		test, ok  bool
	}{
		{"engine", "render", false, false},
		{"engine/brass", "storage", true, false},
		{"engine/brass", "engine", false, true},
		{"render/brass", "engine/brass", false, true},
		{"render", "bot", false, false},
		{"storage/redisstore", "engine/brass", true, false},
		{"storage/storagetest", "engine/brass", false, false},
		{"storage/embedded", "engine/testgame", true, true},
		{"storage/embedded", "engine/testgame", false, false},
		{"storage/storagetest", "engine/testgame", false, true},
		{"bot", "bot/discord", false, false},
		{"bot", "engine/brass", false, false},
		{"bot", "engine/brass", true, true},
		{"bot/discord", "bot/web", true, false},
		{"bot/web", "bot/discord", false, false},
		{"bot/web", "render/brass", false, false},
		{"bot/discord", "engine/enginetest", false, true},
		{"bot", "engine/lang", false, true},
		{"bot/discord", "engine/lang", false, true},
		{"cmd/smokestack", "engine/playout", false, true},
		{"bot/web", "engine/playout", false, true},
		{"bot/discord", "bot", false, true},
		{"bot/web", "storage", false, false},
		{"bot/discord", "storage/redisstore", false, false},
		{"bot/discord", "storage/redisstore", true, true},
		{"bot/web", "cmd/smokestack", true, false},
		{"cmd/smokestack", "bot/discord", false, true},
		{"cmd/smokestack", "bot/ops", false, true},
		{"bot", "bot/ops", false, false},
		{"bot/discord", "bot/ops", true, false},
		{"bot/ops", "bot", false, true},
		{"bot/ops", "bot/internal/httpserve", false, true},
		{"bot/ops", "bot/discord", false, false},
		{"bot/ops", "engine/brass", false, false},
	} {
		got := layerRule(c.from, c.dep, c.test) == ""
		if got != c.ok {
			t.Errorf("%s -> %s (test %v): allowed %v, want %v", c.from, c.dep, c.test, got, c.ok)
		}
	}
}

// TestReleaseLinksNoTesting lists the packages the release binary is built
// from (go list -deps, without tests): none may be the testing package or
// one of its kin, which would link test machinery (and its flags) into the
// binary. Self-play uses engine/playout, which does not import testing.
func TestReleaseLinksNoTesting(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the binary's packages: %v", err)
	}
	cmd := exec.Command(goTool, "list", "-deps", module+"/cmd/smokestack")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	deps := strings.Fields(string(out))
	if len(deps) < 50 || !slices.Contains(deps, module+"/engine/playout") {
		t.Fatalf("go list -deps found %d packages, without engine/playout: not the binary's dependencies?", len(deps))
	}
	for _, p := range deps {
		if p == "testing" || strings.HasPrefix(p, "testing/") || strings.HasSuffix(p, "test") && strings.HasPrefix(p, module+"/") {
			t.Errorf("the release binary links %s", p)
		}
	}
}

// TestReleaseHasNoTestClock: the test clock (testclock_testgames.go) and
// the test game are only in a build with the smokestack_testgames tag. A
// release build (these tests are built without the tag, from the same
// files) has no test clock hook, reports the test clock's variables as
// unknown and ignores them, does not compile the test-only files and
// links no test game.
func TestReleaseHasNoTestClock(t *testing.T) {
	// This test binary is a release build unless someone ran the tests
	// with the tag, which has the test game (and the test clock).
	tagged := slices.ContainsFunc(productGames(), func(g engine.Game) bool { return g.Info().ID == "pebbles" })
	if !tagged {
		if testClockHook != nil || len(testVariables) != 0 {
			t.Fatal("the build without the smokestack_testgames tag has the test clock")
		}
		c, err := loadConfig([]string{"SMOKESTACK_TEST_CLOCK_FILE=/tmp/offset", "SMOKESTACK_TEST_CLOCK_EVERY=10ms"}, "")
		if err != nil {
			t.Fatal(err)
		}
		for _, v := range []string{"SMOKESTACK_TEST_CLOCK_FILE", "SMOKESTACK_TEST_CLOCK_EVERY"} {
			if !slices.ContainsFunc(c.Warnings, func(w string) bool { return strings.Contains(w, "unknown environment variable "+v) }) {
				t.Errorf("a release build does not report %s as unknown: %q", v, c.Warnings)
			}
		}
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the binary's files: %v", err)
	}
	list := func(tags ...string) []string {
		args := append([]string{"list"}, tags...)
		args = append(args, "-f", "{{join .GoFiles \" \"}} {{join .Deps \" \"}}", module+"/cmd/smokestack")
		out, err := exec.Command(goTool, args...).Output()
		if err != nil {
			t.Fatalf("go list %v: %v", args, err)
		}
		return strings.Fields(string(out))
	}
	release, test := list(), list("-tags", "smokestack_testgames")
	for _, f := range []string{"testclock_testgames.go", "catalog_testgames.go", module + "/engine/testgame", module + "/render/testgame"} {
		if slices.Contains(release, f) {
			t.Errorf("the release build has %s", f)
		}
		if !slices.Contains(test, f) { // else this test checks nothing
			t.Errorf("the test build (tag smokestack_testgames) lacks %s", f)
		}
	}
}
