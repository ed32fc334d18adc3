package engine

import (
	"fmt"
	"slices"
)

// DefaultByChoices builds a default move (Game.DefaultMove) through the
// game's own choices, so that it is always one the choices offer: at
// every step it takes the first token of prefer that is offered, else
// the first offered token not in avoid, and it stops as soon as the move
// is complete. It fails when the seat need not act (the choices fail) or
// when every way on is avoided.
func DefaultByChoices(g Game, st State, seat int, prefer, avoid []string) (Move, error) {
	status := g.Status(st)
	if status.Finished {
		return nil, ErrGameOver
	}
	if !slices.Contains(status.Active, seat) {
		return nil, ErrNotYourTurn
	}
	var m Move
	for range 64 {
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			return nil, err
		}
		if ch.Complete && len(m) > 0 {
			return m, nil
		}
		tok := ""
		for _, p := range prefer {
			if slices.ContainsFunc(ch.Next, func(c Choice) bool { return c.Token == p }) {
				tok = p
				break
			}
		}
		if tok == "" {
			for _, c := range ch.Next {
				if !slices.Contains(avoid, c.Token) {
					tok = c.Token
					break
				}
			}
		}
		if tok == "" {
			return nil, fmt.Errorf("engine: %s: no default move for seat %d after %q: every way on is avoided", g.Info().ID, seat, g.FormatMove(m))
		}
		m = append(m, tok)
	}
	return nil, fmt.Errorf("engine: %s: the default move for seat %d grew past 64 tokens", g.Info().ID, seat)
}
