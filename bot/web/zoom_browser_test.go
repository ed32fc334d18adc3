package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// zoomView is a picture's view as zoom.js keeps it: the scale, the
// translation, and the part of the picture the frame shows, in fractions
// of its width and height.
type zoomView struct {
	S, X, Y                   float64
	Left, Top, Width, Height  float64
	PageX, PageY, PageZoom    float64 // the page around it: its scroll and pinch zoom
	Transform                 string
	FrameLeft, FrameTop, W, H float64 // the frame on screen
}

// boardFrame is the board's zoom frame.
const boardFrame = `document.getElementById("board").parentElement`

func (p *page) zoomView() zoomView {
	p.t.Helper()
	js := `(() => { const f = ` + boardFrame + `, r = f.getBoundingClientRect(), v = zoomState(f);
	  return JSON.stringify({s: v.s, x: v.x, y: v.y, left: v.left, top: v.top, width: v.width, height: v.height,
	    pageX: window.scrollX, pageY: window.scrollY, pageZoom: window.visualViewport.scale,
	    transform: document.getElementById("board").style.transform, frameLeft: r.left, frameTop: r.top, w: r.width, h: r.height}); })()`
	var v zoomView
	if err := json.Unmarshal([]byte(p.str(js)), &v); err != nil {
		p.t.Fatal(err)
	}
	return v
}

// mouse sends one mouse event to the page, as a person's mouse would.
func (p *page) mouse(typ input.DispatchMouseEventType, x, y float64, edit func(*input.DispatchMouseEventParams)) {
	p.t.Helper()
	prm := input.DispatchMouseEventParams{Type: typ, X: x, Y: y}
	if edit != nil {
		edit(&prm)
	}
	p.do(string(typ), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchMouseEvent, prm)
		return err
	}))
}

// wheel turns the mouse wheel by dy over x, y, with the modifier keys
// held (Ctrl = 2). (The typed parameters drop a zero deltaX, which the
// wheel event requires.)
func (p *page) wheel(x, y, dy float64, modifiers int) {
	p.t.Helper()
	prm := map[string]any{"type": "mouseWheel", "x": x, "y": y, "deltaX": 0, "deltaY": dy, "modifiers": modifiers}
	p.do("wheel", chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		return t.Call(ctx, "Input.dispatchMouseEvent", prm, nil)
	}))
}

// touch sends one touch event with the fingers at pts.
func (p *page) touch(typ input.DispatchTouchEventType, pts ...[2]float64) {
	p.t.Helper()
	prm := input.DispatchTouchEventParams{Type: typ, TouchPoints: []*input.TouchPoint{}}
	for i, pt := range pts {
		id := float64(i)
		prm.TouchPoints = append(prm.TouchPoints, &input.TouchPoint{X: pt[0], Y: pt[1], ID: &id})
	}
	p.do(string(typ), chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		_, err := cdp.Call(ctx, t, input.DispatchTouchEvent, prm)
		return err
	}))
}

// near reports whether a and b differ by at most tol.
func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// testZoom: the board zooms and pans in its frame, as a person does it:
// the buttons, Ctrl with the wheel, dragging, double-click (and on the
// phone pinching, dragging with a finger and double-tapping), and Reset;
// the part of the board shown changes as expected, and the page around it
// neither scrolls nor zooms.
func testZoom(t *testing.T, p *page) {
	tc := e2eGames[0] // brass: the biggest board
	p.start()
	p.create(matchForm{game: tc.game, seats: tc.seats, seed: fmt.Sprint(tc.seed)})
	// The board's buttons and frame in view, clear of the sticky status bar.
	p.wait(`document.getElementById("board").offsetWidth > 0`)
	p.do("the board in view", js(boardFrame+`.parentElement.scrollIntoView({block: "start"}); window.scrollBy(0, -70)`))
	p.wait(`Math.abs(` + boardFrame + `.parentElement.getBoundingClientRect().top - 70) < 2`)
	v0 := p.zoomView()
	if v0.S != 1 || v0.Width != 1 || v0.Transform != "" {
		t.Fatalf("%s: the board starts zoomed: %+v", p.wd.name, v0)
	}
	if p.wd.mobile && v0.W > 400 {
		t.Errorf("%s: the board's frame is %.0fpx wide", p.wd.name, v0.W)
	}
	// samePage checks that the page itself neither scrolled nor zoomed.
	samePage := func(what string) zoomView {
		t.Helper()
		v := p.zoomView()
		if v.PageX != v0.PageX || v.PageY != v0.PageY || v.PageZoom != 1 || v.FrameLeft != v0.FrameLeft || v.FrameTop != v0.FrameTop {
			t.Errorf("%s, %s: the page moved: scroll %v,%v zoom %v frame at %v,%v; was %v,%v zoom 1 frame at %v,%v",
				p.wd.name, what, v.PageX, v.PageY, v.PageZoom, v.FrameLeft, v.FrameTop, v0.PageX, v0.PageY, v0.FrameLeft, v0.FrameTop)
		}
		return v
	}
	// Points of the frame on screen: its middle (of the part in view) and
	// a point a quarter of the way in from its top left.
	fx, fy := v0.FrameLeft, v0.FrameTop
	inner := float64(p.num(`window.innerHeight`))
	cx, cy := fx+v0.W/2, (fy+min(fy+v0.H, inner))/2
	qx, qy := 0.25, min(0.25, (inner-fy)/2/v0.H) // as fractions of the frame

	// The + button: 1.5 times, around the middle.
	p.click(`#images figure:first-child .zoombtn[aria-label="Zoom in"]`)
	v := samePage("zoom in button")
	if !near(v.S, 1.5, 0.001) || !near(v.Width, 1/1.5, 0.001) || !near(v.Left, (1-1/1.5)/2, 0.01) || !near(v.Top, (1-1/1.5)/2, 0.01) || v.Transform == "" {
		t.Errorf("%s: after +, the view is %+v; want scale 1.5 around the middle", p.wd.name, v)
	}
	p.viewShot("zoom-button")

	// Ctrl + wheel zooms in around the pointer: the board's point under it
	// stays under it.
	px, py := fx+qx*v0.W, fy+qy*v0.H
	under := func(v zoomView) (float64, float64) { return v.Left + qx*v.Width, v.Top + qy*v.Height }
	ux, uy := under(v)
	p.mouse(input.DispatchMouseEventTypeMouseMoved, px, py, nil)
	p.wheel(px, py, -250, 2) // with Ctrl
	v = samePage("ctrl+wheel")
	ux2, uy2 := under(v)
	if !near(v.S, 1.5*math.Exp(0.5), 0.01) || !near(ux, ux2, 0.005) || !near(uy, uy2, 0.005) {
		t.Errorf("%s: after Ctrl+wheel, the view is %+v (point under the pointer %.3f,%.3f, was %.3f,%.3f)", p.wd.name, v, ux2, uy2, ux, uy)
	}
	// A plain wheel is the page's: the board stays as it is.
	p.wheel(px, py, 40, 0)
	p.wait(fmt.Sprintf(`window.scrollY !== %v`, v0.PageY))
	p.do("scroll back", js(fmt.Sprintf(`window.scrollTo(%v, %v)`, v0.PageX, v0.PageY)))
	p.wait(fmt.Sprintf(`window.scrollY === %v`, v0.PageY))
	if w := samePage("plain wheel"); w.S != v.S {
		t.Errorf("%s: a plain wheel zoomed the board from %v to %v", p.wd.name, v.S, w.S)
	}

	// Dragging pans: the board follows the mouse, so the view shows more
	// of its right and bottom.
	before := v
	p.mouse(input.DispatchMouseEventTypeMouseMoved, cx, cy, nil)
	p.mouse(input.DispatchMouseEventTypeMousePressed, cx, cy, func(m *input.DispatchMouseEventParams) {
		m.Button, m.Buttons, m.ClickCount = input.MouseButtonLeft, 1, 1
	})
	for i := 1; i <= 4; i++ {
		p.mouse(input.DispatchMouseEventTypeMouseMoved, cx-float64(i)*15, cy-float64(i)*10, func(m *input.DispatchMouseEventParams) {
			m.Button, m.Buttons = input.MouseButtonLeft, 1
		})
	}
	p.mouse(input.DispatchMouseEventTypeMouseReleased, cx-60, cy-40, func(m *input.DispatchMouseEventParams) {
		m.Button, m.ClickCount = input.MouseButtonLeft, 1
	})
	v = samePage("drag")
	if v.S != before.S || !near(v.Left-before.Left, 60/(v0.W*v.S), 0.002) || !near(v.Top-before.Top, 40/(v0.H*v.S), 0.002) {
		t.Errorf("%s: after dragging by -60,-40 the view is %+v; was %+v", p.wd.name, v, before)
	}
	p.viewShot("zoom-panned")

	// A double-click goes back to the whole board, and another zooms in
	// where it points.
	dbl := func(x, y float64) {
		for n := int64(1); n <= 2; n++ {
			p.mouse(input.DispatchMouseEventTypeMousePressed, x, y, func(m *input.DispatchMouseEventParams) {
				m.Button, m.Buttons, m.ClickCount = input.MouseButtonLeft, 1, n
			})
			p.mouse(input.DispatchMouseEventTypeMouseReleased, x, y, func(m *input.DispatchMouseEventParams) {
				m.Button, m.ClickCount = input.MouseButtonLeft, n
			})
		}
	}
	dbl(cx, cy)
	if v = samePage("double-click out"); v.S != 1 || v.Transform != "" {
		t.Errorf("%s: a double-click on the zoomed board leaves %+v", p.wd.name, v)
	}
	dbl(px, py)
	v = samePage("double-click in")
	if !near(v.S, 2.5, 0.001) || !near(v.Left+qx*v.Width, qx, 0.005) || !near(v.Top+qy*v.Height, qy, 0.005) {
		t.Errorf("%s: a double-click at a quarter of the board gives %+v", p.wd.name, v)
	}
	// Reset shows the whole board.
	p.click(`#images figure:first-child .zoombtn[aria-label="Show the whole picture"]`)
	if v = samePage("reset"); v.S != 1 || v.Left != 0 || v.Top != 0 || v.Transform != "" {
		t.Errorf("%s: after Reset the view is %+v", p.wd.name, v)
	}

	if p.wd.mobile {
		// Two fingers 40px apart spread to 160px: four times the size,
		// around their middle; the page itself does not zoom.
		p.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{cx - 20, cy}, [2]float64{cx + 20, cy})
		for _, d := range []float64{40, 60, 80} {
			p.touch(input.DispatchTouchEventTypeTouchMove, [2]float64{cx - d, cy}, [2]float64{cx + d, cy})
		}
		p.touch(input.DispatchTouchEventTypeTouchEnd)
		v = samePage("pinch")
		my := (cy - fy) / v0.H
		if !near(v.S, 4, 0.01) || !near(v.Left+0.5*v.Width, 0.5, 0.01) || !near(v.Top+my*v.Height, my, 0.01) {
			t.Errorf("%s: after pinching out the view is %+v; want scale 4 around the middle", p.wd.name, v)
		}
		p.viewShot("zoom-pinched")
		// One finger pans the zoomed board.
		before = v
		p.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{cx, cy})
		for i := 1; i <= 3; i++ {
			p.touch(input.DispatchTouchEventTypeTouchMove, [2]float64{cx + float64(i)*20, cy + float64(i)*10})
		}
		p.touch(input.DispatchTouchEventTypeTouchEnd)
		v = samePage("finger pan")
		if v.S != before.S || !near(before.Left-v.Left, 60/(v0.W*v.S), 0.002) || !near(before.Top-v.Top, 30/(v0.H*v.S), 0.002) {
			t.Errorf("%s: after a finger's pan by 60,30 the view is %+v; was %+v", p.wd.name, v, before)
		}
		// A double-tap toggles: out to the whole board, then in.
		tap := func() {
			p.touch(input.DispatchTouchEventTypeTouchStart, [2]float64{cx, cy})
			p.touch(input.DispatchTouchEventTypeTouchEnd)
		}
		tap()
		tap()
		if v = samePage("double-tap out"); v.S != 1 {
			t.Errorf("%s: a double-tap on the zoomed board leaves scale %v", p.wd.name, v.S)
		}
		tap()
		tap()
		if v = samePage("double-tap in"); !near(v.S, 2.5, 0.001) {
			t.Errorf("%s: a double-tap on the whole board gives scale %v, want 2.5", p.wd.name, v.S)
		}
		p.viewShot("zoom-tapped")
	}
	p.look("zoom")
}
