// Smokestack playground: plain JavaScript, no build step. The page shows
// what the server (the host core) says: errors in its words, images as it
// draws them, narration as the selected seat reads it.
"use strict";

const $ = (id) => document.getElementById(id);

// The page's language (chosen in the page, remembered in a cookie, else
// the browser's) and its texts: the server's dictionary of the host's
// catalog (messages web.*), a text or, for a count, one per plural form.
const LANG = document.documentElement.lang || "en";
const TEXTS = JSON.parse(document.body.dataset.texts || "{}");
const PLURALS = new Intl.PluralRules(LANG);
const NUM = new Intl.NumberFormat(LANG);

// text is message id with the plural form for data.n picked.
function text(id, data) {
  const s = TEXTS[id];
  if (s === undefined) return id;
  if (typeof s === "object") return s[PLURALS.select(Number(data && data.n))] || s.other;
  return s;
}

// t words message id, its {key} placeholders filled from data.
function t(id, data) {
  data = data || {};
  return text(id, data).replace(/\{(\w+)\}/g, (all, k) => (k in data ? String(data[k]) : all));
}

// tn is t for values that are elements: the text cut around them, for
// el()'s children.
function tn(id, data) {
  data = data || {};
  return text(id, data).split(/(\{\w+\})/).filter((p) => p !== "").map((p) => {
    const m = /^\{(\w+)\}$/.exec(p);
    return m && m[1] in data ? (typeof data[m[1]] === "object" ? data[m[1]] : String(data[m[1]])) : p;
  });
}

// setLang remembers the language chosen in the page and shows the page in it.
function setLang(l) {
  document.cookie = "lang=" + encodeURIComponent(l) + "; path=/; max-age=31536000; samesite=lax";
  location.reload();
}
const st = {
  games: [], limits: null, match: null, seat: 0,
  choices: null, // {key, head, data}: the choices after the move's complete words
  chSeq: 0, sel: -1, helpSeq: 0, listSeq: 0, timers: {},
};

// The one text for a server that does not answer at all.
const UNREACHABLE = t("web.error.unreachable");

// api calls the JSON API. A refusal throws an Error whose message is the
// core's explanation and whose info is the whole explanation (kind, help
// topic, continuation choices); a server that cannot be reached throws
// UNREACHABLE.
async function api(method, path, body) {
  const opt = { method, headers: {} };
  if (body !== undefined) {
    opt.headers["Content-Type"] = "application/json";
    opt.body = JSON.stringify(body);
  }
  let res;
  try {
    // The page's language, whichever way it was chosen (?lang=, the
    // cookie, the browser's): the API's texts follow the page's.
    res = await fetch("/api/" + path + (path.includes("?") ? "&" : "?") + "lang=" + LANG, opt);
  } catch (e) {
    throw problem("unreachable", UNREACHABLE);
  }
  const ct = res.headers.get("Content-Type") || "";
  let data = null;
  try { data = ct.startsWith("application/json") ? await res.json() : await res.text(); } catch (e) { data = null; }
  if (!res.ok) {
    if (data && typeof data === "object" && data.error) {
      const e = new Error(data.error);
      e.info = data;
      throw e;
    }
    // Not the core's answer (a proxy, or the connection's own limits).
    if (res.status === 413) throw problem("too-large", (st.limits && st.limits.record_too_large) || t("web.error.too-long"));
    throw problem("internal", t("web.error.http", { n: res.status }));
  }
  return data;
}

function problem(kind, text) {
  const e = new Error(text);
  e.info = { kind, error: text };
  return e;
}

function el(tag, props, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props || {})) {
    if (k === "dataset") Object.assign(e.dataset, v);
    else if (k in e) e[k] = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) if (k !== null && k !== undefined) e.append(k);
  return e;
}

function debounce(name, ms, fn) {
  clearTimeout(st.timers[name]);
  st.timers[name] = setTimeout(fn, ms);
}

// ---- Start: games, routes ----

function game() { return st.games.find((g) => g.id === $("game").value); }

function fillGame() {
  const g = game();
  if (!g) return;
  const seats = $("seats").value;
  $("seats").replaceChildren();
  for (let n = g.min; n <= g.max; n++) $("seats").append(el("option", { value: String(n), textContent: String(n) }));
  if (seats >= g.min && seats <= g.max) $("seats").value = seats;
  fillPlayers();
  $("gamesummary").textContent = g.summary;
  $("options").replaceChildren();
  for (const o of g.options || []) {
    let input;
    if (o.values && o.values.length) {
      input = el("select", { name: "opt-" + o.key });
      for (const v of o.values) input.append(el("option", { value: v, textContent: (o.labels && o.labels[v]) || v, selected: v === o.default }));
    } else {
      input = el("input", { name: "opt-" + o.key, placeholder: o.default, size: 6 });
    }
    input.dataset.key = o.key;
    input.title = o.help;
    input.setAttribute("aria-description", o.help);
    const name = o.label || o.key.replace(/[-_]/g, " ");
    // The "?" shows the option's help under it when tapped (a phone shows
    // no tooltip); the field and its "?" wrap together: a badge never goes
    // alone to the next line.
    const help = el("small", { className: "opthelp", id: "opthelp-" + o.key, textContent: o.help, hidden: true });
    const hint = el("button", { type: "button", className: "hint", textContent: "?", title: o.help,
      "aria-label": t("web.new.option-help", { option: name }), "aria-controls": help.id, "aria-expanded": "false" });
    hint.addEventListener("click", (e) => {
      e.preventDefault();
      help.hidden = !help.hidden;
      hint.setAttribute("aria-expanded", String(!help.hidden));
    });
    const pick = el("span", { className: "pick" }, input, hint);
    $("options").append(el("label", { className: "option", title: o.help }, name + " ", pick, help));
  }
}

// fillPlayers offers, for each seat, a person or the computer at each
// level (an all-computer match is a demo to watch); choices already made
// are kept.
function fillPlayers() {
  const n = Number($("seats").value), levels = (st.limits && st.limits.computer_levels) || [];
  const old = [...$("players").querySelectorAll("select")].map((s) => s.value);
  $("players").replaceChildren();
  for (let i = 0; i < n; i++) {
    const s = el("select", { name: "player-" + (i + 1) });
    s.append(el("option", { value: "person", textContent: t("web.new.person") }));
    for (const l of levels) s.append(el("option", { value: l, textContent: t("web.new.computer", { level: TEXTS["web.level." + l] ? t("web.level." + l) : l }) }));
    if (old[i]) s.value = old[i];
    s.dataset.seat = String(i);
    $("players").append(el("label", { className: "option" }, t("web.seat", { n: i + 1 }) + " ", s));
  }
}

// watchComputer asks for the match again when a computer's move is due,
// so the page follows the computers move by move (the server makes the
// move when it is asked after its time).
function watchComputer() {
  const m = st.match;
  clearTimeout(st.timers.computer);
  if (m.status !== "active" || m.computer_in_ms === undefined || m.computer_in_ms === null) return;
  debounce("computer", m.computer_in_ms + 50, async () => {
    if (st.match !== m) return;
    try {
      const next = await api("GET", "matches/" + encodeURIComponent(m.id));
      if (st.match !== m) return;
      st.match = next;
      showMatch();
    } catch (e) { showError(e); }
  });
}

async function init() {
  $("game").onchange = fillGame;
  $("seats").onchange = fillPlayers;
  $("new").onsubmit = (ev) => { ev.preventDefault(); create(); };
  $("importbtn").onclick = importRecord;
  $("newbtn").onclick = newMatch;
  $("undobtn").onclick = undoLast;
  $("chartbox").addEventListener("toggle", () => { if ($("chartbox").open) showChart(); });
  // The chart zooms and opens alone as the board does (zoom.js): drawn
  // a phone's width, its labels are a few pixels high.
  $("chartfig").replaceChildren(...zoomable($("chartimg"), "#"));
  $("listlink").onclick = $("home").onclick = (ev) => { ev.preventDefault(); goHome(true); };
  $("lang").onchange = () => setLang($("lang").value);
  $("leave").addEventListener("close", () => { if ($("leave").returnValue === "leave") goHome(true, true); });
  $("moveform").onsubmit = (ev) => { ev.preventDefault(); enter(); };
  $("move").oninput = () => { st.sel = -1; hideHint(); debounce("choices", 100, refreshChoices); };
  $("move").onkeydown = moveKeys;
  $("back").onclick = () => { const w = words($("move").value); w.pop(); setMove(w.join(" ") + (w.length ? " " : "")); };
  $("clear").onclick = () => setMove("");
  $("helpform").onsubmit = (ev) => { ev.preventDefault(); help($("helpq").value); };
  $("helpq").oninput = () => debounce("help", 200, () => help($("helpq").value));
  window.onpopstate = () => route().catch(showError);

  [st.games, st.limits] = await Promise.all([api("GET", "games"), api("GET", "limits")]);
  for (const g of st.games) $("game").append(el("option", { value: g.id, textContent: g.name, title: g.summary }));
  fillGame();
  $("recordlimit").textContent = t("web.new.record-limit", { limit: st.limits.record_limit });
  await route();
}

// The address says what is shown: nothing (the start: new match and the
// list of matches) or ?match=ID&seat=N (N from 1, or "spectators").
function address(id, seat) {
  if (!id) return location.pathname;
  return "?match=" + encodeURIComponent(id) + "&seat=" + (seat < 0 ? "spectators" : String(seat + 1));
}

// remember records the shown match and seat in the history: "push" for a
// step of the user's own (Back undoes it), "replace" when the page follows
// the game by itself.
function remember(how) {
  const url = address(st.match && st.match.id, st.seat);
  if (how === "push" && url !== location.pathname + location.search) history.pushState(null, "", url);
  else history.replaceState(null, "", url);
}

async function route() {
  const q = new URLSearchParams(location.search);
  const id = q.get("match");
  if (!id) { goHome(false); return; }
  if (!st.match || st.match.id !== id) {
    try {
      st.match = await api("GET", "matches/" + encodeURIComponent(id));
    } catch (e) {
      goHome(false);
      showError(e);
      return;
    }
  }
  const s = q.get("seat");
  let seat = s === "spectators" ? -1 : parseInt(s, 10) - 1;
  if (s === null || isNaN(seat) || seat < -1 || seat >= st.match.seats.length) {
    seat = firstToAct(st.match);
    st.seat = seat;
    remember("replace");
  }
  st.seat = seat;
  showMatch();
}

// byComputer reports whether a computer plays seat i of m now.
function byComputer(m, i) { const s = m.seats[i]; return !!(s && (s.computer || s.standin)); }

// firstToAct is the seat the page shows: the first person to act, else
// the first person's seat; the spectators in a match of computers only.
function firstToAct(m) {
  const act = ((m.play && m.play.active) || []).filter((i) => !byComputer(m, i));
  if (act.length) return act[0];
  const person = m.seats.findIndex((s, i) => !byComputer(m, i));
  return person >= 0 ? person : -1;
}

function goHome(push, fromNew) {
  st.match = null;
  if (push) history.pushState(null, "", address(null));
  document.title = t("web.title");
  $("table").hidden = true;
  $("start").hidden = false;
  hideError();
  loadList();
  if (fromNew) { $("newpanel").scrollIntoView(); $("game").focus(); }
}

// newMatch leaves the shown match for the new-match form, after asking.
function newMatch() {
  if (st.match) { $("leave").returnValue = ""; $("leave").showModal(); return; }
  $("newpanel").scrollIntoView();
  $("game").focus();
}

async function loadList() {
  const seq = ++st.listSeq;
  let ms, open;
  try { [ms, open] = await Promise.all([api("GET", "matches"), api("GET", "open")]); } catch (e) { if (seq === st.listSeq) showError(e); return; }
  if (st.match || seq !== st.listSeq) return; // a match was opened, or the list asked for again, meanwhile
  $("nomatches").hidden = ms.length > 0;
  $("matchlist").replaceChildren(...ms.map(listEntry));
  // The open matches as /games lists them on Discord, longest waiting first.
  $("openpanel").hidden = open.length === 0;
  $("openlist").replaceChildren(...open.map(openEntry));
}

// openEntry is one open match waiting for a move: its game, whom it waits
// for and for how long; it opens the match at the seat to act.
function openEntry(g) {
  const who = t(g.status === "lobby" ? "web.list.to-start" : "web.list.to-move", { names: g.waiting.join(", ") });
  const a = el("a", { href: address(g.id, g.seat - 1), className: "entry" },
    el("b", { textContent: g.name }), " · " + who + " · ",
    el("time", { dateTime: g.since, textContent: t("web.list.waiting", { waited: g.waited }) }));
  a.dataset.match = g.id;
  return el("li", {}, a);
}

// listEntry is one match of the list: its game and phase, its players,
// whose turn it is or how it ended, and when it last changed.
function listEntry(m) {
  const p = m.play || {};
  let state;
  if (m.status === "finished") state = p.ranking && p.ranking.length ? t("web.list.won", { name: nameIn(m, p.ranking[0]) }) : t("web.list.finished");
  else if (m.status === "aborted") state = t(m.abandoned ? "web.list.abandoned" : "web.list.aborted");
  else state = t("web.list.to-move-state", { names: (p.active || []).map((i) => nameIn(m, i)).join(", ") || t("web.list.nobody") });
  const when = new Date(m.updated);
  const a = el("a", { href: address(m.id, firstToAct(m)), className: "entry" },
    el("span", { className: "title" }, el("b", { textContent: m.name }), p.phase ? " · " + p.phase : ""),
    el("span", { className: "players" }, ...m.seats.flatMap((s, i) => [swatchIn(m, i), " " + s.name + (i < m.seats.length - 1 ? ", " : "")])),
    el("span", { className: "state" }, el("span", { className: m.status === "active" ? "turn" : "", textContent: state }),
      " · " + t("web.list.moves", { n: m.moves }) + " · " + t("web.list.last-activity") + " ",
      el("time", { dateTime: m.updated, title: when.toLocaleString(LANG), textContent: ago(when) })));
  a.dataset.match = m.id;
  a.onclick = (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    ev.preventDefault();
    openMatch(m);
  };
  return el("li", {}, a);
}

function ago(when) {
  const s = Math.max(0, Math.round((Date.now() - when.getTime()) / 1000));
  if (s < 60) return t("web.list.just-now");
  if (s < 3600) return t("web.list.minutes-ago", { n: Math.round(s / 60) });
  if (s < 86400) return t("web.list.hours-ago", { n: Math.round(s / 3600) });
  return when.toLocaleDateString(LANG);
}

function openMatch(m) {
  st.match = m;
  st.seat = firstToAct(m);
  remember("push");
  showMatch();
}

async function create() {
  const opts = {};
  for (const i of $("options").querySelectorAll("[data-key]")) if (i.value !== "") opts[i.dataset.key] = i.value;
  const names = $("names").value.split(",").map((s) => s.trim());
  // The seed stays text: a JavaScript number cannot hold every seed.
  // (One choice per seat: the form may hold more when the count changed.)
  const players = [...$("players").querySelectorAll("select")].map((s) => s.value).slice(0, Number($("seats").value));
  const body = { game: $("game").value, seats: Number($("seats").value), options: opts, seed: $("seed").value.trim(), names, players };
  hideError();
  try {
    const r = await api("POST", "matches", body);
    st.match = r.match;
    st.seat = r.notify.length ? r.notify[0] : firstToAct(r.match);
    remember("push");
    showMatch();
  } catch (e) { showError(e); }
}

async function importRecord() {
  hideError();
  const file = $("importfile").files[0];
  const size = file ? file.size : new Blob([$("importtext").value]).size;
  // Refused here with the server's words, so megabytes are not sent for nothing.
  if (size > st.limits.record_bytes) { showError(problem("too-large", st.limits.record_too_large)); return; }
  try {
    const text = file ? await file.text() : $("importtext").value;
    const r = await api("POST", "import", { record: text });
    st.match = r.match;
    st.seat = firstToAct(r.match);
    $("importbox").open = false;
    $("importtext").value = "";
    $("importfile").value = "";
    remember("push");
    showMatch();
  } catch (e) { showError(e); }
}

// ---- The match ----

// activeSeats are the seats to move; none once the match has ended (an
// aborted or abandoned match keeps the game's last status).
function activeSeats() { return (st.match.status === "active" && st.match.play && st.match.play.active) || []; }
function canAct() { return st.seat >= 0 && st.match.status === "active" && activeSeats().includes(st.seat); }
function nameIn(m, i) { return m.seats[i] ? m.seats[i].name : "?"; }
function seatName(i) { return nameIn(st.match, i); }

function swatchIn(m, i) {
  const y = (m.styles || [])[i];
  return el("span", { className: "swatch", title: y ? y.letter + ", " + y.colour : "", style: y ? "background:" + y.css : "" }, y ? y.letter : "");
}
function swatch(i) { return swatchIn(st.match, i); }

// who names a seat with its mark: swatch and letter as the board draws
// it, then the player's name.
function who(i) { return el("span", { className: "who" }, swatch(i), " " + seatName(i)); }

function showMatch() {
  const m = st.match;
  $("start").hidden = true;
  $("table").hidden = false;
  hideError();
  hideHint();
  undoError(null);
  document.title = m.name + " · " + t("web.title");
  statusLine();
  seatBar();
  $("turnhead").replaceChildren(st.seat < 0 ? t("web.match.spectators") : el("span", {}, ...(m.status === "active" ? tn("web.match.move-as", { who: who(st.seat) }) : [who(st.seat)])));
  $("recordlink").href = "/api/matches/" + encodeURIComponent(m.id) + "/record";
  $("seedline").textContent = "· " + t("web.match.seed", { seed: m.seed });
  st.choices = null;
  $("move").value = "";
  // What one seat sees must not stay on screen for another while the
  // new seat's view loads.
  // (data-seat says which seat a panel shows once it has loaded.)
  const viewer = m.id + "/" + st.seat;
  for (const id of ["images", "hand", "log", "lastmove"]) {
    if ($(id).dataset.viewer !== viewer) {
      $(id).replaceChildren();
      $(id).dataset.viewer = viewer;
      delete $(id).dataset.seat;
      delete $(id).dataset.version;
    }
  }
  showImages();
  results();
  standings();
  clockPanel();
  hand();
  refreshChoices();
  refreshLog();
  watchComputer();
  // What the page puts first (style.css): on a phone the move panel
  // when this seat can act; once the match is over, the final result.
  $("table").classList.toggle("act", canAct());
  $("table").classList.toggle("over", m.status !== "active");
}

// statusLine keeps the game, its phase and whose turn it is in view.
// scoreText is seat i's score with the game's unit, as the server words
// it in the page's language: "12 VP", "1 win", "1 Sieg".
function scoreText(m, i, n) {
  return (m.score_texts && m.score_texts[i]) || String(n);
}

function statusLine() {
  const m = st.match, p = m.play || {};
  $("gamename").textContent = m.name;
  // The round as the game names it, in the core's words (bot.Match.RoundText).
  $("round").textContent = m.round || "";
  $("round").hidden = !m.round;
  // The phase, unless the round already says it ("Turn 3 of 6, action
  // phase 1 of 4") or the match is over (the line below says how).
  const phase = m.status === "active" ? (p.phase || "") : "";
  $("phase").textContent = phase;
  $("phase").hidden = !phase || !!(m.round && m.round.includes(phase));
  let line;
  if (m.status === "finished") {
    const rk = p.ranking || [];
    line = el("span", {}, ...(rk.length ? tn("web.match.finished-winner", { who: who(rk[0]) }) : [t("web.match.finished")]),
      ...(rk.length > 1 ? tn("web.match.then", { who: el("span", {}, ...rk.slice(1).flatMap((s, i) => [i ? ", " : "", who(s)])) }) : []), p.tiebreak ? " (" + p.tiebreak + ")" : "");
  } else if (m.abandoned) {
    line = el("span", { textContent: t("web.match.abandoned") });
  } else if (m.status !== "active") {
    line = el("span", { textContent: t("web.match.is-status", { status: t("web.status." + m.status) }) });
  } else {
    line = el("span", {}, ...tn("web.match.to-move-line", { who: el("span", {}, ...activeSeats().flatMap((s, i) => [i ? ", " : "", who(s)])) }));
  }
  $("tomove").replaceChildren(line);
  // The turn clock's word on the abandon limit: the warning, then the end.
  $("notice").textContent = m.notice || "";
  $("notice").hidden = !m.notice;
}

function seatBar() {
  const m = st.match, p = m.play || {}, act = activeSeats();
  const buttons = m.seats.map((s, i) => {
    const has = p.seats && p.seats[i];
    const score = has ? scoreText(m, i, p.seats[i].score) : "";
    // On a phone the score's short unit ("49 PP", not "49 points de
    // prestige"): the seats then fit on fewer lines (style.css).
    const short = has && m.score && m.score.short ? NUM.format(p.seats[i].score) + "\u00a0" + m.score.short : score;
    const b = el("button", { type: "button", className: "seat" }, swatch(i), el("span", { className: "name", textContent: s.name }),
      score ? el("small", { className: "score", textContent: score }) : null, score ? el("small", { className: "score-short", textContent: short }) : null,
      act.includes(i) ? el("span", { className: "tomove", textContent: t("web.match.to-move") }) : null);
    b.dataset.seat = String(i);
    b.setAttribute("aria-pressed", String(i === st.seat));
    if (i === st.seat) b.classList.add("on");
    if (act.includes(i)) b.classList.add("active");
    b.onclick = () => switchSeat(i);
    return b;
  });
  const spec = el("button", { type: "button", className: "seat", textContent: t("web.match.spectators") });
  spec.dataset.seat = "-1";
  spec.setAttribute("aria-pressed", String(st.seat === -1));
  if (st.seat === -1) spec.classList.add("on");
  spec.onclick = () => switchSeat(-1);
  $("seatbar").replaceChildren(...buttons, spec);
}

function switchSeat(i) {
  if (i === st.seat) return;
  st.seat = i;
  remember("push");
  showMatch();
}

// showImages shows every picture the game draws for the selected seat
// (the board first, then player boards or a private panel), each with its
// title.
async function showImages() {
  const m = st.match, seat = st.seat;
  let imgs;
  try { imgs = await api("GET", "matches/" + m.id + "/images?seat=" + seat); } catch (e) {
    if (st.match === m && st.seat === seat) $("images").replaceChildren(el("p", { className: "problem", textContent: e.message }));
    return;
  }
  if (st.match !== m || st.seat !== seat) return; // the page has moved on
  $("images").dataset.seat = String(seat);
  $("images").replaceChildren(...imgs.map((im, i) => {
    const img = el("img", { src: im.url, alt: im.title, draggable: false });
    if (i === 0) img.id = "board";
    img.dataset.name = im.name;
    // Zoomable and pannable in place (zoom.js), with a link to open it alone.
    return el("figure", {}, ...zoomable(img, im.url), el("figcaption", { textContent: im.title }));
  }));
}

// results shows the final result of a game played or imported to its
// end, as the results post on Discord ranks it: each seat's place, score
// and what it scored in; the score chart below is opened with it.
function results() {
  const m = st.match, rs = m.results || [];
  $("resultspanel").hidden = rs.length === 0;
  if (!rs.length) { $("results").replaceChildren(); return; }
  $("results").replaceChildren(...rs.map((r) => {
    const parts = (r.breakdown || []).map((b) => b.label + " " + (b.text || b.value)).join(", ");
    const score = r.score_text || String(r.score);
    const li = el("li", {}, ...tn(parts ? "web.match.result-breakdown" : "web.match.result", { who: who(r.seat), score, parts }));
    li.value = r.place;
    li.dataset.seat = String(r.seat);
    return li;
  }));
  const tb = (m.play && m.play.tiebreak) || "";
  $("tiebreak").textContent = tb ? t("web.match.tie-break", { text: tb }) : "";
  $("tiebreak").hidden = !tb;
  if ($("resultspanel").dataset.match !== m.id) {
    $("resultspanel").dataset.match = m.id;
    $("chartbox").open = true;
  }
}

// standings lists each seat's score, named as the game names it, and its
// public figures in the order the game gives them.
function standings() {
  const m = st.match, p = m.play;
  if (!p || !p.seats || !p.seats.length) { $("standings").replaceChildren(); return; }
  const stats = p.seats[0].stats || [], helps = m.stat_help || {};
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const head = el("tr", {}, el("th", { textContent: t("web.match.player") }), el("th", { textContent: cap(m.score.name), title: m.score.short }),
    ...stats.map((s) => el("th", { textContent: s.label, title: helps[s.key] || "" })));
  const rows = p.seats.map((s) => {
    const wait = (m.waits || []).find((w) => w.seat === s.seat && w.text);
    // The score's breakdown by the game's scoring categories, as the
    // final post on Discord lists it.
    const parts = (s.breakdown || []).filter((b) => b.value !== 0).map((b) => b.label + " " + (b.text || b.value)).join(", ");
    const tr = el("tr", {}, el("td", {}, who(s.seat), wait ? el("small", { className: "wait", textContent: wait.text }) : null),
      el("td", { textContent: String(s.score), "data-label": cap(m.score.short), title: parts || t("web.match.nothing-scored") }),
      ...(s.stats || []).map((x) => el("td", { textContent: x.text || String(x.value), "data-label": x.label, title: helps[x.key] || "" })));
    tr.dataset.seat = String(s.seat);
    if ((p.active || []).includes(s.seat)) tr.classList.add("active");
    return tr;
  });
  $("standings").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  // How a figure is written, where the game explains it (a phone shows
  // no tooltip): "Work orders: W white, G grey, O orange".
  const notes = stats.filter((s) => helps[s.key]).map((s) => t("web.match.stat", { label: s.label, value: helps[s.key] }));
  $("statnotes").textContent = notes.join(" · ");
  $("statnotes").hidden = !notes.length;
  fitStandings();
  if ($("chartbox").open) showChart();
}

// showChart shows the chart of the scores at the end of every round, for this
// version of the match.
function showChart() {
  const m = st.match;
  if (!m || !m.play) return;
  const src = "/api/matches/" + encodeURIComponent(m.id) + "/chart.png?v=" + m.version + (LANG === "en" ? "" : "&lang=" + LANG);
  if ($("chartimg").getAttribute("src") !== src) {
    $("chartimg").src = src;
    $("chartfig").querySelector(".zoomopen").href = src;
  }
}

// fitStandings shows the standings as one block per player, each figure
// labelled, when the table is wider than its panel (a phone, many figures).
function fitStandings() {
  const t = $("standings");
  t.classList.remove("compact");
  if (t.offsetWidth > t.parentElement.clientWidth) t.classList.add("compact");
}
window.addEventListener("resize", () => { if (st.match) fitStandings(); });

// hand shows what the selected seat privately holds; a game in which
// nothing is private (engine.Info.PrivateInfo false) has no hand panel, as
// on Discord.
async function hand() {
  const m = st.match, seat = st.seat;
  $("handpanel").hidden = !m.privateInfo;
  if (!m.privateInfo) { $("hand").replaceChildren(); return; }
  if (seat < 0) {
    $("hand").dataset.seat = "-1";
    $("hand").replaceChildren(el("p", { className: "note", textContent: t("web.match.no-hand") }));
    return;
  }
  let p;
  try { p = await api("GET", "matches/" + m.id + "/hand?seat=" + seat); } catch (e) {
    if (st.match === m && st.seat === seat) $("hand").replaceChildren(el("p", { className: "problem", textContent: e.message }));
    return;
  }
  if (st.match !== m || st.seat !== seat) return;
  const cards = (p.holding && p.holding.cards) || [];
  const stats = (p.holding && p.holding.stats) || [];
  $("hand").dataset.seat = String(seat);
  $("hand").dataset.version = String(m.version);
  $("hand").replaceChildren(
    cards.length ? el("ul", { className: "cards" }, ...cards.map((c) => el("li", { className: "card", textContent: c.name, title: t("web.notation", { move: c.token }) })))
      : el("p", { className: "empty", textContent: t("web.match.no-cards") }),
    ...stats.map((s) => el("p", { className: "stat", textContent: t("web.match.stat", { label: s.label, value: s.text || s.value }) })));
}

// refreshLog shows the match's narration as the selected seat reads it
// (its own private events included, no other seat's), the last move
// marked, and that move again beside the move builder.
async function refreshLog() {
  const m = st.match, seat = st.seat;
  let h;
  try { h = await api("GET", "matches/" + m.id + "/history?seat=" + seat); } catch (e) {
    if (st.match === m && st.seat === seat) $("log").replaceChildren(el("li", { className: "problem", textContent: e.message }));
    return;
  }
  if (st.match !== m || st.seat !== seat) return;
  const items = h.map((turn, i) => {
    const last = i === h.length - 1 && turn.seq > 0;
    // The narration says what happened in names; the notation, in
    // tokens, is the entry's tooltip.
    const head = turn.undo ? el("div", { className: "head" }, ...tn("web.match.took-back", { who: who(turn.seat), n: turn.undo }))
      : turn.seq > 0 ? el("div", { className: "head", title: t("web.notation", { move: turn.move }) }, who(turn.seat))
      : el("div", { className: "head", textContent: t("web.match.setup") });
    if (last) head.append(" ", el("span", { className: "badge", textContent: t("web.match.last-badge") }));
    const li = el("li", { className: turn.seq > 0 ? "" : "setup" }, head, ...turn.events.map((e) => eventLine(e, seat)));
    li.dataset.seq = String(turn.seq);
    if (turn.seq > 0) li.value = turn.seq; // numbered as the record numbers moves
    if (last) li.classList.add("last");
    return li;
  });
  $("log").replaceChildren(...items);
  $("log").dataset.seat = $("lastmove").dataset.seat = String(seat);
  $("log").dataset.version = String(m.version);
  $("log").scrollTop = $("log").scrollHeight;
  const last = h[h.length - 1];
  if (last && last.seq > 0 && !last.undo) {
    $("lastmove").replaceChildren(el("div", { className: "head", title: t("web.notation", { move: last.move }) }, ...tn("web.match.last-move", { who: who(last.seat) })),
      ...last.events.map((e) => eventLine(e, seat)));
  } else {
    $("lastmove").replaceChildren();
  }
  // Taking back the latest move still standing, for its seat: the
  // server says when it cannot be (another seat has played since). Not
  // offered to spectators, nor for a computer's move (no one can take
  // it back for the computer).
  const standing = standingMoves(h), mover = standing.length ? standing[standing.length - 1].seat : -1;
  $("undobtn").hidden = mover < 0 || seat < 0 || byComputer(m, mover) || !!(m.play && m.play.finished);
  $("undobtn").dataset.seat = mover < 0 ? "" : String(mover);
}

// eventLine is one event of the narration; one only this seat reads (a
// card drawn) is marked so in words, not only by its colour.
function eventLine(e, seat) {
  const own = e.audience === seat && seat >= 0;
  return el("div", { className: "ev" + (own ? " private" : "") }, e.text,
    own ? el("span", { className: "privmark", textContent: " (" + t("web.match.private") + ")" }) : null);
}

// undoError shows why a move could not be taken back beside the button
// that asked, in view (the move panel may be screens above).
function undoError(e) {
  $("undoerror").hidden = !e;
  $("undoerror").textContent = e ? (e.message || UNREACHABLE) : "";
  if (e) $("undoerror").scrollIntoView({ block: "nearest" });
}

// standingMoves are the history's moves not taken back, in order.
function standingMoves(h) {
  const out = [];
  for (const turn of h) {
    if (turn.seq === 0) continue;
    if (turn.undo) { if (out.length && out[out.length - 1].seq === turn.undo) out.pop(); continue; }
    out.push(turn);
  }
  return out;
}

// undoLast takes the latest move back for the seat that played it; in
// the playground every seat agrees at this screen.
async function undoLast() {
  hideError();
  undoError(null);
  const m = st.match;
  try {
    const r = await api("POST", "matches/" + m.id + "/undo", {
      seat: Number($("undobtn").dataset.seat), request_id: "web-" + Date.now() + "-" + Math.random().toString(36).slice(2),
    });
    st.match = r.match;
    if (r.notify.length && r.notify[0] !== st.seat) {
      st.seat = r.notify[0];
      remember("replace");
    }
    showMatch();
  } catch (e) {
    undoError(e);
  }
}

// ---- The move builder: one text box and the choices that continue it ----

// words splits a typed move into its words.
function words(s) { return s.trim() === "" ? [] : s.trim().split(/\s+/); }

// split cuts the typed text into the complete words (head) and the word
// being typed (frag), which filters the choices that follow head.
function split(text) {
  const t = text.replace(/^\s+/, "");
  if (t === "" || /\s$/.test(t)) return { head: t.trim(), frag: "" };
  const i = t.search(/\S+$/);
  return { head: t.slice(0, i).trim(), frag: t.slice(i) };
}

function setMove(text) {
  const typing = document.activeElement === $("move");
  $("move").value = text;
  st.sel = -1;
  hideHint();
  refreshChoices();
  keepTyping(typing);
}

// keepTyping puts the cursor back in the move box after a picked choice
// or a played move when the box had it, or with a mouse; never after a
// tap on a touch screen (a coarse pointer), where it would raise the
// keyboard over the choices being tapped.
function keepTyping(typing) {
  if (typing || !matchMedia("(pointer: coarse)").matches) $("move").focus();
}

function choicesURL(partial) {
  return "matches/" + st.match.id + "/choices?seat=" + st.seat + "&partial=" + encodeURIComponent(partial);
}

async function refreshChoices() {
  const m = st.match;
  if (!m) return;
  const { head, frag } = split($("move").value);
  if (!canAct()) {
    $("moveform").hidden = true;
    $("choices").replaceChildren();
    $("move").setAttribute("aria-expanded", "false");
    const waiting = m.status !== "active" ? (m.abandoned ? t("web.move.over-abandoned") : t("web.move.over", { status: t("web.status." + m.status) }))
      : st.seat < 0 ? t("web.move.spectators")
        : t("web.move.waiting-for", { names: activeSeats().map(seatName).join(", ") });
    $("prompt").textContent = waiting;
    return;
  }
  $("moveform").hidden = false;
  const key = m.id + "/" + m.version + "/" + st.seat + "/" + head;
  if (!st.choices || st.choices.key !== key) {
    const seq = ++st.chSeq;
    let data;
    try { data = await api("GET", choicesURL(head)); } catch (e) {
      if (seq !== st.chSeq) return;
      st.choices = null;
      $("choices").replaceChildren();
      $("play").disabled = true;
      $("prompt").textContent = "";
      showError(e);
      return;
    }
    if (seq !== st.chSeq) return;
    st.choices = { key, head, data };
    hideError();
  }
  renderChoices(st.choices.data, head, frag);
}

// matches says whether a choice fits the word being typed: its token, or
// a word of its label or help, starts with it.
function matches(c, frag) {
  if (!frag) return true;
  const f = frag.toLowerCase();
  if (c.token.toLowerCase().startsWith(f)) return true;
  return (c.label + " " + (c.help || "")).toLowerCase().split(/[^\p{L}\p{N}£$€]+/u).some((w) => w.startsWith(f));
}

// A long list is grouped by the words before a colon in its labels
// ("Two cards: Bolton + Preston"); beside other choices a group is
// folded until opened or narrowed by typing.
const LONG = 12;

function renderChoices(ch, head, frag) {
  const shown = ch.next.filter((c) => matches(c, frag));
  let prompt;
  if (ch.complete && !frag) prompt = ch.next.length ? t("web.move.complete-more", { prompt: ch.prompt }) : t("web.move.complete");
  else if (!ch.next.length) prompt = t("web.move.dead-end");
  else if (frag) prompt = t("web.move.filtered", { prompt: ch.prompt, n: shown.length, total: ch.next.length, frag });
  else prompt = ch.next.length > LONG ? t("web.move.narrow", { prompt: ch.prompt, n: ch.next.length }) : ch.prompt;
  $("prompt").textContent = prompt;
  $("play").disabled = !(ch.complete && !frag);
  const groups = new Map(), flat = [];
  for (const c of shown) {
    const i = c.label.indexOf(": ");
    const g = ch.next.length > LONG && i > 0 ? c.label.slice(0, i) : "";
    if (!g) { flat.push(c); continue; }
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(c);
  }
  const nodes = flat.map((c) => choiceButton(c, head, ""));
  for (const [g, cs] of groups) {
    if (cs.length < 3) { nodes.push(...cs.map((c) => choiceButton(c, head, ""))); continue; }
    const d = el("details", { className: "group", open: !!frag || shown.length <= LONG || cs.length === shown.length },
      el("summary", { textContent: g + " (" + cs.length + ")" }), ...cs.map((c) => choiceButton(c, head, g)));
    nodes.push(d);
  }
  $("choices").replaceChildren(...nodes);
  $("choices").dataset.partial = head; // the words these choices follow
  $("move").setAttribute("aria-expanded", String(shown.length > 0));
  highlight(-1);
}

function choiceButton(c, head, group) {
  const label = group ? c.label.slice(group.length + 2) : c.label;
  const b = el("button", { type: "button", className: "choice", role: "option", title: t("web.notation", { move: c.token }) },
    el("span", { className: "label", textContent: label }), c.help ? el("span", { className: "help", textContent: c.help }) : null);
  b.dataset.token = c.token;
  b.onclick = () => setMove((head ? head + " " : "") + c.token + " ");
  return b;
}

function visibleChoices() {
  return [...$("choices").querySelectorAll("button.choice")].filter((b) => b.offsetParent !== null);
}

function highlight(i) {
  const bs = visibleChoices();
  bs.forEach((b, j) => { b.classList.toggle("sel", j === i); b.setAttribute("aria-selected", String(j === i)); b.id = "choice-" + j; });
  st.sel = i;
  // A screen reader follows the highlight from the box (a combobox).
  if (bs[i]) { $("move").setAttribute("aria-activedescendant", bs[i].id); bs[i].scrollIntoView({ block: "nearest" }); } else $("move").removeAttribute("aria-activedescendant");
}

function moveKeys(ev) {
  const bs = visibleChoices();
  if ((ev.key === "ArrowDown" || ev.key === "ArrowUp") && bs.length) {
    ev.preventDefault();
    highlight((st.sel + (ev.key === "ArrowDown" ? 1 : bs.length - (st.sel < 0 ? 0 : 1))) % bs.length);
  } else if (ev.key === "Tab" && !ev.shiftKey && split($("move").value).frag && bs.length) {
    ev.preventDefault();
    bs[st.sel >= 0 ? st.sel : 0].click();
  } else if (ev.key === "Escape") {
    highlight(-1);
  } else if (ev.key === "Enter") {
    // Handled here: the form does not submit itself while Play is disabled.
    ev.preventDefault();
    if (st.sel >= 0 && bs[st.sel]) bs[st.sel].click();
    else enter();
  }
}

// enter plays the typed move when it is complete, and never a prefix:
// an unfinished word that fits one choice is completed, an incomplete
// move says what it still needs.
async function enter() {
  if (!st.match || !canAct()) return;
  const text = $("move").value;
  const { head, frag } = split(text);
  if (!head && !frag) { hint(t("web.move.type")); return; }
  if (!st.choices || st.choices.head !== head) await refreshChoices();
  if (frag && st.choices && st.choices.head === head) {
    const fits = st.choices.data.next.filter((c) => matches(c, frag));
    const exact = fits.find((c) => c.token.toLowerCase() === frag.toLowerCase());
    if (!exact && fits.length === 1) { setMove((head ? head + " " : "") + fits[0].token + " "); return; }
    if (!exact && fits.length > 1) { hint(t("web.move.fits", { frag, n: fits.length })); return; }
  }
  const full = text.trim();
  let ch;
  try { ch = await api("GET", choicesURL(full)); } catch (e) { showError(e); return; }
  if (ch.complete) { submit(full); return; }
  $("move").value = full + " ";
  refreshChoices();
  hint(t("web.move.incomplete", { move: full, prompt: ch.prompt || "" }));
}

function hint(text) { $("hint").textContent = text; $("hint").hidden = false; }
function hideHint() { $("hint").hidden = true; $("hint").textContent = ""; }

async function submit(text) {
  const typing = document.activeElement === $("move");
  hideError();
  hideHint();
  const m = st.match;
  try {
    const r = await api("POST", "matches/" + m.id + "/moves", {
      seat: st.seat, move: text, version: m.version, request_id: "web-" + Date.now() + "-" + Math.random().toString(36).slice(2),
    });
    st.match = r.match;
    // A new turn moves the page to the seat that now must act; a move
    // that continues a turn keeps the mover's seat.
    if (r.new_turn && r.notify.length && r.notify[0] !== st.seat) {
      st.seat = r.notify[0];
      remember("replace");
    }
    showMatch();
    if (r.warning) hint(r.warning);
    keepTyping(typing);
  } catch (e) {
    showError(e);
    if (e.info && e.info.kind === "stale") {
      try { st.match = await api("GET", "matches/" + m.id); showMatch(); } catch (e2) { showError(e2); }
    }
  }
}

// ---- Errors ----

function hideError() {
  for (const id of ["error", "toperror"]) { $(id).hidden = true; $(id).replaceChildren(); delete $(id).dataset.kind; delete $(id).dataset.msg; }
}

// showError shows the core's explanation of a refusal: its text and the
// rule's help topic (opened in the rules panel). The page never sends an
// incomplete move (Enter and Play wait for a complete one), so the
// continuations of one are offered by the choices, not here.
function showError(e) {
  const box = $("table").hidden ? $("toperror") : $("error");
  const info = e.info || {};
  const msg = e.message || UNREACHABLE;
  // The same refusal again (the choices of the words typed, arriving
  // after the move was refused for the same reason): the box stays as it
  // is, so a tap on its link in between is not lost.
  if (!box.hidden && box.dataset.msg === msg) return;
  box.dataset.msg = msg;
  box.replaceChildren(el("div", { className: "msg", textContent: msg }));
  if (info.kind) box.dataset.kind = info.kind;
  if (info.help && info.topic && !$("table").hidden) {
    const link = el("a", { href: "#rules", className: "topiclink", textContent: t("web.error.rule", { title: info.help.title }) });
    link.dataset.topic = info.topic;
    link.onclick = (ev) => { ev.preventDefault(); openTopic(info.topic); };
    box.append(el("div", {}, link));
  } else if (info.help) {
    box.append(el("details", {}, el("summary", { textContent: t("web.error.rule", { title: info.help.title }) }), el("p", { textContent: info.help.body })));
  }
  box.hidden = false;
}

// ---- Rules ----

function gameID() { return st.match ? st.match.game : $("game").value; }

async function help(q) {
  const seq = ++st.helpSeq;
  let ts;
  try { ts = await api("GET", "help?game=" + encodeURIComponent(gameID()) + "&q=" + encodeURIComponent(q)); } catch (e) {
    if (seq === st.helpSeq) { $("helpcount").textContent = e.message; $("helpres").replaceChildren(); }
    return;
  }
  if (seq !== st.helpSeq) return;
  const qw = queryWords(q);
  $("helpcount").textContent = q.trim() === "" ? t("web.rules.all") : ts.length ? t("web.rules.found", { n: ts.length, q: q.trim() }) : t("web.rules.none", { q: q.trim() });
  $("helpres").replaceChildren(...ts.map((t) => topicItem(t, qw, false)));
}

function queryWords(q) {
  return [...new Set(q.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1))];
}

// topicItem shows a topic: its title and kind, the passage where the
// words were found, and the whole text when opened.
function topicItem(t, qw, open) {
  const d = el("details", { open }, el("summary", {}, el("b", { textContent: t.title }), " ", el("span", { className: "kind", textContent: t.kind_name || t.kind })),
    el("p", { className: "body" }, ...marked(t.body, qw)));
  d.dataset.topic = t.id;
  const li = el("li", {}, d);
  const snip = snippet(t.body, qw);
  if (snip && !open) li.append(el("p", { className: "snippet" }, ...marked(snip, qw)));
  return li;
}

// snippet is the line of a text where a query word first appears (the
// first line when none does), cut to about 180 characters around it.
function snippet(body, qw) {
  const lines = body.split(/\n+/).map((l) => l.trim()).filter((l) => l !== "");
  let line = lines[0] || "", at = 0;
  find: for (const l of lines) {
    const low = l.toLowerCase();
    for (const w of qw) {
      const i = low.indexOf(w);
      if (i >= 0) { line = l; at = i; break find; }
    }
  }
  if (line.length <= 180) return line;
  let from = Math.max(0, at - 70);
  if (from > 0) from = line.indexOf(" ", from) + 1;
  let to = line.indexOf(" ", Math.min(line.length, from + 170));
  if (to < 0) to = line.length;
  return (from > 0 ? "… " : "") + line.slice(from, to) + (to < line.length ? " …" : "");
}

// marked splits a text into strings and <mark>s of the query words.
function marked(text, qw) {
  if (!qw.length) return [text];
  const re = new RegExp("(" + qw.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|") + ")", "giu");
  return text.split(re).map((part, i) => (i % 2 ? el("mark", { textContent: part }) : part));
}

// openTopic shows the topic a rule error names in the rules panel, opened.
async function openTopic(id) {
  let topic;
  try { topic = await api("GET", "help/" + encodeURIComponent(id) + "?game=" + encodeURIComponent(gameID())); } catch (e) { showError(e); return; }
  st.helpSeq++;
  $("helpq").value = "";
  $("helpcount").textContent = t("web.rules.named");
  $("helpres").replaceChildren(topicItem(topic, [], true));
  $("rules").scrollIntoView({ block: "start" });
}

init().catch((e) => {
  if (!st.match) { $("table").hidden = true; $("start").hidden = false; }
  showError(e);
});
