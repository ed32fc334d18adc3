package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const chromiumPath = "/usr/bin/chromium"

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
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 1000),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx)
	ctx, cancelT := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelT(); cancelC(); cancelA() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

// fetchPNG downloads a board image the page shows and checks it decodes.
func fetchPNG(t *testing.T, base, src string) []byte {
	t.Helper()
	if i := strings.Index(src, "/api/"); i >= 0 {
		src = src[i:]
	}
	res, err := http.Get(base + src)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s %s", src, res.Status, b)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatalf("board %s is not a PNG: %v", src, err)
	}
	return b
}

// boardShown is true when the page shows the main board image, loaded.
const boardShown = `(() => { const b = document.getElementById("board"); return !!b && b.complete && b.naturalWidth > 0; })()`

// waitJS polls a JavaScript expression until it is true.
func waitJS(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second))(ctx, t)
		return err
	})
}

// js evaluates an expression for its effect.
func js(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := chromedp.Evaluate[any](expr)(ctx, t)
		return err
	})
}

// value evaluates an expression for its value.
func value[T any](ctx context.Context, expr string) (T, error) {
	return chromedp.Run(ctx, chromedp.Evaluate[T](expr))
}

func attr(ctx context.Context, id, name string) (string, error) {
	a, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.ID(id), name))
	return a.Value, err
}

func TestPlaygroundInBrowser(t *testing.T) {
	for _, tc := range e2eGames {
		t.Run(tc.game, func(t *testing.T) {
			srv := httptest.NewServer(newPlayground(t))
			defer srv.Close()
			ctx := browser(t)
			step := func(what string, steps ...chromedp.Action[chromedp.Void]) {
				t.Helper()
				if err := chromedp.Do(ctx, steps...); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
			}
			get := func(v string, err error) string {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				return v
			}

			// Create a match through the form.
			step("create a match",
				chromedp.Navigate(srv.URL+"/"),
				waitJS(fmt.Sprintf(`!!document.querySelector('#game option[value=%q]')`, tc.game)),
				js(fmt.Sprintf(`(() => { const g = document.getElementById("game"); g.value = %q; g.onchange(); document.getElementById("seats").value = "%d"; document.getElementById("seed").value = "%d"; document.querySelector('[data-key=%q]').value = %q; })()`, tc.game, tc.seats, tc.seed, tc.option[0], tc.option[1])),
				chromedp.Click(chromedp.ID("create")),
				waitJS(`!document.getElementById("table").hidden && `+boardShown),
				waitJS(`document.querySelectorAll("#choices button").length > 0`),
			)
			// The match was created with the chosen seats and option.
			loc := get(chromedp.Run(ctx, chromedp.Location()))
			id := loc[strings.Index(loc, "match=")+len("match="):]
			res, err := http.Get(srv.URL + "/api/matches/" + id)
			if err != nil {
				t.Fatal(err)
			}
			var created struct {
				Game    string
				Seats   []struct{ Name string }
				Options map[string]string
			}
			json.NewDecoder(res.Body).Decode(&created)
			res.Body.Close()
			if created.Game != tc.game || len(created.Seats) != tc.seats || created.Options[tc.option[0]] != tc.option[1] {
				t.Errorf("created %+v, want %s with %d seats and %s=%s", created, tc.game, tc.seats, tc.option[0], tc.option[1])
			}
			// The option is labelled in words with its help as the tooltip.
			optLabel := get(value[string](ctx, fmt.Sprintf(`document.querySelector('[data-key=%q]').closest("label").textContent`, tc.option[0])))
			optHelp := get(value[string](ctx, fmt.Sprintf(`document.querySelector('[data-key=%q]').closest("label").title`, tc.option[0])))
			if wantHelp := tc.optionHelp(t); !strings.HasPrefix(optLabel, strings.ReplaceAll(tc.option[0], "-", " ")+" ") || optHelp != wantHelp || optHelp == "" {
				t.Errorf("option %s labelled %q with tooltip %q, want its key in words and %q", tc.option[0], optLabel, optHelp, wantHelp)
			}
			// The hand names the cards, the token as the tooltip.
			step("hand cards", waitJS(`document.querySelectorAll("#hand .card").length > 0`))
			cards := get(value[string](ctx, `[...document.querySelectorAll("#hand .card")].map((c) => c.title + "=" + c.textContent).join(" ")`))
			if tc.game == "brass" && !regexp.MustCompile(`^([a-z]+=[A-Z][A-Za-z &-]+ ?)+$`).MatchString(cards) {
				t.Errorf("brass hand shows %q, want display names with the tokens as titles", cards)
			}
			// Seats wear the board's letters and colours.
			seatText := get(chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(`#seatbar button[data-seat="1"]`))))
			swatch := get(value[string](ctx, `getComputedStyle(document.querySelector('#seatbar button[data-seat="1"] .swatch')).backgroundColor`))
			if !strings.HasPrefix(seatText, "B Seat 2 ") || swatch != "rgb(86, 180, 233)" {
				t.Errorf("seat 2 button %q with swatch %q, want B and sky blue rgb(86, 180, 233)", seatText, swatch)
			}
			src1 := get(attr(ctx, "board", "src"))
			board1 := fetchPNG(t, srv.URL, src1)

			// An illegal move shows which rule forbids it, with its help.
			step("illegal move",
				chromedp.SendKeys(chromedp.ID("move"), tc.illegal),
				chromedp.Click(chromedp.ID("play")),
				chromedp.WaitVisible(chromedp.ID("error")),
			)
			msg := get(chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#error .msg"))))
			kind := get(value[string](ctx, `document.getElementById("error").dataset.kind`))
			helpTitle := get(value[string](ctx, `(document.querySelector("#error summary") || {}).textContent || ""`))
			if want := tc.ruleMessage(t); kind != "rule" || msg != want || !strings.HasPrefix(helpTitle, "Rule: ") {
				t.Errorf("illegal move shows kind %q, message %q, help %q; want a rule error %q with its help", kind, msg, helpTitle, tc.ruleMessage(t))
			}

			// An incomplete move says so and offers the choices that
			// continue it; one of them continues the move in the picker.
			ch := tc.continuations(t)
			step("incomplete move",
				js(`document.getElementById("move").value = ""`),
				chromedp.SendKeys(chromedp.ID("move"), tc.incomplete),
				chromedp.Click(chromedp.ID("play")),
				waitJS(`document.getElementById("error").dataset.kind === "incomplete" && !document.getElementById("error").hidden`),
			)
			msg = get(chromedp.Run(ctx, chromedp.Text(chromedp.CSS("#error .msg"))))
			if want := fmt.Sprintf("%q is not a complete move. %s It goes on with: %s", tc.incomplete, ch.Prompt, ch.Next[0].Token); !strings.HasPrefix(msg, want) {
				t.Errorf("incomplete move shows %q, want %q...", msg, want)
			}
			offered := get(value[string](ctx, `[...document.querySelectorAll("#error .choices button")].map((b) => b.dataset.token + "=" + b.textContent).join("|")`))
			var wantOffered []string
			for _, c := range ch.Next {
				wantOffered = append(wantOffered, c.Token+"="+c.Label)
			}
			if offered != strings.Join(wantOffered, "|") {
				t.Errorf("incomplete move offers %q, want %q", offered, strings.Join(wantOffered, "|"))
			}
			step("continue in the picker",
				chromedp.Click(chromedp.CSS("#error .choices button")),
				waitJS(fmt.Sprintf(`document.getElementById("partial").textContent === %q && document.getElementById("error").hidden`, tc.incomplete+" "+ch.Next[0].Token)),
				chromedp.Click(chromedp.ID("clear")),
				waitJS(`document.getElementById("partial").textContent === ""`),
			)

			// A typed move through autocompletion: the first suggestion
			// repeatedly until a complete move, then Play.
			step("type", js(`document.getElementById("move").value = ""`), chromedp.SendKeys(chromedp.ID("move"), tc.typedPrefix))
			for i := 0; ; i++ {
				if i == 12 {
					t.Fatal("autocompletion never offered a complete move")
				}
				step("suggestions", waitJS(`document.querySelectorAll("#suggestions li").length > 0`))
				complete, err := value[bool](ctx, `document.querySelector("#suggestions li").classList.contains("complete")`)
				if err != nil {
					t.Fatal(err)
				}
				before := get(value[string](ctx, `document.getElementById("move").value`))
				step("pick a suggestion", chromedp.Click(chromedp.CSS("#suggestions li")))
				if complete {
					break
				}
				step("longer text", waitJS(fmt.Sprintf(`document.getElementById("move").value != %q`, before)), chromedp.Sleep(300*time.Millisecond))
			}
			step("play the typed move",
				chromedp.Click(chromedp.ID("play")),
				waitJS(`document.querySelectorAll("#log li").length === 1`),
				waitJS(fmt.Sprintf(`document.getElementById("board").src != %q && `+boardShown, src1)),
			)
			src2 := get(attr(ctx, "board", "src"))
			board2 := fetchPNG(t, srv.URL, src2)
			if bytes.Equal(board1, board2) {
				t.Error("the board image did not change after a move")
			}

			// A move clicked through the step-by-step choices (the page
			// has switched to the next seat to act).
			for i := 0; ; i++ {
				if i == 12 {
					t.Fatal("the picker never completed a move")
				}
				step("picker", waitJS(`document.querySelectorAll("#choices button").length > 0 || !document.getElementById("submitpick").disabled`))
				ready, err := value[bool](ctx, `!document.getElementById("submitpick").disabled`)
				if err != nil {
					t.Fatal(err)
				}
				if ready {
					break
				}
				before := get(chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("partial"))))
				step("picker step",
					chromedp.Click(chromedp.CSS("#choices button")),
					waitJS(fmt.Sprintf(`document.getElementById("partial").textContent != %q`, before)),
				)
			}
			step("submit the clicked move",
				chromedp.Click(chromedp.ID("submitpick")),
				waitJS(`document.querySelectorAll("#log li").length === 2`),
				waitJS(fmt.Sprintf(`document.getElementById("board").src != %q && `+boardShown, src2)),
			)
			src3 := get(attr(ctx, "board", "src"))
			if bytes.Equal(fetchPNG(t, srv.URL, src3), board2) {
				t.Error("the board image did not change after the clicked move")
			}

			// The seat's hand and the rules lookup.
			step("hand", waitJS(`document.getElementById("hand").textContent !== ""`))
			step("rules lookup",
				chromedp.SendKeys(chromedp.ID("helpq"), tc.helpQuery),
				chromedp.Click(chromedp.CSS("#helpform button")),
				waitJS(`document.querySelectorAll("#helpres details").length > 0`),
			)
			handText := get(chromedp.Run(ctx, chromedp.TextContent(chromedp.ID("hand"))))
			if strings.TrimSpace(handText) == "" || strings.Contains(handText, "error") {
				t.Errorf("hand shows %q", handText)
			}
		})
	}
}

// TestPebblesPageInBrowser: the page offers the second game as its Info
// describes it and shows what the core and renderer give for any game:
// every image of the selected seat with its title, the standings under the
// game's score name and figures in the game's order, who must act after a
// move, and the end of the match.
func TestPebblesPageInBrowser(t *testing.T) {
	srv := httptest.NewServer(newPlayground(t))
	defer srv.Close()
	ctx := browser(t)
	step := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	text := func(expr string) string {
		t.Helper()
		v, err := value[string](ctx, expr)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	const captions = `[...document.querySelectorAll("#images figcaption")].map((c) => c.textContent).join("|")`
	step("create a Pebbles match",
		chromedp.Navigate(srv.URL+"/"),
		waitJS(`!!document.querySelector('#game option[value="pebbles"]')`),
		js(`(() => { const g = document.getElementById("game"); g.value = "pebbles"; g.onchange(); document.getElementById("seats").value = "2"; document.getElementById("seed").value = "3"; document.querySelector('[data-key="pile"]').value = "6"; })()`),
		chromedp.Click(chromedp.ID("create")),
		waitJS(`document.querySelectorAll("#images img").length === 3 && [...document.querySelectorAll("#images img")].every((i) => i.complete && i.naturalWidth > 0)`),
	)
	if got := text(captions); got != "Pile|Players|Your hand" {
		t.Errorf("seat 1 sees images %q, want the pile, the players and its hand", got)
	}
	if got := text(`[...document.querySelectorAll("#standings th")].map((c) => c.textContent).join("|")`); got != "Player|Wins|Cards" {
		t.Errorf("standings columns %q, want the game's score name and figures", got)
	}
	if got := text(`document.querySelector("#events .turn").textContent`); got != "Now to act: Player 1." {
		t.Errorf("after the start the page says %q", got)
	}
	step("the spectators' images",
		chromedp.Click(chromedp.CSS(`#seatbar button[data-seat="-1"]`)),
		waitJS(`document.querySelectorAll("#images img").length === 2`),
	)
	if got := text(captions); got != "Pile|Players" {
		t.Errorf("the spectators see %q, want no hand", got)
	}
	step("back to seat 1",
		chromedp.Click(chromedp.CSS(`#seatbar button[data-seat="0"]`)),
		waitJS(`document.querySelectorAll("#choices button").length > 0`),
	)
	// Play to the end through the choices; the page follows the seat that
	// must act.
	for moves := 0; ; moves++ {
		if moves == 20 {
			t.Fatal("the match did not end in 20 moves")
		}
		if strings.Contains(text(`document.getElementById("status").textContent`), "finished") {
			break
		}
		before := text(`String(document.querySelectorAll("#log li").length)`)
		for i := 0; ; i++ {
			if i == 6 {
				t.Fatal("the picker never completed a move")
			}
			step("picker", waitJS(`document.querySelectorAll("#choices button").length > 0 || !document.getElementById("submitpick").disabled`))
			if ready, err := value[bool](ctx, `!document.getElementById("submitpick").disabled`); err != nil || ready {
				break
			}
			partial := text(`document.getElementById("partial").textContent`)
			step("pick", chromedp.Click(chromedp.CSS("#choices button")), waitJS(fmt.Sprintf(`document.getElementById("partial").textContent != %q`, partial)))
		}
		step("submit", chromedp.Click(chromedp.ID("submitpick")), waitJS(fmt.Sprintf(`String(document.querySelectorAll("#log li").length) != %q`, before)))
		if moves == 0 {
			if got := text(`document.querySelector("#events .turn").textContent`); got != "Now to act: Player 2." {
				t.Errorf("after the first move the page says %q", got)
			}
		}
	}
	if got := text(`document.querySelector("#events .turn").textContent`); got != "The game is over." {
		t.Errorf("at the end the page says %q", got)
	}
	wins := text(`[...document.querySelectorAll("#standings tbody tr")].map((r) => r.children[1].textContent).sort().join(",")`)
	if wins != "0,1" {
		t.Errorf("final standings show wins %q, want one winner", wins)
	}
}
