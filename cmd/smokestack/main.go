// Command smokestack hosts rules-enforced board games for play-by-post:
// a Discord bot, or a local web playground, plus tools for match records.
//
//	smokestack [serve]                  Discord bot when DISCORD_TOKEN is set, else the web playground
//	smokestack replay FILE [--view N|public] [--lang L]  play a record, print the final status (or a view) as JSON
//	smokestack render FILE -o board.png [--seat N] [--lang L]
//	smokestack selfplay --game G [--seats N] --games K --seed S [--option K=V]... [--record FILE]
//	smokestack arena --game G --players LIST [--seats N] --games K --seed S [--option K=V]... [--json]
//	smokestack games                    each game: players, rules versions, score and options
//	smokestack backup DEST              copy the embedded store while it serves
//	smokestack export --all DIR         every match, the preferences and results to files; import DIR reads them back
//	smokestack migrate --from embedded --to redis   (or the reverse)
//
// Every command prints its own usage and flags with -h. main does
// configuration and wiring only; see package bot for the logic.
package main

import (
	"context"
	"errors"
	"flag"
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

// commands are the subcommands as the usage lists them: a synopsis (its
// lines after the first indented by 8) and what the command does. The
// whole usage and each command's own (its -h) are made from them.
var commands = []struct{ name, synopsis, text string }{
	{"serve", "serve", `run the Discord bot when DISCORD_TOKEN is set, otherwise
the local web playground (default: http://127.0.0.1:8080)`},
	{"replay", "replay FILE [--view N|public] [--lang L]", `play a match record; print the final status as JSON, or
with --view the final view of seat N (1-based) or the public one;
--lang words the status's texts in en, de or fr (default en)`},
	{"render", "render FILE -o OUT.png [--seat N] [--lang L]", `draw the position at the end of a record (seat 1-based;
0 or absent: the public board) with its words in L (en, de, fr)`},
	{"selfplay", "selfplay --game G [--seats N] [--games K] [--seed S]\n[--option KEY=VALUE]... [--record FILE]", `random legal playouts (seats: default the game's minimum);
report speed and any invariant failure; --option sets a match
option (repeatable), --record writes the first playout's record`},
	{"arena", "arena --game G --players LIST [--seats N] [--games K] [--seed S]\n[--budget D] [--iterations N] [--option KEY=VALUE]... [--json]", `games between computer players (LIST: one level per seat,
comma-separated: random, greedy, easy, normal, strong; seats:
default the game's minimum), seats rotating each game; prints
each level's wins, games, mean score, iterations and move time
p50/p95 (wall clock and CPU); --budget caps every search per move
(e.g. 200ms), --iterations fixes its size; --option sets a match
option (repeatable); with --json the last line is the result as
JSON, every game's seed, levels and scores included`},
	{"games", "games", `list the games this build offers: players, rules versions,
score and options`},
	{"backup", "backup DEST", `copy the embedded store (DATA_DIR) into the new directory
DEST, consistently, while the bot may be serving it`},
	{"export", "export --all DIR", `write every match of the store to DIR: ID.json (the match
whole: setup, channel, seats, status, turn clock, snapshot
and log), ID.txt (its match record) for a started match,
preferences.json (the players' and servers' settings) and
results.json (the kept results of finished matches, /stats)`},
	{"import", "import DIR", `store every ID.json, the preferences and the results of DIR
(the bot stopped)`},
	{"migrate", "migrate --from embedded --to redis", `copy every match from DATA_DIR to REDIS_URL, or the reverse
(--from redis --to embedded), checking each copy`},
	{"help", "help", "this text"},
}

// usage is the whole program's usage: every command.
var usage = func() string {
	const col = 30 // where a command's description begins
	var b strings.Builder
	b.WriteString("usage: smokestack [command] [arguments]\n\ncommands:\n")
	for _, c := range commands {
		syn := strings.Split(c.synopsis, "\n")
		text := strings.Split(c.text, "\n")
		for i, l := range syn {
			if i > 0 {
				l = "      " + l
			}
			line := "  " + l
			if i == len(syn)-1 && len(line) < col-1 {
				b.WriteString(line + strings.Repeat(" ", col-len(line)) + text[0] + "\n")
				text = text[1:]
				continue
			}
			b.WriteString(line + "\n")
		}
		for _, l := range text {
			b.WriteString(strings.Repeat(" ", col) + l + "\n")
		}
	}
	b.WriteString("\nConfiguration comes from the environment and ./.env; see .env.example.\n")
	return b.String()
}()

// commandUsage is one command's usage, with its flags when fs is not nil.
func commandUsage(name string, fs *flag.FlagSet) string {
	var b strings.Builder
	for _, c := range commands {
		if c.name != name {
			continue
		}
		b.WriteString("usage: smokestack " + strings.ReplaceAll(c.synopsis, "\n", "\n         ") + "\n\n")
		for _, l := range strings.Split(c.text, "\n") {
			b.WriteString("  " + l + "\n")
		}
	}
	if fs != nil {
		b.WriteString("\nflags:\n")
		fs.SetOutput(&b)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return b.String()
}

// helpError is what a command returns when its arguments ask for help
// (-h, -help, --help): run prints the command's usage (with the flags of
// fs, if any) on stdout and exits 0.
type helpError struct {
	cmd string
	fs  *flag.FlagSet
}

func (e helpError) Error() string { return e.cmd + ": help requested" }

// isHelp is an argument that asks for help.
func isHelp(arg string) bool { return arg == "-h" || arg == "-help" || arg == "--help" }

// exit codes
const (
	exitOK    = 0
	exitFail  = 1 // the command ran and found a problem (illegal move, invariant failure)
	exitUsage = 2 // bad arguments or configuration
)

// run is the whole program; tests call it directly.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, environ []string, cat catalog) int {
	cmd := "serve"
	if len(args) > 0 && (len(args[0]) == 0 || args[0][0] != '-' || isHelp(args[0])) {
		cmd, args = args[0], args[1:]
	}
	// A command without flags of its own takes -h among its arguments as
	// a request for help (the others' flag sets see it).
	switch cmd {
	case "serve", "games", "backup", "import":
		for _, a := range args {
			if isHelp(a) {
				fmt.Fprint(stdout, commandUsage(cmd, nil))
				return exitOK
			}
		}
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
	var help helpError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &help):
		fmt.Fprint(stdout, commandUsage(help.cmd, help.fs))
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
