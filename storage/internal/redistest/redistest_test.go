package redistest

import (
	"context"
	"errors"
	"testing"
)

func TestMissingServer(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	old := fallbackPath
	fallbackPath = "/nonexistent/redis-server"
	defer func() { fallbackPath = old }()
	if _, err := Start(Options{}); !errors.Is(err, ErrNoServer) {
		t.Fatalf("Start without redis-server: %v, want ErrNoServer", err)
	}
}

func TestStartStop(t *testing.T) {
	s := New(t, Options{})
	c := s.Client()
	defer c.Close()
	ctx := context.Background()
	if err := c.Set(ctx, "k", "v", 0).Err(); err != nil {
		t.Fatal(err)
	}
	cfg, err := c.ConfigGet(ctx, "appendonly").Result()
	if err != nil || cfg["appendonly"] != "no" {
		t.Fatalf("appendonly = %v, %v; want no", cfg, err)
	}
}
