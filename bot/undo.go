package bot

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/storage"
)

// UndoVoteLife is how long the other players have to answer a request to
// take a move back; silence for that long ends it.
const UndoVoteLife = 24 * time.Hour

// UndoVote is a pending request to take a move back.
type UndoVote struct {
	Seat     int       `json:"seat"`     // the seat that asked (whose move it is)
	Target   int64     `json:"target"`   // the log number of the move
	Move     string    `json:"move"`     // the move, in notation
	Approved []int     `json:"approved"` // the seats that approved so far
	Waiting  []int     `json:"waiting"`  // the seats still to answer
	Asked    time.Time `json:"asked"`
}

// PendingUndo is the match's pending request to take a move back, nil when there
// is none (or it has expired at the service's clock).
func (s *Service) PendingUndo(m Match) *UndoVote {
	if m.vote == nil || m.vote.Kind != voteUndo || s.now().Sub(m.vote.Asked) >= UndoVoteLife {
		return nil
	}
	return m.undoVote()
}

const voteUndo = "undo"

// undoExpiry is when the match's pending request to take a move back
// expires (the turn clock fires it: FireDue, ReminderUndoExpired); zero
// when there is none.
func (m Match) undoExpiry() time.Time {
	if m.Status != StatusActive || m.vote == nil || m.vote.Kind != voteUndo {
		return time.Time{}
	}
	return m.vote.Asked.Add(UndoVoteLife)
}

func (m Match) undoVote() *UndoVote {
	v := m.vote
	u := &UndoVote{Seat: v.Seat, Target: v.Target, Move: "", Approved: slices.Clone(v.Approved), Waiting: []int{}, Asked: v.Asked}
	if u.Approved == nil {
		u.Approved = []int{}
	}
	for _, s := range m.undoVoters(v.Seat) {
		if !slices.Contains(v.Approved, s) {
			u.Waiting = append(u.Waiting, s)
		}
	}
	return u
}

// undoVoters are the seats whose consent an undo by seat needs: every other
// seat still in the game that a person plays now. A computer agrees at
// once, its own seat's or one standing in for a person (Seat.Standin):
// the seat was handed to it, by its player or by the others at a
// deadline, so nobody is asked, or pinged, for it. A person who takes
// their seat back while a request is open is asked from then on.
func (m Match) undoVoters(seat int) []int {
	var out []int
	for i, st := range m.Seats {
		if i != seat && !st.Left && st.Plays() == "" {
			out = append(out, i)
		}
	}
	return out
}

// UndoOutcome is what a request to take a move back did.
type UndoOutcome struct {
	// Outcome is the match after it, with Seat the seat whose move it was,
	// and NewTurn and Notify as for a move (the turn may go back to
	// another seat). Its Move and Events are empty.
	Outcome
	// Undone is set when the move was taken back; Free when that needed
	// nobody's consent (the mover's own last move, which revealed
	// nothing).
	Undone, Free bool
	Target       int64  // the log number of the move concerned
	Taken        string // that move, in notation
	// Vote is the request the other seats are now asked to approve, when
	// the move was not taken back at once.
	Vote *UndoVote
	// Open is set when the same request was open already: nothing
	// changed, and nobody is to be asked (or pinged) again; Vote is that
	// request.
	Open bool
	// Ended says why a request ended without the move being taken back:
	// "rejected", "expired" or "withdrawn" (its seat was handed on:
	// ReplaceOutcome.Withdrawn); empty otherwise.
	Ended string
}

// UndoRequest asks to take back the user's last move.
type UndoRequest struct {
	Ref
	UserID    string
	RequestID string // the interaction; a second delivery changes nothing
	// Target, when not zero, is the log number of the move the user saw
	// (a button's); another latest move fails with ErrStale.
	Target int64
}

// Undo takes back the user's last move. It must be the latest move still
// standing (no other seat has acted since). When it revealed nothing
// (engine.Game.Revealed) it is taken back at once; otherwise the other
// seats are asked, and it is taken back once all of them approve
// (VoteUndo). The undo is a log entry: the log stays append-only, and
// replaying it reaches the position before the move, random outcomes
// included.
func (s *Service) Undo(ctx context.Context, req UndoRequest) (UndoOutcome, error) {
	id, err := s.resolve(ctx, req.Ref)
	if err != nil {
		return UndoOutcome{}, err
	}
	var out UndoOutcome
	m, err := s.update(ctx, id, req.RequestID, func(m *Match) (*storage.LogEntry, error) {
		out = UndoOutcome{}
		if m.Status != StatusActive {
			return nil, m.notActive()
		}
		seat := m.SeatOf(req.UserID)
		if seat < 0 {
			return nil, ErrNotSeated
		}
		if m.Seats[seat].Computer != "" {
			return nil, m.computerSeat(seat)
		}
		last, before, err := s.lastStanding(ctx, m)
		if err != nil {
			return nil, err
		}
		if req.Target != 0 && req.Target != last.Seq {
			return nil, ErrStale
		}
		out.Target, out.Taken, out.Seat = last.Seq, last.Move, last.Seat
		if last.Seat != seat {
			return nil, detailed(KindNotAllowed, "undo-player", "player", m.Seats[last.Seat].Name, "n", strconv.FormatInt(int64(last.Seq), 10), "move", last.Move)
		}
		if v := s.PendingUndo(*m); v != nil && v.Target == last.Seq {
			out.Vote = v
			return nil, errVoteOpen
		}
		if !m.game.Revealed(before, m.state) || len(m.undoVoters(seat)) == 0 {
			out.Undone, out.Free = true, !m.game.Revealed(before, m.state)
			return s.takeBack(m, last, before, seat, req.RequestID)
		}
		m.vote = &storage.Vote{Kind: voteUndo, Seat: seat, Target: last.Seq, Approved: []int{}, Asked: s.now()}
		out.Vote = m.undoVote()
		out.Vote.Move = last.Move
		return nil, nil
	})
	if errors.Is(err, errVoteOpen) {
		cur, lerr := s.load(ctx, id)
		if lerr != nil {
			return UndoOutcome{}, lerr
		}
		out.Match, out.Open = cur, true
		out.Vote.Move = out.Taken
		return out, nil
	}
	// Applied but not confirmed by a replica: it stands, and the front
	// end says so (Outcome.Unconfirmed), as for a move.
	unconfirmed := errors.Is(err, storage.ErrUnconfirmed) && m.ID != ""
	if err != nil && !unconfirmed {
		if req.RequestID != "" && (errors.Is(err, storage.ErrDuplicate) || s.wasApplied(ctx, id, req.RequestID, m)) {
			cur, lerr := s.load(ctx, id)
			if lerr != nil {
				return UndoOutcome{}, lerr
			}
			return UndoOutcome{Outcome: Outcome{Match: cur, Seat: -1, Duplicate: true}}, nil
		}
		return UndoOutcome{}, err
	}
	out.Match, out.Unconfirmed = m, unconfirmed
	return s.finishUndo(out), nil
}

// errVoteOpen stops a write when the same request is already open.
var errVoteOpen = errors.New("bot: the undo request is already open")

// VoteUndo answers the pending request to take back the move logged at
// target: a rejection ends it, the last approval takes the move back.
// A request that has expired, was answered already or no longer applies
// (another move was played) fails with ErrStale or says it ended.
func (s *Service) VoteUndo(ctx context.Context, r Ref, userID string, target int64, approve bool) (UndoOutcome, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return UndoOutcome{}, err
	}
	var out UndoOutcome
	m, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		out = UndoOutcome{Target: target}
		if m.Status != StatusActive {
			return nil, m.notActive()
		}
		seat := m.SeatOf(userID)
		if seat < 0 {
			return nil, ErrNotSeated
		}
		if m.Seats[seat].Computer != "" {
			return nil, m.computerSeat(seat)
		}
		if m.vote == nil || m.vote.Kind != voteUndo || m.vote.Target != target {
			for _, r := range m.Clock.Replaced {
				if r.WithdrewUndo == target {
					// Its seat was handed on: say so, not merely over.
					return nil, detailed(KindStale, "undo-withdrawn", "seat", strconv.Itoa(r.Seat+1))
				}
			}
			return nil, errNoVote
		}
		out.Seat = m.vote.Seat
		if s.now().Sub(m.vote.Asked) >= UndoVoteLife {
			m.vote, out.Ended = nil, "expired"
			return nil, nil
		}
		if seat == m.vote.Seat {
			return nil, detailed(KindNotAllowed, "undo-own")
		}
		if m.Seats[seat].Left {
			return nil, ErrNotSeated
		}
		if !approve {
			m.vote, out.Ended = nil, "rejected"
			return nil, nil
		}
		if !slices.Contains(m.vote.Approved, seat) {
			v := *m.vote
			v.Approved = append(slices.Clone(v.Approved), seat)
			m.vote = &v
		}
		out.Vote = m.undoVote()
		if len(out.Vote.Waiting) > 0 {
			return nil, nil
		}
		last, before, err := s.lastStanding(ctx, m)
		if err != nil {
			return nil, err
		}
		if last.Seq != target {
			m.vote, out.Ended = nil, "expired"
			return nil, nil
		}
		out.Undone, out.Taken, out.Vote = true, last.Move, nil
		return s.takeBack(m, last, before, last.Seat, "")
	})
	if errors.Is(err, errNoVote) {
		return UndoOutcome{}, detailed(KindStale, "undo-over")
	}
	unconfirmed := errors.Is(err, storage.ErrUnconfirmed) && m.ID != ""
	if err != nil && !unconfirmed {
		return UndoOutcome{}, err
	}
	out.Match, out.Unconfirmed = m, unconfirmed
	if e, lerr := s.Log(ctx, ByID(id), target); lerr == nil && len(e) > 0 {
		out.Taken = e[0].Move
		if out.Vote != nil {
			out.Vote.Move = e[0].Move
		}
	}
	return s.finishUndo(out), nil
}

var errNoVote = errors.New("bot: no such undo request")

// undoAgreed carries out m's pending request to take a move back when a
// change of seats left nobody to answer it (the last voter's seat went to
// a computer, which agrees at once): it returns the undo's log entry and
// sets *out, as the last approval would. A request that no longer applies
// ends; with none, or someone still to answer, nothing changes.
func (s *Service) undoAgreed(ctx context.Context, m *Match, out **UndoOutcome) (*storage.LogEntry, error) {
	v := s.PendingUndo(*m)
	if v == nil || len(v.Waiting) > 0 {
		return nil, nil
	}
	last, before, err := s.lastStanding(ctx, m)
	if err != nil {
		return nil, err
	}
	if last.Seq != v.Target {
		m.vote = nil
		return nil, nil
	}
	*out = &UndoOutcome{Outcome: Outcome{Seat: last.Seat}, Undone: true, Target: last.Seq, Taken: last.Move}
	return s.takeBack(m, last, before, last.Seat, "")
}

// finishUndo fills in the turn change of an undone move.
func (s *Service) finishUndo(out UndoOutcome) UndoOutcome {
	if out.Undone {
		out.NewTurn, out.Notify = true, out.Match.persons(out.Match.Play.Active)
	}
	return out
}

// lastStanding finds the latest move still standing in a match's log and
// the position before it (replaying the log).
func (s *Service) lastStanding(ctx context.Context, m *Match) (LogEntry, engine.State, error) {
	log, err := s.Log(ctx, ByID(m.ID), 0)
	if err != nil {
		return LogEntry{}, nil, err
	}
	moves := recordMoves(log)
	standing := engine.Standing(moves)
	if len(standing) == 0 {
		return LogEntry{}, nil, detailed(KindInvalid, "undo-none")
	}
	res, err := s.replay(ctx, *m, engine.KeepStates())
	if err != nil {
		return LogEntry{}, nil, err
	}
	last := log[standing[len(standing)-1]]
	var before engine.State
	if n := len(standing); n >= 2 {
		before = res.Moves[standing[n-2]].State
	} else {
		before, _, err = m.game.Setup(m.setup())
		if err != nil {
			return LogEntry{}, nil, &Error{Kind: KindDamaged, MatchID: m.ID, Who: m.creatorName(), Detail: "replay match " + m.ID, Err: err}
		}
	}
	return last, before, nil
}

// takeBack returns the match to the position before the move last, with
// an undo log entry.
func (s *Service) takeBack(m *Match, last LogEntry, before engine.State, seat int, requestID string) (*storage.LogEntry, error) {
	if err := m.setState(before); err != nil {
		return nil, err
	}
	m.vote = nil
	m.Moves++
	return &storage.LogEntry{Seq: m.Moves, Seat: last.Seat, Move: engine.UndoText, Undo: last.Seq, RequestID: requestID, At: s.now()}, nil
}

// recordMoves turns a log into record entries, undos included.
func recordMoves(log []LogEntry) []engine.RecordMove {
	out := make([]engine.RecordMove, len(log))
	for i, e := range log {
		out[i] = engine.RecordMove{Seat: e.Seat, Text: e.Move, Note: e.Note}
		if e.Undo != 0 {
			// Log numbers are 1-based positions, as record moves are.
			out[i] = engine.RecordMove{Seat: e.Seat, Text: engine.UndoText, Undo: int(e.Undo)}
		}
	}
	return out
}
