package main

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/joho/godotenv"
	"github.com/redis/go-redis/v9"
)

// errConfig is every configuration error; main prints it and exits 2.
var errConfig = errors.New("smokestack: invalid configuration")

// variable is one setting read from the environment or .env. The list is
// the single source of .env.example (a test keeps them in step).
type variable struct {
	name, def, help string
}

// aliases are other accepted names of a variable (set both and they must
// agree).
var aliases = map[string]string{
	"DISCORD_APPLICATION_ID": "DISCORD_APP_ID",
}

var variables = []variable{
	{"DISCORD_TOKEN", "", "Discord bot token. When set, `serve` runs the Discord bot; when empty, the local web playground."},
	{"DISCORD_APP_ID", "", "Discord application ID (required in http mode; gateway mode learns it at login). DISCORD_APPLICATION_ID, the name many bot templates use, is accepted too. When set, it must be the application of DISCORD_TOKEN: the bot checks at login and stops otherwise."},
	{"DISCORD_PUBLIC_KEY", "", "Hex Ed25519 public key of the application (required in http mode)."},
	{"DISCORD_MODE", "gateway", "How interactions arrive: gateway (websocket, no public endpoint) or http (signed POSTs)."},
	{"DISCORD_HTTP_ADDR", ":8081", "Listen address of the interactions endpoint in http mode (path /interactions)."},
	{"DISCORD_API_BASE", "https://discord.com", "Base URL for Discord REST calls, e.g. a REST proxy."},
	{"DISCORD_GUILD_ID", "", "Register the slash commands in this one server only (instant updates, for development)."},
	{"DISCORD_DEFAULT_GAME", "", "The game ID /play opens when none is named (empty: the only game when the build offers one, else /play asks)."},
	{"DISCORD_SHARD_COUNT", "", "Gateway mode: the number of shards (empty: the count Discord recommends at start). Discord requires sharding from 2,500 servers per shard and recommends about one shard per 1,000 servers. Not used in http mode, which needs no shards."},
	{"DISCORD_SHARD_ID", "", "Gateway mode: the shards this process runs, comma-separated (e.g. 0 or 2,3), to split the shards among processes sharing one Redis; empty: every shard, all in this process."},
	{"REDIS_URL", "", "Redis URL (redis://[:password@]host:6379/0 or unix:///path). When set, matches are stored in Redis; when empty, in the embedded store."},
	{"REDIS_PREFIX", "ss", "Prefix of every Redis key, so several deployments can share one Redis."},
	{"REDIS_CLUSTER", "no", "yes: REDIS_URL names nodes of a Redis Cluster (redis://[:password@]host1:6379?addr=host2:6379&addr=host3:6379; one node is enough, the others are discovered) and the bot talks to it with a cluster client. Every key of a match shares one hash tag, so each match lives in one slot."},
	{"REDIS_WAIT_REPLICAS", "0", "After each commit, wait until this many replicas of the match's Redis master hold it (WAIT), so a failover cannot lose an acknowledged move. 1 with a Redis Cluster or replicated Redis; 0 without replicas. A commit not confirmed in time is reported to the player as unconfirmed."},
	{"REDIS_COMPACT", "1", "1 (the default) writes matches in Redis in the compact form (log entries packed and compressed, snapshot compressed: about half the memory); 0 keeps the old form. Every release since the one that introduced it reads both forms; set 0 only while a process of an older release still shares the Redis (see the README, operations)."},
	{"REDIS_WAIT_TIMEOUT", "1s", "How long a commit waits for REDIS_WAIT_REPLICAS replicas (Go duration, less than SMOKESTACK_STORE_TIMEOUT)."},
	{"DATA_DIR", "./data", "Directory of the embedded store (used when REDIS_URL is empty)."},
	{"PLAYGROUND_ADDR", "127.0.0.1:8080", "Listen address of the local web playground (used when DISCORD_TOKEN is empty). Keep it on localhost: the playground has no accounts."},
	{"PLAYGROUND_HOSTS", "", "Comma-separated host names the playground answers to besides localhost, to expose it deliberately (behind your own access control). Requests naming any other host are refused, which stops DNS rebinding."},
	{"SMOKESTACK_ABANDON_AFTER", "720h", "An open match without a move for this long ends: its players are warned 3 days before (in its Discord channel, or on its playground page) and then it ends as abandoned, kept for export like a finished one (Go duration, e.g. 720h). The store deletes an open match only if nothing ended it within 14 more days."},
	{"SMOKESTACK_COMPUTER_DELAY", "3s", "The pause before a computer player moves, so that a channel reads like a game rather than a burst of posts (Go duration, 0s to 10m)."},
	{"SMOKESTACK_DELETE_FINISHED_AFTER", "off", "Delete a finished or abandoned (aborted) match, with its log, this long after it ended (Go duration of at least 24h, e.g. 2160h for 90 days); off keeps them for export for ever. It applies to matches that end while it is set: each keeps the limit it ended with."},
	{"SMOKESTACK_STORE_TIMEOUT", "3s", "How long one storage call may wait for Redis (Go duration). A call that takes longer fails and the user is told the store is not answering, instead of waiting for a frozen server."},
	{"SMOKESTACK_OPS_ADDR", "127.0.0.1:9090", "Listen address of the operator endpoint: /healthz (alive), /readyz (store and Discord ready) and /metrics (Prometheus). Loopback by default; off disables it."},
	{"SMOKESTACK_DRAIN_TIMEOUT", "20s", "On SIGTERM or Ctrl-C, how long the bot waits for the interactions in flight to be answered and posted before it closes the store and exits (Go duration; keep it below the platform's kill timeout, 30 s on Kubernetes and Docker by default)."},
	{"SMOKESTACK_LOG_LEVEL", "info", "Log level: debug, info, warn or error."},
	{"SMOKESTACK_LOG_FORMAT", "text", "Log format: text or json."},
}

// prefixes whose unknown variables in the environment are reported (a typo
// such as DISCORD_TOKN should not go unnoticed); other environment
// variables belong to the host.
var prefixes = []string{"SMOKESTACK_", "DISCORD_", "PLAYGROUND_", "REDIS_"}

// testVariables are the variables only a test build reads
// (testclock_testgames.go); a release build has none, so it reports them
// as unknown and ignores them.
var testVariables []string

// config is the validated configuration.
type config struct {
	DiscordToken, DiscordAppID, DiscordPublicKey, DiscordMode, DiscordHTTPAddr string
	DiscordAPIBase, DiscordGuildID, DiscordDefaultGame                         string
	DiscordShardCount                                                          int
	DiscordShardIDs                                                            []int

	RedisURL, RedisPrefix string
	RedisCluster          bool
	RedisWaitReplicas     int
	RedisCompact          bool
	RedisWaitTimeout      time.Duration
	DataDir               string
	PlaygroundAddr        string
	PlaygroundHosts       []string
	AbandonAfter          time.Duration
	ComputerDelay         time.Duration
	DeleteFinishedAfter   time.Duration // zero: never
	StoreTimeout          time.Duration
	OpsAddr               string // "" when off
	DrainTimeout          time.Duration
	LogLevel              slog.Level
	LogJSON               bool

	// Warnings are the unknown variables found, each with the closest
	// known name; serve logs them. They do not stop the program: hosts and
	// bot templates set variables of their own.
	Warnings []string
}

// loadConfig reads the environment, then the .env file at envFile (if it
// exists) for variables the environment does not set. An unknown key in
// .env, or an unknown variable with one of our prefixes in the
// environment, is a warning naming the closest known variable (Kubernetes
// service links such as SMOKESTACK_SERVICE_HOST are ignored); invalid
// values are errors.
func loadConfig(environ []string, envFile string) (config, error) {
	vals := map[string]string{}
	var problems, warnings []string
	canonical := func(k string) (string, bool) {
		if n, ok := aliases[k]; ok {
			return n, true
		}
		for _, v := range variables {
			if v.name == k {
				return v.name, true
			}
		}
		return "", false
	}
	// byName holds each name's value as given (aliases apart), the
	// environment over the file.
	byName := map[string]string{}
	if envFile != "" {
		file, err := godotenv.Read(envFile)
		switch {
		case errors.Is(err, os.ErrNotExist):
		case err != nil:
			return config{}, fmt.Errorf("%w: read %s: %v", errConfig, envFile, err)
		default:
			for k, v := range file {
				if _, ok := canonical(k); !ok {
					warnings = append(warnings, fmt.Sprintf("%s sets unknown variable %s (ignored; the closest known one is %s)", envFile, k, closest(k)))
					continue
				}
				byName[k] = v
			}
		}
	}
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		if _, ok := canonical(k); ok {
			byName[k] = v
			continue
		}
		for _, p := range prefixes {
			if strings.HasPrefix(k, p) && !serviceLink(k) && !slices.Contains(testVariables, k) {
				warnings = append(warnings, fmt.Sprintf("unknown environment variable %s (ignored; the closest known one is %s)", k, closest(k)))
			}
		}
	}
	for k, v := range byName {
		if _, alias := aliases[k]; !alias {
			vals[k] = v
		}
	}
	for alias, name := range aliases {
		a := byName[alias]
		if a == "" {
			continue
		}
		if v := vals[name]; v != "" && v != a {
			problems = append(problems, fmt.Sprintf("%s=%q and %s=%q disagree (they name the same setting)", name, v, alias, a))
		}
		vals[name] = a
	}
	get := func(k string) string {
		if v, ok := vals[k]; ok && v != "" {
			return v
		}
		for _, v := range variables {
			if v.name == k {
				return v.def
			}
		}
		return ""
	}
	c := config{
		DiscordToken:       get("DISCORD_TOKEN"),
		DiscordAppID:       get("DISCORD_APP_ID"),
		DiscordPublicKey:   get("DISCORD_PUBLIC_KEY"),
		DiscordMode:        get("DISCORD_MODE"),
		DiscordHTTPAddr:    get("DISCORD_HTTP_ADDR"),
		DiscordAPIBase:     get("DISCORD_API_BASE"),
		DiscordGuildID:     get("DISCORD_GUILD_ID"),
		DiscordDefaultGame: get("DISCORD_DEFAULT_GAME"),
		RedisURL:           get("REDIS_URL"),
		RedisPrefix:        get("REDIS_PREFIX"),
		DataDir:            get("DATA_DIR"),
		PlaygroundAddr:     get("PLAYGROUND_ADDR"),
		PlaygroundHosts:    splitList(get("PLAYGROUND_HOSTS")),
	}
	if c.DiscordMode != "gateway" && c.DiscordMode != "http" {
		problems = append(problems, fmt.Sprintf("DISCORD_MODE=%q: want gateway or http", c.DiscordMode))
	}
	var d time.Duration
	var err error
	if v := get("DISCORD_SHARD_COUNT"); v != "" {
		if n, err := strconv.Atoi(v); err != nil || n < 1 {
			problems = append(problems, fmt.Sprintf("DISCORD_SHARD_COUNT=%q: want a whole number from 1, or empty for Discord's recommendation", v))
		} else {
			c.DiscordShardCount = n
		}
	}
	for _, f := range splitList(get("DISCORD_SHARD_ID")) {
		n, err := strconv.Atoi(f)
		switch {
		case err != nil || n < 0:
			problems = append(problems, fmt.Sprintf("DISCORD_SHARD_ID=%q: want shard numbers from 0, comma-separated", get("DISCORD_SHARD_ID")))
		case c.DiscordShardCount > 0 && n >= c.DiscordShardCount:
			problems = append(problems, fmt.Sprintf("DISCORD_SHARD_ID=%q: shard %d is not below DISCORD_SHARD_COUNT=%d", get("DISCORD_SHARD_ID"), n, c.DiscordShardCount))
		default:
			c.DiscordShardIDs = append(c.DiscordShardIDs, n)
			continue
		}
		break
	}
	if len(c.DiscordShardIDs) > 0 && c.DiscordShardCount == 0 {
		problems = append(problems, "DISCORD_SHARD_ID is set without DISCORD_SHARD_COUNT: processes that split the shards must agree on their count")
	}
	if len(c.DiscordShardIDs) > 0 && c.DiscordMode == "http" {
		problems = append(problems, "DISCORD_SHARD_ID is for gateway mode; in http mode every replica takes any interaction")
	}
	c.OpsAddr = get("SMOKESTACK_OPS_ADDR")
	if c.OpsAddr == "off" {
		c.OpsAddr = ""
	} else if _, _, err := net.SplitHostPort(c.OpsAddr); err != nil {
		problems = append(problems, fmt.Sprintf("SMOKESTACK_OPS_ADDR=%q: want host:port or off", c.OpsAddr))
	}
	if c.DrainTimeout, err = time.ParseDuration(get("SMOKESTACK_DRAIN_TIMEOUT")); err != nil || c.DrainTimeout <= 0 {
		problems = append(problems, fmt.Sprintf("SMOKESTACK_DRAIN_TIMEOUT=%q: want a positive Go duration such as 20s", get("SMOKESTACK_DRAIN_TIMEOUT")))
	}
	for _, k := range []string{"DISCORD_HTTP_ADDR", "PLAYGROUND_ADDR"} {
		if _, _, err := net.SplitHostPort(get(k)); err != nil {
			problems = append(problems, fmt.Sprintf("%s=%q: want host:port", k, get(k)))
		}
	}
	if u, err := url.Parse(c.DiscordAPIBase); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		problems = append(problems, fmt.Sprintf("DISCORD_API_BASE=%q: want an http(s) URL", c.DiscordAPIBase))
	}
	switch v := get("REDIS_CLUSTER"); v {
	case "yes", "true", "1":
		c.RedisCluster = true
	case "no", "false", "0":
	default:
		problems = append(problems, fmt.Sprintf("REDIS_CLUSTER=%q: want yes or no", v))
	}
	if c.RedisURL != "" {
		var err error
		if c.RedisCluster {
			_, err = redis.ParseClusterURL(c.RedisURL)
		} else {
			_, err = redis.ParseURL(c.RedisURL)
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("REDIS_URL: %v", err))
		}
	}
	if n, err := strconv.Atoi(get("REDIS_WAIT_REPLICAS")); err != nil || n < 0 {
		problems = append(problems, fmt.Sprintf("REDIS_WAIT_REPLICAS=%q: want a whole number, 0 or more", get("REDIS_WAIT_REPLICAS")))
	} else {
		c.RedisWaitReplicas = n
	}
	switch get("REDIS_COMPACT") {
	case "0":
	case "1", "":
		c.RedisCompact = true
	default:
		problems = append(problems, fmt.Sprintf("REDIS_COMPACT=%q: want 0 or 1", get("REDIS_COMPACT")))
	}
	if strings.ContainsAny(c.RedisPrefix, "{}: ") {
		problems = append(problems, fmt.Sprintf("REDIS_PREFIX=%q: no braces, colons or spaces", c.RedisPrefix))
	}
	d, err = time.ParseDuration(get("SMOKESTACK_ABANDON_AFTER"))
	if err != nil || d <= 0 {
		problems = append(problems, fmt.Sprintf("SMOKESTACK_ABANDON_AFTER=%q: want a positive Go duration such as 720h", get("SMOKESTACK_ABANDON_AFTER")))
	}
	c.AbandonAfter = d
	if c.ComputerDelay, err = time.ParseDuration(get("SMOKESTACK_COMPUTER_DELAY")); err != nil || c.ComputerDelay < 0 || c.ComputerDelay > 10*time.Minute {
		problems = append(problems, fmt.Sprintf("SMOKESTACK_COMPUTER_DELAY=%q: want a Go duration from 0s to 10m such as 3s", get("SMOKESTACK_COMPUTER_DELAY")))
	}
	if c.ComputerDelay == 0 {
		c.ComputerDelay = -1 // no pause (bot.Config: zero is the default)
	}
	if v := get("SMOKESTACK_DELETE_FINISHED_AFTER"); v != "off" {
		d, err := time.ParseDuration(v)
		if err != nil || d < minDeleteFinished {
			problems = append(problems, fmt.Sprintf("SMOKESTACK_DELETE_FINISHED_AFTER=%q: want off or a Go duration of at least %v such as 2160h", v, minDeleteFinished))
		}
		c.DeleteFinishedAfter = d
	}
	if c.StoreTimeout, err = time.ParseDuration(get("SMOKESTACK_STORE_TIMEOUT")); err != nil || c.StoreTimeout <= 0 {
		problems = append(problems, fmt.Sprintf("SMOKESTACK_STORE_TIMEOUT=%q: want a positive Go duration such as 3s", get("SMOKESTACK_STORE_TIMEOUT")))
	}
	if c.RedisWaitTimeout, err = time.ParseDuration(get("REDIS_WAIT_TIMEOUT")); err != nil || c.RedisWaitTimeout <= 0 {
		problems = append(problems, fmt.Sprintf("REDIS_WAIT_TIMEOUT=%q: want a positive Go duration such as 1s", get("REDIS_WAIT_TIMEOUT")))
	} else if c.StoreTimeout > 0 && c.RedisWaitTimeout >= c.StoreTimeout {
		problems = append(problems, fmt.Sprintf("REDIS_WAIT_TIMEOUT=%v: want less than SMOKESTACK_STORE_TIMEOUT (%v), or every wait would end as a timeout of the store", c.RedisWaitTimeout, c.StoreTimeout))
	}
	if err := c.LogLevel.UnmarshalText([]byte(get("SMOKESTACK_LOG_LEVEL"))); err != nil {
		problems = append(problems, fmt.Sprintf("SMOKESTACK_LOG_LEVEL=%q: want debug, info, warn or error", get("SMOKESTACK_LOG_LEVEL")))
	}
	switch f := get("SMOKESTACK_LOG_FORMAT"); f {
	case "text":
	case "json":
		c.LogJSON = true
	default:
		problems = append(problems, fmt.Sprintf("SMOKESTACK_LOG_FORMAT=%q: want text or json", f))
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return config{}, fmt.Errorf("%w:\n  %s\n(every variable is described in .env.example)", errConfig, strings.Join(problems, "\n  "))
	}
	sort.Strings(warnings)
	c.Warnings = warnings
	return c, nil
}

// minDeleteFinished is the shortest SMOKESTACK_DELETE_FINISHED_AFTER: the
// players of a match that just ended get at least a day to export it.
const minDeleteFinished = 24 * time.Hour

// closest is the known variable name nearest to k (fewest single-character
// edits; ties go to the first in the list).
func closest(k string) string {
	best, bestD := "", -1
	for _, v := range variables {
		if d := editDistance(k, v.name); bestD < 0 || d < bestD {
			best, bestD = v.name, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// serviceLink reports the variables Kubernetes and Docker links inject for
// a service named like one of our prefixes.
func serviceLink(k string) bool {
	return strings.HasSuffix(k, "_SERVICE_HOST") || strings.Contains(k, "_SERVICE_PORT") ||
		strings.HasSuffix(k, "_PORT") || strings.Contains(k, "_PORT_")
}

// splitList splits a comma-separated value, dropping empty items.
func splitList(v string) []string {
	var out []string
	for _, f := range strings.Split(v, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
