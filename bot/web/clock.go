package web

import (
	"context"
	"fmt"
	"time"

	"github.com/smokestack/smokestack/bot"
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
// core's words, bot.AbandonState.Notice, as Discord's /status has them).
func abandonNotice(a bot.AbandonState) string {
	return a.Notice(func(t time.Time) string { return t.UTC().Format("Mon 2 Jan 15:04 MST") })
}

// reminded is what the standings add for a seat's reminders and deadline.
func reminded(w bot.SeatWait) string {
	var out string
	switch {
	case w.Reminders == 1:
		out = ", reminded once"
	case w.Reminders > 1:
		out = fmt.Sprintf(", reminded %d times", w.Reminders)
	}
	if w.Deadlined {
		out += ", deadline passed"
	}
	return out
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
func (s *Server) withWaits(ctx context.Context, m bot.Match) matchJSON {
	out := summary(m)
	out.Notice = abandonNotice(s.svc.Abandon(m))
	ws, err := s.svc.Waits(ctx, m)
	if err != nil {
		s.log.WarnContext(ctx, "playground: seat clocks", "match", m.ID, "err", err)
		return out
	}
	for _, w := range ws {
		j := waitJSON{Seat: w.Seat, Waiting: w.Waiting, NextReminder: w.NextReminder, NextDeadline: w.NextDeadline, AwayUntil: w.AwayUntil}
		if w.Waiting {
			j.WaitedSecs = int64(w.Waited / time.Second)
			j.Text = "waiting " + bot.Waited(w.Waited) + reminded(w)
		}
		if !w.AwayUntil.IsZero() {
			if j.Text != "" {
				j.Text += ", "
			}
			j.Text += "away until " + w.AwayUntil.UTC().Format("Mon 2 Jan 15:04 MST")
		}
		out.Waits = append(out.Waits, j)
	}
	return out
}
