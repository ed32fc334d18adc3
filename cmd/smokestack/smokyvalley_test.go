package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSmokyValley plays random Smoky Valley games for 2, 3 and 4 seats to
// the end, then replays and renders the first of each.
func TestSmokyValley(t *testing.T) {
	for seats := 2; seats <= 4; seats++ {
		t.Run(fmt.Sprintf("%d seats", seats), func(t *testing.T) {
			rec := filepath.Join(t.TempDir(), "smoky.txt")
			code, out, errOut := runCLI(t, nil, "selfplay", "--game", "smoky-valley", "--seats", fmt.Sprint(seats), "--games", "2", "--seed", "3", "--record", rec)
			if code != exitOK || !strings.Contains(out, "games: 2\n") {
				t.Fatalf("selfplay: exit %d: %s %s", code, out, errOut)
			}
			code, out, errOut = runCLI(t, nil, "replay", rec)
			if code != exitOK {
				t.Fatalf("replay: exit %d: %s", code, errOut)
			}
			var st statusJSON
			if err := json.Unmarshal([]byte(out), &st); err != nil || st.Game != "smoky-valley" || !st.Finished || len(st.Seats) != seats || len(st.Ranking) != seats {
				t.Errorf("replay status: %v %s", err, out)
			}
			png := filepath.Join(t.TempDir(), "board.png")
			if code, _, errOut := runCLI(t, nil, "render", rec, "-o", png); code != exitOK {
				t.Fatalf("render: exit %d: %s", code, errOut)
			}
			for _, f := range []string{png, strings.TrimSuffix(png, ".png") + "-players.png"} {
				if b, err := os.ReadFile(f); err != nil || !bytes.HasPrefix(b, []byte("\x89PNG")) {
					t.Errorf("%s: %v", f, err)
				}
			}
		})
	}
	code, out, _ := runCLI(t, nil, "games")
	if code != exitOK || !strings.Contains(out, "smoky-valley") {
		t.Errorf("games: exit %d: %s", code, out)
	}
}
