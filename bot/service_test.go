package bot_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	pebblesrender "github.com/smokestack/smokestack/render/testgame"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/render"
	"github.com/smokestack/smokestack/storage"
)

func newService(t testing.TB, st storage.Store) *bot.Service {
	t.Helper()
	n := 0
	svc, err := bot.New(bot.Config{
		Games:     engine.NewRegistry(testgame.Game{}),
		Store:     st,
		Renderers: render.NewSet(pebblesrender.Pebbles{}),
		Now:       func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) },
		NewID: func() string {
			n++
			return fmt.Sprintf("m%d", n)
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

var (
	alice = bot.UserRef{ID: "u:alice", Name: "Alice"}
	bob   = bot.UserRef{ID: "u:bob", Name: "Bob"}
	carol = bot.UserRef{ID: "u:carol", Name: "Carol"}
)

// started creates a two-seat Pebbles match with a pinned deck in channel c.
func started(t testing.TB, ctx context.Context, svc *bot.Service, c, deck string) bot.Match {
	t.Helper()
	var pins map[string]string
	if deck != "" {
		pins = map[string]string{"deck": deck}
	}
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: c, Game: "pebbles", Creator: alice, Seed: 7, Pins: pins, Options: map[string]string{"pile": "21"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.InChannel(c), bob); err != nil {
		t.Fatal(err)
	}
	o, err := svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	return o.Match
}

func TestLobby(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, servicetest.Store(t))
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c1", Game: "pebbles", Creator: alice, MaxSeats: 2})
	if err != nil {
		t.Fatal(err)
	}
	if m.Status != bot.StatusLobby || len(m.Seats) != 1 {
		t.Fatalf("new lobby: %+v", m)
	}
	// The lobby's bounds are fields of the stored match, not pins the
	// game would see.
	stored, err := svc.Store().Get(ctx, m.ID)
	if lo, hi := m.SeatRange(); err != nil || lo != 2 || hi != 2 || stored.MinSeats != 2 || stored.MaxSeats != 2 || len(stored.Pins) != 0 {
		t.Errorf("lobby bounds %d..%d, stored %d..%d, pins %v (%v); want 2..2 and no pins", lo, hi, stored.MinSeats, stored.MaxSeats, stored.Pins, err)
	}
	if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c1", Game: "pebbles", Creator: bob}); !errors.Is(err, bot.ErrChannelTaken) {
		t.Errorf("second match in channel: %v", err)
	}
	for _, tc := range []struct {
		req  bot.CreateRequest
		want error
	}{
		{bot.CreateRequest{Channel: "c2", Game: "chess", Creator: alice}, engine.ErrUnknownGame},
		{bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: alice, MaxSeats: 9}, bot.ErrSeatCount},
		{bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: alice, Options: map[string]string{"speed": "1"}}, bot.ErrBadRequest},
		{bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: alice, Options: map[string]string{"pile": "zero"}}, bot.ErrBadRequest},
		{bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: alice, Pins: map[string]string{"deck": "9"}}, bot.ErrBadRequest},
	} {
		if _, err := svc.CreateMatch(ctx, tc.req); !errors.Is(err, tc.want) {
			t.Errorf("create %+v: got %v, want %v", tc.req, err, tc.want)
		}
	}
	if _, err := svc.Start(ctx, bot.InChannel("c1"), alice.ID); !errors.Is(err, bot.ErrSeatCount) {
		t.Errorf("start alone: %v", err)
	}
	if _, err := svc.Join(ctx, bot.InChannel("c1"), alice); !errors.Is(err, bot.ErrAlreadySeated) {
		t.Errorf("join twice: %v", err)
	}
	if _, err := svc.Join(ctx, bot.InChannel("c1"), bob); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.InChannel("c1"), carol); !errors.Is(err, bot.ErrLobbyFull) {
		t.Errorf("join full lobby: %v", err)
	}
	if _, err := svc.Start(ctx, bot.InChannel("c1"), bob.ID); !errors.Is(err, bot.ErrNotAllowed) {
		t.Errorf("start by non-creator: %v", err)
	}
	// The creator leaves: Bob becomes creator; Carol joins; Bob starts.
	m, err = svc.Leave(ctx, bot.InChannel("c1"), alice.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m.Creator != bob.ID || len(m.Seats) != 1 {
		t.Fatalf("after creator left: %+v", m)
	}
	if _, err := svc.Join(ctx, bot.InChannel("c1"), carol); err != nil {
		t.Fatal(err)
	}
	o, err := svc.Start(ctx, bot.InChannel("c1"), bob.ID)
	if err != nil {
		t.Fatal(err)
	}
	if o.Match.Status != bot.StatusActive || o.Match.Play == nil || len(o.Events) == 0 {
		t.Fatalf("started: %+v events %d", o.Match, len(o.Events))
	}
	if got := o.Match.SeatOf(carol.ID); got != 1 {
		t.Errorf("carol seat %d, want 1 (join order)", got)
	}
	if _, err := svc.Join(ctx, bot.InChannel("c1"), alice); !errors.Is(err, bot.ErrAlreadyStarted) {
		t.Errorf("join after start: %v", err)
	}
	// Resigning ends the match for everyone and frees the channel.
	r, err := svc.Leave(ctx, bot.InChannel("c1"), carol.ID)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bot.StatusAborted || !r.Seats[1].Left {
		t.Errorf("after resignation: status %s, seats %+v", r.Status, r.Seats)
	}
	if _, err := svc.Get(ctx, bot.InChannel("c1")); !errors.Is(err, bot.ErrNoMatch) {
		t.Errorf("channel after resignation: %v", err)
	}
	if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c1", Game: "pebbles", Creator: alice}); err != nil {
		t.Errorf("new match after the old one ended: %v", err)
	}
}

func TestAbort(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, servicetest.Store(t))
	m := started(t, ctx, svc, "c", "")
	if _, err := svc.Abort(ctx, bot.ByID(m.ID), bob.ID, false); !errors.Is(err, bot.ErrNotAllowed) {
		t.Errorf("abort by a player: %v", err)
	}
	a, err := svc.Abort(ctx, bot.ByID(m.ID), bob.ID, true)
	if err != nil {
		t.Fatal(err)
	}
	if a.Status != bot.StatusAborted {
		t.Errorf("status %s", a.Status)
	}
	if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(m.ID), UserID: alice.ID, Move: "take 1"}); !errors.Is(err, bot.ErrFinished) {
		t.Errorf("move after abort: %v", err)
	}
}

func TestSubmit(t *testing.T) {
	ctx := context.Background()
	st := servicetest.Store(t)
	svc := newService(t, st)
	// Deck 1,2,3 ...: Alice holds 1 2 3, Bob 1 2 3.
	m := started(t, ctx, svc, "c", "1,2,3,1,2,3,3,3,3,2,2,2,1,1,1")
	ref := bot.InChannel("c")
	if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: bob.ID, Move: "take 1"}); !errors.Is(err, bot.ErrNotYourTurn) {
		t.Errorf("out of turn: %v", err)
	}
	if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: carol.ID, Move: "take 1"}); !errors.Is(err, bot.ErrNotSeated) {
		t.Errorf("not seated: %v", err)
	}
	_, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: alice.ID, Move: "pass"})
	re, ok := engine.AsRule(err)
	if !ok || re.Code != "pass.playable" || re.Topic != "pass" {
		t.Fatalf("illegal pass: %v", err)
	}
	if top, ok := svc.Topic("pebbles", re.Topic); !ok || top.Title == "" {
		t.Errorf("topic %q not found", re.Topic)
	}
	o, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: alice.ID, Move: "T 3", RequestID: "r1", ExpectVersion: m.Version})
	if err != nil {
		t.Fatal(err)
	}
	if o.Move != "take 3" || o.Seat != 0 || o.Match.Version != m.Version+1 || o.Match.Moves != 1 {
		t.Errorf("outcome: move %q seat %d version %d moves %d", o.Move, o.Seat, o.Match.Version, o.Match.Moves)
	}
	// Alice's private draw is hers alone.
	for _, e := range o.EventsFor(1) {
		if e.Audience == 0 {
			t.Errorf("bob sees alice's event %+v", e)
		}
	}
	// Front ends see the players' names; the engine's events keep "seat N".
	var named, raw []string
	for _, e := range o.EventsFor(1) {
		named = append(named, e.Text)
	}
	for _, e := range o.Events {
		raw = append(raw, e.Text)
	}
	if got := strings.Join(named, "; "); !strings.Contains(got, "Alice takes 3") || strings.Contains(got, "seat 1") {
		t.Errorf("bob's narration %q, want Alice named", got)
	}
	if got := strings.Join(raw, "; "); !strings.Contains(got, "seat 1 takes 3") || strings.Contains(got, "Alice") {
		t.Errorf("the outcome's events %q changed, want the engine's \"seat 1\"", got)
	}
	// Alice reads her own move in the second person, and no viewer is
	// sent another's second person.
	var alices []string
	for _, e := range o.EventsFor(0) {
		alices = append(alices, e.Text)
		if e.Own != "" {
			t.Errorf("EventsFor sends Own text %q", e.Own)
		}
	}
	if got := strings.Join(alices, "; "); !strings.Contains(got, "you take 3") || strings.Contains(got, "Alice") {
		t.Errorf("alice's narration %q, want \"you take 3\"", got)
	}
	if len(o.EventsFor(0)) <= len(o.EventsFor(1)) {
		t.Errorf("alice should see more events than bob: %d vs %d", len(o.EventsFor(0)), len(o.EventsFor(1)))
	}
	// Same request again: applied once.
	d, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: alice.ID, Move: "take 3", RequestID: "r1"})
	if err != nil || !d.Duplicate || d.Match.Version != o.Match.Version {
		t.Errorf("duplicate: %v %+v", err, d.Match)
	}
	// ... and answered with the move it played, as the first answer was.
	if d.Move != o.Move || d.Move != "take 3" || d.Seat != o.Seat {
		t.Errorf("duplicate answered seat %d move %q, want seat %d move %q", d.Seat, d.Move, o.Seat, o.Move)
	}
	// A stale button.
	if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: ref, UserID: bob.ID, Move: "take 1", ExpectVersion: m.Version}); !errors.Is(err, bot.ErrStale) {
		t.Errorf("stale: %v", err)
	}
	// Choices and suggestions.
	ch, _, err := svc.Choices(ctx, ref, bob.ID, "take")
	if err != nil || len(ch.Next) != 3 {
		t.Errorf("choices: %v %+v", err, ch)
	}
	sug, err := svc.Suggest(ctx, ref, bob.ID, "take ", 25)
	if err != nil || len(sug) != 3 || !sug[0].Complete {
		t.Errorf("suggest: %v %+v", err, sug)
	}
	if _, err := svc.Suggest(ctx, ref, alice.ID, "", 25); !errors.Is(err, bot.ErrNotYourTurn) {
		t.Errorf("suggest out of turn: %v", err)
	}
	// In every language a suggestion's label is worded as the English
	// one is made: the labels of every token it offers, in order (German
	// and French once showed the last token's alone), and the typed move
	// offered for submission keeps its "submit".
	for _, typed := range []string{"", "take 1 "} {
		en, err := svc.SuggestIn(ctx, ref, bob.ID, typed, 25, lang.English)
		if err != nil || len(en) == 0 {
			t.Fatalf("suggest %q: %v %+v", typed, err, en)
		}
		for _, l := range []lang.Lang{lang.German, lang.French} {
			got, err := svc.SuggestIn(ctx, ref, bob.ID, typed, 25, l)
			if err != nil || len(got) != len(en) {
				t.Fatalf("suggest %q in %s: %v %+v", typed, l, err, got)
			}
			w := engine.WordsFor(testgame.Game{}.Info(), l, nil)
			for i, sg := range got {
				var want []string
				for _, c := range en[i].Parts {
					label, _ := w.Choice(c)
					want = append(want, label)
				}
				if len(want) == 0 {
					want = []string{en[i].Label}
				}
				if sg.Text != en[i].Text || sg.Label != strings.Join(want, " ") || (len(en[i].Parts) > 1 && sg.Label == en[i].Label) {
					t.Errorf("suggest %q in %s: %q labelled %q, want %q (English %q)", typed, l, sg.Text, sg.Label, strings.Join(want, " "), en[i].Label)
				}
			}
		}
	}
	priv, err := svc.Private(ctx, ref, bob.ID)
	if err != nil || priv.Seat != 1 || len(priv.View.(testgame.View).Hand) != 3 {
		t.Errorf("private: %v %+v", err, priv)
	}
	pub, err := svc.Board(ctx, ref, engine.Spectator)
	if err != nil || len(pub) != 2 || pub[0].Name != "board.png" || len(pub[0].PNG) < 100 {
		t.Fatalf("board: %v %+v", err, pub)
	}
	own, err := svc.Board(ctx, ref, 1)
	if err != nil || len(own) != 3 || own[2].Name != "hand.png" {
		t.Fatalf("bob's images: %v %+v", err, own)
	}
	again, err := svc.Board(ctx, ref, 1)
	if err != nil || len(again) != 3 || &again[0].PNG[0] != &own[0].PNG[0] {
		t.Errorf("the images of one version and seat are not cached: %v", err)
	}
	log, err := svc.Log(ctx, ref, 0)
	if err != nil || len(log) != 1 || log[0].Move != "take 3" || log[0].RequestID != "r1" {
		t.Errorf("log: %v %+v", err, log)
	}
	hist, err := svc.History(ctx, ref, 1)
	if err != nil || len(hist) != 2 || hist[1].Move != "take 3" || len(hist[1].Events) == 0 {
		t.Fatalf("history: %v %+v", err, hist)
	}
	for _, turn := range hist {
		for _, e := range turn.Events {
			if !e.VisibleTo(1) {
				t.Errorf("bob's history shows %+v", e)
			}
		}
	}
	var told []string
	for _, e := range hist[1].Events {
		told = append(told, e.Text)
	}
	if got := strings.Join(told, "; "); !strings.Contains(got, "Alice takes 3") || strings.Contains(got, "seat 1") {
		t.Errorf("history narrates %q, want Alice named", got)
	}
	rec, err := svc.Export(ctx, ref)
	if err != nil {
		t.Fatal(err)
	}
	want := "# Smokestack match record\nGame: pebbles\nRules: 2\nSeed: 7\nSeats: 2\nPlayers: Alice, Bob\nOption: pile=21\nPin: deck=1,2,3,1,2,3,3,3,3,2,2,2,1,1,1\n\n1 s1 take 3\n"
	if rec != want {
		t.Errorf("export:\n%s\nwant:\n%s", rec, want)
	}
	parsed, err := engine.ParseRecord(strings.NewReader(rec))
	if err != nil {
		t.Fatal(err)
	}
	res, err := engine.Replay(testgame.Game{}, parsed)
	if err != nil || res.Status.Phase != o.Match.Play.Phase {
		t.Errorf("replay of the export: %v, phase %q, want %q", err, res.Status.Phase, o.Match.Play.Phase)
	}
	topics, err := svc.Help("pebbles", "pass", 5)
	if err != nil || len(topics) == 0 || topics[0].ID != "pass" {
		t.Errorf("help: %v %+v", err, topics)
	}
}

// TestBadStoredData writes undecodable snapshots and an unknown rules
// version (see also versions_test.go) through the store (as an older or newer build, or a damaged
// disk, might leave them) on every backend: that match fails clearly,
// the others keep serving.
func TestBadStoredData(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			st := b.open(t)
			svc := newService(t, st)
			bad := started(t, ctx, svc, "bad", "")
			good := started(t, ctx, svc, "good", "")
			overwrite := func(change func(m *storage.Match)) {
				t.Helper()
				m, err := st.Get(ctx, bad.ID)
				if err != nil {
					t.Fatal(err)
				}
				prev := m.Version
				change(&m)
				m.Version++
				if err := st.Commit(ctx, storage.Commit{ExpectVersion: prev, Match: m}); err != nil {
					t.Fatal(err)
				}
			}
			overwrite(func(m *storage.Match) { m.State = []byte(`{"v":99}`) })
			if _, err := svc.Get(ctx, bot.ByID(bad.ID)); !errors.Is(err, bot.ErrBadData) || !errors.Is(err, engine.ErrStateVersion) {
				t.Errorf("unknown state version: %v", err)
			}
			overwrite(func(m *storage.Match) { m.State = []byte(`{not json`) })
			if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(bad.ID), UserID: alice.ID, Move: "take 1"}); !errors.Is(err, bot.ErrBadData) {
				t.Errorf("corrupt json: %v", err)
			}
			overwrite(func(m *storage.Match) { m.State = bot.SnapshotOf(good); m.RulesVersion = 99 })
			if _, err := svc.Board(ctx, bot.ByID(bad.ID), engine.Spectator); !errors.Is(err, bot.ErrRulesVersion) {
				t.Errorf("unknown rules version: %v", err)
			}
			if _, err := svc.Board(ctx, bot.ByID(good.ID), engine.Spectator); err != nil {
				t.Errorf("the other match still serves: %v", err)
			}
			if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(good.ID), UserID: alice.ID, Move: "take 1"}); err != nil && !isRule(err) {
				t.Errorf("the other match still plays: %v", err)
			}
			ms, err := svc.UserMatches(ctx, alice.ID)
			if err != nil || len(ms) != 1 || ms[0].ID != good.ID {
				t.Errorf("alice's readable matches: %v %d", err, len(ms))
			}
		})
	}
}

func isRule(err error) bool {
	_, ok := engine.AsRule(err)
	return ok
}

var pebblesGame engine.Game = testgame.Game{}

// A match stored before the lobby's bounds had fields keeps them in
// reserved pins; it loads with the bounds in place and the pins gone, and
// plays on.
func TestLegacyLobbyPins(t *testing.T) {
	ctx := context.Background()
	st := servicetest.Store(t)
	svc := newService(t, st)
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	legacy := storage.Match{ID: "old", Game: "pebbles", RulesVersion: 1, Seed: 3, Channel: "c-old", Creator: alice.ID,
		Pins:  map[string]string{"_lobby_min": "3", "_lobby_max": "3", "deck": "1,2,3,1,2,3,1,2,3,1,2,3"},
		Seats: []storage.Seat{{UserID: alice.ID, Name: alice.Name}}, Status: storage.StatusLobby, Created: now, Updated: now}
	if err := st.Create(ctx, legacy); err != nil {
		t.Fatal(err)
	}
	m, err := svc.Get(ctx, bot.ByID("old"))
	if err != nil {
		t.Fatal(err)
	}
	if lo, hi := m.SeatRange(); lo != 3 || hi != 3 || m.MinSeats != 3 || m.MaxSeats != 3 {
		t.Fatalf("legacy lobby: bounds %d..%d (fields %d..%d), want 3..3", lo, hi, m.MinSeats, m.MaxSeats)
	}
	if _, err := svc.Join(ctx, bot.ByID("old"), bob); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Start(ctx, bot.ByID("old"), alice.ID); !errors.Is(err, bot.ErrSeatCount) {
		t.Errorf("start with 2 of 3: %v", err)
	}
	if _, err := svc.Join(ctx, bot.ByID("old"), carol); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.ByID("old"), bot.UserRef{ID: "u:dan", Name: "Dan"}); !errors.Is(err, bot.ErrLobbyFull) {
		t.Errorf("a fourth player: %v", err)
	}
	o, err := svc.Start(ctx, bot.ByID("old"), alice.ID)
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	// The next write stored the new form.
	sm, err := st.Get(ctx, "old")
	if err != nil {
		t.Fatal(err)
	}
	if sm.MinSeats != 3 || sm.MaxSeats != 3 || len(sm.Pins) != 1 || sm.Pins["deck"] == "" || o.Match.Play == nil {
		t.Errorf("stored after the start: %d..%d pins %v", sm.MinSeats, sm.MaxSeats, sm.Pins)
	}
	rec, err := svc.Export(ctx, bot.ByID("old"))
	if err != nil || strings.Contains(rec, "_lobby") || !strings.Contains(rec, "deck=") {
		t.Errorf("export carries the lobby pins: %v\n%s", err, rec)
	}
}
