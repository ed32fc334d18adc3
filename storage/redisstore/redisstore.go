// Package redisstore keeps matches in Redis (go-redis v9); it works on a
// single server and on Redis Cluster.
//
// # Keys
//
// Every key of one match carries the hash tag {m:<id>}, so they live in one
// Cluster slot and one Lua script may touch them all:
//
//	<prefix>:{m:<id>}:match            hash: v (version), rec (match JSON without the
//	                                   snapshot), state (the snapshot), status, users
//	                                   (seated user IDs), idx (users as last indexed),
//	                                   exp (expiry deadline, ms), rexp (when the real TTL runs out, ms)
//	<prefix>:{m:<id>}:log              list: one JSON log entry per move
//	<prefix>:{m:<id>}:idem:<request>   string with a TTL: a request already applied
//
// The snapshot sits in the match hash rather than in a key of its own, so
// Get is one HMGET: atomic without MULTI and as cheap as a bare GET.
//
// The two indexes are keyed by channel and by user, so they live in other
// slots:
//
//	<prefix>:chan:<channel>   string: ID of the match holding the channel
//	<prefix>:user:<user>      sorted set: match IDs scored by creation time (ms)
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
// against a one-node Redis Cluster, which rejects cross-slot scripts and
// transactions just like a real one.
//
// The price: ChannelMatch and UserMatches cost two round trips; after a
// crash a user's list can miss a match whose seats just changed until its
// next commit; and index entries of expired matches linger (a few dozen
// bytes each) until the channel is reused or UserMatches prunes entries
// older than the expiry time.
//
// # Expiry
//
// The deadline of an open match (Options.Now + AbandonAfter at its last
// commit) is stored in exp and checked on every read and write, so an
// injected clock expires matches in tests exactly as in production. The
// keys also get a real TTL so Redis frees them: PEXPIRE inside a script
// is comparatively costly, so a commit refreshes it only when it would run
// out before the new deadline, and then sets it an eighth of AbandonAfter
// beyond it. Finished and aborted matches are made persistent. Request
// markers live 30 minutes (Discord retries come within 15).
//
// # Durability
//
// A commit is as durable as the server's persistence: run Redis with
// appendonly yes and appendfsync always to lose no acknowledged commit
// (the crash test does exactly that).
package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
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
}

var _ storage.Store = (*Store)(nil)

// New returns a store keeping its keys under prefix (e.g. "ss"; no braces,
// which would change the keys' Cluster hash tag). client may be a plain,
// failover or cluster client. Close closes the client.
func New(client redis.UniversalClient, prefix string, opts storage.Options) *Store {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	return &Store{c: client, prefix: prefix, opts: opts}
}

// Close closes the Redis client.
func (s *Store) Close() error { return s.c.Close() }

func (s *Store) matchKey(id, part string) string {
	return s.prefix + ":{m:" + id + "}:" + part
}
func (s *Store) chanKey(channel string) string { return s.prefix + ":chan:" + channel }
func (s *Store) userKey(user string) string    { return s.prefix + ":user:" + user }

const (
	codeOK        = 0
	codeNotFound  = 1
	codeConflict  = 2
	codeDuplicate = 3
	codeCorrupt   = 4
	codeReindex   = 5 // applied; the user index is behind the seats
	codeExists    = 1
)

// commitScript: KEYS match log [idem];
// ARGV expect next rec state entry status users deadline ttl now idemTTL.
var commitScript = redis.NewScript(`
local cur = redis.call('HMGET', KEYS[1], 'v', 'exp', 'idx', 'rexp')
if not cur[1] then return 1 end
local exp = tonumber(cur[2])
local now = tonumber(ARGV[10])
if exp == nil then return 4 end
if exp > 0 and now >= exp then return 1 end
if KEYS[3] and redis.call('EXISTS', KEYS[3]) == 1 then return 3 end
local v = tonumber(cur[1])
if v == nil then return 4 end
if v ~= tonumber(ARGV[1]) then return 2 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'rec', ARGV[3], 'state', ARGV[4], 'status', ARGV[6], 'users', ARGV[7], 'exp', ARGV[8])
local rexp = tonumber(cur[4]) or 0
local ttl = tonumber(ARGV[9])
if ttl > 0 and rexp < now + ttl then
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
if ARGV[5] ~= '' and redis.call('RPUSH', KEYS[2], ARGV[5]) == 1 and rexp > 0 then
  redis.call('PEXPIRE', KEYS[2], rexp - now)
end
if KEYS[3] then redis.call('SET', KEYS[3], '1', 'PX', ARGV[11]) end
if cur[3] ~= ARGV[7] then return 5 end
return 0
`)

// createScript: KEYS match log; ARGV rec state status users deadline ttl now.
// An expired match under the same ID is replaced, log and all.
var createScript = redis.NewScript(`
local cur = redis.call('HMGET', KEYS[1], 'v', 'exp')
if cur[1] then
  local exp = tonumber(cur[2])
  if exp == nil or exp == 0 or tonumber(ARGV[7]) < exp then return 1 end
  redis.call('DEL', KEYS[1], KEYS[2])
end
local ttl = tonumber(ARGV[6])
local rexp = 0
if ttl > 0 then rexp = tonumber(ARGV[7]) + ttl + math.floor(ttl / 8) end
redis.call('HSET', KEYS[1], 'v', '0', 'rec', ARGV[1], 'state', ARGV[2], 'status', ARGV[3], 'users', ARGV[4], 'idx', ARGV[4], 'exp', ARGV[5], 'rexp', rexp)
if ttl > 0 then redis.call('PEXPIRE', KEYS[1], rexp - tonumber(ARGV[7])) end
return 0
`)

// indexedScript records (field idx) which users the index holds, unless
// the match is gone meanwhile.
var indexedScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'idx', ARGV[1]) end
return 0
`)

// claimScript sets KEYS[1] to ARGV[2] if it holds ARGV[1] ("" = absent).
var claimScript = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if (cur or '') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
return 1
`)

// releaseScript deletes KEYS[1] if it holds ARGV[1].
var releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
`)

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func (s *Store) ttl(status storage.Status) int64 {
	if !status.Open() || s.opts.AbandonAfter <= 0 {
		return 0
	}
	return max(1, s.opts.AbandonAfter.Milliseconds())
}

func corrupt(id string, format string, args ...any) error {
	return fmt.Errorf("redisstore: match %s: %w: %s", id, storage.ErrCorrupt, fmt.Sprintf(format, args...))
}

// index adds the match to the user index of every seated user (one
// pipeline: one round trip on a single server).
func (s *Store) index(ctx context.Context, m storage.Match) error {
	users := check.Users(m)
	if len(users) == 0 {
		return nil
	}
	score := float64(ms(m.Created))
	pipe := s.c.Pipeline()
	for _, u := range users {
		pipe.ZAdd(ctx, s.userKey(u), redis.Z{Score: score, Member: m.ID})
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
	if err := s.claimChannel(ctx, m.Channel, m.ID); err != nil {
		return err
	}
	// Index first: a failure after this leaves an extra index entry, which
	// UserMatches filters out, never a missing one.
	if err := s.index(ctx, m); err != nil {
		return err
	}
	code, err := createScript.Run(ctx, s.c,
		[]string{s.matchKey(m.ID, "match"), s.matchKey(m.ID, "log")},
		rec, m.State, string(m.Status), strings.Join(check.Users(m), "\n"),
		ms(check.Deadline(m.Status, now, s.opts.AbandonAfter)), s.ttl(m.Status), ms(now)).Int64()
	if err != nil {
		return fmt.Errorf("redisstore: create match %s: %w", m.ID, err)
	}
	if code == codeExists || !m.Status.Open() {
		if err := releaseScript.Run(ctx, s.c, []string{s.chanKey(m.Channel)}, m.ID).Err(); err != nil {
			return fmt.Errorf("redisstore: release channel %s: %w", m.Channel, err)
		}
	}
	if code == codeExists {
		return fmt.Errorf("redisstore: create match %s: %w", m.ID, storage.ErrExists)
	}
	return nil
}

// claimChannel points the channel key at id unless an open match holds it.
func (s *Store) claimChannel(ctx context.Context, channel, id string) error {
	key := s.chanKey(channel)
	for range 10 {
		holder, err := s.c.Get(ctx, key).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return fmt.Errorf("redisstore: channel %s: %w", channel, err)
		}
		if holder != "" {
			open, err := s.openMatch(ctx, holder)
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
		ok, err := claimScript.Run(ctx, s.c, []string{key}, holder, id).Int64()
		if err != nil {
			return fmt.Errorf("redisstore: claim channel %s: %w", channel, err)
		}
		if ok == 1 {
			return nil
		}
	}
	return fmt.Errorf("redisstore: channel %s: %w (claim kept racing)", channel, storage.ErrChannelTaken)
}

// openMatch reports whether id exists, has not expired and is open.
func (s *Store) openMatch(ctx context.Context, id string) (bool, error) {
	vals, err := s.c.HMGet(ctx, s.matchKey(id, "match"), "status", "exp").Result()
	if err != nil {
		return false, fmt.Errorf("redisstore: match %s: %w", id, err)
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

// Get implements storage.Store.
func (s *Store) Get(ctx context.Context, id string) (storage.Match, error) {
	if err := check.ID(id); err != nil {
		return storage.Match{}, fmt.Errorf("redisstore: get: %w", storage.ErrNotFound)
	}
	vals, err := s.c.HMGet(ctx, s.matchKey(id, "match"), "v", "rec", "exp", "state").Result()
	if err != nil {
		return storage.Match{}, fmt.Errorf("redisstore: get match %s: %w", id, err)
	}
	v, rec, exp := str(vals, 0), str(vals, 1), str(vals, 2)
	if v == "" || s.expired(exp) {
		return storage.Match{}, fmt.Errorf("redisstore: match %s: %w", id, storage.ErrNotFound)
	}
	var m storage.Match
	if err := json.Unmarshal([]byte(rec), &m); err != nil {
		return storage.Match{}, corrupt(id, "metadata: %v", err)
	}
	if strconv.FormatInt(m.Version, 10) != v || m.ID != id {
		return storage.Match{}, corrupt(id, "metadata names match %s version %d, stored as version %s", m.ID, m.Version, v)
	}
	state, ok := vals[3].(string)
	if !ok {
		return storage.Match{}, corrupt(id, "snapshot missing")
	}
	if state != "" {
		m.State = []byte(state)
	}
	return m, nil
}

func str(vals []any, i int) string {
	if i >= len(vals) {
		return ""
	}
	s, _ := vals[i].(string)
	return s
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
		if entry, err = json.Marshal(c.Entry); err != nil {
			return fmt.Errorf("redisstore: encode log entry of match %s: %w", id, err)
		}
	}
	keys := []string{s.matchKey(id, "match"), s.matchKey(id, "log")}
	if c.RequestID != "" {
		keys = append(keys, s.matchKey(id, "idem:"+c.RequestID))
	}
	users := strings.Join(check.Users(m), "\n")
	code, err := commitScript.Run(ctx, s.c, keys,
		c.ExpectVersion, m.Version, rec, m.State, entry, string(m.Status), users,
		ms(check.Deadline(m.Status, now, s.opts.AbandonAfter)), s.ttl(m.Status), ms(now), check.IdemTTL.Milliseconds()).Int64()
	if err != nil {
		return fmt.Errorf("redisstore: commit match %s: %w", id, err)
	}
	switch code {
	case codeOK, codeReindex, codeDuplicate:
		// The commit is in. The index steps below are repeated by later
		// commits if they fail, so their errors do not fail this one.
		if code == codeReindex && s.index(ctx, m) == nil {
			_ = indexedScript.Run(ctx, s.c, keys[:1], users).Err()
		}
		// A retried request repeats the channel release, in case the
		// first attempt died before it.
		if !m.Status.Open() {
			_ = releaseScript.Run(ctx, s.c, []string{s.chanKey(m.Channel)}, id).Err()
		}
		if code == codeDuplicate {
			return fmt.Errorf("redisstore: match %s request %s: %w", id, c.RequestID, storage.ErrDuplicate)
		}
		return nil
	case codeNotFound:
		return fmt.Errorf("redisstore: commit match %s: %w", id, storage.ErrNotFound)
	case codeConflict:
		return fmt.Errorf("redisstore: commit match %s at version %d: %w", id, c.ExpectVersion, storage.ErrConflict)
	case codeCorrupt:
		return corrupt(id, "stored version or deadline is not a number")
	}
	return fmt.Errorf("redisstore: commit match %s: unexpected script result %d", id, code)
}

// Log implements storage.Store.
func (s *Store) Log(ctx context.Context, id string, from int64) ([]storage.LogEntry, error) {
	if err := check.ID(id); err != nil {
		return nil, fmt.Errorf("redisstore: log: %w", storage.ErrNotFound)
	}
	from = max(from, 1)
	var meta *redis.SliceCmd
	var lr *redis.StringSliceCmd
	_, err := s.c.TxPipelined(ctx, func(p redis.Pipeliner) error {
		meta = p.HMGet(ctx, s.matchKey(id, "match"), "v", "exp")
		lr = p.LRange(ctx, s.matchKey(id, "log"), from-1, -1)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("redisstore: log of match %s: %w", id, err)
	}
	vals := meta.Val()
	if str(vals, 0) == "" || s.expired(str(vals, 1)) {
		return nil, fmt.Errorf("redisstore: match %s: %w", id, storage.ErrNotFound)
	}
	raw := lr.Val()
	out := make([]storage.LogEntry, 0, len(raw))
	for i, r := range raw {
		e, err := check.Entry([]byte(r), from+int64(i))
		if err != nil {
			return nil, corrupt(id, "%v", err)
		}
		out = append(out, e)
	}
	return out, nil
}

// ChannelMatch implements storage.Store.
func (s *Store) ChannelMatch(ctx context.Context, channel string) (string, error) {
	id, err := s.c.Get(ctx, s.chanKey(channel)).Result()
	if errors.Is(err, redis.Nil) {
		return "", fmt.Errorf("redisstore: channel %s: %w", channel, storage.ErrNotFound)
	}
	if err != nil {
		return "", fmt.Errorf("redisstore: channel %s: %w", channel, err)
	}
	open, err := s.openMatch(ctx, id)
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
	key := s.userKey(userID)
	zs, err := s.c.ZRevRangeWithScores(ctx, key, 0, -1).Result()
	if err != nil {
		return nil, fmt.Errorf("redisstore: matches of user %s: %w", userID, err)
	}
	if len(zs) == 0 {
		return nil, nil
	}
	pipe := s.c.Pipeline()
	cmds := make([]*redis.SliceCmd, len(zs))
	for i, z := range zs {
		cmds[i] = pipe.HMGet(ctx, s.matchKey(z.Member.(string), "match"), "users", "exp", "v")
	}
	if _, err := pipe.Exec(ctx); err != nil {
		return nil, fmt.Errorf("redisstore: matches of user %s: %w", userID, err)
	}
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
		_ = s.c.ZRem(ctx, key, anys(prune)...).Err()
	}
	return out, nil
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
