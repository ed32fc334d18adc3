package embedded_test

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
)

// crashEnv, when set, makes the test binary run crashChild instead of the
// tests: it names the store directory.
const crashEnv = "SMOKESTACK_EMBEDDED_CRASH_DIR"

func TestMain(m *testing.M) {
	if dir := os.Getenv(crashEnv); dir != "" {
		crashChild(dir)
		return
	}
	os.Exit(m.Run())
}

var crashIDs = []string{"c0", "c1", "c2", "c3"}

// crashChild commits moves from four goroutines, one per match, and prints
// "ack <id> <version>" after each commit returns, until it is killed.
func crashChild(dir string) {
	s, err := embedded.Open(dir, storage.Options{})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(2)
	}
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, id := range crashIDs {
		wg.Go(func() {
			for {
				m, err := s.Get(ctx, id)
				if err != nil {
					fmt.Println("error", err)
					os.Exit(2)
				}
				next := m
				next.Version++
				next.Moves++
				next.State = fmt.Appendf(nil, `{"moves":%d,"pad":"%01000d"}`, next.Moves, 0)
				e := &storage.LogEntry{Seq: next.Moves, Move: fmt.Sprintf("take %d", next.Moves)}
				if err := s.Commit(ctx, storage.Commit{ExpectVersion: m.Version, Match: next, Entry: e}); err != nil {
					fmt.Println("error", err)
					os.Exit(2)
				}
				mu.Lock()
				fmt.Printf("ack %s %d\n", id, next.Version)
				mu.Unlock()
			}
		})
	}
	wg.Wait()
}

// TestCrash kills a writing process with SIGKILL, several times, and checks
// that every acknowledged commit is there after reopening.
func TestCrash(t *testing.T) {
	dir := t.TempDir()
	s := open(t, dir, storage.Options{})
	for _, id := range crashIDs {
		if err := s.Create(ctx, newMatch(id, "web:"+id, "u1")); err != nil {
			t.Fatal(err)
		}
	}
	s.Close()
	acked := map[string]int64{}
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), crashEnv+"="+dir)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		n, killAt := 0, 40+37*round
		deadline := time.AfterFunc(20*time.Second, func() { cmd.Process.Kill() })
		for sc.Scan() {
			var id string
			var v int64
			if _, err := fmt.Sscanf(sc.Text(), "ack %s %d", &id, &v); err != nil {
				t.Errorf("child: %s", sc.Text())
				continue
			}
			if v <= acked[id] {
				t.Errorf("round %d: %s acknowledged version %d after %d", round, id, v, acked[id])
			}
			acked[id] = v
			if n++; n == killAt {
				cmd.Process.Signal(syscall.SIGKILL)
			}
		}
		deadline.Stop()
		cmd.Wait()
		if n < killAt {
			t.Fatalf("round %d: child stopped after %d acks", round, n)
		}

		s := open(t, dir, storage.Options{})
		for _, id := range crashIDs {
			m, err := s.Get(ctx, id)
			if err != nil {
				t.Fatalf("round %d: Get(%s): %v", round, id, err)
			}
			if m.Version < acked[id] {
				t.Errorf("round %d: %s at version %d, but version %d was acknowledged", round, id, m.Version, acked[id])
			}
			log, err := s.Log(ctx, id, 1)
			if err != nil {
				t.Fatal(err)
			}
			// A match the child had no time to commit to (a starved
			// goroutine on a busy machine) still has its first snapshot.
			snap := fmt.Sprintf(`{"moves":%d,`, m.Moves)
			if m.Moves == 0 {
				snap = `{"moves":[]}`
			}
			if int64(len(log)) != m.Moves || !strings.HasPrefix(string(m.State), snap) {
				t.Errorf("round %d: %s has %d moves, %d log entries, snapshot %.20s (version %d acknowledged)", round, id, m.Moves, len(log), m.State, acked[id])
			}
			acked[id] = m.Version // the next round continues from here
		}
		s.Close()
	}
}
