package discord

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/discord/internal/fakediscord"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/brass"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/smokyvalley"
)

// TestComputerNamesInGermanAndFrench: in a German and a French match
// with computer players, every post and reply names the computers in
// the reader's language ("Computer (leicht)", "Ordinateur (facile)"):
// the board posts, the continued turns, /status, /catchup, /log and the
// results, never the English name the seat stores; a name and its score
// or move are joined with the language's colon (French "\u00a0: ").
func TestComputerNamesInGermanAndFrench(t *testing.T) {
	for _, tc := range []struct {
		l    lang.Lang
		user fakediscord.User
	}{
		{lang.German, fakediscord.User{ID: dieter, Name: "dieter", Locale: "de"}},
		{lang.French, fakediscord.User{ID: franck, Name: "franck", Locale: "fr"}},
	} {
		t.Run(string(tc.l), func(t *testing.T) {
			ctx := context.Background()
			clock := &stepClock{now: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
			h := newHarness(t, harnessOpts{now: clock.Now})
			h.fd.AddUser(tc.user)
			F, l, u := fakediscord.Str, tc.l, tc.user.ID
			h.cmd(u, room, "play", F("game", "pebbles"), F("options", "pile=9"), fakediscord.Int("computers", 2), F("level", "easy"), F("language", string(l)))
			h.click(u, room, say(l, "discord.lobby.start"))
			h.idle()
			var status, catchup, log string
			for range 100 {
				m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
				if err != nil || m.Status != bot.StatusActive {
					break
				}
				if m.Moves > 2 && m.Seats[m.Play.Active[0]].Computer == "" {
					status, catchup, log = h.cmd(u, room, "status").Content, h.cmd(u, room, "catchup").Content, h.cmd(u, room, "log").Content
				}
				if m.Seats[m.Play.Active[0]].Computer == "" {
					h.cmd(u, room, "move", F("move", personMove(t, h, u)))
				} else {
					clock.Advance(3 * time.Second)
					h.bot.remind(ctx)
				}
				h.idle()
			}
			english := []string{bot.ComputerName("easy", 1), bot.ComputerName("easy", 2)}
			named := bot.ComputerNameIn(l, "easy", 1)
			for _, want := range []struct{ what, text, name string }{
				{"/status", status, pair(l, "2. "+named+" ["+colourIn(1, l)+"]", "")},
				{"/catchup", catchup, "**" + named + "**"},
				{"/log", log, pair(l, named, "")},
			} {
				must(t, strings.Contains(want.text, want.name), "%s lacks %q: %q", want.what, want.name, want.text)
			}
			all := strings.Join(seen(h.fd, room, u, true), "\n")
			results := pair(l, "**"+named+"** ["+colourIn(1, l)+"]", "")
			must(t, strings.Contains(all, results), "the results lack %q:\n%s", results, all)
			played, _, _ := strings.Cut(say(l, "discord.turn.played", "who", named, "move", "MOVE"), "`MOVE")
			must(t, strings.Contains(all, played), "no post names %q as a mover", named)
			for _, eng := range english {
				must(t, !strings.Contains(all, eng), "%s reads the English name %q:\n%s", u, eng, all)
			}
			h.noViolations()
		})
	}
}

// TestOptionSuggestionsInEveryLanguage: /play's options suggestions of
// every translated game, in English, German and French: each is the
// pair as typed, the default marked, then the option's help as the
// game's catalog words it, within Discord's 100 characters, cut (when
// it must be) after a whole word, never inside the pair.
func TestOptionSuggestionsInEveryLanguage(t *testing.T) {
	users := map[lang.Lang]fakediscord.User{
		lang.English: {ID: alice, Name: "alice", Locale: "en-US"},
		lang.German:  {ID: dieter, Name: "dieter", Locale: "de"},
		lang.French:  {ID: franck, Name: "franck", Locale: "fr"},
	}
	var games []engine.Game
	for _, g := range translatedGames() {
		if g.Info().ID != "pebbles" {
			games = append(games, g)
		}
	}
	h := newHarness(t, harnessOpts{games: games})
	for _, u := range users {
		h.fd.AddUser(u)
	}
	F := fakediscord.Str
	for _, g := range translatedGames() {
		info := g.Info()
		specs := map[string]engine.OptionSpec{}
		for _, o := range info.Options {
			specs[o.Key] = o
		}
		for _, l := range lang.Supported {
			u := users[l]
			w := engine.WordsFor(info, l, nil)
			cs, err := h.fd.Autocomplete(u.ID, room, "play", F("game", info.ID), fakediscord.Focus(F("options", "")))
			must(t, err == nil && len(cs) > 0, "%s %s: %v %v", info.ID, l, cs, err)
			for _, c := range cs {
				pair := c.Value.(string)
				key, v, _ := strings.Cut(pair, "=")
				o := specs[key]
				id := "discord.options.choice"
				if v == o.Default {
					id += "-default"
				}
				full := say(l, id, "pair", pair, "help", w.Option(o))
				name := c.Name
				must(t, utf8.RuneCountInString(name) <= 100 && strings.HasPrefix(name, pair+" "), "%s %s: %q", info.ID, l, name)
				if name != full {
					cut, ok := strings.CutSuffix(name, "…")
					must(t, ok && strings.HasPrefix(full, cut) && len(cut) > len(pair), "%s %s: %q is not a cut of %q", info.ID, l, name, full)
					next, _ := utf8.DecodeRuneInString(full[len(cut):])
					must(t, !unicode.IsLetter(next) && !unicode.IsDigit(next), "%s %s: %q is cut inside a word of %q", info.ID, l, name, full)
				}
				if l != lang.English {
					for _, cat := range []*lang.Catalog{bot.Catalog(), info.Catalog} {
						if eng := cat.EnglishIn(l, name); len(eng) > 0 {
							t.Errorf("%s %s: English %q in %q", info.ID, l, eng, name)
						}
					}
				}
			}
		}
	}
	h.noViolations()
}

// TestCatchupKeepsOwnEvents: /catchup before a player's first move in a
// Brass match lists the setup, whose events run far past a line's room
// in German and French: the events the reader alone sees (their hand)
// are there whole, in every language; events left out are left out
// whole ("…"), never cut inside.
func TestCatchupKeepsOwnEvents(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		l       lang.Lang
		players []fakediscord.User
	}{
		{lang.English, []fakediscord.User{{ID: alice, Name: "alice", Locale: "en-US"}, {ID: bob, Name: "bob", Locale: "en-GB"}}},
		{lang.German, []fakediscord.User{{ID: dieter, Name: "dieter", Locale: "de"}, {ID: doris, Name: "doris", Locale: "de"}}},
		{lang.French, []fakediscord.User{{ID: franck, Name: "franck", Locale: "fr"}, {ID: fleur, Name: "fleur", Locale: "fr"}}},
	} {
		t.Run(string(tc.l), func(t *testing.T) {
			h := newHarness(t, harnessOpts{games: []engine.Game{brass.New()}})
			for _, u := range tc.players {
				h.fd.AddUser(u)
			}
			F, l := fakediscord.Str, tc.l
			u1, u2 := tc.players[0].ID, tc.players[1].ID
			h.cmd(u1, room, "play", F("game", "brass"), F("language", string(l)), fakediscord.Int("computers", 2))
			h.click(u2, room, say(l, "discord.lobby.join"))
			h.click(u1, room, say(l, "discord.lobby.start"))
			for _, u := range []string{u1, u2} {
				r := h.cmd(u, room, "catchup")
				c, err := h.svc.CatchUp(ctx, bot.InChannel(channelKey(room)), userKey(u))
				must(t, err == nil && len(c.Turns) > 0 && c.Turns[0].Seq == 0, "the catch-up: %+v %v", c, err)
				m := c.Private.Match
				w := m.WordsIn(l)
				own := 0
				for _, e := range c.Turns[0].Events {
					if e.Audience == c.Seat {
						// (its first letter as the line begins it: inLine)
						_, size := utf8.DecodeRuneInString(m.NarrateIn(e, c.Seat, w))
						text := m.NarrateIn(e, c.Seat, w)[size:]
						must(t, strings.Contains(r.Content, text), "%s's /catchup lacks their own %q:\n%s", u, text, r.Content)
						own++
					}
				}
				must(t, own > 0, "no private setup event for %s", u)
				setup := ""
				for _, line := range strings.Split(r.Content, "\n") {
					if strings.HasPrefix(line, "- "+say(l, "discord.catchup.setup")) {
						setup = line
					}
				}
				must(t, setup != "", "no setup line: %q", r.Content)
				for _, e := range c.Turns[0].Events {
					text := m.NarrateIn(e, c.Seat, w)
					if _, size := utf8.DecodeRuneInString(text); e.VisibleTo(c.Seat) && !strings.Contains(setup, text[size:]) {
						must(t, strings.Contains(setup, "…"), "%q is left out unmarked: %q", text, setup)
					}
				}
				// What comes before a "…" ends with a whole event.
				for i := strings.Index(setup, "…"); i >= 0; i = -1 {
					before, whole := strings.TrimRight(setup[:i], " ;.:\u00a0"), false
					for _, e := range c.Turns[0].Events {
						text := m.NarrateIn(e, c.Seat, w)
						_, size := utf8.DecodeRuneInString(text)
						whole = whole || e.VisibleTo(c.Seat) && strings.HasSuffix(before, text[size:])
					}
					must(t, whole, "an event is cut inside: %q", setup)
				}
			}
			h.noViolations()
		})
	}
}

// TestNarrationLineCutsWholeEvents: the one line of a continued turn
// has room for 500 characters of events and more, and past its room
// leaves the latest events out whole ("…"), in every language.
func TestNarrationLineCutsWholeEvents(t *testing.T) {
	ctx := context.Background()
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			h := newHarness(t, harnessOpts{})
			F := fakediscord.Str
			h.cmd(alice, room, "play", F("game", "pebbles"), F("language", string(l)))
			h.click(bob, room, say(l, "discord.lobby.join"))
			h.click(alice, room, say(l, "discord.lobby.start"))
			m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
			must(t, err == nil, "the match: %v", err)
			w := m.Words()
			for _, n := range []int{20, 200} {
				o := bot.Outcome{Match: m, Seat: 0, Move: "take 1"}
				for i := range n {
					o.Events = append(o.Events, engine.Event{Audience: engine.Public, Seat: i % 2, Kind: "draw", Msg: "event.draw"})
				}
				evs := o.Narration(engine.Spectator, w)
				must(t, len(evs) == n && !strings.Contains(evs[0], "event.draw"), "the events: %q", evs)
				line := narrationLine(o).Content
				must(t, utf8.RuneCountInString(line) <= 2000, "%d events: %d characters", n, utf8.RuneCountInString(line))
				before, _, cut := strings.Cut(line, "…")
				kept := strings.Count(before, evs[0]) + strings.Count(before, evs[1])
				if n == 20 {
					must(t, !cut && kept == n, "20 events do not all fit: %q", line)
					continue
				}
				before = strings.TrimRight(before, " ;.:\u00a0")
				must(t, cut && kept > 20 && (strings.HasSuffix(before, evs[0]) || strings.HasSuffix(before, evs[1])), "200 events: %q", line)
			}
			h.noViolations()
		})
	}
}

// TestJoinedEventsInEveryLanguage: the events of a continued turn joined
// in one line, the language's way: English and French go on in one
// sentence ("; ", French "\u00a0; ", with its "\u00a0:"), each event
// after the first lowered ("the 1830 development phase begins"); German
// makes each event a sentence of its own (". ") with its capital, since
// whether its first word is a noun cannot be told. A player's name stays
// as typed.
func TestJoinedEventsInEveryLanguage(t *testing.T) {
	ctx := context.Background()
	want := map[lang.Lang]string{
		lang.English: "**alice** played `pass`: the 1830 development phase begins; bob places their Wood Depot district-x; the 1830 development phase begins.",
		lang.German:  "**alice** hat `pass` gespielt: Die Entwicklungsphase 1830 beginnt. bob setzt das eigene Holzlager district-x. Die Entwicklungsphase 1830 beginnt.",
		lang.French:  "**alice** a joué `pass`\u00a0: la phase de développement de 1830 commence\u00a0; bob place son dépôt de bois district-x\u00a0; la phase de développement de 1830 commence.",
	}
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			h := newHarness(t, harnessOpts{games: []engine.Game{smokyvalley.New()}})
			F := fakediscord.Str
			h.cmd(alice, room, "play", F("game", "smoky-valley"), F("language", string(l)))
			h.click(bob, room, say(l, "discord.lobby.join"))
			h.click(alice, room, say(l, "discord.lobby.start"))
			m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
			must(t, err == nil && m.Play != nil, "the match: %v", err)
			phase := engine.Event{Audience: engine.Public, Seat: engine.Public, Kind: "phase", Msg: "event.phase", Data: map[string]string{"year": "1830"}}
			depot := engine.Event{Audience: engine.Public, Seat: 1, Kind: "depot", Msg: "event.depot", Data: map[string]string{"district": "district-x"}}
			o := bot.Outcome{Match: m, Seat: 0, Move: "pass", Events: []engine.Event{phase, depot, phase}}
			got := narrationLine(o).Content
			must(t, got == want[l], "the line:\n%q, want\n%q", got, want[l])
			h.noViolations()
		})
	}
}

// TestStatusStatLabels: /status names each seat's stats inside its line
// with the first letter lowered where the language allows (not in
// German), never an abbreviation's ("VP if the period ended now", "PV si
// la période finissait maintenant": never "vp", "pv").
func TestStatusStatLabels(t *testing.T) {
	ctx := context.Background()
	users := []fakediscord.User{{ID: alice, Name: "alice", Locale: "en-US"}, {ID: dieter, Name: "dieter", Locale: "de"}, {ID: franck, Name: "franck", Locale: "fr"}}
	h := newHarness(t, harnessOpts{games: []engine.Game{brass.New()}})
	for _, u := range users {
		h.fd.AddUser(u)
	}
	F := fakediscord.Str
	h.cmd(alice, room, "play", F("game", "brass"), fakediscord.Int("computers", 2))
	h.click(dieter, room, say(lang.English, "discord.lobby.join"))
	h.click(alice, room, say(lang.English, "discord.lobby.start"))
	m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
	must(t, err == nil && m.Play != nil, "the match: %v", err)
	kept := 0 // labels kept as the catalog writes them
	for _, u := range users {
		l := lang.FromDiscord(u.Locale)
		w := m.WordsIn(l)
		status := h.cmd(u.ID, room, "status").Content
		for _, st := range m.Play.Seats[0].Stats {
			label := w.StatLabel(st)
			first := strings.Fields(label)[0]
			if l == lang.German || len(first) > 1 && strings.ToUpper(first) == first {
				kept++
				must(t, strings.Contains(status, ", "+label+" "), "%s: /status lacks %q: %q", l, label, status)
				continue
			}
			_, size := utf8.DecodeRuneInString(label)
			must(t, strings.Contains(status, ", "+strings.ToLower(label[:size])+label[size:]+" "), "%s: /status lacks %q: %q", l, label, status)
		}
	}
	must(t, kept > 2, "no label kept its capital")
	h.noViolations()
}

// TestCatchupKeepsOwnEventsOfEarlierMoves: when the moves missed do not
// fit in one /catchup, the earliest lines give way, but not the events
// the reader's seat alone saw (the setup's and each move's private draws):
// those moves keep their line with only those events. dave takes over
// bob's seat after 26 moves and is caught up from the start, in every
// language, within Discord's limits.
func TestCatchupKeepsOwnEventsOfEarlierMoves(t *testing.T) {
	ctx := context.Background()
	for _, l := range lang.Supported {
		t.Run(string(l), func(t *testing.T) {
			h := newHarness(t, harnessOpts{})
			for _, u := range []string{alice, bob, dave} {
				x := h.fd.User(u)
				x.Locale = string(l)
				h.fd.AddUser(x)
			}
			F := fakediscord.Str
			h.cmd(alice, room, "play", F("game", "pebbles"), F("language", string(l)), F("options", "pile=99"), F("remind", "off"))
			h.click(bob, room, say(l, "discord.lobby.join"))
			h.click(alice, room, say(l, "discord.lobby.start"))
			for i := range 26 {
				m, err := h.svc.Get(ctx, bot.InChannel(channelKey(room)))
				must(t, err == nil && m.Status == bot.StatusActive, "the match before move %d: %v %s", i+1, err, h.fd.Messages(room)[len(h.fd.Messages(room))-1].Content)
				u := discordID(m.Seats[m.Play.Active[0]].UserID)
				r := h.cmd(u, room, "move", F("move", personMove(t, h, u)))
				must(t, !r.Ephemeral(), "a move: %q", r.Content)
			}
			r := h.cmd(alice, room, "replace", fakediscord.Int("seat", 2), fakediscord.UserOpt("user", dave))
			must(t, !r.Ephemeral(), "the handover: %q", r.Content)
			r = h.cmd(dave, room, "catchup")
			must(t, utf8.RuneCountInString(r.Content) <= 2000, "%d characters", utf8.RuneCountInString(r.Content))
			must(t, strings.Contains(r.Content, "(/log)") || strings.Contains(r.Content, "`/log`"), "nothing was left out: %q", r.Content)
			c, err := h.svc.CatchUp(ctx, bot.InChannel(channelKey(room)), userKey(dave))
			must(t, err == nil && c.Since == 0 && len(c.Turns) == 27, "the catch-up: %d turns, %v", len(c.Turns), err)
			m := c.Private.Match
			// Each move's line, by its number (the setup's 0).
			lines := map[int64]string{}
			for _, line := range strings.Split(r.Content, "\n") {
				if rest, ok := strings.CutPrefix(line, "- "+say(l, "discord.catchup.setup")); ok {
					lines[0] = rest
				} else if n, rest, ok := strings.Cut(strings.TrimPrefix(line, "- "), ". **"); ok {
					if seq, err := strconv.ParseInt(n, 10, 64); err == nil {
						lines[seq] = rest
					}
				}
			}
			own := 0
			for _, turn := range c.Turns {
				for _, e := range turn.Events {
					if e.Audience != c.Seat {
						continue
					}
					// (its first letter as the line begins it: inLine)
					text := m.NarrateIn(e, engine.Spectator, m.WordsAt(turn.Seq, l))
					_, size := utf8.DecodeRuneInString(text)
					must(t, strings.Contains(lines[turn.Seq], text[size:]), "dave's /catchup lacks the seat's own %q (move %d):\n%s", text, turn.Seq, r.Content)
					own++
				}
			}
			must(t, own >= 13, "only %d private events", own)
			// The setup keeps only the seat's own events, the rest "…".
			must(t, strings.Contains(lines[0], "…"), "the setup: %q", lines[0])
			h.noViolations()
		})
	}
}
