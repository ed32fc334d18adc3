package web_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/bot/web"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestWaits: the page gets each seat's turn clock from the same service
// call as Discord's /status: how long the seat to move has waited, and
// that a player is away.
func TestWaits(t *testing.T) {
	var mu sync.Mutex
	now := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	svc, err := bot.New(bot.Config{Games: testGames, Store: servicetest.Store(t), Renderers: testRenderers(), Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	h := web.New(svc, nil).AllowHosts("example.com")
	var created struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "9"}, 201, &created)
	mu.Lock()
	now = now.Add(26 * time.Hour)
	mu.Unlock()
	// The second seat's player (the playground's hotseat user 2) is away.
	if _, err := svc.SetAway(context.Background(), "web:seat:2", clock().Add(48*time.Hour)); err != nil {
		t.Fatal(err)
	}
	var got struct {
		Play  struct{ Active []int }
		Waits []struct {
			Seat    int
			Text    string
			Waiting bool
		}
	}
	call(t, h, "GET", "/api/matches/"+created.Match.ID, nil, 200, &got)
	if len(got.Waits) != 2 || len(got.Play.Active) != 1 {
		t.Fatalf("waits %+v, active %v", got.Waits, got.Play.Active)
	}
	active := got.Play.Active[0]
	for _, w := range got.Waits {
		want := ""
		if w.Seat == active {
			want = "waiting 1 day 2 hours"
		}
		if w.Seat == 1 {
			if want != "" {
				want += ", "
			}
			want += "away until Thu 5 Mar 11:00 UTC"
		}
		if w.Text != want || w.Waiting != (w.Seat == active) {
			t.Errorf("seat %d: %+v, want %q", w.Seat, w, want)
		}
	}
}

// fakeNow is a settable clock for the service.
type fakeNow struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeNow) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *fakeNow) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// clockPlayground is a playground whose service runs on a fake clock
// with the default abandon limit of 30 days.
func clockPlayground(t testing.TB) (*web.Server, *fakeNow) {
	t.Helper()
	clock := &fakeNow{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	svc, err := bot.New(bot.Config{Games: testGames, Store: servicetest.Store(t), Renderers: testRenderers(), Now: clock.Now,
		AbandonAfter: 30 * 24 * time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	return web.New(svc, nil).AllowHosts("example.com"), clock
}

// TestTurnClock: the playground runs the same turn clock as Discord. Its
// matches get the default reminder interval; a due reminder is kept with
// the match and shown in the standings; 3 days before the abandon limit
// the status bar warns, a move lifts the warning, and at the limit the
// match ends as abandoned and is kept for its record.
func TestTurnClock(t *testing.T) {
	ctx := context.Background()
	h, clock := clockPlayground(t)
	var created struct {
		Match struct {
			ID   string
			Play struct{ Active []int }
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "9", "options": map[string]string{"pile": "40"}}, 201, &created)
	id := created.Match.ID
	type matchView struct {
		Status    string
		Abandoned bool
		Notice    string
		Version   int64
		Play      struct{ Active []int }
		Waits     []struct {
			Seat int
			Text string
		}
	}
	view := func() matchView {
		t.Helper()
		var m matchView
		call(t, h, "GET", "/api/matches/"+id, nil, 200, &m)
		return m
	}
	fire := func(want ...string) {
		t.Helper()
		rs, err := h.FireDue(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rs {
			got = append(got, r.Kind)
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("fired %v, want %v", got, want)
		}
	}
	fire()
	clock.Advance(23 * time.Hour)
	fire()
	clock.Advance(2 * time.Hour)
	fire(bot.ReminderDue)
	fire()
	m := view()
	active := m.Play.Active[0]
	if w := m.Waits[active]; w.Text != "waiting 1 day 1 hour, reminded once" {
		t.Errorf("after a reminder the standings say %q", w.Text)
	}
	if m.Notice != "" {
		t.Errorf("a notice before the warning: %q", m.Notice)
	}
	// Day 27: the warning, with the reminders of the days between.
	for day := 2; day <= 27; day++ {
		clock.Advance(24 * time.Hour)
		if day < 27 {
			fire(bot.ReminderDue)
		} else {
			fire(bot.ReminderAbandonWarning, bot.ReminderDue)
		}
	}
	// The pass ran an hour after the warning's time (the test's passes
	// fall at 10:00): the end is the full 3 days after the warning.
	m = view()
	if want := "No move for 3 weeks 6 days: this match ends as abandoned on Wed 1 Apr 10:00 UTC unless someone moves."; m.Notice != want {
		t.Errorf("the warning reads %q, want %q", m.Notice, want)
	}
	// The same notice in German and French: the core's words, the date in
	// numbers, no English sentence of the host's catalog.
	for _, l := range []lang.Lang{lang.German, lang.French} {
		var mv matchView
		call(t, h, "GET", "/api/matches/"+id+"?lang="+string(l), nil, 200, &mv)
		if !strings.Contains(mv.Notice, "2026-04-01 10:00 UTC") || len(bot.Catalog().EnglishIn(l, mv.Notice)) > 0 || mv.Notice == m.Notice {
			t.Errorf("%s: the warning reads %q", l, mv.Notice)
		}
	}
	if w := m.Waits[active]; w.Text != "waiting 3 weeks 6 days, reminded 27 times" {
		t.Errorf("day 27: the standings say %q", w.Text)
	}
	// A move lifts the warning and starts the count again.
	move := ""
	for {
		var ch engine.Choices
		call(t, h, "GET", fmt.Sprintf("/api/matches/%s/choices?seat=%d&partial=%s", id, active, url.QueryEscape(move)), nil, 200, &ch)
		if ch.Complete {
			break
		}
		move = strings.TrimSpace(move + " " + ch.Next[0].Token)
	}
	call(t, h, "POST", "/api/matches/"+id+"/moves", map[string]any{"seat": active, "move": move, "version": m.Version}, 200, nil)
	if m = view(); m.Notice != "" {
		t.Errorf("after a move the notice reads %q", m.Notice)
	}
	// No pass runs across the next warning's time: the first after the
	// limit warns, and the match ends 3 days later, never unwarned.
	clock.Advance(30*24*time.Hour + time.Minute)
	fire(bot.ReminderAbandonWarning, bot.ReminderDue)
	clock.Advance(3*24*time.Hour - time.Minute)
	fire(bot.ReminderDue)
	clock.Advance(time.Minute)
	fire(bot.ReminderAbandoned)
	m = view()
	if m.Status != "aborted" || !m.Abandoned || m.Notice != "Ended as abandoned: nobody moved for 4 weeks 2 days. The match is kept: its record can still be downloaded." {
		t.Errorf("the abandoned match: %s abandoned %v notice %q", m.Status, m.Abandoned, m.Notice)
	}
	var list []struct {
		ID        string
		Abandoned bool
	}
	call(t, h, "GET", "/api/matches", nil, 200, &list)
	if len(list) != 1 || !list[0].Abandoned {
		t.Errorf("the list: %+v", list)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/matches/"+id+"/record", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), move) {
		t.Errorf("the abandoned match's record: %d %q", rec.Code, rec.Body.String())
	}
	// An imported match gets the same clock.
	var imported struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/import", map[string]any{"record": rec.Body.String()}, 201, &imported)
	clock.Advance(24 * time.Hour)
	rs, err := h.FireDue(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || rs[0].Match.ID != imported.Match.ID || rs[0].Kind != bot.ReminderDue {
		t.Errorf("the imported match's clock fired %+v", rs)
	}
}

// TestServeRunsClock: ListenAndServe runs the turn clock itself; a
// reminder already due when it starts fires at once.
func TestServeRunsClock(t *testing.T) {
	h, clock := clockPlayground(t)
	var created struct{ Match struct{ ID string } }
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "9"}, 201, &created)
	clock.Advance(25 * time.Hour)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- h.ListenAndServe(ctx, "127.0.0.1:0") }()
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Error(err)
		}
	}()
	for try := 0; ; try++ {
		var m struct{ Waits []struct{ Text string } }
		call(t, h, "GET", "/api/matches/"+created.Match.ID, nil, 200, &m)
		var texts []string
		for _, w := range m.Waits {
			texts = append(texts, w.Text)
		}
		if strings.Contains(strings.Join(texts, "|"), "reminded once") {
			return
		}
		if try == 100 {
			t.Fatalf("the served playground never reminded: %q", texts)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestClockSettings: the playground changes a match's clock settings
// through the core call Discord's /clock makes, with its refusals in the
// same words; the new interval is what the scheduler then keeps.
func TestClockSettings(t *testing.T) {
	h, clock := clockPlayground(t)
	type clockView struct {
		Remind, Deadline, Text string
		AtDeadline             string `json:"at_deadline"`
		Open                   bool
	}
	var created struct {
		Match struct {
			ID    string
			Clock clockView
		}
	}
	call(t, h, "POST", "/api/matches", map[string]any{"game": "pebbles", "seats": 2, "seed": "9", "options": map[string]string{"pile": "40"}}, 201, &created)
	id := created.Match.ID
	if c := created.Match.Clock; c.Remind != "1d" || c.Deadline != "off" || c.AtDeadline != "remind" || !c.Open ||
		c.Text != "a reminder to whoever must move every 1 day (never while they are away or in their quiet hours); no turn deadline." {
		t.Fatalf("a new match's clock: %+v", c)
	}
	for _, bad := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"remind": "5m"}, "A reminder interval is from 1 hour to 2 weeks, or off; 5 minutes is not."},
		{map[string]any{"deadline": "2h"}, "A turn deadline is from 12 hours to 4 weeks 2 days, or off; 2 hours is not."},
		{map[string]any{"remind": "soon"}, `"soon" is not a length of time; write it like 12h, 3d or 1w.`},
		{map[string]any{"at_deadline": "wait"}, `At a deadline the match can remind or replace, not "wait".`},
		{map[string]any{"deadline": "3d", "at_deadline": "replace"}, "The playground cannot hold a deadline vote: all its seats play at one screen, so there is no one else to ask; at a deadline here the player is reminded once more."},
	} {
		var p struct{ Error string }
		call(t, h, "POST", "/api/matches/"+id+"/clock", bad.body, 400, &p)
		if p.Error != bad.want {
			t.Errorf("%v: %q, want %q", bad.body, p.Error, bad.want)
		}
	}
	var m struct {
		Version int64
		Clock   clockView
		Waits   []struct{ Text string }
	}
	call(t, h, "GET", "/api/matches/"+id, nil, 200, &m)
	if m.Clock.Remind != "1d" || m.Clock.Deadline != "off" {
		t.Fatalf("refused changes changed the clock: %+v", m.Clock)
	}
	call(t, h, "POST", "/api/matches/"+id+"/clock", map[string]any{"remind": "12h", "deadline": "3d"}, 200, &m)
	if c := m.Clock; c.Remind != "12h" || c.Deadline != "3d" || c.AtDeadline != "remind" ||
		c.Text != "a reminder to whoever must move every 12 hours (never while they are away or in their quiet hours); a turn deadline of 3 days, when the player is reminded once more." {
		t.Fatalf("after the change: %+v", c)
	}
	// In German and French the same sentence as /clock on Discord: the
	// core's, one wording for both front ends.
	settings := bot.ClockSettings{Remind: 12 * time.Hour, Deadline: 3 * 24 * time.Hour}
	for _, l := range []lang.Lang{lang.German, lang.French} {
		var lm struct{ Clock clockView }
		call(t, h, "GET", "/api/matches/"+id+"?lang="+string(l), nil, 200, &lm)
		if want := settings.TextIn(l); lm.Clock.Text != want || want == settings.Text() {
			t.Errorf("%s clock text %q, want the core's %q", l, lm.Clock.Text, want)
		}
	}
	clock.Advance(12 * time.Hour)
	if rs, err := h.FireDue(context.Background()); err != nil || len(rs) != 1 || rs[0].Kind != bot.ReminderDue {
		t.Fatalf("12 hours on: %v %v, want one reminder", rs, err)
	}
	call(t, h, "GET", "/api/matches/"+id, nil, 200, &m)
	if !strings.Contains(m.Waits[0].Text+m.Waits[1].Text, "waiting 12 hours, reminded once") {
		t.Errorf("the standings after the new interval: %+v", m.Waits)
	}
	// Only the deadline: the interval stays.
	call(t, h, "POST", "/api/matches/"+id+"/clock", map[string]any{"deadline": "off"}, 200, &m)
	if m.Clock.Remind != "12h" || m.Clock.Deadline != "off" {
		t.Errorf("a change of the deadline alone: %+v", m.Clock)
	}
	call(t, h, "POST", "/api/matches/nosuchmatch/clock", map[string]any{"remind": "12h"}, 404, nil)
}
