package bot_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/engine"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestExplainAtThread: the refusals that name the reader's place (no
// open match here, one is open already, a damaged match that holds the
// place) say thread (Thread, fil) in a thread and channel (Kanal, salon)
// elsewhere, in every language; ExplainIn is ExplainAt a channel.
func TestExplainAtThread(t *testing.T) {
	svc, _ := loggedService(t)
	ctx := context.Background()
	words := map[lang.Lang][2]string{lang.English: {"channel", "thread"}, lang.German: {"Kanal", "Thread"}, lang.French: {"salon", "fil"}}
	damaged := &bot.Error{Kind: bot.KindDamaged, MatchID: "m7", Who: []string{"Ann"}, Err: errors.New("lost log entries")}
	for _, l := range lang.Supported {
		w := engine.Words{Lang: l}
		channel, thread := words[l][0], words[l][1]
		for _, err := range []error{bot.ErrNoMatch, bot.ErrChannelTaken, damaged} {
			in := svc.ExplainIn(ctx, err, w).Text
			at := svc.ExplainAt(ctx, err, w, bot.PlaceChannel).Text
			th := svc.ExplainAt(ctx, err, w, bot.PlaceThread).Text
			if err != damaged && in != at {
				t.Errorf("%s %v: ExplainIn %q, ExplainAt a channel %q", l, err, in, at)
			}
			if !strings.Contains(at, channel) || strings.Count(at, channel) <= strings.Count(th, channel) {
				t.Errorf("%s %v in a channel: %q", l, err, at)
			}
			if !strings.Contains(th, thread) || strings.Contains(th, channel) {
				t.Errorf("%s %v in a thread: %q", l, err, th)
			}
		}
	}
}

// TestMatchKeepsItsPlace: a match opened in a thread keeps that in its
// record, through every later write; one opened in a channel, or stored
// before the place was recorded, is in a channel.
func TestMatchKeepsItsPlace(t *testing.T) {
	ctx := context.Background()
	st := newStore(t)
	svc := newService(t, st)
	th, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "t1", Game: "pebbles", Creator: alice, Place: bot.PlaceThread})
	if err != nil {
		t.Fatal(err)
	}
	ch, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c1", Game: "pebbles", Creator: alice})
	if err != nil {
		t.Fatal(err)
	}
	must := func(what string, m bot.Match, err error, want bot.Place) {
		t.Helper()
		if err != nil || m.Place != want {
			t.Errorf("%s: place %q (%v), want %q", what, m.Place, err, want)
		}
	}
	must("the thread's lobby", th, nil, bot.PlaceThread)
	must("the channel's lobby", ch, nil, bot.PlaceChannel)
	m, err := svc.Join(ctx, bot.ByID(th.ID), bob)
	must("after a join", m, err, bot.PlaceThread)
	o, err := svc.Start(ctx, bot.ByID(th.ID), alice.ID)
	must("after the start", o.Match, err, bot.PlaceThread)
	m, err = svc.Get(ctx, bot.InChannel("t1"))
	must("read back", m, err, bot.PlaceThread)
	sm, err := st.Get(ctx, th.ID)
	if err != nil || !sm.Thread {
		t.Errorf("the stored record: thread %v (%v)", sm.Thread, err)
	}
	m, err = svc.Get(ctx, bot.InChannel("c1"))
	must("the channel's read back", m, err, bot.PlaceChannel)
}
