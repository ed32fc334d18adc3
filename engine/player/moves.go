package player

import (
	"strings"

	"github.com/smokestack/smokestack/engine"
)

// maxTokens bounds a move built token by token; the playout driver uses
// the same bound.
const maxTokens = 64

// randomMove builds one complete move for seat token by token through
// Choices, each next token uniformly at random; a complete move that can
// still grow stops with probability one half. It fails when the choices
// fail or lead nowhere.
func randomMove(g engine.Game, st engine.State, seat int, rng *engine.RNG) (engine.Move, error) {
	var m engine.Move
	for range maxTokens {
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			return nil, err
		}
		if ch.Complete && len(m) > 0 && (len(ch.Next) == 0 || rng.Intn(2) == 0) {
			return m, nil
		}
		if len(ch.Next) == 0 {
			return nil, errDeadEnd
		}
		m = append(m, ch.Next[rng.Intn(len(ch.Next))].Token)
	}
	return nil, errTooLong
}

// enumerate lists every complete move of seat, depth first in the
// choices' order, up to limit moves; full is false when there were more.
func enumerate(g engine.Game, st engine.State, seat int, limit int) (moves []engine.Move, full bool, err error) {
	full = true
	var walk func(m engine.Move) error
	walk = func(m engine.Move) error {
		if len(m) > maxTokens {
			return errTooLong
		}
		ch, err := g.Choices(st, seat, m)
		if err != nil {
			return err
		}
		if ch.Complete && len(m) > 0 {
			if len(moves) >= limit {
				full = false
				return nil
			}
			moves = append(moves, append(engine.Move(nil), m...))
		}
		for _, c := range ch.Next {
			if len(moves) >= limit {
				full = false
				return nil
			}
			if err := walk(append(m[:len(m):len(m)], c.Token)); err != nil {
				return err
			}
		}
		return nil
	}
	err = walk(nil)
	return moves, full, err
}

// key is a move's identity in the tree: its tokens joined by a byte no
// token contains.
func key(m engine.Move) string { return strings.Join(m, "\x00") }
