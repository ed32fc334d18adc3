package discord

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
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
		off, days    string // the language's off word, and 3 days in its units
	}{
		{dieter, "de", lang.German, "Ruhezeiten gesetzt: keine Erinnerungen von 22:00 bis 07:00, Zeitzone Europe/Berlin; eine Erinnerung, die in diese Zeit fällt, wartet bis zu ihrem Ende.", "aus", "3T"},
		{franck, "fr", lang.French, "Heures calmes définies\u00a0: aucun rappel de 22:00 à 07:00, heure de Europe/Berlin\u00a0; un rappel dû pendant ce temps attend la fin.", "aucun", "3j"},
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
		check("quiet off", h.cmd(tc.user, langRm, "quiet", F("hours", tc.off)), bot.Say(tc.l, "discord.prefs.quiet-off"))
		check("quiet off in English", h.cmd(tc.user, langRm, "quiet", F("hours", "off")), bot.Say(tc.l, "discord.prefs.quiet-off"))
		check("back, not away", h.cmd(tc.user, langRm, "back"), bot.Say(tc.l, "discord.prefs.not-away"))
		until := clock.Now().Add(3 * 24 * time.Hour)
		check("away", h.cmd(tc.user, langRm, "away", F("until", tc.days)), bot.Say(tc.l, "discord.prefs.away", "at", when(until)))
		check("back", h.cmd(tc.user, langRm, "back"), bot.Say(tc.l, "discord.prefs.back"))
	}
	// The English replies are as they were.
	r := h.cmd(alice, langRm, "quiet", F("hours", "22-7"), F("zone", "Europe/Berlin"))
	must(t, r.Content == "Quiet hours set: no reminders from 22:00 to 07:00, Europe/Berlin time; a reminder due then waits for the end.", "English quiet: %q", r.Content)
}

// TestRemindersInGermanAndFrench: in a German and a French match the
// reminder is posted in the match's language, its button too; /board
// names the player who is away in the reader's language; the abandon
// warning and notice are in the match's language.
func TestRemindersInGermanAndFrench(t *testing.T) {
	ctx := context.Background()
	F := fakediscord.Str
	for _, tc := range []struct {
		ml    lang.Lang
		other string // the second player, reading the match's language
		game  string // the game's name in ml
	}{
		{lang.German, dieter, "Kiesel (Testspiel)"},
		{lang.French, franck, ""},
	} {
		t.Run(string(tc.ml), func(t *testing.T) {
			clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
			h := newHarness(t, harnessOpts{now: clock.Now})
			h.fd.AddChannel(langRm, "spiele")
			h.fd.AddUser(fakediscord.User{ID: tc.other, Name: tc.other, Locale: string(tc.ml)})
			m := langMatch(t, h, testgame.Game{}, langRm, tc.ml, []string{alice, tc.other}, []fakediscord.Opt{F("remind", "12h")}, 0)
			game := m.Words().GameName()
			if tc.game != "" {
				must(t, game == tc.game, "the game's name in %s: %q", tc.ml, game)
			}
			mover, _ := strings.CutPrefix(m.Seats[m.Play.Active[0]].UserID, "discord:")

			n := len(h.fd.Messages(langRm))
			clock.Advance(12 * time.Hour)
			h.bot.remind(ctx)
			got := publicSince(h, langRm, n)
			want := bot.Say(tc.ml, "discord.remind.waiting", "who", "<@"+mover+">", "game", game, "span", bot.SpanIn(tc.ml, 12*time.Hour))
			must(t, len(got) == 1 && got[0].Content == want, "the reminder: %+v, want %q", got, want)
			must(t, !strings.Contains(want, "12 hours") && !strings.Contains(want, "waiting"), "the reminder reads English: %q", want)
			r := h.click(mover, langRm, bot.Say(tc.ml, "discord.turn.take"))
			_, menu, ok := h.fd.SelectMenu(langRm, mover)
			must(t, r.Ephemeral() && ok && len(menu.Options) > 0, "the reminder's button opens the picker: %+v", r)

			// The mover goes away: /board says so in each reader's language.
			h.cmd(mover, langRm, "away", F("until", "2d"))
			for _, u := range []string{alice, tc.other} {
				l := lang.FromDiscord(h.fd.User(u).Locale)
				r := h.cmd(u, langRm, "board")
				want := bot.Say(l, "discord.remind.away", "who", m.Seats[m.Play.Active[0]].Name, "at", fmt.Sprintf("<t:%d:f>", clock.Now().Add(48*time.Hour).Unix()))
				must(t, strings.Contains(r.Content, want), "%s's /board: %q, want %q", u, r.Content, want)
			}

			// The abandon warning and notice, in the match's language.
			m, err := h.svc.Get(ctx, bot.InChannel(channelKey(langRm)))
			if err != nil {
				t.Fatal(err)
			}
			ends := clock.Now().Add(24 * time.Hour)
			warn := abandonMessage(bot.Reminder{Kind: bot.ReminderAbandonWarning, Match: m, Waited: 21 * 24 * time.Hour, Ends: ends})
			must(t, strings.HasPrefix(warn.Content, bot.Say(tc.ml, "discord.remind.abandon-move", "who", "<@"+alice+">, <@"+tc.other+">",
				"game", game, "span", bot.SpanPrepIn(tc.ml, 21*24*time.Hour), "at", fmt.Sprintf("<t:%d:R>", ends.Unix()))) &&
				strings.HasSuffix(warn.Content, bot.Say(tc.ml, "discord.remind.abandon-finish")), "the warning: %q", warn.Content)
			must(t, strings.Contains(fmt.Sprint(warn.Components), bot.Say(tc.ml, "discord.remind.finish")), "the warning's button: %+v", warn.Components)
			gone := abandonMessage(bot.Reminder{Kind: bot.ReminderAbandoned, Match: m, Waited: 30 * 24 * time.Hour})
			must(t, gone.Content == bot.Say(tc.ml, "discord.remind.abandoned", "game", game, "span", bot.SpanPrepIn(tc.ml, 30*24*time.Hour)), "the notice: %q", gone.Content)
			if tc.ml == lang.German {
				// After "nach", the dative: "4 Wochen 2 Tagen".
				must(t, strings.Contains(gone.Content, "nach 4 Wochen 2 Tagen ohne Zug wegen Inaktivität beendet"), "the notice: %q", gone.Content)
			}
			must(t, !strings.Contains(gone.Content, "abandoned"), "the notice reads English: %q", gone.Content)
		})
	}
}

// TestDeadlineVoteInGerman: in a German match with an English, a German
// and a French player, the deadline vote, its buttons, its outcome, the
// open seat and its taking are posted in German; each ballot's answer is
// in the voter's own language.
func TestDeadlineVoteInGerman(t *testing.T) {
	clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	h := newHarness(t, harnessOpts{now: clock.Now})
	F := fakediscord.Str
	ctx := context.Background()
	de := lang.German
	h.fd.AddChannel(langRm, "spiele")
	h.fd.AddUser(fakediscord.User{ID: dieter, Name: "dieter", Locale: "de"})
	h.fd.AddUser(fakediscord.User{ID: franck, Name: "franck", Locale: "fr"})
	m := langMatch(t, h, testgame.Game{}, langRm, de, []string{alice, dieter, franck},
		[]fakediscord.Opt{F("remind", "off"), F("deadline", "1d"), F("at-deadline", "replace")}, 0)
	seat := m.Play.Active[0]
	mover := discordID(m.Seats[seat].UserID)
	name := m.Seats[seat].Name
	var voters []string
	for _, u := range []string{alice, dieter, franck} {
		if u != mover {
			voters = append(voters, u)
		}
	}

	n := len(h.fd.Messages(langRm))
	clock.Advance(24 * time.Hour)
	h.bot.remind(ctx)
	got := publicSince(h, langRm, n)
	want := "**Zugfrist abgelaufen**: <@" + mover + "> hat in der Partie Kiesel (Testspiel) seit 1 Tag nicht gezogen."
	must(t, len(got) == 1 && strings.HasPrefix(got[0].Content, want) &&
		strings.HasSuffix(got[0].Content, "2 von euren 2 Stimmen entscheiden."), "the vote: %+v, want it to begin %q", got, want)
	vote := got[0]

	// The first ballot: its answer in the voter's language.
	open := bot.Say(de, "discord.vote.open-seat")
	r := h.click(voters[0], langRm, open)
	vl := lang.FromDiscord(h.fd.User(voters[0]).Locale)
	must(t, r.Ephemeral() && r.Content == bot.Say(vl, "discord.vote.cast", "name", name,
		"tally", strings.Join([]string{
			bot.Say(vl, "discord.vote.tally", "choice", bot.Say(vl, "discord.vote.wait"), "n", "0"),
			bot.Say(vl, "discord.vote.tally", "choice", bot.Say(vl, "discord.vote.default"), "n", "0"),
			bot.Say(vl, "discord.vote.tally", "choice", bot.Say(vl, "discord.vote.open-seat"), "n", "1"),
			bot.Say(vl, "discord.vote.tally", "choice", bot.Say(vl, "discord.vote.computer"), "n", "0"),
		}, ", "), "need", "2", "total", "2"), "%s's ballot: %q", voters[0], r.Content)

	// The second decides: the vote post says so in German, the seat is open.
	n = len(h.fd.Messages(langRm))
	h.click(voters[1], langRm, open)
	after, _ := h.fd.Message(vote.ID)
	want = "**Zugfrist abgelaufen.** Ihr habt den Platz von " + name + " geöffnet (Platz " + strconv.Itoa(seat+1) + ")"
	must(t, strings.HasPrefix(after.Content, want) && len(after.Components) == 0, "the decided vote: %q, want it to begin %q", after.Content, want)
	got = publicSince(h, langRm, n)
	must(t, len(got) == 1 && got[0].Content == bot.Say(de, "discord.vote.seat-open", "n", strconv.Itoa(seat+1), "name", name),
		"the open seat: %+v", got)
	r = h.click(carol, langRm, bot.Say(de, "discord.vote.take-seat"))
	want = "<@" + carol + "> spielt jetzt Platz " + strconv.Itoa(seat+1) + " anstelle von " + name + ". `/hand` zeigt deine Hand. Du bist dran."
	must(t, !r.Ephemeral() && r.Content == want, "carol takes the seat: %q, want %q", r.Content, want)

	// /replace's refusal is in the reader's language.
	r = h.cmd(franck, langRm, "replace", fakediscord.Int("seat", 1))
	must(t, r.Ephemeral() && r.Content == bot.Say(lang.French, "discord.replace.either"), "franck's /replace: %q", r.Content)

	// /clock words the settings in the reader's language (the match's
	// language is named after them, in the reader's language too).
	for _, tc := range []struct{ user, want string }{
		{franck, "Cette partie\u00a0: pas de rappels\u00a0; un délai de 1\u00a0jour pour jouer, après lequel les autres votent\u00a0: attendre encore, jouer le coup par défaut de la place, l’ouvrir à un remplaçant ou laisser l’ordinateur la jouer."},
		{dieter, "Diese Partie: keine Erinnerungen; eine Zugfrist von 1 Tag, nach der die anderen abstimmen: länger warten, den Standardzug des Platzes spielen, ihn für Ersatz öffnen oder den Computer spielen lassen."},
		{alice, "This match: no reminders; a turn deadline of 1 day, after which the other players vote to wait longer, play the seat's default move, open it to a substitute or let the computer play it."},
	} {
		r = h.cmd(tc.user, langRm, "clock")
		must(t, r.Ephemeral() && strings.HasPrefix(r.Content, tc.want), "%s's /clock: %q, want it to begin %q", tc.user, r.Content, tc.want)
	}
}
