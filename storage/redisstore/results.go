package redisstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
)

// Results of finished matches live under one hash tag, {results}, so a
// script can write a result and its index entries at once on Redis
// Cluster too: the result as JSON (r:<match>), and sorted sets of match
// IDs by finishing time for all results, each server and each user.
func (s *Store) resultKey(part string) string { return s.prefix + ":{results}:" + part }

// addResultScript writes a result once: KEYS[1] the result, KEYS[2] the
// index of all results, KEYS[3..] the server's and users' indexes;
// ARGV[1] the JSON, ARGV[2] the finishing time (ms), ARGV[3] the match.
var addResultScript = redis.NewScript(`
if redis.call('SET', KEYS[1], ARGV[1], 'NX') == false then return 0 end
for i = 2, #KEYS do redis.call('ZADD', KEYS[i], ARGV[2], ARGV[3]) end
return 1
`)

// AddResult implements storage.Store.
func (s *Store) AddResult(ctx context.Context, r storage.Result) error {
	if r.MatchID == "" {
		return errors.New("redisstore: a result without a match ID")
	}
	data, err := json.Marshal(r)
	if err != nil {
		return fmt.Errorf("redisstore: encode result: %w", err)
	}
	keys := []string{s.resultKey("r:" + r.MatchID), s.resultKey("all")}
	if r.Server != "" {
		keys = append(keys, s.resultKey("server:"+r.Server))
	}
	for _, seat := range slices.Concat(r.Seats, r.Left) {
		if k := s.resultKey("user:" + seat.UserID); seat.UserID != "" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	if err := addResultScript.Run(cctx, s.c, keys, data, ms(r.Finished), r.MatchID).Err(); err != nil {
		return s.fail(ctx, err, "", "add result of "+r.MatchID)
	}
	return nil
}

// Results implements storage.Store.
func (s *Store) Results(ctx context.Context, f storage.ResultFilter) ([]storage.Result, error) {
	index := s.resultKey("all")
	switch {
	case f.UserID != "":
		index = s.resultKey("user:" + f.UserID)
	case f.Server != "":
		index = s.resultKey("server:" + f.Server)
	}
	cctx, cancel := s.bound(ctx)
	defer cancel()
	ids, err := s.c.ZRevRange(cctx, index, 0, -1).Result()
	if err != nil {
		return nil, s.fail(ctx, err, "", "results")
	}
	out := []storage.Result{}
	for chunk := range slices.Chunk(ids, 500) {
		keys := make([]string, len(chunk))
		for i, id := range chunk {
			keys[i] = s.resultKey("r:" + id)
		}
		vals, err := s.c.MGet(cctx, keys...).Result()
		if err != nil {
			return nil, s.fail(ctx, err, "", "results")
		}
		for i, v := range vals {
			text, ok := v.(string)
			if !ok {
				continue // indexed but not (or no longer) stored
			}
			var r storage.Result
			if err := json.Unmarshal([]byte(text), &r); err != nil {
				s.log.Error("redisstore: a damaged result is skipped", "match", chunk[i], "err", err)
				continue
			}
			if f.Has(r) {
				out = append(out, r)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b storage.Result) int { return b.Finished.Compare(a.Finished) })
	return out, nil
}
