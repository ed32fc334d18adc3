package web_test

import (
	"net/http/httptest"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
	pebblesrender "github.com/smokestack/smokestack/render/testgame"
	urbanrender "github.com/smokestack/smokestack/render/urbanization"
)

// TestUrbanizationPageInBrowser: in real Chromium, the playground's page
// offers Urbanization with its expansion option, starts a match with it
// and shows its board image, invention area included, at full size.
func TestUrbanizationPageInBrowser(t *testing.T) {
	ur, err := urbanrender.New()
	if err != nil {
		t.Fatal(err)
	}
	svc, err := bot.New(bot.Config{
		Games:     engine.NewRegistry(testgame.Game{}, urbanization.New()),
		Store:     servicetest.Store(t),
		Renderers: render.NewSet(pebblesrender.Pebbles{}, ur),
	})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(web.New(svc, nil))
	defer srv.Close()
	ctx := browser(t)
	if err := chromedp.Do(ctx,
		chromedp.Navigate(srv.URL+"/"),
		waitJS(`!!document.querySelector('#game option[value="urbanization"]')`),
		js(`(() => { const g = document.getElementById("game"); g.value = "urbanization"; g.onchange(); document.getElementById("seats").value = "3"; })()`),
		waitJS(`!!document.querySelector('[data-key="inventions"]')`),
		js(`document.querySelector('[data-key="inventions"]').value = "on"`),
		chromedp.Click(chromedp.ID("create")),
		waitJS(boardShown),
	); err != nil {
		t.Fatalf("create an Urbanization match: %v", err)
	}
	// 1280 wide; 1358 high with the invention area, so the option went
	// through.
	size, err := value[[]int](ctx, `(() => { const b = document.getElementById("board"); return [b.naturalWidth, b.naturalHeight]; })()`)
	if err != nil || len(size) != 2 || size[0] != 1280 || size[1] != 1358 {
		t.Errorf("the board is %v pixels (%v), want 1280x1358 with the invention area", size, err)
	}
	src, err := attr(ctx, "board", "src")
	if err != nil {
		t.Fatal(err)
	}
	fetchPNG(t, srv.URL, src)
	status, err := value[string](ctx, `document.getElementById("status").textContent`)
	if err != nil || status == "" {
		t.Errorf("status %q: %v", status, err)
	}
}
