package main

import (
	"fmt"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
	brassrender "github.com/smokestack/smokestack/render/brass"
	smokyrender "github.com/smokestack/smokestack/render/smokyvalley"
	urbanrender "github.com/smokestack/smokestack/render/urbanization"
)

// catalog is the games a build offers and their renderers.
type catalog struct {
	games     *engine.Registry
	renderers *render.Set
}

// productGames is what the binary offers players. Add a game here (and its
// renderer in productRenderers) to offer it.
var productGames = func() []engine.Game {
	return []engine.Game{brass.New(), urbanization.New(), smokyvalley.New()}
}

var productRenderers = func() []render.Renderer {
	br, err := brassrender.New()
	if err != nil {
		// The renderer's data is embedded: failing here is a broken build.
		panic(fmt.Sprintf("smokestack: brass renderer: %v", err))
	}
	ur, err := urbanrender.New()
	if err != nil {
		panic(fmt.Sprintf("smokestack: urbanization renderer: %v", err))
	}
	sr, err := smokyrender.New()
	if err != nil {
		panic(fmt.Sprintf("smokestack: smoky valley renderer: %v", err))
	}
	return []render.Renderer{br, ur, sr}
}

func productCatalog() catalog {
	return catalog{games: engine.NewRegistry(productGames()...), renderers: render.NewSet(productRenderers()...)}
}
