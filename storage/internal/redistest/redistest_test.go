package redistest

import (
	"context"
	"errors"
	"net"
	"os"
	"path/filepath"
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

// TestNoClusterSupport: a redis-server that refuses --cluster-enabled
// makes StartCluster fail with ErrNoClusterSupport (NewCluster then skips
// the test, saying so), never with a bare startup failure.
func TestNoClusterSupport(t *testing.T) {
	real, err := Path()
	if err != nil {
		t.Fatal(err)
	}
	cli, err := cliPath()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := "#!/bin/sh\nfor a in \"$@\"; do\n  if [ \"$a\" = --cluster-enabled ]; then\n" +
		"    echo \"*** FATAL CONFIG FILE ERROR ***\" >&2\n    echo \">>> 'cluster-enabled \\\"yes\\\"'\" >&2\n" +
		"    echo 'Bad directive or wrong number of arguments' >&2\n    exit 1\n  fi\ndone\nexec " + real + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "redis-server"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(cli, filepath.Join(dir, "redis-cli")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	c, err := StartCluster(ClusterOptions{})
	if err == nil {
		c.Stop()
	}
	if !errors.Is(err, ErrNoClusterSupport) {
		t.Fatalf("StartCluster with a redis-server without cluster support: %v, want ErrNoClusterSupport", err)
	}
}

// TestClusterPortClash: a cluster node whose chosen bus port another
// process already holds (the CI failure of stop 37: "Could not create
// server TCP listening socket ... Address already in use") starts on new
// ports instead of failing the test.
func TestClusterPortClash(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	busy := taken.Addr().(*net.TCPAddr).Port
	old := pickPorts
	defer func() { pickPorts = old }()
	calls := 0
	pickPorts = func() (int, int, error) {
		calls++
		p, bus, err := old()
		if calls == 1 {
			bus = busy
		}
		return p, bus, err
	}
	s := New(t, Options{Cluster: true})
	if calls < 2 {
		t.Fatalf("ports picked %d times; the clash should have made it pick again", calls)
	}
	if s.busPort == busy {
		t.Fatalf("bus port %d is the one held by another listener", busy)
	}
	c := s.ClusterClient()
	defer c.Close()
	if err := c.Set(context.Background(), "k", "v", 0).Err(); err != nil {
		t.Fatalf("set on the cluster after the clash: %v", err)
	}
}
