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

	mu sync.Mutex
	// idle painters by image size, at most maxIdle each: kept, unlike a
	// sync.Pool's, across garbage collections, so that the next image
	// finds the last one's drawing calls and redraws only what changed.
	idle   map[image.Point][]*painter
	static map[string]*staticLayer // static layers, by staticSig (board) or pageSig (players)
	clip   func(full string)       // set by the fit tests: hears of shortened texts
}

// staticLayer is what an image draws whatever the position: for the board
// the page, frames, names and labels, for the players' image the page
// alone; drawn once, in RGBA and converted to the palette.
type staticLayer struct {
	img *image.RGBA
	pal *image.Paletted
}

// painter is one goroutine's drawing state for one image size. It
// remembers which static layer its canvas and output hold with the last
// position drawn over it (ret: its drawing calls), so that only the tiles
// whose calls change are drawn again (render.Retained).
type painter struct {
	c   *render.Canvas
	pal *render.Palette
	out *image.Paletted
	sig string // the static layer c and out hold under ret's last position; "" none
	ret *render.Retained
}

// maxIdle is how many idle painters of one size a renderer keeps (one per
// core of the machine the bot runs on; a board painter is some 7 MB).
const maxIdle = 2

var _ render.Renderer = (*Renderer)(nil)

// New returns a Renderer. The palette is built on the first image.
func New() (*Renderer, error) {
	return &Renderer{enc: render.NewEncoder(), idle: map[image.Point][]*painter{}, static: map[string]*staticLayer{}}, nil
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
	players, err := r.drawPlayers(sc, sv)
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

// painter takes an idle painter for images of w×h, or a new one; give it
// back with put.
func (r *Renderer) painter(w, h int) (*painter, error) {
	r.mu.Lock()
	if ps := r.idle[image.Pt(w, h)]; len(ps) > 0 {
		p := ps[len(ps)-1]
		r.idle[image.Pt(w, h)] = ps[:len(ps)-1]
		r.mu.Unlock()
		return p, nil
	}
	r.mu.Unlock()
	pal, err := gamePalette()
	if err != nil {
		return nil, err
	}
	c, err := render.NewCanvas(w, h)
	if err != nil {
		return nil, err
	}
	return &painter{c: c, pal: pal, out: image.NewPaletted(c.Img.Rect, pal.Colors), ret: render.NewRetained(c)}, nil
}

// put gives back a painter.
func (r *Renderer) put(p *painter) {
	r.mu.Lock()
	defer r.mu.Unlock()
	k := p.c.Img.Rect.Size()
	if len(r.idle[k]) < maxIdle {
		r.idle[k] = append(r.idle[k], p)
	}
}

// draw paints one whole image, without a static layer or retained
// calls, with an idle painter and encodes it.
func (r *Renderer) draw(sc render.Scene, w, h int, paint func(*pen)) ([]byte, error) {
	p, err := r.painter(w, h)
	if err != nil {
		return nil, err
	}
	defer r.put(p)
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
// on top, written down as drawing calls first so that only the tiles
// whose calls differ from the last image's over the same static layer are
// restored, drawn and converted (render.Retained).
func (r *Renderer) drawBoard(sc render.Scene, v *sv.View) ([]byte, error) {
	sig := staticSig(v)
	if sig != "" {
		sig += "/" + string(newWords(sc).w.Lang) // the static layer's words are the scene's language
	}
	if sig == "" {
		return r.draw(sc, boardW, boardH, func(p *pen) { p.board(v) })
	}
	p, err := r.painter(boardW, boardH)
	if err != nil {
		return nil, err
	}
	defer r.put(p)
	st := r.layerFor(p, sig, func() {
		// The static layer's words are in the scene's language.
		(&pen{c: p.c, pr: sv.PrintedValues(), wd: newWords(render.Scene{Lang: sc.Lang}), clip: r.clip, part: partStatic}).board(v)
	})
	whole := p.sig != sig
	p.sig = "" // until the position is drawn
	(&pen{c: p.ret.Log(), pr: sv.PrintedValues(), sc: sc, wd: newWords(sc), clip: r.clip, part: partDynamic}).board(v)
	p.ret.Draw(p.c, p.out, p.pal, st.img, st.pal, whole)
	p.sig = sig
	return r.enc.Encode(p.out, 200<<10)
}

// drawPlayers paints the players' image: the page (a static layer of the
// image's size), then the panels written down as drawing calls and drawn
// retained as the board is. The same as drawing the page and the panels
// on a fresh canvas (draw), byte for byte.
func (r *Renderer) drawPlayers(sc render.Scene, v *sv.View) ([]byte, error) {
	h := playersH(len(v.Seats))
	p, err := r.painter(boardW, h)
	if err != nil {
		return nil, err
	}
	defer r.put(p)
	sig := fmt.Sprintf("page/%dx%d", boardW, h)
	st := r.layerFor(p, sig, nil)
	whole := p.sig != sig
	p.sig = ""
	(&pen{c: p.ret.Log(), pr: sv.PrintedValues(), sc: sc, wd: newWords(sc), clip: r.clip}).players(v)
	p.ret.Draw(p.c, p.out, p.pal, st.img, st.pal, whole)
	p.sig = sig
	return r.enc.Encode(p.out, 200<<10)
}

// layerFor returns the static layer sig, drawing it the first time on
// p's canvas: the page's colour, then paint (nil: the page alone).
func (r *Renderer) layerFor(p *painter, sig string, paint func()) *staticLayer {
	r.mu.Lock()
	defer r.mu.Unlock()
	if st, ok := r.static[sig]; ok {
		return st
	}
	p.sig = ""
	p.c.Damage = nil
	b := p.c.Img.Rect
	p.c.FillRect(0, 0, float64(b.Dx()), float64(b.Dy()), colPage)
	if paint != nil {
		paint()
	}
	st := r.keep(p)
	r.static[sig] = st
	return st
}

// keep copies p's canvas as a static layer, also converted to the palette.
func (r *Renderer) keep(p *painter) *staticLayer {
	img := image.NewRGBA(p.c.Img.Rect)
	copy(img.Pix, p.c.Img.Pix)
	pal := image.NewPaletted(img.Rect, p.pal.Colors)
	p.pal.Quantize(pal, img)
	return &staticLayer{img: img, pal: pal}
}
