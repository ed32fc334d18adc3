package redisstore_test

import (
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// BenchmarkDue: the scheduler's idle poll over 10,000 open matches (one
// ZRANGEBYSCORE that finds nothing due).
func BenchmarkDue(b *testing.B) {
	s := redisstore.New(srv.Client(), redistest.Prefix(b), storage.Options{AbandonAfter: 30 * 24 * time.Hour})
	b.Cleanup(func() { s.Close() })
	storagetest.BenchDue(b, s, 10000)
}
