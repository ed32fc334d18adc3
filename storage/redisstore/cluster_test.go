package redisstore_test

import (
	"context"
	"testing"

	"github.com/redis/go-redis/v9"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestCluster runs the conformance suite through a cluster client against
// a one-node Redis Cluster. Redis refuses any script or transaction whose
// keys span two slots (CROSSSLOT) even on one node, so passing proves the
// store's key layout is Cluster-legal.
func TestCluster(t *testing.T) {
	srv := redistest.New(t, redistest.Options{Cluster: true})
	storagetest.Run(t, func(t *testing.T, opts storage.Options) storage.Store {
		prefix := redistest.Prefix(t)
		// Open checks the eviction policy on every master.
		s, err := redisstore.Open(context.Background(), srv.ClusterClient(), prefix, opts)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return testStore{Store: s, srv: srv, prefix: prefix}
	})
	// The check is real: a script over two slots fails.
	c := srv.ClusterClient()
	defer c.Close()
	err := c.Eval(context.Background(), "return redis.call('MGET', KEYS[1], KEYS[2])", []string{"{a}x", "{b}x"}).Err()
	if !redis.HasErrorPrefix(err, "CROSSSLOT") {
		t.Fatalf("a script over two slots: %v, want a CROSSSLOT error", err)
	}
}
