package web

import (
	"context"
	"time"

	"github.com/smokestack/smokestack/bot"
)

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
	ws, err := s.svc.Waits(ctx, m)
	if err != nil {
		s.log.WarnContext(ctx, "playground: seat clocks", "match", m.ID, "err", err)
		return out
	}
	for _, w := range ws {
		j := waitJSON{Seat: w.Seat, Waiting: w.Waiting, NextReminder: w.NextReminder, NextDeadline: w.NextDeadline, AwayUntil: w.AwayUntil}
		if w.Waiting {
			j.WaitedSecs = int64(w.Waited / time.Second)
			j.Text = "waiting " + bot.Waited(w.Waited)
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
