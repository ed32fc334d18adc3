package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/testgame"
	"github.com/smokestack/smokestack/storage"
	"github.com/smokestack/smokestack/storage/redisstore"
	"github.com/smokestack/smokestack/storage/storagetest"
)

// TestDamagedMatch damages a match in a real Redis the two ways an
// eviction or a stray write would (part of its log lost; its metadata
// overwritten) and checks what every front end builds on: the match stays
// in its channel and every call on it explains as damaged, naming it and
// who can abort it; a new match is refused there with that explanation;
// only its creator or a moderator can abort it, receiving what could be
// read as a record marked incomplete; then the channel is free, and the
// match next door never noticed.
func TestDamagedMatch(t *testing.T) {
	ctx := context.Background()
	srv := storagetest.Redis(t, storagetest.RedisOptions{})
	prefix := storagetest.RedisPrefix(t)
	st := redisstore.New(srv.Client(), prefix, storage.Options{})
	t.Cleanup(func() { st.Close() })
	raw := srv.Client()
	t.Cleanup(func() { raw.Close() })
	svc := newService(t, st)
	const deck = "1,2,3,1,2,3,3,3,3,2,2,2,1,1,1"

	for _, tc := range []struct {
		name      string
		damage    func(id string) error
		creator   bool // what is left still names the creator
		wantMoves int
		header    bool // the record has its setup
	}{
		{"lost log entries", func(id string) error {
			return raw.LTrim(ctx, prefix+":{m:"+id+"}:log", 0, 0).Err()
		}, true, 1, true},
		{"overwritten metadata", func(id string) error {
			return raw.HSet(ctx, prefix+":{m:"+id+"}:match", "rec", `{"id":`).Err()
		}, false, 2, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch, next := "bad-"+tc.name, "good-"+tc.name
			m := started(t, ctx, svc, ch, deck)
			for _, mv := range []struct{ who, move string }{{alice.ID, "take 3"}, {bob.ID, "take 1"}} {
				if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel(ch), UserID: mv.who, Move: mv.move}); err != nil {
					t.Fatal(err)
				}
			}
			good := started(t, ctx, svc, next, deck)
			if err := tc.damage(m.ID); err != nil {
				t.Fatal(err)
			}

			check := func(what string, err error) {
				t.Helper()
				if !errors.Is(err, bot.ErrBadData) {
					t.Fatalf("%s: %v, want the damaged kind", what, err)
				}
				p := svc.Explain(ctx, err)
				if p.Kind != bot.KindDamaged || p.MatchID != m.ID || p.ErrorID == "" ||
					!strings.Contains(p.Text, m.ID) || !strings.Contains(p.Text, "moderator") || !strings.Contains(p.Text, "abort") {
					t.Errorf("%s: %+v; want the damage of match %s, with who can abort it", what, p, m.ID)
				}
				if strings.Contains(p.Text, "Alice") != tc.creator {
					t.Errorf("%s: %q; creator named: %v, want %v", what, p.Text, !tc.creator, tc.creator)
				}
			}
			_, err := svc.Get(ctx, bot.InChannel(ch))
			check("Get", err)
			_, err = svc.Submit(ctx, bot.SubmitRequest{Ref: bot.InChannel(ch), UserID: alice.ID, Move: "take 1"})
			check("Submit", err)
			_, err = svc.Private(ctx, bot.InChannel(ch), alice.ID)
			check("Private", err)
			_, err = svc.Board(ctx, bot.InChannel(ch), engine.Spectator)
			check("Board", err)
			_, err = svc.Abort(ctx, bot.InChannel(ch), alice.ID, false)
			check("Abort", err)
			_, err = svc.CreateMatch(ctx, bot.CreateRequest{Channel: ch, Game: "pebbles", Creator: carol})
			check("CreateMatch over it", err)

			// Salvage changes nothing; AbortDamaged needs the creator or a moderator.
			sv, err := svc.Salvage(ctx, bot.InChannel(ch))
			if err != nil || sv.MatchID != m.ID || sv.Moves != tc.wantMoves {
				t.Fatalf("Salvage: %+v, %v; want %d moves", sv, err, tc.wantMoves)
			}
			_, err = svc.AbortDamaged(ctx, bot.InChannel(ch), bob.ID, false)
			if !errors.Is(err, bot.ErrNotAllowed) {
				t.Fatalf("AbortDamaged by a player who did not create it: %v", err)
			}
			by, mod := alice.ID, false
			if !tc.creator {
				by, mod = carol.ID, true
			}
			sv, err = svc.AbortDamaged(ctx, bot.InChannel(ch), by, mod)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(sv.Record, "# INCOMPLETE") || !strings.Contains(sv.Record, m.ID) || sv.Moves != tc.wantMoves {
				t.Errorf("salvaged record:\n%s", sv.Record)
			}
			rec, perr := engine.ParseRecord(strings.NewReader(sv.Record))
			if tc.header {
				if perr != nil || rec.Game != "pebbles" || len(rec.Moves) != tc.wantMoves || rec.Seed != 7 {
					t.Fatalf("salvaged record does not read back: %+v, %v\n%s", rec, perr, sv.Record)
				}
				if _, err := engine.Replay(testgame.Game{}, rec); err != nil {
					t.Errorf("salvaged record does not replay: %v", err)
				}
			} else if !strings.Contains(sv.Record, "# 2 s2 take 1") {
				t.Errorf("salvaged moves missing from:\n%s", sv.Record)
			}

			// Gone; the channel takes a new match; the other match plays on.
			if _, err := svc.Get(ctx, bot.ByID(m.ID)); !errors.Is(err, bot.ErrNotFound) {
				t.Errorf("Get after AbortDamaged: %v", err)
			}
			if _, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: ch, Game: "pebbles", Creator: carol}); err != nil {
				t.Errorf("a new match in the freed channel: %v", err)
			}
			if _, err := svc.Submit(ctx, bot.SubmitRequest{Ref: bot.ByID(good.ID), UserID: alice.ID, Move: "take 3"}); err != nil {
				t.Errorf("the other match: %v", err)
			}
		})
	}
	// An intact match is not salvaged: it is exported and aborted as usual.
	m := started(t, ctx, svc, "intact", deck)
	if _, err := svc.AbortDamaged(ctx, bot.ByID(m.ID), alice.ID, true); !errors.Is(err, bot.ErrBadRequest) {
		t.Errorf("AbortDamaged of an intact match: %v", err)
	}
}
