//go:build smokestack_testgames

package main

import (
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
	pebblesrender "github.com/smokestack/smokestack/render/testgame"
)

// Built with -tags smokestack_testgames (the process tests of bot/discord
// do), the binary also offers Pebbles, the tiny test game, so that a test
// can play many quick matches through the real process. Release builds
// never have the tag.
func init() {
	games, renderers := productGames, productRenderers
	productGames = func() []engine.Game { return append(games(), testgame.Game{}) }
	productRenderers = func() []render.Renderer { return append(renderers(), pebblesrender.Pebbles{}) }
}
