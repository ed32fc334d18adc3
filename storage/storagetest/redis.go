package storagetest

import (
	"testing"

	"github.com/smokestack/smokestack/storage/internal/redistest"
)

// RedisServer is a real redis-server process started for a test.
type RedisServer = redistest.Server

// RedisOptions configures a RedisServer (persistence, cluster mode).
type RedisOptions = redistest.Options

// Redis starts a real redis-server for the test and stops it when the test
// ends; a missing redis-server fails the test with a message saying how to
// install it. Tests above the storage layer use it to run on Redis.
func Redis(t testing.TB, opts RedisOptions) *RedisServer { return redistest.New(t, opts) }

// RedisPrefix is a key prefix unique to the test, so tests sharing one
// server never see each other's keys.
func RedisPrefix(t testing.TB) string { return redistest.Prefix(t) }

// RedisCluster is a Redis Cluster of redis-server processes on loopback
// (three masters with one replica each) started for a test.
type RedisCluster = redistest.Cluster

// RedisClusterOptions configures a RedisCluster.
type RedisClusterOptions = redistest.ClusterOptions

// NewRedisCluster starts a Redis Cluster for the test with redis-cli
// --cluster create and stops it when the test ends; a redis-server without
// cluster support skips the test saying so.
func NewRedisCluster(t testing.TB, opts RedisClusterOptions) *RedisCluster {
	return redistest.NewCluster(t, opts)
}
