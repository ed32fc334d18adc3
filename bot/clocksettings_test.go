package bot_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
)

// TestChangeClock: the settings a person typed, as Discord's /clock and the
// playground's form read them, with the same refusals.
func TestChangeClock(t *testing.T) {
	str := func(s string) *string { return &s }
	base := bot.ClockSettings{Remind: 24 * time.Hour}
	c, err := bot.ChangeClock(base, str("12h"), str("3d"), str("replace"))
	if err != nil || c != (bot.ClockSettings{Remind: 12 * time.Hour, Deadline: 72 * time.Hour, OnDeadline: bot.DeadlineReplace}) {
		t.Fatalf("a full change: %+v, %v", c, err)
	}
	if c, err := bot.ChangeClock(c, nil, str("off"), nil); err != nil || c.Remind != 12*time.Hour || c.Deadline != 0 || c.OnDeadline != bot.DeadlineReplace {
		t.Fatalf("only the deadline: %+v, %v", c, err)
	}
	for _, bad := range []struct{ remind, deadline, at, want string }{
		{"5m", "off", "", "a reminder interval is from 1 hour to 2 weeks, or off; 5 minutes is not"},
		{"12h", "1h", "", "a turn deadline is from 12 hours to 4 weeks 2 days, or off; 1 hour is not"},
		{"soon", "off", "", `"soon" is not a length of time`},
		{"12h", "3d", "wait", `at a deadline the match can remind or replace, not "wait"`},
	} {
		_, err := bot.ChangeClock(base, str(bad.remind), str(bad.deadline), str(bad.at))
		if !errors.Is(err, bot.ErrBadRequest) || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%+v: %v, want %q", bad, err, bad.want)
		}
	}
	if got := c.Text(); got != "a reminder to whoever must move every 12 hours (never while they are away or in their quiet hours); a turn deadline of 3 days, after which the other players vote to wait longer, play the seat's default move, open it to a substitute or let the computer play it." {
		t.Errorf("Text: %q", got)
	}
	for d, want := range map[time.Duration]string{0: "off", 12 * time.Hour: "12h", 36 * time.Hour: "1d12h", 14 * 24 * time.Hour: "2w", 90 * time.Minute: "1h30m"} {
		got := bot.SpanInput(d)
		back, err := bot.ParseSpan(got)
		if got != want || err != nil || back != d {
			t.Errorf("SpanInput(%v) = %q (read back %v, %v), want %q", d, got, back, err, want)
		}
	}
}
