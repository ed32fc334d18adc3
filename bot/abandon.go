package bot

import (
	"time"

	"github.com/smokestack/smokestack/engine/lang"
)

// An open match nobody moves in ends as abandoned (Config.AbandonAfter):
// its players are warned in its channel AbandonWarn before, and then the
// match is aborted and kept for export like any ended match. The limit
// counts from the match's last change that is not the clock's own
// (Clock.Active): a reminder does not keep a match alive.
//
// A match never ends unwarned, nor sooner than AbandonWarn after its
// warning: when the warning goes out late (no process ran the clock at
// its time), the end moves to AbandonWarn after the warning actually
// went out (Clock.WarnedAt); a match found past its limit without a
// warning is warned then, not ended.

// abandonRule is the service's abandon limit and warning.
type abandonRule struct {
	after, warn time.Duration
}

// DefaultAbandonWarn is how long before the abandon limit the players
// are warned.
const DefaultAbandonWarn = 3 * 24 * time.Hour

func newAbandonRule(after, warn time.Duration) abandonRule {
	if after <= 0 {
		return abandonRule{}
	}
	if warn <= 0 {
		warn = DefaultAbandonWarn
	}
	return abandonRule{after: after, warn: min(warn, after/2)}
}

// since is when the match's abandon limit counts from.
func since(m Match) time.Time {
	if !m.Clock.Active.IsZero() {
		return m.Clock.Active
	}
	return m.Updated
}

// warnAt and endAt are when the match's players are warned and when it
// ends; zero for never.
func (a abandonRule) warnAt(m Match) time.Time {
	if a.after <= 0 || !m.Status.Open() || m.Clock.Warned {
		return time.Time{}
	}
	return since(m).Add(a.after - a.warn)
}

// endAt is the end of a warned match; of one not yet warned, the end
// its warning would announce if given on time.
func (a abandonRule) endAt(m Match) time.Time {
	if a.after <= 0 || !m.Status.Open() {
		return time.Time{}
	}
	end := since(m).Add(a.after)
	if m.Clock.Warned {
		end = later(end, m.Clock.WarnedAt.Add(a.warn))
	}
	return end
}

// endsIfWarnedAt is the end a warning given at now announces: the limit,
// but never sooner than the warning period after it.
func (a abandonRule) endsIfWarnedAt(m Match, now time.Time) time.Time {
	if a.after <= 0 || !m.Status.Open() {
		return time.Time{}
	}
	return later(since(m).Add(a.after), now.Add(a.warn))
}

// endDue reports whether the match ends as abandoned at now: only a
// warned one does.
func (a abandonRule) endDue(m Match, now time.Time) bool {
	end := a.endAt(m)
	return m.Clock.Warned && !end.IsZero() && !end.After(now)
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// next is the match's next abandon event; zero for none.
func (a abandonRule) next(m Match) time.Time {
	if w := a.warnAt(m); !w.IsZero() {
		return w
	}
	return a.endAt(m)
}

// AbandonState is where a match stands with the abandon limit, for a
// front end that shows it rather than posts it (the playground).
type AbandonState struct {
	// Ends is when the open match ends as abandoned unless someone
	// moves; zero when it never does (no limit, or it has ended).
	Ends time.Time
	// Warned is set while the players' warning stands: it was given
	// (ReminderAbandonWarning) and nobody moved since.
	Warned bool
	// Abandoned is set once the match ended as abandoned.
	Abandoned bool
	// Idle is how long the open match has gone without a move; After is
	// the limit (Config.AbandonAfter), zero for none.
	Idle, After time.Duration
}

// Abandon is where the match stands with the abandon limit now. Before
// the warning, Ends is when the match would end if nobody moved, counting
// a warning that is overdue (nothing ran the clock) as given now.
func (s *Service) Abandon(m Match) AbandonState {
	now := s.now()
	st := AbandonState{Ends: s.abandon.endAt(m), Abandoned: m.Clock.Abandoned, After: s.abandon.after}
	if !m.Clock.Warned {
		st.Ends = s.abandon.endsIfWarnedAt(m, now)
	}
	if m.Status.Open() {
		st.Warned = m.Clock.Warned
		st.Idle = now.Sub(since(m))
	}
	return st
}

// Notice is what a front end shows of the abandon limit, the same words
// everywhere: the warning while it stands, and the end; empty otherwise.
// at writes a time the front end's way (a date, a Discord timestamp).
// It is English; NoticeIn words it in a reader's language.
func (a AbandonState) Notice(at func(time.Time) string) string {
	return a.NoticeIn(lang.English, at)
}

// NoticeIn is Notice in l (messages abandon.*).
func (a AbandonState) NoticeIn(l lang.Lang, at func(time.Time) string) string {
	switch {
	case a.Abandoned:
		if a.After > 0 {
			return Say(l, "abandon.ended", "span", SpanPrepIn(l, a.After))
		}
		return Say(l, "abandon.ended-long")
	case a.Warned && !a.Ends.IsZero():
		return Say(l, "abandon.warned", "span", WaitedIn(l, a.Idle), "at", at(a.Ends))
	}
	return ""
}
