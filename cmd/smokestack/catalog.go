package main

import (
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
)

// catalog is the games a build offers and their renderers.
type catalog struct {
	games     *engine.Registry
	renderers *render.Set
}

// productCatalog is what the binary offers players.
func productCatalog() catalog {
	return catalog{games: engine.NewRegistry(), renderers: render.NewSet()}
}

func productRenderers() []render.Renderer { return nil }
