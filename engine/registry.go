package engine

import (
	"fmt"
	"slices"
	"sort"
	"sync"
)

// Registry holds the games a process offers, by ID.
type Registry struct {
	list  []Game
	index func() map[string]Game
}

// NewRegistry returns a registry of the given games. It indexes them on
// its first use, not here: a game's Info is built with its texts and help
// from its catalog, which a process should pay for when it first serves a
// game, not at start (docs/performance.md, "Cold start"). Duplicate IDs
// panic then (a programming error, never user input; TestRegistry and
// every front end's first request catch it).
func NewRegistry(games ...Game) *Registry {
	r := &Registry{list: slices.Clone(games)}
	r.index = sync.OnceValue(func() map[string]Game {
		m := map[string]Game{}
		for _, g := range r.list {
			id := g.Info().ID
			if _, dup := m[id]; dup {
				panic("engine: duplicate game id " + id)
			}
			m[id] = g
		}
		return m
	})
	return r
}

// Get returns the game with the ID or an error wrapping ErrUnknownGame.
func (r *Registry) Get(id string) (Game, error) {
	g, ok := r.index()[id]
	if !ok {
		return nil, fmt.Errorf("%w %q", ErrUnknownGame, id)
	}
	return g, nil
}

// Games lists the registered games sorted by ID.
func (r *Registry) Games() []Game {
	games := r.index()
	out := make([]Game, 0, len(games))
	for _, g := range games {
		out = append(out, g)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Info().ID < out[j].Info().ID })
	return out
}
