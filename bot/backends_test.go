package bot_test

import (
	"testing"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

func init() {
	backends = append(backends, backend{"redis", func(t testing.TB) storage.Store {
		srv := storagetest.Redis(t, storagetest.RedisOptions{})
		st := redisstore.New(srv.Client(), storagetest.RedisPrefix(t), storage.Options{})
		t.Cleanup(func() { st.Close() })
		return st
	}})
}

// The Redis store writing the compact form (REDIS_COMPACT=1): packed,
// compressed log and snapshot.
func init() {
	backends = append(backends, backend{"redis-compact", func(t testing.TB) storage.Store {
		srv := storagetest.Redis(t, storagetest.RedisOptions{})
		st := redisstore.New(srv.Client(), storagetest.RedisPrefix(t), storage.Options{}, redisstore.Compact(true))
		t.Cleanup(func() { st.Close() })
		return st
	}})
}

func init() {
	backends = append(backends, backend{"embedded", func(t testing.TB) storage.Store {
		st, err := embedded.Open(t.TempDir(), storage.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { st.Close() })
		return st
	}})
}
