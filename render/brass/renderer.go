package brass

import (
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"
	"sync"

	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/render"
)

// GameID is the engine game this renderer draws.
const GameID = "brass"

var (
	// ErrView is returned when the view is not a Brass view.
	ErrView = errors.New("render/brass: not a brass view")
	// ErrSeat is returned when a seat's private view is drawn for another
	// seat, which would leak its hand.
	ErrSeat = errors.New("render/brass: view belongs to another seat")
	// ErrNoLayout is returned when the view names a place or link the
	// layout does not place.
	ErrNoLayout = errors.New("render/brass: no layout for")
)

// Renderer draws Brass views. It is safe for concurrent use.
type Renderer struct {
	l   *layout
	enc *render.Encoder

	mu     sync.Mutex
	static map[string]*staticLayer // by board signature
	// idle painters, at most maxIdle: kept, unlike a sync.Pool's, across
	// garbage collections, so that the next image finds the last one's
	// drawing calls and redraws only what changed. Guarded by mu.
	idle []*painter
}

type staticLayer struct {
	sig string
	b   *board
	img *image.RGBA
	pal *image.Paletted // img converted to the palette
}

// painter is the per-goroutine drawing state: a canvas (with its font faces
// and glyph cache), the palette and the paletted output image, and which
// static layer the canvas and out hold with the last position drawn over
// it (ret: its drawing calls), so that only the tiles whose calls change
// are drawn again (render.Retained).
type painter struct {
	c   *render.Canvas
	pal *render.Palette
	out *image.Paletted
	sig string // the static layer the canvas and out hold, under ret's last position
	ret *render.Retained
}

// maxIdle is how many idle painters a renderer keeps (one per core of the
// machine the bot runs on; a painter is some 8 MB).
const maxIdle = 2

var _ render.Renderer = (*Renderer)(nil)

// New returns a Renderer using the embedded layout. The palette is built
// on the first image, so that a program that draws nothing does not pay
// for it.
func New() (*Renderer, error) {
	l, err := parseLayout(layoutJSON)
	if err != nil {
		return nil, err
	}
	return &Renderer{l: l, enc: render.NewEncoder(), static: map[string]*staticLayer{}}, nil
}

// Game implements render.Renderer.
func (r *Renderer) Game() string { return GameID }

// Images implements render.Renderer: the board ("board.png", the same for
// everyone but for the viewer's "(you)"), and in a seat's view a compact
// image of that seat's hand ("hand.png") that only it may see.
func (r *Renderer) Images(sc render.Scene) ([]render.Image, error) {
	bv, err := r.brassView(sc.View, sc.Seat)
	if err != nil {
		return nil, err
	}
	png, err := r.boardPNG(bv, sc)
	if err != nil {
		return nil, err
	}
	w := wordsFor(sc)
	out := []render.Image{{Name: "board.png", Title: w.t("title"), PNG: png}}
	if bv.Hand != nil {
		hand, err := r.HandPNG(bv, sc)
		if err != nil {
			return nil, err
		}
		out = append(out, render.Image{Name: "hand.png", Title: w.t("title-hand"), PNG: hand})
	}
	return out, nil
}

// PNG draws the board image with players named by their seats ("Seat N", render.Scene.Name). v must be a
// brass.View or *brass.View (ErrView); a view holding a seat's hand is
// drawn only for that seat (ErrSeat).
func (r *Renderer) PNG(v engine.View, seat int) ([]byte, error) {
	bv, err := r.brassView(v, seat)
	if err != nil {
		return nil, err
	}
	return r.boardPNG(bv, render.Scene{View: v, Seat: seat})
}

func (r *Renderer) brassView(v engine.View, seat int) (*brass.View, error) {
	var bv *brass.View
	switch x := v.(type) {
	case brass.View:
		bv = &x
	case *brass.View:
		bv = x
	}
	if bv == nil {
		return nil, fmt.Errorf("%w: %T", ErrView, v)
	}
	if bv.Hand != nil && bv.Seat != seat {
		return nil, fmt.Errorf("%w: view of seat %d drawn for seat %d", ErrSeat, bv.Seat, seat)
	}
	return bv, nil
}

func (r *Renderer) boardPNG(bv *brass.View, sc render.Scene) ([]byte, error) {
	p, err := r.painter()
	if err != nil {
		return nil, err
	}
	defer r.put(p)
	if err := r.draw(p, bv, sc); err != nil {
		return nil, err
	}
	return r.enc.Encode(p.out, 160<<10)
}

// put gives back a painter.
func (r *Renderer) put(p *painter) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.idle) < maxIdle {
		r.idle = append(r.idle, p)
	}
}

func (r *Renderer) painter() (*painter, error) {
	r.mu.Lock()
	if n := len(r.idle); n > 0 {
		p := r.idle[n-1]
		r.idle = r.idle[:n-1]
		r.mu.Unlock()
		return p, nil
	}
	r.mu.Unlock()
	pal, err := gamePalette()
	if err != nil {
		return nil, err
	}
	c, err := render.NewCanvas(r.l.Width, r.l.Height)
	if err != nil {
		return nil, err
	}
	return &painter{c: c, pal: pal, out: image.NewPaletted(c.Img.Rect, pal.Colors), ret: render.NewRetained(c)}, nil
}

// draw paints the board for v on p's canvas and converts it into p.out:
// the position is written down as drawing calls, and only the tiles whose
// calls differ from the last image's over the same static layer are
// restored, drawn and converted (render.Retained).
func (r *Renderer) draw(p *painter, v *brass.View, sc render.Scene) error {
	w := wordsFor(sc)
	st, err := r.staticFor(p, v, w)
	if err != nil {
		return err
	}
	whole := p.sig != st.sig
	p.sig = "" // until the position is drawn
	st.b.drawDynamic(p.ret.Log(), v, w)
	p.ret.Draw(p.c, p.out, p.pal, st.img, st.pal, whole)
	p.sig = st.sig
	return nil
}

// staticFor returns the cached static layer for v's board, drawing it on
// first use (on p's canvas, then copied).
func (r *Renderer) staticFor(p *painter, v *brass.View, w words) (*staticLayer, error) {
	sig := signature(v) + "|" + string(w.w.Lang)
	r.mu.Lock()
	defer r.mu.Unlock()
	if st, ok := r.static[sig]; ok {
		return st, nil
	}
	b, err := newBoard(r.l, p.c, v, w)
	if err != nil {
		return nil, err
	}
	p.sig = "" // the canvas no longer holds what p.sig says
	p.c.Damage = nil
	b.drawStatic(p.c, v, w)
	img := image.NewRGBA(p.c.Img.Rect)
	copy(img.Pix, p.c.Img.Pix)
	pal := image.NewPaletted(img.Rect, p.pal.Colors)
	p.pal.Quantize(pal, img)
	st := &staticLayer{sig: sig, b: b, img: img, pal: pal}
	r.static[sig] = st
	return st, nil
}

// signature identifies what the static layer depends on: the places with
// their spaces and the potential links.
func signature(v *brass.View) string {
	var sb strings.Builder
	for _, p := range v.Places {
		sb.WriteString(p.ID)
		sb.WriteByte(':')
		sb.WriteString(p.Kind)
		for _, s := range p.Spaces {
			sb.WriteByte('[')
			for _, a := range s.Allowed {
				sb.WriteString(a)
				sb.WriteByte(',')
			}
		}
		sb.WriteByte(';')
	}
	for _, k := range v.Links {
		sb.WriteString(k.ID)
		if k.Canal {
			sb.WriteByte('c')
		}
		if k.Rail {
			sb.WriteByte('r')
		}
		sb.WriteByte(';')
	}
	sb.WriteString(strconv.Itoa(len(v.Places)))
	return sb.String()
}
