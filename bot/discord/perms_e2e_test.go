package discord

import (
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// The bot's permissions in a channel, as a person sees them in every
// language: /play thread:true where the bot may not open a thread is
// refused, naming the permission (and no thread is opened, also when
// Discord refuses what app_permissions allowed); /play where the bot
// cannot post on its own opens the lobby and tells its creator privately
// which permissions the bot lacks; with every permission there is no note.
func TestPermissionsInEveryLanguage(t *testing.T) {
	F := fakediscord.Str
	for _, c := range []struct {
		l      lang.Lang
		locale string
	}{{lang.English, "en-US"}, {lang.German, "de"}, {lang.French, "fr"}} {
		t.Run(string(c.l), func(t *testing.T) {
			h := newHarness(t, harnessOpts{mode: ModeGateway})
			const user = "100000000000000042"
			h.fd.AddUser(fakediscord.User{ID: user, Name: "pat", Locale: c.locale})
			l := c.l
			// No thread without Create Public Threads.
			h.fd.SetBotPermissions(room, fakediscord.DefaultBotPermissions&^fakediscord.PermCreatePublicThreads)
			r := h.cmd(user, room, "play", F("game", "pebbles"), fakediscord.Bool("thread", true))
			perm := say(l, "discord.permission.quoted", "name", say(l, "discord.permission.create-public-threads"))
			want := say(l, "discord.detail.thread-permissions", "perms", say(l, "discord.permission.list", "count", "1", "names", perm))
			want = strings.ToUpper(want[:1]) + want[1:] + "."
			must(t, r.Ephemeral() && r.Content == want, "the refusal: %q, want %q", r.Content, want)
			must(t, len(h.fd.Threads(room)) == 0, "a thread was opened: %v", h.fd.Threads(room))
			// Discord refuses although app_permissions allowed it (a
			// channel override changed since): the same kind of refusal.
			h.fd.SetBotPermissions(room, fakediscord.DefaultBotPermissions)
			h.fd.FailNextCode("/channels/"+room+"/threads", 1, 403, fakediscord.CodeMissingPermissions)
			// The thread is opened after a deferred acknowledgement, so the
			// refusal replaces the placeholder with a private follow-up.
			before := len(h.fd.Messages(room))
			h.cmd(user, room, "play", F("game", "pebbles"), fakediscord.Bool("thread", true))
			after := h.fd.Messages(room)[before:]
			must(t, len(after) == 1 && after[0].Ephemeral && after[0].To == user &&
				strings.Contains(after[0].Content, say(l, "discord.permission.create-public-threads")) &&
				strings.Contains(after[0].Content, "thread:true"), "the refusal after Discord's 403: %+v", after)
			must(t, len(h.fd.Threads(room)) == 0, "a thread was opened: %v", h.fd.Threads(room))

			// A lobby where the bot cannot attach files nor read the
			// history: opened, with a private note to its creator.
			h.fd.SetBotPermissions(room, fakediscord.DefaultBotPermissions&^(fakediscord.PermAttachFiles|fakediscord.PermReadMessageHistory))
			r = h.cmd(user, room, "play", F("game", "pebbles"))
			must(t, !r.Ephemeral() && len(r.Components) > 0, "the lobby: %+v", r)
			names := say(l, "discord.permission.quoted", "name", say(l, "discord.permission.attach-files")) + say(l, "discord.permission.sep") +
				say(l, "discord.permission.quoted", "name", say(l, "discord.permission.read-message-history"))
			note := say(l, "discord.permission.post-warning", "perms", say(l, "discord.permission.list", "count", "2", "names", names))
			var notes []string
			for _, m := range h.fd.Messages(room) {
				if m.Ephemeral && m.To == user && strings.Contains(m.Content, "15") {
					notes = append(notes, m.Content)
				}
			}
			must(t, len(notes) == 1 && notes[0] == note, "the note: %q, want %q", notes, note)
			if l != lang.English {
				for _, txt := range []string{notes[0], want} {
					must(t, len(bot.Catalog().EnglishIn(l, txt)) == 0, "English in %q", txt)
				}
			}
			h.cmd(user, room, "abort")

			// Every permission: no note.
			h.fd.SetBotPermissions(room, fakediscord.DefaultBotPermissions)
			before = len(h.fd.Messages(room))
			h.cmd(user, room, "play", F("game", "pebbles"))
			for _, m := range h.fd.Messages(room)[before:] {
				must(t, !m.Ephemeral, "a private message with every permission: %q", m.Content)
			}
			h.noViolations()
		})
	}
}
