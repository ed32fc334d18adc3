package brass

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkPNGTurns draws what a match shows turn after turn: the boards
// of BenchmarkImages's game from 20 to 45 moves into the rail period, in
// order, over and over (each image after the previous turn's, so the
// renderer redraws what the turn changed; the jump from the last back to
// the first is drawn too), players named, for spectators. BenchmarkPNG
// draws one position again and again, which redraws nothing but
// encodes; this is the figure for a match in play.
//
//	go test ./render/brass -run '^$' -bench PNGTurns -benchtime 200x
func BenchmarkPNGTurns(b *testing.B) {
	g, sts := engineStates(b, 4, 45)
	var scs []render.Scene
	for _, st := range sts[len(sts)-26:] {
		scs = append(scs, render.Scene{View: g.View(st, engine.Spectator), Seat: engine.Spectator, Names: goldenNames})
	}
	benchScenes(b, scs)
}

// BenchmarkPNGMatches draws two matches' boards by turns (seeds 4 and 5,
// 45 moves into the rail period): every image follows the other match's,
// the worst case for redrawing only what changed.
//
//	go test ./render/brass -run '^$' -bench PNGMatches -benchtime 200x
func BenchmarkPNGMatches(b *testing.B) {
	var scs []render.Scene
	for _, seed := range []uint64{4, 5} {
		g, st := enginePosition(b, seed, 45)
		scs = append(scs, render.Scene{View: g.View(st, engine.Spectator), Seat: engine.Spectator, Names: goldenNames})
	}
	benchScenes(b, scs)
}

// benchScenes draws scs' images in order, over and over
// (rendertest.BenchScenes).
func benchScenes(b *testing.B, scs []render.Scene) {
	rendertest.BenchScenes(b, newTestRenderer(b), scs)
}
