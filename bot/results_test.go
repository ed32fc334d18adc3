package bot_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/engine/urbanization"
)

// TestScoreHistoryByRound: the score chart's rows are the start and the
// end of every round, a move counting in the round it was played in; the
// last row is the final score.
func TestScoreHistoryByRound(t *testing.T) {
	ctx := context.Background()
	g := brass.New()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(g, testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../engine/brass/testdata/games/greedy-4p.record")
	if err != nil {
		t.Fatal(err)
	}
	users := []bot.UserRef{alice, bob, carol, {ID: "u:dave", Name: "Dave"}}
	m, err := svc.Import(ctx, bot.ImportRequest{Channel: "rounds", Record: string(data), Users: users})
	if err != nil {
		t.Fatal(err)
	}
	if !m.Play.Finished {
		t.Fatalf("the imported game is not over: %s", m.Play.Phase)
	}
	hist, _, err := svc.ScoreHistory(ctx, bot.ByID(m.ID))
	if err != nil {
		t.Fatal(err)
	}
	rows := hist.Scores
	// Each row is named as the game names its round.
	for r, short := range map[int]string{1: "C1", 8: "C8", 9: "R1", 16: "R8"} {
		if got := hist.Rounds[r].Short; got != short {
			t.Errorf("round %d is named %q on the axis, want %q", r, got, short)
		}
	}
	if got := hist.Rounds[9].Text; got != "Rail period, round 1 of 8" {
		t.Errorf("round 9 is named %q, want the rail period's first round", got)
	}
	// The same from the record by hand: the scores after the last move
	// played in each round.
	rec, err := engine.ParseRecord(strings.NewReader(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Replay(g, rec, engine.KeepStates())
	if err != nil {
		t.Fatal(err)
	}
	scores := func(st engine.State) []int {
		var out []int
		for _, s := range g.Status(st).Seats {
			out = append(out, s.Score)
		}
		return out
	}
	st0, _, err := g.Setup(engine.Setup{Seats: rec.Seats, Seed: rec.Seed, Options: rec.Options, Pins: rec.Pins, RulesVersion: rec.Rules})
	if err != nil {
		t.Fatal(err)
	}
	want := map[int][]int{0: scores(st0)}
	last, before := 0, st0
	for _, p := range res.Moves {
		r := g.Status(before).Round
		if r < last {
			t.Fatalf("round went down from %d to %d", last, r)
		}
		last, before = r, p.State
		want[r] = scores(p.State)
	}
	// 4 players: 8 rounds in each period.
	if last != 16 || len(rows) != 17 {
		t.Fatalf("last move in round %d, %d rows; want round 16 and 17 rows", last, len(rows))
	}
	for r, row := range rows {
		if w, ok := want[r]; ok && !slices.Equal(row, w) {
			t.Errorf("round %d: %v, want %v", r, row, w)
		}
	}
	if final := rows[16]; !slices.Equal(final, []int{28, 54, 40, 17}) {
		t.Errorf("final row %v, want the record's result 28 54 40 17", final)
	}
	// The canal period's scoring shows in its last round (8), not in the
	// first rail round.
	if slices.Equal(rows[8], rows[7]) {
		t.Errorf("round 8 %v shows no canal scoring over round 7 %v", rows[8], rows[7])
	}
	t.Logf("rows: %v", rows)
}

// TestScoreChartNamesRounds: every game's score chart labels its axis
// with the rounds as the game names them (the start first), titles it
// with what the game calls its rounds, and draws as many labels as fit
// without touching. With SMOKESTACK_SHOTS set, the charts are saved there
// to be looked at.
func TestScoreChartNamesRounds(t *testing.T) {
	ctx := context.Background()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(brass.New(), smokyvalley.New(), urbanization.New(), testgame.Game{}), Store: servicetest.Store(t)})
	if err != nil {
		t.Fatal(err)
	}
	users := []bot.UserRef{alice, bob, carol, {ID: "u:dave", Name: "Dave"}}
	for _, tc := range []struct {
		record string
		steps  string
		labels []string // every row's label
		ticks  []string // the labels drawn
	}{
		{"../engine/brass/testdata/games/greedy-4p.record", "rounds",
			[]string{"start", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"},
			[]string{"start", "C1", "C2", "C3", "C4", "C5", "C6", "C7", "C8", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8"}},
		{"../engine/smokyvalley/testdata/games/busy-3p.record", "years",
			[]string{"start", "1840", "1845", "1850", "1855", "1860"}, []string{"start", "1840", "1845", "1850", "1855", "1860"}},
		{"../engine/urbanization/testdata/games/greedy-3p.record", "game turns",
			[]string{"start", "T1", "T2", "T3", "T4", "T5", "T6"}, []string{"start", "T1", "T2", "T3", "T4", "T5", "T6"}},
		{"../engine/testgame/testdata/games/random-3p.record", "turns", nil, nil},
	} {
		data, err := os.ReadFile(tc.record)
		if err != nil {
			t.Fatal(err)
		}
		rec, err := engine.ParseRecord(strings.NewReader(string(data)))
		if err != nil {
			t.Fatal(err)
		}
		m, err := svc.Import(ctx, bot.ImportRequest{Channel: "chart-" + rec.Game, Record: string(data), Users: users[:rec.Seats]})
		if err != nil {
			t.Fatalf("%s: %v", tc.record, err)
		}
		c, _, err := svc.ScoreChartData(ctx, bot.ByID(m.ID))
		if err != nil {
			t.Fatal(err)
		}
		if c.Steps != tc.steps {
			t.Errorf("%s: the axis counts %q, want %q", rec.Game, c.Steps, tc.steps)
		}
		if len(c.Labels) != len(c.Scores) {
			t.Errorf("%s: %d labels for %d rows", rec.Game, len(c.Labels), len(c.Scores))
		}
		if tc.labels == nil { // Pebbles: "start", then T1, T2 ... for every row
			tc.labels = []string{"start"}
			for i := 1; i < len(c.Scores); i++ {
				tc.labels = append(tc.labels, "T"+strconv.Itoa(i))
			}
		}
		if !slices.Equal(c.Labels, tc.labels) {
			t.Errorf("%s: the axis labels %q, want %q", rec.Game, c.Labels, tc.labels)
		}
		ticks, err := c.AxisTicks()
		if err != nil {
			t.Fatal(err)
		}
		var drawn []string
		for _, tk := range ticks {
			drawn = append(drawn, tk.Label)
		}
		if tc.ticks != nil && !slices.Equal(drawn, tc.ticks) {
			t.Errorf("%s: the axis shows %q, want %q", rec.Game, drawn, tc.ticks)
		}
		if len(drawn) < 2 || drawn[0] != "start" {
			t.Errorf("%s: the axis shows %q", rec.Game, drawn)
		}
		img, _, err := svc.ScoreChart(ctx, bot.ByID(m.ID))
		if err != nil {
			t.Fatal(err)
		}
		if dir := os.Getenv("SMOKESTACK_SHOTS"); dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "chart-"+rec.Game+".png"), img.PNG, 0o644); err != nil {
				t.Error(err)
			}
		}
		// The legend in German: the seat's name, the score in the game's
		// German unit.
		de, _, err := svc.ScoreChartDataIn(ctx, bot.ByID(m.ID), lang.German)
		if err != nil {
			t.Fatal(err)
		}
		last := de.Scores[len(de.Scores)-1][0]
		if got, want := de.LegendLabel(0, last), de.Names[0]+": "+m.WordsIn(lang.German).Score(last); got != want || strings.Contains(got, " VP") {
			t.Errorf("%s: the German legend reads %q, want %q", rec.Game, got, want)
		}
		if want := map[string]string{"brass": "SP", "urbanization": "SP", "smoky-valley": "Prestige", "pebbles": "Siege"}[rec.Game]; de.Unit != want {
			t.Errorf("%s: the German chart's unit is %q, want %q", rec.Game, de.Unit, want)
		}
		t.Logf("%s: axis %q, German legend %q", rec.Game, drawn, de.LegendLabel(0, last))
	}
}

// TestBreakdownWordedAsCategories: a result's breakdown is scoring
// categories with their points as bare numbers, in every game and
// language: never a stat's label or value of the same key (Brass's
// "money" category is 1 VP, not "£1").
func TestBreakdownWordedAsCategories(t *testing.T) {
	for _, g := range []engine.Game{brass.New(), smokyvalley.New(), urbanization.New()} {
		info := g.Info()
		by := map[string]int{}
		for _, c := range info.Scoring {
			by[c.Key] = 1
		}
		r := bot.SeatResult{Breakdown: engine.ScoreBreakdown(info.Scoring, by, len(info.Scoring))}
		for _, l := range lang.Supported {
			w := engine.WordsFor(info, l, nil)
			want := make([]string, len(info.Scoring))
			for i, c := range info.Scoring {
				want[i] = w.Category(c) + " 1"
			}
			if got := r.BreakdownTextIn(w); got != strings.Join(want, ", ") {
				t.Errorf("%s %s: %q, want %q", info.ID, l, got, strings.Join(want, ", "))
			}
			for _, b := range w.Breakdown(r.Breakdown) {
				if b.Text != "1" {
					t.Errorf("%s %s: %s worded %q, want the bare number", info.ID, l, b.Key, b.Text)
				}
			}
		}
	}
	money := bot.SeatResult{Breakdown: []engine.Stat{{Key: "money", Label: "Money (£10 each)", Value: 1}}}
	for l, want := range map[lang.Lang]string{lang.English: "Money (£10 each) 1", lang.German: "Bargeld (je 10 £) 1", lang.French: "Argent (10 £ chacun) 1"} {
		if got := money.BreakdownTextIn(engine.WordsFor(brass.New().Info(), l, nil)); got != want {
			t.Errorf("Brass %s: %q, want %q", l, got, want)
		}
	}
}
