package bot

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// Vote is the other players' vote on a seat whose deadline passed
// (DeadlineReplace): a majority of them decides.
type Vote struct {
	Opened time.Time `json:"opened"`
	// Ballots are the choices so far, by voter's user ID.
	Ballots map[string]string `json:"ballots,omitempty"`
}

// The choices of a deadline vote.
const (
	VoteWait    = "wait"    // wait one more deadline
	VoteDefault = "default" // play the seat's default move for this turn
	VoteOpen    = "open"    // open the seat to a substitute (Replace)
	// VoteComputer lets the computer play the seat (Seat.Standin) until
	// its player moves again or comes back (Reclaim).
	VoteComputer = "computer"
)

// VoteChoices lists the choices of a deadline vote in the order front
// ends offer them.
var VoteChoices = []string{VoteWait, VoteDefault, VoteOpen, VoteComputer}

// voters are the users who vote on seat: every other seated player who
// has not left, once each.
func (m Match) voters(seat int) []string {
	var out []string
	for i, st := range m.Seats {
		if i == seat || st.Left || st.Computer != "" || st.UserID == m.Seats[seat].UserID || slices.Contains(out, st.UserID) {
			continue
		}
		out = append(out, st.UserID)
	}
	return out
}

// VoteRequest is one ballot.
type VoteRequest struct {
	Ref
	Seat   int    // the seat voted on, 0-based
	UserID string // the voter
	Choice string // VoteWait, VoteDefault, VoteOpen or VoteComputer
}

// VoteResult is the state of a vote after a ballot.
type VoteResult struct {
	Match Match
	Seat  int
	// Tally counts the ballots by choice; Voters is how many may vote
	// and Needed how many make a majority.
	Tally          map[string]int
	Voters, Needed int
	// Decided is the choice a majority took; empty while the vote runs.
	Decided string
	// NoVoters is set when the vote ended because nobody was left to
	// vote (a handover gave their seats to computers): the seat's
	// deadline starts again.
	NoVoters bool
	// HandedOver is set when the vote ended because the seat it was
	// about was handed to someone (Replace): its new player, a person
	// or a computer, plays it now.
	HandedOver bool
	// Moves are the default moves played for the seat (VoteDefault), in
	// order; front ends show them as moves.
	Moves []Outcome
	// Undone is the request to take a move back that the vote carried
	// out: VoteComputer gave the seat of its last voter to the computer,
	// which agrees at once (as ReplaceOutcome.Undone).
	Undone *UndoOutcome
}

// CastVote records a ballot in the vote on a seat whose deadline passed.
// When a majority of the other players agree, the choice takes effect at
// once: VoteWait restarts the seat's deadline, VoteDefault plays the
// seat's default move for its turn (each narrated as such in the log and
// the record), VoteOpen opens the seat to a substitute (Replace). A voter
// may change their ballot while the vote runs.
func (s *Service) CastVote(ctx context.Context, req VoteRequest) (VoteResult, error) {
	if !slices.Contains(VoteChoices, req.Choice) {
		return VoteResult{}, invalid("vote-choice", "wait", VoteWait, "default", VoteDefault, "open", VoteOpen, "computer", VoteComputer, "value", Echoed(req.Choice))
	}
	id, err := s.resolve(ctx, req.Ref)
	if err != nil {
		return VoteResult{}, err
	}
	res := VoteResult{Seat: req.Seat}
	now := s.now()
	m, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		res.Decided, res.Tally = "", map[string]int{}
		if m.Status != StatusActive {
			return nil, m.notActive()
		}
		if req.Seat < 0 || req.Seat >= len(m.Seats) || req.Seat >= len(m.Clock.Seats) || m.Clock.Seats[req.Seat].Vote == nil {
			return nil, detailed(KindInvalid, "vote-none", "seat", strconv.Itoa(req.Seat+1))
		}
		voters := m.voters(req.Seat)
		if !slices.Contains(voters, req.UserID) {
			return nil, detailed(KindInvalid, "vote-others", "who", Echoed(m.Seats[req.Seat].Name))
		}
		m.clockOnly = true
		m.Clock.Seats = slices.Clone(m.Clock.Seats)
		sc := &m.Clock.Seats[req.Seat]
		v := *sc.Vote
		v.Ballots = maps.Clone(v.Ballots)
		if v.Ballots == nil {
			v.Ballots = map[string]string{}
		}
		v.Ballots[req.UserID] = req.Choice
		sc.Vote = &v
		res.Undone = nil
		m.countVote(req.Seat, now, &res)
		if res.Decided == VoteComputer {
			m.clockOnly = false // a change of the seat, not of the clock
			return s.undoAgreed(ctx, m, &res.Undone)
		}
		return nil, nil
	})
	if err != nil {
		return VoteResult{}, err
	}
	res.Match = m
	if res.Undone != nil {
		res.Undone.Match = m
		res.Undone = new(s.finishUndo(*res.Undone))
	}
	s.log.InfoContext(ctx, "deadline vote", "match", m.ID, "seat", req.Seat, "decided", res.Decided)
	if res.Decided == VoteDefault {
		res.Moves, err = s.PlayDefault(ctx, ByID(m.ID), req.Seat, "default move: the deadline passed and the other players chose it")
		if len(res.Moves) > 0 {
			res.Match = res.Moves[len(res.Moves)-1].Match
		}
		if err != nil {
			return res, err
		}
	}
	return res, nil
}

// countVote counts the open vote on seat among its voters now (m.voters)
// into res and, when a majority agrees, carries out their choice: all
// but the default moves, which follow the commit (PlayDefault). A vote
// with nobody left to vote (their seats went to computers) ends, and the
// seat's deadline starts again (res.NoVoters). m.Clock.Seats must be m's
// own copy.
func (m *Match) countVote(seat int, now time.Time, res *VoteResult) {
	voters := m.voters(seat)
	sc := &m.Clock.Seats[seat]
	res.Seat, res.Decided, res.Tally = seat, "", map[string]int{}
	res.Voters, res.Needed = len(voters), len(voters)/2+1
	if len(voters) == 0 {
		res.NoVoters = true
		sc.Vote, sc.Deadlined, sc.DeadlineFrom = nil, false, now
		return
	}
	for _, u := range voters {
		if c, ok := sc.Vote.Ballots[u]; ok {
			res.Tally[c]++
		}
	}
	for _, c := range VoteChoices {
		if res.Tally[c] >= res.Needed {
			res.Decided = c
		}
	}
	switch res.Decided {
	case VoteWait:
		sc.Vote, sc.Deadlined, sc.DeadlineFrom = nil, false, now
	case VoteOpen:
		sc.Vote, sc.Open = nil, true
	case VoteComputer:
		// The computer's move is due at once (the seat has waited long
		// enough).
		sc.Vote, sc.Deadlined, sc.DeadlineFrom = nil, false, now
		m.standIn(seat, DefaultComputerLevel)
	case VoteDefault:
		// The moves follow, each its own commit; a crash in between
		// leaves the seat waiting, and its deadline comes again.
		sc.Vote, sc.Deadlined, sc.DeadlineFrom = nil, false, now
	}
}

// maxDefaultMoves bounds the default moves of one turn.
const maxDefaultMoves = 20

// PlayDefault plays the seat's default move (engine.Game.DefaultMove)
// until its turn is over, each move a commit whose log entry carries note,
// which the log and the exported record show.
func (s *Service) PlayDefault(ctx context.Context, r Ref, seat int, note string) ([]Outcome, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return nil, err
	}
	var out []Outcome
	turn := -1
	for range maxDefaultMoves {
		var (
			evs  []engine.Event
			move string
			prev *engine.Status
		)
		m, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
			if m.Status != StatusActive || !m.IsActive(seat) || (turn >= 0 && m.Play.Turn != turn) {
				return nil, errNoTick
			}
			if turn < 0 {
				turn = m.Play.Turn
			}
			mv, err := m.game.DefaultMove(m.state, seat)
			if err != nil {
				return nil, fmt.Errorf("bot: default move of seat %d in %s: %w", seat+1, m.ID, err)
			}
			prev = m.Play
			next, e, err := m.game.Apply(m.state, seat, mv)
			if err != nil {
				return nil, fmt.Errorf("bot: default move of seat %d in %s: %w", seat+1, m.ID, err)
			}
			if err := m.setState(next); err != nil {
				return nil, err
			}
			m.vote = nil // a request to take back an earlier move no longer applies
			move = m.game.FormatMove(mv)
			evs = append([]engine.Event{hostEvent(defaultMoveKind, seat)}, e...)
			m.Moves++
			return &storage.LogEntry{Seq: m.Moves, Seat: seat, Move: move, At: s.now(), Note: note}, nil
		})
		if errors.Is(err, errNoTick) {
			return out, nil
		}
		if err != nil && !errors.Is(err, storage.ErrUnconfirmed) {
			return out, err
		}
		if m.Status == StatusFinished {
			s.keepResult(ctx, m) // for /stats
		}
		o := Outcome{Match: m, Seat: seat, Move: move, Events: evs, Unconfirmed: err != nil}
		o.NewTurn, o.Notify = turnChange(prev, m.Play)
		o.Notify = m.persons(o.Notify)
		out = append(out, o)
	}
	return out, nil
}

// Replacement is one seat handed to another player.
type Replacement struct {
	Seat  int       `json:"seat"`
	From  string    `json:"from"` // the names, as they were
	To    string    `json:"to"`
	By    string    `json:"by"`    // who handed it over (user ID)
	Moves int64     `json:"moves"` // moves played before it
	At    time.Time `json:"at"`
	// FromID and ToID are the user IDs of the seat's player before and
	// after; empty in a match stored before they were kept.
	FromID string `json:"from_id,omitempty"`
	ToID   string `json:"to_id,omitempty"`
	// WithdrewUndo is the log number of the move whose open request to
	// be taken back (by this seat's player) the handover withdrew; zero
	// when there was none.
	WithdrewUndo int64 `json:"withdrew_undo,omitempty"`
}

// PlayerAt is the user ID of whoever held seat when the log entry seq was
// made, from the seat's handovers (Clock.Replaced); empty when a handover
// stored before the IDs were kept leaves it unknown. A computer standing
// in for the holder does not change it (its moves carry a Note).
func (m Match) PlayerAt(seat int, seq int64) string {
	if r := m.handedAfter(seat, seq); r != nil {
		return r.FromID
	}
	return m.Seats[seat].UserID
}

// handedAfter is the first handover of seat after log entry seq, whose
// From held the seat when seq was made; nil when the seat's player now
// did.
func (m Match) handedAfter(seat int, seq int64) *Replacement {
	var first *Replacement
	for i := len(m.Clock.Replaced) - 1; i >= 0; i-- {
		r := &m.Clock.Replaced[i]
		if r.Seat != seat {
			continue
		}
		if seq > r.Moves {
			break
		}
		first = r
	}
	return first
}

// SeatNameAt is the name, in l, of whoever held seat when log entry seq
// was made (Clock.Replaced): a seat handed on names its earlier player
// for the moves made before the handover.
func (m Match) SeatNameAt(seat int, seq int64, l lang.Lang) string {
	if r := m.handedAfter(seat, seq); r != nil {
		return PlayerNameIn(l, r.From)
	}
	return m.Seats[seat].NameIn(l)
}

// WordsAt is the match's words in l (WordsIn) with every seat named by
// whoever held it when log entry seq was made (SeatNameAt): the words to
// narrate that entry's events with, after a seat changed hands.
func (m Match) WordsAt(seq int64, l lang.Lang) engine.Words {
	w := m.WordsIn(l)
	names := make([]string, len(m.Seats))
	for i := range m.Seats {
		names[i] = m.SeatNameAt(i, seq, l)
	}
	w.Names = names
	return w
}

// ReplaceRequest hands a seat to another user.
type ReplaceRequest struct {
	Ref
	Seat int     // 0-based
	By   string  // who asks
	To   UserRef // who takes the seat
	// Computer, when set, hands the seat to a computer player at this
	// level instead (To is then unused).
	Computer string
	// Moderator is the front end's word that By may manage the channel
	// (Discord: Manage Channels).
	Moderator bool
	// Claim says that By takes the seat opened to a substitute for
	// themselves (Discord's "Take this seat"): refused, naming its
	// player, once the seat is no longer open.
	Claim bool
}

// Replace hands a seat of an active match to another user, who then
// plays it: sees its hand, gets its pings. The match's creator, a
// moderator or the seat's own player may hand it to anyone not seated;
// once the players voted to open the seat (VoteOpen), anyone not seated
// may take it for themselves. The seat's wait starts afresh, and the
// match keeps the replacement (Clock.Replaced) for its history.
func (s *Service) Replace(ctx context.Context, req ReplaceRequest) (Match, error) {
	o, err := s.ReplaceSeat(ctx, req)
	return o.Match, err
}

// ReplaceOutcome is what a handover (ReplaceSeat) did.
type ReplaceOutcome struct {
	Match Match
	// Undone is the request to take a move back that the handover
	// carried out: its last voter's seat went to a computer, which agrees
	// at once. Front ends announce it as an agreed undo. Nil otherwise.
	Undone *UndoOutcome
	// Votes are the deadline votes the handover ended, counted again
	// among the voters left: decided by a majority they now reach, or
	// ended for want of voters (VoteResult.NoVoters); and the vote on
	// the handed seat itself, which the handover ends
	// (VoteResult.HandedOver). Front ends announce them as a decided
	// vote.
	Votes []VoteResult
	// Withdrawn is the request to take a move back that the handover
	// withdrew (Ended "withdrawn"): it was the handed seat's, and its new
	// player did not ask. The move stands. Nil otherwise.
	Withdrawn *UndoOutcome
}

// ReplaceSeat is Replace, saying what else the handover did.
func (s *Service) ReplaceSeat(ctx context.Context, req ReplaceRequest) (ReplaceOutcome, error) {
	if req.Computer != "" {
		lvl, err := ParseComputerLevel(req.Computer)
		if err != nil {
			return ReplaceOutcome{}, err
		}
		req.Computer = lvl
	} else if IsComputerUser(req.To.ID) {
		return ReplaceOutcome{}, invalid("replace-as-user")
	}
	if (req.To.ID == "" && req.Computer == "") || req.By == "" {
		return ReplaceOutcome{}, invalid("replace-nobody")
	}
	id, err := s.resolve(ctx, req.Ref)
	if err != nil {
		return ReplaceOutcome{}, err
	}
	now := s.now()
	var (
		undo, withdrawn *UndoOutcome
		votes           []VoteResult
	)
	m, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		undo, withdrawn, votes = nil, nil, nil
		if m.Status != StatusActive {
			return nil, m.notActive()
		}
		if req.Seat < 0 || req.Seat >= len(m.Seats) {
			return nil, detailed(KindInvalid, "seat-range", "n", strconv.Itoa(len(m.Seats)), "seat", strconv.Itoa(req.Seat+1))
		}
		if m.Seats[req.Seat].Left {
			return nil, detailed(KindInvalid, "seat-left", "seat", strconv.Itoa(req.Seat+1))
		}
		open := req.Seat < len(m.Clock.Seats) && m.Clock.Seats[req.Seat].Open
		if req.Claim && !open {
			return nil, detailed(KindNotAllowed, "seat-taken", "seat", strconv.Itoa(req.Seat+1), "who", Echoed(m.Seats[req.Seat].Name))
		}
		to := Seat{UserID: req.To.ID, Name: req.To.Name}
		if req.Computer != "" {
			if m.Seats[req.Seat].Computer == req.Computer {
				return nil, detailed(KindAlreadySeated, "already-plays-seat", "who", Echoed(m.Seats[req.Seat].Name), "seat", strconv.Itoa(req.Seat+1))
			}
			rest := *m
			rest.Seats = slices.Delete(slices.Clone(m.Seats), req.Seat, req.Seat+1)
			to = rest.newComputer(req.Computer)
		} else if m.SeatOf(req.To.ID) >= 0 {
			return nil, detailed(KindAlreadySeated, "already-plays", "who", Echoed(req.To.Name))
		}
		allowed := req.By == m.Creator || req.Moderator || req.By == m.Seats[req.Seat].UserID || (open && req.By == req.To.ID && req.Computer == "")
		if !allowed {
			e := detailed(KindNotAllowed, "or-own-player")
			e.Who, e.Moderators = m.creatorName(), true
			return nil, e
		}
		if req.Computer != "" && !slices.ContainsFunc(m.Seats, func(st Seat) bool { return st != m.Seats[req.Seat] && st.Computer == "" && !st.Left }) {
			// A match needs a person, as a lobby does (Leave).
			return nil, invalid("last-person-replace", "seat", strconv.Itoa(req.Seat+1))
		}
		from := m.Seats[req.Seat]
		m.Seats[req.Seat] = to
		if from.UserID == m.Creator && m.SeatOf(m.Creator) < 0 {
			// The creator's seat passes on, and the match's creatorship
			// with it: to the person who takes it, else (a computer) to
			// the first person seated, as when the creator leaves a lobby.
			if to.Computer == "" {
				m.Creator = to.UserID
			} else if i := slices.IndexFunc(m.Seats, func(st Seat) bool { return st.Computer == "" && !st.Left }); i >= 0 {
				m.Creator = m.Seats[i].UserID
			}
		}
		m.Clock.Seats = slices.Clone(m.Clock.Seats)
		if req.Seat < len(m.Clock.Seats) {
			if m.Clock.Seats[req.Seat].Vote != nil {
				// The vote on the seat is over: someone plays it now.
				votes = append(votes, VoteResult{Seat: req.Seat, Tally: map[string]int{}, HandedOver: true})
			}
			sc := SeatClock{}
			if m.IsActive(req.Seat) {
				sc.Since = now
			}
			m.Clock.Seats[req.Seat] = sc
		}
		rep := Replacement{Seat: req.Seat, From: from.Name, To: to.Name, By: req.By, FromID: from.UserID, ToID: to.UserID, Moves: m.Moves, At: now}
		if v := s.PendingUndo(*m); v != nil && v.Seat == req.Seat {
			// The seat's request to take a move back is withdrawn: its
			// new player did not ask.
			m.vote, rep.WithdrewUndo = nil, v.Target
			withdrawn = &UndoOutcome{Outcome: Outcome{Seat: req.Seat}, Target: v.Target, Ended: "withdrawn"}
		}
		m.Clock.Replaced = append(slices.Clone(m.Clock.Replaced), rep)
		// The other seats' deadline votes are counted again among the
		// voters left.
		for i := range m.Clock.Seats {
			if i == req.Seat || m.Clock.Seats[i].Vote == nil {
				continue
			}
			res := VoteResult{}
			m.countVote(i, now, &res)
			if res.Decided != "" || res.NoVoters {
				votes = append(votes, res)
			}
		}
		return s.undoAgreed(ctx, m, &undo)
	})
	unconfirmed := errors.Is(err, storage.ErrUnconfirmed) && m.ID != ""
	if err != nil && !unconfirmed {
		return ReplaceOutcome{}, err
	}
	o := ReplaceOutcome{Match: m, Votes: votes}
	if undo != nil {
		undo.Match, undo.Unconfirmed = m, unconfirmed
		o.Undone = new(s.finishUndo(*undo))
	}
	if withdrawn != nil {
		withdrawn.Match, withdrawn.Unconfirmed = m, unconfirmed
		if e, lerr := s.Log(ctx, ByID(m.ID), withdrawn.Target); lerr == nil && len(e) > 0 {
			withdrawn.Taken = e[0].Move
		}
		s.log.InfoContext(ctx, "undo request withdrawn", "match", m.ID, "seat", req.Seat, "target", withdrawn.Target)
		o.Withdrawn = withdrawn
	}
	for i := range o.Votes {
		v := &o.Votes[i]
		v.Match = m
		s.log.InfoContext(ctx, "deadline vote", "match", m.ID, "seat", v.Seat, "decided", v.Decided, "no_voters", v.NoVoters, "handed_over", v.HandedOver)
		if v.Decided == VoteDefault {
			var derr error
			v.Moves, derr = s.PlayDefault(ctx, ByID(m.ID), v.Seat, "default move: the deadline passed and the other players chose it")
			if len(v.Moves) > 0 {
				v.Match = v.Moves[len(v.Moves)-1].Match
				o.Match = v.Match
			}
			if derr != nil {
				return o, derr
			}
		}
	}
	return o, err
}
