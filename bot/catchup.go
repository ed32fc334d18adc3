package bot

import (
	"context"

	"github.com/smokestack/smokestack/engine"
)

// CatchUp is what happened in a match since a person's last move in their
// seat, as that seat may see it: the public events and its own private ones, never
// another seat's (History with the seat as viewer).
type CatchUp struct {
	Seat int `json:"seat"`
	// Since is the log position of the person's own last move in the
	// seat; 0 when they have not moved in it yet (a move a computer
	// standing in for them or the seat's previous player made is not
	// theirs), and then Turns start with the setup.
	Since int64 `json:"since"`
	// Moves counts the moves played since then (by anyone) that still
	// stand.
	Moves int `json:"moves"`
	// Turns are those moves, in order, each with what the seat may see of
	// it (the seat's moves a stand-in computer or a previous player made
	// included) and the round it
	// was played in (Turn.Round), so front ends can head them by round.
	// Moves later taken back are left out, and so are the undos (Turn.Undo
	// is never set here). A happening told to the seat both privately and
	// publicly is told once, privately (engine.WithoutPublicForms).
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
	log, err := s.Log(ctx, ByID(p.Match.ID), 0)
	if err != nil {
		return CatchUp{}, err
	}
	// hist[0] is the setup; hist[i] and log[i-1] the log entry with Seq
	// i. The person's last move is their latest one in the seat still
	// standing (not taken back), made by them: without a note (a computer
	// standing in, a default move) and while they held the seat.
	last := 0
	standing := map[int64]bool{}
	for _, i := range engine.Standing(recordMoves(log)) {
		e := log[i]
		standing[e.Seq] = true
		if e.Seat == p.Seat && e.Note == "" && p.Match.PlayerAt(p.Seat, e.Seq) == userID {
			last = i + 1
		}
	}
	if last >= len(hist) { // a move logged between the two reads
		last = len(hist) - 1
	}
	c := CatchUp{Seat: p.Seat, Since: int64(last), Private: p}
	turns := hist
	if last > 0 {
		turns = hist[last+1:]
	}
	// hist may hold a move logged after log was read: it stands.
	newest := int64(0)
	if len(log) > 0 {
		newest = log[len(log)-1].Seq
	}
	for _, t := range turns {
		if t.Seq > 0 && (t.Undo != 0 || (t.Seq <= newest && !standing[t.Seq])) {
			continue // taken back, or the undo itself
		}
		t.Events = engine.WithoutPublicForms(t.Events)
		if t.Seq > 0 {
			c.Moves++
		}
		c.Turns = append(c.Turns, t)
	}
	return c, nil
}
