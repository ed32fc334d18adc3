package discord

import (
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestPrefsInGermanAndFrench: a German and a French reader set their
// reminders (/notify, /quiet, /away, /back) and read every private reply
// in their own language, none of it in English.
func TestPrefsInGermanAndFrench(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	h.fd.AddChannel(langRm, "spiele")
	F := fakediscord.Str
	for _, tc := range []struct {
		user, locale string
		l            lang.Lang
		quiet        string // the exact reply to /quiet hours:22-7 zone:Europe/Berlin
	}{
		{dieter, "de", lang.German, "Ruhezeiten gesetzt: keine Erinnerungen von 22:00 bis 07:00, Zeitzone Europe/Berlin; eine Erinnerung, die in diese Zeit fällt, wartet bis zu ihrem Ende."},
		{franck, "fr", lang.French, "Heures calmes définies : aucun rappel de 22:00 à 07:00, heure de Europe/Berlin ; un rappel dû pendant ce temps attend la fin."},
	} {
		h.fd.AddUser(fakediscord.User{ID: tc.user, Name: tc.user, Locale: tc.locale})
		check := func(what string, r fakediscord.Response, want string) {
			t.Helper()
			must(t, r.Ephemeral(), "%s %s: public: %q", tc.l, what, r.Content)
			must(t, r.Content == want, "%s %s: %q, want %q", tc.l, what, r.Content, want)
			must(t, !strings.Contains(r.Content, bot.Say(lang.English, "discord.prefs.back")[:12]) && !strings.Contains(r.Content, "reminder"),
				"%s %s reads English: %q", tc.l, what, r.Content)
		}
		check("notify dm", h.cmd(tc.user, langRm, "notify", F("via", "dm")), bot.Say(tc.l, "discord.prefs.notify-dm"))
		check("notify channel", h.cmd(tc.user, langRm, "notify", F("via", "channel")), bot.Say(tc.l, "discord.prefs.notify-channel"))
		check("quiet", h.cmd(tc.user, langRm, "quiet", F("hours", "22-7"), F("zone", "Europe/Berlin")), tc.quiet)
		check("quiet off", h.cmd(tc.user, langRm, "quiet", F("hours", "off")), bot.Say(tc.l, "discord.prefs.quiet-off"))
		check("back, not away", h.cmd(tc.user, langRm, "back"), bot.Say(tc.l, "discord.prefs.not-away"))
		until := clock.Now().Add(3 * 24 * time.Hour)
		check("away", h.cmd(tc.user, langRm, "away", F("until", "3d")), bot.Say(tc.l, "discord.prefs.away", "at", when(until)))
		check("back", h.cmd(tc.user, langRm, "back"), bot.Say(tc.l, "discord.prefs.back"))
	}
	// The English replies are as they were.
	r := h.cmd(alice, langRm, "quiet", F("hours", "22-7"), F("zone", "Europe/Berlin"))
	must(t, r.Content == "Quiet hours set: no reminders from 22:00 to 07:00, Europe/Berlin time; a reminder due then waits for the end.", "English quiet: %q", r.Content)
}
