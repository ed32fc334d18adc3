// Package testgame draws the Pebbles test game (engine/testgame). It exists
// so that front ends and the host can be tested with a second game besides
// Brass, and it draws more than one image per position so that the
// multi-image path of every front end is exercised: the pile ("board.png"),
// a bar per seat for its hand size ("players.png") and, in a seat's view,
// that seat's cards ("hand.png").
package testgame

import (
	"fmt"
	"image"
	"image/color"
	"strconv"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	tg "github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
)

// Pebbles draws Pebbles views.
type Pebbles struct{}

// Game implements render.Renderer.
func (Pebbles) Game() string { return "pebbles" }

var (
	paper = color.RGBA{240, 232, 210, 255}
	stone = color.RGBA{90, 90, 100, 255}
	ink   = color.RGBA{40, 70, 180, 255}
	mark  = color.RGBA{20, 20, 20, 255}
)

// Images implements render.Renderer: the pile, the players' hand sizes
// and, for a seat, its own cards.
func (Pebbles) Images(sc render.Scene) ([]render.Image, error) {
	v, seat := sc.View, sc.Seat
	pv, ok := v.(tg.View)
	if !ok {
		return nil, fmt.Errorf("render/testgame: pebbles view is %T", v)
	}
	if pv.Hand != nil && seat == engine.Spectator {
		return nil, fmt.Errorf("render/testgame: a seat's view drawn for the spectators")
	}
	// The pile: one dot per pebble left.
	board := canvas(320, 60)
	if pv.Recent.Has("pile") && pv.Pile > 0 {
		// The latest turn took from the pile: the house halo around what
		// is left of it.
		rows, cols := (pv.Pile+24)/25, min(pv.Pile, 25)
		render.HaloRect(&render.Canvas{Img: board}, 8, 8, float64(cols*12-3), float64(rows*12-3))
	}
	for i := 0; i < pv.Pile; i++ {
		x, y := 8+(i%25)*12, 8+(i/25)*12
		fill(board, image.Rect(x, y, x+9, y+9), stone)
	}
	// The players: a bar per seat in its colour, as long as its hand,
	// with a mark before the seat to move.
	players := canvas(320, 8+12*len(pv.HandSizes))
	for s, n := range pv.HandSizes {
		if y := 4 + s*12; pv.Recent.Has("hand-" + strconv.Itoa(s+1)) {
			render.HaloRect(&render.Canvas{Img: players}, 8, float64(y), float64(max(n, 0)*20), 9)
		}
	}
	for s, n := range pv.HandSizes {
		y := 4 + s*12
		if s == pv.Turn && pv.Winner < 0 {
			fill(players, image.Rect(2, y+2, 6, y+7), mark)
		}
		fill(players, image.Rect(8, y, 8+max(n, 0)*20, y+9), render.Seat(s).RGB)
	}
	// The titles in the scene's language, from Pebbles' catalog.
	w := sc.Words(tg.Game{}.Info())
	title := func(id string) string { return w.Msg(lang.Msg{ID: "image." + id}, "") }
	out := []render.Image{
		{Name: "board.png", Title: title("pile"), PNG: encode(board)},
		{Name: "players.png", Title: title("players"), PNG: encode(players)},
	}
	if seat != engine.Spectator {
		// The seat's own cards, one column per card as tall as its value.
		hand := canvas(8+30*max(len(pv.Hand), 1), 48)
		for i, card := range pv.Hand {
			x := 8 + i*30
			fill(hand, image.Rect(x, 44-card*12, x+24, 44), ink)
		}
		out = append(out, render.Image{Name: "hand.png", Title: title("hand"), PNG: encode(hand)})
	}
	for _, im := range out {
		if im.PNG == nil {
			return nil, fmt.Errorf("render/testgame: encode %s", im.Name)
		}
	}
	return out, nil
}

func canvas(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill(img, img.Rect, paper)
	return img
}

// encoder is the renderers' shared PNG encoder (fastest compression,
// pooled buffers), as every game's renderer uses.
var encoder = render.NewEncoder()

func encode(img image.Image) []byte {
	b, err := encoder.Encode(img, 4<<10)
	if err != nil {
		return nil
	}
	return b
}

func fill(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}
