package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/storage"
)

// voteImport is the kind of a lobby's request that its named players
// confirm an imported record.
const voteImport = "import"

// ImportInvite starts a match from a match record in a channel where the
// players are people who must agree first (Discord): each seat goes to
// the user named for it, and the match starts once every one of them
// confirms (AnswerImport).
type ImportInvite struct {
	Channel string
	Server  string
	Record  string    // the record's text
	By      UserRef   // who asks (need not play)
	Users   []UserRef // one per seat, in seat order
	Lang    lang.Lang // the language of the match's posts (empty: English)
	Place   Place     // what kind of place Channel is (Match.Place)
}

// Invitation is a lobby waiting for its players to confirm an import.
type Invitation struct {
	Match     Match
	Game      string // the game's display name
	Moves     int    // the moves it plays on from (undos left out)
	Confirmed []int  // the seats that confirmed
	Waiting   []int  // the seats still to confirm
	Started   bool   // everyone confirmed: the match is on (Match is the started match)
	Declined  string // the name of the player who declined, which closed the lobby
}

// InviteImport checks the record (a bad one fails as Import does, naming
// its line) and opens a lobby in the channel with every named user seated
// and the record kept with it. A named user who is the one asking has
// confirmed already.
func (s *Service) InviteImport(ctx context.Context, req ImportInvite) (Invitation, error) {
	if len(req.Record) > engine.MaxRecordSize {
		return Invitation{}, RecordTooLarge(len(req.Record))
	}
	rec, err := engine.ParseRecord(strings.NewReader(req.Record))
	if err != nil {
		return Invitation{}, recordError(nil, err)
	}
	g, err := s.games.Get(rec.Game)
	if err != nil {
		return Invitation{}, unknownGame(s.games, rec.Game, err)
	}
	if len(req.Users) != rec.Seats {
		return Invitation{}, invalid("invite-seats", "players", strconv.Itoa(rec.Seats), "n", strconv.Itoa(len(req.Users)))
	}
	for i, u := range req.Users {
		if slices.ContainsFunc(req.Users[:i], func(v UserRef) bool { return v.ID == u.ID }) {
			return Invitation{}, invalid("invite-twice", "who", Echoed(u.Name))
		}
	}
	if err := replayRecord(g, rec); err != nil {
		return Invitation{}, err
	}
	m, err := s.CreateMatch(ctx, CreateRequest{
		Channel: req.Channel, Server: req.Server, Game: rec.Game, Creator: req.Users[0], Options: rec.Options, Pins: rec.Pins,
		MinSeats: rec.Seats, MaxSeats: rec.Seats, Seed: rec.Seed, ExactSeed: true, RulesVersion: rec.Rules, Lang: req.Lang, Place: req.Place,
	})
	if err != nil {
		return Invitation{}, err
	}
	m, err = s.update(ctx, m.ID, "", func(m *Match) (*storage.LogEntry, error) {
		m.Seats = make([]Seat, len(req.Users))
		for i, u := range req.Users {
			m.Seats[i] = Seat{UserID: u.ID, Name: u.Name}
		}
		v := &storage.Vote{Kind: voteImport, Seat: -1, Approved: []int{}, Asked: s.now()}
		if i := m.SeatOf(req.By.ID); i >= 0 {
			v.Approved = append(v.Approved, i)
		}
		m.vote, m.pending = v, req.Record
		return nil, nil
	})
	if err != nil && !(errors.Is(err, storage.ErrUnconfirmed) && m.ID != "") {
		return Invitation{}, err
	}
	s.log.InfoContext(ctx, "import offered", "match", m.ID, "game", m.Game, "moves", len(rec.Moves))
	inv := m.invitation()
	inv.Moves = len(engine.Standing(rec.Moves))
	if len(inv.Waiting) == 0 {
		return s.startImport(ctx, m)
	}
	return inv, nil
}

// Invitation is the lobby's pending import, if it has one.
func (m Match) Invitation() (Invitation, bool) {
	if m.Status != StatusLobby || m.vote == nil || m.vote.Kind != voteImport {
		return Invitation{}, false
	}
	return m.invitation(), true
}

func (m Match) invitation() Invitation {
	inv := Invitation{Match: m, Game: m.game.Info().Name, Confirmed: []int{}, Waiting: []int{}}
	if m.vote != nil {
		inv.Confirmed = append(inv.Confirmed, m.vote.Approved...)
	}
	for i := range m.Seats {
		if !slices.Contains(inv.Confirmed, i) {
			inv.Waiting = append(inv.Waiting, i)
		}
	}
	if rec, err := engine.ParseRecord(strings.NewReader(m.pending)); err == nil {
		inv.Moves = len(engine.Standing(rec.Moves))
	}
	return inv
}

// AnswerImport records a named player's answer: a refusal closes the
// lobby (aborted), the last confirmation starts the match and plays the
// record's moves.
func (s *Service) AnswerImport(ctx context.Context, r Ref, userID string, accept bool) (Invitation, error) {
	id, err := s.resolve(ctx, r)
	if err != nil {
		return Invitation{}, err
	}
	declined := ""
	m, err := s.update(ctx, id, "", func(m *Match) (*storage.LogEntry, error) {
		declined = ""
		if _, ok := m.Invitation(); !ok {
			if m.Status == StatusLobby {
				return nil, ErrStale
			}
			return nil, m.notLobby()
		}
		seat := m.SeatOf(userID)
		if seat < 0 {
			return nil, detailed(KindNotAllowed, "invite-only")
		}
		if !accept {
			m.Status, m.vote, m.pending = StatusAborted, nil, ""
			declined = m.Seats[seat].Name
			return nil, nil
		}
		if !slices.Contains(m.vote.Approved, seat) {
			v := *m.vote
			v.Approved = append(slices.Clone(v.Approved), seat)
			m.vote = &v
		}
		return nil, nil
	})
	if err != nil && !(errors.Is(err, storage.ErrUnconfirmed) && m.ID != "") {
		return Invitation{}, err
	}
	if declined != "" {
		return Invitation{Match: m, Game: m.game.Info().Name, Declined: declined, Confirmed: []int{}, Waiting: []int{}}, nil
	}
	inv := m.invitation()
	if len(inv.Waiting) > 0 {
		return inv, nil
	}
	return s.startImport(ctx, m)
}

// errInvited refuses the lobby commands on a lobby waiting for its
// players to confirm an import (made when refused: wording it at package
// init read the host's whole catalog at start, docs/performance.md,
// "Cold start").
func errInvited() error { return invalid("invite-waits") }

// startImport starts a confirmed import and plays its moves still
// standing, each as a move of its seat.
func (s *Service) startImport(ctx context.Context, m Match) (Invitation, error) {
	rec, err := engine.ParseRecord(strings.NewReader(m.pending))
	if err != nil {
		return Invitation{}, recordError(nil, err)
	}
	if _, err := s.update(ctx, m.ID, "", func(m *Match) (*storage.LogEntry, error) {
		if _, ok := m.Invitation(); !ok {
			return nil, ErrStale
		}
		m.vote, m.pending = nil, ""
		return nil, nil
	}); err != nil && !errors.Is(err, storage.ErrUnconfirmed) {
		return Invitation{}, err
	}
	o, err := s.Start(ctx, ByID(m.ID), m.Creator)
	if err != nil {
		return Invitation{}, err
	}
	cur := o.Match
	for _, i := range engine.Standing(rec.Moves) {
		mv := rec.Moves[i]
		o, err := s.Submit(ctx, SubmitRequest{Ref: ByID(cur.ID), UserID: cur.Seats[mv.Seat].UserID, Move: mv.Text})
		if err != nil {
			return Invitation{}, fmt.Errorf("bot: import move %d (line %d): %w", i+1, mv.Line, err)
		}
		cur = o.Match
	}
	s.log.InfoContext(ctx, "match imported", "match", cur.ID, "game", cur.Game, "moves", len(rec.Moves))
	inv := Invitation{Match: cur, Game: cur.game.Info().Name, Started: true, Moves: len(engine.Standing(rec.Moves)), Waiting: []int{}}
	for i := range cur.Seats {
		inv.Confirmed = append(inv.Confirmed, i)
	}
	return inv, nil
}
