// Smokestack playground: plain JavaScript, no build step.
"use strict";

const $ = (id) => document.getElementById(id);
const st = { games: [], match: null, seat: 0, partial: "", sugTimer: 0, sel: -1, sugs: [] };

async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  const res = await fetch("/api/" + path, opt);
  const ct = res.headers.get("Content-Type") || "";
  const data = ct.startsWith("application/json") ? await res.json() : await res.text();
  if (!res.ok) { const e = new Error(data.error || res.statusText); e.info = data; throw e; }
  return data;
}

function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  Object.assign(e, props || {});
  for (const k of kids) e.append(k);
  return e;
}

function game() { return st.games.find((g) => g.id === $("game").value); }

function fillSeats() {
  const g = game();
  $("seats").replaceChildren();
  for (let n = g.min; n <= g.max; n++) $("seats").append(el("option", { value: n, textContent: n }));
  $("options").replaceChildren();
  for (const o of g.options || []) {
    let input;
    if (o.values && o.values.length) {
      input = el("select", { name: "opt-" + o.key });
      for (const v of o.values) input.append(el("option", { value: v, textContent: v, selected: v === o.default }));
    } else {
      input = el("input", { name: "opt-" + o.key, placeholder: o.default, size: 6 });
    }
    input.dataset.key = o.key;
    input.title = o.help;
    // The key in words, its help as the tooltip and the accessible description.
    input.setAttribute("aria-description", o.help);
    const hint = el("span", { className: "hint", textContent: "?", title: o.help });
    $("options").append(el("label", { className: "option", title: o.help }, o.key.replace(/[-_]/g, " ") + " ", input, hint));
  }
}

async function init() {
  st.games = await api("GET", "games");
  for (const g of st.games) $("game").append(el("option", { value: g.id, textContent: g.name, title: g.summary }));
  fillSeats();
  $("game").onchange = fillSeats;
  $("new").onsubmit = (ev) => { ev.preventDefault(); create(); };
  $("importbtn").onclick = importRecord;
  $("moveform").onsubmit = (ev) => { ev.preventDefault(); submit($("move").value); };
  $("move").oninput = () => { clearTimeout(st.sugTimer); st.sugTimer = setTimeout(suggest, 120); };
  $("move").onkeydown = sugKeys;
  $("back").onclick = () => { const t = tokens(st.partial); t.pop(); st.partial = t.join(" "); pick(); };
  $("clear").onclick = () => { st.partial = ""; pick(); };
  $("submitpick").onclick = () => submit(st.partial);
  $("helpform").onsubmit = (ev) => { ev.preventDefault(); help($("helpq").value); };
  const id = new URLSearchParams(location.search).get("match");
  if (id) { st.match = await api("GET", "matches/" + id); showMatch(true); }
}

function tokens(s) { return s.trim() === "" ? [] : s.trim().split(/\s+/); }

async function create() {
  const opts = {};
  for (const i of $("options").querySelectorAll("[data-key]")) if (i.value !== "") opts[i.dataset.key] = i.value;
  const body = { game: $("game").value, seats: Number($("seats").value), options: opts };
  if ($("seed").value.trim() !== "") body.seed = Number($("seed").value);
  hideError();
  try {
    const r = await api("POST", "matches", body);
    st.match = r.match;
    history.replaceState(null, "", "?match=" + r.match.id);
    $("log").replaceChildren();
    showEvents(r.events, turnLine(r));
    showMatch(true);
  } catch (e) { showError(e); }
}

async function importRecord() {
  hideError();
  try {
    const r = await api("POST", "import", { record: $("importtext").value });
    st.match = r.match;
    history.replaceState(null, "", "?match=" + r.match.id);
    $("importbox").open = false;
    showEvents([]);
    showMatch(true);
  } catch (e) { showError(e); }
}

function activeSeats() { return (st.match.play && st.match.play.active) || []; }

// seatName is how the page names a seat: the player's name, with the
// letter and colour the board draws it in (render.Seat on the server).
function seatName(i) {
  const m = st.match;
  const s = m.seats[i], y = (m.styles || [])[i];
  const name = s ? s.name : "seat " + (i + 1);
  return y ? name + " (" + y.letter + ", " + y.colour + ")" : name;
}

function swatch(i) {
  const y = (st.match.styles || [])[i];
  return el("span", { className: "swatch", title: y ? y.colour : "", style: y ? "background:" + y.css : "" });
}

function showMatch(follow) {
  const m = st.match;
  $("intro").hidden = true;
  $("table").hidden = false;
  const act = activeSeats();
  if (follow && act.length && !act.includes(st.seat)) st.seat = act[0];
  if (st.seat >= m.seats.length) st.seat = 0;
  const p = m.play || {};
  let line = m.name + " · " + (p.phase || m.status);
  if (p.finished) line += " · finished, ranking " + (p.ranking || []).map(seatName).join(", ");
  else if (m.status !== "active") line += " · " + m.status;
  else line += " · to move: " + act.map(seatName).join(", ");
  $("status").textContent = line;
  $("seatbar").replaceChildren();
  m.seats.forEach((s, i) => {
    const score = p.seats && p.seats[i] ? " (" + p.seats[i].score + " " + m.score.short + ")" : "";
    const y = (m.styles || [])[i];
    const b = el("button", { type: "button", title: y ? "letter " + y.letter + ", " + y.colour : "" }, swatch(i), (y ? y.letter + " " : "") + "Seat " + (i + 1) + " " + s.name + score);
    b.dataset.seat = i;
    if (i === st.seat) b.classList.add("on");
    if (act.includes(i)) b.classList.add("active");
    b.onclick = () => { st.seat = i; st.partial = ""; showMatch(false); };
    $("seatbar").append(b);
  });
  const spec = el("button", { type: "button", textContent: "Spectators" });
  spec.dataset.seat = -1;
  if (st.seat === -1) spec.classList.add("on");
  spec.onclick = () => { st.seat = -1; showMatch(false); };
  $("seatbar").append(spec);
  $("boardcap").textContent = (st.seat < 0 ? "as the spectators see it" : "as " + seatName(st.seat) + " sees it") + ", version " + m.version;
  showImages();
  standings();
  $("as").textContent = st.seat < 0 ? "(pick a seat)" : "as " + seatName(st.seat);
  $("recordlink").href = "/api/matches/" + m.id + "/record";
  $("suggestions").replaceChildren();
  hand();
  pick();
  refreshLog();
}

// showImages shows every picture the game draws for the selected seat
// (the board first, then player boards or a private panel), each with its
// title; the first is the main board.
async function showImages() {
  const m = st.match, seat = st.seat;
  let imgs;
  try { imgs = await api("GET", "matches/" + m.id + "/images?seat=" + seat); } catch (e) {
    $("images").replaceChildren(el("p", { textContent: e.message }));
    return;
  }
  if (st.match !== m || st.seat !== seat) return; // the page has moved on
  $("images").replaceChildren(...imgs.map((im, i) => {
    const img = el("img", { src: im.url, alt: im.title });
    if (i === 0) img.id = "board";
    img.dataset.name = im.name;
    const link = el("a", { href: im.url, target: "_blank", title: "open the full-size image" }, img);
    return el("figure", {}, link, el("figcaption", { textContent: im.title }));
  }));
}

// standings lists each seat's score, named as the game names it, and its
// public figures in the order the game gives them.
function standings() {
  const m = st.match, p = m.play;
  if (!p || !p.seats || !p.seats.length) { $("standings").replaceChildren(); return; }
  const labels = (p.seats[0].stats || []).map((s) => s.label);
  const head = el("tr", {}, el("th", { textContent: "Player" }), el("th", { textContent: m.score.name.charAt(0).toUpperCase() + m.score.name.slice(1), title: m.score.short }),
    ...labels.map((l) => el("th", { textContent: l })));
  const rows = p.seats.map((s) => {
    const y = (m.styles || [])[s.seat], who = m.seats[s.seat] ? m.seats[s.seat].name : "seat " + (s.seat + 1);
    const tr = el("tr", {}, el("td", { title: seatName(s.seat) }, swatch(s.seat), " " + (y ? y.letter + " " : "") + who), el("td", { textContent: s.score }),
      ...(s.stats || []).map((x) => el("td", { textContent: x.text || x.value })));
    tr.dataset.seat = s.seat;
    if ((p.active || []).includes(s.seat)) tr.classList.add("active");
    return tr;
  });
  $("standings").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
}

async function hand() {
  if (st.seat < 0) { $("hand").textContent = "Spectators hold no cards."; return; }
  try {
    const p = await api("GET", "matches/" + st.match.id + "/hand?seat=" + st.seat);
    const cards = (p.holding && p.holding.cards) || [];
    const stats = (p.holding && p.holding.stats) || [];
    $("hand").replaceChildren(
      ...(cards.length ? cards.map((c) => el("span", { className: "card", textContent: c.name, title: c.token })) : ["(no cards)"]),
      ...stats.map((s) => el("span", { className: "stat", textContent: s.label + " " + (s.text || s.value) })));
  } catch (e) { $("hand").textContent = e.message; }
}

async function refreshLog() {
  const h = await api("GET", "matches/" + st.match.id + "/history?seat=" + st.seat);
  $("log").replaceChildren(...h.filter((t) => t.seq > 0).map((t) => {
    const li = el("li", {}, el("b", { textContent: seatName(t.seat) + ": " + t.move }));
    for (const e of t.events) li.append(el("div", { className: "ev", textContent: e.text }));
    return li;
  }));
  $("log").scrollTop = $("log").scrollHeight;
}

async function pick() {
  const m = st.match;
  $("partial").textContent = st.partial;
  $("choices").replaceChildren();
  $("submitpick").disabled = true;
  if (st.seat < 0 || m.status !== "active" || !activeSeats().includes(st.seat)) {
    $("prompt").textContent = m.status === "active" ? "Waiting for " + activeSeats().map(seatName).join(", ") + "." : "The match is " + m.status + ".";
    return;
  }
  try {
    const ch = await api("GET", "matches/" + m.id + "/choices?seat=" + st.seat + "&partial=" + encodeURIComponent(st.partial));
    $("prompt").textContent = ch.next.length ? ch.prompt : (ch.complete ? "Ready to submit." : "No way to continue.");
    for (const c of ch.next) {
      const b = el("button", { type: "button", textContent: c.label, title: c.help || c.token });
      b.dataset.token = c.token;
      b.onclick = () => { st.partial = (st.partial + " " + c.token).trim(); pick(); };
      $("choices").append(b);
    }
    $("submitpick").disabled = !ch.complete;
  } catch (e) { $("prompt").textContent = ""; showError(e); }
}

async function suggest() {
  const q = $("move").value;
  if (st.seat < 0 || !st.match) return;
  try {
    st.sugs = await api("GET", "matches/" + st.match.id + "/suggest?seat=" + st.seat + "&q=" + encodeURIComponent(q));
  } catch (e) { st.sugs = []; }
  st.sel = -1;
  $("suggestions").replaceChildren(...st.sugs.map((s, i) => {
    const li = el("li", { role: "option" }, s.text, el("small", { textContent: s.label }));
    if (s.complete) li.classList.add("complete");
    li.onclick = () => useSuggestion(i);
    return li;
  }));
}

function useSuggestion(i) {
  const s = st.sugs[i];
  $("move").value = s.text + (s.complete ? "" : " ");
  $("move").focus();
  suggest();
}

function sugKeys(ev) {
  const n = st.sugs.length;
  if (!n) return;
  if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
    ev.preventDefault();
    st.sel = (st.sel + (ev.key === "ArrowDown" ? 1 : n - 1)) % n;
    [...$("suggestions").children].forEach((li, i) => li.classList.toggle("sel", i === st.sel));
  } else if ((ev.key === "Tab" || ev.key === "Enter") && st.sel >= 0) {
    ev.preventDefault();
    useSuggestion(st.sel);
  }
}

async function submit(text) {
  hideError();
  if (st.seat < 0) { showError(new Error("pick a seat first")); return; }
  try {
    const r = await api("POST", "matches/" + st.match.id + "/moves", {
      seat: st.seat, move: text, version: st.match.version, request_id: "web-" + Date.now() + "-" + Math.random().toString(36).slice(2),
    });
    st.match = r.match;
    st.partial = "";
    $("move").value = "";
    // A new turn moves the page to the seat that now must act; a move
    // that continues a turn keeps the mover's seat.
    if (r.new_turn && r.notify.length) st.seat = r.notify[0];
    showEvents(r.events, turnLine(r));
    showMatch(true);
  } catch (e) {
    showError(e);
    if (e.info && e.info.kind === "stale") { st.match = await api("GET", "matches/" + st.match.id); showMatch(false); }
  }
}

// turnLine says what a move did to the turn: who must act now, or that
// the mover's turn goes on.
function turnLine(r) {
  if (r.match.play && r.match.play.finished) return "The game is over.";
  if (r.new_turn) return r.notify.length ? "Now to act: " + r.notify.map(seatNameIn(r.match)).join(", ") + "." : "";
  if (r.seat >= 0 && ((r.match.play || {}).active || []).includes(r.seat)) return seatNameIn(r.match)(r.seat) + "'s turn goes on.";
  return "";
}

function seatNameIn(m) { return (i) => (m.seats[i] ? m.seats[i].name : "seat " + (i + 1)); }

function showEvents(evs, head) {
  const lines = (evs || []).map((e) => el("div", { textContent: e.text }));
  if (head) lines.unshift(el("div", { className: "turn", textContent: head }));
  $("events").replaceChildren(...lines);
}

function hideError() {
  for (const id of ["error", "toperror"]) { $(id).hidden = true; $(id).replaceChildren(); }
}

function showError(e) {
  // Before a match is shown, errors go under the header.
  const box = $("table").hidden ? $("toperror") : $("error");
  box.replaceChildren(el("div", { className: "msg", textContent: e.message }));
  const info = e.info || {};
  if (info.kind) box.dataset.kind = info.kind;
  if (info.help) {
    box.append(el("details", {}, el("summary", { textContent: "Rule: " + info.help.title }), el("p", { textContent: info.help.body })));
  } else if (info.topic) {
    box.append(el("div", { textContent: "see rules topic " + info.topic }));
  }
  // An incomplete move: the ways to go on, each continuing the move in
  // the step-by-step picker.
  if (info.kind === "incomplete" && info.choices && (info.choices.next || []).length) {
    const row = el("div", { className: "choices" }, el("span", { textContent: info.choices.prompt + " " }));
    for (const c of info.choices.next) {
      const b = el("button", { type: "button", textContent: c.label || c.token, title: c.help || c.token });
      b.dataset.token = c.token;
      b.onclick = () => { hideError(); $("move").value = ""; st.partial = (info.move + " " + c.token).trim(); pick(); };
      row.append(b);
    }
    box.append(row);
  }
  box.hidden = false;
}

async function help(q) {
  const g = st.match ? st.match.game : $("game").value;
  try {
    const ts = await api("GET", "help?game=" + encodeURIComponent(g) + "&q=" + encodeURIComponent(q));
    $("helpres").replaceChildren(...(ts.length ? ts.map((t) => el("details", {}, el("summary", { textContent: t.title }), el("p", { textContent: t.body })))
      : [el("p", { textContent: "nothing found" })]));
  } catch (e) { $("helpres").textContent = e.message; }
}

init().catch(showError);
