package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a log destination read while the process writes to it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

var opsAddrLine = regexp.MustCompile(`operator endpoint[^\n]*addr[=":]+(127\.0\.0\.1:\d+)`)

// checkOps finds the operator endpoint in the log of a running serve and
// checks it: alive, ready (the store answers), and the metrics hold the
// wanted samples with their values.
func checkOps(t *testing.T, log fmtStringer, want map[string]string) {
	t.Helper()
	var addr string
	for i := 0; i < 100 && addr == ""; i++ {
		if m := opsAddrLine.FindStringSubmatch(log.String()); m != nil {
			addr = m[1]
		}
		time.Sleep(10 * time.Millisecond)
	}
	if addr == "" {
		t.Fatalf("no operator endpoint in the log:\n%s", log.String())
	}
	get := func(path string) (int, string) {
		res, err := http.Get("http://" + addr + path)
		if err != nil {
			t.Fatalf("GET %s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	if code, body := get("/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Errorf("/healthz: %d %q", code, body)
	}
	if code, body := get("/readyz"); code != http.StatusOK || body != "ready\n" {
		t.Errorf("/readyz: %d %q", code, body)
	}
	code, body := get("/metrics")
	if code != http.StatusOK {
		t.Fatalf("/metrics: %d", code)
	}
	samples := map[string]string{}
	sc := bufio.NewScanner(strings.NewReader(body))
	for sc.Scan() {
		line := sc.Text()
		if i := strings.LastIndexByte(line, ' '); i > 0 && !strings.HasPrefix(line, "#") {
			samples[line[:i]] = line[i+1:]
		}
	}
	for k, v := range want {
		if samples[k] != v {
			t.Errorf("metric %s = %q, want %q", k, samples[k], v)
		}
	}
	for _, k := range []string{`smokestack_store_seconds_count{op="create"}`, "go_goroutines", "process_resident_memory_bytes"} {
		if _, ok := samples[k]; !ok {
			t.Errorf("metric %s missing from /metrics", k)
		}
	}
}

type fmtStringer interface{ String() string }

// checkJSONLog checks that every line of a log is one JSON object with a
// time, a level and a message.
func checkJSONLog(t *testing.T, log string) {
	t.Helper()
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(log), "\n") {
		var rec struct{ Time, Level, Msg string }
		if err := json.Unmarshal([]byte(line), &rec); err != nil || rec.Time == "" || rec.Level == "" || rec.Msg == "" {
			t.Errorf("log line is not a JSON record: %q (%v)", line, err)
			continue
		}
		n++
	}
	if n < 3 {
		t.Errorf("only %d JSON log lines:\n%s", n, log)
	}
}
