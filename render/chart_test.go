package render_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"testing"

	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

var updateChart = flag.Bool("update", false, "rewrite the golden images in testdata")

// TestScoreChartGolden: a four-seat chart with ties (the lines drawn
// apart), a negative score and a long name, against its golden image.
func TestScoreChartGolden(t *testing.T) {
	c := render.ScoreChart{
		Title: "Pebbles (test game): wins",
		Unit:  "VP",
		Steps: "rounds",
		Names: []string{"Alice", "Bob", "Carol with a name far too long for the legend column", ""},
		Scores: [][]int{
			{0, 0, 0, 0}, {2, 0, 0, 0}, {2, 3, 0, -1}, {5, 3, 4, -1}, {5, 3, 4, 2},
			{9, 8, 4, 2}, {9, 8, 12, 2}, {15, 8, 12, 7}, {15, 17, 12, 7}, {21, 17, 12, 11},
		},
	}
	img, err := render.ScoreChartImage(c)
	if err != nil {
		t.Fatal(err)
	}
	if img.Name != "chart.png" {
		t.Errorf("name %q", img.Name)
	}
	cfg, err := png.DecodeConfig(bytes.NewReader(img.PNG))
	if err != nil || cfg.Width != 800 || cfg.Height != 450 {
		t.Fatalf("png %dx%d %v", cfg.Width, cfg.Height, err)
	}
	rendertest.CheckGolden(t, "render", "chart", img.PNG, *updateChart)
}

func TestScoreChartRefusesBadInput(t *testing.T) {
	for name, c := range map[string]render.ScoreChart{
		"no seats":       {Scores: [][]int{{}}},
		"no steps":       {Names: []string{"a"}},
		"ragged":         {Names: []string{"a", "b"}, Scores: [][]int{{1, 2}, {3}}},
		"too many seats": {Names: make([]string, 27), Scores: [][]int{make([]int, 27)}},
	} {
		if _, err := render.ScoreChartImage(c); !errors.Is(err, render.ErrChart) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// One step (a match with no move yet) draws.
	if _, err := render.ScoreChartImage(render.ScoreChart{Names: []string{"a", "b"}, Scores: [][]int{{0, 0}}}); err != nil {
		t.Errorf("one step: %v", err)
	}
}

// BenchmarkScoreChart: a four-seat chart over 300 rounds.
func BenchmarkScoreChart(b *testing.B) {
	c := render.ScoreChart{Title: "Brass: victory points", Unit: "VP", Steps: "rounds", Names: []string{"Ann", "Ben", "Cy", "Di"}}
	for i := range 301 {
		c.Scores = append(c.Scores, []int{i / 3, i / 4, i / 5 * 2, i / 7})
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := render.ScoreChartImage(c); err != nil {
			b.Fatal(err)
		}
	}
}

// TestScoreChartLegend: the legend names a seat without a name as the
// chart's language does.
func TestScoreChartLegend(t *testing.T) {
	for _, c := range []struct {
		l    lang.Lang
		want string
	}{{"", "Seat 2: 7 VP"}, {lang.German, "Spieler 2: 7 VP"}, {lang.French, "Joueur 2\u00a0: 7 VP"}} {
		ch := render.ScoreChart{Unit: "VP", Names: []string{"Ada", ""}, Lang: c.l}
		if got := ch.LegendLabel(1, 7); got != c.want {
			t.Errorf("%q: legend %q, want %q", c.l, got, c.want)
		}
		want := "Ada: 3 VP"
		if c.l == lang.French {
			want = "Ada\u00a0: 3 VP"
		}
		if got := ch.LegendLabel(0, 3); got != want {
			t.Errorf("%q: legend %q, want %q", c.l, got, want)
		}
	}
	ch := render.ScoreChart{Unit: "VP", Names: []string{"Ada"}, Lang: lang.German, ScoreText: func(n int) string { return fmt.Sprint(n, " SP") }}
	if got := ch.LegendLabel(0, 3); got != "Ada: 3 SP" {
		t.Errorf("with ScoreText: legend %q, want Ada: 3 SP", got)
	}
}
