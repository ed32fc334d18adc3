package engine

import (
	"errors"
	"fmt"
)

// Errors of Replay about a record that does not fit the game, matched with
// errors.Is.
var (
	ErrRecordGame = errors.New("engine: record is for another game")
	// ErrRulesVersion is a rules version outside the game's range
	// (Info.SupportsRules), in a record or a Setup.
	ErrRulesVersion   = errors.New("engine: rules version not played by this build")
	ErrResultMismatch = errors.New("engine: replayed result differs from the record's")
	// ErrUndo is an undo of a move that is not the latest one still
	// standing.
	ErrUndo = errors.New("engine: only the latest move still standing can be taken back")
)

// ReplayError is a move of a record that could not be played: garbled
// notation, an illegal move (Err wraps the *RuleError) or an incomplete one.
type ReplayError struct {
	Line       int    // 1-based line in the record text, 0 when not parsed from text
	MoveNumber int    // 1-based
	Seat       int    // 0-based
	Move       string // the move as written
	Err        error
}

func (e *ReplayError) Error() string {
	where := fmt.Sprintf("move %d", e.MoveNumber)
	if e.Line > 0 {
		where = fmt.Sprintf("line %d, move %d", e.Line, e.MoveNumber)
	}
	why := e.Err.Error()
	if re, ok := AsRule(e.Err); ok {
		why = fmt.Sprintf("%s (rule %s", re.Msg, re.Code)
		if re.Topic != "" {
			why += fmt.Sprintf(", help topic %q", re.Topic)
		}
		why += ")"
	}
	return fmt.Sprintf("engine: replay %s, seat %d plays %q: %s", where, e.Seat+1, clip(e.Move), why)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Result is a replayed record.
type Result struct {
	State  State  // the final position
	Status Status // its status
	Setup  []Event
	Moves  []Played // one per record move, in order
}

// Played is one replayed move, or an undo.
type Played struct {
	Seat   int
	Move   Move // as parsed; nil for an undo
	Events []Event
	State  State // the position after the move; only with KeepStates
	// Undo is the number of the move an undo took back (RecordMove.Undo);
	// 0 for a move. An undo has no events.
	Undo int
}

// Standing lists the indexes of the moves of a record that still count,
// in order: every move but those taken back (and the undos themselves).
func Standing(moves []RecordMove) []int {
	var out []int
	for i, m := range moves {
		if m.IsUndo() {
			if n := len(out); n > 0 && out[n-1] == m.Undo-1 {
				out = out[:n-1]
			}
			continue
		}
		out = append(out, i)
	}
	return out
}

// Events lists every event of the replay: setup first, then each move's.
func (r Result) Events() []Event {
	out := append([]Event(nil), r.Setup...)
	for _, p := range r.Moves {
		out = append(out, p.Events...)
	}
	return out
}

// ReplayOption tunes Replay.
type ReplayOption func(*replayConfig)

type replayConfig struct {
	keepStates bool
}

// KeepStates makes Replay keep the position after every move in
// Result.Moves[i].State.
func KeepStates() ReplayOption { return func(c *replayConfig) { c.keepStates = true } }

// Replay sets up the record's match and plays every move in order. A record
// for another game or a rules version outside the game's range is refused (ErrRecordGame,
// ErrRulesVersion); a move that cannot be played stops the replay with a
// *ReplayError; a Result header that the final position does not give is an
// ErrResultMismatch. On a ReplayError the Result holds the game up to the
// failing move.
func Replay(g Game, r Record, opts ...ReplayOption) (Result, error) {
	var cfg replayConfig
	for _, o := range opts {
		o(&cfg)
	}
	info := g.Info()
	if r.Game != info.ID {
		return Result{}, fmt.Errorf("%w: the record is for %q, not %q", ErrRecordGame, r.Game, info.ID)
	}
	if !info.SupportsRules(r.Rules) {
		return Result{}, fmt.Errorf("%w: the record was played under rules version %d of %s; this build plays %s",
			ErrRulesVersion, r.Rules, info.ID, info.RulesRange())
	}
	st, evs, err := g.Setup(r.Setup())
	if err != nil {
		return Result{}, fmt.Errorf("engine: replay setup: %w", err)
	}
	res := Result{State: st, Setup: evs, Moves: make([]Played, 0, len(r.Moves))}
	// The moves still standing and the positions before each, for undos.
	var standing []int
	var before []State
	for i, rm := range r.Moves {
		fail := func(err error) (Result, error) {
			res.State = st
			res.Status = g.Status(st)
			return res, &ReplayError{Line: rm.Line, MoveNumber: i + 1, Seat: rm.Seat, Move: rm.Text, Err: err}
		}
		if rm.IsUndo() {
			n := len(standing)
			if n == 0 || standing[n-1] != rm.Undo-1 {
				return fail(ErrUndo)
			}
			st = before[n-1]
			standing, before = standing[:n-1], before[:n-1]
			p := Played{Seat: r.Moves[rm.Undo-1].Seat, Undo: rm.Undo}
			if cfg.keepStates {
				p.State = st
			}
			res.Moves = append(res.Moves, p)
			continue
		}
		if rm.Seat < 0 || rm.Seat >= r.Seats {
			return fail(ErrBadSeat)
		}
		m, err := g.ParseMove(rm.Text)
		if err != nil {
			return fail(err)
		}
		next, evs, err := g.Apply(st, rm.Seat, m)
		if err != nil {
			return fail(err)
		}
		standing, before = append(standing, i), append(before, st)
		st = next
		p := Played{Seat: rm.Seat, Move: m, Events: evs}
		if cfg.keepStates {
			p.State = st
		}
		res.Moves = append(res.Moves, p)
	}
	res.State = st
	res.Status = g.Status(st)
	if r.Result != "" {
		if got := ResultText(res.Status); got != r.Result {
			if got == "" {
				got = "not finished"
			}
			return res, fmt.Errorf("%w: the record says %q, the replay gives %q", ErrResultMismatch, r.Result, got)
		}
	}
	return res, nil
}

// MatchInfo is what a host knows about a match, enough to export it as a
// record.
type MatchInfo struct {
	// Setup is what the match was set up with; its RulesVersion is the
	// version the match plays under, as stored with it (0 means the game's
	// current one) and the record's Rules header.
	Setup   Setup
	Players []string     // display names in seat order; optional
	Moves   []RecordMove // the log in order: seat and notation
	Final   State        // the current position, or nil; a finished game writes its Result
}

// RecordOf exports a match of g as a record: the header from the match's
// setup and players, the moves in canonical notation, and the result when
// the final position is finished. The record is validated so that Format
// reads back unchanged.
func RecordOf(g Game, m MatchInfo) (Record, error) {
	r := Record{
		Game:    g.Info().ID,
		Rules:   m.Setup.RulesVersion,
		Seed:    m.Setup.Seed,
		Seats:   m.Setup.Seats,
		Players: m.Players,
		Options: m.Setup.Options,
		Pins:    m.Setup.Pins,
		Moves:   make([]RecordMove, len(m.Moves)),
	}
	if r.Rules == 0 {
		r.Rules = g.Info().RulesVersion
	}
	for i, lm := range m.Moves {
		if lm.IsUndo() {
			r.Moves[i] = RecordMove{Seat: lm.Seat, Text: UndoText, Undo: lm.Undo}
			continue
		}
		mv, err := g.ParseMove(lm.Text)
		if err != nil {
			return Record{}, fmt.Errorf("engine: export move %d %q: %w", i+1, lm.Text, err)
		}
		r.Moves[i] = RecordMove{Seat: lm.Seat, Text: g.FormatMove(mv), Note: lm.Note}
	}
	if m.Final != nil {
		r.Result = ResultText(g.Status(m.Final))
	}
	if err := r.Validate(); err != nil {
		return Record{}, fmt.Errorf("engine: export: %w", err)
	}
	return r, nil
}
