// Package redistest starts a real redis-server for tests.
//
// The server listens on a unix socket in a fresh temporary directory, with
// persistence off (no RDB snapshots, no append-only file) unless Options.AOF asks for an
// append-only file fsynced on every write (the durability crash tests use
// that). One server per test package (from TestMain, with Start) and a key
// prefix per test (Prefix) keeps the tests fast and independent.
//
// There is no fallback: when redis-server is not installed the tests fail
// and say to run the test command from README.md, which installs it.
package redistest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNoServer means redis-server is not installed.
var ErrNoServer = errors.New("redistest: redis-server not found in PATH or /usr/bin; " +
	"run the test command from README.md (it installs redis-server when missing)")

// Options configure a server.
type Options struct {
	// AOF turns on the append-only file with appendfsync always.
	AOF bool
	// Dir is the data directory; empty means a fresh temporary directory,
	// removed by Stop.
	Dir string
	// Cluster starts a one-node Redis Cluster owning every slot, on a free
	// TCP port of 127.0.0.1 (cluster clients discover nodes by address).
	// The server refuses cross-slot scripts and transactions exactly like
	// a real cluster, so code that passes here is Cluster-legal.
	Cluster bool
	// Args are more redis-server arguments, e.g. "--maxmemory-policy",
	// "allkeys-lru".
	Args []string

	// node: a member of a multi-node cluster (StartCluster), whose slots
	// redis-cli assigns; start only waits for PING.
	node bool
}

// Server is a running redis-server.
type Server struct {
	// Dir holds the socket, the log and the data files.
	Dir string
	// Socket is the unix socket path.
	Socket string
	// Addr is host:port in cluster mode; empty otherwise.
	Addr string

	// busPort is the cluster bus port in cluster mode, chosen free like
	// Addr's rather than left at Redis's default of the port plus 10000,
	// which nothing checked and another process could already hold.
	busPort int
	opts    Options
	ownDir  bool
	cmd     *exec.Cmd
	exited  chan struct{}
	logPath string
}

// fallbackPath is where Debian installs redis-server, tried when PATH
// lacks it.
var fallbackPath = "/usr/bin/redis-server"

// Path finds the redis-server binary.
func Path() (string, error) {
	if p, err := exec.LookPath("redis-server"); err == nil {
		return p, nil
	}
	if _, err := os.Stat(fallbackPath); err == nil {
		return fallbackPath, nil
	}
	return "", ErrNoServer
}

// Start starts a server and waits until it answers PING.
func Start(opts Options) (*Server, error) {
	s := &Server{opts: opts, Dir: opts.Dir}
	if s.Dir == "" {
		// Unix socket paths are limited to about 100 bytes, so keep it short.
		d, err := os.MkdirTemp("", "redistest")
		if err != nil {
			return nil, fmt.Errorf("redistest: %w", err)
		}
		s.Dir, s.ownDir = d, true
	}
	s.Socket = filepath.Join(s.Dir, "redis.sock")
	s.logPath = filepath.Join(s.Dir, "redis.log")
	if err := s.start(); err != nil {
		if s.ownDir {
			os.RemoveAll(s.Dir)
		}
		return nil, err
	}
	return s, nil
}

func (s *Server) start() error {
	if !s.opts.Cluster || s.Addr != "" {
		// Not a cluster node, or a restart on the ports it had.
		return s.launch()
	}
	// A free port can be taken by another process between our check and
	// redis-server's bind (parallel test packages start many servers), so
	// a fresh node that finds its ports taken tries new ones.
	var err error
	for range bindAttempts {
		var p, bus int
		if p, bus, err = pickPorts(); err != nil {
			return err
		}
		s.Addr, s.busPort = fmt.Sprintf("127.0.0.1:%d", p), bus
		if err = s.launch(); err == nil || !strings.Contains(err.Error(), "Address already in use") {
			break
		}
		// The failed start may have written its node identity already.
		os.Remove(filepath.Join(s.Dir, "nodes.conf"))
	}
	if err != nil {
		s.Addr, s.busPort = "", 0
	}
	return err
}

// bindAttempts is how many pairs of ports a fresh cluster node tries.
const bindAttempts = 5

// pickPorts returns two distinct free TCP ports of 127.0.0.1: a cluster
// node's client port and its bus port. Tests replace it to force a clash.
var pickPorts = func() (int, int, error) {
	a, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, 0, fmt.Errorf("redistest: free port: %w", err)
	}
	defer a.Close()
	b, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, 0, fmt.Errorf("redistest: free port: %w", err)
	}
	defer b.Close()
	return a.Addr().(*net.TCPAddr).Port, b.Addr().(*net.TCPAddr).Port, nil
}

// launch runs redis-server once on the server's directory and ports and
// waits until it answers.
func (s *Server) launch() error {
	bin, err := Path()
	if err != nil {
		return err
	}
	port := "0"
	if s.opts.Cluster {
		_, port, _ = net.SplitHostPort(s.Addr)
	}
	args := []string{
		"--port", port,
		"--unixsocket", s.Socket,
		"--unixsocketperm", "700",
		"--dir", s.Dir,
		"--logfile", s.logPath,
		"--daemonize", "no",
		"--save", "",
	}
	if s.opts.Cluster {
		args = append(args, "--bind", "127.0.0.1", "--cluster-enabled", "yes",
			"--cluster-port", strconv.Itoa(s.busPort),
			"--cluster-config-file", filepath.Join(s.Dir, "nodes.conf"))
	}
	if s.opts.AOF {
		args = append(args, "--appendonly", "yes", "--appendfsync", "always")
	} else {
		args = append(args, "--appendonly", "no")
	}
	args = append(args, s.opts.Args...)
	cmd := exec.Command(bin, args...)
	// Errors in the arguments (an option this build does not know, such
	// as cluster-enabled without cluster support) go to stderr, before the
	// log file is open.
	errFile, err := os.Create(filepath.Join(s.Dir, "redis.stderr"))
	if err != nil {
		return fmt.Errorf("redistest: %w", err)
	}
	defer errFile.Close()
	cmd.Stdout, cmd.Stderr = errFile, errFile
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("redistest: start %s: %w", bin, err)
	}
	s.cmd = cmd
	s.exited = make(chan struct{})
	go func() {
		cmd.Wait()
		close(s.exited)
	}()
	c := s.Client()
	defer c.Close()
	deadline := time.Now().Add(10 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err := c.Ping(ctx).Err()
		cancel()
		if err == nil {
			// Loading a large AOF answers PING with LOADING; Ping errors then.
			if s.opts.Cluster && !s.opts.node {
				return s.clusterUp(c)
			}
			return nil
		}
		select {
		case <-s.exited:
			return fmt.Errorf("redistest: redis-server exited at startup: %s", s.logTail())
		default:
		}
		if time.Now().After(deadline) {
			s.Kill()
			return fmt.Errorf("redistest: redis-server not ready after 10s (%v): %s", err, s.logTail())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// clusterUp assigns every slot to the one node and waits for the cluster
// to report ok.
func (s *Server) clusterUp(c *redis.Client) error {
	ctx := context.Background()
	info, err := c.ClusterInfo(ctx).Result()
	if err != nil {
		return fmt.Errorf("redistest: cluster info: %w", err)
	}
	if !strings.Contains(info, "cluster_slots_assigned:16384") {
		if err := c.Do(ctx, "CLUSTER", "ADDSLOTSRANGE", 0, 16383).Err(); err != nil {
			return fmt.Errorf("redistest: cluster addslotsrange: %w", err)
		}
	}
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		info, err := c.ClusterInfo(ctx).Result()
		if err == nil && strings.Contains(info, "cluster_state:ok") {
			return nil
		}
	}
	return fmt.Errorf("redistest: cluster not ok after 10s: %s", s.logTail())
}

// ClusterClient returns a cluster client for a server started with
// Options.Cluster; the caller closes it. Like Client, it keeps to context
// deadlines.
func (s *Server) ClusterClient() *redis.ClusterClient {
	return redis.NewClusterClient(&redis.ClusterOptions{Addrs: []string{s.Addr}, ContextTimeoutEnabled: true})
}

func (s *Server) logTail() string {
	b, _ := os.ReadFile(s.logPath)
	if e, _ := os.ReadFile(filepath.Join(s.Dir, "redis.stderr")); len(e) > 0 {
		b = append(append(b, '\n'), e...)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) > 8 {
		lines = lines[len(lines)-8:]
	}
	return strings.Join(lines, "\n")
}

// Client returns a new client for the server; the caller closes it. It
// keeps to context deadlines (ContextTimeoutEnabled), as the store asks.
func (s *Server) Client() *redis.Client {
	return redis.NewClient(&redis.Options{Network: "unix", Addr: s.Socket, DB: 0, ContextTimeoutEnabled: true})
}

// Freeze stops the server with SIGSTOP: it keeps its connections and its
// socket but answers nothing, as a server stuck in a long command, a
// swap storm or a paused VM would. Thaw resumes it.
func (s *Server) Freeze() error {
	if s.cmd == nil {
		return errors.New("redistest: freeze of a stopped server")
	}
	return s.cmd.Process.Signal(syscall.SIGSTOP)
}

// Thaw resumes a frozen server with SIGCONT.
func (s *Server) Thaw() error {
	if s.cmd == nil {
		return errors.New("redistest: thaw of a stopped server")
	}
	return s.cmd.Process.Signal(syscall.SIGCONT)
}

// Kill stops the server with SIGKILL, as a crash would, and waits for it.
// Stop may still be called afterwards to remove the directory.
func (s *Server) Kill() error {
	if s.cmd == nil {
		return nil
	}
	err := s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.exited
	s.cmd = nil
	if err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("redistest: kill: %w", err)
	}
	return nil
}

// Restart starts the server again on the same directory and socket, after
// Kill (or a crash).
func (s *Server) Restart() error {
	if s.cmd != nil {
		return errors.New("redistest: restart of a running server")
	}
	return s.start()
}

// Stop shuts the server down and removes its temporary directory.
func (s *Server) Stop() error {
	var err error
	if s.cmd != nil {
		s.cmd.Process.Signal(syscall.SIGCONT) // a frozen server cannot act on SIGTERM
		s.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.exited:
		case <-time.After(10 * time.Second):
			err = errors.New("redistest: redis-server did not stop on SIGTERM; killed")
			s.cmd.Process.Kill()
			<-s.exited
		}
		s.cmd = nil
	}
	if s.ownDir {
		os.RemoveAll(s.Dir)
	}
	return err
}

// New starts a server for one test and stops it in t.Cleanup. A missing
// redis-server fails the test with a message saying how to install it.
func New(t testing.TB, opts Options) *Server {
	t.Helper()
	s, err := Start(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Stop(); err != nil {
			t.Error(err)
		}
	})
	return s
}

var seq atomic.Int64

// Prefix returns a key prefix unique to this test within the process, so
// tests sharing one server do not see each other's keys.
func Prefix(t testing.TB) string {
	name := strings.Map(func(r rune) rune {
		if r == '{' || r == '}' || r == ' ' || r == ':' {
			return '_'
		}
		return r
	}, t.Name())
	return fmt.Sprintf("t%d_%s", seq.Add(1), name)
}
