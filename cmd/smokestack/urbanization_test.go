package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestUrbanization plays a random Urbanization game for every seat count,
// with and without the Inventions expansion, through the product catalog
// (the one the playground and the bot offer), then replays and renders the
// first.
func TestUrbanization(t *testing.T) {
	if _, err := productCatalog().games.Get("urbanization"); err != nil {
		t.Fatalf("the product does not offer Urbanization: %v", err)
	}
	if got := productCatalog().renderers.Games(); !strings.Contains(strings.Join(got, " "), "urbanization") {
		t.Fatalf("no Urbanization renderer in the product: %v", got)
	}
	for _, seats := range []int{2, 3, 4} {
		for _, inv := range []string{"off", "on"} {
			t.Run(fmt.Sprintf("%dp-inventions-%s", seats, inv), func(t *testing.T) {
				rec := filepath.Join(t.TempDir(), "urbanization.txt")
				code, out, errOut := runCLI(t, nil, "selfplay", "--game", "urbanization", "--seats", fmt.Sprint(seats),
					"--games", "1", "--seed", fmt.Sprint(100+seats), "--option", "inventions="+inv, "--record", rec)
				if code != exitOK || !strings.Contains(out, "games: 1\n") || !strings.Contains(out, "failures: 0") {
					t.Fatalf("selfplay: exit %d: %s %s", code, out, errOut)
				}
				code, out, errOut = runCLI(t, nil, "replay", rec)
				if code != exitOK {
					t.Fatalf("replay: exit %d: %s", code, errOut)
				}
				var st statusJSON
				if err := json.Unmarshal([]byte(out), &st); err != nil || st.Game != "urbanization" || !st.Finished ||
					len(st.Seats) != seats || len(st.Ranking) != seats {
					t.Fatalf("replay status: %v %s", err, out)
				}
				if seats != 3 {
					return // one render per expansion setting is enough
				}
				out = filepath.Join(t.TempDir(), "board.png")
				if code, _, errOut := runCLI(t, nil, "render", rec, "-o", out); code != exitOK {
					t.Fatalf("render: exit %d: %s", code, errOut)
				}
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				cfg, err := png.DecodeConfig(bytes.NewReader(b))
				if err != nil || cfg.Width != 1280 || cfg.Height < 1000 {
					t.Errorf("board.png: %v, %dx%d", err, cfg.Width, cfg.Height)
				}
			})
		}
	}
}
