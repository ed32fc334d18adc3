package bot

import (
	"slices"
	"testing"

	"github.com/smokestack/smokestack/engine"
)

func TestTurnChange(t *testing.T) {
	st := func(turn int, active ...int) *engine.Status {
		return &engine.Status{Turn: turn, Active: active}
	}
	over := &engine.Status{Finished: true, Ranking: []int{1, 0}}
	cases := []struct {
		name       string
		prev, next *engine.Status
		newTurn    bool
		notify     []int
	}{
		{"the start", nil, st(0, 2), true, []int{2}},
		{"the next seat's turn", st(0, 0), st(0, 1), true, []int{1}},
		{"a second action in the same turn", st(7, 0), st(7, 0), false, nil},
		{"the same seat's next turn", st(7, 0), st(8, 0), true, []int{0}},
		{"a decision owed by another seat", st(7, 0), st(7, 2), true, []int{2}},
		{"back to the seat whose turn it is", st(7, 2), st(7, 0), true, []int{0}},
		{"a seat joins the deciders", st(3, 0, 1), st(3, 0, 1, 2), true, []int{2}},
		{"one of several deciders is done", st(3, 0, 1), st(3, 1), false, nil},
		{"everyone decides anew", st(3, 1), st(4, 0, 1), true, []int{0, 1}},
		{"the game ends", st(9, 1), over, true, nil},
	}
	for _, c := range cases {
		newTurn, notify := turnChange(c.prev, c.next)
		if newTurn != c.newTurn || !slices.Equal(notify, c.notify) {
			t.Errorf("%s: new turn %v, notify %v; want %v, %v", c.name, newTurn, notify, c.newTurn, c.notify)
		}
	}
}
