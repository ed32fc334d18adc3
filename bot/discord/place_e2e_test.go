package discord

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestThreadTextsSayThread: the texts that name the place where a command
// was used, or where the match is played, say "thread" there when it is a
// thread and "channel" in a channel (Thread/Kanal, fil/salon), in every
// language and over both transports. Discord's interaction names the
// place's type; the match's record remembers it for the notices the bot
// posts on its own.
func TestThreadTextsSayThread(t *testing.T) {
	words := map[lang.Lang][2]string{lang.English: {"channel", "thread"}, lang.German: {"Kanal", "Thread"}, lang.French: {"salon", "fil"}}
	F := fakediscord.Str
	ctx := context.Background()
	for _, mode := range []Mode{ModeGateway, ModeHTTP} {
		for _, l := range lang.Supported {
			t.Run(string(mode)+"/"+string(l), func(t *testing.T) {
				h := newHarness(t, harnessOpts{mode: mode})
				for _, u := range []string{alice, bob} {
					x := h.fd.User(u)
					x.Locale = string(l)
					h.fd.AddUser(x)
				}
				channel, thread := words[l][0], words[l][1]
				inChannel := func(what, got, want string) {
					t.Helper()
					must(t, got == want && strings.Contains(got, channel), "%s in the channel: %q, want %q", what, got, want)
				}
				// A text in a thread names the thread; only a text about
				// the thread's channel's settings names that channel too.
				inThread := func(what, got, want string, itsChannel bool) {
					t.Helper()
					must(t, got == want && strings.Contains(got, thread) && (itsChannel || !strings.Contains(got, channel)),
						"%s in the thread: %q, want %q", what, got, want)
				}
				play := []fakediscord.Opt{F("game", "pebbles"), F("language", string(l))}

				r := h.cmd(alice, room, "status")
				inChannel("no match", r.Content, say(l, "error.no-match"))
				h.cmd(alice, room, "play", play...)
				r = h.cmd(bob, room, "play", play...)
				inChannel("/play over a match", r.Content, say(l, "error.channel-taken"))

				h.cmd(alice, room, "play", append(play, fakediscord.Bool("thread", true))...)
				threads := h.fd.Threads(room)
				must(t, len(threads) == 1, "threads %v", threads)
				th := threads[0]
				r = h.cmd(bob, th, "play", play...)
				inThread("/play over a match", r.Content, say(l, "error.channel-taken-thread"), false)

				// The notice of an abandoned match, which the bot posts on
				// its own, from the match's record.
				for _, c := range []struct {
					where string
					id    string
				}{{room, "discord.remind.abandoned"}, {th, "discord.remind.abandoned-thread"}} {
					m, err := h.svc.Get(ctx, bot.InChannel(channelKey(c.where)))
					if err != nil {
						t.Fatal(err)
					}
					gone := abandonMessage(bot.Reminder{Kind: bot.ReminderAbandoned, Match: m, Waited: 30 * 24 * time.Hour}).Content
					want := say(l, c.id, "game", m.Words().GameName(), "span", bot.SpanPrepIn(l, 30*24*time.Hour))
					if c.where == room {
						inChannel("the abandoned notice", gone, want)
					} else {
						inThread("the abandoned notice", gone, want, false)
					}
				}

				// /help's way into /rules names the place's game.
				for _, c := range []struct{ where, id string }{{room, "discord.help.rules-how"}, {th, "discord.help.rules-how-thread"}} {
					r = h.cmd(bob, c.where, "help")
					must(t, len(r.Embeds) == 1, "/help: %+v", r)
					text := embedText(r.Embeds[0])
					must(t, strings.Contains(text, say(l, c.id)), "/help in %s:\n%s", c.where, text)
				}

				h.cmd(alice, th, "abort")
				r = h.cmd(bob, th, "status")
				inThread("no match", r.Content, say(l, "error.no-match-thread"), false)

				// The permissions the bot lacks, named where /play was used:
				// a thread's are its channel's.
				h.fd.SetBotPermissions(room, fakediscord.DefaultBotPermissions&^(fakediscord.PermAttachFiles|fakediscord.PermCreatePublicThreads))
				r = h.cmd(alice, th, "play", append(play, fakediscord.Bool("thread", true))...)
				perm := func(id string) string {
					return say(l, "discord.permission.list", "count", "1", "names", say(l, "discord.permission.quoted", "name", say(l, "discord.permission."+id)))
				}
				want := say(l, "discord.detail.thread-permissions-thread", "perms", perm("create-public-threads"))
				inThread("/play thread:true without the right", r.Content, strings.ToUpper(want[:1])+want[1:]+".", true)
				before := len(h.fd.Messages(th))
				r = h.cmd(alice, th, "play", play...)
				must(t, !r.Ephemeral() && len(r.Components) > 0, "the lobby: %+v", r)
				var notes []string
				for _, m := range h.fd.Messages(th)[before:] {
					if m.Ephemeral && m.To == alice {
						notes = append(notes, m.Content)
					}
				}
				must(t, len(notes) == 1, "the notes: %q", notes)
				inThread("the note on missing permissions", notes[0], say(l, "discord.permission.post-warning-thread", "perms", perm("attach-files")), true)
				h.noViolations()
			})
		}
	}
}

// TestImportDeclinedInThread: a match record offered in a thread and
// declined frees the thread, and says so.
func TestImportDeclinedInThread(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	h.cmd(alice, room, "play", fakediscord.Str("game", "pebbles"), fakediscord.Bool("thread", true))
	th := h.fd.Threads(room)[0]
	h.cmd(alice, th, "abort")
	U := fakediscord.UserOpt
	r := h.cmd(alice, th, "import", fakediscord.Attach("record", "game.txt", []byte(importRecord)), U("player1", alice), U("player2", bob), U("player3", carol))
	must(t, !r.Ephemeral(), "the offer: %+v", r)
	m, err := h.svc.Get(context.Background(), bot.InChannel(channelKey(th)))
	must(t, err == nil && m.Place == bot.PlaceThread, "the offer's match: place %q (%v)", m.Place, err)
	r = h.click(carol, th, "Decline")
	must(t, strings.HasPrefix(r.Content, "**carol** declined") && strings.HasSuffix(r.Content, "The thread is free.") && len(r.Components) == 0, "decline: %+v", r)
	h.noViolations()
}
