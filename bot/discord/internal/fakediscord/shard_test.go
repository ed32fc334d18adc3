package fakediscord

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// GET /gateway/bot answers as Discord does: only with the bot token, with
// the recommended shard count and the identify limits; GET /gateway needs
// no token and gives the URL alone.
func TestGatewayBot(t *testing.T) {
	s := New()
	defer s.Close()
	s.SetSharding(4, 2, 0)
	get := func(path, auth string) (int, map[string]any) {
		req, _ := http.NewRequest("GET", s.URL+"/api/v9"+path, nil)
		if auth != "" {
			req.Header.Set("Authorization", auth)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var out map[string]any
		json.NewDecoder(res.Body).Decode(&out)
		return res.StatusCode, out
	}
	if code, _ := get("/gateway/bot", ""); code != http.StatusUnauthorized {
		t.Errorf("/gateway/bot without a token: %d", code)
	}
	code, out := get("/gateway/bot", "Bot "+s.BotToken)
	limit, _ := out["session_start_limit"].(map[string]any)
	if code != 200 || out["shards"] != 4.0 || limit["max_concurrency"] != 2.0 || !strings.HasPrefix(out["url"].(string), "ws://") {
		t.Errorf("/gateway/bot: %d %v", code, out)
	}
	if code, out := get("/gateway", ""); code != 200 || out["url"] == nil || out["shards"] != nil {
		t.Errorf("/gateway: %d %v", code, out)
	}
}

// identify sends HELLO's answer: an IDENTIFY with shard (nil: none), and
// returns the close code the fake ends with, or 0 and READY's data.
func identify(t *testing.T, s *Server, shard []int) (int, map[string]any) {
	t.Helper()
	ws, _, err := websocket.DefaultDialer.Dial("ws"+strings.TrimPrefix(s.URL, "http")+"/gateway", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	var hello frame
	if err := ws.ReadJSON(&hello); err != nil || hello.Op != 10 {
		t.Fatalf("hello: %v %+v", err, hello)
	}
	d := map[string]any{"token": "Bot " + s.BotToken, "intents": 1}
	if shard != nil {
		d["shard"] = shard
	}
	ws.WriteJSON(map[string]any{"op": 2, "d": d})
	ws.SetReadDeadline(time.Now().Add(5 * time.Second))
	var f frame
	if err := ws.ReadJSON(&f); err != nil {
		if ce, ok := err.(*websocket.CloseError); ok {
			return ce.Code, nil
		}
		t.Fatal(err)
	}
	var ready map[string]any
	json.Unmarshal(f.D, &ready)
	return 0, ready
}

// IDENTIFY: a shard outside its count is refused (4010), fewer shards
// than required too (4011), and READY names the shard and only the guilds
// it serves.
func TestIdentifyShards(t *testing.T) {
	s := New()
	defer s.Close()
	other := "4194304000" // 1000 << 22: on shard 0 of 2; the default guild is on shard 1
	if ShardOf(other, 2) != 0 || ShardOf(s.GuildID, 2) != 1 {
		t.Fatalf("shards of the guilds: %d %d", ShardOf(other, 2), ShardOf(s.GuildID, 2))
	}
	s.AddGuildChannel(other, "300000000000000001", "elsewhere")
	for _, bad := range [][]int{{2, 2}, {-1, 2}, {0, 0}, {1}} {
		if code, _ := identify(t, s, bad); code != 4010 {
			t.Errorf("shard %v: close %d, want 4010", bad, code)
		}
	}
	code, ready := identify(t, s, []int{0, 2})
	guilds, _ := ready["guilds"].([]any)
	if code != 0 || len(guilds) != 1 || guilds[0].(map[string]any)["id"] != other || ready["shard"] == nil {
		t.Errorf("shard 0 of 2: close %d, READY %v", code, ready)
	}
	s.SetSharding(2, 1, 2)
	if code, _ := identify(t, s, nil); code != 4011 {
		t.Errorf("no shards when 2 are required: close %d, want 4011", code)
	}
	if code, _ := identify(t, s, []int{0, 2}); code != 0 {
		t.Errorf("shard 0 of the 2 required: close %d", code)
	}
}
