package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// The playground in real Chromium: every test runs at a desktop width and
// at a phone's, and fails on any console error, page error, failed
// request (the favicon's included), broken image or sideways scrolling,
// besides what it asserts of what a person sees.

const chromiumPath = "/usr/bin/chromium"

// A width the page is tried at.
type width struct {
	name   string
	w, h   int64
	mobile bool
}

var widths = []width{{"desktop", 1280, 900, false}, {"phone", 390, 844, true}}

// browser starts a fresh headless Chromium. A missing browser is a failure,
// not a skip: the README's test command installs it.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromiumPath
	if p := os.Getenv("CHROMIUM"); p != "" {
		path = p
	}
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("chromium not found at %s (install it with: apt-get install chromium, or run bash .ci/test): %v", path, err)
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.WindowSize(1280, 900),
	}
	// Chromium's start now and then crashes before it listens (seen twice
	// in a row on a test VM, then never again: "chrome failed to start"
	// with only crashpad's warnings); a fresh start is tried, three in all.
	for try := 1; ; try++ {
		actx, cancelA := chromedp.NewExecAllocator(context.Background(), append(opts, chromedp.UserDataDir(t.TempDir()))...)
		ctx, cancelC := chromedp.NewContext(actx)
		err := chromedp.Do(ctx)
		if err == nil {
			t.Cleanup(func() { cancelC(); cancelA() })
			return ctx
		}
		cancelC()
		cancelA()
		if try == 3 || !strings.Contains(err.Error(), "chrome failed to start") {
			t.Fatalf("start chromium (try %d): %v", try, err)
		}
		t.Logf("start chromium (try %d): %v; trying again", try, err)
	}
}

// page is one browser tab on the playground, watching for problems.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string
	wd   width

	mu       sync.Mutex
	urls     map[network.RequestID]string
	problems []string
	allowed  []string // substrings of problems the test provokes on purpose
}

// newPage opens a tab at the width in the browser of bctx.
func newPage(t *testing.T, bctx context.Context, base string, wd width) *page {
	t.Helper()
	ctx, cancel := chromedp.NewContext(bctx)
	ctx, cancelT := context.WithTimeout(ctx, 180*time.Second)
	t.Cleanup(func() { cancelT(); cancel() })
	p := &page{t: t, ctx: ctx, base: base, wd: wd, urls: map[network.RequestID]string{}}
	if err := chromedp.Listen(ctx, p.event); err != nil {
		t.Fatal(err)
	}
	var opts []chromedp.EmulateViewportOption
	if wd.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	p.do("set the viewport", chromedp.EmulateViewport(wd.w, wd.h, opts...))
	t.Cleanup(p.report)
	return p
}

// event records what counts as a problem: uncaught errors, console errors
// and warnings, requests that fail, and HTTP errors for anything but the
// API's own answers to refused requests (the page shows those).
func (p *page) event(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e := ev.(type) {
	case *network.EventRequestWillBeSent:
		p.urls[e.RequestID] = e.Request.URL
	case *network.EventResponseReceived:
		api := e.Type == network.ResourceTypeFetch || e.Type == network.ResourceTypeXHR
		if e.Response.Status >= 500 || (e.Response.Status >= 400 && !api) {
			p.problems = append(p.problems, fmt.Sprintf("HTTP %d for %s", e.Response.Status, e.Response.URL))
		}
	case *network.EventLoadingFailed:
		if !e.Canceled {
			p.problems = append(p.problems, fmt.Sprintf("request for %s failed: %s", p.urls[e.RequestID], e.ErrorText))
		}
	case *runtime.EventExceptionThrown:
		d := e.ExceptionDetails
		text := d.Text
		if d.Exception != nil {
			text += " " + d.Exception.Description
		}
		p.problems = append(p.problems, "page error: "+text)
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeWarning || e.Type == runtime.ConsoleAPICalledTypeAssert {
			var args []string
			for _, a := range e.Args {
				if a.Value != nil {
					args = append(args, string(a.Value))
				} else {
					args = append(args, a.Description)
				}
			}
			p.problems = append(p.problems, fmt.Sprintf("console.%s: %s", e.Type, strings.Join(args, " ")))
		}
	case *log.EventEntryAdded:
		// Network entries repeat what the network events report.
		if en := e.Entry; en.Source != log.EntrySourceNetwork && (en.Level == log.EntryLevelError || en.Level == log.EntryLevelWarning) {
			p.problems = append(p.problems, fmt.Sprintf("console %s (%s): %s %s", en.Level, en.Source, en.Text, en.URL))
		}
	}
}

// allow accepts problems containing s: a test that stops the server on
// purpose expects its requests to fail.
func (p *page) allow(s string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.allowed = append(p.allowed, s)
}

func (p *page) takeProblems() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, pr := range p.problems {
		ok := false
		for _, a := range p.allowed {
			ok = ok || strings.Contains(pr, a)
		}
		if !ok {
			out = append(out, pr)
		}
	}
	p.problems = nil
	return out
}

func (p *page) report() {
	for _, pr := range p.takeProblems() {
		p.t.Errorf("%s: %s", p.wd.name, pr)
	}
}

func (p *page) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.report()
		p.shot("FAILED-" + strings.NewReplacer("/", "-", " ", "-").Replace(p.t.Name()))
		p.t.Fatalf("%s (%s): %v", what, p.wd.name, err)
	}
}

// js evaluates an expression for its effect.
func js(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](expr)(ctx, t)
		return err
	})
}

// waitLimit bounds one wait for the page. The page answers in well under
// a second on an idle machine; the margin is for a loaded one (a CI run on
// 2 cores with other suites in parallel once took over 20 s), so a slow
// machine fails no test while a page that never gets there still does.
const waitLimit = 45 * time.Second

// waitJS polls a JavaScript expression until it is true.
func waitJS(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(waitLimit))(ctx, t)
		if err != nil {
			return fmt.Errorf("waiting for %s: %w", expr, err)
		}
		return nil
	})
}

func (p *page) wait(expr string) { p.t.Helper(); p.do("wait", waitJS(expr)) }

func (p *page) str(expr string) string {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func (p *page) num(expr string) int {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[int](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func (p *page) truth(expr string) bool {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[bool](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// shown is the text a person sees in the first element matching a CSS
// selector ("" when it is missing or hidden).
func (p *page) shown(sel string) string {
	p.t.Helper()
	return p.str(fmt.Sprintf(`(() => { const e = document.querySelector(%q); return e && e.checkVisibility() ? e.innerText.trim() : ""; })()`, sel))
}

func (p *page) visible(sel string) bool {
	p.t.Helper()
	return p.truth(fmt.Sprintf(`(() => { const e = document.querySelector(%q); return !!e && e.checkVisibility(); })()`, sel))
}

func (p *page) location() string {
	p.t.Helper()
	loc, err := chromedp.Run(p.ctx, chromedp.Location())
	if err != nil {
		p.t.Fatal(err)
	}
	return strings.TrimPrefix(loc, p.base)
}

// click clicks the element as a person would. The page re-renders lists
// after its requests answer, so the node found may be replaced before the
// click lands ("Could not find node with given id"): then, like a person
// whose target moved, it finds the element again and clicks that, a few
// times at most.
func (p *page) click(sel string) {
	p.t.Helper()
	for try := 0; ; try++ {
		err := chromedp.Do(p.ctx, chromedp.Click(chromedp.CSS(sel)))
		if err == nil {
			return
		}
		if try < 4 && strings.Contains(err.Error(), "Could not find node") {
			time.Sleep(100 * time.Millisecond)
			continue
		}
		p.report()
		p.shot("FAILED-" + strings.NewReplacer("/", "-", " ", "-").Replace(p.t.Name()))
		p.t.Fatalf("click %s (%s): %v", sel, p.wd.name, err)
	}
}

// typeKeys types into an element as a person would, key by key.
func (p *page) typeKeys(sel, keys string) {
	p.t.Helper()
	p.do("type into "+sel, chromedp.SendKeys(chromedp.CSS(sel), keys))
}

// look checks what any screen must be: every image shown decodes, nothing
// scrolls sideways, no problem so far; and with SMOKESTACK_SHOTS set it
// saves a screenshot under that directory for a person to look at.
func (p *page) look(name string) {
	p.t.Helper()
	// Once every image has loaded or failed: those that failed.
	broken, err := chromedp.Run(p.ctx, chromedp.Poll[string](`(() => { const im = [...document.images]; if (!im.every((i) => i.complete)) return ""; return "broken:" + im.filter((i) => i.checkVisibility() && i.naturalWidth === 0).map((i) => i.src).join(" "); })()`,
		chromedp.WithPollingTimeout(waitLimit)))
	if err != nil {
		p.t.Fatalf("%s, %s: images never settled: %v", p.wd.name, name, err)
	}
	if broken != "broken:" {
		p.t.Errorf("%s, %s: %s", p.wd.name, name, broken)
	}
	if w := p.str(`(() => { const d = document.documentElement; return d.scrollWidth > d.clientWidth ? d.scrollWidth + " > " + d.clientWidth + ": " + [...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > d.clientWidth + 1 && e.checkVisibility()).slice(0, 5).map((e) => e.tagName + "#" + e.id + "." + e.className).join(", ") : ""; })()`); w != "" {
		p.t.Errorf("%s, %s: the page scrolls sideways (%s)", p.wd.name, name, w)
	}
	for _, pr := range p.takeProblems() {
		p.t.Errorf("%s, %s: %s", p.wd.name, name, pr)
	}
	p.shot(p.wd.name + "-" + name)
}

// viewShot saves a screenshot of what the viewport shows now, as shot does.
func (p *page) viewShot(name string) {
	dir := os.Getenv("SMOKESTACK_SHOTS")
	if dir == "" {
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, p.wd.name+"-"+name+".png"), png, 0o644); err != nil {
		p.t.Error(err)
	}
}

// shot saves a screenshot of the whole page as name.png under the
// directory SMOKESTACK_SHOTS names, if any.
func (p *page) shot(name string) {
	dir := os.Getenv("SMOKESTACK_SHOTS")
	if dir == "" {
		return
	}
	// The whole page at once: a viewport as tall as the page, then back.
	h := p.num(`document.documentElement.scrollHeight`)
	var opts []chromedp.EmulateViewportOption
	if p.wd.mobile {
		opts = append(opts, chromedp.EmulateMobile, chromedp.EmulateTouch)
	}
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(p.wd.w, max(int64(h), p.wd.h), opts...)); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err := chromedp.Do(p.ctx, chromedp.EmulateViewport(p.wd.w, p.wd.h, opts...)); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
	}
	if err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		p.t.Error(err)
	}
}

// start opens the start screen, the games loaded.
func (p *page) start() {
	p.t.Helper()
	p.do("open the start", chromedp.Navigate(p.base+"/"), waitJS(`document.querySelectorAll("#seats option").length > 0 && !document.getElementById("start").hidden`))
}

// matchForm describes a match to start through the form.
type matchForm struct {
	game   string
	seats  int
	seed   string
	names  string
	option [2]string // key, value; empty for the defaults
}

// create starts a match through the form on the start screen and waits
// for its board.
func (p *page) create(f matchForm) string {
	p.t.Helper()
	p.fill(f)
	p.click("#create")
	p.wait(`!document.getElementById("table").hidden && !!document.getElementById("board") && document.getElementById("board").complete && document.getElementById("board").naturalWidth > 0`)
	p.wait(`document.querySelectorAll("#log li").length > 0`)
	return p.matchID()
}

func (p *page) fill(f matchForm) {
	p.t.Helper()
	set := fmt.Sprintf(`(() => { const g = document.getElementById("game"); g.value = %q; g.onchange(); document.getElementById("seats").value = "%d"; document.getElementById("seed").value = %q; document.getElementById("names").value = %q; })()`,
		f.game, f.seats, f.seed, f.names)
	p.do("fill the form", js(set))
	if f.option[0] != "" {
		p.do("set an option", js(fmt.Sprintf(`document.querySelector('#options [data-key=%q]').value = %q`, f.option[0], f.option[1])))
	}
}

// matchID is the match the address shows.
func (p *page) matchID() string {
	p.t.Helper()
	return p.str(`new URLSearchParams(location.search).get("match") || ""`)
}

// logLen is the number of entries of the log (the setup's included).
const logLen = `document.querySelectorAll("#log li").length`

// choicesShown is true once the choices shown are those that follow the
// typed words.
const choicesShown = `document.getElementById("choices").dataset.partial === document.getElementById("move").value.trim()`

// playChoices plays one move of the seat shown by clicking the first
// choice at each step, then Enter; it returns the log's new length.
func (p *page) playChoices() int {
	p.t.Helper()
	before := p.num(logLen)
	for i := 0; ; i++ {
		if i == 12 {
			p.t.Fatal("the choices never completed a move")
		}
		p.wait(choicesShown)
		if p.truth(`!document.getElementById("play").disabled`) {
			break
		}
		text := p.str(`document.getElementById("move").value`)
		p.click("#choices button.choice")
		p.wait(fmt.Sprintf(`document.getElementById("move").value !== %q`, text))
	}
	p.click("#play")
	p.wait(fmt.Sprintf(`%s > %d`, logLen, before))
	return p.num(logLen)
}

// get fetches a URL of the server.
func get(t *testing.T, url string) (*http.Response, []byte) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return res, []byte(b.String())
}

func getJSON(t *testing.T, url string, out any) {
	t.Helper()
	res, body := get(t, url)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s %s", url, res.Status, body)
	}
	if err := json.Unmarshal(body, out); err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
}

// TestPlaygroundInBrowser runs every browser test at both widths, each in
// a tab of its own on one server and one browser per width; the widths run
// side by side (the tests mostly wait on the browser).
func TestPlaygroundInBrowser(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, p *page)
	}{
		{"first screen", testFirstScreen},
		{"seeds", testSeeds},
		{"match list and history", testMatchList},
		{"empty hand", testEmptyHand},
		{"errors", testErrors},
		{"size limit", testSizeLimit},
		{"private events", testPrivateEvents},
		{"record download", testRecordDownload},
		{"names", testNames},
		{"move builder", testMoveBuilder},
		{"long lists", testLongLists},
		{"rules search", testRulesSearch},
		{"status and last move", testStatusAndLastMove},
		{"layout", testLayout},
		{"zoom", testZoom},
		{"play to the end", testPlayToEnd},
		{"import a finished game", testImportFinished},
	}
	for _, wd := range widths {
		t.Run(wd.name, func(t *testing.T) {
			t.Parallel()
			srv := httptest.NewServer(newPlayground(t))
			defer srv.Close()
			b := browser(t)
			for _, tc := range tests {
				t.Run(tc.name, func(t *testing.T) {
					tc.run(t, newPage(t, b, srv.URL, wd))
				})
			}
		})
	}
}

// accessibleName is the name a screen reader gives the element the
// expression evaluates to, and its role, as Chromium computes them.
func (p *page) accessibleName(expr string) (name, role string) {
	p.t.Helper()
	obj, err := chromedp.Call(p.ctx, runtime.Evaluate, runtime.EvaluateParams{Expression: expr})
	if err != nil || obj.Result == nil || obj.Result.ObjectID == "" {
		p.t.Fatalf("%s: %s: %v", p.wd.name, expr, err)
	}
	no := false
	tree, err := chromedp.Call(p.ctx, accessibility.GetPartialAXTree, accessibility.GetPartialAXTreeParams{ObjectID: obj.Result.ObjectID, FetchRelatives: &no})
	if err != nil || len(tree.Nodes) == 0 {
		p.t.Fatalf("%s: the accessibility node of %s: %v", p.wd.name, expr, err)
	}
	text := func(v *accessibility.Value) string {
		if v == nil {
			return ""
		}
		var s string
		if json.Unmarshal(v.Value, &s) != nil {
			return string(v.Value)
		}
		return s
	}
	return text(tree.Nodes[0].Name), text(tree.Nodes[0].Role)
}

// smallTargets lists the visible buttons, fields and selects (and the
// zoom buttons, by width too) smaller than a fingertip, 44 px.
const smallTargets = `[...document.querySelectorAll("button, input, select, textarea")].filter((e) => {
	if (!e.checkVisibility()) return false;
	const r = e.getBoundingClientRect();
	// (the "?" of an option: its touch area reaches past it, its ::after)
	const w = e.matches(".hint") ? Math.max(r.width, parseFloat(getComputedStyle(e, "::after").width) || 0) : r.width;
	return r.height < 43.5 || (e.matches(".zoombtn, .hint") && w < 43.5);
}).map((e) => e.tagName + "#" + e.id + "." + e.className + " " + JSON.stringify((e.innerText || e.placeholder || "").slice(0, 20)) + " " + Math.round(e.getBoundingClientRect().width) + "x" + Math.round(e.getBoundingClientRect().height)).join(", ")`

// pageTop is how far down the page an element starts, in pixels.
func (p *page) pageTop(sel string) int {
	p.t.Helper()
	return p.num(fmt.Sprintf(`Math.round(document.querySelector(%q).getBoundingClientRect().top + window.scrollY)`, sel))
}
