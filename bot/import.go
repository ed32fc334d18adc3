package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// ImportRequest starts a match from a match record (docs/record-format.md):
// the record's setup, then its moves, so a position from a physical game or
// a bug report can be reproduced and played on.
type ImportRequest struct {
	Channel string
	Record  string    // the record's text
	Users   []UserRef // one per seat, in seat order; Users[0] is the creator
}

// Import checks the whole record first (a bad move fails with an error
// naming its line, wrapping the *engine.ReplayError), then creates the
// match, seats the users, starts it and plays every move through Submit.
func (s *Service) Import(ctx context.Context, req ImportRequest) (Match, error) {
	rec, err := engine.ParseRecord(strings.NewReader(req.Record))
	if err != nil {
		return Match{}, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	g, err := s.games.Get(rec.Game)
	if err != nil {
		return Match{}, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	if len(req.Users) != rec.Seats {
		return Match{}, fmt.Errorf("%w: the record has %d seats, %d players given", ErrBadRequest, rec.Seats, len(req.Users))
	}
	if _, err := engine.Replay(g, rec); err != nil {
		return Match{}, fmt.Errorf("%w: %w", ErrBadRequest, err)
	}
	m, err := s.CreateMatch(ctx, CreateRequest{
		Channel: req.Channel, Game: rec.Game, Creator: req.Users[0], Options: rec.Options, Pins: rec.Pins,
		MinSeats: rec.Seats, MaxSeats: rec.Seats, Seed: rec.Seed, ExactSeed: true,
		RulesVersion: rec.Rules, // the match plays on under the record's rules
	})
	if err != nil {
		return Match{}, err
	}
	for _, u := range req.Users[1:] {
		if _, err := s.Join(ctx, ByID(m.ID), u); err != nil {
			return Match{}, err
		}
	}
	o, err := s.Start(ctx, ByID(m.ID), req.Users[0].ID)
	if err != nil {
		return Match{}, err
	}
	m = o.Match
	for i, mv := range rec.Moves {
		o, err := s.Submit(ctx, SubmitRequest{Ref: ByID(m.ID), UserID: req.Users[mv.Seat].ID, Move: mv.Text})
		if err != nil {
			return Match{}, fmt.Errorf("service: import move %d (line %d): %w", i+1, mv.Line, err)
		}
		m = o.Match
	}
	s.log.InfoContext(ctx, "match imported", "match", m.ID, "game", m.Game, "moves", len(rec.Moves))
	return m, nil
}
