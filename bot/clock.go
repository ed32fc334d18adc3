package bot

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // quiet hours name IANA zones; the image has no zoneinfo

	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// The turn clock of play-by-post: each seat that must act waits from the
// moment its turn began; a reminder goes to it every ClockSettings.Remind
// while it waits, never while its player is away and never in its
// player's quiet hours. The clock is stored with the match (Match.Clock,
// and its next due time in storage.Match.Due, which the store indexes), so
// it survives restarts and several processes sharing one store fire each
// reminder once: a reminder is a compare-and-set commit of the match, and
// only the process whose commit wins sends it (schedule.go).

// ClockSettings are a match's play-by-post settings.
type ClockSettings struct {
	// Remind is the time between reminders to a seat that must act; zero
	// sends none.
	Remind time.Duration `json:"remind,omitempty"`
	// Deadline is how long a seat may wait before its deadline; zero
	// means none. OnDeadline says what happens then (DeadlineRemind or
	// DeadlineReplace; empty means DeadlineRemind).
	Deadline   time.Duration `json:"deadline,omitempty"`
	OnDeadline string        `json:"on_deadline,omitempty"`
}

// What happens at a turn deadline.
const (
	// DeadlineRemind sends the player one more reminder, saying the
	// deadline has passed.
	DeadlineRemind = "remind"
	// DeadlineReplace asks the other players to vote: wait longer, play
	// the seat's default move, or open the seat to a substitute.
	DeadlineReplace = "replace"
)

// The bounds of ClockSettings.Deadline.
const (
	MinDeadline = 12 * time.Hour
	MaxDeadline = 30 * 24 * time.Hour
)

// The bounds of ClockSettings.Remind, so that a reminder is neither a
// flood nor forgotten.
const (
	MinRemind = time.Hour
	MaxRemind = 14 * 24 * time.Hour
	// DefaultRemind is the reminder interval of a server that set none.
	DefaultRemind = 24 * time.Hour
)

// Check refuses settings outside the bounds, saying which.
func (c ClockSettings) Check() error {
	if c.Remind != 0 && (c.Remind < MinRemind || c.Remind > MaxRemind) {
		return invalid("clock-remind", "spanmin", MinRemind.String(), "spanmax", MaxRemind.String(), "span", c.Remind.String())
	}
	if c.Deadline != 0 && (c.Deadline < MinDeadline || c.Deadline > MaxDeadline) {
		return invalid("clock-deadline", "spanmin", MinDeadline.String(), "spanmax", MaxDeadline.String(), "span", c.Deadline.String())
	}
	switch c.OnDeadline {
	case "", DeadlineRemind, DeadlineReplace:
	default:
		return invalid("clock-on-deadline", "remind", DeadlineRemind, "replace", DeadlineReplace, "value", Echoed(c.OnDeadline))
	}
	return nil
}

// ChangeClock is c with the settings a person typed: remind and deadline
// as ParseSpan reads them ("12h", "3d", "off"), atDeadline DeadlineRemind
// or DeadlineReplace; a nil one is left as it is. It refuses what Check
// refuses, in the same words for every front end (Discord's /clock and
// /play, the playground's clock form).
func ChangeClock(c ClockSettings, remind, deadline, atDeadline *string) (ClockSettings, error) {
	if remind != nil {
		d, err := ParseSpan(*remind)
		if err != nil {
			return c, err
		}
		c.Remind = d
	}
	if deadline != nil {
		d, err := ParseSpan(*deadline)
		if err != nil {
			return c, err
		}
		c.Deadline = d
	}
	if atDeadline != nil {
		c.OnDeadline = strings.TrimSpace(*atDeadline)
	}
	return c, c.Check()
}

// Text words the settings for people, the same on every front end: "a
// reminder to whoever must move every 1 day ...; no turn deadline."
func (c ClockSettings) Text() string { return c.TextIn(lang.English) }

// TextIn is Text in l.
func (c ClockSettings) TextIn(l lang.Lang) string {
	remind := Say(l, "clock.no-remind")
	if c.Remind > 0 {
		remind = Say(l, "clock.remind", "span", SpanPrepIn(l, c.Remind))
	}
	switch {
	case c.Deadline <= 0:
		return Say(l, "clock.no-deadline", "remind", remind)
	case c.action() == DeadlineReplace:
		return Say(l, "clock.deadline-vote", "remind", remind, "span", SpanPrepIn(l, c.Deadline))
	default:
		return Say(l, "clock.deadline-remind", "remind", remind, "span", SpanPrepIn(l, c.Deadline))
	}
}

// action is what happens at the deadline.
func (c ClockSettings) action() string {
	if c.OnDeadline == "" {
		return DeadlineRemind
	}
	return c.OnDeadline
}

// Clock is a match's turn clock.
type Clock struct {
	Settings ClockSettings `json:"settings"`
	// Base is the match version of the last change to anything but the
	// clock (a move, a seat, the status): a button made at Base or later
	// is not stale (Match.Stale), since a reminder changes nothing a
	// player sees.
	Base  int64       `json:"base,omitempty"`
	Seats []SeatClock `json:"seats,omitempty"`
	// Replaced lists the seats handed to other players (Service.Replace),
	// in order.
	Replaced []Replacement `json:"replaced,omitempty"`
	// Active is the time of the match's last change that is not the
	// clock's own (a move, a seat); the abandon limit counts from it.
	// Warned is set once the players were warned of it (abandon.go),
	// WarnedAt is when; Abandoned once the match ended for it.
	Active    time.Time `json:"active,omitzero"`
	Warned    bool      `json:"warned,omitempty"`
	WarnedAt  time.Time `json:"warned_at,omitzero"`
	Abandoned bool      `json:"abandoned,omitempty"`
}

// SeatClock is one seat's clock.
type SeatClock struct {
	// Since is when the seat began to wait (its turn began, or its last
	// move); zero when it need not act.
	Since time.Time `json:"since,omitzero"`
	// Reminded is when the seat was last reminded in this wait.
	Reminded  time.Time `json:"reminded,omitzero"`
	Reminders int       `json:"reminders,omitempty"`
	// Hold is when reminders may start again: the end of its player's
	// absence or quiet hours, when a reminder fell in them.
	Hold time.Time `json:"hold,omitzero"`
	// DeadlineFrom restarts the deadline after the players voted to wait.
	DeadlineFrom time.Time `json:"deadline_from,omitzero"`
	// Deadlined is set once the deadline of this wait has passed.
	Deadlined bool `json:"deadlined,omitempty"`
	// Vote is the other players' vote on the seat after its deadline
	// (DeadlineReplace); nil when none runs.
	Vote *Vote `json:"vote,omitempty"`
	// Open is set when the players opened the seat to a substitute
	// (Service.Replace); reminders stop until someone takes it.
	Open bool `json:"open,omitempty"`
	// Computer is set while a computer plays the seat (Seat.Plays): no
	// reminder or deadline, its move is due instead (computer.go).
	Computer bool `json:"computer,omitempty"`
}

// nextReminder is when the seat is next reminded; zero for never.
func (c Clock) nextReminder(seat int) time.Time {
	if c.Settings.Remind <= 0 || seat < 0 || seat >= len(c.Seats) {
		return time.Time{}
	}
	sc := c.Seats[seat]
	if sc.Since.IsZero() || sc.Open || sc.Computer {
		return time.Time{}
	}
	last := sc.Since
	if sc.Reminded.After(last) {
		last = sc.Reminded
	}
	next := last.Add(c.Settings.Remind)
	if sc.Hold.After(next) {
		next = sc.Hold
	}
	return next
}

// nextDeadline is when the seat's deadline passes; zero for never (or
// already passed).
func (c Clock) nextDeadline(seat int) time.Time {
	if c.Settings.Deadline <= 0 || seat < 0 || seat >= len(c.Seats) {
		return time.Time{}
	}
	sc := c.Seats[seat]
	if sc.Since.IsZero() || sc.Deadlined || sc.Open || sc.Computer || sc.Vote != nil {
		return time.Time{}
	}
	from := sc.Since
	if sc.DeadlineFrom.After(from) {
		from = sc.DeadlineFrom
	}
	next := from.Add(c.Settings.Deadline)
	if sc.Hold.After(next) {
		next = sc.Hold
	}
	return next
}

// due is the earliest reminder or deadline of any seat; zero for none.
func (c Clock) due() time.Time {
	var due time.Time
	for i := range c.Seats {
		for _, n := range []time.Time{c.nextReminder(i), c.nextDeadline(i)} {
			if !n.IsZero() && (due.IsZero() || n.Before(due)) {
				due = n
			}
		}
	}
	return due
}

// Stale reports whether a view of the match at version (a button) is out
// of date: the game or the seats changed since. A commit of the clock
// alone (a reminder) leaves such views current.
func (m Match) Stale(version int64) bool {
	base := m.Clock.Base
	if base == 0 || base > m.Version {
		base = m.Version
	}
	return version < base || version > m.Version
}

// tickClock brings the clock up to date after a change of the match from
// prev to m at now: a seat that newly must act, or that just moved and
// must act again, starts waiting; one that need not act stops. actor is
// the seat that moved, or -1. A change that is not the clock's own moves
// Base on.
func (m *Match) tickClock(prev Match, actor int, now time.Time, ab abandonRule, computerDelay time.Duration) {
	if !m.clockOnly {
		m.Clock.Base = m.Version
		m.Clock.Active, m.Clock.Warned, m.Clock.WarnedAt = now, false, time.Time{}
	} else if m.Clock.Active.IsZero() {
		// A match from before the clock: its last change is the last
		// write before this one.
		m.Clock.Active = prev.Updated
	}
	c := &m.Clock
	if len(c.Seats) != len(m.Seats) {
		seats := make([]SeatClock, len(m.Seats))
		copy(seats, c.Seats)
		c.Seats = seats
	} else {
		c.Seats = slices.Clone(c.Seats)
	}
	// An active match whose rules this build does not play has no decoded
	// state (a match of a newer build during a rolling upgrade): who must
	// act is unknown here, so the seats keep their waits for a build that
	// plays it.
	blind := m.Status == StatusActive && m.Play == nil
	for i := range c.Seats {
		switch {
		case blind:
		case m.Status != StatusActive || !m.IsActive(i):
			c.Seats[i] = SeatClock{}
		case !prev.IsActive(i) || i == actor || c.Seats[i].Since.IsZero():
			c.Seats[i] = SeatClock{Since: now}
		}
		if !blind && i < len(m.Seats) {
			// A computer is never reminded; its move is due instead.
			c.Seats[i].Computer = m.Status == StatusActive && m.IsActive(i) && m.Seats[i].Plays() != ""
		}
	}
	m.Due = c.due()
	if at := m.computerDue(computerDelay); !at.IsZero() && (m.Due.IsZero() || at.Before(m.Due)) {
		m.Due = at
	}
	if at := ab.next(*m); !at.IsZero() && (m.Due.IsZero() || at.Before(m.Due)) {
		m.Due = at
	}
	if at := m.undoExpiry(); !at.IsZero() && (m.Due.IsZero() || at.Before(m.Due)) {
		m.Due = at
	}
}

// encodeClock is the clock as the store keeps it; nil for a match without one.
func encodeClock(c Clock) json.RawMessage {
	if c.Settings == (ClockSettings{}) && c.Base == 0 && len(c.Seats) == 0 && len(c.Replaced) == 0 && c.Active.IsZero() {
		return nil
	}
	data, _ := json.Marshal(c) // plain data: cannot fail
	return data
}

// decodeClock reads a stored clock; a match stored before clocks existed
// has none (the zero Clock: no reminders).
func decodeClock(sm storage.Match) (Clock, error) {
	var c Clock
	if len(sm.Clock) == 0 {
		return c, nil
	}
	if err := json.Unmarshal(sm.Clock, &c); err != nil {
		return c, fmt.Errorf("turn clock: %w", err)
	}
	return c, nil
}

// spanUnits are the units of a length of time, longest first.
var spanUnits = []struct {
	d    time.Duration
	name string
}{{7 * 24 * time.Hour, "week"}, {24 * time.Hour, "day"}, {time.Hour, "hour"}, {time.Minute, "minute"}}

// spanWords is what ParseSpan reads, from every language's catalog: each
// unit's abbreviation (span.unit.week: w, W, sem; day: d, T, j; hour: h;
// minute: m, min), lower case, and the words that turn a setting off
// (span.unit.off: off, aus, aucun, with "0", "none" and "never").
var spanWords = sync.OnceValues(func() (map[string]time.Duration, map[string]bool) {
	units := map[string]time.Duration{}
	off := map[string]bool{"0": true, "none": true, "never": true}
	for _, l := range lang.Supported {
		for _, u := range spanUnits {
			units[strings.ToLower(Say(l, "span.unit."+u.name))] = u.d
		}
		off[strings.ToLower(Say(l, "span.unit.off"))] = true
	}
	return units, off
})

// ParseSpan reads a length of time a person typed: a number and a unit,
// several in a row ("1d12h"), in any language's units (span.unit: "3d",
// "3T" and "3j" are three days, "2w" and "2sem" two weeks, "30m" and
// "30min" half an hour), case and spaces ignored. Any language's off
// word ("off", "aus", "aucun") or "0" is zero. A Go duration ("36h",
// "90m") reads the same.
func ParseSpan(text string) (time.Duration, error) {
	t := spanKey(text)
	units, off := spanWords()
	if t == "" {
		return 0, invalid("span-none")
	}
	if off[t] {
		return 0, nil
	}
	var total time.Duration
	rest := t
	for rest != "" {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		if i == 0 || i == len(rest) || i > 4 {
			return 0, invalid("span-bad", "text", Echoed(text))
		}
		n, _ := strconv.Atoi(rest[:i])
		j := i
		for j < len(rest) && (rest[j] < '0' || rest[j] > '9') {
			j++
		}
		unit, ok := units[rest[i:j]]
		if !ok {
			return 0, invalid("span-unit", "text", Echoed(text))
		}
		total += time.Duration(n) * unit
		rest = rest[j:]
		if total > 366*24*time.Hour {
			return 0, invalid("span-year", "text", Echoed(text))
		}
	}
	return total, nil
}

// IsOff reports whether text is a word that turns a setting off, in any
// language ("off", "aus", "aucun", "0"; case and spaces ignored): what
// ParseSpan reads as zero, and what removes quiet hours.
func IsOff(text string) bool {
	_, off := spanWords()
	return off[spanKey(text)]
}

// spanKey is text as ParseSpan and IsOff compare it: lower case, without
// spaces.
func spanKey(text string) string {
	return strings.ToLower(strings.ReplaceAll(strings.TrimSpace(text), " ", ""))
}

// SpanInput writes a length of time as ParseSpan reads it, for a form to
// show, in English: "off", "12h", "1d12h", "2w".
func SpanInput(d time.Duration) string { return SpanInputIn(lang.English, d) }

// SpanInputIn is SpanInput in l's units and off word: "1T12h" and "aus"
// in German, "1j12h" and "aucun" in French.
func SpanInputIn(l lang.Lang, d time.Duration) string {
	if d <= 0 {
		return Say(l, "span.unit.off")
	}
	d = max(d, time.Minute)
	var t strings.Builder
	for _, u := range spanUnits {
		if n := d / u.d; n > 0 {
			t.WriteString(strconv.FormatInt(int64(n), 10) + Say(l, "span.unit."+u.name))
			d -= n * u.d
		}
	}
	return t.String()
}

// Span writes a length of time for people: "2 days 3 hours", "45 minutes",
// at most two units, rounded down.
func Span(d time.Duration) string { return SpanIn(lang.English, d) }

// SpanIn is Span in l: "2 Tage 3 Stunden".
func SpanIn(l lang.Lang, d time.Duration) string { return spanIn(l, d, "span.") }

// SpanPrepIn is SpanIn for a length of time that follows a preposition
// ("for 3 days", "within 2 days", "after 1 week"): the messages
// span.prep.*, where a language with cases writes the case its
// prepositions take ("seit 3 Tagen"). A message whose span follows a
// preposition in any language is given this one.
func SpanPrepIn(l lang.Lang, d time.Duration) string { return spanIn(l, d, "span.prep.") }

// spanIn words d with the messages under prefix ("span." or
// "span.prep.": less-minute, week, day, hour, minute).
func spanIn(l lang.Lang, d time.Duration, prefix string) string {
	if d <= 0 {
		return Say(l, "span.off")
	}
	if d < time.Minute {
		return Say(l, prefix+"less-minute")
	}
	var parts []string
	for _, u := range spanUnits {
		if n := d / u.d; n > 0 && len(parts) < 2 {
			parts = append(parts, Say(l, prefix+u.name, "count", strconv.FormatInt(int64(n), 10)))
			d -= n * u.d
		} else if len(parts) > 0 {
			break
		}
	}
	return strings.Join(parts, " ")
}

// Waited writes how long a seat has waited: Span, but "less than a
// minute" for no time at all.
func Waited(d time.Duration) string { return WaitedIn(lang.English, d) }

// WaitedIn is Waited in l.
func WaitedIn(l lang.Lang, d time.Duration) string { return waitedIn(l, d, "span.") }

// WaitedPrepIn is WaitedIn after a preposition (SpanPrepIn): "seit
// weniger als einer Minute".
func WaitedPrepIn(l lang.Lang, d time.Duration) string { return waitedIn(l, d, "span.prep.") }

// waitedIn is spanIn with "less than a minute" for no time at all.
func waitedIn(l lang.Lang, d time.Duration, prefix string) string {
	if d < time.Minute {
		return Say(l, prefix+"less-minute")
	}
	return spanIn(l, d, prefix)
}
