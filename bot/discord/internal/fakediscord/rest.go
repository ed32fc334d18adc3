package fakediscord

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Discord JSON error codes the fake answers with.
const (
	CodeUnknownChannel      = 10003
	CodeUnknownMessage      = 10008
	CodeUnknownWebhook      = 10015
	CodeUnknownInteraction  = 10062
	CodeInvalidWebhookToken = 50027
	CodeInvalidFormBody     = 50035
	CodeInvalidChannelType  = 50024 // Cannot execute action on this channel type (a thread in a thread)
	CodeAlreadyAcknowledged = 40060
	CodeUnauthorized        = 0
	CodeCannotDM            = 50007 // Cannot send messages to this user
)

type apiError struct {
	status int
	code   int
	msg    string
}

func (e *apiError) Error() string { return fmt.Sprintf("%d (code %d): %s", e.status, e.code, e.msg) }

func invalid(err error) *apiError {
	return &apiError{http.StatusBadRequest, CodeInvalidFormBody, err.Error()}
}

func (s *Server) route(w http.ResponseWriter, r *http.Request, path string) {
	parts := strings.Split(strings.Trim(path, "/"), "/")
	seg := func(i int) string {
		if i < len(parts) {
			return parts[i]
		}
		return ""
	}
	var (
		out any
		err *apiError
	)
	switch {
	case path == "/gateway":
		// No authentication: the URL only.
		out = map[string]any{"url": "ws" + strings.TrimPrefix(s.URL, "http") + "/gateway"}
	case path == "/gateway/bot":
		// The bot's token, and the recommended shard count with the
		// identify limits.
		if r.Header.Get("Authorization") != "Bot "+s.BotToken {
			err = &apiError{http.StatusUnauthorized, CodeUnauthorized, "401: Unauthorized"}
			break
		}
		s.mu.Lock()
		out = map[string]any{"url": "ws" + strings.TrimPrefix(s.URL, "http") + "/gateway", "shards": s.recommendedShards,
			"session_start_limit": map[string]int{"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": s.maxConcurrency}}
		s.mu.Unlock()
	case seg(0) == "interactions" && len(parts) == 4 && seg(3) == "callback" && r.Method == http.MethodPost:
		raw, files, e := readBody(r)
		if e != nil {
			s.mu.Lock()
			s.violate("interaction %s: %v", seg(1), e)
			s.mu.Unlock()
			err = invalid(e)
			break
		}
		err = s.callback(seg(1), seg(2), raw, files)
		if err == nil {
			w.WriteHeader(http.StatusNoContent)
			return
		}
	case seg(0) == "webhooks" && len(parts) >= 3:
		out, err = s.webhook(r, seg(1), seg(2), parts[3:])
	default:
		if r.Header.Get("Authorization") != "Bot "+s.BotToken {
			err = &apiError{http.StatusUnauthorized, CodeUnauthorized, "401: Unauthorized"}
			break
		}
		out, err = s.botRoute(r, parts)
	}
	if err != nil {
		writeError(w, err.status, err.code, err.msg)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(out)
}

func (s *Server) botRoute(r *http.Request, parts []string) (any, *apiError) {
	p := strings.Join(parts, "/")
	if e := s.permit(r, parts); e != nil {
		return nil, e
	}
	switch {
	case p == "users/@me/channels" && r.Method == http.MethodPost:
		return s.createDM(r)
	case p == "users/@me":
		return map[string]any{"id": s.BotUserID, "username": "smokestack", "bot": true}, nil
	case p == "oauth2/applications/@me" && r.Method == http.MethodGet:
		return map[string]any{"id": s.AppID, "name": "smokestack", "bot_public": true,
			"bot": map[string]any{"id": s.BotUserID, "username": "smokestack", "bot": true}}, nil
	case len(parts) == 4 && parts[0] == "guilds" && parts[2] == "threads" && parts[3] == "active" && r.Method == http.MethodGet:
		return s.activeThreads(parts[1])
	case len(parts) == 3 && parts[0] == "channels" && parts[2] == "messages" && r.Method == http.MethodGet:
		return s.channelMessages(r, parts[1])
	case len(parts) == 5 && parts[0] == "channels" && strings.Join(parts[2:], "/") == "threads/archived/public" && r.Method == http.MethodGet:
		return s.archivedThreads(parts[1])
	case len(parts) >= 3 && parts[0] == "applications" && parts[2] == "commands" && len(parts) == 3:
		return s.commandsRoute(r, "")
	case len(parts) == 5 && parts[0] == "applications" && parts[2] == "guilds" && parts[4] == "commands":
		return s.commandsRoute(r, parts[3])
	case len(parts) == 2 && parts[0] == "channels" && r.Method == http.MethodGet:
		s.mu.Lock()
		defer s.mu.Unlock()
		ch, ok := s.channels[parts[1]]
		if !ok {
			return nil, &apiError{http.StatusNotFound, CodeUnknownChannel, "Unknown Channel"}
		}
		return s.channelJSON(ch), nil
	case len(parts) == 3 && parts[0] == "channels" && parts[2] == "messages" && r.Method == http.MethodPost:
		return s.channelPost(r, parts[1])
	case len(parts) == 4 && parts[0] == "channels" && parts[2] == "messages" && r.Method == http.MethodPatch:
		return s.channelEdit(r, parts[1], parts[3])
	case len(parts) == 3 && parts[0] == "channels" && parts[2] == "threads" && r.Method == http.MethodPost:
		return s.thread(r, parts[1], "")
	case len(parts) == 5 && parts[0] == "channels" && parts[2] == "messages" && parts[4] == "threads" && r.Method == http.MethodPost:
		return s.thread(r, parts[1], parts[3])
	}
	return nil, &apiError{http.StatusNotFound, 0, "404: Not Found " + r.Method + " " + p}
}

func (s *Server) commandsRoute(r *http.Request, scope string) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch r.Method {
	case http.MethodGet:
		return append([]map[string]any{}, s.commands[scope]...), nil
	case http.MethodPut:
		var defs []map[string]any
		if err := json.NewDecoder(r.Body).Decode(&defs); err != nil {
			return nil, invalid(err)
		}
		if len(defs) > 100 {
			return nil, invalid(fmt.Errorf("%w: %d commands (max 100)", errInvalid, len(defs)))
		}
		names := map[string]bool{}
		for _, d := range defs {
			name, _ := d["name"].(string)
			desc, _ := d["description"].(string)
			if !commandName.MatchString(name) || strings.ToLower(name) != name || desc == "" || len(desc) > 100 {
				s.violate("command %q: name 1..32 lowercase and description 1..100", name)
				return nil, invalid(fmt.Errorf("%w: command %q", errInvalid, name))
			}
			if names[name] {
				s.violate("command %q registered twice", name)
				return nil, invalid(fmt.Errorf("%w: command %q twice", errInvalid, name))
			}
			names[name] = true
			if n := commandChars(d); n > 4000 {
				s.violate("command %q: %d characters of names, descriptions and values (max 4000)", name, n)
				return nil, invalid(fmt.Errorf("%w: command %q too large", errInvalid, name))
			}
			if err := checkLocalizations(d, nameCommand); err != nil {
				s.violate("command %q: %v", name, err)
				return nil, invalid(fmt.Errorf("%w: command %q: %v", errInvalid, name, err))
			}
			if err := checkCommandOptions(d["options"]); err != nil {
				s.violate("command %q: %v", name, err)
				return nil, invalid(fmt.Errorf("%w: command %q: %v", errInvalid, name, err))
			}
			if d["id"] == nil {
				d["id"] = s.newID()
			}
			d["application_id"] = s.AppID
			d["version"] = "1"
			if scope != "" {
				d["guild_id"] = scope
			}
		}
		s.commands[scope] = defs
		s.commandPuts[scope]++
		return defs, nil
	}
	return nil, &apiError{http.StatusMethodNotAllowed, 0, "405: Method Not Allowed"}
}

func (s *Server) channelJSON(ch *channel) map[string]any {
	if ch.DM != "" {
		return s.dmJSON(ch)
	}
	guild := s.GuildID
	if ch.Guild != "" {
		guild = ch.Guild
	}
	out := map[string]any{"id": ch.ID, "type": 0, "name": ch.Name, "guild_id": guild, "parent_id": ch.ParentID}
	if ch.ParentID != "" {
		out["type"] = 11
		out["thread_metadata"] = map[string]any{"archived": ch.Archived, "auto_archive_duration": 10080,
			"archive_timestamp": "2026-01-01T00:00:00Z", "locked": false}
	}
	return out
}

func messageJSON(m *Message) map[string]any {
	atts := []map[string]any{}
	for i, f := range m.Files {
		a := map[string]any{"id": fmt.Sprintf("%s%d", m.ID, i), "filename": f.Name, "size": f.Size, "content_type": "application/octet-stream"}
		if f.Width > 0 {
			a["width"], a["height"], a["content_type"] = f.Width, f.Height, "image/png"
		}
		atts = append(atts, a)
	}
	return map[string]any{
		"id": m.ID, "channel_id": m.ChannelID, "content": m.Content, "flags": m.Flags,
		"embeds": nonNil(m.Embeds), "components": nonNil(m.Components), "attachments": atts,
		"type": 0, "timestamp": m.Created.UTC().Format(time.RFC3339),
		"author": map[string]any{"id": "900000000000000002", "username": "smokestack", "bot": true},
	}
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// decodePayload decodes and validates a message body.
func decodePayload(raw []byte, files []File, kept []string) (*payload, error) {
	var p payload
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("%w: %v", errInvalid, err)
	}
	if err := checkMessage(&p, files, kept); err != nil {
		return nil, err
	}
	return &p, nil
}

// newMessage builds a message from a create payload. Callers hold s.mu.
func (s *Server) newMessage(channelID string, p *payload, files []File) *Message {
	m := &Message{ID: s.newID(), ChannelID: channelID, Created: s.now(), Files: files}
	if p.Content != nil {
		m.Content = *p.Content
	}
	if p.Flags != nil {
		m.Flags = *p.Flags
		m.Ephemeral = m.Flags&FlagEphemeral != 0
	}
	if p.Embeds != nil {
		m.Embeds = *p.Embeds
	}
	if p.Components != nil {
		m.Components = *p.Components
	}
	m.Pings = pings(m.Content, p.AllowedMentions)
	return m
}

// originalMessage stores the message an interaction's response posts (its
// "original"). Callers hold s.mu.
func (s *Server) originalMessage(it *Interaction, p *payload, files []File) *Message {
	m := s.newMessage(it.Channel, p, files)
	if m.Ephemeral {
		m.To = it.User
	}
	m.Interaction = it.ID
	s.messages[m.ID] = m
	it.original = m.ID
	return m
}

// emptyAfter reports whether the edit p (with files) would leave m with
// nothing to show: no content, embed, component or file. Discord refuses
// such an edit with 50006, as it refuses an empty new message.
func emptyAfter(m *Message, p *payload, files []File) bool {
	c := m.clone()
	applyEdit(&c, p, files)
	return c.Content == "" && len(c.Embeds) == 0 && len(c.Components) == 0 && len(c.Files) == 0
}

// refuseEmptyEdit is Discord's answer to an edit that would empty m.
func (s *Server) refuseEmptyEdit(m *Message, p *payload, files []File, who string) *apiError {
	if !emptyAfter(m, p, files) {
		return nil
	}
	s.violate("%s: an edit that leaves message %s empty", who, m.ID)
	return &apiError{http.StatusBadRequest, 50006, "Cannot send an empty message"}
}

// applyEdit changes m as a PATCH does: absent fields stay.
func applyEdit(m *Message, p *payload, files []File) {
	if p.Content != nil {
		m.Content = *p.Content
	}
	if p.Embeds != nil {
		m.Embeds = *p.Embeds
	}
	if p.Components != nil {
		m.Components = *p.Components
	}
	if p.Flags != nil {
		// Only SuppressEmbeds may change on an edit.
		m.Flags = m.Flags&^FlagSuppressEmbeds | *p.Flags&FlagSuppressEmbeds
	}
	// Discord: uploaded files are added to the message; an attachments
	// list, when given, names the existing files to keep.
	keep := m.Files
	if p.Attachments != nil {
		keep = nil
		for _, a := range *p.Attachments {
			for i, f := range m.Files {
				if strings.Trim(string(a.ID), `"`) == fmt.Sprintf("%s%d", m.ID, i) {
					keep = append(keep, f)
				}
			}
		}
	}
	m.Files = append(append([]File(nil), keep...), files...)
}

func (s *Server) record(channelID string, e Entry) {
	ch, ok := s.channels[channelID]
	if !ok {
		ch = &channel{ID: channelID}
		s.channels[channelID] = ch
	}
	e.Message = e.Message.clone()
	ch.Entries = append(ch.Entries, e)
}

func (s *Server) channelPost(r *http.Request, channelID string) (any, *apiError) {
	raw, files, err := readBody(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.violate("post in %s: %v", channelID, err)
		return nil, invalid(err)
	}
	ch, ok := s.channels[channelID]
	if !ok {
		return nil, &apiError{http.StatusNotFound, CodeUnknownChannel, "Unknown Channel"}
	}
	if ch.DM != "" && s.users[ch.DM].ClosedDMs {
		return nil, &apiError{http.StatusForbidden, CodeCannotDM, "Cannot send messages to this user"}
	}
	p, err := decodePayload(raw, files, nil)
	if err != nil {
		s.violate("post in %s: %v", channelID, err)
		return nil, invalid(err)
	}
	if p.Flags != nil && *p.Flags&FlagEphemeral != 0 {
		err := fmt.Errorf("%w: ephemeral messages exist only as interaction responses", errInvalid)
		s.violate("post in %s: %v", channelID, err)
		return nil, invalid(err)
	}
	if p.Flags != nil && *p.Flags&^(FlagSuppressEmbeds|FlagSuppressNotifications) != 0 {
		return nil, invalid(fmt.Errorf("%w: flags %d", errInvalid, *p.Flags))
	}
	if empty(p, files) {
		return nil, &apiError{http.StatusBadRequest, 50006, "Cannot send an empty message"}
	}
	m := s.newMessage(channelID, p, files)
	s.messages[m.ID] = m
	s.channels[channelID].Archived = false
	s.record(channelID, Entry{Kind: "post", Via: "bot", Message: *m})
	return messageJSON(m), nil
}

func empty(p *payload, files []File) bool {
	return (p.Content == nil || *p.Content == "") && (p.Embeds == nil || len(*p.Embeds) == 0) &&
		(p.Components == nil || len(*p.Components) == 0) && len(files) == 0
}

func (s *Server) channelEdit(r *http.Request, channelID, msgID string) (any, *apiError) {
	raw, files, err := readBody(r)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil {
		s.violate("edit %s: %v", msgID, err)
		return nil, invalid(err)
	}
	m, ok := s.messages[msgID]
	if !ok || m.ChannelID != channelID || m.Deleted || m.Ephemeral {
		s.violate("edit of unknown message %s in %s with the bot token", msgID, channelID)
		return nil, &apiError{http.StatusNotFound, CodeUnknownMessage, "Unknown Message"}
	}
	p, err := decodePayload(raw, files, fileNames(m.Files))
	if err != nil {
		s.violate("edit %s: %v", msgID, err)
		return nil, invalid(err)
	}
	if e := s.refuseEmptyEdit(m, p, files, "bot edit"); e != nil {
		return nil, e
	}
	applyEdit(m, p, files)
	s.record(channelID, Entry{Kind: "edit", Via: "bot", Message: *m})
	return messageJSON(m), nil
}

func fileNames(fs []File) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Name)
	}
	return out
}

func (s *Server) thread(r *http.Request, parentID, fromMsg string) (any, *apiError) {
	var body struct {
		Name string `json:"name"`
		Type int    `json:"type"`
		Auto int    `json:"auto_archive_duration"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		return nil, invalid(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	parent, ok := s.channels[parentID]
	if !ok {
		return nil, &apiError{http.StatusNotFound, CodeUnknownChannel, "Unknown Channel"}
	}
	if parent.ParentID != "" {
		// A thread is a channel with a parent, but no thread opens in it:
		// Discord refuses the channel type.
		return nil, &apiError{http.StatusBadRequest, CodeInvalidChannelType, "Cannot execute action on this channel type"}
	}
	if body.Name == "" || len([]rune(body.Name)) > 100 {
		s.violate("thread name %q must be 1..100 characters", body.Name)
		return nil, invalid(fmt.Errorf("%w: thread name", errInvalid))
	}
	switch body.Auto {
	case 0, 60, 1440, 4320, 10080:
	default:
		s.violate("thread auto_archive_duration %d", body.Auto)
		return nil, invalid(fmt.Errorf("%w: auto_archive_duration %d", errInvalid, body.Auto))
	}
	if fromMsg != "" {
		if m, ok := s.messages[fromMsg]; !ok || m.ChannelID != parentID {
			return nil, &apiError{http.StatusNotFound, CodeUnknownMessage, "Unknown Message"}
		}
	}
	ch := &channel{ID: s.newID(), Name: body.Name, ParentID: parentID, Guild: parent.Guild}
	s.channels[ch.ID] = ch
	s.record(parentID, Entry{Kind: "thread", Via: "bot", Thread: ch.ID + " " + body.Name})
	return s.channelJSON(ch), nil
}

// activeThreads lists the guild's threads (the fake never archives one).
func (s *Server) activeThreads(guildID string) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if guildID != s.GuildID {
		return nil, &apiError{http.StatusNotFound, 10004, "Unknown Guild"}
	}
	return map[string]any{"threads": s.threads(func(ch *channel) bool { return !ch.Archived }), "members": []any{}}, nil
}

// archivedThreads lists the archived public threads of a channel.
func (s *Server) archivedThreads(parentID string) (any, *apiError) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.channels[parentID]; !ok {
		return nil, &apiError{http.StatusNotFound, CodeUnknownChannel, "Unknown Channel"}
	}
	list := s.threads(func(ch *channel) bool { return ch.Archived && ch.ParentID == parentID })
	return map[string]any{"threads": list, "members": []any{}, "has_more": false}, nil
}

// threads lists the threads for which keep holds, oldest first. Callers
// hold s.mu.
func (s *Server) threads(keep func(*channel) bool) []map[string]any {
	out := []map[string]any{}
	for _, ch := range s.channels {
		if ch.ParentID != "" && keep(ch) {
			out = append(out, s.channelJSON(ch))
		}
	}
	sort.Slice(out, func(i, j int) bool { return snowflakeLess(out[i]["id"].(string), out[j]["id"].(string)) })
	return out
}

// ArchiveThread archives a thread, as Discord does after its inactivity
// period; the bot's next post in it unarchives it.
func (s *Server) ArchiveThread(id string) {
	s.mu.Lock()
	if ch := s.channels[id]; ch != nil && ch.ParentID != "" {
		ch.Archived = true
	}
	s.mu.Unlock()
}

// channelMessages is GET /channels/{id}/messages: the newest messages
// first, at most limit (1 to 100, default 50), older than before when
// given. Ephemeral messages and unfilled placeholders are not listed.
func (s *Server) channelMessages(r *http.Request, channelID string) (any, *apiError) {
	limit := 50
	if v := r.URL.Query().Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 100 {
			return nil, invalid(fmt.Errorf("%w: limit %q (1 to 100)", errInvalid, v))
		}
		limit = n
	}
	before := r.URL.Query().Get("before")
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.channels[channelID]; !ok {
		return nil, &apiError{http.StatusNotFound, CodeUnknownChannel, "Unknown Channel"}
	}
	var ms []*Message
	for _, m := range s.messages {
		if m.ChannelID == channelID && !m.Deleted && !m.Ephemeral && (before == "" || snowflakeLess(m.ID, before)) {
			ms = append(ms, m)
		}
	}
	sort.Slice(ms, func(i, j int) bool { return snowflakeLess(ms[j].ID, ms[i].ID) })
	out := []map[string]any{}
	for _, m := range ms[:min(limit, len(ms))] {
		out = append(out, messageJSON(m))
	}
	return out, nil
}

func snowflakeLess(a, b string) bool {
	x, _ := strconv.ParseUint(a, 10, 64)
	y, _ := strconv.ParseUint(b, 10, 64)
	return x < y
}

// Threads lists the threads opened under a channel, oldest first.
func (s *Server) Threads(parentID string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, e := range s.channels[parentID].Entries {
		if e.Kind == "thread" {
			out = append(out, strings.Fields(e.Thread)[0])
		}
	}
	return out
}

// callback handles an initial interaction response.
func (s *Server) callback(id, token string, raw []byte, files []File) *apiError {
	s.mu.Lock()
	defer s.mu.Unlock()
	it, ok := s.interactions[id]
	if !ok || it.Token != token {
		s.violate("callback for unknown interaction %s", id)
		return &apiError{http.StatusNotFound, CodeUnknownInteraction, "Unknown interaction"}
	}
	return s.respondLocked(it, raw, files)
}

func (s *Server) respondLocked(it *Interaction, raw []byte, files []File) *apiError {
	if it.acked {
		s.violate("interaction %s (%s) acknowledged twice", it.ID, it.Summary)
		return &apiError{http.StatusBadRequest, CodeAlreadyAcknowledged, "Interaction has already been acknowledged."}
	}
	if late := s.now().Sub(it.Created); late > InitialResponseWindow {
		s.violate("interaction %s (%s) answered after %v", it.ID, it.Summary, late.Round(time.Millisecond))
		return &apiError{http.StatusNotFound, CodeUnknownInteraction, "Unknown interaction"}
	}
	var body struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(raw, &body); err != nil {
		s.violate("interaction %s: %v", it.ID, err)
		return invalid(err)
	}
	allowed := map[int][]int{1: {1}, 2: {4, 5, 9}, 3: {4, 5, 6, 7, 9}, 4: {8}}[it.Type]
	okType := false
	for _, t := range allowed {
		okType = okType || t == body.Type
	}
	if !okType {
		s.violate("interaction %s (%s, type %d) answered with response type %d", it.ID, it.Summary, it.Type, body.Type)
		return invalid(fmt.Errorf("%w: response type %d", errInvalid, body.Type))
	}
	p := &payload{}
	if len(body.Data) > 0 && string(body.Data) != "null" {
		var kept []string
		if body.Type == 7 {
			if m := s.messages[it.Message]; m != nil {
				kept = fileNames(m.Files)
			}
		}
		var err error
		if p, err = decodePayload(body.Data, files, kept); err != nil {
			s.violate("interaction %s (%s): %v", it.ID, it.Summary, err)
			return invalid(err)
		}
	}
	if p.Flags != nil && *p.Flags&^(FlagSuppressEmbeds|FlagEphemeral|FlagSuppressNotifications) != 0 {
		s.violate("interaction %s: flags %d", it.ID, *p.Flags)
		return invalid(fmt.Errorf("%w: flags %d", errInvalid, *p.Flags))
	}
	resp := Response{Type: body.Type, Files: files}
	if p.Content != nil {
		resp.Content = *p.Content
	}
	if p.Flags != nil {
		resp.Flags = *p.Flags
	}
	if p.Components != nil {
		resp.Components = *p.Components
	}
	if p.Embeds != nil {
		resp.Embeds = *p.Embeds
	}
	switch body.Type {
	case 8:
		if p.Choices == nil {
			s.violate("interaction %s: autocomplete answer without choices", it.ID)
			return invalid(fmt.Errorf("%w: choices missing", errInvalid))
		}
		if err := checkChoices(*p.Choices); err != nil {
			s.violate("interaction %s (%s): %v", it.ID, it.Summary, err)
			return invalid(err)
		}
		resp.Choices = *p.Choices
	case 4:
		if empty(p, files) {
			s.violate("interaction %s: empty message", it.ID)
			return &apiError{http.StatusBadRequest, 50006, "Cannot send an empty message"}
		}
		m := s.originalMessage(it, p, files)
		s.record(it.Channel, Entry{Kind: "post", Via: "response", Trigger: it.Summary, Message: *m})
	case 5:
		if p.Flags != nil && *p.Flags&^FlagEphemeral != 0 {
			// Discord: a deferred channel message may only set EPHEMERAL.
			s.violate("interaction %s (%s): deferred response with flags %d (only ephemeral is allowed)", it.ID, it.Summary, *p.Flags)
			return invalid(fmt.Errorf("%w: flags %d on a deferred response", errInvalid, *p.Flags))
		}
		m := s.originalMessage(it, p, nil)
		m.Deleted, m.loading = true, true // a placeholder ("thinking") until the first edit
	case 6:
		it.original = it.Message
	case 7:
		m := s.messages[it.Message]
		if m == nil {
			return &apiError{http.StatusNotFound, CodeUnknownMessage, "Unknown Message"}
		}
		if e := s.refuseEmptyEdit(m, p, files, "interaction "+it.ID); e != nil {
			return e
		}
		applyEdit(m, p, files)
		it.original = m.ID
		s.record(m.ChannelID, Entry{Kind: "edit", Via: "response", Trigger: it.Summary, Message: *m})
	}
	it.acked = true
	it.ackType = body.Type
	if body.Type == 5 || body.Type == 6 {
		s.deferrals++
	}
	it.resp = resp
	close(it.done)
	return nil
}

// webhook handles /webhooks/{app}/{token}[/messages/{id}].
func (s *Server) webhook(r *http.Request, app, token string, rest []string) (any, *apiError) {
	var raw []byte
	var files []File
	var rerr error
	if r.Method == http.MethodPost || r.Method == http.MethodPatch {
		raw, files, rerr = readBody(r)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	it, ok := s.byToken[token]
	if !ok || app != s.AppID {
		s.violate("webhook call with an unknown token")
		return nil, &apiError{http.StatusNotFound, CodeUnknownWebhook, "Unknown Webhook"}
	}
	if age := s.now().Sub(it.Created); age > TokenLifetime {
		s.violate("interaction %s (%s): token used after %v", it.ID, it.Summary, age.Round(time.Second))
		return nil, &apiError{http.StatusUnauthorized, CodeInvalidWebhookToken, "Invalid Webhook Token"}
	}
	if rerr != nil {
		s.violate("interaction %s: %v", it.ID, rerr)
		return nil, invalid(rerr)
	}
	if !it.acked {
		// Discord knows the interaction's webhook only once it has the
		// initial response: in HTTP mode, once it has read and processed
		// the bot's HTTP answer (or the callback has returned), not when
		// the bot has written it.
		s.violate("interaction %s (%s): webhook call before Discord had the initial response", it.ID, it.Summary)
		return nil, &apiError{http.StatusNotFound, CodeUnknownWebhook, "Unknown Webhook"}
	}
	switch {
	case len(rest) == 0 && r.Method == http.MethodPost: // follow-up
		p, err := decodePayload(raw, files, nil)
		if err != nil {
			s.violate("follow-up of %s (%s): %v", it.ID, it.Summary, err)
			return nil, invalid(err)
		}
		if empty(p, files) {
			return nil, &apiError{http.StatusBadRequest, 50006, "Cannot send an empty message"}
		}
		if o := s.messages[it.original]; it.ackType == 5 && o != nil && o.loading {
			// Discord's backwards compatibility: the first follow-up after
			// a deferred message fills the loading message in, keeping its
			// visibility, instead of posting a new one.
			o.loading, o.Deleted = false, false
			p.Flags = nil
			applyEdit(o, p, files)
			o.Pings = pings(o.Content, p.AllowedMentions)
			s.record(o.ChannelID, Entry{Kind: "post", Via: "response", Trigger: it.Summary, Message: *o})
			return messageJSON(o), nil
		}
		m := s.newMessage(it.Channel, p, files)
		if m.Ephemeral {
			m.To = it.User
		}
		m.Interaction = it.ID
		s.messages[m.ID] = m
		s.record(it.Channel, Entry{Kind: "post", Via: "followup", Trigger: it.Summary, Message: *m})
		return messageJSON(m), nil
	case len(rest) == 2 && rest[0] == "messages":
		id := rest[1]
		if id == "@original" {
			id = it.original
		}
		m := s.messages[id]
		if m == nil || (m.Interaction != it.ID && id != it.original) {
			s.violate("interaction %s: webhook access to message %s it did not create", it.ID, rest[1])
			return nil, &apiError{http.StatusNotFound, CodeUnknownMessage, "Unknown Message"}
		}
		switch r.Method {
		case http.MethodGet:
			return messageJSON(m), nil
		case http.MethodDelete:
			m.Deleted, m.loading = true, false
			s.record(m.ChannelID, Entry{Kind: "delete", Via: "webhook-edit", Trigger: it.Summary, Message: *m})
			return nil, nil
		case http.MethodPatch:
			p, err := decodePayload(raw, files, fileNames(m.Files))
			if err != nil {
				s.violate("edit by %s (%s): %v", it.ID, it.Summary, err)
				return nil, invalid(err)
			}
			if e := s.refuseEmptyEdit(m, p, files, "edit by "+it.ID+" ("+it.Summary+")"); e != nil {
				return nil, e
			}
			if id == it.original && it.ackType == 6 && !it.filled {
				// The first edit after a deferred update is, to users, the
				// interaction's answer, as an immediate update would be.
				it.filled = true
				applyEdit(m, p, files)
				s.record(m.ChannelID, Entry{Kind: "edit", Via: "response", Trigger: it.Summary, Message: *m})
				return messageJSON(m), nil
			}
			if m.loading && m.Interaction == it.ID && id == it.original && it.ackType == 5 {
				// The first edit of a deferred response is what users see
				// as the response.
				m.Deleted, m.loading = false, false
				applyEdit(m, p, files)
				m.Pings = pings(m.Content, p.AllowedMentions)
				s.record(m.ChannelID, Entry{Kind: "post", Via: "response", Trigger: it.Summary, Message: *m})
				return messageJSON(m), nil
			}
			if m.Deleted {
				return nil, &apiError{http.StatusNotFound, CodeUnknownMessage, "Unknown Message"}
			}
			applyEdit(m, p, files)
			s.record(m.ChannelID, Entry{Kind: "edit", Via: "webhook-edit", Trigger: it.Summary, Message: *m})
			return messageJSON(m), nil
		}
	}
	return nil, &apiError{http.StatusNotFound, 0, "404: Not Found"}
}

var errNoGateway = errors.New("fakediscord: no bot connected to the gateway")

// createDM is POST /users/@me/channels: the bot's direct-message channel
// with a user, created once (Discord answers the same channel again). A
// bot can post in a DM channel only after this call.
func (s *Server) createDM(r *http.Request) (any, *apiError) {
	var body struct {
		RecipientID string `json:"recipient_id"`
	}
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		return nil, invalid(err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[body.RecipientID]
	if !ok {
		return nil, &apiError{http.StatusBadRequest, CodeInvalidFormBody, "Invalid Form Body: recipient_id"}
	}
	for _, ch := range s.channels {
		if ch.DM == u.ID {
			return s.dmJSON(ch), nil
		}
	}
	ch := &channel{ID: s.newID(), Name: "dm-" + u.Name, DM: u.ID}
	s.channels[ch.ID] = ch
	return s.dmJSON(ch), nil
}

func (s *Server) dmJSON(ch *channel) map[string]any {
	u := s.users[ch.DM]
	return map[string]any{"id": ch.ID, "type": 1, "recipients": []map[string]any{{"id": u.ID, "username": u.Name, "global_name": u.Name}}}
}

// DMChannel is the bot's direct-message channel with a user, once the
// bot has created it.
func (s *Server) DMChannel(user string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ch := range s.channels {
		if ch.DM == user {
			return ch.ID, true
		}
	}
	return "", false
}

// Locales are Discord's locales, the only keys of name_localizations and
// description_localizations (discord.com/developers/docs/reference#locales).
var Locales = map[string]bool{
	"id": true, "da": true, "de": true, "en-GB": true, "en-US": true, "es-ES": true, "es-419": true, "fr": true,
	"hr": true, "it": true, "lt": true, "hu": true, "nl": true, "no": true, "pl": true, "pt-BR": true, "ro": true,
	"fi": true, "sv-SE": true, "vi": true, "tr": true, "cs": true, "el": true, "bg": true, "ru": true, "uk": true,
	"hi": true, "th": true, "zh-CN": true, "ja": true, "zh-TW": true, "ko": true,
}

// What a name_localizations value names: a command or option (Discord's
// name rules: 1 to 32 characters, lower case where the script has case,
// no spaces) or a choice (1 to 100 characters of any kind).
const (
	nameCommand = iota
	nameChoice
)

// commandName is Discord's pattern for command and option names (the
// Devanagari and Thai marks aside).
var commandName = regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)

// checkLocalizations applies Discord's rules to an object's
// name_localizations and description_localizations: objects keyed by
// Discord's locales only, each name by the rules of what it names, each
// description 1 to 100 characters.
func checkLocalizations(m map[string]any, kind int) error {
	for _, field := range []string{"name_localizations", "description_localizations"} {
		raw, ok := m[field]
		if !ok || raw == nil {
			continue
		}
		loc, ok := raw.(map[string]any)
		if !ok {
			return fmt.Errorf("%s is not an object", field)
		}
		for k, v := range loc {
			if !Locales[k] {
				return fmt.Errorf("%s: %q is not a Discord locale", field, k)
			}
			s, ok := v.(string)
			if !ok {
				return fmt.Errorf("%s[%s] is not a string", field, k)
			}
			n := utf8.RuneCountInString(s)
			switch {
			case field == "description_localizations" && (n < 1 || n > 100):
				return fmt.Errorf("%s[%s]: %d characters (1..100): %q", field, k, n, s)
			case field == "name_localizations" && kind == nameChoice && (n < 1 || n > 100):
				return fmt.Errorf("%s[%s]: %d characters (1..100): %q", field, k, n, s)
			case field == "name_localizations" && kind == nameCommand && (!commandName.MatchString(s) || strings.ToLower(s) != s):
				return fmt.Errorf("%s[%s]: %q is not a command name (1..32 lower-case letters, digits, - and _)", field, k, s)
			}
		}
	}
	return nil
}

// checkCommandOptions applies Discord's rules for a command's options: a
// name of 1 to 32 lowercase characters, a description of 1 to 100,
// required options before optional ones, at most 25 choices, each named
// with 1 to 100 characters.
func checkCommandOptions(raw any) error {
	opts, _ := raw.([]any)
	if len(opts) > 25 {
		return fmt.Errorf("%d options (max 25)", len(opts))
	}
	optional := false
	seen := map[string]bool{}
	subs := 0
	for _, o := range opts {
		m, _ := o.(map[string]any)
		name, _ := m["name"].(string)
		desc, _ := m["description"].(string)
		if !commandName.MatchString(name) || strings.ToLower(name) != name {
			return fmt.Errorf("option name %q: 1..32 lowercase characters", name)
		}
		if seen[name] {
			return fmt.Errorf("option %q twice", name)
		}
		seen[name] = true
		if t, _ := m["type"].(float64); t == 1 || t == 2 {
			subs++ // a subcommand or a group
		}
		if n := utf8.RuneCountInString(desc); n < 1 || n > 100 {
			return fmt.Errorf("option %q: description of %d characters (1..100)", name, n)
		}
		if err := checkLocalizations(m, nameCommand); err != nil {
			return fmt.Errorf("option %q: %w", name, err)
		}
		if req, _ := m["required"].(bool); req && optional {
			return fmt.Errorf("option %q: a required option after an optional one", name)
		} else if !req {
			optional = true
		}
		choices, _ := m["choices"].([]any)
		if len(choices) > 25 {
			return fmt.Errorf("option %q: %d choices (max 25)", name, len(choices))
		}
		if auto, _ := m["autocomplete"].(bool); auto && len(choices) > 0 {
			return fmt.Errorf("option %q: autocomplete with choices", name)
		}
		for _, c := range choices {
			cm, _ := c.(map[string]any)
			cn, _ := cm["name"].(string)
			if n := utf8.RuneCountInString(cn); n < 1 || n > 100 {
				return fmt.Errorf("option %q: choice name %q (1..100)", name, cn)
			}
			if cv, ok := cm["value"].(string); ok && utf8.RuneCountInString(cv) > 100 {
				return fmt.Errorf("option %q: choice value of %d characters (max 100)", name, utf8.RuneCountInString(cv))
			}
			if err := checkLocalizations(cm, nameChoice); err != nil {
				return fmt.Errorf("option %q: choice %q: %w", name, cn, err)
			}
		}
		if err := checkCommandOptions(m["options"]); err != nil {
			return err
		}
	}
	if subs > 0 && subs != len(opts) {
		return fmt.Errorf("subcommands mixed with options")
	}
	return nil
}

// commandChars is what Discord counts against a command's 4000
// characters: its name, description and value strings, options and
// choices included, each in its longest localization.
func commandChars(d map[string]any) int {
	longest := func(m map[string]any, field string) int {
		n := 0
		if s, ok := m[field].(string); ok {
			n = utf8.RuneCountInString(s)
		}
		if loc, ok := m[field+"_localizations"].(map[string]any); ok {
			for _, v := range loc {
				if s, ok := v.(string); ok {
					n = max(n, utf8.RuneCountInString(s))
				}
			}
		}
		return n
	}
	n := longest(d, "name") + longest(d, "description")
	if v, ok := d["value"].(string); ok {
		n += utf8.RuneCountInString(v)
	}
	for _, key := range []string{"options", "choices"} {
		list, _ := d[key].([]any)
		for _, o := range list {
			if m, ok := o.(map[string]any); ok {
				n += commandChars(m)
			}
		}
	}
	return n
}
