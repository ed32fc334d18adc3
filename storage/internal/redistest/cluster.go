package redistest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// ErrNoClusterSupport means redis-server was built without Redis Cluster
// (it refuses --cluster-enabled). Debian's redis-server has it; cluster
// tests skip with this message only.
var ErrNoClusterSupport = errors.New("redistest: this redis-server has no Redis Cluster support (it refuses --cluster-enabled)")

// ErrNoCLI means redis-cli is not installed; it creates the cluster.
var ErrNoCLI = errors.New("redistest: redis-cli not found in PATH or /usr/bin; it comes with redis-server " +
	"(Debian package redis-tools); run the test command from README.md, which installs it")

// ClusterOptions configure a Cluster.
type ClusterOptions struct {
	// Masters is the number of masters (3 when zero); each gets one replica.
	Masters int
	// AOF turns on the append-only file on every node (appendfsync
	// always).
	AOF bool
	// NodeTimeout is cluster-node-timeout: how long a master may be
	// unreachable before its replica takes over (2 s when zero). Short
	// makes failover tests quick; too short fails over a node that is only
	// slow on a loaded machine.
	NodeTimeout time.Duration
}

// Cluster is a Redis Cluster of redis-server processes on 127.0.0.1: some
// masters with one replica each, created with redis-cli --cluster create
// as an operator would.
type Cluster struct {
	// Dir holds one directory per node.
	Dir string
	// Nodes are the servers, in the order given to redis-cli (the masters
	// first, as redis-cli assigns them, then the replicas); roles change
	// after a failover: see Master.
	Nodes []*Server
}

// cliPath finds redis-cli.
func cliPath() (string, error) {
	if p, err := exec.LookPath("redis-cli"); err == nil {
		return p, nil
	}
	if p := filepath.Join(filepath.Dir(fallbackPath), "redis-cli"); fileExists(p) {
		return p, nil
	}
	return "", ErrNoCLI
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// StartCluster starts the nodes, joins them with redis-cli --cluster
// create ... --cluster-replicas 1, and waits until every node reports
// cluster_state:ok and every replica is in sync with its master.
func StartCluster(opts ClusterOptions) (*Cluster, error) {
	if opts.Masters == 0 {
		opts.Masters = 3
	}
	if opts.NodeTimeout == 0 {
		opts.NodeTimeout = 2 * time.Second
	}
	cli, err := cliPath()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "redisclu")
	if err != nil {
		return nil, fmt.Errorf("redistest: %w", err)
	}
	c := &Cluster{Dir: dir}
	fail := func(err error) (*Cluster, error) {
		c.Stop()
		return nil, err
	}
	for i := range 2 * opts.Masters {
		nd := filepath.Join(dir, strconv.Itoa(i))
		if err := os.Mkdir(nd, 0o700); err != nil {
			return fail(fmt.Errorf("redistest: %w", err))
		}
		s, err := Start(Options{Dir: nd, Cluster: true, AOF: opts.AOF, node: true, Args: []string{
			"--cluster-node-timeout", strconv.FormatInt(opts.NodeTimeout.Milliseconds(), 10),
			// A replica takes over however long it lost its master.
			"--cluster-replica-validity-factor", "0",
			// A replica's first sync starts at once, not after the default
			// 5 s wait for more replicas.
			"--repl-diskless-sync-delay", "0",
		}})
		if err != nil {
			if i == 0 && strings.Contains(err.Error(), "cluster-enabled") {
				return fail(fmt.Errorf("%w: %v", ErrNoClusterSupport, err))
			}
			return fail(err)
		}
		c.Nodes = append(c.Nodes, s)
	}
	args := []string{"--cluster", "create"}
	for _, s := range c.Nodes {
		args = append(args, s.Addr)
	}
	args = append(args, "--cluster-replicas", "1", "--cluster-yes")
	out, err := exec.Command(cli, args...).CombinedOutput()
	if err != nil {
		return fail(fmt.Errorf("redistest: redis-cli --cluster create: %v: %s", err, out))
	}
	if err := c.WaitOK(30 * time.Second); err != nil {
		return fail(err)
	}
	return c, nil
}

// NewCluster starts a cluster for one test and stops it in t.Cleanup. A
// redis-server without cluster support skips the test saying so; a
// missing redis-server or redis-cli fails it.
func NewCluster(t testing.TB, opts ClusterOptions) *Cluster {
	t.Helper()
	c, err := StartCluster(opts)
	if errors.Is(err, ErrNoClusterSupport) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Stop(); err != nil {
			t.Error(err)
		}
	})
	return c
}

// Shared is a cluster started on first use and shared by a test binary's
// tests (start it once per package); Stop it from TestMain.
type Shared struct {
	Opts ClusterOptions
	once sync.Once
	c    *Cluster
	err  error
}

// Get starts the cluster on the first call and returns it; a redis-server
// without cluster support skips the test, any other failure fails it.
func (sh *Shared) Get(t testing.TB) *Cluster {
	t.Helper()
	sh.once.Do(func() { sh.c, sh.err = StartCluster(sh.Opts) })
	if errors.Is(sh.err, ErrNoClusterSupport) {
		t.Skip(sh.err)
	}
	if sh.err != nil {
		t.Fatal(sh.err)
	}
	return sh.c
}

// Stop stops the cluster if it was started.
func (sh *Shared) Stop() error {
	if sh.c == nil {
		return nil
	}
	return sh.c.Stop()
}

// Addrs are the nodes' host:port addresses.
func (c *Cluster) Addrs() []string {
	out := make([]string, len(c.Nodes))
	for i, s := range c.Nodes {
		out[i] = s.Addr
	}
	return out
}

// Client returns a cluster client seeded with every node; the caller
// closes it. It keeps to context deadlines.
func (c *Cluster) Client() *redis.ClusterClient {
	return redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.Addrs(), ContextTimeoutEnabled: true})
}

// nodeInfo is one line of CLUSTER NODES.
type nodeInfo struct {
	addr, role string
	failed     bool
}

// topology reads CLUSTER NODES from the first node that answers.
func (c *Cluster) topology(ctx context.Context) ([]nodeInfo, error) {
	var last error
	for _, s := range c.Nodes {
		if s.cmd == nil {
			continue
		}
		cl := s.Client()
		out, err := cl.ClusterNodes(ctx).Result()
		cl.Close()
		if err != nil {
			last = err
			continue
		}
		var nodes []nodeInfo
		for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
			f := strings.Fields(line)
			if len(f) < 3 {
				continue
			}
			addr, _, _ := strings.Cut(f[1], "@")
			n := nodeInfo{addr: addr, failed: strings.Contains(f[2], "fail")}
			switch {
			case strings.Contains(f[2], "master"):
				n.role = "master"
			case strings.Contains(f[2], "slave"):
				n.role = "replica"
			}
			nodes = append(nodes, n)
		}
		return nodes, nil
	}
	return nil, fmt.Errorf("redistest: no node answers CLUSTER NODES: %v", last)
}

// Masters are the running nodes that are masters now.
func (c *Cluster) Masters(ctx context.Context) ([]*Server, error) {
	var out []*Server
	for _, s := range c.Nodes {
		if s.cmd == nil {
			continue
		}
		cl := s.Client()
		role, err := cl.Do(ctx, "ROLE").Slice()
		cl.Close()
		if err != nil {
			return nil, fmt.Errorf("redistest: ROLE of %s: %w", s.Addr, err)
		}
		if len(role) > 0 && role[0] == "master" {
			out = append(out, s)
		}
	}
	return out, nil
}

// MasterOf returns the running node that is master of key's slot now.
func (c *Cluster) MasterOf(ctx context.Context, key string) (*Server, error) {
	cl := c.Client()
	defer cl.Close()
	cl.ReloadState(ctx)
	m, err := cl.MasterForKey(ctx, key)
	if err != nil {
		return nil, err
	}
	for _, s := range c.Nodes {
		if s.Addr == m.Options().Addr {
			return s, nil
		}
	}
	return nil, fmt.Errorf("redistest: master %s of %q is not one of the cluster's nodes", m.Options().Addr, key)
}

// WaitOK waits until every running node reports cluster_state:ok, every
// node's view has as many masters as the cluster should, no running node
// is flagged as failed, and every replica's link to its master is up.
func (c *Cluster) WaitOK(timeout time.Duration) error {
	ctx := context.Background()
	var why string
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		why = c.notOK(ctx)
		if why == "" {
			return nil
		}
	}
	return fmt.Errorf("redistest: cluster not ok after %v: %s", timeout, why)
}

func (c *Cluster) notOK(ctx context.Context) string {
	running := 0
	for _, s := range c.Nodes {
		if s.cmd == nil {
			continue
		}
		running++
		cl := s.Client()
		info, err := cl.ClusterInfo(ctx).Result()
		repl, rerr := cl.Info(ctx, "replication").Result()
		cl.Close()
		if err != nil || rerr != nil {
			return fmt.Sprintf("%s: %v %v", s.Addr, err, rerr)
		}
		if !strings.Contains(info, "cluster_state:ok") {
			return s.Addr + ": cluster_state is not ok"
		}
		if strings.Contains(repl, "role:slave") && !strings.Contains(repl, "master_link_status:up") {
			return s.Addr + ": replica not in sync with its master"
		}
	}
	nodes, err := c.topology(ctx)
	if err != nil {
		return err.Error()
	}
	masters := 0
	for _, n := range nodes {
		if n.failed {
			for _, s := range c.Nodes {
				if s.Addr == n.addr && s.cmd != nil {
					return n.addr + " is flagged as failed"
				}
			}
			continue
		}
		if n.role == "master" {
			masters++
		}
	}
	if masters != len(c.Nodes)/2 {
		return fmt.Sprintf("%d masters, want %d", masters, len(c.Nodes)/2)
	}
	return ""
}

// Stop stops every node and removes the directory.
func (c *Cluster) Stop() error {
	var errs []error
	for _, s := range c.Nodes {
		errs = append(errs, s.Stop())
	}
	errs = append(errs, os.RemoveAll(c.Dir))
	return errors.Join(errs...)
}
