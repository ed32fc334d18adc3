package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/check"
)

// # Scheduling (Store.Due)
//
// The due times of the matches' turn clocks (storage.Match.Due) are
// indexed in one sorted set, scored by the due time in ms:
//
//	<prefix>:due                 sorted set: match IDs by due time (a hint)
//	<prefix>:{m:<id>}:lease      string with a TTL: the owner holding the match
//
// The match's own record is the truth; the set is a hint that is never
// later than it: Create and Commit add the match's new due time with ZADD
// LT before writing the match (a crash in between leaves the entry early,
// never late), and nothing else lowers or raises a score. Due reads the
// earliest entries, takes each one's lease (SET NX PX) and checks the
// match: one really due is returned to the caller, leased for its lease
// time; one not due yet keeps a lease of its own until its due time (at
// most staleLease), so it is not read again before; an ended, expired or
// missing match leaves the set. Every commit deletes the match's lease in
// its script, so a commit that brings the due time closer is seen at
// once. The lease key shares the match's hash tag; the set is in a slot
// of its own, written in separate steps, as the other indexes.

// staleLease bounds how long Due leaves alone a match whose entry in the
// set is earlier than its due time (or that has none).
const staleLease = time.Hour

// duePage is how many entries Due reads at a time.
const duePage = 100

// dueScan bounds the entries one call of Due looks at.
const dueScan = 2000

func (s *Store) dueKey() string { return s.prefix + ":due" }

// schedule adds m's due time to the set, lowering an existing entry only.
func (s *Store) schedule(ctx context.Context, m storage.Match) error {
	if m.Due.IsZero() || !m.Status.Open() {
		return nil
	}
	return s.c.ZAddLT(ctx, s.dueKey(), redis.Z{Score: float64(m.Due.UnixMilli()), Member: m.ID}).Err()
}

// leaseScript takes the lease KEYS[1] for ARGV[3] until ARGV[2] (ms) unless
// a lease runs at ARGV[1] (now, ms; the store's clock, as for expiry). The
// key's real TTL is ARGV[4] ms, so Redis frees it.
var leaseScript = redis.NewScript(`
local cur = redis.call('GET', KEYS[1])
if cur then
  local u = tonumber(string.match(cur, '^(%d+)'))
  if u and u > tonumber(ARGV[1]) then return 0 end
end
redis.call('SET', KEYS[1], ARGV[2] .. ' ' .. ARGV[3], 'PX', math.max(1, tonumber(ARGV[4])))
return 1
`)

// holdLease keeps a match away from Due until then.
func (s *Store) holdLease(ctx context.Context, id string, now time.Time, wait time.Duration) error {
	wait = max(wait, time.Millisecond)
	return s.c.Set(ctx, s.matchKey(id, "lease"), strconv.FormatInt(now.Add(wait).UnixMilli(), 10)+" -", wait).Err()
}

// dropDueScript removes ARGV[2] from the set KEYS[1] if its score is still
// ARGV[1] (a concurrent Create may have added it anew).
var dropDueScript = redis.NewScript(`
local sc = redis.call('ZSCORE', KEYS[1], ARGV[2])
if sc and tonumber(sc) == tonumber(ARGV[1]) then redis.call('ZREM', KEYS[1], ARGV[2]) end
return 0
`)

// Due implements storage.Store.
func (s *Store) Due(ctx context.Context, now time.Time, owner string, lease time.Duration, limit int) ([]string, error) {
	if err := check.Due(owner, lease, limit); err != nil {
		return nil, err
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	var out []string
	for off := int64(0); off < dueScan && len(out) < limit; off += duePage {
		zs, err := s.c.ZRangeByScoreWithScores(cctx, s.dueKey(), &redis.ZRangeBy{
			Min: "-inf", Max: strconv.FormatInt(now.UnixMilli(), 10), Offset: off, Count: duePage,
		}).Result()
		if err != nil {
			return out, s.fail(ctx, err, "", "read due matches")
		}
		if len(zs) == 0 {
			break
		}
		// Take leases a few at a time, as many as are still wanted, each
		// group in one round trip: a lease taken is either returned or
		// turned into a hold by checkDue, never dropped.
		for i := 0; i < len(zs) && len(out) < limit; {
			chunk := zs[i:min(len(zs), i+limit-len(out))]
			i += len(chunk)
			pipe := s.c.Pipeline()
			sets := make([]*redis.Cmd, len(chunk))
			for k, z := range chunk {
				// EVAL, not EVALSHA: a pipeline cannot fall back on NOSCRIPT.
				sets[k] = leaseScript.Eval(cctx, pipe, []string{s.matchKey(z.Member.(string), "lease")},
					now.UnixMilli(), now.Add(lease).UnixMilli(), owner, lease.Milliseconds())
			}
			if _, err := pipe.Exec(cctx); err != nil && !errors.Is(err, redis.Nil) {
				return out, s.fail(ctx, err, "", "lease due matches")
			}
			for k, z := range chunk {
				if got, _ := sets[k].Int64(); got != 1 {
					continue
				}
				id := z.Member.(string)
				ok, err := s.checkDue(ctx, cctx, id, int64(z.Score), now)
				if err != nil {
					return out, err
				}
				if ok {
					out = append(out, id)
				}
			}
		}
		if len(zs) < duePage {
			break
		}
	}
	return out, nil
}

// checkDue reads a leased match and reports whether it is due; otherwise
// it keeps the match away from Due until its due time, or drops its
// entry when it has ended.
func (s *Store) checkDue(parent, ctx context.Context, id string, score int64, now time.Time) (bool, error) {
	vals, err := s.c.HMGet(ctx, s.matchKey(id, "match"), "rec", "exp").Result()
	if err != nil && !errors.Is(err, redis.Nil) {
		if parent.Err() != nil || unavailable(err) {
			return false, s.fail(parent, err, id, "read due match "+id)
		}
		// A damaged match (a key of the wrong type) is not due: its
		// channel shows the damage. Look again later.
		return false, s.holdLease(ctx, id, now, staleLease)
	}
	raw, _ := vals[0].(string)
	exp, _ := vals[1].(string)
	var m storage.Match
	if raw != "" && json.Unmarshal([]byte(raw), &m) != nil {
		// Damaged metadata: not due; Get reports the damage.
		return false, s.holdLease(ctx, id, now, staleLease)
	}
	if raw == "" || s.expired(exp) || !m.Status.Open() {
		// Ended, expired or gone: it is never due again.
		pipe := s.c.Pipeline()
		dropDueScript.Eval(ctx, pipe, []string{s.dueKey()}, score, id)
		pipe.Del(ctx, s.matchKey(id, "lease"))
		if _, err := pipe.Exec(ctx); err != nil {
			return false, s.fail(parent, err, "", "drop due match "+id)
		}
		return false, nil
	}
	if check.Pending(m, now) {
		return true, nil
	}
	wait := staleLease
	if !m.Due.IsZero() {
		wait = min(wait, m.Due.Sub(now))
	}
	if err := s.holdLease(ctx, id, now, wait); err != nil {
		return false, s.fail(parent, err, "", "lease match "+id)
	}
	return false, nil
}

func (s *Store) prefsKey(key string) string { return s.prefix + ":prefs:" + key }

// Prefs implements storage.Store.
func (s *Store) Prefs(ctx context.Context, key string) ([]byte, error) {
	if err := check.PrefsKey(key, nil); err != nil {
		return nil, err
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	data, err := s.c.Get(cctx, s.prefsKey(key)).Bytes()
	if errors.Is(err, redis.Nil) {
		return nil, nil
	}
	if err != nil {
		return nil, s.fail(ctx, err, "", "read preferences "+key)
	}
	return data, nil
}

// SetPrefs implements storage.Store.
func (s *Store) SetPrefs(ctx context.Context, key string, data []byte) error {
	if err := check.PrefsKey(key, data); err != nil {
		return err
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	var err error
	if len(data) == 0 {
		err = s.c.Del(cctx, s.prefsKey(key)).Err()
	} else {
		err = s.c.Set(cctx, s.prefsKey(key), data, 0).Err()
	}
	if err != nil {
		return s.fail(ctx, err, "", fmt.Sprintf("write preferences %s", key))
	}
	return nil
}
