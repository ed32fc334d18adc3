package discord

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// The play-by-post commands (/clock, /away, /back, /quiet) and the
// reminders: the turn clock itself is the core's (bot.Service.FireDue);
// this file words it for Discord and delivers the reminders.

// serverPerms may change a server's defaults (/clock server:true).
const serverPerms = discordgo.PermissionManageGuild | discordgo.PermissionAdministrator

// clockEvery is how often the bot asks the core for due reminders
// unless Config.ClockEvery says otherwise.
const clockEvery = 30 * time.Second

// remindBatch bounds the matches one round of reminders deals with.
const remindBatch = 50

func (b *Bot) clockCommands() []command {
	str := func(name, desc string, required bool) *discordgo.ApplicationCommandOption {
		return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: name, Description: desc, Required: required}
	}
	def := func(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
		return &discordgo.ApplicationCommand{Name: name, Description: desc, Type: discordgo.ChatApplicationCommand, Options: opts}
	}
	one := 1.0
	return []command{
		{def: def("clock", "Show or change the reminders and deadline of this match (its creator or Manage Channels)",
			str("remind", "Time between reminders to whoever must move: 12h, 2d ... or off", false),
			str("deadline", "Turn deadline: 3d, 1w ... or off", false),
			onDeadline(),
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionBoolean, Name: "server",
				Description: "Change this server's default for new matches instead (Manage Server)"},
			languageOption("Language of the match's posts (with server: of new matches on this server)"),
		), run: b.clockCmd, private: true},
		{def: def("away", "Pause your reminders in every match until a date or for a while",
			str("until", "A date (2026-12-24, UTC or your quiet hours' time zone) or a length of time (3d, 1w)", true),
		), run: b.away, private: true},
		{def: def("back", "End your absence, and take your seats back from the computer"), run: b.back, private: true},
		{def: def("replace", "Hand a seat to another player or a computer (the creator, Manage Channels, or the seat's player)",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionInteger, Name: "seat", Description: "The seat's number", Required: true, MinValue: &one, MaxValue: float64(b.mostSeats())},
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: "user", Description: "Who takes the seat"},
			computerLevel("computer", "Or a computer player at this level takes it"),
		), run: b.orThread(b.replace)},
		{def: def("notify", "Where your reminders come: in the match's channel, or as a direct message",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "via", Description: "Where", Required: true,
				Choices: []*discordgo.ApplicationCommandOptionChoice{
					{Name: "the match's channel", Value: "channel"},
					{Name: "a direct message", Value: "dm"},
				}},
		), run: b.notify, private: true},
		{def: def("quiet", "Hours without reminders for you, every day, in your time zone",
			str("hours", "From-to in 24-hour time, like 22-7 or 22:30-07:00; off to remove them", true),
			str("zone", "Your time zone, like Europe/Berlin or America/New_York (default UTC)", false),
		), run: b.quiet, private: true},
	}
}

func serverKey(guildID string) string { return "discord:" + guildID }

// playClock is the clock settings of a new match: the server's
// defaults, changed by /play's remind, deadline and at-deadline options.
func (b *Bot) playClock(ctx context.Context, r *Request) (bot.ClockSettings, error) {
	c, err := b.svc.ServerClock(ctx, serverKey(r.I.GuildID))
	if err != nil {
		return c, err
	}
	c, _, err = clockOptions(r, c)
	return c, err
}

// clockCmd is /clock.
func (b *Bot) clockCmd(ctx context.Context, r *Request) (*Response, error) {
	if o, ok := options(r)["server"]; ok && o.BoolValue() {
		if r.I.GuildID == "" {
			return private(say(r.lang(), "discord.clock.server-dm")), nil
		}
		c, err := b.svc.ServerClock(ctx, serverKey(r.I.GuildID))
		if err != nil {
			return nil, err
		}
		c, set, err := clockOptions(r, c)
		if err != nil {
			return nil, err
		}
		l, setLang, err := givenLang(r)
		if err != nil {
			return nil, err
		}
		if !set && !setLang {
			text := say(r.lang(), "discord.clock.server", "settings", c.TextIn(r.lang()))
			if l, err := b.guildLang(ctx, r); err == nil && l != lang.English {
				text += " " + say(r.lang(), "discord.language.server", "lang", l.Name())
			}
			return private(text), nil
		}
		if r.Perms&serverPerms == 0 {
			return private(say(r.lang(), "discord.clock.server-perms")), nil
		}
		var text []string
		if set {
			if err := b.svc.SetServerClock(ctx, serverKey(r.I.GuildID), c); err != nil {
				return nil, err
			}
			text = append(text, say(r.lang(), "discord.clock.server-set", "settings", c.TextIn(r.lang())))
		}
		if setLang {
			if err := b.svc.SetServerLang(ctx, serverKey(r.I.GuildID), l); err != nil {
				return nil, err
			}
			text = append(text, say(r.lang(), "discord.language.server-set", "lang", l.Name()))
		}
		return private(strings.Join(text, "\n")), nil
	}
	m, err := b.svc.Get(ctx, bot.InChannel(r.key()))
	if err != nil {
		return nil, err
	}
	c, set, err := clockOptions(r, m.Clock.Settings)
	if err != nil {
		return nil, err
	}
	l, setLang, err := givenLang(r)
	if err != nil {
		return nil, err
	}
	if set {
		if m, err = b.svc.SetClock(ctx, bot.InChannel(r.key()), r.User.ID, r.Perms&moderatorPerms != 0, c); err != nil {
			return nil, err
		}
	}
	if setLang {
		if m, err = b.svc.SetLang(ctx, bot.InChannel(r.key()), r.User.ID, r.Perms&moderatorPerms != 0, l); err != nil {
			return nil, err
		}
	}
	text := say(r.lang(), "discord.clock.match", "settings", m.Clock.Settings.TextIn(r.lang()))
	if setLang {
		text += " " + say(r.lang(), "discord.language.match-set", "lang", m.Lang.Name())
	} else if m.Lang != lang.English {
		text += " " + say(r.lang(), "discord.language.match", "lang", m.Lang.Name())
	}
	return private(text), nil
}

// away is /away.
func (b *Bot) away(ctx context.Context, r *Request) (*Response, error) {
	text := options(r)["until"].StringValue()
	p, err := b.svc.UserPrefs(ctx, r.User.ID)
	if err != nil {
		return nil, err
	}
	until, err := awayUntil(text, b.svc.Now(), p)
	if err != nil {
		return nil, err
	}
	if _, err := b.svc.SetAway(ctx, r.User.ID, until); err != nil {
		return nil, err
	}
	return private(say(r.lang(), "discord.prefs.away", "at", when(until))), nil
}

// awayUntil reads /away's until: a date (midnight at its start, in the
// time zone of the player's quiet hours or UTC), a date and time, or a
// length of time from now.
func awayUntil(text string, now time.Time, p bot.UserPrefs) (time.Time, error) {
	text = strings.TrimSpace(text)
	loc := time.UTC
	if p.Quiet != nil {
		if l, err := time.LoadLocation(p.Quiet.Zone); err == nil {
			loc = l
		}
	}
	for _, layout := range []string{"2006-01-02", "2006-01-02 15:04", "2006-01-02T15:04"} {
		if t, err := time.ParseInLocation(layout, text, loc); err == nil {
			return t, nil
		}
	}
	d, err := bot.ParseSpan(text)
	if err != nil {
		return time.Time{}, refusal(bot.KindInvalid, "discord.detail.date", "text", bot.Echoed(clip(text, 40)))
	}
	return now.Add(d), nil
}

// when is a time as Discord shows it to each reader, in their own time
// zone and language, with how far off it is.
func when(t time.Time) string {
	return fmt.Sprintf("<t:%d:f> (<t:%d:R>)", t.Unix(), t.Unix())
}

// back is /back.
func (b *Bot) back(ctx context.Context, r *Request) (*Response, error) {
	p, err := b.svc.UserPrefs(ctx, r.User.ID)
	if err != nil {
		return nil, err
	}
	if !p.Away(b.svc.Now()) {
		n, err := b.svc.Reclaim(ctx, r.User.ID)
		if err != nil {
			return nil, err
		}
		if n > 0 {
			return private(say(r.lang(), "discord.prefs.back-reclaimed", "matches", say(r.lang(), "discord.prefs.matches", "count", strconv.Itoa(n)))), nil
		}
		return private(say(r.lang(), "discord.prefs.not-away")), nil
	}
	if _, err := b.svc.Back(ctx, r.User.ID); err != nil {
		return nil, err
	}
	return private(say(r.lang(), "discord.prefs.back")), nil
}

// notify is /notify.
func (b *Bot) notify(ctx context.Context, r *Request) (*Response, error) {
	dm := options(r)["via"].StringValue() == "dm"
	if _, err := b.svc.SetDM(ctx, r.User.ID, dm); err != nil {
		return nil, err
	}
	if dm {
		return private(say(r.lang(), "discord.prefs.notify-dm")), nil
	}
	return private(say(r.lang(), "discord.prefs.notify-channel")), nil
}

// quiet is /quiet.
func (b *Bot) quiet(ctx context.Context, r *Request) (*Response, error) {
	opts := options(r)
	hours := strings.TrimSpace(opts["hours"].StringValue())
	if bot.IsOff(hours) {
		if _, err := b.svc.SetQuiet(ctx, r.User.ID, nil); err != nil {
			return nil, err
		}
		return private(say(r.lang(), "discord.prefs.quiet-off")), nil
	}
	zone := ""
	if o, ok := opts["zone"]; ok {
		zone = o.StringValue()
	}
	q, err := bot.ParseQuiet(hours, zone)
	if err != nil {
		return nil, err
	}
	if _, err := b.svc.SetQuiet(ctx, r.User.ID, &q); err != nil {
		return nil, err
	}
	return private(say(r.lang(), "discord.prefs.quiet-set",
		"from", fmt.Sprintf("%02d:%02d", q.From/60, q.From%60), "to", fmt.Sprintf("%02d:%02d", q.To/60, q.To%60), "zone", q.Zone)), nil
}

// waitLines is each seat's clock for /status: how long it has waited,
// its next reminder, or that its player is away.
func (b *Bot) waitLines(ctx context.Context, m bot.Match, l lang.Lang) (map[int]string, error) {
	waits, err := b.svc.Waits(ctx, m)
	if err != nil {
		return nil, err
	}
	out := map[int]string{}
	for _, w := range waits {
		var parts []string
		if w.Waiting {
			parts = append(parts, say(l, "discord.wait.waiting", "span", bot.WaitedIn(l, w.Waited)))
			if !w.NextReminder.IsZero() {
				parts = append(parts, say(l, "discord.wait.reminder", "at", fmt.Sprintf("<t:%d:R>", w.NextReminder.Unix())))
			}
			if !w.NextDeadline.IsZero() {
				parts = append(parts, say(l, "discord.wait.deadline", "at", fmt.Sprintf("<t:%d:R>", w.NextDeadline.Unix())))
			}
		}
		if !w.AwayUntil.IsZero() {
			parts = append(parts, say(l, "discord.wait.away", "at", fmt.Sprintf("<t:%d:f>", w.AwayUntil.Unix())))
		}
		if len(parts) > 0 {
			out[w.Seat] = strings.Join(parts, ", ")
		}
	}
	return out, nil
}

// newOwner names this process to the store's scheduler.
func newOwner() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return "discord-" + hex.EncodeToString(b[:])
}

// runClock sends the due reminders every Config.ClockEvery until ctx is
// done.
func (b *Bot) runClock(ctx context.Context) {
	t := time.NewTicker(b.cfg.ClockEvery)
	defer t.Stop()
	ch := make(chan struct{}, 1)
	b.waker.mu.Lock()
	b.waker.ch = ch
	b.waker.mu.Unlock()
	for {
		b.remind(ctx)
	wait:
		for {
			// A computer's move due sooner than the next round wakes the
			// clock at its time (Bot.wake).
			select {
			case <-ctx.Done():
				return
			case <-t.C:
				break wait
			case <-b.wakeTimer():
				b.woken()
				break wait
			case <-ch: // a sooner wake-up: wait for it instead
			}
		}
	}
}

// remind sends the reminders due now: each one message in its match's
// channel (or thread) that pings exactly the player who must act, with
// the "Take your turn" button.
func (b *Bot) remind(ctx context.Context) {
	for range 20 { // a backlog after downtime comes in batches
		rs, err := b.svc.FireDue(ctx, b.owner, remindBatch)
		if err != nil {
			b.log.ErrorContext(ctx, "bot: reminders", "err", b.redactErr(err))
		}
		for _, r := range rs {
			b.sendReminder(ctx, r)
		}
		if len(rs) == 0 || err != nil {
			return
		}
	}
}

func (b *Bot) sendReminder(ctx context.Context, r bot.Reminder) {
	channel, ok := strings.CutPrefix(r.Match.Channel, "discord:")
	if !ok {
		return // another front end's match
	}
	if msg := abandonMessage(r); msg != nil {
		if _, err := b.api.ChannelMessageSendComplex(channel, msg, discordgo.WithContext(ctx)); err != nil {
			b.log.ErrorContext(ctx, "bot: abandon notice not delivered", "match", r.Match.ID, "channel", channel, "err", b.redactErr(err))
		}
		return
	}
	if r.Kind == bot.ReminderUndoExpired {
		b.undoExpired(ctx, r, channel)
		return
	}
	if r.Kind == bot.ReminderComputer {
		b.postComputerMoves(ctx, channel, r.Moves)
		return
	}
	user, uok := strings.CutPrefix(r.UserID, "discord:")
	if !uok || !inPlay(r.Match) {
		return
	}
	var msg *discordgo.MessageSend
	switch r.Kind {
	case bot.ReminderVote:
		msg = voteMessage(r)
	default:
		if r.DM && b.sendDM(ctx, r, user, channel) {
			return
		}
		w := r.Match.Words()
		id := "discord.remind.waiting"
		if r.Kind == bot.ReminderDeadline {
			id = "discord.remind.deadline"
		}
		text := say(w.Lang, id, "who", "<@"+user+">", "game", w.GameName(), "span", bot.SpanIn(w.Lang, r.Waited))
		msg = &discordgo.MessageSend{
			Content:         text,
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: []string{user}},
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: say(w.Lang, "discord.turn.take"), Style: discordgo.PrimaryButton,
					CustomID: customID{Action: "turn", Match: r.Match.ID, Version: r.Match.Version}.String()},
			}}},
		}
	}
	if _, err := b.api.ChannelMessageSendComplex(channel, msg, discordgo.WithContext(ctx)); err != nil {
		b.log.ErrorContext(ctx, "bot: reminder not delivered", "match", r.Match.ID, "channel", channel, "err", b.redactErr(err))
	}
}

// onDeadline is the option that picks what happens at a deadline.
func onDeadline() *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionString, Name: "at-deadline",
		Description: "At the deadline: remind the player, or the others vote (wait, default move, open seat, computer)",
		Choices: []*discordgo.ApplicationCommandOptionChoice{
			{Name: "remind the player", Value: bot.DeadlineRemind},
			{Name: "the others vote", Value: bot.DeadlineReplace},
		}}
}

// clockOptions applies /play's and /clock's remind, deadline and
// at-deadline options to c (bot.ChangeClock, as the playground's form),
// and says whether any was given.
func clockOptions(r *Request, c bot.ClockSettings) (bot.ClockSettings, bool, error) {
	opts := options(r)
	var given [3]*string
	for i, name := range []string{"remind", "deadline", "at-deadline"} {
		if o, ok := opts[name]; ok {
			v := o.StringValue()
			given[i] = &v
		}
	}
	c, err := bot.ChangeClock(c, given[0], given[1], given[2])
	return c, given != [3]*string{}, err
}

// abandonMessage is the warning to every seat that the match is about to
// end as abandoned (it pings them all), or the notice that it has (it
// pings nobody); nil for another kind of reminder.
func abandonMessage(r bot.Reminder) *discordgo.MessageSend {
	m := r.Match
	switch r.Kind {
	case bot.ReminderAbandonWarning:
		var users, mentions []string
		for _, st := range m.Seats {
			if id, ok := strings.CutPrefix(st.UserID, "discord:"); ok && !containsStr(users, id) {
				users = append(users, id)
				mentions = append(mentions, "<@"+id+">")
			}
		}
		w := m.Words()
		id := "discord.remind.abandon-move"
		if m.Status == bot.StatusLobby {
			id = "discord.remind.abandon-start"
		}
		msg := &discordgo.MessageSend{
			Content: clip(say(w.Lang, id, "who", strings.Join(mentions, ", "), "game", w.GameName(),
				"span", bot.SpanPrepIn(w.Lang, r.Waited), "at", fmt.Sprintf("<t:%d:R>", r.Ends.Unix())), 2000),
			AllowedMentions: &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}, Users: users},
		}
		if m.Status == bot.StatusActive {
			// Or the computers finish it (bot.Service.ComputersFinish).
			msg.Content = clip(msg.Content+" "+say(w.Lang, "discord.remind.abandon-finish"), 2000)
			msg.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: say(w.Lang, "discord.remind.finish"), Style: discordgo.SecondaryButton, CustomID: customID{Action: "finish", Match: m.ID}.String()},
			}}}
		}
		return msg
	case bot.ReminderAbandoned:
		w := m.Words()
		return &discordgo.MessageSend{
			Content:         say(w.Lang, m.Place.ID("discord.remind.abandoned"), "game", w.GameName(), "span", bot.SpanPrepIn(w.Lang, r.Waited)),
			AllowedMentions: noPings(),
		}
	}
	return nil
}

// awayLine names the players to act who are away, for the board post,
// in l: "bob is away until ..."; empty when none is.
func (b *Bot) awayLine(m bot.Match, l lang.Lang) string {
	if !inPlay(m) {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	waits, err := b.svc.Waits(ctx, m)
	if err != nil {
		b.log.WarnContext(ctx, "bot: seat clocks for the board post", "match", m.ID, "err", b.redactErr(err))
		return ""
	}
	var parts []string
	for _, w := range waits {
		if w.Waiting && !w.AwayUntil.IsZero() {
			parts = append(parts, say(l, "discord.remind.away", "who", m.Seats[w.Seat].NameIn(l), "at", fmt.Sprintf("<t:%d:f>", w.AwayUntil.Unix())))
		}
	}
	return strings.Join(parts, " ")
}

// sendDM sends a reminder as a direct message: the bot opens (or finds)
// its DM channel with the player first, as Discord requires. It reports
// whether the message went out; a player who accepts no DMs (403, 50007)
// gets the reminder in the channel instead.
func (b *Bot) sendDM(ctx context.Context, r bot.Reminder, user, channel string) bool {
	dm, err := b.api.UserChannelCreate(user, discordgo.WithContext(ctx))
	if err == nil {
		w := r.Match.Words()
		id := "discord.remind.dm-waiting"
		if r.Kind == bot.ReminderDeadline {
			id = "discord.remind.dm-deadline"
		}
		text := say(w.Lang, id, "game", w.GameName(), "channel", "<#"+channel+">", "span", bot.SpanIn(w.Lang, r.Waited))
		_, err = b.api.ChannelMessageSendComplex(dm.ID, &discordgo.MessageSend{
			Content:         text,
			AllowedMentions: noPings(),
			Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
				discordgo.Button{Label: say(w.Lang, "discord.turn.take"), Style: discordgo.PrimaryButton,
					CustomID: customID{Action: "turn", Match: r.Match.ID, Version: r.Match.Version}.String()},
			}}},
		}, discordgo.WithContext(ctx))
	}
	if err != nil {
		b.log.WarnContext(ctx, "bot: reminder by direct message refused; sent in the channel", "match", r.Match.ID, "err", b.redactErr(err))
		return false
	}
	return true
}
