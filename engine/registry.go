package engine

import (
	"fmt"
	"sort"
)

// Registry holds the games a process offers, by ID.
type Registry struct {
	games map[string]Game
}

// NewRegistry returns a registry of the given games; duplicate IDs panic at
// wiring time (a programming error, never user input).
func NewRegistry(games ...Game) *Registry {
	r := &Registry{games: map[string]Game{}}
	for _, g := range games {
		id := g.Info().ID
		if _, dup := r.games[id]; dup {
			panic("engine: duplicate game id " + id)
		}
		r.games[id] = g
	}
	return r
}

// Get returns the game with the ID or an error wrapping ErrUnknownGame.
func (r *Registry) Get(id string) (Game, error) {
	g, ok := r.games[id]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownGame, id)
	}
	return g, nil
}

// Games lists the registered games sorted by ID.
func (r *Registry) Games() []Game {
	out := make([]Game, 0, len(r.games))
	for _, g := range r.games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().ID < out[j].Info().ID })
	return out
}
