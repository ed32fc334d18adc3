package fakediscord

import (
	"bytes"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Opt is a slash command option as the user filled it in.
type Opt struct {
	Name    string
	Type    int // 1 subcommand, 3 string, 4 integer, 5 boolean, 6 user
	Value   any
	Focused bool
	Options []Opt  // of a subcommand
	file    []byte // an attachment's content
}

// Str is a string option.
func Str(name, v string) Opt { return Opt{Name: name, Type: 3, Value: v} }

// Bool is a boolean option.
func Bool(name string, v bool) Opt { return Opt{Name: name, Type: 5, Value: v} }

// Int is an integer option.
func Int(name string, v int) Opt { return Opt{Name: name, Type: 4, Value: v} }

// UserOpt is a user option: its value is the user's ID, and the
// interaction carries the user (and the member) in its resolved data, as
// Discord sends them.
func UserOpt(name, id string) Opt { return Opt{Name: name, Type: 6, Value: id} }

// Attach is an attachment option: a file the user uploads with the
// command. Discord puts it on its CDN and sends its URL in the
// interaction's resolved data.
func Attach(name, filename string, data []byte) Opt {
	return Opt{Name: name, Type: 11, Value: filename, file: data}
}

func (o Opt) wire() map[string]any {
	m := map[string]any{"name": o.Name, "type": o.Type}
	if o.Type == 1 || o.Type == 2 {
		var sub []map[string]any
		for _, x := range o.Options {
			sub = append(sub, x.wire())
		}
		m["options"] = nonNil(sub)
	} else {
		m["value"] = o.Value
	}
	if o.file != nil {
		m["file"] = o.file
	}
	if o.Focused {
		m["focused"] = true
	}
	return m
}

func (o Opt) String() string {
	if o.Type == 1 || o.Type == 2 {
		parts := []string{o.Name}
		for _, x := range o.Options {
			parts = append(parts, x.String())
		}
		return strings.Join(parts, " ")
	}
	return fmt.Sprintf("%s:%v", o.Name, o.Value)
}

// ErrNoResponse means the bot did not answer an interaction in time.
var ErrNoResponse = errors.New("fakediscord: no initial response within 3 seconds")

// Command sends a slash command as user in channel and waits for the
// initial response.
func (s *Server) Command(user, channelID, name string, opts ...Opt) (*Interaction, Response, error) {
	if err := s.checkInvocation(name, opts, false); err != nil {
		return nil, Response{}, err
	}
	return s.CommandUnchecked(user, channelID, name, opts...)
}

// CommandUnchecked is Command without the client's checks of the options
// against the registered command (checkInvocation): an interaction only
// a modified client or a stale command set sends, such as a value outside
// an option's choices, for tests of the bot's own checks.
func (s *Server) CommandUnchecked(user, channelID, name string, opts ...Opt) (*Interaction, Response, error) {
	data := map[string]any{"id": s.commandID(name), "name": name, "type": 1, "options": wireOpts(opts)}
	if res, err := s.resolved(opts); err != nil {
		return nil, Response{}, err
	} else if res != nil {
		data["resolved"] = res
	}
	sum := "/" + name
	for _, o := range opts {
		sum += " " + o.String()
	}
	return s.deliver(2, user, channelID, "", data, sum)
}

// Autocomplete sends an autocomplete request for the focused option (the
// one with Focused set, possibly inside a subcommand) and waits for the
// choices.
func (s *Server) Autocomplete(user, channelID, name string, opts ...Opt) ([]Choice, error) {
	if err := s.checkInvocation(name, opts, true); err != nil {
		return nil, err
	}
	data := map[string]any{"id": s.commandID(name), "name": name, "type": 1, "options": wireOpts(opts)}
	sum := "autocomplete /" + name
	for _, o := range opts {
		sum += " " + o.String()
	}
	_, resp, err := s.deliver(4, user, channelID, "", data, sum)
	return resp.Choices, err
}

// Focus marks an option as the one being typed.
func Focus(o Opt) Opt { o.Focused = true; return o }

func wireOpts(opts []Opt) []map[string]any {
	out := []map[string]any{}
	for _, o := range opts {
		out = append(out, o.wire())
	}
	return out
}

func (s *Server) commandID(name string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d := s.commandLocked(name); d != nil {
		id, _ := d["id"].(string)
		return id
	}
	return "0"
}

// commandLocked is the registered definition of command name, global
// first, then the default guild's; nil when none.
func (s *Server) commandLocked(name string) map[string]any {
	for _, scope := range []string{"", s.GuildID} {
		for _, d := range s.commands[scope] {
			if d["name"] == name {
				return d
			}
		}
	}
	return nil
}

// Click presses the button with customID on message m as user.
func (s *Server) Click(user string, m Message, customID string) (*Interaction, Response, error) {
	label := customID
	if c, ok := findComponent(m.Components, customID); ok && c.Label != "" {
		label = c.Label
	}
	data := map[string]any{"custom_id": customID, "component_type": 2}
	return s.deliver(3, user, m.ChannelID, m.ID, data, "click "+strconv.Quote(label))
}

// Select picks values in the select menu with customID on message m.
func (s *Server) Select(user string, m Message, customID string, values ...string) (*Interaction, Response, error) {
	data := map[string]any{"custom_id": customID, "component_type": 3, "values": values}
	return s.deliver(3, user, m.ChannelID, m.ID, data, "select "+strings.Join(values, ","))
}

func findComponent(rows []Component, customID string) (Component, bool) {
	for _, r := range rows {
		for _, c := range r.Components {
			if c.CustomID == customID {
				return c, true
			}
		}
	}
	return Component{}, false
}

// Button finds the newest message in channel visible to user (public, or
// ephemeral to that user) with an enabled button labelled label, and
// returns it with the button's custom ID.
func (s *Server) Button(channelID, user, label string) (Message, string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[channelID]
	if ch == nil {
		return Message{}, "", false
	}
	seen := map[string]bool{}
	for i := len(ch.Entries) - 1; i >= 0; i-- {
		e := ch.Entries[i]
		if e.Message.ID == "" || seen[e.Message.ID] {
			continue
		}
		seen[e.Message.ID] = true
		m := s.messages[e.Message.ID]
		if m == nil || m.Deleted || (m.Ephemeral && m.To != user) {
			continue
		}
		for _, r := range m.Components {
			for _, c := range r.Components {
				if c.Type == 2 && c.Label == label && !c.Disabled {
					return m.clone(), c.CustomID, true
				}
			}
		}
	}
	return Message{}, "", false
}

// SelectMenu finds the newest message visible to user with a select menu
// and returns it with the menu.
func (s *Server) SelectMenu(channelID, user string) (Message, Component, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[channelID]
	if ch == nil {
		return Message{}, Component{}, false
	}
	for i := len(ch.Entries) - 1; i >= 0; i-- {
		m := s.messages[ch.Entries[i].Message.ID]
		if m == nil || m.Deleted || (m.Ephemeral && m.To != user) {
			continue
		}
		for _, r := range m.Components {
			for _, c := range r.Components {
				if c.Type == 3 {
					return m.clone(), c, true
				}
			}
		}
	}
	return Message{}, Component{}, false
}

// Seen is an interaction's answer as users see it now: the initial
// response with every later edit of its message applied (the picture a
// bot adds once drawn, a deferred placeholder filled in). An answer
// without a message (autocompletion, none yet) is the initial response.
func (s *Server) Seen(it *Interaction) Response {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := it.resp
	m := s.messages[it.original]
	if !it.acked || m == nil || (m.Deleted && !m.loading) {
		return r
	}
	c := m.clone()
	r.Content, r.Flags, r.Components, r.Embeds, r.Files = c.Content, c.Flags, c.Components, c.Embeds, c.Files
	return r
}

// Message returns the current state of a message.
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.messages[id]
	if !ok {
		return Message{}, false
	}
	return m.clone(), true
}

// Messages returns the current state of every message posted in channel,
// oldest first, deleted and placeholder messages left out.
func (s *Server) Messages(channelID string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, m := range s.messages {
		if m.ChannelID == channelID && !m.Deleted {
			out = append(out, m.clone())
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, _ := strconv.ParseUint(out[i].ID, 10, 64)
		b, _ := strconv.ParseUint(out[j].ID, 10, 64)
		return a < b
	})
	return out
}

// deliver creates an interaction and hands it to the bot, then waits for
// the initial response.
func (s *Server) deliver(typ int, user, channelID, msgID string, data map[string]any, summary string) (*Interaction, Response, error) {
	s.mu.Lock()
	u, ok := s.users[user]
	if !ok {
		s.mu.Unlock()
		return nil, Response{}, fmt.Errorf("fakediscord: unknown user %q", user)
	}
	ch, ok := s.channels[channelID]
	if !ok {
		s.mu.Unlock()
		return nil, Response{}, fmt.Errorf("fakediscord: unknown channel %q", channelID)
	}
	if ch.DM != "" && ch.DM != user {
		s.mu.Unlock()
		return nil, Response{}, fmt.Errorf("fakediscord: %s cannot see the direct messages of %s", u.Name, ch.DM)
	}
	guild := s.GuildID
	if ch.Guild != "" {
		guild = ch.Guild
	}
	if ch.DM != "" {
		guild = "" // Discord sends direct messages to shard 0
	}
	if typ == 3 {
		// A user can only use a component that is on a message they see.
		m := s.messages[msgID]
		id, _ := data["custom_id"].(string)
		c, found := Component{}, false
		if m != nil {
			c, found = findComponent(m.Components, id)
		}
		if m == nil || m.Deleted || (m.Ephemeral && m.To != user) || !found || c.Disabled {
			s.mu.Unlock()
			return nil, Response{}, fmt.Errorf("fakediscord: %s cannot use component %q on message %s", u.Name, id, msgID)
		}
	}
	it := &Interaction{ID: s.newID(), Type: typ, Channel: channelID, User: user, Summary: u.Name + ": " + summary,
		Message: msgID, Created: s.now(), done: make(chan struct{})}
	if err := s.resolve(data, channelID); err != nil {
		s.mu.Unlock()
		return nil, Response{}, err
	}
	it.Token = "tok-" + it.ID
	locale := u.Locale
	if locale == "" {
		locale = "en-US"
	}
	guildLocale := s.guildLocales[guild]
	if guildLocale == "" {
		guildLocale = "en-US"
	}
	body := map[string]any{
		"id": it.ID, "application_id": s.AppID, "type": typ, "data": data, "guild_id": guild,
		"channel_id": channelID, "token": it.Token, "version": 1, "locale": locale, "guild_locale": guildLocale,
		"app_permissions": strconv.FormatInt(s.botPermsLocked(ch), 10),
		"member": map[string]any{
			"user":        map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name},
			"nick":        nil,
			"permissions": strconv.FormatInt(u.Permissions, 10),
			"roles":       []string{},
			"joined_at":   "2026-01-01T00:00:00Z",
		},
	}
	// The partial channel the interaction was used in, as Discord sends
	// it: its type tells a thread (11) from a text channel (0), with the
	// thread's parent and metadata, and the member's permissions there.
	where := s.channelJSON(ch)
	where["permissions"], where["flags"] = strconv.FormatInt(u.Permissions, 10), 0
	body["channel"] = where
	if ch.DM != "" {
		// In a direct message there is no guild and no member: the user
		// comes alone (Discord's interaction context "bot DM").
		body["channel"] = s.dmJSON(ch)
		delete(body, "guild_id")
		delete(body, "member")
		delete(body, "guild_locale")
		body["user"] = map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name}
		body["context"] = 1
	}
	if msgID != "" {
		if m := s.messages[msgID]; m != nil {
			body["message"] = messageJSON(m)
		}
	}
	raw, err := json.Marshal(body)
	if err != nil {
		s.mu.Unlock()
		return nil, Response{}, err
	}
	it.raw = raw
	it.viaHTTP = s.endpoint != ""
	s.interactions[it.ID] = it
	s.byToken[it.Token] = it
	endpoint := s.endpoint
	s.mu.Unlock()

	if endpoint != "" {
		resp, err := s.postSigned(it, endpoint, raw)
		return it, resp, err
	}
	it.guild = guild
	if err := s.sendGateway(guild, raw); err != nil {
		return it, Response{}, err
	}
	resp, err := s.wait(it)
	return it, resp, err
}

// Redeliver sends the same interaction again, as Discord may after a
// reconnect; the bot must apply it once. It does not wait for a response.
func (s *Server) Redeliver(it *Interaction) error {
	s.mu.Lock()
	endpoint := s.endpoint
	s.mu.Unlock()
	if endpoint != "" {
		_, err := s.postSigned(nil, endpoint, it.raw)
		return err
	}
	return s.sendGateway(it.guild, it.raw)
}

func (s *Server) wait(it *Interaction) (Response, error) {
	select {
	case <-it.done:
		s.mu.Lock()
		defer s.mu.Unlock()
		return it.resp, nil
	case <-time.After(InitialResponseWindow + 2*time.Second):
		s.mu.Lock()
		defer s.mu.Unlock()
		if !it.acked {
			s.violate("interaction %s (%s) never answered", it.ID, it.Summary)
		}
		return Response{}, fmt.Errorf("%w: %s", ErrNoResponse, it.Summary)
	}
}

// Sign signs body as Discord does for HTTP interactions.
func (s *Server) Sign(ts string, body []byte) string {
	return hex.EncodeToString(ed25519.Sign(s.privateKey, append([]byte(ts), body...)))
}

// PostRaw POSTs body to the bot's endpoint with the given signature
// headers and returns the status code and body: for checking that bad
// signatures and stale timestamps are refused, and that PING gets PONG.
func (s *Server) PostRaw(endpoint string, body []byte, ts, sig string) (int, []byte, error) {
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", sig)
	req.Header.Set("X-Signature-Timestamp", ts)
	res, err := s.httpClient.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	out, err := io.ReadAll(res.Body)
	return res.StatusCode, out, err
}

// postSigned delivers an interaction in HTTP mode. The bot answers either
// in the HTTP body (200 with the initial response, which the fake checks
// like a callback and registers DefaultBodyDelay later, as Discord
// processes it after reading), or through the callback endpoint first and
// then 202 with no body.
func (s *Server) postSigned(it *Interaction, endpoint string, raw []byte) (Response, error) {
	ts := strconv.FormatInt(s.clock().Unix(), 10)
	req, err := http.NewRequest(http.MethodPost, endpoint, bytes.NewReader(raw))
	if err != nil {
		return Response{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature-Ed25519", s.Sign(ts, raw))
	req.Header.Set("X-Signature-Timestamp", ts)
	res, err := s.httpClient.Do(req)
	if err != nil {
		return Response{}, err
	}
	defer res.Body.Close()
	if it == nil { // a redelivery: Discord would drop the second answer
		io.Copy(io.Discard, res.Body)
		return Response{HTTPStatus: res.StatusCode}, nil
	}
	switch res.StatusCode {
	case http.StatusOK:
	case http.StatusAccepted:
		// "Answered through the callback": it must have been, and the
		// answer carries no body.
		b, _ := io.ReadAll(res.Body)
		s.mu.Lock()
		acked := it.acked
		if !acked {
			s.violate("interaction %s (%s): HTTP 202 without a callback response", it.ID, it.Summary)
		}
		if len(bytes.TrimSpace(b)) > 0 {
			s.violate("interaction %s (%s): HTTP 202 with a body", it.ID, it.Summary)
		}
		s.mu.Unlock()
		if !acked {
			return Response{HTTPStatus: res.StatusCode}, fmt.Errorf("%w: %s (202 without a callback)", ErrNoResponse, it.Summary)
		}
		r, err := s.wait(it)
		r.HTTPStatus = res.StatusCode
		return r, err
	default:
		b, _ := io.ReadAll(res.Body)
		return Response{HTTPStatus: res.StatusCode}, fmt.Errorf("fakediscord: bot endpoint answered %d: %s", res.StatusCode, b)
	}
	fake := &http.Request{Header: http.Header{"Content-Type": res.Header.Values("Content-Type")}, Body: res.Body}
	if ct, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); ct != "application/json" && ct != "multipart/form-data" {
		s.mu.Lock()
		s.violate("interaction %s: response content type %q", it.ID, ct)
		s.mu.Unlock()
	}
	body, files, err := readBody(fake)
	if err != nil {
		s.mu.Lock()
		s.violate("interaction %s: %v", it.ID, err)
		s.mu.Unlock()
		return Response{HTTPStatus: res.StatusCode}, err
	}
	// Discord has read the answer; it takes a moment to act on it.
	s.mu.Lock()
	delay := s.bodyDelay
	s.mu.Unlock()
	time.Sleep(delay)
	s.mu.Lock()
	aerr := s.respondLocked(it, body, files)
	s.mu.Unlock()
	if aerr != nil {
		return Response{HTTPStatus: res.StatusCode}, aerr
	}
	r, err := s.wait(it)
	r.HTTPStatus = res.StatusCode
	return r, err
}

func (s *Server) clock() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.now()
}

// WaitFor polls until cond holds or the timeout passes; the bot finishes
// deferred work and posts after the initial response, so tests wait for the
// messages they expect.
func (s *Server) WaitFor(timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// resolved is the resolved data of the user options among opts: every
// user a user option names, with their member in the guild. An unknown
// user is an error: a client can only pick a member.
func (s *Server) resolved(opts []Opt) (map[string]any, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	users, members := map[string]any{}, map[string]any{}
	for _, o := range opts {
		if o.Type != 6 {
			continue
		}
		id, _ := o.Value.(string)
		u, ok := s.users[id]
		if !ok {
			return nil, fmt.Errorf("fakediscord: user option %q names unknown user %q", o.Name, id)
		}
		users[id] = map[string]any{"id": u.ID, "username": u.Name, "global_name": u.Name}
		members[id] = map[string]any{"nick": nil, "roles": []string{}, "joined_at": "2026-01-01T00:00:00Z",
			"permissions": strconv.FormatInt(u.Permissions, 10)}
	}
	if len(users) == 0 {
		return nil, nil
	}
	return map[string]any{"users": users, "members": members}, nil
}

// resolve adds the attachment options' files to an interaction's resolved
// data, as Discord does: each is uploaded to the CDN and named by its URL,
// and the option carries the attachment's ID in place of the file.
func (s *Server) resolve(data map[string]any, channelID string) error {
	opts, _ := data["options"].([]map[string]any)
	files := map[string]any{}
	for _, o := range opts {
		if o["type"] != 11 {
			continue
		}
		name, _ := o["value"].(string)
		body, _ := o["file"].([]byte)
		if len(body) > MaxFileSize {
			return fmt.Errorf("fakediscord: attachment %q is %d bytes (max %d)", name, len(body), MaxFileSize)
		}
		id := s.newID()
		s.uploads[channelID+"/"+id+"/"+name] = body
		files[id] = map[string]any{"id": id, "filename": name, "size": len(body), "content_type": "text/plain; charset=utf-8",
			"url":       "https://cdn.discordapp.com/attachments/" + channelID + "/" + id + "/" + name + "?ex=1",
			"proxy_url": "https://media.discordapp.net/attachments/" + channelID + "/" + id + "/" + name}
		o["value"] = id
		delete(o, "file")
	}
	if len(files) > 0 {
		res, _ := data["resolved"].(map[string]any)
		if res == nil {
			res = map[string]any{}
			data["resolved"] = res
		}
		res["attachments"] = files
	}
	return nil
}

// checkInvocation refuses what no Discord client sends: a command that is
// not registered, an option the command does not have or of another type,
// a value outside an option's fixed choices or its bounds, a command
// without a required option, an autocomplete request for an option that
// is not autocompleted. Tests that need a malformed interaction post it
// raw (PostRaw).
func (s *Server) checkInvocation(name string, opts []Opt, autocomplete bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	def := s.commandLocked(name)
	if def == nil {
		return fmt.Errorf("fakediscord: /%s is not a registered command; a Discord client offers only those", name)
	}
	return checkOpts("/"+name, def["options"], opts, autocomplete)
}

func checkOpts(where string, rawDefs any, opts []Opt, autocomplete bool) error {
	defs, _ := rawDefs.([]any)
	find := func(n string) map[string]any {
		for _, d := range defs {
			if m, ok := d.(map[string]any); ok && m["name"] == n {
				return m
			}
		}
		return nil
	}
	given := map[string]bool{}
	for _, o := range opts {
		d := find(o.Name)
		if d == nil {
			return fmt.Errorf("fakediscord: %s has no option %q", where, o.Name)
		}
		given[o.Name] = true
		if t, _ := d["type"].(float64); int(t) != o.Type {
			return fmt.Errorf("fakediscord: %s option %q is of type %d, not %d", where, o.Name, int(t), o.Type)
		}
		if o.Type == 1 || o.Type == 2 {
			if err := checkOpts(where+" "+o.Name, d["options"], o.Options, autocomplete); err != nil {
				return err
			}
			continue
		}
		auto, _ := d["autocomplete"].(bool)
		if o.Focused {
			if !autocomplete || !auto {
				return fmt.Errorf("fakediscord: %s option %q is not autocompleted", where, o.Name)
			}
			continue // what is being typed may be anything
		}
		if choices, _ := d["choices"].([]any); len(choices) > 0 {
			ok := false
			for _, c := range choices {
				if cm, _ := c.(map[string]any); cm != nil && fmt.Sprint(cm["value"]) == fmt.Sprint(o.Value) {
					ok = true
				}
			}
			if !ok {
				return fmt.Errorf("fakediscord: %s option %q takes one of its choices, not %v", where, o.Name, o.Value)
			}
		}
		if v, isInt := o.Value.(int); isInt {
			if lo, ok := d["min_value"].(float64); ok && float64(v) < lo {
				return fmt.Errorf("fakediscord: %s option %q is at least %v, not %d", where, o.Name, lo, v)
			}
			if hi, ok := d["max_value"].(float64); ok && float64(v) > hi {
				return fmt.Errorf("fakediscord: %s option %q is at most %v, not %d", where, o.Name, hi, v)
			}
		}
	}
	if !autocomplete {
		for _, d := range defs {
			m, _ := d.(map[string]any)
			if req, _ := m["required"].(bool); req && !given[fmt.Sprint(m["name"])] {
				return fmt.Errorf("fakediscord: %s needs option %q", where, m["name"])
			}
		}
	}
	return nil
}
