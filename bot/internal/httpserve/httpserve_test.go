package httpserve

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// start serves h with limits on a loopback port and returns its address.
func start(t *testing.T, h http.Handler, l Limits) (*Server, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := New(h, l, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return s, ln.Addr().String()
}

var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusRequestEntityTooLarge)
		return
	}
	fmt.Fprintf(w, "ok %d", len(b))
})

// TestFloodLeavesRoomForRealRequests opens many more slow and idle
// connections than the server allows, then checks that a real request is
// still answered well within Discord's three-second deadline.
func TestFloodLeavesRoomForRealRequests(t *testing.T) {
	const max = 20
	s, addr := start(t, echo, Limits{MaxConns: max, ReadHeader: 20 * time.Second, Read: 20 * time.Second, Idle: time.Minute})
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	// Slow headers: a request line and one header, never finished.
	for range 3 * max {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "POST /interactions HTTP/1.1\r\nHost: x\r\n")
	}
	// Idle keep-alive connections after one complete request each.
	for range 2 * max {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err == nil {
			resp.Body.Close()
		}
	}
	client := &http.Client{Timeout: 3 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for i := range 5 {
		resp, err := client.Post("http://"+addr+"/interactions", "application/json", strings.NewReader(`{"type":1}`))
		if err != nil {
			t.Fatalf("request %d during the flood: %v", i, err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || string(body) != "ok 10" {
			t.Fatalf("request %d: %d %q", i, resp.StatusCode, body)
		}
	}
	if n := s.OpenConns(); n > max {
		t.Errorf("%d connections open, limit %d", n, max)
	}
}

// TestOversizeBodyRefusedUnread: a declared body over the limit is refused
// before the client sends it.
func TestOversizeBodyRefusedUnread(t *testing.T) {
	_, addr := start(t, echo, Limits{MaxBody: 1024})
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n")
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer before the body was sent: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("status %d, want 413", resp.StatusCode)
	}
	// An undeclared (chunked) body is cut at the limit while it is read.
	req, _ := http.NewRequest("POST", "http://"+addr+"/", io.MultiReader(strings.NewReader(strings.Repeat("x", 4096))))
	req.ContentLength = -1
	r2, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	r2.Body.Close()
	if r2.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked oversize body: status %d, want 413", r2.StatusCode)
	}
}

// TestSlowBodyEnds: a body that trickles in is cut by the read timeout, so
// the connection does not stay open forever.
func TestSlowBodyEnds(t *testing.T) {
	s, addr := start(t, echo, Limits{Read: 500 * time.Millisecond, ReadHeader: 500 * time.Millisecond})
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprintf(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\nabc")
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	// The server gives up on the body and closes the connection (after
	// answering or not): the read ends rather than waiting forever.
	io.Copy(io.Discard, c)
	deadline := time.Now().Add(5 * time.Second)
	for s.OpenConns() > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := s.OpenConns(); n != 0 {
		t.Errorf("%d connections still open after the read timeout", n)
	}
}

// TestEveryConnectionBusy: when every connection is being served, a new
// one is refused rather than one being served cut off.
func TestEveryConnectionBusy(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan struct{}, 4)
	busy := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		entered <- struct{}{}
		<-release
		io.WriteString(w, "done")
	})
	_, addr := start(t, busy, Limits{MaxConns: 2})
	results := make(chan error, 2)
	for range 2 {
		go func() {
			resp, err := http.Get("http://" + addr + "/")
			if err == nil {
				resp.Body.Close()
			}
			results <- err
		}()
	}
	<-entered
	<-entered
	c, err := net.Dial("tcp", addr)
	if err == nil {
		c.SetReadDeadline(time.Now().Add(5 * time.Second))
		fmt.Fprintf(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		if _, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
			t.Error("a third connection was served past the limit")
		}
		c.Close()
	}
	close(release)
	for range 2 {
		if err := <-results; err != nil {
			t.Errorf("a served request was cut off: %v", err)
		}
	}
}
