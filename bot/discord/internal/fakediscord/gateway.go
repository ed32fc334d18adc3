package fakediscord

import (
	"encoding/json"
	"net/http"
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
			}
			json.Unmarshal(f.D, &id)
			if id.Token != "Bot "+s.BotToken && id.Token != s.BotToken {
				g.wmu.Lock()
				ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."), time.Now().Add(time.Second))
				g.wmu.Unlock()
				return
			}
			s.mu.Lock()
			s.identifies++
			s.gwSeq++
			seq := s.gwSeq
			s.mu.Unlock()
			ready := map[string]any{
				"v": 9, "session_id": s.sessionID, "resume_gateway_url": "ws" + s.URL[4:] + "/gateway",
				"user":        map[string]any{"id": s.BotUserID, "username": "smokestack", "bot": true},
				"application": map[string]any{"id": s.AppID, "flags": 0},
				"guilds":      []map[string]any{{"id": s.GuildID, "unavailable": true}},
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

// sendGateway dispatches an INTERACTION_CREATE to the newest connection.
func (s *Server) sendGateway(raw json.RawMessage) error {
	s.sendMu.Lock()
	defer s.sendMu.Unlock()
	s.mu.Lock()
	if len(s.gateways) == 0 {
		s.mu.Unlock()
		return errNoGateway
	}
	g := s.gateways[len(s.gateways)-1]
	s.gwSeq++
	seq := s.gwSeq
	s.mu.Unlock()
	return g.send(frame{Op: 0, T: "INTERACTION_CREATE", S: &seq, D: raw})
}
