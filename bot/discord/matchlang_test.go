package discord

import (
	"context"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestMatchLanguageChoice: the language of a match's public posts is
// /play's language option, else the server's setting (/clock server:true
// language:, Manage Server), else the server's locale when German or
// French, else English; /clock language: changes an open match's (its
// creator or Manage Channels); an unknown language is refused with the
// list, in the reader's language.
func TestMatchLanguageChoice(t *testing.T) {
	h := newHarness(t, harnessOpts{mode: ModeGateway})
	ctx := context.Background()
	const admin = "100000000000000021"
	h.fd.AddUser(fakediscord.User{ID: admin, Name: "admin", Permissions: discordgo.PermissionManageGuild})
	h.fd.AddUser(fakediscord.User{ID: dieter, Name: "dieter", Locale: "de"})
	F := fakediscord.Str
	matchLang := func(channel string) lang.Lang {
		t.Helper()
		m, err := h.svc.Get(ctx, bot.InChannel(channelKey(channel)))
		if err != nil {
			t.Fatal(err)
		}
		return m.Lang
	}
	rooms := []string{"200000000000000031", "200000000000000032", "200000000000000033", "200000000000000034", "200000000000000035"}
	for i, id := range rooms {
		h.fd.AddChannel(id, "room"+string(rune('a'+i)))
	}

	// An English server: English unless /play names another language.
	h.cmd(alice, rooms[0], "play", F("game", "pebbles"))
	must(t, matchLang(rooms[0]) == lang.English, "default: %q", matchLang(rooms[0]))
	h.cmd(alice, rooms[1], "play", F("game", "pebbles"), F("language", "fr"))
	must(t, matchLang(rooms[1]) == lang.French, "/play language:fr: %q", matchLang(rooms[1]))
	r := h.cmdUnchecked(alice, rooms[2], "play", F("game", "pebbles"), F("language", "xx"))
	must(t, r.Ephemeral() && r.Content == `There is no language "xx" here; the languages are en (English), de (Deutsch), fr (Français).`, "unknown: %q", r.Content)
	r = h.cmdUnchecked(dieter, rooms[2], "play", F("game", "pebbles"), F("language", "klingon"))
	must(t, r.Ephemeral() && r.Content == "Hier gibt es keine Sprache „klingon“; die Sprachen sind en (English), de (Deutsch), fr (Français).", "unknown, German: %q", r.Content)
	_, err := h.svc.Get(ctx, bot.InChannel(channelKey(rooms[2])))
	must(t, err != nil, "a refused /play opened a match")

	// A server whose locale is German: German by default.
	h.fd.SetGuildLocale(h.fd.GuildID, "de")
	h.cmd(alice, rooms[2], "play", F("game", "pebbles"))
	must(t, matchLang(rooms[2]) == lang.German, "German server: %q", matchLang(rooms[2]))
	r = h.cmd(alice, rooms[2], "clock")
	must(t, strings.HasSuffix(r.Content, " This match posts in Deutsch."), "/clock shows the language: %q", r.Content)

	// The server's setting wins over its locale; only Manage Server sets it.
	r = h.cmd(alice, rooms[3], "clock", fakediscord.Bool("server", true), F("language", "fr"))
	must(t, r.Content == "Only a member with Manage Server may change this server's defaults.", "alice sets the server's language: %q", r.Content)
	r = h.cmdUnchecked(admin, rooms[3], "clock", fakediscord.Bool("server", true), F("language", "Français")) // a name, not the choice's value: the API takes it
	must(t, r.Content == "From now on, new matches on this server post in Français. Matches already open keep their own language.", "admin: %q", r.Content)
	r = h.cmd(dieter, rooms[3], "clock", fakediscord.Bool("server", true))
	must(t, strings.HasSuffix(r.Content, " Sprache neuer Partien auf diesem Server: Français."), "dieter reads the server's settings: %q", r.Content)
	h.cmd(alice, rooms[3], "play", F("game", "pebbles"))
	must(t, matchLang(rooms[3]) == lang.French, "the server's language: %q", matchLang(rooms[3]))
	h.cmd(alice, rooms[4], "play", F("game", "pebbles"), F("language", "en"))
	must(t, matchLang(rooms[4]) == lang.English, "/play overrides the server: %q", matchLang(rooms[4]))
	must(t, matchLang(rooms[2]) == lang.German, "an open match keeps its language")

	// An open match's language: its creator changes it; others may not.
	r = h.cmd(dave, rooms[0], "clock", F("language", "de"))
	must(t, r.Ephemeral() && matchLang(rooms[0]) == lang.English, "dave changes alice's match: %q", r.Content)
	r = h.cmd(alice, rooms[0], "clock", F("language", "de"))
	must(t, strings.HasSuffix(r.Content, " From now on, this match posts in Deutsch.") && matchLang(rooms[0]) == lang.German, "alice: %q", r.Content)
	h.noViolations()
}
