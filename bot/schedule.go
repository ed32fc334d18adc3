package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// Reminder is one reminder a front end delivers: a ping to the one player
// whose seat waits (Kind ReminderDue or ReminderDeadline), or the opening
// of a vote of the other players on that seat (ReminderVote).
type Reminder struct {
	Kind   string
	Match  Match
	Seat   int
	UserID string
	// Waited is how long the seat has waited (for the abandon kinds: how
	// long the match has gone without a move); Ends is when an abandon
	// warning's match ends.
	Waited time.Duration
	Ends   time.Time
	// DM is the player's wish to be reminded in a direct message
	// (UserPrefs.DM); front ends that cannot fall back to the channel.
	DM bool
	// Quiet lists the voters of a ReminderVote (user IDs) who are away or
	// in their quiet hours now: the vote opens on time and counts their
	// ballots, but its message must not ping them.
	Quiet []string
	// Target and Move are, for ReminderUndoExpired, the log number and
	// the notation of the move the request was about.
	Target int64
	Move   string
	// Moves are, for ReminderComputer, the moves a computer made (one
	// each time the match is due); front ends show them as moves.
	Moves []Outcome
}

// The kinds of Reminder.
const (
	ReminderDue      = "remind"   // the interval passed
	ReminderDeadline = "deadline" // the deadline passed (DeadlineRemind)
	ReminderVote     = "vote"     // the deadline passed and the others vote (DeadlineReplace)
	// ReminderAbandonWarning warns every seat that the match ends as
	// abandoned at Ends unless someone moves; ReminderAbandoned says it
	// has ended so. Both have Seat -1.
	ReminderAbandonWarning = "abandon-warning"
	ReminderAbandoned      = "abandoned"
	// ReminderUndoExpired says a request to take a move back went
	// UndoVoteLife without every answer and has ended: the move stands.
	// Seat and UserID are the asker's; Waited is the request's age.
	ReminderUndoExpired = "undo-expired"
	// ReminderComputer carries a computer player's move (Moves), made
	// once across every process (computer.go); Seat is the seat it
	// played.
	ReminderComputer = "computer"
)

// ClockLease is how long a process holds a due match it claimed (see
// storage.Store.Due) before another may try it.
const ClockLease = 2 * time.Minute

// errNoTick stops a clock write that found nothing to do.
var errNoTick = errors.New("bot: nothing due")

// FireDue deals with the matches whose clocks are due now, at most limit
// of them: it claims them for owner (a name unique to this process), and
// for each seat whose reminder or deadline is due either records it and
// returns it, or, when its player is away or in quiet hours, holds it
// until they end. A deadline is the missing player's alone: it waits for
// their absence and their night to end, never for the other players'
// (whose vote it opens; see Reminder.Quiet). Each reminder is returned once across every
// process sharing the store: it is committed with the match, and a move
// (or another process) that commits first cancels it. The front end
// delivers what it gets; a reminder lost to a crash in between is not
// sent again.
func (s *Service) FireDue(ctx context.Context, owner string, limit int) ([]Reminder, error) {
	return s.FireDueIn(ctx, owner, "", limit)
}

// FireDueIn is FireDue for the matches whose channel key starts with
// prefix (one front end's, e.g. "web:"): another front end's match that
// is due is left alone, uncommitted, for that front end to fire once
// this process's lease on it (ClockLease) has run out. A front end that
// cannot deliver other front ends' reminders (the playground, which
// shows them on its own pages) uses it, so that sharing a store with a
// Discord bot does not swallow the bot's pings.
func (s *Service) FireDueIn(ctx context.Context, owner, prefix string, limit int) ([]Reminder, error) {
	now := s.now()
	ids, err := s.store.Due(ctx, now, owner, ClockLease, limit)
	if err != nil {
		return nil, fmt.Errorf("bot: due matches: %w", err)
	}
	var out []Reminder
	var errs []error
	for _, id := range ids {
		rs, err := s.fire(ctx, id, prefix, now)
		out = append(out, rs...) // a computer's move stands even when a reminder failed
		if err != nil {
			errs = append(errs, err)
		}
	}
	return out, errors.Join(errs...)
}

// fire handles one due match, unless its channel key lacks prefix.
func (s *Service) fire(ctx context.Context, id, prefix string, now time.Time) ([]Reminder, error) {
	m, err := s.load(ctx, id)
	if err != nil && !errors.Is(err, ErrRulesVersion) {
		return nil, err
	}
	if err != nil && m.ID == "" {
		// A game this build does not have at all: everything about it,
		// its abandonment too, is left to a build that has it.
		return nil, nil
	}
	// A match whose rules this build does not play gets no reminder or
	// deadline from it (their delivery and outcomes need the rules): it is
	// left uncommitted for a build that plays it (a newer replica during a
	// rolling upgrade) once this process's lease has run out. Only its
	// abandonment (the warning and the end), which needs no rules, is
	// handled here.
	blind := err != nil
	if !strings.HasPrefix(m.Channel, prefix) {
		return nil, nil
	}
	var out []Reminder
	if !blind {
		// A computer's move first: the reminders below are then those of
		// the position it leaves.
		o, ok, err := s.playComputer(ctx, id, now)
		if err != nil {
			return nil, err
		}
		if ok {
			out = append(out, Reminder{Kind: ReminderComputer, Match: o.Match, Seat: o.Seat, UserID: o.Match.Seats[o.Seat].UserID, Moves: []Outcome{o}})
		}
	}
	// The players' preferences, read before the write (they are not part
	// of the match).
	prefs := map[string]UserPrefs{}
	for _, st := range m.Seats {
		if _, ok := prefs[st.UserID]; !ok && st.Computer == "" {
			p, err := s.UserPrefs(ctx, st.UserID)
			if err != nil {
				return nil, err
			}
			prefs[st.UserID] = p
		}
	}
	computer := out
	_, err = s.updateAnyRules(ctx, id, func(m *Match) (*storage.LogEntry, error) {
		out = computer[:len(computer):len(computer)]
		m.clockOnly = true
		changed := false
		if s.abandon.endDue(*m, now) {
			m.Status, m.Clock.Abandoned = StatusAborted, true
			out = append(out, Reminder{Kind: ReminderAbandoned, Seat: -1, Waited: now.Sub(since(*m))})
			return nil, nil
		}
		if w := s.abandon.warnAt(*m); !w.IsZero() && !w.After(now) {
			// Late or on time, the warning comes the warning period
			// before the end (abandon.go).
			ends := s.abandon.endsIfWarnedAt(*m, now)
			m.Clock.Warned, m.Clock.WarnedAt, changed = true, now, true
			out = append(out, Reminder{Kind: ReminderAbandonWarning, Seat: -1, Waited: now.Sub(since(*m)), Ends: ends})
		}
		if blind {
			if !changed {
				return nil, errNoTick
			}
			return nil, nil
		}
		if m.Status != StatusActive {
			if !changed && m.Due.Equal(s.dueOf(*m)) {
				return nil, errNoTick
			}
			return nil, nil // the write sets Due anew
		}
		if at := m.undoExpiry(); !at.IsZero() && !at.After(now) {
			// The request ends once: the commit clears it, and a process
			// that commits later finds none.
			v := m.vote
			m.vote, changed = nil, true
			out = append(out, Reminder{Kind: ReminderUndoExpired, Seat: v.Seat, UserID: m.Seats[v.Seat].UserID, Waited: now.Sub(v.Asked), Target: v.Target})
		}
		m.Clock.Seats = slices.Clone(m.Clock.Seats)
		for i := range m.Clock.Seats {
			remind, deadline := m.Clock.nextReminder(i), m.Clock.nextDeadline(i)
			remindDue := !remind.IsZero() && !remind.After(now)
			deadlineDue := !deadline.IsZero() && !deadline.After(now)
			if !remindDue && !deadlineDue {
				continue
			}
			changed = true
			p := prefs[m.Seats[i].UserID]
			if until := p.holdUntil(now); !until.IsZero() {
				m.Clock.Seats[i].Hold = until
				continue
			}
			sc := &m.Clock.Seats[i]
			sc.Reminded, sc.Hold = now, time.Time{}
			sc.Reminders++
			kind := ReminderDue
			if deadlineDue {
				sc.Deadlined = true
				kind = ReminderDeadline
				if m.Clock.Settings.action() == DeadlineReplace && len(m.voters(i)) > 0 {
					sc.Vote = &Vote{Opened: now}
					kind = ReminderVote
				}
			}
			r := Reminder{Kind: kind, Seat: i, UserID: m.Seats[i].UserID, Waited: now.Sub(sc.Since), DM: p.DM}
			if kind == ReminderVote {
				// The deadline is the missing player's: the others' nights
				// and absences do not hold it, but they are not pinged.
				for _, u := range m.voters(i) {
					if !prefs[u].holdUntil(now).IsZero() {
						r.Quiet = append(r.Quiet, u)
					}
				}
			}
			out = append(out, r)
		}
		if !changed && m.Due.Equal(s.dueOf(*m)) {
			return nil, errNoTick
		}
		return nil, nil // the write sets Due anew
	})
	if errors.Is(err, errNoTick) {
		return computer, nil
	}
	if err != nil && !errors.Is(err, storage.ErrUnconfirmed) {
		// (Applied but not confirmed by a replica: the reminder stands
		// and goes out, as a move does.)
		return computer, err
	}
	cur, err := s.load(ctx, id)
	if err != nil && !errors.Is(err, ErrRulesVersion) {
		return nil, err
	}
	for i := range out {
		if out[i].Kind == ReminderComputer {
			continue
		}
		out[i].Match = cur
		if out[i].Kind == ReminderUndoExpired {
			if e, err := s.Log(ctx, ByID(id), out[i].Target); err == nil && len(e) > 0 {
				out[i].Move = e[0].Move
			}
		}
	}
	if len(out) > 0 {
		s.log.InfoContext(ctx, "reminders", "match", id, "count", len(out))
	}
	return out, nil
}

// UserPrefs are a player's play-by-post preferences, across all matches.
type UserPrefs struct {
	// AwayUntil pauses the player's reminders until then.
	AwayUntil time.Time `json:"away_until,omitzero"`
	// Quiet are the hours without reminders; nil for none.
	Quiet *QuietHours `json:"quiet,omitempty"`
	// DM asks for reminders in a direct message rather than in the
	// match's channel.
	DM bool `json:"dm,omitempty"`
}

// Away reports whether the player is away at now.
func (p UserPrefs) Away(now time.Time) bool { return now.Before(p.AwayUntil) }

// holdUntil is when a reminder due at now may go out: zero for now, else
// the end of the absence or of the quiet hours.
func (p UserPrefs) holdUntil(now time.Time) time.Time {
	var until time.Time
	for {
		switch {
		case p.Away(now):
			now, until = p.AwayUntil, p.AwayUntil
		case p.Quiet != nil && p.Quiet.In(now):
			now = p.Quiet.End(now)
			until = now
		default:
			return until
		}
	}
}

// QuietHours are a daily span of local time without reminders.
type QuietHours struct {
	From int    `json:"from"` // minutes after local midnight
	To   int    `json:"to"`   // minutes after local midnight; before From: the span crosses midnight
	Zone string `json:"zone"` // IANA time zone, e.g. "Europe/Berlin"
}

func (q QuietHours) loc() *time.Location {
	l, err := time.LoadLocation(q.Zone)
	if err != nil {
		return time.UTC
	}
	return l
}

func (q QuietHours) minute(t time.Time) int {
	t = t.In(q.loc())
	return t.Hour()*60 + t.Minute()
}

// In reports whether t falls in the quiet hours.
func (q QuietHours) In(t time.Time) bool {
	m := q.minute(t)
	if q.From <= q.To {
		return m >= q.From && m < q.To
	}
	return m >= q.From || m < q.To
}

// End is the end of the quiet hours t falls in (the next local To).
func (q QuietHours) End(t time.Time) time.Time {
	lt := t.In(q.loc())
	end := time.Date(lt.Year(), lt.Month(), lt.Day(), q.To/60, q.To%60, 0, 0, lt.Location())
	if !end.After(t) {
		end = time.Date(lt.Year(), lt.Month(), lt.Day()+1, q.To/60, q.To%60, 0, 0, lt.Location())
	}
	return end
}

// String writes the quiet hours as SetQuiet reads them.
func (q QuietHours) String() string {
	return fmt.Sprintf("%02d:%02d-%02d:%02d %s", q.From/60, q.From%60, q.To/60, q.To%60, q.Zone)
}

// ParseQuiet reads quiet hours a person typed: "22-7", "22:30-07:00", in
// the IANA time zone zone ("Europe/Berlin"; empty means UTC).
func ParseQuiet(hours, zone string) (QuietHours, error) {
	zone = strings.TrimSpace(zone)
	if zone == "" {
		zone = "UTC"
	}
	if _, err := time.LoadLocation(zone); err != nil || strings.EqualFold(zone, "local") {
		return QuietHours{}, invalid("quiet-zone", "zone", Echoed(zone))
	}
	from, to, ok := strings.Cut(strings.ReplaceAll(hours, " ", ""), "-")
	if !ok {
		return QuietHours{}, invalid("quiet-hours", "text", Echoed(hours))
	}
	f, err1 := clockMinute(from)
	t, err2 := clockMinute(to)
	if err1 != nil || err2 != nil {
		return QuietHours{}, invalid("quiet-hours", "text", Echoed(hours))
	}
	if f == t {
		return QuietHours{}, invalid("quiet-empty", "from", Echoed(from), "to", Echoed(to))
	}
	return QuietHours{From: f, To: t, Zone: zone}, nil
}

func clockMinute(s string) (int, error) {
	h, m, _ := strings.Cut(s, ":")
	var hh, mm int
	if _, err := fmt.Sscanf(h, "%d", &hh); err != nil || len(h) > 2 {
		return 0, invalid("quiet-time", "text", Echoed(s))
	}
	if m != "" {
		if _, err := fmt.Sscanf(m, "%d", &mm); err != nil || len(m) != 2 {
			return 0, invalid("quiet-time", "text", Echoed(s))
		}
	}
	if hh < 0 || hh > 24 || mm < 0 || mm > 59 || (hh == 24 && mm != 0) {
		return 0, invalid("quiet-time", "text", Echoed(s))
	}
	return (hh*60 + mm) % (24 * 60), nil
}

// MaxAway is the longest absence /away takes.
const MaxAway = 60 * 24 * time.Hour

func userPrefsKey(userID string) string { return "user:" + userID }

// UserPrefs reads a player's preferences (the zero value when none).
func (s *Service) UserPrefs(ctx context.Context, userID string) (UserPrefs, error) {
	var p UserPrefs
	data, err := s.store.Prefs(ctx, userPrefsKey(userID))
	if err != nil {
		return p, fmt.Errorf("bot: preferences of %s: %w", userID, err)
	}
	if len(data) > 0 && json.Unmarshal(data, &p) != nil {
		s.log.WarnContext(ctx, "unreadable preferences start afresh", "user", userID)
		return UserPrefs{}, nil
	}
	return p, nil
}

// changePrefs reads, changes and writes a player's preferences.
func (s *Service) changePrefs(ctx context.Context, userID string, fn func(p *UserPrefs) error) (UserPrefs, error) {
	if userID == "" {
		return UserPrefs{}, invalid("no-user")
	}
	p, err := s.UserPrefs(ctx, userID)
	if err != nil {
		return p, err
	}
	if err := fn(&p); err != nil {
		return p, err
	}
	data, _ := json.Marshal(p) // plain data: cannot fail
	if p == (UserPrefs{}) {
		data = nil
	}
	if err := s.store.SetPrefs(ctx, userPrefsKey(userID), data); err != nil {
		return p, fmt.Errorf("bot: preferences of %s: %w", userID, err)
	}
	return p, nil
}

// SetAway pauses a player's reminders until then (at most MaxAway ahead).
func (s *Service) SetAway(ctx context.Context, userID string, until time.Time) (UserPrefs, error) {
	now := s.now()
	if !until.After(now) {
		return UserPrefs{}, invalid("away-past", "at", until.UTC().Format("2006-01-02 15:04 MST"))
	}
	if until.Sub(now) > MaxAway {
		return UserPrefs{}, invalid("away-long", "span", MaxAway.String())
	}
	return s.changePrefs(ctx, userID, func(p *UserPrefs) error { p.AwayUntil = until; return nil })
}

// Back ends a player's absence: reminders held for it come again from
// now, one interval after the last.
func (s *Service) Back(ctx context.Context, userID string) (UserPrefs, error) {
	p, err := s.changePrefs(ctx, userID, func(p *UserPrefs) error { p.AwayUntil = time.Time{}; return nil })
	if err != nil {
		return p, err
	}
	if _, err := s.Reclaim(ctx, userID); err != nil {
		return p, err
	}
	// Release the holds of the player's open matches.
	ids, err := s.store.UserMatches(ctx, userID)
	if err != nil {
		return p, fmt.Errorf("bot: matches of %s: %w", userID, err)
	}
	now := s.now()
	for _, id := range ids {
		_, err := s.updateAnyRules(ctx, id, func(m *Match) (*storage.LogEntry, error) {
			m.clockOnly = true
			m.Clock.Seats = slices.Clone(m.Clock.Seats)
			changed := false
			for i, st := range m.Seats {
				if st.UserID == userID && i < len(m.Clock.Seats) && m.Clock.Seats[i].Hold.After(now) {
					m.Clock.Seats[i].Hold = time.Time{}
					changed = true
				}
			}
			if !changed || m.Status != StatusActive {
				return nil, errNoTick
			}
			return nil, nil
		})
		if err != nil && !errors.Is(err, errNoTick) && !errors.Is(err, ErrNotFound) && !errors.Is(err, ErrBadData) {
			return p, err
		}
	}
	return p, nil
}

// SetDM sets whether a player's reminders come as direct messages.
func (s *Service) SetDM(ctx context.Context, userID string, dm bool) (UserPrefs, error) {
	return s.changePrefs(ctx, userID, func(p *UserPrefs) error { p.DM = dm; return nil })
}

// SetQuiet sets (nil: clears) a player's quiet hours.
func (s *Service) SetQuiet(ctx context.Context, userID string, q *QuietHours) (UserPrefs, error) {
	return s.changePrefs(ctx, userID, func(p *UserPrefs) error { p.Quiet = q; return nil })
}

func serverPrefsKey(server string) string { return "server:" + server }

// serverPrefs is what a server's settings hold: the clock's defaults for
// new matches (its fields at the top level, as stored before the language
// existed) and the language of new matches' public posts.
type serverPrefs struct {
	ClockSettings
	// Lang is the server's language for new matches; empty when none was
	// set (the front end then uses its own default: Discord, the server's
	// locale).
	Lang string `json:"lang,omitempty"`
}

// serverPrefs reads a server's settings; a server that set none gets
// DefaultRemind and no language.
func (s *Service) serverPrefs(ctx context.Context, server string) (serverPrefs, error) {
	p := serverPrefs{ClockSettings: ClockSettings{Remind: DefaultRemind}}
	if server == "" {
		return p, nil
	}
	data, err := s.store.Prefs(ctx, serverPrefsKey(server))
	if err != nil {
		return p, fmt.Errorf("bot: settings of %s: %w", server, err)
	}
	if len(data) > 0 && json.Unmarshal(data, &p) != nil {
		s.log.WarnContext(ctx, "unreadable server settings: using the defaults", "server", server)
		return serverPrefs{ClockSettings: ClockSettings{Remind: DefaultRemind}}, nil
	}
	return p, nil
}

// changeServerPrefs reads, changes and writes a server's settings.
func (s *Service) changeServerPrefs(ctx context.Context, server string, fn func(p *serverPrefs) error) error {
	if server == "" {
		return invalid("no-server")
	}
	p, err := s.serverPrefs(ctx, server)
	if err != nil {
		return err
	}
	if err := fn(&p); err != nil {
		return err
	}
	data, _ := json.Marshal(p) // plain data: cannot fail
	if err := s.store.SetPrefs(ctx, serverPrefsKey(server), data); err != nil {
		return fmt.Errorf("bot: settings of %s: %w", server, err)
	}
	return nil
}

// ServerClock is a server's default play-by-post settings for new
// matches; a server that set none gets DefaultRemind.
func (s *Service) ServerClock(ctx context.Context, server string) (ClockSettings, error) {
	p, err := s.serverPrefs(ctx, server)
	return p.ClockSettings, err
}

// SetServerClock changes a server's defaults for new matches; the front
// end checks that the user may (Discord: Manage Server). The server's
// language stays.
func (s *Service) SetServerClock(ctx context.Context, server string, c ClockSettings) error {
	if server == "" {
		return invalid("no-server")
	}
	if err := c.Check(); err != nil {
		return err
	}
	return s.changeServerPrefs(ctx, server, func(p *serverPrefs) error { p.ClockSettings = c; return nil })
}

// ServerLang is the language a server set for its new matches' public
// posts; ok is false when it set none (the front end then picks its
// default: docs/i18n.md, "How the host picks the language").
func (s *Service) ServerLang(ctx context.Context, server string) (l lang.Lang, ok bool, err error) {
	p, err := s.serverPrefs(ctx, server)
	if err != nil || !lang.Lang(p.Lang).Valid() {
		return lang.English, false, err
	}
	return lang.Lang(p.Lang), true, nil
}

// SetServerLang changes the language of a server's new matches (zero
// forgets it: the front end's default again); the front end checks that
// the user may (Discord: Manage Server). Matches already open keep theirs;
// the clock's defaults stay.
func (s *Service) SetServerLang(ctx context.Context, server string, l lang.Lang) error {
	if l != "" && !l.Valid() {
		return unknownLang(string(l))
	}
	return s.changeServerPrefs(ctx, server, func(p *serverPrefs) error { p.Lang = string(l); return nil })
}

// SetLang changes an open match's language (its public posts from now
// on): its creator may, or anyone the front end vouches for as a
// moderator (Discord: Manage Channels).
func (s *Service) SetLang(ctx context.Context, r Ref, userID string, moderator bool, l lang.Lang) (Match, error) {
	if !l.Valid() {
		return Match{}, unknownLang(string(l))
	}
	return s.changeSettings(ctx, r, userID, moderator, func(m *Match) { m.Lang = l })
}

// SetClock changes an open match's settings: its creator may, or anyone
// the front end vouches for as a moderator (Discord: Manage Channels).
// The seats' waits go on; the next reminder follows the new interval.
func (s *Service) SetClock(ctx context.Context, r Ref, userID string, moderator bool, c ClockSettings) (Match, error) {
	if err := c.Check(); err != nil {
		return Match{}, err
	}
	return s.changeSettings(ctx, r, userID, moderator, func(m *Match) { m.Clock.Settings = c })
}

// changeSettings changes what an open match's settings hold (not its
// game): its creator may, or anyone the front end vouches for as a
// moderator.
func (s *Service) changeSettings(ctx context.Context, r Ref, userID string, moderator bool, change func(m *Match)) (Match, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	return s.updateAnyRules(ctx, id, func(m *Match) (*storage.LogEntry, error) {
		if !m.Status.Open() {
			return nil, m.notActive()
		}
		if m.Creator != userID && !moderator {
			return nil, &Error{Kind: KindNotAllowed, Who: m.creatorName(), Moderators: true}
		}
		m.clockOnly = true
		change(m)
		return nil, nil
	})
}

// SeatWait is one seat's clock as front ends show it.
type SeatWait struct {
	Seat int
	// Waiting is set when the seat must act; Waited is for how long.
	Waiting bool
	Waited  time.Duration
	// NextReminder is when the seat is reminded next, NextDeadline when
	// its deadline passes; zero for never.
	NextReminder time.Time
	NextDeadline time.Time
	// AwayUntil is set while the seat's player is away.
	AwayUntil time.Time
	// Reminders is how many reminders the seat has had in this wait;
	// Deadlined is set once its deadline passed. A front end without
	// pings (the playground) shows them instead.
	Reminders int
	Deadlined bool
}

// Waits is each seat's clock of a match, as of now, with its players'
// absences: for /status and the playground.
func (s *Service) Waits(ctx context.Context, m Match) ([]SeatWait, error) {
	now := s.now()
	out := make([]SeatWait, len(m.Seats))
	for i, st := range m.Seats {
		w := SeatWait{Seat: i}
		if i < len(m.Clock.Seats) && !m.Clock.Seats[i].Since.IsZero() && m.IsActive(i) {
			w.Waiting = true
			w.Waited = now.Sub(m.Clock.Seats[i].Since)
			w.NextReminder = m.Clock.nextReminder(i)
			w.NextDeadline = m.Clock.nextDeadline(i)
			w.Reminders, w.Deadlined = m.Clock.Seats[i].Reminders, m.Clock.Seats[i].Deadlined
		}
		p, err := s.UserPrefs(ctx, st.UserID)
		if err != nil {
			return nil, err
		}
		if p.Away(now) {
			w.AwayUntil = p.AwayUntil
			if w.Waiting && !w.NextReminder.IsZero() && w.NextReminder.Before(p.AwayUntil) {
				w.NextReminder = p.AwayUntil
			}
			if w.Waiting && !w.NextDeadline.IsZero() && w.NextDeadline.Before(p.AwayUntil) {
				w.NextDeadline = p.AwayUntil
			}
		}
		out[i] = w
	}
	return out, nil
}

// Now is the service's clock (Config.Now): the time reminders and
// absences are measured by.
func (s *Service) Now() time.Time { return s.now() }

// dueOf is the due time a write of m would store (tickClock).
func (s *Service) dueOf(m Match) time.Time {
	due := m.Clock.due()
	if m.Status != StatusActive {
		due = time.Time{}
	}
	if at := s.abandon.next(m); !at.IsZero() && (due.IsZero() || at.Before(due)) {
		due = at
	}
	if at := m.undoExpiry(); !at.IsZero() && (due.IsZero() || at.Before(due)) {
		due = at
	}
	if at := m.computerDue(s.computer.delay); !at.IsZero() && (due.IsZero() || at.Before(due)) {
		due = at
	}
	return due
}
