package fakediscord

import (
	"net/http"
	"strings"
)

// Discord's permission bits the fake knows (the bot's, in a channel).
const (
	PermViewChannel            int64 = 1 << 10
	PermSendMessages           int64 = 1 << 11
	PermEmbedLinks             int64 = 1 << 14
	PermAttachFiles            int64 = 1 << 15
	PermReadMessageHistory     int64 = 1 << 16
	PermUseApplicationCommands int64 = 1 << 31
	PermCreatePublicThreads    int64 = 1 << 35
	PermSendMessagesInThreads  int64 = 1 << 38

	// DefaultBotPermissions is what the bot holds in a channel unless a
	// test says otherwise (SetBotPermissions): what the README asks a
	// server admin to grant.
	DefaultBotPermissions = PermViewChannel | PermSendMessages | PermEmbedLinks | PermAttachFiles |
		PermReadMessageHistory | PermUseApplicationCommands | PermCreatePublicThreads | PermSendMessagesInThreads
)

// Discord's JSON error codes for a permission the bot lacks.
const (
	CodeMissingAccess      = 50001 // the bot cannot see the channel
	CodeMissingPermissions = 50013
)

// SetBotPermissions sets the bot's permissions in a channel (and the
// threads in it, which take their parent's). Discord checks them on the
// bot's own calls (posting, reading the history, opening a thread) and
// sends them with every interaction as app_permissions; an interaction's
// reply and follow-ups need none.
func (s *Server) SetBotPermissions(channelID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if ch, ok := s.channels[channelID]; ok {
		ch.Perms = &perms
	}
}

// botPermsLocked is the bot's permissions in ch (a thread: its parent's).
// Direct messages have no permissions to lack.
func (s *Server) botPermsLocked(ch *channel) int64 {
	if ch.ParentID != "" {
		if p, ok := s.channels[ch.ParentID]; ok {
			ch = p
		}
	}
	if ch.Perms != nil {
		return *ch.Perms
	}
	return DefaultBotPermissions
}

// permit checks a bot-token call on a channel route against the bot's
// permissions there, as Discord does: 403 Missing Access (50001) when it
// cannot see the channel, 403 Missing Permissions (50013) when it lacks
// what the call needs. Routes that are not about a channel pass.
func (s *Server) permit(r *http.Request, parts []string) *apiError {
	if len(parts) < 2 || parts[0] != "channels" {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	ch, ok := s.channels[parts[1]]
	if !ok || ch.DM != "" {
		return nil // unknown channels get their own 404 from the route
	}
	have := s.botPermsLocked(ch)
	if have&PermViewChannel == 0 {
		return &apiError{http.StatusForbidden, CodeMissingAccess, "Missing Access"}
	}
	var need int64
	rest := strings.Join(parts[2:], "/")
	switch {
	case rest == "messages" && r.Method == http.MethodGet:
		need = PermReadMessageHistory
	case rest == "messages" && r.Method == http.MethodPost:
		need = PermSendMessages
		if ch.ParentID != "" {
			need = PermSendMessagesInThreads
		}
		if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
			need |= PermAttachFiles // discordgo sends files, and only files, as multipart
		}
	case rest == "threads" || (len(parts) == 5 && parts[2] == "messages" && parts[4] == "threads"):
		need = PermCreatePublicThreads
	}
	if have&need != need {
		return &apiError{http.StatusForbidden, CodeMissingPermissions, "Missing Permissions"}
	}
	return nil
}
