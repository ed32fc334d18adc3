package redisstore

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/storage"

	"github.com/redis/go-redis/v9"
)

var _ storage.Lister = (*Store)(nil)

// MatchIDs implements storage.Lister with SCAN over the match records'
// keys (on every master of a Cluster), in batches, so Redis is never
// blocked as KEYS would block it.
func (s *Store) MatchIDs(ctx context.Context) ([]string, error) {
	return s.scanKeys(ctx, globEscape(s.prefix)+":{m:*}:match", s.prefix+":{m:", "}:match", "list matches")
}

// PrefsKeys implements storage.Lister, with SCAN as MatchIDs.
func (s *Store) PrefsKeys(ctx context.Context) ([]string, error) {
	return s.scanKeys(ctx, globEscape(s.prefix)+":prefs:*", s.prefix+":prefs:", "", "list preferences")
}

// scanKeys lists the keys matching pattern, each cut to what lies between
// head and tail.
func (s *Store) scanKeys(ctx context.Context, pattern, head, tail, what string) ([]string, error) {
	var mu sync.Mutex
	var ids []string
	scan := func(ctx context.Context, c redis.UniversalClient) error {
		it := c.Scan(ctx, 0, pattern, 1000).Iterator()
		for it.Next(ctx) {
			k := it.Val()
			if id, ok := strings.CutPrefix(k, head); ok {
				if id, ok = strings.CutSuffix(id, tail); ok {
					mu.Lock()
					ids = append(ids, id)
					mu.Unlock()
				}
			}
		}
		return it.Err()
	}
	var err error
	if cc, ok := s.c.(*redis.ClusterClient); ok {
		err = cc.ForEachMaster(ctx, func(ctx context.Context, c *redis.Client) error { return scan(ctx, c) })
	} else {
		err = scan(ctx, s.c)
	}
	if err != nil {
		return nil, s.fail(ctx, err, "", what)
	}
	slices.Sort(ids)
	return slices.Compact(ids), nil
}

// globEscape quotes the characters SCAN's MATCH pattern treats specially.
func globEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[]\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
