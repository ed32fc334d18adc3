package redisstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/internal/redistest"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestResultsSurviveRestart: a result added is there after SIGKILL and a
// restart of redis-server (appendonly, fsync always) and a new client.
func TestResultsSurviveRestart(t *testing.T) {
	ctx := context.Background()
	srv := redistest.New(t, redistest.Options{AOF: true})
	s := redisstore.New(srv.Client(), "res", storage.Options{})
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	if err := s.AddResult(ctx, storagetest.Result("m1", "discord:g", at, "u1", "u2")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if err := srv.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	s = redisstore.New(srv.Client(), "res", storage.Options{})
	defer s.Close()
	got, err := s.Results(ctx, storage.ResultFilter{UserID: "u2"})
	if err != nil || len(got) != 1 || got[0].MatchID != "m1" || len(got[0].Seats) != 2 || !got[0].Finished.Equal(at) {
		t.Fatalf("after restart: %+v %v", got, err)
	}
}
