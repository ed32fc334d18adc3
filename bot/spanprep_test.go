package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestSpanAfterPreposition: a length of time after a preposition is
// worded from span.prep.*, which German writes in the dative its
// prepositions take ("seit 3 Tagen", "seit weniger als einer Minute");
// English and French read as SpanIn.
func TestSpanAfterPreposition(t *testing.T) {
	day := 24 * time.Hour
	for _, c := range []struct {
		l          lang.Lang
		d          time.Duration
		plain, pre string
	}{
		{lang.German, 3 * day, "3 Tage", "3 Tagen"},
		{lang.German, day + 2*time.Hour, "1 Tag 2 Stunden", "1 Tag 2 Stunden"},
		{lang.German, 9 * day, "1 Woche 2 Tage", "1 Woche 2 Tagen"},
		{lang.English, 3 * day, "3 days", "3 days"},
		{lang.French, 3 * day, "3\u00a0jours", "3\u00a0jours"},
	} {
		if got := bot.SpanIn(c.l, c.d); got != c.plain {
			t.Errorf("%s SpanIn(%v) = %q, want %q", c.l, c.d, got, c.plain)
		}
		if got := bot.SpanPrepIn(c.l, c.d); got != c.pre {
			t.Errorf("%s SpanPrepIn(%v) = %q, want %q", c.l, c.d, got, c.pre)
		}
	}
	if got, want := bot.WaitedPrepIn(lang.German, 10*time.Second), "weniger als einer Minute"; got != want {
		t.Errorf("German WaitedPrepIn: %q, want %q", got, want)
	}
	if got, want := bot.WaitedPrepIn(lang.English, 10*time.Second), bot.Waited(10*time.Second); got != want {
		t.Errorf("English WaitedPrepIn: %q, want %q", got, want)
	}
	// The clock's sentence puts both lengths after a preposition.
	text := bot.ClockSettings{Remind: 3 * day, Deadline: 5 * day, OnDeadline: bot.DeadlineRemind}.TextIn(lang.German)
	for _, want := range []string{"im Abstand von 3 Tagen", "eine Zugfrist von 5 Tagen"} {
		if !strings.Contains(text, want) {
			t.Errorf("German clock text %q lacks %q", text, want)
		}
	}
	c := bot.ClockSettings{Remind: 3 * day}
	if got, want := c.TextIn(lang.English), c.Text(); got != want {
		t.Errorf("English clock text %q, want %q", got, want)
	}
}
