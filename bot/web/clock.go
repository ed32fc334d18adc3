package web

import (
	"context"
	"net/http"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// The playground runs the same turn clock as the Discord bot
// (bot.Service.FireDue): reminders, deadlines and the abandon limit fire
// here too, and what they change is kept with the match. Having no one to
// ping, the page shows it instead: the standings say that the seat to
// move was reminded or that its deadline passed, and the status bar
// carries the warning that the match is about to end as abandoned, then
// that it did.

// clockEvery is how often the playground asks for due matches (as the
// Discord bot does).
const clockEvery = 30 * time.Second

// runClock runs the turn clock every clockEvery until ctx is done.
func (s *Server) runClock(ctx context.Context) {
	t := time.NewTicker(clockEvery)
	defer t.Stop()
	for {
		if _, err := s.FireDue(ctx); err != nil && ctx.Err() == nil {
			s.log.ErrorContext(ctx, "playground: turn clock", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// FireDue deals with the playground's matches whose turn clocks are due
// now (one pass of the scheduler ListenAndServe runs) and returns what
// fired. Nothing is sent anywhere: the matches keep it, and the page
// shows it. Other front ends' matches in a shared store are left to them.
func (s *Server) FireDue(ctx context.Context) ([]bot.Reminder, error) {
	var all []bot.Reminder
	for range 20 { // a backlog after downtime comes in batches
		rs, err := s.svc.FireDueIn(ctx, s.owner, channelPrefix, 50)
		for _, r := range rs {
			s.log.InfoContext(ctx, "playground: turn clock", "match", r.Match.ID, "kind", r.Kind, "seat", r.Seat)
		}
		all = append(all, rs...)
		if err != nil || len(rs) == 0 {
			return all, err
		}
	}
	return all, nil
}

// abandonNotice is what the status bar says of the abandon limit (the
// core's words, bot.AbandonState.NoticeIn, as Discord's /status has them)
// in l. English names the day and month in words; the other languages
// read the date in numbers (Go's time formats know only English names).
func abandonNotice(a bot.AbandonState, l lang.Lang) string {
	layout := "Mon 2 Jan 15:04 MST"
	if l != lang.English {
		layout = "2006-01-02 15:04 MST"
	}
	return a.NoticeIn(l, func(t time.Time) string { return t.UTC().Format(layout) })
}

// reminded is what the standings add for a seat's reminders and deadline.
func reminded(w bot.SeatWait, l lang.Lang) string {
	var out string
	switch {
	case w.Reminders == 1:
		out = say(l, "web.wait.reminded-once")
	case w.Reminders > 1:
		out = say(l, "web.wait.reminded", "n", l.Int(w.Reminders))
	}
	if w.Deadlined {
		out += say(l, "web.wait.deadline")
	}
	return out
}

// when writes a time for the page: the English form as before, elsewhere
// day, month and time in figures.
func when(t time.Time, l lang.Lang) string {
	switch l {
	case lang.German:
		return t.UTC().Format("2.1. 15:04 MST")
	case lang.French:
		return t.UTC().Format("2/1 15:04 MST")
	}
	return t.UTC().Format("Mon 2 Jan 15:04 MST")
}

// waitJSON is one seat's turn clock as the page shows it, from the same
// service call as Discord's /status (bot.Service.Waits).
type waitJSON struct {
	Seat int `json:"seat"`
	// Text is the seat's clock in words: "waiting 2 hours", "away until
	// ..."; empty when there is nothing to say.
	Text         string    `json:"text,omitempty"`
	Waiting      bool      `json:"waiting"`
	WaitedSecs   int64     `json:"waited_secs,omitempty"`
	NextReminder time.Time `json:"next_reminder,omitzero"`
	NextDeadline time.Time `json:"next_deadline,omitzero"`
	AwayUntil    time.Time `json:"away_until,omitzero"`
}

// withWaits is the match's summary with its seats' clocks. A failure to
// read them (a player's preferences) leaves them out rather than failing
// the page.
func (s *Server) withWaits(ctx context.Context, m bot.Match, l lang.Lang) matchJSON {
	out := summary(m, l)
	if due := s.svc.ComputerDue(m); !due.IsZero() {
		ms := max(0, due.Sub(s.svc.Now()).Milliseconds())
		out.ComputerIn = &ms
	}
	out.Notice = abandonNotice(s.svc.Abandon(m), l)
	out.Clock = clockOf(m, l)
	ws, err := s.svc.Waits(ctx, m)
	if err != nil {
		s.log.WarnContext(ctx, "playground: seat clocks", "match", m.ID, "err", err)
		return out
	}
	for _, w := range ws {
		j := waitJSON{Seat: w.Seat, Waiting: w.Waiting, NextReminder: w.NextReminder, NextDeadline: w.NextDeadline, AwayUntil: w.AwayUntil}
		if w.Waiting {
			j.WaitedSecs = int64(w.Waited / time.Second)
			j.Text = say(l, "web.wait.waiting", "span", bot.WaitedPrepIn(l, w.Waited)) + reminded(w, l)
		}
		if !w.AwayUntil.IsZero() {
			if j.Text != "" {
				j.Text += ", "
			}
			j.Text += say(l, "web.wait.away", "when", when(w.AwayUntil, l))
		}
		out.Waits = append(out.Waits, j)
	}
	return out
}

// clockJSON is a match's clock settings for the page's form: each as the
// form's field takes it, in the reader's units (bot.SpanInputIn: "1d" in
// English, "1T" in German, "1j" in French), and in the core's words.
type clockJSON struct {
	Remind     string `json:"remind"`
	Deadline   string `json:"deadline"`
	AtDeadline string `json:"at_deadline"`
	Text       string `json:"text"`
	// Open is set while the settings can change (the match is open).
	Open bool `json:"open"`
}

func clockOf(m bot.Match, l lang.Lang) *clockJSON {
	c := m.Clock.Settings
	at := c.OnDeadline
	if at == "" {
		at = bot.DeadlineRemind
	}
	return &clockJSON{Remind: bot.SpanInputIn(l, c.Remind), Deadline: bot.SpanInputIn(l, c.Deadline), AtDeadline: at, Text: clockText(c, l), Open: m.Status.Open()}
}

// clockText is what the settings do, in words: the core's
// (ClockSettings.TextIn), the same sentence /clock shows on Discord.
func clockText(c bot.ClockSettings, l lang.Lang) string { return c.TextIn(l) }

// clockReq changes a match's clock settings; a field left out stays.
type clockReq struct {
	Remind     *string `json:"remind"`
	Deadline   *string `json:"deadline"`
	AtDeadline *string `json:"at_deadline"`
}

// setClock changes a match's clock settings through the core call
// Discord's /clock makes (bot.ChangeClock, bot.Service.SetClock), with
// its refusals. The playground is one table whose user plays every seat,
// so it may change any of its matches, as a Discord moderator may.
func (s *Server) setClock(w http.ResponseWriter, r *http.Request) {
	var req clockReq
	if err := decode(w, r, 1<<12, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	m, err := s.ownMatch(r)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	c, err := bot.ChangeClock(m.Clock.Settings, req.Remind, req.Deadline, req.AtDeadline)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if c.OnDeadline == bot.DeadlineReplace && m.Clock.Settings.OnDeadline != bot.DeadlineReplace {
		s.fail(w, r, bot.Refusal(bot.KindInvalid, "detail.playground-vote"))
		return
	}
	if m, err = s.svc.SetClock(ctx, bot.ByID(m.ID), hotseat(0, "").ID, true, c); err != nil {
		s.fail(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, s.withWaits(ctx, m, langOf(r)))
}
