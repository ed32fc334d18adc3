package smokyvalley

import (
	"bytes"
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
)

// The board drawn as the cached static layer plus the position, one
// position after another on the same painter (restoring only the damaged
// tiles), gives the same PNG as drawing everything at once.
func TestBoardLayers(t *testing.T) {
	layered, _ := New()
	whole, _ := New()
	for _, n := range []int{2, 3, 4} {
		for _, moves := range []int{0, 6, 40, 120, 400, 3000, 60} {
			v := playedView(t, n, uint64(n), moves)
			sc := render.Scene{View: v, Seat: engine.Spectator}
			got, err := layered.drawBoard(sc, &v)
			if err != nil {
				t.Fatal(err)
			}
			want, err := whole.draw(sc, boardW, boardH, func(p *pen) { p.board(&v) })
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%d players after %d moves: the layered board differs from the whole one", n, moves)
			}
		}
	}
}
