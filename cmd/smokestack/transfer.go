package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/transfer"
)

// The transfer commands work on the store the configuration names
// (REDIS_URL, else DATA_DIR), with the bot stopped: the embedded store
// admits one process at a time, and a match imported while a bot plays
// in its channel could be overwritten.

// exportCmd writes every match of the store to dir: ID.json (the match
// whole, as transfer.Dump) and, for a started match, ID.txt (its match
// record, docs/record-format.md); and preferences.json, the players' and
// servers' preferences (away, quiet hours, reminders by DM, server
// defaults); and results.json, the kept results of finished matches
// (/stats).
func exportCmd(ctx context.Context, args []string, stdout, stderr io.Writer, environ []string, cat catalog) error {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	all := fs.Bool("all", false, "export every match")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return helpError{"export", fs}
	}
	if err != nil || !*all || len(pos) != 1 {
		return fmt.Errorf("%w: export --all DIR", errUsage)
	}
	dir := pos[0]
	cfg, log, err := toolConfig(environ, stderr)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg, nil, log)
	if err != nil {
		return err
	}
	defer st.Close()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	svc, err := bot.New(bot.Config{Games: cat.games, Store: st, Log: log})
	if err != nil {
		return err
	}
	ids, err := transfer.IDs(ctx, st)
	if err != nil {
		return err
	}
	n, records := 0, 0
	for _, id := range ids {
		d, err := transfer.Read(ctx, st, id)
		if errors.Is(err, storage.ErrNotFound) {
			continue // expired since it was listed
		}
		if err != nil {
			return fmt.Errorf("smokestack: export match %s: %w", id, err)
		}
		if err := writeJSON(filepath.Join(dir, id+".json"), d); err != nil {
			return err
		}
		n++
		if d.State != nil {
			rec, err := svc.Export(ctx, bot.ByID(id))
			if err != nil {
				fmt.Fprintf(stderr, "match %s: no match record (%v); its .json has everything\n", id, err)
				continue
			}
			if err := os.WriteFile(filepath.Join(dir, id+".txt"), []byte(rec), 0o644); err != nil {
				return err
			}
			records++
		}
	}
	prefs, err := transfer.ReadPrefs(ctx, st)
	if err != nil {
		return fmt.Errorf("smokestack: export preferences: %w", err)
	}
	if err := writeJSON(filepath.Join(dir, prefsFile), prefs); err != nil {
		return err
	}
	results, err := transfer.ReadResults(ctx, st)
	if err != nil {
		return fmt.Errorf("smokestack: export results: %w", err)
	}
	if err := writeJSON(filepath.Join(dir, resultsFile), results); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "exported %d matches to %s (%d with a match record), %d preferences and %d results\n", n, dir, records, len(prefs), len(results))
	return nil
}

// prefsFile holds the players' and servers' preferences in an export.
const prefsFile = "preferences.json"

// resultsFile holds the kept results of finished matches (/stats) in an
// export.
const resultsFile = "results.json"

// importCmd stores every ID.json of dir in the configured store. A match
// whose ID the store holds already is left as it is and reported; so is
// one whose game this build does not offer or whose snapshot it cannot
// read.
func importCmd(ctx context.Context, args []string, stdout, stderr io.Writer, environ []string, cat catalog) error {
	if len(args) != 1 {
		return fmt.Errorf("%w: import DIR", errUsage)
	}
	all, err := filepath.Glob(filepath.Join(args[0], "*.json"))
	if err != nil {
		return err
	}
	var files []string
	for _, f := range all {
		if b := filepath.Base(f); b != prefsFile && b != resultsFile {
			files = append(files, f)
		}
	}
	if len(files) == 0 {
		return fmt.Errorf("%w: no match files (*.json) in %s", errUsage, args[0])
	}
	sort.Strings(files)
	cfg, log, err := toolConfig(environ, stderr)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, cfg, nil, log)
	if err != nil {
		return err
	}
	defer st.Close()
	var dumps []transfer.Dump
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		var d transfer.Dump
		if err := json.Unmarshal(data, &d); err != nil {
			return fmt.Errorf("smokestack: %s: %w", f, err)
		}
		dumps = append(dumps, d)
	}
	prefs := map[string][]byte{}
	if data, err := os.ReadFile(filepath.Join(args[0], prefsFile)); err == nil {
		if err := json.Unmarshal(data, &prefs); err != nil {
			return fmt.Errorf("smokestack: %s: %w", prefsFile, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	var results []storage.Result // none in an export made before results were kept
	if data, err := os.ReadFile(filepath.Join(args[0], resultsFile)); err == nil {
		if err := json.Unmarshal(data, &results); err != nil {
			return fmt.Errorf("smokestack: %s: %w", resultsFile, err)
		}
	} else if !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return copyAll(ctx, dumps, prefs, results, st, stdout, stderr, cat, "imported")
}

// migrateCmd copies every match from one store to the other: --from
// embedded (DATA_DIR) --to redis (REDIS_URL), or the reverse. Each match
// is read back from the target and compared with the source.
func migrateCmd(ctx context.Context, args []string, stdout, stderr io.Writer, environ []string, cat catalog) error {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	from := fs.String("from", "", "embedded or redis")
	to := fs.String("to", "", "embedded or redis")
	pos, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return helpError{"migrate", fs}
	}
	if err != nil || len(pos) != 0 || *from == *to ||
		(*from != "embedded" && *from != "redis") || (*to != "embedded" && *to != "redis") {
		return fmt.Errorf("%w: migrate --from embedded --to redis (or --from redis --to embedded)", errUsage)
	}
	cfg, log, err := toolConfig(environ, stderr)
	if err != nil {
		return err
	}
	open := func(kind string) (storage.Store, error) {
		if kind == "redis" {
			return openRedis(ctx, cfg, storeOpts(cfg, log), log)
		}
		return openEmbedded(cfg, storeOpts(cfg, log), log)
	}
	src, err := open(*from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := open(*to)
	if err != nil {
		return err
	}
	defer dst.Close()
	ids, err := transfer.IDs(ctx, src)
	if err != nil {
		return err
	}
	var dumps []transfer.Dump
	for _, id := range ids {
		d, err := transfer.Read(ctx, src, id)
		if errors.Is(err, storage.ErrNotFound) {
			continue
		}
		if err != nil {
			return fmt.Errorf("smokestack: read match %s: %w", id, err)
		}
		dumps = append(dumps, d)
	}
	prefs, err := transfer.ReadPrefs(ctx, src)
	if err != nil {
		return fmt.Errorf("smokestack: read preferences: %w", err)
	}
	results, err := transfer.ReadResults(ctx, src)
	if err != nil {
		return fmt.Errorf("smokestack: read results: %w", err)
	}
	return copyAll(ctx, dumps, prefs, results, dst, stdout, stderr, cat, "migrated "+*from+" -> "+*to+":")
}

// copyAll writes the dumps to st and reads each back to compare, then
// the preferences and match results the store does not hold; it reports
// every match it could not copy and every preference or result it left as
// the store had it, and fails when a match was not copied.
func copyAll(ctx context.Context, dumps []transfer.Dump, prefs map[string][]byte, results []storage.Result, st storage.Store, stdout, stderr io.Writer, cat catalog, verb string) error {
	done, skipped := 0, 0
	for _, d := range dumps {
		if err := checkGame(d, cat); err != nil {
			fmt.Fprintf(stderr, "match %s: not copied: %v\n", d.Match.ID, err)
			skipped++
			continue
		}
		if err := transfer.Write(ctx, st, d); err != nil {
			fmt.Fprintf(stderr, "match %s: not copied: %v\n", d.Match.ID, err)
			skipped++
			continue
		}
		back, err := transfer.Read(ctx, st, d.Match.ID)
		if err == nil {
			err = transfer.Same(d, back)
		}
		if err != nil {
			return fmt.Errorf("smokestack: match %s reads back wrong: %w", d.Match.ID, err)
		}
		done++
	}
	kept, err := transfer.WritePrefs(ctx, st, prefs)
	if err != nil {
		return fmt.Errorf("smokestack: preferences: %w", err)
	}
	for _, k := range kept {
		fmt.Fprintf(stderr, "preferences %s: the store holds others; left as they are\n", k)
	}
	keptResults, err := transfer.WriteResults(ctx, st, results)
	if err != nil {
		return fmt.Errorf("smokestack: results: %w", err)
	}
	for _, id := range keptResults {
		fmt.Fprintf(stderr, "result of match %s: the store holds another; left as it is\n", id)
	}
	fmt.Fprintf(stdout, "%s %d matches, %d not copied; %d preferences, %d left as the store had them; %d results, %d left as the store had them\n",
		verb, done, skipped, len(prefs)-len(kept), len(kept), len(results)-len(keptResults), len(keptResults))
	if skipped > 0 {
		return fmt.Errorf("smokestack: %d matches not copied (listed above)", skipped)
	}
	return nil
}

// checkGame refuses a match whose game this build does not offer or whose
// snapshot the game cannot read.
func checkGame(d transfer.Dump, cat catalog) error {
	g, err := cat.games.Get(d.Match.Game)
	if err != nil {
		return err
	}
	if d.State != nil {
		if _, err := g.UnmarshalState(d.State); err != nil {
			return fmt.Errorf("its snapshot does not decode: %w", err)
		}
	}
	return nil
}

// toolConfig is the configuration and a logger for the store commands:
// warnings and errors only, as text on stderr.
func toolConfig(environ []string, stderr io.Writer) (config, *slog.Logger, error) {
	cfg, err := loadConfig(environ, ".env")
	if err != nil {
		return config{}, nil, err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	for _, w := range cfg.Warnings {
		log.Warn("configuration: " + w)
	}
	return cfg, log, nil
}

func storeOpts(cfg config, log *slog.Logger) storage.Options {
	return storage.Options{AbandonAfter: cfg.AbandonAfter, Log: log, Timeout: cfg.StoreTimeout}
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
