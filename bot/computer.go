package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/player"
	"github.com/smokestack/smokestack/storage"
)

// Computer players. A seat is a computer's (Seat.Computer, its level) from
// the lobby on, or from /replace; a person's seat is played by a computer
// for the time being (Seat.Standin) when the other players chose it at a
// deadline, when the players of an abandoned match let the computers
// finish it, until the person moves again or comes back (Reclaim).
//
// A computer's move is a due item of the turn clock: when a seat played
// by a computer must act, the match is due Config.ComputerDelay after the
// seat began to wait (tickClock), and the process the store hands the due
// match to (FireDue) chooses the move (engine/player, seeded from the
// match's seed and the move's number) and commits it with a
// compare-and-set, as a person's move is committed; a process that loses
// the race finds the seat no longer due. The front end gets the move as a
// ReminderComputer and shows it as any move: narration, board, the ping
// of the next person. A computer is never pinged nor reminded, agrees at
// once to a request to take a move back, and does not vote at a deadline.

// ComputerLevels are the levels a host offers, weakest first.
var ComputerLevels = []string{string(player.Easy), string(player.Normal), string(player.Strong)}

// DefaultComputerLevel plays a seat handed to the computer without a level.
const DefaultComputerLevel = string(player.Normal)

// DefaultComputerDelay is the pause before a computer moves (Config.ComputerDelay).
const DefaultComputerDelay = 3 * time.Second

// DefaultComputerTimeout caps the wall time a computer thinks about one
// move, below the level's own safety cap when that is longer
// (player.Level.Budget); a move it cuts is not reproducible.
const DefaultComputerTimeout = 20 * time.Second

// computerPrefix starts a computer player's user ID.
const computerPrefix = "computer:"

// ParseComputerLevel reads a level a person picked; an unknown one is
// refused with the list.
func ParseComputerLevel(s string) (string, error) {
	l := strings.ToLower(strings.TrimSpace(s))
	if slices.Contains(ComputerLevels, l) {
		return l, nil
	}
	return "", invalid("computer-level", "value", Echoed(s), "levels", strings.Join(ComputerLevels, ", "))
}

// ComputerName is how a computer player is named everywhere (the board,
// the status, the log, the results): "Computer (normal)", numbered from
// the second of a match ("Computer 2 (normal)"). It is the English name,
// stored as the seat's; readers read it in their language through
// ComputerNameIn (Match.NamesIn, PlayerNameIn).
func ComputerName(level string, n int) string { return ComputerNameIn(lang.English, level, n) }

// ComputerNameIn is ComputerName in l: "Computer 2 (stark)" / "Ordinateur
// 2 (fort)", the level worded by computer.level.<level> (a level the
// catalog lacks as it is).
func ComputerNameIn(l lang.Lang, level string, n int) string {
	lv := level
	if catalog.Has(lang.English, "computer.level."+level) {
		lv = Say(l, "computer.level."+level)
	}
	if n <= 1 {
		return Say(l, "computer.name", "level", lv)
	}
	return Say(l, "computer.name-n", "level", lv, "n", strconv.Itoa(n))
}

// parseComputerName reads a stored computer's name (ComputerName): its
// level and number; ok false for any other name.
func parseComputerName(name string) (level string, n int, ok bool) {
	rest, found := strings.CutPrefix(name, "Computer ")
	if !found {
		return "", 0, false
	}
	num, lv, _ := strings.Cut(rest, "(")
	lv = strings.TrimSuffix(lv, ")")
	n = 1
	if num = strings.TrimSpace(num); num != "" {
		var err error
		if n, err = strconv.Atoi(num); err != nil {
			return "", 0, false
		}
	}
	if !slices.Contains(ComputerLevels, lv) || ComputerName(lv, n) != name {
		return "", 0, false
	}
	return lv, n, true
}

// PlayerNameIn is a player's name as the host stored it, in l: a
// computer's (ComputerName) worded by ComputerNameIn, a person's as it is.
func PlayerNameIn(l lang.Lang, name string) string {
	if l == lang.English || !l.Valid() {
		return name
	}
	if lv, n, ok := parseComputerName(name); ok {
		return ComputerNameIn(l, lv, n)
	}
	return name
}

// NameIn is the seat's player's name in l: a computer's in l (the
// seat's Computer level, numbered as stored), a person's as it is.
func (st Seat) NameIn(l lang.Lang) string {
	if st.Computer == "" {
		return st.Name
	}
	return PlayerNameIn(l, st.Name)
}

// NamesIn is Names in l: the computers' names worded in l (NameIn); in
// English exactly Names.
func (m Match) NamesIn(l lang.Lang) []string {
	out := make([]string, len(m.Seats))
	for i, st := range m.Seats {
		out[i] = st.NameIn(l)
	}
	return out
}

// IsComputerUser reports whether a user ID is a computer player's.
func IsComputerUser(id string) bool { return strings.HasPrefix(id, computerPrefix) }

// Plays is the level of the computer that plays the seat now (its own or
// a stand-in); empty when a person plays it.
func (st Seat) Plays() string {
	if st.Computer != "" {
		return st.Computer
	}
	return st.Standin
}

// ComputerPlays is the level of the computer that plays seat now; empty
// for a person (or no such seat).
func (m Match) ComputerPlays(seat int) string {
	if seat < 0 || seat >= len(m.Seats) {
		return ""
	}
	return m.Seats[seat].Plays()
}

// people counts the seats that are persons' (stand-ins count as persons).
func (m Match) people() int {
	n := 0
	for _, st := range m.Seats {
		if st.Computer == "" {
			n++
		}
	}
	return n
}

// recoverComputer reads a computer seat written by a release without
// computer players, which keeps the user ID but drops the level.
func recoverComputer(st Seat) Seat {
	if st.Computer == "" && IsComputerUser(st.UserID) {
		lvl, _, _ := strings.Cut(strings.TrimPrefix(st.UserID, computerPrefix), ":")
		if lvl == "" {
			lvl = DefaultComputerLevel
		}
		st.Computer = lvl
	}
	return st
}

// newComputer is the seat of a new computer player at level in m.
func (m Match) newComputer(level string) Seat {
	n, same := 1, 0
	for {
		id := computerPrefix + level + ":" + strconv.Itoa(n)
		if m.SeatOf(id) < 0 {
			break
		}
		n++
	}
	for _, st := range m.Seats {
		if st.Computer == level {
			same++
		}
	}
	return Seat{UserID: computerPrefix + level + ":" + strconv.Itoa(n), Name: ComputerName(level, same+1), Computer: level}
}

// AddComputer seats a computer player at level in a lobby, after the
// players already there (its creator only).
func (s *Service) AddComputer(ctx context.Context, r Ref, userID, level string) (Match, error) {
	return s.AddComputerAs(ctx, r, userID, level, "")
}

// AddComputerAs is AddComputer with the seat under a user ID of the
// front end's (as; empty for the computer's own), for a front end that
// finds its matches by their seats' users (the playground's hotseat
// users). That user cannot move in the seat: the computer plays it.
func (s *Service) AddComputerAs(ctx context.Context, r Ref, userID, level, as string) (Match, error) {
	lvl, err := ParseComputerLevel(level)
	if err != nil {
		return Match{}, err
	}
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	return s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		if m.Status != StatusLobby {
			return nil, m.notLobby()
		}
		if _, ok := m.Invitation(); ok {
			return nil, errInvited()
		}
		if m.Creator != userID {
			return nil, &Error{Kind: KindNotAllowed, Who: m.creatorName()}
		}
		if _, hi := m.SeatRange(); len(m.Seats) >= hi {
			return nil, detailed(KindLobbyFull, "computer-full", "n", strconv.Itoa(hi))
		}
		st := m.newComputer(lvl)
		if as != "" {
			if m.SeatOf(as) >= 0 {
				return nil, ErrAlreadySeated
			}
			st.UserID = as
		}
		m.Seats = append(m.Seats, st)
		return nil, nil
	})
}

// RemoveComputer takes the computer player of seat (0-based) out of a
// lobby (its creator only).
func (s *Service) RemoveComputer(ctx context.Context, r Ref, userID string, seat int) (Match, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	return s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		if m.Status != StatusLobby {
			return nil, m.notLobby()
		}
		if m.Creator != userID {
			return nil, &Error{Kind: KindNotAllowed, Who: m.creatorName()}
		}
		if seat < 0 || seat >= len(m.Seats) || m.Seats[seat].Computer == "" {
			return nil, invalid("not-computer", "seat", strconv.Itoa(seat+1))
		}
		m.Seats = slices.Delete(m.Seats, seat, seat+1)
		return nil, nil
	})
}

// computerRule is the service's settings for computer moves.
type computerRule struct {
	delay      time.Duration
	iterations int
	timeout    time.Duration
}

// computerDue is when a computer must next move in m; zero for never.
func (m Match) computerDue(delay time.Duration) time.Time {
	var due time.Time
	if m.Status != StatusActive || m.Play == nil {
		return due
	}
	for _, a := range m.Play.Active {
		if at := m.computerAt(a, delay); !at.IsZero() && (due.IsZero() || at.Before(due)) {
			due = at
		}
	}
	return due
}

// computerAt is when the computer playing seat moves; zero when no
// computer plays it or it need not act.
func (m Match) computerAt(seat int, delay time.Duration) time.Time {
	if m.ComputerPlays(seat) == "" || !m.IsActive(seat) {
		return time.Time{}
	}
	since := m.Updated
	if seat < len(m.Clock.Seats) && !m.Clock.Seats[seat].Since.IsZero() {
		since = m.Clock.Seats[seat].Since
	}
	return since.Add(delay)
}

// ComputerDue is when a computer next moves in the match (zero for
// never), for a front end that wakes its scheduler for it.
func (s *Service) ComputerDue(m Match) time.Time { return m.computerDue(s.computer.delay) }

// computerSeed is the search seed of a computer's move: the match's
// seed and the move's number, so a bug report replays.
func computerSeed(seed uint64, move int64, seat int) uint64 {
	z := seed + uint64(move)*0x9E3779B97F4A7C15 + uint64(seat+1)*0xBF58476D1CE4E5B9
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// The Kinds of the host's own events, worded from its own catalog
// (message event.<kind>, and event.<kind>-own as the seat reads it;
// Match.NarrateIn): a computer's move in a person's seat, the default move
// the game plays at a turn deadline, a seat's resignation. Their Text and
// Own are the English for front ends that read them.
const (
	computerMoveKind = "computer-move"
	defaultMoveKind  = "default-move"
	resignKind       = "resign"
)

// hostKinds are the Kinds of the host's own events.
var hostKinds = map[string]bool{computerMoveKind: true, defaultMoveKind: true, resignKind: true}

// hostEvent is the host's own event of kind about seat, public, with its
// English Text and Own.
func hostEvent(kind string, seat int) engine.Event {
	return engine.Event{Audience: engine.Public, Seat: seat, Kind: kind,
		Text: Say(lang.English, "event."+kind, "seat", engine.Words{Lang: lang.English}.Seat(seat)),
		Own:  Say(lang.English, "event."+kind+"-own")}
}

func computerMoveEvent(seat int) engine.Event { return hostEvent(computerMoveKind, seat) }

// computerNote is the log note of a computer's move in a person's seat.
func computerNote(level string) string {
	return "computer move (" + level + "): the computer plays this seat until its player is back"
}

// playComputer makes the one computer move due in match id at now, if
// any: it returns the move's outcome, or ok false when none is due (or
// another process made it first).
func (s *Service) playComputer(ctx context.Context, id string, now time.Time) (o Outcome, ok bool, err error) {
	var (
		evs  []engine.Event
		seat int
		move string
		prev *engine.Status
	)
	m, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		evs, seat, move = nil, -1, ""
		if m.Status != StatusActive || m.Play == nil {
			return nil, errNoTick
		}
		for _, a := range m.Play.Active {
			if at := m.computerAt(a, s.computer.delay); !at.IsZero() && !at.After(now) {
				seat = a
				break
			}
		}
		if seat < 0 {
			return nil, errNoTick
		}
		level := m.ComputerPlays(seat)
		// The level's iterations end the search, so the move replays from
		// the record on any machine at any load. The wall clock is only a
		// safety for a machine that cannot finish them in many times their
		// usual time (Level.Budget, capped by the configured timeout): a
		// search it cuts plays its best move so far, which is not
		// reproducible, and is logged.
		limit := min(player.Level(level).Budget(), s.computer.timeout)
		cctx, cancel := context.WithTimeout(ctx, limit)
		mv, rep, err := player.ChooseReport(cctx, m.game, m.state, seat, player.Config{
			Level: player.Level(level), Iterations: s.computer.iterations, Seed: computerSeed(m.Seed, m.Moves+1, seat)})
		cancel()
		if err == nil && rep.Cut {
			s.log.WarnContext(ctx, "computer search cut by the wall-clock safety cap: this move is not reproducible",
				"match", m.ID, "seat", seat, "level", level, "iterations", rep.Iterations, "planned", rep.Planned, "limit", limit)
		}
		if err != nil {
			// The seat must not hold the match up: it plays its default move.
			s.log.WarnContext(ctx, "computer player failed; default move instead", "match", m.ID, "seat", seat, "err", err)
			if mv, err = m.game.DefaultMove(m.state, seat); err != nil {
				return nil, fmt.Errorf("bot: computer move of seat %d in %s: %w", seat+1, m.ID, err)
			}
		}
		prev = m.Play
		next, e, err := m.game.Apply(m.state, seat, mv)
		if err != nil {
			return nil, fmt.Errorf("bot: computer move of seat %d in %s: %w", seat+1, m.ID, err)
		}
		if err := m.setState(next); err != nil {
			return nil, err
		}
		m.vote = nil // a request to take back an earlier move no longer applies
		move, evs = m.game.FormatMove(mv), e
		note := ""
		if m.Seats[seat].Computer == "" {
			note = computerNote(level)
			evs = append([]engine.Event{computerMoveEvent(seat)}, evs...)
		}
		m.Moves++
		return &storage.LogEntry{Seq: m.Moves, Seat: seat, Move: move, At: now, Note: note}, nil
	})
	if errors.Is(err, errNoTick) {
		return Outcome{}, false, nil
	}
	unconfirmed := errors.Is(err, storage.ErrUnconfirmed) && m.ID != ""
	if err != nil && !unconfirmed {
		return Outcome{}, false, err
	}
	s.metrics.Move(m.Game, MoveApplied)
	s.log.InfoContext(ctx, "computer move", "match", m.ID, "seat", seat, "move", move, "version", m.Version)
	if m.Status == StatusFinished {
		s.keepResult(ctx, m) // for /stats
	}
	o = Outcome{Match: m, Seat: seat, Move: move, Events: evs, Unconfirmed: unconfirmed}
	o.NewTurn, o.Notify = turnChange(prev, m.Play)
	o.Notify = m.persons(o.Notify)
	return o, true, nil
}

// persons keeps the seats of seats that a person plays now: a computer
// is never notified.
func (m Match) persons(seats []int) []int {
	var out []int
	for _, s := range seats {
		if m.ComputerPlays(s) == "" {
			out = append(out, s)
		}
	}
	return out
}

// standIn lets a computer at level play seat for the time being; the
// seat's wait goes on, so the computer moves at once when it is late.
func (m *Match) standIn(seat int, level string) {
	if m.Seats[seat].Computer == "" {
		m.Seats[seat].Standin = level
	}
}

// Reclaim gives a person their seats back from the computers standing in
// for them, in every open match; it says in how many.
func (s *Service) Reclaim(ctx context.Context, userID string) (int, error) {
	ids, err := s.store.UserMatches(ctx, userID)
	if err != nil {
		return 0, fmt.Errorf("bot: matches of %s: %w", userID, err)
	}
	n := 0
	for _, id := range ids {
		_, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
			changed := false
			for i := range m.Seats {
				if m.Seats[i].UserID == userID && m.Seats[i].Standin != "" {
					m.Seats[i].Standin = ""
					changed = true
				}
			}
			if !changed || m.Status != StatusActive {
				return nil, errNoTick
			}
			return nil, nil
		})
		switch {
		case err == nil:
			n++
		case errors.Is(err, errNoTick), errors.Is(err, ErrNotFound), errors.Is(err, ErrBadData), errors.Is(err, ErrRulesVersion):
		default:
			return n, err
		}
	}
	return n, nil
}

// ComputersFinish lets the computers finish a match nobody plays any
// more: once the players were warned that it ends as abandoned, any of
// them may ask, and a computer at level stands in for every person's
// seat (Seat.Standin). A player who comes back takes their seat again by
// moving, or with Reclaim.
func (s *Service) ComputersFinish(ctx context.Context, r Ref, userID, level string) (Match, error) {
	lvl := DefaultComputerLevel
	if level != "" {
		var err error
		if lvl, err = ParseComputerLevel(level); err != nil {
			return Match{}, err
		}
	}
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Match{}, err
	}
	return s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		if m.Status != StatusActive {
			return nil, m.notActive()
		}
		seat := m.SeatOf(userID)
		if seat < 0 || m.Seats[seat].Left {
			return nil, ErrNotSeated
		}
		if !m.Clock.Warned {
			return nil, invalid("computer-finish")
		}
		for i := range m.Seats {
			m.standIn(i, lvl)
		}
		return nil, nil
	})
}

// How says, for a log, how a move came about when its player did not
// make it: "default move", "computer move (normal)"; empty for a move its
// player made. It is HowIn in English.
func (e LogEntry) How() string { return e.HowIn(lang.English) }

// HowIn is How in l (play.how-default, play.how-computer with the level
// worded by computer.level.*). The kind and the level come from the note
// the core itself stored with the move, never from a translated text.
func (e LogEntry) HowIn(l lang.Lang) string {
	switch {
	case e.Note == "":
		return ""
	case strings.HasPrefix(e.Note, "computer move ("):
		level, _, _ := strings.Cut(strings.TrimPrefix(e.Note, "computer move ("), ")")
		if catalog.Has(lang.English, "computer.level."+level) {
			level = Say(l, "computer.level."+level)
		}
		return Say(l, "play.how-computer", "level", level)
	}
	return Say(l, "play.how-default")
}

// computerSeat is the refusal of a move by a user in a seat a computer
// plays (the playground's hotseat user of a computer's seat).
func (m Match) computerSeat(seat int) error {
	return invalid("computer-seat", "player", Echoed(m.Seats[seat].Name), "seat", strconv.Itoa(seat+1))
}
