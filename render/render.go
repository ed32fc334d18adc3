// Package render draws game views as PNG images. Each game has its own
// renderer (render/brass ...) registered by game ID; front ends only hand it
// views, never states.
//
// The package also holds the house style that every front end shares:
// Seat(i) gives seat i's letter, colour name and colour (yellow A, sky blue
// B, vermillion C, blue D, ...). The board images draw seats with it, and
// the bot and the playground name seats with it, so that "Player 2 (B, sky
// blue)" in a reply is the sky blue B on the board.
package render

import (
	"errors"
	"fmt"
	"sort"

	"github.com/smokestack/smokestack/engine"
)

// ErrNoRenderer is returned for a game without a renderer.
var ErrNoRenderer = errors.New("render: no renderer for game")

// Renderer draws one game's views. Implementations must be safe for
// concurrent use.
type Renderer interface {
	Game() string // the engine.Game ID it draws
	// PNG draws the view as seen by seat (engine.Spectator for the public
	// board) and returns the encoded image.
	PNG(v engine.View, seat int) ([]byte, error)
}

// Set is the renderers a process offers, by game ID.
type Set struct{ r map[string]Renderer }

// NewSet builds a Set; duplicate game IDs panic at wiring time.
func NewSet(rs ...Renderer) *Set {
	s := &Set{r: map[string]Renderer{}}
	for _, r := range rs {
		if _, dup := s.r[r.Game()]; dup {
			panic("render: duplicate renderer for " + r.Game())
		}
		s.r[r.Game()] = r
	}
	return s
}

// PNG renders with the game's renderer.
func (s *Set) PNG(game string, v engine.View, seat int) ([]byte, error) {
	r, ok := s.r[game]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrNoRenderer, game)
	}
	return r.PNG(v, seat)
}

// Games lists the game IDs with a renderer.
func (s *Set) Games() []string {
	out := make([]string, 0, len(s.r))
	for g := range s.r {
		out = append(out, g)
	}
	sort.Strings(out)
	return out
}
