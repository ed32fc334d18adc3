// Package testgame draws the Pebbles test game (engine/testgame): one dot
// per pebble left and a bar per hand. It exists so that front ends and the
// host can be tested with a second game besides Brass.
package testgame

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"

	"github.com/smokestack/smokestack/engine"
	tg "github.com/smokestack/smokestack/engine/testgame"
)

// Pebbles draws a Pebbles view: one dot per pebble left and a bar per hand.
type Pebbles struct{}

// Game implements render.Renderer.
func (Pebbles) Game() string { return "pebbles" }

// PNG implements render.Renderer.
func (Pebbles) PNG(v engine.View, seat int) ([]byte, error) {
	pv, ok := v.(tg.View)
	if !ok {
		return nil, fmt.Errorf("render/testgame: pebbles view is %T", v)
	}
	const w, h = 320, 120
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill(img, img.Rect, color.RGBA{240, 232, 210, 255})
	for i := 0; i < pv.Pile; i++ {
		x, y := 8+(i%25)*12, 8+(i/25)*12
		fill(img, image.Rect(x, y, x+9, y+9), color.RGBA{90, 90, 100, 255})
	}
	for s, n := range pv.HandSizes {
		c := color.RGBA{200, 60, 40, 255}
		if s == pv.Turn {
			c = color.RGBA{40, 140, 60, 255}
		}
		y := 70 + s*12
		fill(img, image.Rect(8, y, 8+n*20, y+9), c)
	}
	for i, card := range pv.Hand {
		x := 200 + i*30
		fill(img, image.Rect(x, 70, x+24, 70+card*12), color.RGBA{40, 70, 180, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}
