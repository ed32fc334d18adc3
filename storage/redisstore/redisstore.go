// Package redisstore keeps matches in Redis (go-redis v9); it works on a
// single server and on Redis Cluster.
//
// # Keys
//
// Every key of one match carries the hash tag {m:<id>}, so they live in one
// Cluster slot and one Lua script may touch them all:
//
//	<prefix>:{m:<id>}:match            hash: v (version), rec (match JSON without the
//	                                   snapshot), state (the snapshot) or sz (compressed,
//	                                   compact form), ln and lz (packed log, compact form), status, users
//	                                   (seated user IDs), idx (users as last indexed),
//	                                   exp (expiry deadline, ms), rexp (when the real TTL runs out, ms),
//	                                   irexp (the rexp the index keys were last given)
//	<prefix>:{m:<id>}:log              list: one JSON log entry per move
//	<prefix>:{m:<id>}:idem:<request>   string with a TTL: a request already applied
//	<prefix>:{m:<id>}:lease            string with a TTL: the scheduler's lease (see due.go)
//
// The snapshot sits in the match hash rather than in a key of its own, so
// Get is one HMGET: atomic without MULTI and as cheap as a bare GET.
//
// The two indexes are keyed by channel and by user, so they live in other
// slots:
//
//	<prefix>:chan:<channel>   string: ID of the match holding the channel; expires
//	<prefix>:user:<user>      sorted set: match IDs scored by creation time (ms); expires
//	                          unless it lists a match that never expires
//	<prefix>:due              sorted set: match IDs scored by their turn clock's due
//	                          time (ms), never later than the match's own (see due.go)
//	<prefix>:prefs:<key>      string: a user's or a server's preferences (SetPrefs)
//
// # Commit
//
// Create and Commit are each one Lua script on the match's slot (EVALSHA,
// falling back to EVAL when the server lost its script cache). The commit
// script checks that the match exists and has not expired, then the
// request ID (a duplicate wins over a version conflict, so a retried
// request reports ErrDuplicate), then the version; it then writes the
// metadata and the snapshot, appends the log entry, sets the request
// marker, and sets or clears the TTLs, all or nothing.
//
// # Compact form
//
// With the Compact option (cmd/smokestack: REDIS_COMPACT=1) a commit
// writes the compact form, about half the memory of an idle match
// (docs/performance.md, Memory per idle match):
//
//   - a log entry is a JSON array [at, seat, move, request, note, undo]
//     (trailing empty fields left out; at in Unix ms): no seq, which is
//     the entry's position, and short;
//   - once the log list holds packEvery (8) entries, or the match has
//     ended, a second step (pack) moves them into the match hash: lz is
//     the raw DEFLATE of all packed entries in the compact form, one a
//     line, and ln their number. The log is the ln packed entries
//     followed by the list. pack is a script that replaces lz and trims
//     the list only if lz and the first list entries are still what it
//     read, so it never loses or doubles an entry whatever commits race
//     with it; a pack that fails or loses is done by the next commit;
//   - the snapshot is stored DEFLATE-compressed in sz instead of state.
//
// The store reads both forms, and a log mixing them (old JSON entries,
// with their seq checked, then compact ones; a packed log followed by
// entries of either form), so the option can be turned on and off at any
// time. Request IDs are still in every entry and the request markers are
// unchanged, so duplicates are refused as before. The damage checks count
// ln + LLEN against the match's moves (in the commit script as on every
// read); Log, Salvage and Retire also find a packed log that is missing,
// does not decompress, or holds another number of entries than ln.
// Releases before the compact form read a compacted match as damaged
// (the list is shorter than the moves, the state field is gone), hence the
// option, off by default: turn it on once no process of an earlier
// release shares the Redis (README, Operating it).
//
// # Indexes on Cluster
//
// A script may not touch keys of two slots, so the indexes are written in
// separate steps that are safe to repeat, and are only hints: every read
// checks them against the match's own hash, which is the truth.
//
//   - User index: Create adds the match to every seated user's set before
//     the match exists, so a failure in between leaves an extra entry,
//     which UserMatches skips (it keeps only matches that exist, have not
//     expired and seat the user). A commit that changes the seats is told
//     so by the script (users differs from idx); the store then adds the
//     entries and records idx. If the process dies before that, idx stays
//     behind and the next commit of the match repeats the step.
//   - Channel index: Create claims the channel key with a compare-and-set
//     script after checking that the current holder is missing, expired or
//     no longer open, and before creating the match. Ending a match clears
//     the key (compare-and-delete) after the commit. If the process dies in
//     between, the key points at an ended (or never created) match;
//     ChannelMatch and Create see that from the match's hash and treat the
//     channel as free, so nothing is stuck.
//
// TestCluster runs the whole conformance suite through a cluster client
// against a Redis Cluster of three masters with one replica each on
// loopback (every commit waiting for its replica), which rejects
// cross-slot scripts and transactions; TestClusterFailover kills a master
// during a load of commits and finds every acknowledged one after the
// failover.
//
// The price: ChannelMatch and UserMatches cost two round trips; after a
// crash a user's list can miss a match whose seats just changed until its
// next commit; and index entries of expired matches linger (a few dozen
// bytes each) until their key expires, the channel is reused or
// UserMatches prunes entries older than the expiry time.
//
// # Expiry
//
// The deadline of an open match (Options.Now + AbandonAfter at its last
// commit), or of an ended one when the operator set
// Options.DeleteEndedAfter (Options.Now + DeleteEndedAfter at the commit
// that ended it), is stored in exp and checked on every read and write,
// so an injected clock expires matches in tests exactly as in production.
// The keys also get a real TTL so Redis frees them: PEXPIRE inside a
// script is comparatively costly, so a commit refreshes it only when it
// would run out before the new deadline, and then sets it an eighth of
// the match's life beyond it. Without DeleteEndedAfter, finished and
// aborted matches are made persistent. Request markers live 30 minutes
// (Discord retries come within 15).
//
// The index keys of an open match expire too, so an abandoned match (a
// playground match, typically) leaves nothing behind: the channel key and
// each seated user's set live until the match's real TTL plus its life
// (AbandonAfter, or DeleteEndedAfter once ended). The margin means that
// if the step that extends them after a commit is lost (a crash between
// the commit script and that step; the script reports it through irexp
// and the next commit repeats it), they still outlive the match's
// deadline. Without DeleteEndedAfter, a user's set becomes permanent once
// it lists a finished or aborted match, which never expires.
//
// # Damage
//
// Get and Log read the match hash and the length of its log in one
// MULTI/EXEC, and the commit script checks the same before writing: the
// version and the metadata must agree and the log must hold as many
// entries as the match counts moves. A log key lost to eviction or to a
// stray DEL, a log without its match hash, metadata that does not decode,
// or a key of the wrong type (WRONGTYPE) makes the match damaged: a
// storage.CorruptError naming it, for that match only. A damaged match
// keeps its channel. Nothing is repaired automatically: the damage stays
// visible until a moderator deals with the match. Salvage reads what still
// decodes (the metadata, the log up to its first bad entry); Retire
// deletes the match's keys under WATCH, only if it is still damaged, then
// clears its channel key and its entries in its players' sets.
//
// # Eviction
//
// A memory policy other than noeviction lets Redis delete keys when memory
// runs short, and with volatile-* policies the keys of open matches (they
// have TTLs) are the first to go: matches and logs would vanish in silence.
// Open therefore refuses a server whose maxmemory-policy is not noeviction
// (ErrEviction, with the fix in the message); with noeviction a full
// server refuses writes (OOM), which the store reports as
// storage.ErrUnavailable. Where CONFIG is disabled (some managed
// services), Open cannot read the policy and logs a warning instead.
//
// # Timeouts
//
// Every call is bounded by Options.Timeout (3 s by default); a server that
// does not answer in time, cannot be reached, is loading, is a replica or
// refuses writes gives storage.ErrUnavailable. The client must keep to
// context deadlines (go-redis ContextTimeoutEnabled; cmd/smokestack sets
// it, New warns otherwise): without it a frozen server holds each call for
// the client's read timeout and its retries, about 10 to 20 s.
//
// # Durability
//
// A commit is as durable as the server's persistence: run Redis with
// appendonly yes and appendfsync always to lose no acknowledged commit
// (the crash test does exactly that). Open reads appendonly, appendfsync
// and save on every node and logs a warning naming the node and the fix
// when a restart or a crash could lose acknowledged commits: no
// append-only file (only RDB snapshots, or nothing), appendfsync no, or
// appendfsync everysec without replica acknowledgement. Where CONFIG is
// disabled it says it cannot check.
//
// Replication is asynchronous, so a master that fails over loses the
// commits its replica had not received yet. With WaitReplicas(n, timeout)
// each Create and Commit is followed by WAIT n timeout in one pipeline on
// the connection to the match's master (WAIT counts that connection's
// writes): it returns only once n replicas hold the commit, and reports
// storage.ErrUnconfirmed, the commit applied but unconfirmed, when fewer
// did within the timeout (a master that just took over and has no replica
// yet, for instance). The pipeline bypasses the cluster client's
// redirection, so it is repeated with a fresh map of the slots when the
// script cannot have run (MOVED, CLUSTERDOWN, READONLY, a refused
// connection); any other error leaves the outcome unknown
// (storage.ErrUnavailable). The cost on loopback is measured in
// docs/performance.md.
//
// After a failed call the store asks the cluster client to reload its map
// of the slots: go-redis does so itself after a failed single command but
// not after a failed pipeline or transaction, and would otherwise keep
// sending Get and Log to a dead master until its periodic reload.
package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/check"
)

// Store is the Redis backend of storage.Store.
type Store struct {
	c      redis.UniversalClient
	prefix string
	opts   storage.Options
	log    *slog.Logger

	// waitN > 0: every Create and Commit waits for waitN replicas of the
	// match's master to acknowledge it (WAIT), for at most waitTimeout.
	waitN       int
	waitTimeout time.Duration

	// compact: write the compact form (see the package documentation,
	// Compact form); either form is read.
	compact bool
}

// Option configures a Store beyond storage.Options.
type Option func(*Store)

// WaitReplicas makes every Create and Commit wait, after its script,
// until n replicas of the match's master have acknowledged it (WAIT n
// timeout, on the connection that ran the script). Replication is
// asynchronous, so without it a master that fails over right after a
// commit may lose that acknowledged commit; with it, a commit returns nil
// only once n replicas hold it, and a commit that fewer replicas
// acknowledged within timeout returns storage.ErrUnconfirmed: it is
// applied, but a failover may still lose it. n = 0 turns the wait off.
// The cost is measured in docs/performance.md (Redis Cluster).
func WaitReplicas(n int, timeout time.Duration) Option {
	return func(s *Store) { s.waitN, s.waitTimeout = n, timeout }
}

// Compact makes the store write the compact form of matches (see the
// package documentation, Compact form): log entries without their
// sequence number, older ones packed into one compressed field of the
// match, and the snapshot compressed. The store reads both forms whatever
// this says; releases before it read only the old form and take a
// compacted match for damaged, so turn it on once every process sharing
// the Redis runs this release or a later one (cmd/smokestack:
// REDIS_COMPACT=1).
func Compact(on bool) Option {
	return func(s *Store) { s.compact = on }
}

var _ storage.Store = (*Store)(nil)

// New returns a store keeping its keys under prefix (e.g. "ss"; no braces,
// which would change the keys' Cluster hash tag). client may be a plain,
// failover or cluster client; give it ContextTimeoutEnabled, or a frozen
// server holds each call for the client's ReadTimeout (and retries)
// rather than Options.Timeout. Close closes the client. New does not talk
// to the server; Open also checks it.
func New(client redis.UniversalClient, prefix string, opts storage.Options, options ...Option) *Store {
	opts = opts.Defaults()
	s := &Store{c: client, prefix: prefix, opts: opts, log: opts.Log}
	for _, o := range options {
		o(s)
	}
	if s.waitN > 0 {
		switch client.(type) {
		case *redis.Client, *redis.ClusterClient:
		default:
			s.log.Warn("redisstore: replica acknowledgement (WAIT) needs a plain or cluster client; commits do not wait for replicas")
			s.waitN = 0
		}
	}
	if opts.Timeout > 0 && !contextTimeouts(client) {
		s.log.Warn("redisstore: the Redis client ignores context deadlines (ContextTimeoutEnabled is off): " +
			"a frozen server holds each call for the client's read timeout, not the store's timeout")
	}
	return s
}

func contextTimeouts(c redis.UniversalClient) bool {
	switch c := c.(type) {
	case *redis.Client:
		return c.Options().ContextTimeoutEnabled
	case *redis.ClusterClient:
		return c.Options().ContextTimeoutEnabled
	}
	return true // unknown kinds: assume the caller knows
}

// ErrEviction means the server may evict keys under memory pressure, which
// would silently lose matches or their logs.
var ErrEviction = errors.New("redisstore: Redis may evict keys (maxmemory-policy is not noeviction)")

// Open returns a store like New after checking the server (every node of
// a cluster): it must answer, and its maxmemory-policy must be
// noeviction, since any other policy lets Redis delete a match's keys (or
// just its log) when memory runs short. With another policy Open fails
// with ErrEviction. It also reads the persistence settings and logs a
// warning when a restart or a crash of Redis could lose acknowledged moves
// (see the package documentation, Durability). Where CONFIG is disabled
// (some managed services), Open cannot tell and logs a warning instead.
func Open(ctx context.Context, client redis.UniversalClient, prefix string, opts storage.Options, options ...Option) (*Store, error) {
	s := New(client, prefix, opts, options...)
	cctx, cancel := s.bound(ctx)
	defer cancel()
	if err := client.Ping(cctx).Err(); err != nil {
		return nil, s.fail(ctx, err, "", "ping")
	}
	if err := s.checkServers(ctx, cctx); err != nil {
		return nil, err
	}
	return s, nil
}

// checkServers reads the eviction policy and the persistence settings of
// every node (a replica becomes a master on failover).
func (s *Store) checkServers(parent, ctx context.Context) error {
	check := func(ctx context.Context, c *redis.Client) error {
		addr := c.Options().Addr
		vals, err := c.ConfigGet(ctx, "maxmemory-policy").Result()
		if err != nil && !unavailable(err) && parent.Err() == nil {
			s.log.Warn("redisstore: cannot read maxmemory-policy (CONFIG is disabled?); make sure it is noeviction, "+
				"or Redis may delete matches and their logs when memory runs short", "addr", addr, "error", err)
			s.log.Warn("redisstore: cannot read the persistence settings (CONFIG is disabled?); make sure the server runs with "+
				"appendonly yes and appendfsync always (or everysec with replicas and REDIS_WAIT_REPLICAS), "+
				"or a restart of Redis may lose acknowledged moves", "addr", addr)
			return nil
		}
		if err != nil {
			return s.fail(parent, err, "", "read maxmemory-policy")
		}
		if p := vals["maxmemory-policy"]; p != "noeviction" {
			return fmt.Errorf("%w: the server at %s has maxmemory-policy %q; set it to noeviction "+
				"(CONFIG SET maxmemory-policy noeviction, and in redis.conf) so that Redis refuses writes when full "+
				"instead of deleting matches", ErrEviction, addr, p)
		}
		persist := map[string]string{}
		for _, k := range []string{"appendonly", "appendfsync", "save"} {
			v, err := c.ConfigGet(ctx, k).Result()
			if err != nil {
				return s.fail(parent, err, "", "read "+k)
			}
			persist[k] = v[k]
		}
		s.checkPersistence(addr, persist)
		return nil
	}
	switch c := s.c.(type) {
	case *redis.ClusterClient:
		return c.ForEachShard(ctx, check)
	case *redis.Client:
		return check(ctx, c)
	}
	s.log.Warn("redisstore: cannot check maxmemory-policy and persistence through this kind of client; " +
		"make sure they are noeviction and appendonly yes")
	return nil
}

// checkPersistence warns about persistence settings that can lose
// acknowledged moves (see the package documentation, Durability).
func (s *Store) checkPersistence(addr string, c map[string]string) {
	const fix = "set appendonly yes and appendfsync always (or everysec with replicas and REDIS_WAIT_REPLICAS=1) in redis.conf"
	switch {
	case c["appendonly"] != "yes" && strings.TrimSpace(c["save"]) == "":
		s.log.Warn("redisstore: Redis keeps the matches only in memory (appendonly no, no RDB snapshots): "+
			"a restart of Redis loses every match; "+fix, "addr", addr)
	case c["appendonly"] != "yes":
		s.log.Warn("redisstore: Redis persists only by RDB snapshots (appendonly no): a crash or restart of Redis "+
			"loses every move since the last snapshot; "+fix, "addr", addr, "save", c["save"])
	case c["appendfsync"] == "no":
		s.log.Warn("redisstore: Redis leaves flushing its append-only file to the OS (appendfsync no): "+
			"a crash of the host may lose the last 30 seconds or so of acknowledged moves; "+fix, "addr", addr)
	case c["appendfsync"] == "everysec" && s.waitN == 0:
		s.log.Warn("redisstore: Redis syncs its append-only file once a second (appendfsync everysec) and commits "+
			"do not wait for replicas: a crash of the host may lose the last second of acknowledged moves; "+fix, "addr", addr)
	}
}

// Close closes the Redis client.
func (s *Store) Close() error { return s.c.Close() }

func (s *Store) matchKey(id, part string) string {
	return s.prefix + ":{m:" + id + "}:" + part
}
func (s *Store) chanKey(channel string) string { return s.prefix + ":chan:" + channel }
func (s *Store) userKey(user string) string    { return s.prefix + ":user:" + user }

// bound limits one store call to Options.Timeout.
func (s *Store) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if s.opts.Timeout > 0 {
		return context.WithTimeout(ctx, s.opts.Timeout)
	}
	return ctx, func() {}
}

// fail turns a client error into the store's: a key of the wrong type is
// damage (the match's, when id is given); a server that did not answer in
// time or cannot be reached is storage.ErrUnavailable, unless the caller
// gave up first (parent is the caller's context).
func (s *Store) fail(parent context.Context, err error, id, what string) error {
	if strings.Contains(err.Error(), "WRONGTYPE") {
		if id != "" {
			return corrupt(id, "%s: a key of the match holds the wrong type of value (%v)", what, err)
		}
		return fmt.Errorf("redisstore: %s: %w", what, &storage.CorruptError{Detail: fmt.Sprintf("a key holds the wrong type of value (%v)", err)})
	}
	if unavailable(err) {
		if cc, ok := s.c.(*redis.ClusterClient); ok {
			// The cluster client refreshes its map of the slots on a failed
			// single command, but not on a failed pipeline or transaction
			// (Get, Log): without this it would keep asking a dead master
			// until its periodic reload, a minute later.
			cc.ReloadState(parent)
		}
	}
	if parent.Err() == nil && unavailable(err) {
		return fmt.Errorf("redisstore: %s: %w: %w", what, storage.ErrUnavailable, err)
	}
	return fmt.Errorf("redisstore: %s: %w", what, err)
}

// unavailable reports errors that say the server did not answer, cannot
// be reached, or cannot take the command now.
func unavailable(err error) bool {
	var ne net.Error
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne), errors.Is(err, redis.ErrPoolTimeout),
		errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	}
	for _, p := range []string{"LOADING", "BUSY", "MASTERDOWN", "CLUSTERDOWN", "TRYAGAIN", "READONLY", "OOM", "MISCONF", "NOREPLICAS", "MOVED", "ASK"} {
		if redis.HasErrorPrefix(err, p) {
			return true
		}
	}
	return false
}

const (
	codeOK        = 0
	codeNotFound  = 1
	codeConflict  = 2
	codeDuplicate = 3
	codeCorrupt   = 4
	codeExists    = 1
)

// commitScript: KEYS match log lease [idem];
// ARGV expect next rec state entry status users deadline ttl now idemTTL
// statefield (state, or sz for a compressed snapshot).
// It returns {code, reason} for damage, {code} for the other refusals, and
// {0, reindex, rexp, irexp, listed} when applied: reindex is 1 when the
// user index is behind the seats, rexp the real expiry of the keys (ms, 0
// = none), irexp the real expiry the index keys were last given, listed
// the length of the log list (the entries not packed yet).
//
// Before writing it checks the match for damage: its version and metadata
// must agree, and the log (the packed entries, field ln, and the list)
// must hold as many entries as the match counts moves (a log lost to
// eviction or deletion would otherwise be continued from nothing).
var commitScript = redis.NewScript(`
local cur = redis.call('HMGET', KEYS[1], 'v', 'exp', 'idx', 'rexp', 'rec', 'irexp', 'ln')
if not cur[1] then
  if redis.call('EXISTS', KEYS[1]) == 1 then return {4, 'the match record has no version'} end
  if redis.call('EXISTS', KEYS[2]) == 1 then return {4, 'its log exists without its match record'} end
  return {1}
end
local exp = tonumber(cur[2])
local now = tonumber(ARGV[10])
if exp == nil then return {4, 'the expiry deadline is not a number'} end
if exp > 0 and now >= exp then return {1} end
local v = tonumber(cur[1])
if v == nil then return {4, 'the version is not a number'} end
-- The metadata is Go's encoding/json output of storage.Match: no spaces,
-- and the fields version and moves next to each other. A plain search for
-- them costs a fraction of cjson.decode.
local rec = cur[5] or ''
local _, e = string.find(rec, '"version":' .. cur[1] .. ',"moves":', 1, true)
local moves = e and tonumber(string.match(rec, '^%d+', e + 1))
if not moves then
  return {4, 'the metadata does not hold version ' .. cur[1]}
end
local ln = tonumber(cur[7] or '0')
if ln == nil then return {4, 'the packed log count is not a number'} end
local n = redis.call('LLEN', KEYS[2]) + ln
if n ~= moves then
  return {4, 'the log holds ' .. n .. ' entries but the match counts ' .. tostring(moves) .. ' moves'}
end
if KEYS[4] and redis.call('EXISTS', KEYS[4]) == 1 then return {3} end
if v ~= tonumber(ARGV[1]) then return {2} end
-- An idle commit (storage.Commit.Idle) of an open match keeps its
-- deadline, and so its real TTL.
local keep = ARGV[8] == 'keep'
local newexp = ARGV[8]
if keep then newexp = cur[2] end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'rec', ARGV[3], ARGV[12], ARGV[4], 'status', ARGV[6], 'users', ARGV[7], 'exp', newexp)
if ARGV[12] == 'sz' then redis.call('HDEL', KEYS[1], 'state') else redis.call('HDEL', KEYS[1], 'sz') end
local rexp = tonumber(cur[4]) or 0
local ttl = tonumber(ARGV[9])
if keep then
  -- nothing to refresh
elseif ttl > 0 and rexp < now + ttl then
  -- Refresh the real TTL with some slack, so that it is due again only
  -- after a while: PEXPIRE in a script is not free.
  rexp = now + ttl + math.floor(ttl / 8)
  redis.call('PEXPIRE', KEYS[1], rexp - now)
  redis.call('PEXPIRE', KEYS[2], rexp - now)
  redis.call('HSET', KEYS[1], 'rexp', rexp)
elseif ttl == 0 and rexp ~= 0 then
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
  redis.call('HSET', KEYS[1], 'rexp', 0)
  rexp = 0
end
local listed = n - ln
if ARGV[5] ~= '' then
  listed = redis.call('RPUSH', KEYS[2], ARGV[5])
  if listed == 1 and rexp > 0 then redis.call('PEXPIRE', KEYS[2], rexp - now) end
end
if KEYS[4] then redis.call('SET', KEYS[4], '1', 'PX', ARGV[11]) end
-- A commit ends any lease of the scheduler (Due): the match's clock
-- changed, so it is looked at afresh.
redis.call('DEL', KEYS[3])
local reindex = 0
if cur[3] ~= ARGV[7] then reindex = 1 end
return {0, reindex, rexp, tonumber(cur[6]) or 0, listed}
`)

// createScript: KEYS match log; ARGV rec state status users deadline rexp now.
// An expired match under the same ID is replaced, log and all; a log
// without its match (the match's key lost) is damage, and keeps the ID.
var createScript = redis.NewScript(`
local cur = redis.call('HMGET', KEYS[1], 'v', 'exp')
if cur[1] then
  local exp = tonumber(cur[2])
  if exp == nil or exp == 0 or tonumber(ARGV[7]) < exp then return 1 end
  redis.call('DEL', KEYS[1], KEYS[2])
elseif redis.call('EXISTS', KEYS[1]) == 1 then
  return 1
elseif redis.call('EXISTS', KEYS[2]) == 1 then
  return 4
end
local rexp = tonumber(ARGV[6])
redis.call('HSET', KEYS[1], 'v', '0', 'rec', ARGV[1], 'state', ARGV[2], 'status', ARGV[3], 'users', ARGV[4], 'idx', ARGV[4], 'exp', ARGV[5], 'rexp', rexp, 'irexp', rexp)
if rexp > 0 then redis.call('PEXPIRE', KEYS[1], rexp - tonumber(ARGV[7])) end
return 0
`)

// indexedScript records that the index holds the users ARGV[1] (field
// idx) with keys living until ARGV[2] (field irexp), unless the match is
// gone meanwhile.
var indexedScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'idx', ARGV[1], 'irexp', ARGV[2]) end
return 0
`)

// claimScript sets KEYS[1] to ARGV[2] if it holds ARGV[1] ("" = absent),
// expiring in ARGV[3] ms (0 = never).
var claimScript = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if (cur or '') ~= ARGV[1] then return 0 end
if ARGV[3] == '0' then redis.call('SET', KEYS[1], ARGV[2]) else redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) end
return 1
`)

// releaseScript deletes KEYS[1] if it holds ARGV[1].
var releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`)

// keepChannelScript makes KEYS[1], if it still holds ARGV[1], live at
// least ARGV[2] more ms.
var keepChannelScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local t = redis.call('PTTL', KEYS[1])
if t >= 0 and t < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1
`)

// userIndexScript adds match ARGV[2] with score ARGV[1] to the user set
// KEYS[1] and makes the set live at least ARGV[3] more ms; 0 makes it
// permanent (it lists a match that never expires). A set that is already
// permanent stays so.
var userIndexScript = redis.NewScript(`
local t = redis.call('PTTL', KEYS[1])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
local keep = tonumber(ARGV[3])
if keep == 0 then
  if t >= 0 then redis.call('PERSIST', KEYS[1]) end
elseif t == -2 or (t >= 0 and t < keep) then
  redis.call('PEXPIRE', KEYS[1], keep)
end
return 0
`)

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// ttl is how long (ms) a match with status lives after a commit
// (check.Life); 0 for ever.
func (s *Store) ttl(status storage.Status) int64 {
	life := check.Life(status, s.opts)
	if life <= 0 {
		return 0
	}
	return max(1, life.Milliseconds())
}

// indexLife is how long (ms from now) the index keys of a match whose own
// keys live until rexp must live: its life (ttl) longer, so that an index key
// whose refresh was lost in a crash still outlives the match's deadline;
// 0 (permanent) when the match never expires.
func (s *Store) indexLife(status storage.Status, rexp, now int64) int64 {
	ttl := s.ttl(status)
	if ttl == 0 || rexp == 0 {
		return 0
	}
	return rexp + ttl - now
}

func corrupt(id string, format string, args ...any) error {
	return fmt.Errorf("redisstore: %w", &storage.CorruptError{MatchID: id, Detail: fmt.Sprintf(format, args...)})
}

// index adds the match to the user index of every seated user, making
// each set live at least life more ms (0: permanent), and, when channel
// is set, keeps the channel key alive as long (one pipeline: one round
// trip on a single server).
func (s *Store) index(ctx context.Context, m storage.Match, life int64, channel bool) error {
	users := check.Users(m)
	if len(users) == 0 && !channel {
		return nil
	}
	score := ms(m.Created)
	pipe := s.c.Pipeline()
	for _, u := range users {
		// EVAL, not EVALSHA: a pipeline cannot fall back on NOSCRIPT.
		userIndexScript.Eval(ctx, pipe, []string{s.userKey(u)}, score, m.ID, life)
	}
	if channel && life > 0 {
		keepChannelScript.Eval(ctx, pipe, []string{s.chanKey(m.Channel)}, m.ID, life)
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return fmt.Errorf("redisstore: index match %s: %w", m.ID, err)
	}
	return nil
}

// Create implements storage.Store.
func (s *Store) Create(ctx context.Context, m storage.Match) error {
	now := s.opts.Now()
	m, err := check.Create(m, now)
	if err != nil {
		return err
	}
	rec, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("redisstore: encode match %s: %w", m.ID, err)
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	var rexp int64
	if ttl := s.ttl(m.Status); ttl > 0 {
		rexp = ms(now) + ttl + ttl/8
	}
	life := s.indexLife(m.Status, rexp, ms(now))
	if err := s.claimChannel(ctx, cctx, m.Channel, m.ID, life); err != nil {
		return err
	}
	// Index first: a failure after this leaves an extra index entry, which
	// UserMatches filters out, never a missing one.
	if err := s.schedule(cctx, m); err != nil {
		return s.fail(ctx, err, "", "schedule match "+m.ID)
	}
	if err := s.index(cctx, m, life, false); err != nil {
		return s.fail(ctx, err, "", "create match "+m.ID) // the index keys are not the match's
	}
	cmd, acked, err := s.run(cctx, createScript,
		[]string{s.matchKey(m.ID, "match"), s.matchKey(m.ID, "log")},
		rec, m.State, string(m.Status), strings.Join(check.Users(m), "\n"),
		ms(check.Deadline(m.Status, now, s.opts)), rexp, ms(now))
	if err != nil {
		return s.fail(ctx, err, m.ID, "create match "+m.ID)
	}
	code, err := cmd.Int64()
	if err != nil {
		return s.fail(ctx, err, m.ID, "create match "+m.ID)
	}
	if code != codeOK || !m.Status.Open() {
		if err := releaseScript.Run(cctx, s.c, []string{s.chanKey(m.Channel)}, m.ID).Err(); err != nil {
			return s.fail(ctx, err, "", "release channel "+m.Channel)
		}
	}
	switch code {
	case codeExists:
		return fmt.Errorf("redisstore: create match %s: %w", m.ID, storage.ErrExists)
	case codeCorrupt:
		return corrupt(m.ID, "its log exists without its match record")
	}
	return s.confirmed(acked, "create match "+m.ID)
}

// run runs a script on the match whose match key is keys[0]. With
// replica acknowledgement on (WaitReplicas), WAIT follows the script in
// one pipeline on the connection to the match's master, since WAIT
// counts the writes of its own connection; acked is then the number of
// replicas that acknowledged the script's writes (-1 when not asked).
//
// The pipeline bypasses the cluster client's own redirection, so it is
// repeated, with a fresh view of the cluster, when the script cannot have
// run: the node moved the slot, is no longer a master, the cluster is down
// or the node refused the connection (a failover in progress). Any other
// error leaves the outcome unknown and is returned.
func (s *Store) run(ctx context.Context, script *redis.Script, keys []string, args ...any) (*redis.Cmd, int64, error) {
	if s.waitN <= 0 {
		cmd := script.Run(ctx, s.c, keys, args...)
		return cmd, -1, cmd.Err()
	}
	timeout := s.waitTimeout
	if timeout <= 0 {
		timeout = time.Second // WAIT 0 would block for ever
	}
	for attempt := 0; ; attempt++ {
		node, err := s.master(ctx, keys[0])
		if err == nil {
			var cmd *redis.Cmd
			var wait *redis.IntCmd
			pipeline := func(eval bool) {
				_, _ = node.Pipelined(ctx, func(p redis.Pipeliner) error {
					if eval {
						cmd = script.Eval(ctx, p, keys, args...)
					} else {
						cmd = script.EvalSha(ctx, p, keys, args...)
					}
					wait = redis.NewIntCmd(ctx, "wait", s.waitN, timeout.Milliseconds())
					return p.Process(ctx, wait)
				})
			}
			pipeline(false)
			if redis.HasErrorPrefix(cmd.Err(), "NOSCRIPT") {
				// A new master (after a failover) or a restarted server
				// lacks the script; the script did not run.
				pipeline(true)
			}
			if cmd.Err() == nil {
				if wait.Err() != nil {
					return cmd, 0, nil // applied; its replication is unknown
				}
				return cmd, wait.Val(), nil
			}
			err = cmd.Err()
		}
		if !notRun(err) || attempt >= 50 || ctx.Err() != nil {
			return nil, 0, err
		}
		if cc, ok := s.c.(*redis.ClusterClient); ok {
			cc.ReloadState(ctx)
		}
		select {
		case <-ctx.Done():
			return nil, 0, err
		case <-time.After(min(time.Duration(attempt+1)*20*time.Millisecond, 200*time.Millisecond)):
		}
	}
}

// master is the client of the master holding key.
func (s *Store) master(ctx context.Context, key string) (*redis.Client, error) {
	if cc, ok := s.c.(*redis.ClusterClient); ok {
		return cc.MasterForKey(ctx, key)
	}
	return s.c.(*redis.Client), nil
}

// notRun reports errors that prove a command was not executed.
func notRun(err error) bool {
	if errors.Is(err, syscall.ECONNREFUSED) {
		return true
	}
	for _, p := range []string{"MOVED", "ASK", "CLUSTERDOWN", "TRYAGAIN", "LOADING", "READONLY", "MASTERDOWN"} {
		if redis.HasErrorPrefix(err, p) {
			return true
		}
	}
	return false
}

// confirmed is the outcome of an applied script that acked replicas
// acknowledged (-1: not asked): storage.ErrUnconfirmed when fewer than
// asked for.
func (s *Store) confirmed(acked int64, what string) error {
	if acked < 0 || acked >= int64(s.waitN) {
		return nil
	}
	return fmt.Errorf("redisstore: %s: %w (%d of %d replicas acknowledged it within %v; a failover may still lose it)",
		what, storage.ErrUnconfirmed, acked, s.waitN, s.waitTimeout)
}

// claimChannel points the channel key at id, to live life ms (0: for
// ever), unless an open match holds it.
func (s *Store) claimChannel(parent, ctx context.Context, channel, id string, life int64) error {
	key := s.chanKey(channel)
	for range 10 {
		holder, err := s.c.Get(ctx, key).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return s.fail(parent, err, "", "channel "+channel)
		}
		if holder != "" {
			open, err := s.openMatch(parent, ctx, holder)
			if err != nil {
				return err
			}
			if open && holder == id {
				return fmt.Errorf("redisstore: create match %s: %w", id, storage.ErrExists)
			}
			if open {
				return fmt.Errorf("redisstore: channel %s holds match %s: %w", channel, holder, storage.ErrChannelTaken)
			}
		}
		ok, err := claimScript.Run(ctx, s.c, []string{key}, holder, id, life).Int64()
		if err != nil {
			return s.fail(parent, err, "", "claim channel "+channel)
		}
		if ok == 1 {
			return nil
		}
	}
	return fmt.Errorf("redisstore: channel %s: %w (claim kept racing)", channel, storage.ErrChannelTaken)
}

// openMatch reports whether id holds its channel: it exists, has not
// expired and is open. A damaged match (a key of the wrong type, or a log
// without its match) holds it too, so the channel shows the damage.
func (s *Store) openMatch(parent, ctx context.Context, id string) (bool, error) {
	var hm *redis.SliceCmd
	var logged *redis.IntCmd
	_, err := s.c.Pipelined(ctx, func(p redis.Pipeliner) error {
		hm = p.HMGet(ctx, s.matchKey(id, "match"), "status", "exp")
		logged = p.Exists(ctx, s.matchKey(id, "log"))
		return nil
	})
	if err != nil {
		if strings.Contains(err.Error(), "WRONGTYPE") {
			return true, nil
		}
		return false, s.fail(parent, err, id, "match "+id)
	}
	vals := hm.Val()
	if vals[0] == nil && vals[1] == nil {
		return logged.Val() == 1, nil
	}
	status, _ := vals[0].(string)
	exp, _ := vals[1].(string)
	return storage.Status(status).Open() && !s.expired(exp), nil
}

func (s *Store) expired(exp string) bool {
	n, err := strconv.ParseInt(exp, 10, 64)
	if err != nil || n == 0 {
		return false
	}
	return s.opts.Now().UnixMilli() >= n
}

// loaded checks what Get and Log read of a match (the fields v, rec, exp
// and ln, and the log list's length) and decodes the metadata. It tells a
// missing or expired match from a damaged one: the version and the
// metadata must agree, and the log (its packed entries, ln, and its list)
// must hold as many entries as the match counts moves.
func (s *Store) loaded(id string, v, rec, exp, ln any, logLen int64) (storage.Match, error) {
	var m storage.Match
	npacked, err := packedCount(ln)
	if err != nil {
		return m, corrupt(id, "%v", err)
	}
	logLen += npacked
	if v == nil && rec == nil && exp == nil {
		if logLen > 0 {
			return m, corrupt(id, "its log of %d entries exists without its match record", logLen)
		}
		return m, fmt.Errorf("redisstore: match %s: %w", id, storage.ErrNotFound)
	}
	ver, _ := v.(string)
	raw, _ := rec.(string)
	if e, _ := exp.(string); s.expired(e) {
		return m, fmt.Errorf("redisstore: match %s: %w", id, storage.ErrNotFound)
	}
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return m, corrupt(id, "metadata: %v", err)
	}
	if strconv.FormatInt(m.Version, 10) != ver || m.ID != id {
		return m, corrupt(id, "metadata names match %s version %d, stored as version %q", m.ID, m.Version, ver)
	}
	if logLen != m.Moves {
		return m, corrupt(id, "the log holds %d entries but the match counts %d moves (its log key was lost or damaged)", logLen, m.Moves)
	}
	return m, nil
}

// Get implements storage.Store.
func (s *Store) Get(ctx context.Context, id string) (storage.Match, error) {
	if err := check.ID(id); err != nil {
		return storage.Match{}, fmt.Errorf("redisstore: get: %w", storage.ErrNotFound)
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	var hm *redis.SliceCmd
	var n *redis.IntCmd
	_, err := s.c.TxPipelined(cctx, func(p redis.Pipeliner) error {
		hm = p.HMGet(cctx, s.matchKey(id, "match"), "v", "rec", "exp", "state", "sz", "ln")
		n = p.LLen(cctx, s.matchKey(id, "log"))
		return nil
	})
	if err != nil {
		return storage.Match{}, s.fail(ctx, err, id, "get match "+id)
	}
	vals := hm.Val()
	m, err := s.loaded(id, vals[0], vals[1], vals[2], vals[5], n.Val())
	if err != nil {
		return storage.Match{}, err
	}
	if m.State, err = snapshot(vals[3], vals[4]); err != nil {
		return storage.Match{}, corrupt(id, "%v", err)
	}
	return m, nil
}

// snapshot is the match's snapshot from its field state or, in the
// compact form, sz (compressed); nil for an empty one.
func snapshot(state, sz any) ([]byte, error) {
	if st, ok := state.(string); ok {
		if st == "" {
			return nil, nil
		}
		return []byte(st), nil
	}
	z, ok := sz.(string)
	if !ok {
		return nil, errors.New("snapshot missing")
	}
	b, err := inflate([]byte(z))
	if err != nil {
		return nil, fmt.Errorf("the compressed snapshot does not decompress: %v", err)
	}
	if len(b) == 0 {
		return nil, nil
	}
	return b, nil
}

// packedCount reads the field ln: how many log entries are packed (0 when
// absent).
func packedCount(ln any) (int64, error) {
	if ln == nil {
		return 0, nil
	}
	str, _ := ln.(string)
	n, err := strconv.ParseInt(str, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("the packed log's count %q is not a number", str)
	}
	return n, nil
}

// Commit implements storage.Store.
func (s *Store) Commit(ctx context.Context, c storage.Commit) error {
	if err := check.Commit(c); err != nil {
		return err
	}
	m := c.Match
	id := m.ID
	now := s.opts.Now()
	rec, err := json.Marshal(m)
	if err != nil {
		return fmt.Errorf("redisstore: encode match %s: %w", id, err)
	}
	var entry []byte
	if c.Entry != nil {
		if s.compact {
			entry, err = compactEntry(*c.Entry)
		} else {
			entry, err = json.Marshal(c.Entry)
		}
		if err != nil {
			return fmt.Errorf("redisstore: encode log entry of match %s: %w", id, err)
		}
	}
	state, stateField := m.State, "state"
	if s.compact && len(state) > 0 {
		state, stateField = deflate(state), "sz"
	}
	keys := []string{s.matchKey(id, "match"), s.matchKey(id, "log"), s.matchKey(id, "lease")}
	if c.RequestID != "" {
		keys = append(keys, s.matchKey(id, "idem:"+c.RequestID))
	}
	users := strings.Join(check.Users(m), "\n")
	cctx, cancel := s.bound(ctx)
	defer cancel()
	if err := s.schedule(cctx, m); err != nil {
		return s.fail(ctx, err, "", "schedule match "+id)
	}
	var deadline any = ms(check.Deadline(m.Status, now, s.opts))
	if c.Idle && m.Status.Open() {
		// The script keeps the stored deadline (an open match's status
		// is open before too: an ended match is never committed again).
		deadline = "keep"
	}
	cmd, acked, err := s.run(cctx, commitScript, keys,
		c.ExpectVersion, m.Version, rec, state, entry, string(m.Status), users,
		deadline, s.ttl(m.Status), ms(now), check.IdemTTL.Milliseconds(), stateField)
	if err != nil {
		return s.fail(ctx, err, id, "commit match "+id)
	}
	res, err := cmd.Slice()
	if err != nil {
		return s.fail(ctx, err, id, "commit match "+id)
	}
	num := func(i int) int64 {
		if i < len(res) {
			n, _ := res[i].(int64)
			return n
		}
		return 0
	}
	switch code := num(0); code {
	case codeOK, codeDuplicate:
		// The commit is in. The index steps below are repeated by later
		// commits if they fail, so their errors do not fail this one.
		if code == codeOK {
			reindex, rexp, irexp := num(1) == 1, num(2), num(3)
			life := s.indexLife(m.Status, rexp, ms(now))
			refresh := life > 0 && irexp < rexp
			if (reindex || refresh) && s.index(cctx, m, life, refresh) == nil {
				_ = indexedScript.Run(cctx, s.c, keys[:1], users, rexp).Err()
			}
			// Packing the log changes its form, not its entries; a pack
			// that fails is repeated by the next commit.
			if listed := num(4); s.compact && (listed >= packEvery || listed > 0 && !m.Status.Open()) {
				_ = s.pack(cctx, id)
			}
		}
		// A retried request repeats the channel release, in case the
		// first attempt died before it.
		if !m.Status.Open() {
			_ = s.end(cctx, m)
		}
		if code == codeDuplicate {
			return fmt.Errorf("redisstore: match %s request %s: %w", id, c.RequestID, storage.ErrDuplicate)
		}
		return s.confirmed(acked, "commit match "+id)
	case codeNotFound:
		return fmt.Errorf("redisstore: commit match %s: %w", id, storage.ErrNotFound)
	case codeConflict:
		return fmt.Errorf("redisstore: commit match %s at version %d: %w", id, c.ExpectVersion, storage.ErrConflict)
	case codeCorrupt:
		reason, _ := res[len(res)-1].(string)
		return corrupt(id, "%s", reason)
	default:
		return fmt.Errorf("redisstore: commit match %s: unexpected script result %v", id, res)
	}
}

// end releases the channel of an ended match and, when ended matches are
// kept for ever, makes its players' index sets permanent, as the match
// now is (one pipeline). With Options.DeleteEndedAfter the commit has
// given the sets the match's own life instead (index).
func (s *Store) end(ctx context.Context, m storage.Match) error {
	pipe := s.c.Pipeline()
	releaseScript.Eval(ctx, pipe, []string{s.chanKey(m.Channel)}, m.ID)
	if s.ttl(m.Status) == 0 {
		for _, u := range check.Users(m) {
			pipe.Persist(ctx, s.userKey(u))
		}
	}
	_, err := pipe.Exec(ctx)
	return err
}

// Log implements storage.Store.
func (s *Store) Log(ctx context.Context, id string, from int64) ([]storage.LogEntry, error) {
	if err := check.ID(id); err != nil {
		return nil, fmt.Errorf("redisstore: log: %w", storage.ErrNotFound)
	}
	from = max(from, 1)
	cctx, cancel := s.bound(ctx)
	defer cancel()
	res, err := logScript.Run(cctx, s.c, []string{s.matchKey(id, "match"), s.matchKey(id, "log")}, from).Slice()
	if err == nil && len(res) != 7 {
		err = fmt.Errorf("unexpected script result %v", res)
	}
	if err != nil {
		return nil, s.fail(ctx, err, id, "log of match "+id)
	}
	n, _ := res[4].(int64)
	if _, err := s.loaded(id, res[0], res[1], res[2], res[3], n); err != nil {
		return nil, err
	}
	npacked, _ := packedCount(res[3])
	var out []storage.LogEntry
	if from <= npacked {
		lz, ok := res[5].(string)
		if !ok {
			return nil, corrupt(id, "the packed log of %d entries is missing", npacked)
		}
		all, err := packed(lz, npacked)
		if err != nil {
			return nil, corrupt(id, "%v", err)
		}
		out = all[from-1:]
	}
	raw, _ := res[6].([]any)
	next := max(from, npacked+1)
	if out == nil {
		out = make([]storage.LogEntry, 0, len(raw))
	}
	for i, r := range raw {
		str, _ := r.(string)
		e, err := decodeEntry([]byte(str), next+int64(i))
		if err != nil {
			return nil, corrupt(id, "%v", err)
		}
		out = append(out, e)
	}
	return out, nil
}

// logScript: KEYS match log; ARGV from. It returns the fields v rec exp
// ln of the match, the length of its log list, its packed log (lz) when
// entry from lies in it (else nil), and the entries of the list from
// entry from on. One script, so the parts agree.
var logScript = redis.NewScript(`
local h = redis.call('HMGET', KEYS[1], 'v', 'rec', 'exp', 'ln')
local n = redis.call('LLEN', KEYS[2])
local ln = tonumber(h[4] or '0') or 0
local from = tonumber(ARGV[1])
local lz = false
if ln > 0 and from <= ln then lz = redis.call('HGET', KEYS[1], 'lz') end
local list = redis.call('LRANGE', KEYS[2], math.max(from - 1 - ln, 0), -1)
return {h[1], h[2], h[3], h[4], n, lz, list}
`)

// ChannelMatch implements storage.Store.
func (s *Store) ChannelMatch(ctx context.Context, channel string) (string, error) {
	cctx, cancel := s.bound(ctx)
	defer cancel()
	id, err := s.c.Get(cctx, s.chanKey(channel)).Result()
	if errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("redisstore: channel %s: %w", channel, storage.ErrNotFound)
	}
	if err != nil {
		return "", s.fail(ctx, err, "", "channel "+channel)
	}
	open, err := s.openMatch(ctx, cctx, id)
	if err != nil {
		return "", err
	}
	if !open {
		return "", fmt.Errorf("redisstore: channel %s: %w", channel, storage.ErrNotFound)
	}
	return id, nil
}

// UserMatches implements storage.Store.
func (s *Store) UserMatches(ctx context.Context, userID string) ([]string, error) {
	cctx, cancel := s.bound(ctx)
	defer cancel()
	key := s.userKey(userID)
	zs, err := s.c.ZRevRangeWithScores(cctx, key, 0, -1).Result()
	if err != nil {
		return nil, s.fail(ctx, err, "", "matches of user "+userID)
	}
	if len(zs) == 0 {
		return nil, nil
	}
	pipe := s.c.Pipeline()
	cmds := make([]*redis.SliceCmd, len(zs))
	for i, z := range zs {
		cmds[i] = pipe.HMGet(cctx, s.matchKey(z.Member.(string), "match"), "users", "exp", "v")
	}
	_, _ = pipe.Exec(cctx) // each command's error is looked at below
	// Entries of matches that are gone and were created longer ago than
	// any open match can live are pruned; younger ones may belong to a
	// Create in flight, so they are only skipped.
	keep := s.opts.AbandonAfter
	if keep <= 0 {
		keep = time.Hour
	}
	pruneBefore := float64(s.opts.Now().Add(-keep).UnixMilli())
	var out, prune []string
	for i, z := range zs {
		id := z.Member.(string)
		if err := cmds[i].Err(); err != nil {
			if strings.Contains(err.Error(), "WRONGTYPE") {
				out = append(out, id) // damaged: listed, and Get says so
				continue
			}
			return nil, s.fail(ctx, err, "", "matches of user "+userID)
		}
		vals := cmds[i].Val()
		if str(vals, 2) == "" || s.expired(str(vals, 1)) {
			if z.Score < pruneBefore {
				prune = append(prune, id)
			}
			continue
		}
		if !seated(str(vals, 0), userID) {
			continue
		}
		out = append(out, id)
	}
	if len(prune) > 0 {
		// Best effort: a failed prune is repeated by the next call.
		_ = s.c.ZRem(cctx, key, anys(prune)...).Err()
	}
	return out, nil
}

func str(vals []any, i int) string {
	if i >= len(vals) {
		return ""
	}
	s, _ := vals[i].(string)
	return s
}

func seated(users, user string) bool {
	for u := range strings.SplitSeq(users, "\n") {
		if u == user {
			return true
		}
	}
	return false
}

func anys(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// wrongType reports a WRONGTYPE reply: a key of the match holds another
// kind of value, which is damage.
func wrongType(err error) bool { return err != nil && strings.Contains(err.Error(), "WRONGTYPE") }

// Salvage implements storage.Store. It reads the match hash and the whole
// log in one MULTI/EXEC; a key of the wrong type or metadata that does not
// decode leaves that part out, and the log is kept up to its first entry
// that does not decode (and, when the metadata can be read, at most as
// many entries as it counts moves).
func (s *Store) Salvage(ctx context.Context, id string) (storage.Salvage, error) {
	if err := check.ID(id); err != nil {
		return storage.Salvage{}, fmt.Errorf("redisstore: salvage: %w", storage.ErrNotFound)
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	var hm *redis.SliceCmd
	var lr *redis.StringSliceCmd
	_, err := s.c.TxPipelined(cctx, func(p redis.Pipeliner) error {
		hm = p.HMGet(cctx, s.matchKey(id, "match"), "v", "rec", "exp", "state", "sz", "ln", "lz")
		lr = p.LRange(cctx, s.matchKey(id, "log"), 0, -1)
		return nil
	})
	if err != nil && !wrongType(err) {
		return storage.Salvage{}, s.fail(ctx, err, id, "salvage match "+id)
	}
	var damage []string
	vals := make([]any, 7)
	if err := hm.Err(); wrongType(err) {
		damage = append(damage, "the match record is not a hash")
	} else {
		copy(vals, hm.Val())
	}
	var raw []string
	if err := lr.Err(); wrongType(err) {
		damage = append(damage, "the log is not a list")
	} else {
		raw = lr.Val()
	}
	if len(damage) == 0 {
		if e, _ := vals[2].(string); e != "" && s.expired(e) {
			return storage.Salvage{}, fmt.Errorf("redisstore: match %s: %w", id, storage.ErrNotFound)
		}
	}
	var out storage.Salvage
	var m storage.Match
	if r, ok := vals[1].(string); ok && json.Unmarshal([]byte(r), &m) == nil && m.ID == id {
		m.State = nil
		out.Match = &m
	}
	if len(damage) == 0 {
		_, err := s.loaded(id, vals[0], vals[1], vals[2], vals[5], int64(len(raw)))
		if errors.Is(err, storage.ErrNotFound) {
			return storage.Salvage{}, err
		}
		if ce := (*storage.CorruptError)(nil); errors.As(err, &ce) {
			damage = append(damage, ce.Detail)
		} else if err != nil {
			return storage.Salvage{}, err
		} else if _, err := snapshot(vals[3], vals[4]); err != nil {
			damage = append(damage, err.Error())
		}
	}
	// The packed entries come first; a packed log that cannot be read
	// entirely keeps what decodes, and the list is not used then (its
	// entries would not follow on).
	out.Log = []storage.LogEntry{}
	npacked, err := packedCount(vals[5])
	if err == nil && npacked > 0 {
		lz, _ := vals[6].(string)
		entries, perr := packed(lz, npacked)
		out.Log = append(out.Log, entries...)
		if perr != nil {
			damage = append(damage, perr.Error())
			raw = nil
		}
	}
	if out.Match != nil && len(damage) > 0 && int64(len(out.Log)+len(raw)) > out.Match.Moves {
		raw = raw[:max(out.Match.Moves-int64(len(out.Log)), 0)]
	}
	first := int64(len(out.Log)) + 1
	for i, r := range raw {
		e, err := decodeEntry([]byte(r), first+int64(i))
		if err != nil {
			damage = append(damage, fmt.Sprintf("log entry %d: %v", first+int64(i), err))
			break
		}
		out.Log = append(out.Log, e)
	}
	out.Damage = strings.Join(damage, "; ")
	return out, nil
}

// Retire implements storage.Store. It watches the match's keys, checks
// the match as Get does, and deletes them in one MULTI/EXEC only if it is
// damaged; then it frees the channel and drops the match from its
// players' sets (when its metadata still names them; stale index entries
// are skipped on read in any case).
func (s *Store) Retire(ctx context.Context, id string) error {
	if err := check.ID(id); err != nil {
		return fmt.Errorf("redisstore: retire: %w", storage.ErrNotFound)
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	mk, lk := s.matchKey(id, "match"), s.matchKey(id, "log")
	var meta *storage.Match
	err := s.c.Watch(cctx, func(tx *redis.Tx) error {
		vals, herr := tx.HMGet(cctx, mk, "v", "rec", "exp", "state", "sz", "ln", "lz").Result()
		n, lerr := tx.LLen(cctx, lk).Result()
		for _, err := range []error{herr, lerr} {
			if err != nil && !wrongType(err) {
				return err
			}
		}
		damaged := wrongType(herr) || wrongType(lerr)
		if !damaged {
			m, err := s.loaded(id, vals[0], vals[1], vals[2], vals[5], n)
			switch {
			case errors.Is(err, storage.ErrNotFound):
				return err
			case errors.Is(err, storage.ErrCorrupt):
				damaged = true
			case err != nil:
				return err
			default:
				_, serr := snapshot(vals[3], vals[4])
				npacked, _ := packedCount(vals[5])
				lz, _ := vals[6].(string)
				if _, perr := packed(lz, npacked); serr == nil && perr == nil {
					return fmt.Errorf("redisstore: retire match %s: %w", id, storage.ErrIntact)
				}
				damaged = true
			}
			if m.ID == id {
				meta = &m
			}
		}
		_, err := tx.TxPipelined(cctx, func(p redis.Pipeliner) error {
			p.Del(cctx, mk, lk)
			return nil
		})
		return err
	}, mk, lk)
	switch {
	case errors.Is(err, storage.ErrNotFound), errors.Is(err, storage.ErrIntact):
		return err
	case errors.Is(err, redis.TxFailedErr):
		return fmt.Errorf("redisstore: retire match %s: %w", id, storage.ErrConflict)
	case err != nil:
		return s.fail(ctx, err, id, "retire match "+id)
	}
	s.log.Warn("redisstore: a damaged match is retired (deleted) on request", "match", id)
	if meta != nil {
		pipe := s.c.Pipeline()
		releaseScript.Eval(cctx, pipe, []string{s.chanKey(meta.Channel)}, id)
		for _, u := range check.Users(*meta) {
			pipe.ZRem(cctx, s.userKey(u), id)
		}
		// Best effort: the index keys are hints, checked on every read.
		_, _ = pipe.Exec(cctx)
	}
	return nil
}
