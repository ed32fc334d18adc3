package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
)

// What a build that knew only Pebbles rules version 1 stored for a match
// of Alice and Bob (seed 77, pile 11, pinned deck) after its setup and two
// moves: state version 1 snapshots, which have no rules field. The moves
// left, "take 3" by each, leave 2 pebbles and only 3s in every hand: under
// rules 1 the next seat (Alice) wins that stuck ending, under rules 2 the
// seat that took last (Bob).
var (
	v1Pins   = map[string]string{"deck": "1,3,3,2,3,3,3,3,3,3"}
	v1Setup  = `{"v":1,"pile":11,"deck":[3,3,3,3],"hands":[[1,3,3],[2,3,3]],"turn":0,"winner":-1,"moves":0,"rng":{"s":11068807917585546771,"i":3}}`
	v1Moves  = []string{"take 1", "take 2"}
	v1States = []string{
		`{"v":1,"pile":10,"deck":[3,3,3],"hands":[[3,3,3],[2,3,3]],"turn":1,"winner":-1,"moves":1,"rng":{"s":11068807917585546771,"i":3}}`,
		`{"v":1,"pile":8,"deck":[3,3],"hands":[[3,3,3],[3,3,3]],"turn":0,"winner":-1,"moves":2,"rng":{"s":11068807917585546771,"i":3}}`,
	}
)

// storeV1Match writes that match through the store, commit by commit, as
// the older build did: the lobby, the start, then each move with its log
// entry.
func storeV1Match(t *testing.T, ctx context.Context, st storage.Store, id, channel string) {
	t.Helper()
	at := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	m := storage.Match{
		ID: id, Game: "pebbles", RulesVersion: 1, Seed: 77,
		Options: map[string]string{"pile": "11"}, Pins: v1Pins,
		Channel: channel, Creator: alice.ID,
		Seats:  []storage.Seat{{UserID: alice.ID, Name: alice.Name}, {UserID: bob.ID, Name: bob.Name}},
		Status: storage.StatusLobby, Created: at, Updated: at,
	}
	if err := st.Create(ctx, m); err != nil {
		t.Fatal(err)
	}
	commit := func(state string, e *storage.LogEntry) {
		t.Helper()
		prev := m.Version
		m.Version++
		m.Status, m.State = storage.StatusActive, []byte(state)
		if e != nil {
			m.Moves++
			e.Seq, e.At = m.Moves, at
		}
		if err := st.Commit(ctx, storage.Commit{ExpectVersion: prev, Match: m, Entry: e}); err != nil {
			t.Fatal(err)
		}
	}
	commit(v1Setup, nil)
	for i, mv := range v1Moves {
		commit(v1States[i], &storage.LogEntry{Seat: i % 2, Move: mv})
	}
}

// A match stored under the previous rules version by an older build loads,
// narrates, plays to its end under its own rules and exports a record that
// replays under them, on every backend.
func TestMatchOfPreviousRulesVersionPlaysOn(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			st := b.open(t)
			svc := newService(t, st)
			storeV1Match(t, ctx, st, "old", "c-old")

			m, err := svc.Get(ctx, bot.InChannel("c-old"))
			if err != nil {
				t.Fatal(err)
			}
			if m.RulesVersion != 1 || m.Status != bot.StatusActive || m.Moves != 2 || !m.IsActive(0) {
				t.Fatalf("loaded: rules %d, status %s, %d moves, active %v", m.RulesVersion, m.Status, m.Moves, m.Play)
			}
			if h, err := svc.History(ctx, bot.ByID("old"), engine.Spectator); err != nil || len(h) != 3 || h[2].Events[0].Text != "Bob takes 2, 8 left" {
				t.Errorf("history: %v %+v", err, h)
			}
			var o bot.Outcome
			for _, mv := range []struct {
				user bot.UserRef
				move string
			}{{alice, "take 3"}, {bob, "take 3"}} {
				if o, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID("old"), UserID: mv.user.ID, Move: mv.move}); err != nil {
					t.Fatalf("%s plays %s: %v", mv.user.Name, mv.move, err)
				}
			}
			evs := o.EventsFor(engine.Spectator)
			if !o.Match.Play.Finished || o.Match.Play.Ranking[0] != 0 || evs[len(evs)-1].Text != "no card can be played: Alice wins" {
				t.Errorf("end under rules 1: %+v, last event %+v", o.Match.Play, evs[len(evs)-1])
			}
			// The snapshot stays in the encoding of the release that played
			// only rules 1, so that release reads it in a rolling upgrade.
			if snap := string(bot.SnapshotOf(o.Match)); !strings.HasPrefix(snap, `{"v":1,"pile":`) {
				t.Errorf("stored snapshot %s", snap)
			}
			if o.Match.RulesVersion != 1 {
				t.Errorf("rules version became %d", o.Match.RulesVersion)
			}

			// The export names rules 1 and replays to the same end.
			text, err := svc.Export(ctx, bot.ByID("old"))
			if err != nil {
				t.Fatal(err)
			}
			rec, err := engine.ParseRecord(strings.NewReader(text))
			if err != nil {
				t.Fatal(err)
			}
			if rec.Rules != 1 || rec.Result != "ranking 1 2; scores 1 0" {
				t.Errorf("export:\n%s", text)
			}
			if _, err := engine.Replay(testgame.Game{}, rec); err != nil {
				t.Errorf("replay of the export: %v", err)
			}

			// The same match started now plays the current rules: Bob wins.
			cur, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c-new", Game: "pebbles", Creator: alice, Seed: 77,
				Options: map[string]string{"pile": "11"}, Pins: v1Pins})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Join(ctx, bot.ByID(cur.ID), bob); err != nil {
				t.Fatal(err)
			}
			if _, err := svc.Start(ctx, bot.ByID(cur.ID), alice.ID); err != nil {
				t.Fatal(err)
			}
			for i, mv := range []string{"take 1", "take 2", "take 3", "take 3"} {
				if o, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(cur.ID), UserID: []string{alice.ID, bob.ID}[i%2], Move: mv}); err != nil {
					t.Fatal(err)
				}
			}
			if o.Match.RulesVersion != 2 || o.Match.Play.Ranking[0] != 1 {
				t.Errorf("current rules: version %d, ranking %v", o.Match.RulesVersion, o.Match.Play.Ranking)
			}

			// Importing the rules 1 record without its last move plays on
			// under rules 1.
			rec.Moves, rec.Result = rec.Moves[:3], ""
			imp, err := svc.Import(ctx, bot.ImportRequest{Channel: "c-imp", Record: string(rec.Format()), Users: []bot.UserRef{alice, bob}})
			if err != nil {
				t.Fatal(err)
			}
			o, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(imp.ID), UserID: bob.ID, Move: "take 3"})
			if err != nil || imp.RulesVersion != 1 || o.Match.Play.Ranking[0] != 0 {
				t.Errorf("imported rules 1 record: %v, version %d, ranking %v", err, imp.RulesVersion, o.Match.Play)
			}
			rec.Rules = 3
			if _, err := svc.Import(ctx, bot.ImportRequest{Channel: "c-imp3", Record: string(rec.Format()), Users: []bot.UserRef{alice, bob}}); !errors.Is(err, bot.ErrBadRequest) || !errors.Is(err, engine.ErrRulesVersion) {
				t.Errorf("import of a rules 3 record: %v", err)
			}
		})
	}
}

// A match under a rules version outside the game's range is refused with a
// *RulesVersionError for every use that needs the rules, while the other
// matches keep working; it can still be aborted, which frees its channel.
func TestRulesVersionOutsideRangeRefusesThatMatchOnly(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			ctx := context.Background()
			st := b.open(t)
			svc := newService(t, st)
			bad := started(t, ctx, svc, "bad", "")
			good := started(t, ctx, svc, "good", "")
			rewrite := func(id string, version int) {
				t.Helper()
				m, err := st.Get(ctx, id)
				if err != nil {
					t.Fatal(err)
				}
				prev := m.Version
				m.RulesVersion, m.Version = version, m.Version+1
				if err := st.Commit(ctx, storage.Commit{ExpectVersion: prev, Match: m}); err != nil {
					t.Fatal(err)
				}
			}
			rewrite(bad.ID, 3) // as a newer build would have stored it

			_, err := svc.Get(ctx, bot.ByID(bad.ID))
			var rv *bot.RulesVersionError
			if !errors.As(err, &rv) || !errors.Is(err, bot.ErrRulesVersion) || errors.Is(err, bot.ErrBadData) {
				t.Fatalf("get: %v", err)
			}
			if rv.Match != bad.ID || rv.Game != "pebbles" || rv.Version != 3 || rv.Oldest != 1 || rv.Current != 2 || !rv.Newer() {
				t.Errorf("error fields %+v", rv)
			}
			if msg := err.Error(); !strings.Contains(msg, "rules version 3") || !strings.Contains(msg, "versions 1 to 2") || !strings.Contains(msg, "newer build") {
				t.Errorf("message %q does not say which versions", msg)
			}
			uses := map[string]func() error{
				"submit": func() error {
					_, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(bad.ID), UserID: alice.ID, Move: "take 1"})
					return err
				},
				"choices": func() error { _, _, err := svc.Choices(ctx, bot.ByID(bad.ID), alice.ID, ""); return err },
				"board":   func() error { _, err := svc.Board(ctx, bot.ByID(bad.ID), engine.Spectator); return err },
				"private": func() error { _, err := svc.Private(ctx, bot.ByID(bad.ID), alice.ID); return err },
				"history": func() error { _, err := svc.History(ctx, bot.ByID(bad.ID), engine.Spectator); return err },
				"export":  func() error { _, err := svc.Export(ctx, bot.ByID(bad.ID)); return err },
			}
			for name, use := range uses {
				if err := use(); !errors.Is(err, bot.ErrRulesVersion) {
					t.Errorf("%s: %v", name, err)
				}
			}
			// The other match plays on.
			if _, err := svc.Board(ctx, bot.ByID(good.ID), engine.Spectator); err != nil {
				t.Errorf("the other match's board: %v", err)
			}
			if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(good.ID), UserID: alice.ID, Move: "take 1"}); err != nil && !isRule(err) {
				t.Errorf("the other match's move: %v", err)
			}
			if ms, err := svc.UserMatches(ctx, alice.ID); err != nil || len(ms) != 1 || ms[0].ID != good.ID {
				t.Errorf("alice's playable matches: %v %d", err, len(ms))
			}
			// Aborting needs no rules: it works and frees the channel.
			if _, err := svc.Abort(ctx, bot.ByID(bad.ID), bob.ID, false); !errors.Is(err, bot.ErrNotAllowed) {
				t.Errorf("abort by a player who is not the creator: %v", err)
			}
			if _, err := svc.Abort(ctx, bot.ByID(bad.ID), alice.ID, false); err != nil {
				t.Fatalf("abort: %v", err)
			}
			if m, err := st.Get(ctx, bad.ID); err != nil || m.Status != storage.StatusAborted || m.RulesVersion != 3 || len(m.State) == 0 {
				t.Errorf("aborted record: %v status %s rules %d, %d snapshot bytes", err, m.Status, m.RulesVersion, len(m.State))
			}
			if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "bad", Game: "pebbles", Creator: alice}); err != nil {
				t.Errorf("new match in the freed channel: %v", err)
			}
		})
	}
}

// A lobby opened under a rules version this build does not play cannot
// start, but can be left; a lobby asks for a version within the range.
func TestLobbyRulesVersion(t *testing.T) {
	ctx := context.Background()
	st := servicetest.Store(t)
	svc := newService(t, st)
	if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, RulesVersion: 3}); !errors.Is(err, bot.ErrBadRequest) || !errors.Is(err, engine.ErrRulesVersion) {
		t.Errorf("lobby under rules 3: %v", err)
	}
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c", Game: "pebbles", Creator: alice, RulesVersion: 1})
	if err != nil || m.RulesVersion != 1 {
		t.Fatalf("lobby under rules 1: %v, version %d", err, m.RulesVersion)
	}
	sm, err := st.Get(ctx, m.ID)
	if err != nil {
		t.Fatal(err)
	}
	sm.RulesVersion = 0 // an older build's version, since dropped
	sm.Version++
	if err := st.Commit(ctx, storage.Commit{ExpectVersion: sm.Version - 1, Match: sm}); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.Join(ctx, bot.ByID(m.ID), bob); err != nil {
		t.Fatal(err)
	}
	_, err = svc.Start(ctx, bot.ByID(m.ID), alice.ID)
	var rv *bot.RulesVersionError
	if !errors.As(err, &rv) || rv.Newer() || !strings.Contains(err.Error(), "older build") {
		t.Errorf("start of a rules 0 lobby: %v", err)
	}
	if _, err := svc.Leave(ctx, bot.ByID(m.ID), bob.ID); err != nil {
		t.Errorf("leave: %v", err)
	}
}
