package bot

import (
	"context"

	"github.com/smokestack/smokestack/engine"
)

// CatchUp is what happened in a match since a seat's last move, as that
// seat may see it: the public events and its own private ones, never
// another seat's (History with the seat as viewer).
type CatchUp struct {
	Seat int `json:"seat"`
	// Since is the log position of the seat's last move; 0 when it has not
	// moved yet, and then Turns start with the setup.
	Since int64 `json:"since"`
	// Moves counts the moves played since then (by anyone).
	Moves int `json:"moves"`
	// Turns are those moves, in order, each with what the seat may see of
	// it (the seat's own moves included: a seat can act again within a
	// turn only after its last move, so there are none) and the round it
	// was played in (Turn.Round), so front ends can head them by round.
	Turns []Turn `json:"turns"`
	// Private is the seat's own view now: the position and its hand.
	Private Private `json:"-"`
}

// CatchUp tells a seated user what happened since their last move in the
// match.
func (s *Service) CatchUp(ctx context.Context, r Ref, userID string) (CatchUp, error) {
	p, err := s.Private(ctx, r, userID)
	if err != nil {
		return CatchUp{}, err
	}
	hist, err := s.history(ctx, ByID(p.Match.ID), p.Seat, true)
	if err != nil {
		return CatchUp{}, err
	}
	// hist[0] is the setup; hist[i] the log entry with Seq i. The seat's
	// last move is its latest one still standing (not taken back).
	moves := make([]engine.RecordMove, 0, len(hist)-1)
	for _, t := range hist[1:] {
		moves = append(moves, engine.RecordMove{Seat: t.Seat, Text: t.Move, Undo: int(t.Undo)})
	}
	last := 0
	for _, i := range engine.Standing(moves) {
		if moves[i].Seat == p.Seat {
			last = i + 1
		}
	}
	c := CatchUp{Seat: p.Seat, Since: int64(last), Private: p}
	if last == 0 {
		c.Turns = hist
	} else {
		c.Turns = hist[last+1:]
	}
	for _, t := range c.Turns {
		if t.Seq > 0 {
			c.Moves++
		}
	}
	return c, nil
}
