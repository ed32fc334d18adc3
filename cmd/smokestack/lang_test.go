package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
	pebblesrender "github.com/smokestack/smokestack/render/testgame"
)

// TestReplayLang words the replayed status in German and French (the
// phase and the stats by the game's catalog), English without --lang
// and with --lang en, and refuses an unknown language with the list of
// languages as bad input.
func TestReplayLang(t *testing.T) {
	file := writeFile(t, "g.txt", pebblesRecord)
	status := func(args ...string) statusJSON {
		t.Helper()
		code, out, errOut := runCLI(t, nil, append([]string{"replay", file}, args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got statusJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v: %s", args, err, out)
		}
		return got
	}
	en := status()
	if got := status("--lang", "en"); got.Phase != en.Phase || got.Seats[1].Stats[0].Label != en.Seats[1].Stats[0].Label {
		t.Errorf("--lang en: %+v, without: %+v", got, en)
	}
	info := testgame.Game{}.Info()
	for _, l := range []lang.Lang{lang.German, lang.French} {
		for _, arg := range []string{string(l), l.Name()} {
			got := status("--lang", arg)
			w := engine.WordsFor(info, l, []string{"Ann", "Ben"})
			stat := got.Seats[1].Stats[0]
			if want := w.StatLabel(engine.Stat{Key: "cards"}); stat.Label != want || want == en.Seats[1].Stats[0].Label {
				t.Errorf("--lang %s: stat label %q, want %q (English %q)", arg, stat.Label, want, en.Seats[1].Stats[0].Label)
			}
			if stat.Text != l.Int(stat.Value) {
				t.Errorf("--lang %s: stat value %q for %d", arg, stat.Text, stat.Value)
			}
			if got.Phase == "" || len(info.Catalog.EnglishIn(l, got.Phase)) > 0 {
				t.Errorf("--lang %s: phase %q (English %q)", arg, got.Phase, en.Phase)
			}
		}
	}
	for _, cmd := range [][]string{{"replay", file, "--lang", "es"}, {"render", file, "-o", filepath.Join(t.TempDir(), "b.png"), "--lang=klingon"}} {
		code, out, errOut := runCLI(t, nil, cmd...)
		if code != exitUsage || out != "" || !strings.Contains(errOut, "the languages are "+lang.List()) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", cmd, code, out, errOut)
		}
	}
}

// sceneLangs is Pebbles' renderer recording the language of each scene
// it draws.
type sceneLangs struct {
	pebblesrender.Pebbles
	mu    sync.Mutex
	langs []lang.Lang
}

func (r *sceneLangs) Images(sc render.Scene) ([]render.Image, error) {
	r.mu.Lock()
	r.langs = append(r.langs, sc.Lang)
	r.mu.Unlock()
	return r.Pebbles.Images(sc)
}

// TestRenderLang hands the renderer the language --lang names (English
// without it).
func TestRenderLang(t *testing.T) {
	rec := writeFile(t, "g.txt", pebblesRecord)
	r := &sceneLangs{}
	cat := catalog{games: engine.NewRegistry(testgame.Game{}), renderers: render.NewSet(r)}
	for _, c := range []struct {
		arg  string
		want lang.Lang
	}{{"", lang.English}, {"de", lang.German}, {"Français", lang.French}, {"de-CH", lang.German}} {
		args := []string{"render", rec, "-o", filepath.Join(t.TempDir(), "board.png")}
		if c.arg != "" {
			args = append(args, "--lang", c.arg)
		}
		var o, e strings.Builder
		if code := run(t.Context(), args, &o, &e, nil, cat); code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, e.String())
		}
		if got := r.langs[len(r.langs)-1]; got != c.want {
			t.Errorf("--lang %q: the renderer drew in %q, want %q", c.arg, got, c.want)
		}
	}
}

// TestReplayTieBreakLang words a finished game's tie-break in the
// language --lang names (engine.Words.TieBreak, from the game's
// Status.TieBreakMsgs) and keeps it English, as the game writes it,
// without --lang; the record's Result header stays English notation.
func TestReplayTieBreakLang(t *testing.T) {
	const english = "tied on VP; decided by income"
	rec, err := os.ReadFile(filepath.Join("..", "..", "engine", "brass", "testdata", "games", "greedy-3p-tie.record"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(rec), "; tie-break "+english+"\n") {
		t.Fatalf("the record's Result header no longer has the tie-break %q", english)
	}
	file := writeFile(t, "tie.txt", string(rec))
	tieBreak := func(args ...string) string {
		t.Helper()
		code, out, errOut := runCLI(t, nil, append([]string{"replay", file}, args...)...)
		if code != exitOK {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		var got statusJSON
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%v: %v: %s", args, err, out)
		}
		return got.TieBreak
	}
	for _, args := range [][]string{nil, {"--lang", "en"}} {
		if got := tieBreak(args...); got != english {
			t.Errorf("%v: tie-break %q, want %q", args, got, english)
		}
	}
	info := brass.Game{}.Info()
	for l, want := range map[lang.Lang]string{
		lang.German: "Gleichstand bei den Siegpunkten; entschieden nach Einkommen",
		lang.French: "égalité de points de victoire\u00a0; départagée par le revenu",
	} {
		got := tieBreak("--lang", string(l))
		if got != want || got == english || len(info.Catalog.EnglishIn(l, got)) > 0 {
			t.Errorf("--lang %s: tie-break %q, want %q", l, got, want)
		}
	}
}
