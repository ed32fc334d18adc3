package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/embedded"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// fakeClock is the time of a test, moved by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

// Monday 2 March 2026, 09:00 UTC.
func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func (c *fakeClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}

func clockService(t testing.TB, st storage.Store, clock *fakeClock) *bot.Service {
	t.Helper()
	svc, err := bot.New(bot.Config{Games: engine.NewRegistry(testgame.Game{}), Store: st, Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

// clockMatch starts a Pebbles match between Alice and Bob with reminders
// every remind.
func clockMatch(t testing.TB, svc *bot.Service, channel string, remind time.Duration) bot.Match {
	t.Helper()
	ctx := context.Background()
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: channel, Game: "pebbles", Creator: alice, Seed: 7,
		Pins: map[string]string{"deck": "1,2,3,1,2,3,1,2,3,1,2,3,1,2,3"}, Options: map[string]string{"pile": "40"},
		Clock: bot.ClockSettings{Remind: remind}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.ByID(m.ID), bob); err != nil {
		t.Fatal(err)
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	return o.Match
}

// playAny plays the first legal move of the seat to act.
func playAny(t testing.TB, svc *bot.Service, id string) bot.Outcome {
	t.Helper()
	ctx := context.Background()
	m, err := svc.Get(ctx, bot.ByID(id))
	if err != nil {
		t.Fatal(err)
	}
	user := m.Seats[m.Play.Active[0]].UserID
	move := ""
	for {
		ch, _, err := svc.Choices(ctx, bot.ByID(id), user, move)
		if err != nil {
			t.Fatal(err)
		}
		if ch.Complete || len(ch.Next) == 0 {
			break
		}
		if move != "" {
			move += " "
		}
		move += ch.Next[0].Token
	}
	o, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(id), UserID: user, Move: move})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func fire(t testing.TB, svc *bot.Service, owner string) []bot.Reminder {
	t.Helper()
	rs, err := svc.FireDue(context.Background(), owner, 50)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

// wantReminders checks the reminders as "user@seat waited" strings.
func wantReminders(t testing.TB, what string, got []bot.Reminder, want ...string) {
	t.Helper()
	var g []string
	for _, r := range got {
		g = append(g, fmt.Sprintf("%s %s", r.UserID, bot.Span(r.Waited)))
	}
	if fmt.Sprint(g) != fmt.Sprint(want) {
		t.Fatalf("%s: reminders %q, want %q", what, g, want)
	}
}

func TestRemindersAtTheInterval(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := clockService(t, newStore(t), clock)
	m := clockMatch(t, svc, "c1", 12*time.Hour)
	first := m.Seats[m.Play.Active[0]].UserID
	other := m.Seats[1-m.Play.Active[0]].UserID

	waits, err := svc.Waits(ctx, m)
	if err != nil {
		t.Fatal(err)
	}
	if w := waits[m.Play.Active[0]]; !w.Waiting || w.Waited != 0 || !w.NextReminder.Equal(clock.Now().Add(12*time.Hour)) {
		t.Fatalf("waits at the start: %+v", waits)
	}
	if w := waits[1-m.Play.Active[0]]; w.Waiting || !w.NextReminder.IsZero() {
		t.Fatalf("the seat not to act waits: %+v", waits)
	}

	clock.Advance(12*time.Hour - time.Minute)
	wantReminders(t, "before the interval", fire(t, svc, "p1"))
	clock.Advance(time.Minute)
	wantReminders(t, "at the interval", fire(t, svc, "p1"), first+" 12 hours")
	wantReminders(t, "once", fire(t, svc, "p1"))
	wantReminders(t, "once, another process", fire(t, svc, "p2"))

	// A button from before the reminder is not stale: the reminder
	// changed nothing a player sees.
	cur, _ := svc.Get(ctx, bot.ByID(m.ID))
	if cur.Version == m.Version || cur.Stale(m.Version) {
		t.Fatalf("after a reminder: version %d, a view at %d stale: %v", cur.Version, m.Version, cur.Stale(m.Version))
	}

	clock.Advance(12 * time.Hour)
	wantReminders(t, "the second interval", fire(t, svc, "p1"), first+" 1 day")

	// A move made just before the next reminder cancels it; the other
	// seat's wait begins.
	clock.Advance(12*time.Hour - time.Second)
	o := playAny(t, svc, m.ID)
	if !o.Match.Stale(m.Version) {
		t.Fatal("a view from before a move is not stale")
	}
	clock.Advance(time.Second)
	wantReminders(t, "the move cancelled the reminder", fire(t, svc, "p1"))
	clock.Advance(12 * time.Hour)
	wantReminders(t, "the other seat", fire(t, svc, "p1"), other+" 12 hours")

	// Reminders off: none.
	if _, err := svc.SetClock(ctx, bot.ByID(m.ID), bob.ID, false, bot.ClockSettings{}); !errors.Is(err, bot.ErrNotAllowed) {
		t.Fatalf("SetClock by a player who did not create the match: %v", err)
	}
	if _, err := svc.SetClock(ctx, bot.ByID(m.ID), alice.ID, false, bot.ClockSettings{Remind: time.Minute}); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("SetClock every minute: %v", err)
	}
	if _, err := svc.SetClock(ctx, bot.ByID(m.ID), alice.ID, false, bot.ClockSettings{}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(10 * 24 * time.Hour)
	wantReminders(t, "reminders off", fire(t, svc, "p1"))
	// On again, by a moderator: the wait went on meanwhile.
	if _, err := svc.SetClock(ctx, bot.ByID(m.ID), "u:mod", true, bot.ClockSettings{Remind: 24 * time.Hour}); err != nil {
		t.Fatal(err)
	}
	wantReminders(t, "reminders on again", fire(t, svc, "p1"), other+" 1 week 3 days")
}

func TestRemindersQuietHoursAndAway(t *testing.T) {
	ctx := context.Background()
	clock := newFakeClock()
	svc := clockService(t, newStore(t), clock)
	m := clockMatch(t, svc, "c1", 12*time.Hour)
	seat := m.Play.Active[0]
	user := m.Seats[seat].UserID

	// Quiet from 20:00 to 07:30 in Berlin (UTC+1 in March): the reminder
	// due at 21:00 UTC (22:00 there) waits for 06:30 UTC.
	q, err := bot.ParseQuiet("20-7:30", "Europe/Berlin")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetQuiet(ctx, user, &q); err != nil {
		t.Fatal(err)
	}
	clock.Advance(12 * time.Hour)
	wantReminders(t, "in quiet hours", fire(t, svc, "p1"))
	waits, _ := svc.Waits(ctx, mustGet(t, svc, m.ID))
	morning := time.Date(2026, 3, 3, 6, 30, 0, 0, time.UTC)
	if !waits[seat].NextReminder.Equal(morning) {
		t.Fatalf("next reminder %v, want the end of the quiet hours %v", waits[seat].NextReminder, morning)
	}
	clock.Set(morning.Add(-time.Minute))
	wantReminders(t, "still quiet", fire(t, svc, "p1"))
	clock.Set(morning)
	wantReminders(t, "the morning", fire(t, svc, "p1"), user+" 21 hours 30 minutes")
	if _, err := svc.SetQuiet(ctx, user, nil); err != nil {
		t.Fatal(err)
	}

	// Away for three days: nothing until then, and /status says so.
	until := clock.Now().Add(3 * 24 * time.Hour)
	if _, err := svc.SetAway(ctx, user, until); err != nil {
		t.Fatal(err)
	}
	for range 5 {
		clock.Advance(12 * time.Hour)
		wantReminders(t, "away", fire(t, svc, "p1"))
	}
	waits, _ = svc.Waits(ctx, mustGet(t, svc, m.ID))
	if !waits[seat].AwayUntil.Equal(until) || !waits[seat].NextReminder.Equal(until) {
		t.Fatalf("waits while away: %+v, want away and the next reminder at %v", waits[seat], until)
	}
	clock.Set(until)
	wantReminders(t, "back from the absence", fire(t, svc, "p1"), user+" 3 days 21 hours")

	// Away again, then back early: reminders resume at once.
	if _, err := svc.SetAway(ctx, user, clock.Now().Add(10*24*time.Hour)); err != nil {
		t.Fatal(err)
	}
	clock.Advance(13 * time.Hour)
	wantReminders(t, "away again", fire(t, svc, "p1"))
	if _, err := svc.Back(ctx, user); err != nil {
		t.Fatal(err)
	}
	wantReminders(t, "back early", fire(t, svc, "p1"), user+" 4 days 10 hours")

	// Bad input is refused and changes nothing.
	for _, bad := range [][2]string{{"22", "UTC"}, {"22-7", "Mars/Olympus"}, {"25-7", "UTC"}, {"7-7", "UTC"}} {
		if _, err := bot.ParseQuiet(bad[0], bad[1]); !errors.Is(err, bot.ErrBadRequest) {
			t.Errorf("ParseQuiet(%q, %q): %v", bad[0], bad[1], err)
		}
	}
	if _, err := svc.SetAway(ctx, user, clock.Now().Add(-time.Hour)); !errors.Is(err, bot.ErrBadRequest) {
		t.Errorf("SetAway in the past: %v", err)
	}
	if _, err := svc.SetAway(ctx, user, clock.Now().Add(bot.MaxAway+time.Hour)); !errors.Is(err, bot.ErrBadRequest) {
		t.Errorf("SetAway too long: %v", err)
	}
	if p, _ := svc.UserPrefs(ctx, user); p.Away(clock.Now()) {
		t.Errorf("a refused absence was stored: %+v", p)
	}
}

// TestRemindersSurviveRestart closes the store between the start of a
// wait and its reminder.
func TestRemindersSurviveRestart(t *testing.T) {
	dir := t.TempDir()
	clock := newFakeClock()
	st, err := embedded.Open(dir, storage.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	svc := clockService(t, st, clock)
	m := clockMatch(t, svc, "c1", 6*time.Hour)
	user := m.Seats[m.Play.Active[0]].UserID
	clock.Advance(6 * time.Hour)
	wantReminders(t, "first", fire(t, svc, "p1"), user+" 6 hours")
	clock.Advance(3 * time.Hour)
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	clock.Advance(3 * time.Hour)
	st, err = embedded.Open(dir, storage.Options{Now: clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	svc = clockService(t, st, clock)
	wantReminders(t, "after the restart", fire(t, svc, "p2"), user+" 12 hours")
	wantReminders(t, "once", fire(t, svc, "p2"))
}

// TestRemindersTwoProcesses runs two services on one Redis, firing
// concurrently: each reminder comes once.
func TestRemindersTwoProcesses(t *testing.T) {
	clock := newFakeClock()
	one, two := sharedRedis(t, clock)
	a, b := clockService(t, one, clock), clockService(t, two, clock)
	const matches = 12
	users := map[string]bool{}
	for i := range matches {
		m := clockMatch(t, a, fmt.Sprintf("c%d", i), 12*time.Hour)
		users[m.ID] = true
	}
	total := 0
	for round := 1; round <= 4; round++ {
		clock.Advance(12 * time.Hour)
		var (
			mu  sync.Mutex
			got []bot.Reminder
			wg  sync.WaitGroup
		)
		for p, svc := range []*bot.Service{a, b, a, b} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rs, err := svc.FireDue(context.Background(), fmt.Sprintf("proc%d", p), 5)
				if err != nil {
					t.Error(err)
				}
				mu.Lock()
				got = append(got, rs...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		// What the racing calls left (each claims at most 5) comes next.
		for {
			rs := fire(t, b, "proc9")
			if len(rs) == 0 {
				break
			}
			got = append(got, rs...)
		}
		seen := map[string]bool{}
		for _, r := range got {
			if seen[r.Match.ID] {
				t.Fatalf("round %d: match %s reminded twice", round, r.Match.ID)
			}
			seen[r.Match.ID] = true
			if r.Waited != time.Duration(round)*12*time.Hour {
				t.Fatalf("round %d: waited %v", round, r.Waited)
			}
		}
		if len(seen) != matches {
			t.Fatalf("round %d: %d matches reminded, want %d", round, len(seen), matches)
		}
		total += len(got)
	}
	if total != 4*matches {
		t.Fatalf("%d reminders, want %d", total, 4*matches)
	}
}

func mustGet(t testing.TB, svc *bot.Service, id string) bot.Match {
	t.Helper()
	m, err := svc.Get(context.Background(), bot.ByID(id))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParseSpan(t *testing.T) {
	for text, want := range map[string]time.Duration{"12h": 12 * time.Hour, "3d": 72 * time.Hour, "1w": 7 * 24 * time.Hour,
		"1d12h": 36 * time.Hour, "off": 0, " 90m ": 90 * time.Minute} {
		got, err := bot.ParseSpan(text)
		if err != nil || got != want {
			t.Errorf("ParseSpan(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, bad := range []string{"", "12", "h", "3x", "-1d", "99999d", "12h3"} {
		if _, err := bot.ParseSpan(bad); !errors.Is(err, bot.ErrBadRequest) {
			t.Errorf("ParseSpan(%q): %v, want a clear refusal", bad, err)
		}
	}
	for d, want := range map[time.Duration]string{26 * time.Hour: "1 day 2 hours", 90 * time.Minute: "1 hour 30 minutes", 8 * 24 * time.Hour: "1 week 1 day", time.Second: "less than a minute"} {
		if got := bot.Span(d); got != want {
			t.Errorf("Span(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestParseSpanEveryLanguage: a length of time is read in the units of
// every language (a German player types 3T, a French one 3j or 2sem) and
// each language's off word turns it off; a form shows the reader's own
// units, which read back as the same length; a unit of no language is
// refused in the reader's words, naming that language's units.
func TestParseSpanEveryLanguage(t *testing.T) {
	for text, want := range map[string]time.Duration{
		"3T": 72 * time.Hour, "1t12h": 36 * time.Hour, "2W": 14 * 24 * time.Hour, "30min": 30 * time.Minute,
		"3j": 72 * time.Hour, "2sem": 14 * 24 * time.Hour, "1j 12h": 36 * time.Hour, "1SEM2J": 9 * 24 * time.Hour,
		"aus": 0, "AUS": 0, "aucun": 0, " Aucun ": 0, "0": 0, "never": 0,
	} {
		got, err := bot.ParseSpan(text)
		if err != nil || got != want {
			t.Errorf("ParseSpan(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, off := range []string{"off", "aus", "Aucun"} {
		if !bot.IsOff(off) {
			t.Errorf("IsOff(%q) = false", off)
		}
	}
	for _, on := range []string{"", "22-7", "offen", "auss"} {
		if bot.IsOff(on) {
			t.Errorf("IsOff(%q) = true", on)
		}
	}
	inputs := map[lang.Lang][]string{
		lang.English: {"off", "1m", "12h", "1d12h", "2w", "1w1d1h1m"},
		lang.German:  {"aus", "1min", "12h", "1T12h", "2W", "1W1T1h1min"},
		lang.French:  {"aucun", "1min", "12h", "1j12h", "2sem", "1sem1j1h1min"},
	}
	spans := []time.Duration{0, 20 * time.Second, 12 * time.Hour, 36 * time.Hour, 14 * 24 * time.Hour, 8*24*time.Hour + 61*time.Minute}
	for _, l := range lang.Supported {
		for i, d := range spans {
			in := bot.SpanInputIn(l, d)
			if in != inputs[l][i] {
				t.Errorf("%s: SpanInputIn(%v) = %q, want %q", l, d, in, inputs[l][i])
			}
			want := max(d, time.Minute) // a form shows at least a minute
			if d == 0 {
				want = 0
			}
			if back, err := bot.ParseSpan(in); err != nil || back != want {
				t.Errorf("%s: %q reads back as %v, %v; want %v", l, in, back, err, want)
			}
		}
	}
	// One abbreviation means one unit in every language (ParseSpan reads
	// them all), and no unit is a number or an off word.
	seen := map[string]string{}
	for _, l := range lang.Supported {
		for _, u := range []string{"week", "day", "hour", "minute"} {
			a := strings.ToLower(bot.Say(l, "span.unit."+u))
			if was, ok := seen[a]; ok && was != u {
				t.Errorf("%s: %q is a %s here and a %s elsewhere", l, a, u, was)
			}
			seen[a] = u
			if a == "" || strings.ContainsAny(a, "0123456789 ") || bot.IsOff(a) {
				t.Errorf("%s: the %s's abbreviation %q cannot be read", l, u, a)
			}
		}
	}
	_, err := bot.ParseSpan("3x")
	svc := clockService(t, newStore(t), &fakeClock{now: time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)})
	for l, want := range map[lang.Lang]string{
		lang.English: "w (weeks), d (days), h (hours) and m (minutes)",
		lang.German:  "W (Wochen), T (Tage), h (Stunden) und min (Minuten)",
		lang.French:  "sem (semaines), j (jours), h (heures) et min (minutes)",
	} {
		if got := svc.ExplainIn(context.Background(), err, engine.Words{Lang: l}).Text; !strings.Contains(got, want) || !strings.Contains(got, "3x") {
			t.Errorf("%s: 3x refused as %q; want the units %q", l, got, want)
		}
	}
}

func newStore(t testing.TB) storage.Store { return servicetest.Store(t) }

// sharedRedis opens two stores on one real Redis under one prefix, each
// with its own connection: two processes.
func sharedRedis(t testing.TB, clock *fakeClock) (storage.Store, storage.Store) {
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	prefix := storagetest.RedisPrefix(t)
	one := redisstore.New(srv.Client(), prefix, storage.Options{Now: clock.Now})
	two := redisstore.New(srv.Client(), prefix, storage.Options{Now: clock.Now})
	t.Cleanup(func() { one.Close(); two.Close() })
	return one, two
}
