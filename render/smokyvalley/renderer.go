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
// seat and the legend's row under them (playersH).
const (
	boardW, boardH = 1200, 1240
	panelH         = 250
	legendRowH     = 22
)

// playersH is the height of the players' image for n seats: a margin,
// the panels (each framed panelH-8 high) and the legend's row.
func playersH(n int) int { return 8 + n*panelH + legendRowH }

// Renderer draws Smoky Valley views. It is safe for concurrent use.
type Renderer struct {
	enc *render.Encoder

	mu     sync.Mutex
	pools  map[image.Point]*sync.Pool // *painter, by image size
	static map[string]*staticLayer    // the board's static layer, by staticSig
	clip   func(full string)          // set by the fit tests: hears of shortened texts
}

// staticLayer is the board's static part (page, frames, names, labels)
// drawn once, in RGBA and converted to the palette.
type staticLayer struct {
	img *image.RGBA
	pal *image.Paletted
}

// painter is one goroutine's drawing state for one image size. For the
// board it remembers which static layer its canvas and output hold and
// where the last position was drawn over it (dmg), so the next board only
// restores and converts those tiles.
type painter struct {
	c   *render.Canvas
	pal *render.Palette
	out *image.Paletted
	sig string // the static layer c and out hold under dmg; "" none
	dmg *render.Damage
}

var _ render.Renderer = (*Renderer)(nil)

// New returns a Renderer. The palette is built on the first image.
func New() (*Renderer, error) {
	return &Renderer{enc: render.NewEncoder(), pools: map[image.Point]*sync.Pool{}, static: map[string]*staticLayer{}}, nil
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
	board, err := r.drawBoard(sc, sv)
	if err != nil {
		return nil, err
	}
	players, err := r.draw(sc, boardW, playersH(len(sv.Seats)), func(p *pen) { p.players(sv) })
	if err != nil {
		return nil, err
	}
	wd := newWords(sc)
	return []render.Image{
		{Name: "board.png", Title: wd.say("title"), PNG: board},
		{Name: "players.png", Title: wd.say("title-players"), PNG: players},
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

// painter takes a pooled painter for images of w×h; put it back with
// pool.Put.
func (r *Renderer) painter(w, h int) (*painter, *sync.Pool, error) {
	r.mu.Lock()
	pool := r.pools[image.Pt(w, h)]
	if pool == nil {
		pool = &sync.Pool{}
		r.pools[image.Pt(w, h)] = pool
	}
	r.mu.Unlock()
	if p, ok := pool.Get().(*painter); ok {
		return p, pool, nil
	}
	pal, err := gamePalette()
	if err != nil {
		return nil, nil, err
	}
	c, err := render.NewCanvas(w, h)
	if err != nil {
		return nil, nil, err
	}
	return &painter{c: c, pal: pal, out: image.NewPaletted(c.Img.Rect, pal.Colors), dmg: render.NewDamage(c.Img.Rect)}, pool, nil
}

// draw paints one whole image with a pooled painter and encodes it.
func (r *Renderer) draw(sc render.Scene, w, h int, paint func(*pen)) ([]byte, error) {
	p, pool, err := r.painter(w, h)
	if err != nil {
		return nil, err
	}
	defer pool.Put(p)
	p.sig = "" // the canvas holds no static layer any more
	p.c.Damage = nil
	p.c.FillRect(0, 0, float64(w), float64(h), colPage)
	paint(&pen{c: p.c, pr: sv.PrintedValues(), sc: sc, wd: newWords(sc), clip: r.clip})
	p.pal.Quantize(p.out, p.c.Img)
	return r.enc.Encode(p.out, 200<<10)
}

// staticSig names what the board's static layer depends on, or "" when
// the view does not fit the layout the static layer assumes (three rows a
// canal section), in which case the board is drawn whole.
func staticSig(v *sv.View) string {
	for _, rows := range v.Canal {
		if len(rows) > 3 {
			return ""
		}
	}
	return fmt.Sprintf("%d/%d/%d", v.Players, len(v.Seats), len(v.CardOffer))
}

// drawBoard paints the board: the cached static layer, then the position
// on top, restoring and converting only the tiles the last position and
// this one drew on (render.Damage).
func (r *Renderer) drawBoard(sc render.Scene, v *sv.View) ([]byte, error) {
	sig := staticSig(v)
	if sig != "" {
		sig += "/" + string(newWords(sc).w.Lang) // the static layer's words are the scene's language
	}
	if sig == "" {
		return r.draw(sc, boardW, boardH, func(p *pen) { p.board(v) })
	}
	p, pool, err := r.painter(boardW, boardH)
	if err != nil {
		return nil, err
	}
	defer pool.Put(p)
	st := r.staticFor(p, sc, v, sig)
	p.dmg.Restore(p.c, p.out, st.img, st.pal, p.sig != sig)
	p.sig = sig
	(&pen{c: p.c, pr: sv.PrintedValues(), sc: sc, wd: newWords(sc), clip: r.clip, part: partDynamic}).board(v)
	p.c.Damage = nil
	p.pal.QuantizeDamaged(p.out, p.c.Img, p.dmg)
	return r.enc.Encode(p.out, 200<<10)
}

// staticFor returns the static layer for sig, drawing it on p's canvas the
// first time, in the scene's language.
func (r *Renderer) staticFor(p *painter, sc render.Scene, v *sv.View, sig string) *staticLayer {
	r.mu.Lock()
	defer r.mu.Unlock()
	if st, ok := r.static[sig]; ok {
		return st
	}
	p.sig = ""
	p.c.Damage = nil
	p.c.FillRect(0, 0, boardW, boardH, colPage)
	(&pen{c: p.c, pr: sv.PrintedValues(), wd: newWords(render.Scene{Lang: sc.Lang}), clip: r.clip, part: partStatic}).board(v)
	img := image.NewRGBA(p.c.Img.Rect)
	copy(img.Pix, p.c.Img.Pix)
	pal := image.NewPaletted(img.Rect, p.pal.Colors)
	p.pal.Quantize(pal, img)
	st := &staticLayer{img: img, pal: pal}
	r.static[sig] = st
	return st
}
