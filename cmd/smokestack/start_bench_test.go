package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/transfer"
)

// BenchmarkColdStart measures the binary's cold start as an operator
// meets it: from starting `smokestack serve` (the playground, the
// embedded store in DATA_DIR) to the first page the playground serves,
// with an empty store and with 1,000 matches half way through their
// games (a third of each product game, as BenchmarkIdleMatchMemory
// builds them). It reports the median and the 95th percentile of
// b.N starts of the built binary to the page, the median to the first
// answer that needs the store (the page's list of matches, /api/matches:
// the page is served while the store opens), and the CPU the process
// used up to that answer.
//
//	go test ./cmd/smokestack -run '^$' -bench ColdStart -benchtime 20x
func BenchmarkColdStart(b *testing.B) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		b.Skip("the go command builds the binary")
	}
	bin := filepath.Join(b.TempDir(), "smokestack")
	if out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, n := range []int{0, 1000} {
		b.Run(fmt.Sprintf("matches=%d", n), func(b *testing.B) {
			dir := b.TempDir()
			fillMidGames(b, dir, n)
			var times, stores, cpus []time.Duration
			for b.Loop() {
				wall, store, cpu := coldStart(b, bin, dir)
				times, stores, cpus = append(times, wall), append(stores, store), append(cpus, cpu)
			}
			b.ReportMetric(pct(times, 50), "ms-median")
			b.ReportMetric(pct(times, 95), "ms-p95")
			b.ReportMetric(pct(stores, 50), "store-ms-median")
			b.ReportMetric(pct(cpus, 50), "cpu-ms-median")
		})
	}
}

// pct is the p-th percentile of ds (nearest rank) in milliseconds.
func pct(ds []time.Duration, p int) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	return float64(s[max(0, (len(s)*p+99)/100-1)].Microseconds()) / 1000
}

// fillMidGames writes n mid-game matches into an embedded store in dir.
func fillMidGames(b *testing.B, dir string, n int) {
	b.Helper()
	st, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer st.Close()
	var dumps []transfer.Dump
	for _, g := range productGames() {
		dumps = append(dumps, midGame(b, g, g.Info().MinSeats+1))
	}
	for i := range n {
		d := dumps[i%len(dumps)]
		d.Match.ID = fmt.Sprintf("m%04d", i)
		d.Match.Channel = fmt.Sprintf("discord:%d", 1000000+i)
		if err := transfer.Write(context.Background(), st, d); err != nil {
			b.Fatal(err)
		}
	}
}

// coldStart starts the binary on the store in dir and returns the time
// to the playground's first page and to its first answer from the store
// (the list of matches), then stops it; cpu is the CPU time the process
// used (user and system, to its end: it idles once it has answered), a
// figure the machine's load does not inflate.
func coldStart(b *testing.B, bin, dir string) (wall, store, cpu time.Duration) {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve")
	cmd.Dir = b.TempDir()
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + cmd.Dir, "DATA_DIR=" + dir, "PLAYGROUND_ADDR=" + addr,
		"SMOKESTACK_OPS_ADDR=off", "SMOKESTACK_LOG_LEVEL=error"}
	client := &http.Client{Timeout: time.Second}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	for time.Since(start) < 30*time.Second {
		if res, err := client.Get("http://" + addr + "/"); err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				wall = time.Since(start)
				res, err := client.Get("http://" + addr + "/api/matches")
				if err != nil || res.StatusCode != http.StatusOK {
					cmd.Process.Kill()
					cmd.Wait()
					b.Fatalf("the list of matches: %v %v", err, res)
				}
				res.Body.Close()
				store = time.Since(start)
				cmd.Process.Kill()
				cmd.Wait()
				return wall, store, cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
		}
		time.Sleep(500 * time.Microsecond)
	}
	cmd.Process.Kill()
	cmd.Wait()
	b.Fatalf("no playground at %s after 30 s", addr)
	return 0, 0, 0
}
