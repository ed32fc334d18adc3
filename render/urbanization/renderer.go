package urbanization

import (
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/smokestack/smokestack/engine/urbanization"
	"github.com/smokestack/smokestack/render"
)

// GameID is the engine game this renderer draws.
const GameID = "urbanization"

// ErrView is returned when the view is not an Urbanization view.
var ErrView = errors.New("render/urbanization: not an urbanization view")

// Renderer draws Urbanization views. It is safe for concurrent use.
type Renderer struct {
	enc *render.Encoder
	// idle painters by image height (the invention area adds rows), at
	// most maxIdle each: kept, unlike a sync.Pool's, across garbage
	// collections, so that the next image finds the last one's calls and
	// redraws only what changed.
	mu     sync.Mutex
	idle   map[int][]*painter
	static map[string]*staticLayer // by staticKey, guarded by mu
}

// staticLayer is the static layer of one layout, player count, scoring
// scale and language (drawStatic), drawn once and kept both as pixels and
// converted to the palette.
type staticLayer struct {
	key string
	img *image.RGBA
	pal *image.Paletted
}

// painter is the per-goroutine drawing state: a canvas with its glyph
// cache, the palette and the paletted output image, and which static layer
// the canvas and out hold with the last position drawn over it (ret: its
// drawing calls), so that only the tiles whose calls change are drawn
// again (render.Retained).
type painter struct {
	c   *render.Canvas
	pal *render.Palette
	out *image.Paletted
	key string // the static layer the canvas and out hold, under ret's last position
	ret *render.Retained
}

var _ render.Renderer = (*Renderer)(nil)

// New returns a Renderer. The palette is built on the first image.
func New() (*Renderer, error) {
	return &Renderer{enc: render.NewEncoder(), idle: map[int][]*painter{}, static: map[string]*staticLayer{}}, nil
}

// Game implements render.Renderer.
func (r *Renderer) Game() string { return GameID }

// Images implements render.Renderer: one image, the board, with the
// players' names from the scene. Nothing in Urbanization is hidden, so
// every seat sees the same picture.
func (r *Renderer) Images(sc render.Scene) ([]render.Image, error) {
	png, err := r.PNG(sc)
	if err != nil {
		return nil, err
	}
	return []render.Image{{Name: "board.png", Title: newWords(sc).say("title"), PNG: png}}, nil
}

// PNG draws the board image of sc.View, an urbanization.View or
// *urbanization.View (ErrView otherwise).
func (r *Renderer) PNG(sc render.Scene) ([]byte, error) {
	var uv *urbanization.View
	switch x := sc.View.(type) {
	case urbanization.View:
		uv = &x
	case *urbanization.View:
		uv = x
	}
	if uv == nil {
		return nil, fmt.Errorf("%w: %T", ErrView, sc.View)
	}
	if err := checkView(uv); err != nil {
		return nil, err
	}
	lay := newLayout(uv)
	p, err := r.painter(lay.h)
	if err != nil {
		return nil, err
	}
	defer r.put(lay.h, p)
	wd := newWords(sc)
	st := r.staticFor(p, lay, uv, wd)
	whole := p.key != st.key
	p.key = "" // until the position is drawn whole
	drawDynamic(p.ret.Log(), lay, uv, sc.Name, wd)
	p.ret.Draw(p.c, p.out, p.pal, st.img, st.pal, whole)
	p.key = st.key
	return r.enc.Encode(p.out, 160<<10)
}

// staticFor returns the cached static layer for v's layout, player count,
// scoring scale and language, drawing it on first use (on p's canvas, then
// copied). The painter's canvas has the layout's height (r.painter).
func (r *Renderer) staticFor(p *painter, l *layout, v *urbanization.View, wd words) *staticLayer {
	key := staticKey(l, v, wd)
	r.mu.Lock()
	defer r.mu.Unlock()
	if st, ok := r.static[key]; ok {
		return st
	}
	p.key = "" // the canvas no longer holds what p.key says
	p.c.Damage = nil
	drawStatic(p.c, l, v, wd)
	img := image.NewRGBA(p.c.Img.Rect)
	copy(img.Pix, p.c.Img.Pix)
	pal := image.NewPaletted(img.Rect, p.pal.Colors)
	p.pal.Quantize(pal, img)
	st := &staticLayer{key: key, img: img, pal: pal}
	r.static[key] = st
	return st
}

// checkView refuses a view the image cannot show faithfully.
func checkView(v *urbanization.View) error {
	if v.Players < 1 || v.Players > maxSeats || len(v.PlayerViews) != v.Players {
		return fmt.Errorf("%w: %d players with %d panels (1 to %d)", ErrView, v.Players, len(v.PlayerViews), maxSeats)
	}
	if v.Segment != "over" && len(v.Active) == 0 {
		return fmt.Errorf("%w: segment %q with no seat to act", ErrView, v.Segment)
	}
	for _, t := range v.Territories {
		if t.Strip < 0 || t.Pos < 0 || t.Strip > 16 || t.Pos > 32 {
			return fmt.Errorf("%w: territory %s at strip %d position %d", ErrView, t.ID, t.Strip, t.Pos)
		}
	}
	return nil
}

// maxIdle is how many idle painters of one height a renderer keeps (one
// per core of the machine the bot runs on; a painter is some 9 MB).
const maxIdle = 2

// put gives back a painter of height h.
func (r *Renderer) put(h int, p *painter) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.idle[h]) < maxIdle {
		r.idle[h] = append(r.idle[h], p)
	}
}

func (r *Renderer) painter(h int) (*painter, error) {
	r.mu.Lock()
	if ps := r.idle[h]; len(ps) > 0 {
		p := ps[len(ps)-1]
		r.idle[h] = ps[:len(ps)-1]
		r.mu.Unlock()
		return p, nil
	}
	r.mu.Unlock()
	pal, err := gamePalette()
	if err != nil {
		return nil, err
	}
	c, err := render.NewCanvas(width, h)
	if err != nil {
		return nil, err
	}
	return &painter{c: c, pal: pal, out: image.NewPaletted(c.Img.Rect, pal.Colors), ret: render.NewRetained(c)}, nil
}
