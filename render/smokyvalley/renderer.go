package smokyvalley

import (
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/smokestack/smokestack/engine"
	sv "github.com/smokestack/smokestack/engine/smokyvalley"
	"github.com/smokestack/smokestack/render"
)

// GameID is the engine game this renderer draws.
const GameID = "smoky-valley"

// ErrView is returned when the view is not a Smoky Valley view, or one
// that does not fit the printed board (a corrupt or foreign view).
var ErrView = errors.New("render/smokyvalley: not a smoky valley view")

// Image sizes: the board is fixed; the players image has one panel per
// seat.
const (
	boardW, boardH = 1200, 1240
	panelH         = 250
)

// Renderer draws Smoky Valley views. It is safe for concurrent use.
type Renderer struct {
	enc *render.Encoder

	mu    sync.Mutex
	pools map[image.Point]*sync.Pool // *painter, by image size
}

// painter is one goroutine's drawing state for one image size.
type painter struct {
	c   *render.Canvas
	pal *render.Palette
	out *image.Paletted
}

var _ render.Renderer = (*Renderer)(nil)

// New returns a Renderer. The palette is built on the first image.
func New() (*Renderer, error) {
	return &Renderer{enc: render.NewEncoder(), pools: map[image.Point]*sync.Pool{}}, nil
}

// Game implements render.Renderer.
func (r *Renderer) Game() string { return GameID }

// Images implements render.Renderer: the board (board.png) and the
// players' boards (players.png), with the players' names from the scene.
// Nothing in the game is private, so every seat sees the same images but
// for the viewer's "(you)".
func (r *Renderer) Images(sc render.Scene) ([]render.Image, error) {
	sv, err := asView(sc.View)
	if err != nil {
		return nil, err
	}
	board, err := r.draw(sc, boardW, boardH, func(p *pen) { p.board(sv) })
	if err != nil {
		return nil, err
	}
	players, err := r.draw(sc, boardW, panelH*len(sv.Seats)+8, func(p *pen) { p.players(sv) })
	if err != nil {
		return nil, err
	}
	return []render.Image{
		{Name: "board.png", Title: "Board", PNG: board},
		{Name: "players.png", Title: "Players", PNG: players},
	}, nil
}

func asView(v engine.View) (*sv.View, error) {
	var x *sv.View
	switch t := v.(type) {
	case sv.View:
		x = &t
	case *sv.View:
		x = t
	}
	if x == nil {
		return nil, fmt.Errorf("%w: %T", ErrView, v)
	}
	pr := sv.PrintedValues()
	n := len(x.Seats)
	switch {
	case n < 2 || n > maxSeats || x.Players != n:
		return nil, fmt.Errorf("%w: %d seats", ErrView, n)
	case len(x.Districts) != len(pr.Districts):
		return nil, fmt.Errorf("%w: %d districts", ErrView, len(x.Districts))
	}
	for _, d := range x.Districts {
		if len(d.Spaces) != 5 {
			return nil, fmt.Errorf("%w: %d building spaces in a district", ErrView, len(d.Spaces))
		}
	}
	return x, nil
}

// draw paints one image with a pooled painter and encodes it.
func (r *Renderer) draw(sc render.Scene, w, h int, paint func(*pen)) ([]byte, error) {
	r.mu.Lock()
	pool := r.pools[image.Pt(w, h)]
	if pool == nil {
		pool = &sync.Pool{}
		r.pools[image.Pt(w, h)] = pool
	}
	r.mu.Unlock()
	p, _ := pool.Get().(*painter)
	if p == nil {
		pal, err := gamePalette()
		if err != nil {
			return nil, err
		}
		c, err := render.NewCanvas(w, h)
		if err != nil {
			return nil, err
		}
		p = &painter{c: c, pal: pal, out: image.NewPaletted(c.Img.Rect, pal.Colors)}
	}
	defer pool.Put(p)
	p.c.FillRect(0, 0, float64(w), float64(h), colPage)
	paint(&pen{c: p.c, pr: sv.PrintedValues(), sc: sc})
	p.pal.Quantize(p.out, p.c.Img)
	return r.enc.Encode(p.out, 200<<10)
}
