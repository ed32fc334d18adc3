// The playground's zoomable pictures (loaded before app.js, which calls
// zoomable for the board and the players' boards): a picture drawn to the
// page's width can be zoomed and panned inside its frame, so a board drawn
// 1280 pixels wide can be read on a phone without leaving the page or
// zooming the page. Touch: pinch to zoom, drag to pan once zoomed,
// double-tap to zoom in there or back out. Desktop: the + and - buttons,
// Ctrl (or Cmd) with the wheel, or a trackpad pinch, zoom around the
// pointer; drag pans; double-click toggles; Reset shows the whole picture.
// Plain wheel scrolls the page as ever, so the page never gets stuck on a
// picture.
"use strict";

// ZOOM_STEP is the factor of one button press; ZOOM_TAP the zoom a
// double-tap or double-click goes to.
const ZOOM_STEP = 1.5, ZOOM_TAP = 2.5;

// zoomMath is the arithmetic of one view, apart from the page so it can
// be checked alone: a picture shown w x h in its frame at scale s (1: the
// whole picture), moved by x, y (<= 0: the frame's top left shows the
// picture's point -x/s, -y/s).
const zoomMath = {
  // clamp keeps the scale within [1, max] and the picture covering its
  // frame.
  clamp(v, w, h, max) {
    const s = Math.min(Math.max(v.s, 1), max);
    return {
      s,
      x: Math.min(0, Math.max(w - w * s, v.x)),
      y: Math.min(0, Math.max(h - h * s, v.y)),
    };
  },
  // at zooms v to scale s around the frame's point (px, py), which stays
  // over the same point of the picture (before clamping).
  at(v, s, px, py) {
    const k = s / v.s;
    return { s, x: px - (px - v.x) * k, y: py - (py - v.y) * k };
  },
  // pinch is the view after two fingers moved from a (two points) to b:
  // the scale follows their distance, and the picture's point under
  // their midpoint follows the midpoint.
  pinch(v, a, b) {
    const dist = (p) => Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y) || 1;
    const mid = (p) => ({ x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 });
    const s = v.s * dist(b) / dist(a), ma = mid(a), mb = mid(b);
    const z = zoomMath.at(v, s, ma.x, ma.y);
    return { s: z.s, x: z.x + mb.x - ma.x, y: z.y + mb.y - ma.y };
  },
  // region is the part of the picture the frame shows, in fractions of
  // its width and height: {left, top, width, height}.
  region(v, w, h) {
    return { left: -v.x / (w * v.s), top: -v.y / (h * v.s), width: 1 / v.s, height: 1 / v.s };
  },
};

// zoomable puts img in a frame with its zoom controls and returns the
// frame's figure content: [toolbar, frame]. The controls of one picture
// act on it only; its view is on the frame as data-zoom (the scale, two
// decimals) and on zoomState(frame).
function zoomable(img, href) {
  const frame = el("div", { className: "zoomframe" }, img);
  frame.tabIndex = 0;
  frame.setAttribute("role", "img");
  frame.setAttribute("aria-label", t("web.zoom.how", { alt: img.alt || t("web.zoom.picture") }));
  let v = { s: 1, x: 0, y: 0 };
  // The scale goes up to where a picture's pixel covers three of the
  // screen's, and at least to 4.
  const maxScale = () => Math.max(4, 3 * (img.naturalWidth || 1) / Math.max(1, frame.clientWidth));
  // The picture's size as laid out, before the zoom's transform.
  const size = () => ({ w: img.offsetWidth, h: img.offsetHeight });
  const show = (nv) => {
    const { w, h } = size();
    v = zoomMath.clamp(nv, w, h, maxScale());
    img.style.transform = v.s === 1 ? "" : "translate(" + v.x + "px, " + v.y + "px) scale(" + v.s + ")";
    frame.dataset.zoom = v.s.toFixed(2);
    frame.classList.toggle("zoomed", v.s > 1);
    out.disabled = reset.disabled = v.s === 1;
    zin.disabled = v.s >= maxScale();
  };
  const zoomBy = (k, px, py) => {
    const { w, h } = size();
    show(zoomMath.at(v, v.s * k, px === undefined ? w / 2 : px, py === undefined ? h / 2 : py));
  };
  const local = (e) => { const r = frame.getBoundingClientRect(); return { x: e.clientX - r.left, y: e.clientY - r.top }; };
  const button = (text, label, fn) => {
    const b = el("button", { type: "button", className: "zoombtn", textContent: text, title: label });
    b.setAttribute("aria-label", label);
    b.onclick = fn;
    return b;
  };
  const zin = button("+", t("web.zoom.in"), () => zoomBy(ZOOM_STEP));
  const out = button("\u2212", t("web.zoom.out"), () => zoomBy(1 / ZOOM_STEP));
  const reset = button(t("web.zoom.reset"), t("web.zoom.reset-title"), () => show({ s: 1, x: 0, y: 0 }));
  const open = el("a", { href, target: "_blank", rel: "noopener", className: "zoomopen", textContent: t("web.zoom.open"), title: t("web.zoom.open-title") });
  const bar = el("div", { className: "zoombar" }, zin, out, reset, open);
  // toggle zooms in at p, or back out. A touch double-tap that the
  // browser also reports as a dblclick toggles once: a dblclick soon after
  // a double-tap is left alone.
  let tapped = -1e9;
  const toggle = (p) => { if (v.s > 1) show({ s: 1, x: 0, y: 0 }); else zoomBy(ZOOM_TAP, p.x, p.y); };

  // Ctrl/Cmd + wheel (and a trackpad's pinch, which sends it) zoom around
  // the pointer instead of zooming the page.
  frame.addEventListener("wheel", (e) => {
    if (!e.ctrlKey && !e.metaKey) return;
    e.preventDefault();
    const p = local(e);
    zoomBy(Math.exp(-e.deltaY * (e.deltaMode === 1 ? 0.05 : 0.002)), p.x, p.y);
  }, { passive: false });
  frame.addEventListener("dblclick", (e) => { e.preventDefault(); if (e.timeStamp - tapped > 500) toggle(local(e)); });
  frame.addEventListener("keydown", (e) => {
    if (e.key === "+" || e.key === "=") { zoomBy(ZOOM_STEP); e.preventDefault(); }
    else if (e.key === "-") { zoomBy(1 / ZOOM_STEP); e.preventDefault(); }
    else if (e.key === "0") { show({ s: 1, x: 0, y: 0 }); e.preventDefault(); }
  });

  // Pointers: one drags the zoomed picture, two pinch. Touch-action (in
  // style.css) leaves one-finger scrolling to the page while the picture
  // is whole, and takes it for panning once zoomed.
  const pts = new Map();
  // multi is set once a gesture had two pointers down, so its end is no
  // tap; downAt is where each pointer went down.
  let gesture = null, lastTap = null, multi = false;
  const downAt = new Map();
  const snapshot = () => [...pts.values()].map((p) => ({ x: p.x, y: p.y }));
  frame.addEventListener("pointerdown", (e) => {
    if (e.pointerType === "mouse" && e.button !== 0) return;
    pts.set(e.pointerId, local(e));
    downAt.set(e.pointerId, local(e));
    if (pts.size > 1) multi = true;
    if (pts.size === 1 && v.s === 1 && e.pointerType !== "mouse") { gesture = null; return; }
    try { frame.setPointerCapture(e.pointerId); } catch (err) { /* a pointer already gone */ }
    gesture = { v, pts: snapshot() };
    if (e.pointerType === "mouse") e.preventDefault(); // no image drag
  });
  frame.addEventListener("pointermove", (e) => {
    if (!pts.has(e.pointerId)) return;
    pts.set(e.pointerId, local(e));
    if (!gesture) {
      if (pts.size < 2) return;
      gesture = { v, pts: snapshot() };
    }
    const now = snapshot();
    if (now.length >= 2 && gesture.pts.length >= 2) {
      show(zoomMath.pinch(gesture.v, gesture.pts.slice(0, 2), now.slice(0, 2)));
    } else if (now.length === 1 && gesture.pts.length === 1 && gesture.v.s > 1) {
      show({ s: gesture.v.s, x: gesture.v.x + now[0].x - gesture.pts[0].x, y: gesture.v.y + now[0].y - gesture.pts[0].y });
    }
    frame.classList.add("dragging");
  });
  const end = (e) => {
    if (!pts.has(e.pointerId)) return;
    const p = pts.get(e.pointerId), d = downAt.get(e.pointerId) || p;
    pts.delete(e.pointerId);
    downAt.delete(e.pointerId);
    frame.classList.remove("dragging");
    // What stays down starts a new gesture from the view now.
    gesture = pts.size ? { v, pts: snapshot() } : null;
    // A double-tap: two quick taps close together (a mouse has dblclick).
    if (pts.size > 0) return;
    const tap = e.type === "pointerup" && e.pointerType !== "mouse" && !multi && Math.hypot(p.x - d.x, p.y - d.y) < 10;
    multi = false;
    if (e.pointerType === "mouse") return;
    if (!tap) { lastTap = null; return; }
    const t = { time: e.timeStamp, x: p.x, y: p.y };
    if (lastTap && t.time - lastTap.time < 350 && Math.hypot(t.x - lastTap.x, t.y - lastTap.y) < 30) {
      lastTap = null;
      tapped = e.timeStamp;
      toggle(p);
    } else {
      lastTap = t;
    }
  };
  frame.addEventListener("pointerup", end);
  frame.addEventListener("pointercancel", end);
  // A picture that loads or a frame that changes width starts whole.
  img.addEventListener("load", () => show({ s: 1, x: 0, y: 0 }));
  new ResizeObserver(() => show(v)).observe(frame);
  zoomViews.set(frame, () => ({ ...v, ...zoomMath.region(v, size().w, size().h) }));
  show(v);
  return [bar, frame];
}

// zoomViews gives each frame's view for the page's tests and tools.
const zoomViews = new WeakMap();
function zoomState(frame) { const f = zoomViews.get(frame); return f ? f() : null; }
