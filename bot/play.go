package bot

import (
	"context"
	"errors"
	"slices"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// SubmitRequest is one move by one user.
type SubmitRequest struct {
	Ref
	UserID string
	Move   string // the game's notation, in any spelling its parser accepts
	// RequestID makes the submission idempotent (Discord: the interaction ID).
	RequestID string
	// ExpectVersion, when non-zero, is the match version the user saw; a
	// different current version fails with ErrStale.
	ExpectVersion int64
}

// Outcome is the result of a move (or a start or resignation).
type Outcome struct {
	Match Match
	Seat  int    // the seat that acted, -1 for none
	Move  string // canonical notation of the applied move
	// Events narrate what happened, for every audience, as the engine
	// wrote them ("seat N"); show each viewer only EventsFor(its seat),
	// which also names the seats.
	Events []engine.Event
	// Duplicate is set when the RequestID had already been applied: nothing
	// changed, Match is the current match and Events is empty; Seat and
	// Move are those of the move the request played, read from its log
	// entry, as the first answer gave them (Move is empty only when that
	// entry is no longer among the log's last entries).
	Duplicate bool
	// NewTurn is set when a turn begins with this outcome (the match
	// starts, a seat newly must act, or the game's Status.Turn moves on) or
	// when the game ends: front ends show the board and whose turn it is.
	// A move that continues a turn (Brass's second action, a free action,
	// another seat still deciding) leaves it unset and deserves a line of
	// narration only.
	NewTurn bool
	// Unconfirmed is set when the store applied the move but no replica
	// confirmed it in time (storage.ErrUnconfirmed): the move stands and
	// the turn goes on, and front ends show the mover UnconfirmedNote,
	// since a failover before the copy would take the move back.
	Unconfirmed bool
	// Notify lists the seats that newly must act, in Status.Active order:
	// each is told once when its turn (or a decision owed in another's
	// turn) begins, however many moves it then takes.
	Notify []int
}

// UnconfirmedNote is what the mover of an Outcome.Unconfirmed move is
// told, in every front end: the English of UnconfirmedNoteIn (message
// play.unconfirmed). A function, not a value worded at package init,
// which read the host's whole catalog at start (docs/performance.md,
// "Cold start").
func UnconfirmedNote() string { return UnconfirmedNoteIn(lang.English) }

// UnconfirmedNoteIn is UnconfirmedNote in the mover's language l.
func UnconfirmedNoteIn(l lang.Lang) string { return Say(l, "play.unconfirmed") }

// turnChange compares the status before a move (nil before the start)
// with the one after it, for Outcome.NewTurn and Outcome.Notify.
func turnChange(prev, next *engine.Status) (newTurn bool, notify []int) {
	switch {
	case next == nil:
		return false, nil
	case next.Finished:
		return true, nil
	case prev == nil || prev.Finished || next.Turn != prev.Turn:
		return true, slices.Clone(next.Active)
	}
	for _, s := range next.Active {
		if !slices.Contains(prev.Active, s) {
			notify = append(notify, s)
		}
	}
	return len(notify) > 0, notify
}

// EventsFor filters the events a seat (or engine.Spectator) may see, as
// that seat reads them (Match.NarrateFor: the seats named by their
// players, "you" and "your" for the seat itself).
func (o Outcome) EventsFor(seat int) []engine.Event {
	return o.Match.narrated(o.Events, seat)
}

// Submit plays a move: load, check seat and turn, parse, apply, encode and
// commit with the log entry, retrying on a lost race against the fresh
// state. An illegal move fails with a KindRule Error wrapping the engine's
// *engine.RuleError, an incomplete one with KindIncomplete and the choices
// that continue it.
func (s *Service) Submit(ctx context.Context, req SubmitRequest) (Outcome, error) {
	text, err := cleanMove(req.Move)
	if err != nil {
		return Outcome{}, err
	}
	id, err := s.resolve(ctx, req.Ref)
	if err != nil {
		return Outcome{}, err
	}
	var (
		evs  []engine.Event
		seat int
		move string
		prev *engine.Status
	)
	m, err := s.update(ctx, id, req.RequestID, func(m *Match) (*storage.LogEntry, error) {
		if req.ExpectVersion != 0 && m.Stale(req.ExpectVersion) {
			return nil, ErrStale
		}
		if m.Status != StatusActive {
			return nil, m.notActive()
		}
		seat = m.SeatOf(req.UserID)
		if seat < 0 {
			return nil, ErrNotSeated
		}
		if m.Seats[seat].Computer != "" {
			return nil, m.computerSeat(seat)
		}
		if !m.IsActive(seat) {
			return nil, m.notYourTurn()
		}
		mv, err := m.game.ParseMove(text)
		if err != nil {
			return nil, m.moveError(err, seat, nil)
		}
		prev = m.Play
		next, e, err := m.game.Apply(m.state, seat, mv)
		if err != nil {
			return nil, m.moveError(err, seat, mv)
		}
		if err := m.setState(next); err != nil {
			return nil, err
		}
		m.vote = nil               // a request to take back an earlier move no longer applies
		m.Seats[seat].Standin = "" // the player is back: the computer stops playing the seat
		move, evs = m.game.FormatMove(mv), e
		m.Moves++
		return &storage.LogEntry{Seq: m.Moves, Seat: seat, Move: move, RequestID: req.RequestID, At: s.now()}, nil
	})
	unconfirmed := errors.Is(err, storage.ErrUnconfirmed) && m.ID != ""
	if err != nil && !unconfirmed {
		if req.RequestID != "" {
			entry, found := s.applied(ctx, id, req.RequestID, m)
			if found || errors.Is(err, storage.ErrDuplicate) {
				cur, lerr := s.load(ctx, id)
				if lerr != nil {
					return Outcome{}, lerr
				}
				if !found {
					entry, found = s.applied(ctx, id, req.RequestID, cur)
				}
				o := Outcome{Match: cur, Seat: cur.SeatOf(req.UserID), Duplicate: true}
				if found {
					o.Seat, o.Move = entry.Seat, entry.Move
				}
				return o, nil
			}
		}
		if m.Status == StatusActive && !HostFault(err) {
			s.metrics.Move(m.Game, MoveRefused)
		}
		return Outcome{}, err
	}
	s.metrics.Move(m.Game, MoveApplied)
	s.log.DebugContext(ctx, "move", "match", m.ID, "seat", seat, "move", move, "version", m.Version)
	if m.Status == StatusFinished {
		s.keepResult(ctx, m) // for /stats
	}
	o := Outcome{Match: m, Seat: seat, Move: move, Events: evs, Unconfirmed: unconfirmed}
	o.NewTurn, o.Notify = turnChange(prev, m.Play)
	o.Notify = m.persons(o.Notify)
	return o, nil
}

// dupWindow is how far back in the log a repeated RequestID is looked for
// when the repeated move no longer applies.
const dupWindow = 64

// applied finds a request ID among the last log entries of a match and
// returns its entry; it is asked only when a write fails, so a retried
// submission that was applied before answers as a duplicate, with the
// move it played, rather than as an error.
func (s *Service) applied(ctx context.Context, id, requestID string, m Match) (storage.LogEntry, bool) {
	if m.ID == "" || m.Moves == 0 {
		return storage.LogEntry{}, false
	}
	log, err := s.store.Log(ctx, id, max(1, m.Moves-dupWindow+1))
	if err != nil {
		return storage.LogEntry{}, false
	}
	for _, e := range log {
		if e.RequestID == requestID {
			return e, true
		}
	}
	return storage.LogEntry{}, false
}

// wasApplied reports whether applied finds the request ID.
func (s *Service) wasApplied(ctx context.Context, id, requestID string, m Match) bool {
	_, found := s.applied(ctx, id, requestID, m)
	return found
}

// playable loads a match and checks that the user may decide now.
func (s *Service) playable(ctx context.Context, r Ref, userID string) (Match, int, error) {
	m, err := s.Get(ctx, r)
	if err != nil {
		return Match{}, -1, err
	}
	if m.Status != StatusActive {
		return m, -1, m.notActive()
	}
	seat := m.SeatOf(userID)
	if seat < 0 {
		return m, -1, ErrNotSeated
	}
	if m.Seats[seat].Computer != "" {
		return m, seat, m.computerSeat(seat)
	}
	if !m.IsActive(seat) {
		return m, seat, m.notYourTurn()
	}
	return m, seat, nil
}

// notYourTurn names the players the match waits for.
func (m Match) notYourTurn() error {
	e := &Error{Kind: KindNotYourTurn}
	if m.Play != nil {
		for _, s := range m.Play.Active {
			if s >= 0 && s < len(m.Seats) {
				e.Who = append(e.Who, m.Seats[s].Name)
			}
		}
	}
	return e
}

// moveError gives a refused move (or partial move) the facts its
// explanation needs: the broken rule's help topic, or the choices that
// continue an incomplete move.
func (m Match) moveError(err error, seat int, mv engine.Move) error {
	if re, ok := engine.AsRule(err); ok {
		info := m.game.Info()
		e := &Error{Kind: KindRule, Rule: re, Err: err, Game: &info}
		if t, ok := engine.FindTopic(m.game.Info().Help, re.Topic); ok && re.Topic != "" {
			e.Topic = &t
		}
		return e
	}
	switch {
	case errors.Is(err, engine.ErrIncompleteMove):
		info := m.game.Info()
		e := &Error{Kind: KindIncomplete, Move: m.game.FormatMove(mv), Err: err, Game: &info}
		if ch, cerr := m.game.Choices(m.state, seat, mv); cerr == nil {
			ch = m.namedChoices(ch, seat)
			e.Choices = &ch
		}
		return e
	case errors.Is(err, engine.ErrNotYourTurn):
		return m.notYourTurn()
	case errors.Is(err, engine.ErrGameOver):
		return m.over()
	}
	return err
}

// Choices lists the legal next tokens of a partly built move (notation; ""
// for the first decision), for step-by-step pickers.
func (s *Service) Choices(ctx context.Context, r Ref, userID, partial string) (engine.Choices, Match, error) {
	partial, err := cleanMove(partial)
	if err != nil {
		return engine.Choices{}, Match{}, err
	}
	m, seat, err := s.playable(ctx, r, userID)
	if err != nil {
		return engine.Choices{}, m, err
	}
	var mv engine.Move
	if strings.TrimSpace(partial) != "" {
		mv, err = m.game.ParseMove(partial)
		if err != nil {
			return engine.Choices{}, m, m.moveError(err, seat, nil)
		}
	}
	ch, err := m.game.Choices(m.state, seat, mv)
	if err != nil {
		return engine.Choices{}, m, m.moveError(err, seat, mv)
	}
	return m.namedChoices(ch, seat), m, nil
}

// namedChoices is ch as seat reads it: the seats in its prompt, labels and
// help named by their players, its own possessions as "your"
// (Match.NameFor). Tokens are the notation and stay as they are.
func (m Match) namedChoices(ch engine.Choices, seat int) engine.Choices {
	ch.Prompt = m.NameFor(ch.Prompt, seat)
	if len(ch.Next) > 0 {
		next := make([]engine.Choice, len(ch.Next))
		for i, c := range ch.Next {
			c.Label, c.Help = m.NameFor(c.Label, seat), m.NameFor(c.Help, seat)
			next[i] = c
		}
		ch.Next = next
	}
	return ch
}

// Suggest autocompletes typed notation with legal moves (at most limit).
// A user who may not move now gets no suggestions and the reason.
func (s *Service) Suggest(ctx context.Context, r Ref, userID, typed string, limit int) ([]engine.Suggestion, error) {
	typed, err := cleanMove(typed)
	if err != nil {
		return nil, err
	}
	m, seat, err := s.playable(ctx, r, userID)
	if err != nil {
		return nil, err
	}
	sug := engine.Suggest(m.game, m.state, seat, typed, limit)
	for i := range sug {
		sug[i].Label = m.NameFor(sug[i].Label, seat)
	}
	return sug, nil
}
