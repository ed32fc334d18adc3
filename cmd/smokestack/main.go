// Command smokestack hosts rules-enforced board games for play-by-post:
// a Discord bot, or a local web playground, plus tools for match records.
//
//	smokestack [serve]                  Discord bot when DISCORD_TOKEN is set, else the web playground
//	smokestack replay FILE [--view N|public] [--lang L]  play a record, print the final status (or a view) as JSON
//	smokestack render FILE -o board.png [--seat N] [--lang L]
//	smokestack selfplay --game G --seats N --games K --seed S
//	smokestack arena --game G --seats N --players LIST --games K --seed S [--json]
//	smokestack games                    each game: players, rules versions, score and options
//	smokestack backup DEST              copy the embedded store while it serves
//	smokestack export --all DIR         every match to files; import DIR reads them back
//	smokestack migrate --from embedded --to redis   (or the reverse)
//
// main does configuration and wiring only; see package bot for the logic.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr, os.Environ(), productCatalog()))
}

const usage = `usage: smokestack [command] [arguments]

commands:
  serve                       run the Discord bot when DISCORD_TOKEN is set, otherwise
                              the local web playground (default: http://127.0.0.1:8080)
  replay FILE [--view N|public] [--lang L]
                              play a match record; print the final status as JSON, or
                              with --view the final view of seat N (1-based) or the public one;
                              --lang words the status's texts in en, de or fr (default en)
  render FILE -o OUT.png [--seat N] [--lang L]
                              draw the position at the end of a record (seat 1-based;
                              0 or absent: the public board) with its words in L (en, de, fr)
  selfplay --game G [--seats N] [--games K] [--seed S]
                              random legal playouts; report speed and any invariant failure
  arena --game G --seats N --players LIST [--games K] [--seed S] [--budget D]
        [--iterations N] [--json]
                              games between computer players (LIST: one level per seat,
                              comma-separated: random, greedy, easy, normal, strong),
                              seats rotating each game; prints each level's wins, games,
                              mean score, iterations and move time p50/p95 (wall clock and
                              CPU); --budget caps every search per move (e.g. 200ms),
                              --iterations fixes its size;
                              with --json the last line is the result as JSON,
                              every game's seed, levels and scores included
  games                       list the games this build offers: players, rules versions,
                              score and options
  backup DEST                 copy the embedded store (DATA_DIR) into the new directory
                              DEST, consistently, while the bot may be serving it
  export --all DIR            write every match of the store to DIR: ID.json (the match
                              whole: setup, channel, seats, status, turn clock, snapshot
                              and log), ID.txt (its match record) for a started match,
                              and preferences.json (the players' and servers' settings)
  import DIR                  store every ID.json and the preferences of DIR (the bot stopped)
  migrate --from embedded --to redis
                              copy every match from DATA_DIR to REDIS_URL, or the reverse
                              (--from redis --to embedded), checking each copy
  help                        this text

Configuration comes from the environment and ./.env; see .env.example.
`

// exit codes
const (
	exitOK    = 0
	exitFail  = 1 // the command ran and found a problem (illegal move, invariant failure)
	exitUsage = 2 // bad arguments or configuration
)

// run is the whole program; tests call it directly.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, environ []string, cat catalog) int {
	cmd := "serve"
	if len(args) > 0 && (len(args[0]) == 0 || args[0][0] != '-' || args[0] == "-h" || args[0] == "-help" || args[0] == "--help") {
		cmd, args = args[0], args[1:]
	}
	// Nothing the process prints may hold a secret of its configuration.
	stderr = newRedactor(stderr, secretsIn(environ, ".env"))
	var err error
	switch cmd {
	case "serve":
		err = serve(ctx, args, stderr, environ, cat)
	case "replay":
		err = replayCmd(args, stdout, cat)
	case "render":
		err = renderCmd(args, stdout, cat)
	case "selfplay":
		err = selfplayCmd(args, stdout, cat)
	case "arena":
		err = arenaCmd(ctx, args, stdout, cat)
	case "games":
		gamesCmd(stdout, cat)
	case "backup":
		err = backupCmd(args, stdout, stderr, environ)
	case "export":
		err = exportCmd(ctx, args, stdout, stderr, environ, cat)
	case "import":
		err = importCmd(ctx, args, stdout, stderr, environ, cat)
	case "migrate":
		err = migrateCmd(ctx, args, stdout, stderr, environ, cat)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
	default:
		err = fmt.Errorf("%w: unknown command %q", errUsage, cmd)
	}
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, errUsage), errors.Is(err, errConfig):
		fmt.Fprintln(stderr, err)
		if errors.Is(err, errUsage) {
			fmt.Fprint(stderr, "\n"+usage)
		}
		return exitUsage
	default:
		fmt.Fprintln(stderr, err)
		return exitFail
	}
}

var errUsage = errors.New("smokestack: usage")

// gamesCmd prints what each game says of itself (engine.Info): its ID and
// name, summary, players, rules versions, score and options.
func gamesCmd(stdout io.Writer, cat catalog) {
	for i, g := range cat.games.Games() {
		info := g.Info()
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s  %s\n", info.ID, info.Name)
		if info.Summary != "" {
			fmt.Fprintf(stdout, "  %s\n", info.Summary)
		}
		fmt.Fprintf(stdout, "  players: %d-%d\n", info.MinSeats, info.MaxSeats)
		fmt.Fprintf(stdout, "  rules: %s (new matches: %d)\n", info.RulesRange(), info.RulesVersion)
		fmt.Fprintf(stdout, "  score: %s (%s)\n", info.Score.Name, info.Score.Short)
		if len(info.Options) == 0 {
			fmt.Fprintln(stdout, "  options: none")
			continue
		}
		fmt.Fprintln(stdout, "  options:")
		for _, o := range info.Options {
			values := "any value"
			if len(o.Values) > 0 {
				values = strings.Join(o.Values, "|")
			}
			fmt.Fprintf(stdout, "    %s=%s (default %s): %s\n", o.Key, values, o.Default, o.Help)
		}
	}
}
