package discord

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
)

// TestHTTPFloodStillAnswersPing runs the interactions endpoint, floods it
// with unsigned slow POSTs (headers never finished, bodies never sent) and
// idle keep-alive connections, far more than its connection limit, and
// checks that a correctly signed PING is still answered within Discord's
// three-second deadline, with the process limited to 1,024 open files.
func TestHTTPFloodStillAnswersPing(t *testing.T) {
	fd := fakediscord.New()
	defer fd.Close()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Run(ctx, Config{Token: fd.BotToken, APIBase: fd.URL, Mode: ModeHTTP, AppID: fd.AppID,
			PublicKey: fd.PublicKeyHex(), Listen: addr}, testService(t), nil)
	}()
	defer func() {
		cancel()
		<-done
	}()
	ping := []byte(`{"id":"1","application_id":"` + fd.AppID + `","type":1,"token":"x","version":1}`)
	signedPing := func() (int, error) {
		ts := strconv.FormatInt(time.Now().Unix(), 10)
		code, _, err := fd.PostRaw("http://"+addr+"/interactions", ping, ts, fd.Sign(ts, ping))
		return code, err
	}
	if !fd.WaitFor(5*time.Second, func() bool { code, err := signedPing(); return err == nil && code == http.StatusOK }) {
		t.Fatal("the endpoint never answered PING")
	}
	// 600 connections use 1,200 descriptors in this process (both ends):
	// past 1,024 only if the server keeps every one open.
	lowerFileLimit(t, 1024)
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	const flood = 600 // more than twice the limit
	for i := range flood {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatalf("dial %d: %v", i, err)
		}
		conns = append(conns, c)
		switch i % 3 {
		case 0: // headers never finished
			fmt.Fprintf(c, "POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n")
		case 1: // a body announced and never sent
			fmt.Fprintf(c, "POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 900000\r\n\r\n{")
		case 2: // an idle keep-alive connection after one refused request
			fmt.Fprintf(c, "POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
			c.SetReadDeadline(time.Now().Add(2 * time.Second))
			if resp, err := http.ReadResponse(bufio.NewReader(c), nil); err == nil {
				resp.Body.Close()
			}
		}
	}
	for i := range 5 {
		start := time.Now()
		code, err := signedPing()
		if err != nil || code != http.StatusOK {
			t.Fatalf("signed PING %d during the flood: %d %v", i, code, err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("signed PING %d took %v, past Discord's 3 s", i, d)
		}
	}
}
