package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/render"
)

// loadRecord reads and replays a record file. On a bad move the result
// holds the game up to it and err names the line, the move and the rule.
func loadRecord(path string, cat catalog) (engine.Game, engine.Record, engine.Result, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, engine.Record{}, engine.Result{}, fmt.Errorf("smokestack: %w", err)
	}
	defer f.Close()
	rec, err := engine.ParseRecord(f)
	if err != nil {
		return nil, rec, engine.Result{}, fmt.Errorf("smokestack: %s: %w", path, err)
	}
	g, err := cat.games.Get(rec.Game)
	if err != nil {
		return nil, rec, engine.Result{}, fmt.Errorf("smokestack: %s: %w", path, err)
	}
	res, err := engine.Replay(g, rec)
	if err != nil {
		// A *engine.ReplayError names the line, the move, the seat and the rule.
		return g, rec, res, fmt.Errorf("smokestack: %s: %w", path, err)
	}
	return g, rec, res, nil
}

// statusJSON is replay's output. Seats are 1-based, as players count them.
type statusJSON struct {
	Game     string     `json:"game"`
	Rules    int        `json:"rules"`
	Moves    int        `json:"moves"`
	Phase    string     `json:"phase"`
	Finished bool       `json:"finished"`
	Active   []int      `json:"active"`
	Seats    []seatJSON `json:"seats"`
	Ranking  []int      `json:"ranking,omitempty"`
	TieBreak string     `json:"tiebreak,omitempty"`
}

type seatJSON struct {
	Seat   int           `json:"seat"`
	Player string        `json:"player,omitempty"`
	Score  int           `json:"score"`
	Stats  []engine.Stat `json:"stats,omitempty"`
}

// toStatusJSON is the final status of a replayed record, its texts (the
// phase, the tie-break, the stats' labels and values) worded by w
// (engine.Words: the English fields for English, byte for byte). The
// record's own Result header stays English: it is notation
// (docs/i18n.md, Decisions, "A record stays English").
func toStatusJSON(rec engine.Record, res engine.Result, w engine.Words) statusJSON {
	s := res.Status
	out := statusJSON{Game: rec.Game, Rules: rec.Rules, Moves: len(res.Moves), Phase: s.Phase, Finished: s.Finished,
		Active: []int{}, TieBreak: s.TieBreak}
	if w.Lang != lang.Fallback {
		out.Phase, out.TieBreak = w.Phase(s), w.TieBreak(s)
	}
	for _, a := range s.Active {
		out.Active = append(out.Active, a+1)
	}
	for _, r := range s.Ranking {
		out.Ranking = append(out.Ranking, r+1)
	}
	for _, st := range s.Seats {
		sj := seatJSON{Seat: st.Seat + 1, Score: st.Score, Stats: st.Stats}
		if w.Lang != lang.Fallback {
			sj.Stats = make([]engine.Stat, len(st.Stats))
			for i, x := range st.Stats {
				x.Label, x.Text = w.StatLabel(x), w.StatValue(x)
				sj.Stats[i] = x
			}
		}
		if st.Seat < len(rec.Players) {
			sj.Player = rec.Players[st.Seat]
		}
		out.Seats = append(out.Seats, sj)
	}
	return out
}

func replayCmd(args []string, stdout io.Writer, cat catalog) error {
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	view := fs.String("view", "", `print the final view of this seat (1-based) or "public" instead of the status`)
	langFlag := fs.String("lang", "", "the language of the status's texts: en, de or fr")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return helpError{"replay", fs}
	}
	if err != nil {
		return fmt.Errorf("%w: replay: %v", errUsage, err)
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: replay takes one record file", errUsage)
	}
	l, err := langArg(*langFlag)
	if err != nil {
		return err
	}
	g, rec, res, err := loadRecord(pos[0], cat)
	if err != nil {
		return err
	}
	var out any = toStatusJSON(rec, res, engine.WordsFor(g.Info(), l, rec.Players))
	if *view != "" {
		viewer, err := viewerArg(*view, rec.Seats)
		if err != nil {
			return err
		}
		out = g.View(res.State, viewer)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// langArg reads --lang (lang.Parse: a code, a tag or a language's name);
// empty is English. An unknown language is bad input, refused with the
// list of languages.
func langArg(s string) (lang.Lang, error) {
	if s == "" {
		return lang.Fallback, nil
	}
	l, err := lang.Parse(s)
	if err != nil {
		return "", fmt.Errorf("%w: --lang: %v", errUsage, err)
	}
	return l, nil
}

// viewerArg reads --view: a 1-based seat of the record, or "public" for the
// spectator's view.
func viewerArg(v string, seats int) (int, error) {
	if v == "public" {
		return engine.Spectator, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 || n > seats {
		return 0, fmt.Errorf("%w: --view %q: the record has seats 1 to %d, or use public", errUsage, v, seats)
	}
	return n - 1, nil
}

func renderCmd(args []string, stdout io.Writer, cat catalog) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("o", "", "output PNG file")
	seat := fs.Int("seat", 0, "the seat whose view to draw, 1-based; 0 for the public board")
	langFlag := fs.String("lang", "", "the language of the images' words: en, de or fr")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return helpError{"render", fs}
	}
	if err != nil {
		return fmt.Errorf("%w: render: %v", errUsage, err)
	}
	if len(pos) != 1 || *out == "" {
		return fmt.Errorf("%w: render takes one record file and -o OUT.png", errUsage)
	}
	l, err := langArg(*langFlag)
	if err != nil {
		return err
	}
	g, rec, res, err := loadRecord(pos[0], cat)
	if err != nil {
		return err
	}
	if *seat < 0 || *seat > rec.Seats {
		return fmt.Errorf("%w: --seat %d: the record has seats 1 to %d (0 for the public board)", errUsage, *seat, rec.Seats)
	}
	viewer := *seat - 1 // 0 becomes engine.Spectator
	imgs, err := cat.renderers.Images(g.Info().ID, render.Scene{View: g.View(res.State, viewer), Seat: viewer, Names: rec.Players, Lang: l})
	if err != nil {
		return fmt.Errorf("smokestack: render: %w", err)
	}
	// The first image (the main board) goes to OUT; any others beside it,
	// named after OUT and the renderer's file name: board-players.png ...
	stem := strings.TrimSuffix(*out, filepath.Ext(*out))
	for i, im := range imgs {
		path := *out
		if i > 0 {
			path = stem + "-" + im.Name
		}
		if err := os.WriteFile(path, im.PNG, 0o644); err != nil {
			return fmt.Errorf("smokestack: %w", err)
		}
		fmt.Fprintf(stdout, "wrote %s (%s, %d bytes, %d moves)\n", path, im.Title, len(im.PNG), len(res.Moves))
	}
	return nil
}

// parseInterspersed parses flags that may come before or after the
// positional arguments, and returns the positional ones.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}
