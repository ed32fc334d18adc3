package ops

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

func get(t *testing.T, url string) (int, string) {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(b)
}

// The endpoint: alive always; ready only when every check passes and no
// shutdown has begun, saying which check failed; the metrics recorded
// through bot.Metrics in the Prometheus text format.
func TestEndpoint(t *testing.T) {
	m := NewMetrics()
	storeDown := errors.New("redis: connection refused")
	var storeErr error
	m.OpenMatches(func(context.Context) (map[[2]string]int, error) {
		return map[[2]string]int{{"brass", "active"}: 3, {"pebbles", "lobby"}: 1}, nil
	}, time.Minute)
	s := NewServer(m, nil, Check{Name: "store", Ready: func(context.Context) error { return storeErr }})
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()

	if code, body := get(t, srv.URL+"/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz %d %q", code, body)
	}
	if code, body := get(t, srv.URL+"/readyz"); code != 200 || body != "ready\n" {
		t.Errorf("/readyz %d %q", code, body)
	}
	storeErr = storeDown
	if code, body := get(t, srv.URL+"/readyz"); code != 503 || !strings.Contains(body, "store: redis: connection refused") {
		t.Errorf("/readyz with the store down: %d %q", code, body)
	}
	storeErr = nil
	s.Stopping()
	if code, body := get(t, srv.URL+"/readyz"); code != 503 || !strings.Contains(body, "shutting down") {
		t.Errorf("/readyz while stopping: %d %q", code, body)
	}
	if code, _ := get(t, srv.URL+"/healthz"); code != 200 {
		t.Errorf("/healthz while stopping: %d", code)
	}

	m.Interaction("move", "ok", 12*time.Millisecond, 80*time.Millisecond)
	m.Interaction("move", "refused", 8*time.Millisecond, 8*time.Millisecond)
	m.Interaction("autocomplete:move", "ok", 0, 3*time.Millisecond)
	m.Move("pebbles", "applied")
	m.Move("pebbles", "applied")
	m.Move("pebbles", "refused")
	m.CASRetry()
	m.Render("pebbles", 30*time.Millisecond, 20000)
	m.Store("commit", 2*time.Millisecond, false)
	m.Store("commit", 3*time.Second, true)
	m.DiscordError("429")
	m.DiscordError("network")
	m.RateLimitWait(1500 * time.Millisecond)
	code, body := get(t, srv.URL+"/metrics")
	if code != 200 {
		t.Fatalf("/metrics %d", code)
	}
	for _, want := range []string{
		`smokestack_interactions_total{command="move",outcome="ok"} 1`,
		`smokestack_interactions_total{command="move",outcome="refused"} 1`,
		`smokestack_interaction_ack_seconds_count{command="move"} 2`,
		`smokestack_interaction_ack_seconds_bucket{command="move",le="0.01"} 1`,
		`smokestack_interaction_total_seconds_count{command="autocomplete:move"} 1`,
		`smokestack_moves_total{game="pebbles",outcome="applied"} 2`,
		`smokestack_moves_total{game="pebbles",outcome="refused"} 1`,
		`smokestack_cas_retries_total 1`,
		`smokestack_render_seconds_count{game="pebbles"} 1`,
		`smokestack_render_png_bytes_bucket{game="pebbles",le="32768"} 1`,
		`smokestack_store_seconds_count{op="commit"} 2`,
		`smokestack_store_errors_total{op="commit"} 1`,
		`smokestack_discord_rest_errors_total{status="429"} 1`,
		`smokestack_discord_rest_errors_total{status="network"} 1`,
		`smokestack_discord_rate_limit_wait_seconds_sum 1.5`,
		`smokestack_open_matches{game="brass",status="active"} 3`,
		`smokestack_open_matches{game="pebbles",status="lobby"} 1`,
		`go_goroutines `,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	// An interaction Discord never got an answer to (ack 0) is counted
	// but not timed as acknowledged.
	if strings.Contains(body, `smokestack_interaction_ack_seconds_count{command="autocomplete:move"}`) {
		t.Error("an unanswered interaction was timed as acknowledged")
	}
}

// The open-match count is taken at most once per interval: a scrape in
// between reads the last count.
func TestOpenMatchesCached(t *testing.T) {
	m := NewMetrics()
	calls := 0
	m.OpenMatches(func(context.Context) (map[[2]string]int, error) {
		calls++
		return map[[2]string]int{{"pebbles", "active"}: calls}, nil
	}, time.Hour)
	srv := httptest.NewServer(NewServer(m, nil).Handler())
	defer srv.Close()
	for range 3 {
		if _, body := get(t, srv.URL+"/metrics"); !strings.Contains(body, `smokestack_open_matches{game="pebbles",status="active"} 1`) {
			t.Fatalf("open matches not 1:\n%s", body)
		}
	}
	if calls != 1 {
		t.Errorf("counted %d times in three scrapes within the interval", calls)
	}
}

// Every smokestack_ metric the Grafana dashboard in deploy/ queries is one
// this package exports, so the dashboard cannot drift from the code.
func TestDashboardMetrics(t *testing.T) {
	data, err := os.ReadFile("../../deploy/grafana/smokestack.json")
	if err != nil {
		t.Fatal(err)
	}
	m := NewMetrics()
	m.OpenMatches(func(context.Context) (map[[2]string]int, error) { return map[[2]string]int{{"g", "active"}: 1}, nil }, time.Minute)
	// Touch every vector so that it is gathered.
	m.Interaction("x", "ok", time.Millisecond, time.Millisecond)
	m.Move("g", "applied")
	m.CASRetry()
	m.Render("g", time.Millisecond, 1)
	m.Store("get", time.Millisecond, true)
	m.DiscordError("500")
	m.RateLimitWait(time.Second)
	families, err := m.Registry().Gather()
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, f := range families {
		known[f.GetName()] = true
		for _, suffix := range []string{"_bucket", "_sum", "_count"} {
			known[f.GetName()+suffix] = true
		}
	}
	used := regexp.MustCompile(`smokestack_[a-z_]+`).FindAllString(string(data), -1)
	if len(used) < 10 {
		t.Fatalf("the dashboard queries only %d smokestack metrics", len(used))
	}
	for _, name := range used {
		if !known[name] {
			t.Errorf("the dashboard queries %s, which is not exported", name)
		}
	}
}
