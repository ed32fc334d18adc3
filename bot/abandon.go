package bot

import "time"

// An open match nobody moves in ends as abandoned (Config.AbandonAfter):
// its players are warned in its channel AbandonWarn before, and then the
// match is aborted and kept for export like any ended match. The limit
// counts from the match's last change that is not the clock's own
// (Clock.Active): a reminder does not keep a match alive.

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

func (a abandonRule) endAt(m Match) time.Time {
	if a.after <= 0 || !m.Status.Open() {
		return time.Time{}
	}
	return since(m).Add(a.after)
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

// Abandon is where the match stands with the abandon limit now.
func (s *Service) Abandon(m Match) AbandonState {
	st := AbandonState{Ends: s.abandon.endAt(m), Abandoned: m.Clock.Abandoned, After: s.abandon.after}
	if m.Status.Open() {
		st.Warned = m.Clock.Warned
		st.Idle = s.now().Sub(since(m))
	}
	return st
}
