package smokyvalley

import (
	"testing"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/render/rendertest"
)

// BenchmarkPNGTurns draws what a match shows turn after turn: both images
// (board and players) of a 4-player game after 100 to 125 moves (of 150), in
// order, over and over (each after the previous turn's, so the renderer
// redraws what the turn changed; the jump from the last back to the first
// is drawn too), players named, for spectators. BenchmarkImages draws one
// position again and again; this is the figure for a match in play.
// cpu-ms/op is per call (two images), cpu-ms/image half of it.
//
//	go test ./render/smokyvalley -run '^$' -bench PNGTurns -benchtime 200x
func BenchmarkPNGTurns(b *testing.B) {
	var scs []render.Scene
	for _, v := range playedViews(b, 4, 5, 100, 125) {
		scs = append(scs, render.Scene{View: v, Seat: engine.Spectator, Names: []string{"alice", "bob", "carol", "dave"}})
	}
	benchScenes(b, scs)
}

// BenchmarkPNGMatches draws two 4-player matches' images by turns (seeds
// 5 and 6, 110 moves each): every call follows the other match's, the
// worst case for redrawing only what changed.
//
//	go test ./render/smokyvalley -run '^$' -bench PNGMatches -benchtime 200x
func BenchmarkPNGMatches(b *testing.B) {
	names := []string{"alice", "bob", "carol", "dave"}
	benchScenes(b, []render.Scene{
		{View: playedView(b, 4, 5, 110), Seat: engine.Spectator, Names: names},
		{View: playedView(b, 4, 6, 110), Seat: engine.Spectator, Names: names},
	})
}

// benchScenes draws scs' images in order, over and over
// (rendertest.BenchScenes).
func benchScenes(b *testing.B, scs []render.Scene) {
	r, err := New()
	if err != nil {
		b.Fatal(err)
	}
	rendertest.BenchScenes(b, r, scs)
}
