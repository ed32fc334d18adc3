package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// HeartbeatInterval is the interval the fake announces in HELLO: short for
// tests, yet longer than the second discordgo v0.29 sleeps while closing on
// RECONNECT, during which a heartbeat would race the reconnect and can
// leave the client without a connection.
const HeartbeatInterval = 1500 * time.Millisecond

type gatewayConn struct {
	ws    *websocket.Conn
	wmu   sync.Mutex
	ready chan struct{}
	once  sync.Once
	shard [2]int // [id, count] from IDENTIFY; count 0: not sharded
}

// serves reports whether the connection receives a guild's events:
// Discord sends them to shard (guild_id >> 22) % num_shards.
func (g *gatewayConn) serves(guild string) bool {
	if g.shard[1] == 0 {
		return true
	}
	return ShardOf(guild, g.shard[1]) == g.shard[0]
}

// ShardOf is the shard that receives a guild's events among count shards;
// direct messages (guild "") go to shard 0.
func ShardOf(guild string, count int) int {
	id, _ := strconv.ParseUint(guild, 10, 64)
	return int((id >> 22) % uint64(count))
}

// Identify is one IDENTIFY the fake accepted.
type Identify struct {
	Shard [2]int // [id, count]; count 0 when the bot did not shard
	At    time.Time
}

func (g *gatewayConn) send(v any) error {
	g.wmu.Lock()
	defer g.wmu.Unlock()
	g.ws.SetWriteDeadline(time.Now().Add(5 * time.Second))
	return g.ws.WriteJSON(v)
}

func (g *gatewayConn) close() {
	g.wmu.Lock()
	g.ws.Close()
	g.wmu.Unlock()
}

type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (s *Server) serveGateway(w http.ResponseWriter, r *http.Request) {
	ws, err := s.upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	g := &gatewayConn{ws: ws, ready: make(chan struct{})}
	defer func() {
		s.mu.Lock()
		for i, c := range s.gateways {
			if c == g {
				s.gateways = append(s.gateways[:i], s.gateways[i+1:]...)
				break
			}
		}
		s.mu.Unlock()
		ws.Close()
	}()
	if err := g.send(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": HeartbeatInterval.Milliseconds()}}); err != nil {
		return
	}
	for {
		var f frame
		if err := ws.ReadJSON(&f); err != nil {
			return
		}
		switch f.Op {
		case 1: // heartbeat
			if g.send(map[string]any{"op": 11}) != nil {
				return
			}
		case 2: // identify
			var id struct {
				Token   string `json:"token"`
				Intents int    `json:"intents"`
				Shard   []int  `json:"shard"`
			}
			json.Unmarshal(f.D, &id)
			if id.Token != "Bot "+s.BotToken && id.Token != s.BotToken {
				g.wmu.Lock()
				ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."), time.Now().Add(time.Second))
				g.wmu.Unlock()
				return
			}
			closeWith := func(code int, text string) {
				g.wmu.Lock()
				ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
				g.wmu.Unlock()
			}
			if id.Shard != nil {
				if len(id.Shard) != 2 || id.Shard[1] < 1 || id.Shard[0] < 0 || id.Shard[0] >= id.Shard[1] {
					closeWith(4010, "Invalid shard.")
					return
				}
				g.shard = [2]int{id.Shard[0], id.Shard[1]}
			}
			s.mu.Lock()
			if g.shard[1] < s.requiredShards {
				s.mu.Unlock()
				closeWith(4011, "Sharding required.")
				return
			}
			s.identifies++
			s.identified = append(s.identified, Identify{Shard: g.shard, At: time.Now()})
			s.gwSeq++
			seq := s.gwSeq
			var guilds []map[string]any
			for _, gid := range s.guilds() {
				if g.serves(gid) {
					guilds = append(guilds, map[string]any{"id": gid, "unavailable": true})
				}
			}
			s.mu.Unlock()
			ready := map[string]any{
				"v": 9, "session_id": s.sessionID, "resume_gateway_url": "ws" + s.URL[4:] + "/gateway",
				"user":        map[string]any{"id": s.BotUserID, "username": "smokestack", "bot": true},
				"application": map[string]any{"id": s.AppID, "flags": 0},
				"guilds":      guilds,
			}
			if g.shard[1] > 0 {
				ready["shard"] = []int{g.shard[0], g.shard[1]}
			}
			if s.dispatch(g, "READY", seq, ready) != nil {
				return
			}
			s.addGateway(g)
		case 6: // resume
			s.mu.Lock()
			s.resumes++
			s.gwSeq++
			seq := s.gwSeq
			s.mu.Unlock()
			if s.dispatch(g, "RESUMED", seq, map[string]any{}) != nil {
				return
			}
			s.addGateway(g)
		}
	}
}

func (s *Server) addGateway(g *gatewayConn) {
	s.mu.Lock()
	s.gateways = append(s.gateways, g)
	s.mu.Unlock()
	g.once.Do(func() { close(g.ready) })
}

func (s *Server) dispatch(g *gatewayConn, typ string, seq int64, d any) error {
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	return g.send(frame{Op: 0, T: typ, S: &seq, D: raw})
}

// WaitReady waits until a bot has identified (or resumed) on the gateway.
func (s *Server) WaitReady(timeout time.Duration) bool {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		s.mu.Lock()
		n := len(s.gateways)
		s.mu.Unlock()
		if n > 0 {
			return true
		}
		time.Sleep(5 * time.Millisecond)
	}
	return false
}

// Reconnect asks every connected bot to reconnect (op 7), as Discord does
// when it moves a session; the bot should resume.
func (s *Server) Reconnect() {
	for _, g := range s.takeGateways() {
		g.send(map[string]any{"op": 7, "d": nil})
	}
}

// takeGateways forgets the connected gateways and returns them.
func (s *Server) takeGateways() []*gatewayConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	gws := s.gateways
	s.gateways = nil
	return gws
}

// sendGateway dispatches an INTERACTION_CREATE of guild to the newest
// connection of the shard that serves the guild.
func (s *Server) sendGateway(guild string, raw json.RawMessage) error {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	s.mu.Lock()
	var g *gatewayConn
	for i := len(s.gateways) - 1; i >= 0 && g == nil; i-- {
		if s.gateways[i].serves(guild) {
			g = s.gateways[i]
		}
	}
	if g == nil {
		s.mu.Unlock()
		return errNoGateway
	}
	s.gwSeq++
	seq := s.gwSeq
	s.mu.Unlock()
	return g.send(frame{Op: 0, T: "INTERACTION_CREATE", S: &seq, D: raw})
}

// guilds lists the guilds of the fake's channels, the default one first
// (s.mu held).
func (s *Server) guilds() []string {
	out := []string{s.GuildID}
	seen := map[string]bool{s.GuildID: true}
	for _, ch := range s.channels {
		if ch.Guild != "" && !seen[ch.Guild] {
			seen[ch.Guild] = true
			out = append(out, ch.Guild)
		}
	}
	return out
}

// SetSharding sets what GET /gateway/bot recommends (shards) and allows
// (max_concurrency: how many shards may identify per 5 seconds), and the
// shard count below which IDENTIFY is refused with 4011 "Sharding
// required" (0: none), as Discord does for a bot in too many guilds.
func (s *Server) SetSharding(recommended, maxConcurrency, required int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recommendedShards, s.maxConcurrency, s.requiredShards = recommended, maxConcurrency, required
}

// Identified lists the IDENTIFYs accepted so far, in order.
func (s *Server) Identified() []Identify {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Identify(nil), s.identified...)
}
