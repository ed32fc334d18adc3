package web

import (
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestWaitedWords: the page says how long a seat has waited in the bot's
// words, after "waiting" / "wartet seit" / "attend depuis": German in the
// dative, at most two units, rounded down.
func TestWaitedWords(t *testing.T) {
	for _, c := range []struct {
		l    lang.Lang
		d    time.Duration
		want string
	}{
		{lang.English, 3*24*time.Hour + 5*time.Hour, "waiting 3 days 5 hours"},
		{lang.English, 20 * time.Second, "waiting less than a minute"},
		{lang.German, 3 * 24 * time.Hour, "wartet seit 3 Tagen"},
		{lang.German, 20 * time.Second, "wartet seit weniger als einer Minute"},
		{lang.German, 8*24*time.Hour + 2*time.Hour, "wartet seit 1 Woche 1 Tag"},
		{lang.French, 2 * time.Hour, "attend depuis 2\u00a0heures"},
	} {
		if got := say(c.l, "web.wait.waiting", "span", bot.WaitedPrepIn(c.l, c.d)); got != c.want {
			t.Errorf("%s, %v: %q, want %q", c.l, c.d, got, c.want)
		}
	}
}
