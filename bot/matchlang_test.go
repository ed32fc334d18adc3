package bot_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/smokestack/smokestack/bot"
	"github.com/smokestack/smokestack/bot/internal/servicetest"
	"github.com/smokestack/smokestack/engine/lang"
)

// TestMatchLanguage: a match keeps the language of its public posts; an
// English match is stored as before languages existed (no field), and a
// stored match without one reads English; its creator or a moderator may
// change it while it is open; an unknown language is refused with the list.
func TestMatchLanguage(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, servicetest.Store(t))
	m, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c1", Game: "pebbles", Creator: alice, Lang: lang.German})
	if err != nil || m.Lang != lang.German || m.Words().Lang != lang.German {
		t.Fatalf("a German match: %v, %q", err, m.Lang)
	}
	if sm, err := svc.Store().Get(ctx, m.ID); err != nil || sm.Lang != "de" {
		t.Fatalf("stored: %q, %v", sm.Lang, err)
	}
	en, err := svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c2", Game: "pebbles", Creator: alice})
	if err != nil || en.Lang != lang.English {
		t.Fatalf("an English match: %v, %q", err, en.Lang)
	}
	if sm, _ := svc.Store().Get(ctx, en.ID); sm.Lang != "" {
		t.Fatalf("an English match is stored without a language, got %q", sm.Lang)
	}
	if got, err := svc.Get(ctx, bot.ByID(en.ID)); err != nil || got.Lang != lang.English || got.WordsIn("fr").Lang != lang.French {
		t.Fatalf("read back: %q, %v", got.Lang, err)
	}
	_, err = svc.CreateMatch(ctx, bot.CreateRequest{Channel: "c3", Game: "pebbles", Creator: alice, Lang: "xx"})
	if !errors.Is(err, bot.ErrBadRequest) || svc.Explain(ctx, err).Text != `There is no language "xx" here; the languages are en (English), de (Deutsch), fr (Français).` {
		t.Fatalf("an unknown language: %v / %q", err, svc.Explain(ctx, err).Text)
	}
	if _, err := svc.Join(ctx, bot.ByID(m.ID), bob); err != nil {
		t.Fatal(err)
	}
	if _, err := svc.SetLang(ctx, bot.ByID(m.ID), bob.ID, false, lang.French); !errors.Is(err, bot.ErrNotAllowed) {
		t.Fatalf("bob changes alice's match: %v", err)
	}
	if m, err = svc.SetLang(ctx, bot.ByID(m.ID), bob.ID, true, lang.French); err != nil || m.Lang != lang.French {
		t.Fatalf("a moderator changes it: %v %q", err, m.Lang)
	}
	if m, err = svc.SetLang(ctx, bot.ByID(m.ID), alice.ID, false, lang.English); err != nil || m.Lang != lang.English {
		t.Fatalf("the creator changes it: %v %q", err, m.Lang)
	}
	if sm, _ := svc.Store().Get(ctx, m.ID); sm.Lang != "" {
		t.Fatalf("back to English: stored %q", sm.Lang)
	}
}

// TestServerLanguage: a server's language for new matches lives beside its
// clock defaults; setting one keeps the other; none set reads not ok.
func TestServerLanguage(t *testing.T) {
	ctx := context.Background()
	svc := newService(t, servicetest.Store(t))
	const srv = "discord:1"
	if l, ok, err := svc.ServerLang(ctx, srv); err != nil || ok || l != lang.English {
		t.Fatalf("none set: %q %v %v", l, ok, err)
	}
	c := bot.ClockSettings{Remind: 12 * time.Hour}
	if err := svc.SetServerClock(ctx, srv, c); err != nil {
		t.Fatal(err)
	}
	if err := svc.SetServerLang(ctx, srv, lang.French); err != nil {
		t.Fatal(err)
	}
	if l, ok, err := svc.ServerLang(ctx, srv); err != nil || !ok || l != lang.French {
		t.Fatalf("set: %q %v %v", l, ok, err)
	}
	if got, err := svc.ServerClock(ctx, srv); err != nil || got != c {
		t.Fatalf("the clock after the language: %+v %v", got, err)
	}
	if err := svc.SetServerClock(ctx, srv, bot.ClockSettings{}); err != nil {
		t.Fatal(err)
	}
	if l, ok, _ := svc.ServerLang(ctx, srv); !ok || l != lang.French {
		t.Fatalf("the language after the clock: %q %v", l, ok)
	}
	if err := svc.SetServerLang(ctx, srv, "xx"); !errors.Is(err, bot.ErrBadRequest) {
		t.Fatalf("an unknown language: %v", err)
	}
	if err := svc.SetServerLang(ctx, srv, ""); err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := svc.ServerLang(ctx, srv); ok {
		t.Fatal("forgotten, still set")
	}
	// Settings stored before the language read as before.
	if err := svc.Store().SetPrefs(ctx, "server:"+srv, []byte(`{"remind":3600000000000}`)); err != nil {
		t.Fatal(err)
	}
	if got, err := svc.ServerClock(ctx, srv); err != nil || got.Remind != time.Hour {
		t.Fatalf("old settings: %+v %v", got, err)
	}
}
